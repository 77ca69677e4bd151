/*
** cmd-render.c: `meeple render`, a tile set or the board of a recorded game as a standalone SVG
** image (the drawing is tools/pictures/render.c; the conventions are in meeple-render(1)).
**
** tiles: every tile of a tile-set file, or of the tile sets a ruleset merges, at rotation 0.
** game: the record (a .jcz game is imported on the fly: tools/common/game-file.h) is replayed under
** the ruleset it names (strictly: the bag must give the tiles it places, unless the record's
** ruleset hash is not the ruleset's, as in a hand-made record, where the tiles it names are
** drawn) to its end, or to the end of turn N; a record that says the game is over is ended after
** its last turn, so the followers show as final scoring found them.
*/
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <string.h>

#include "cmd.h"
#include "game-file.h"
#include "render.h"

static const char usage[] =
    "usage: meeple render tiles [--ruleset NAME | FILE] -o OUT.svg [--force] | meeple render game RECORD [--turn N] -o OUT.svg [--force] | meeple render --help\n"
    "Draw a tile set, or the board of a recorded game, as a standalone SVG image.\n"
    "  tiles [FILE]     every tile of the tile-set FILE at rotation 0 with its id and count\n"
    "  --ruleset NAME   with tiles: the tile sets of this ruleset, a name or a path (default c3)\n"
    "  game RECORD      the board of a game record (or a JCloisterZone game, .jcz) at its end, with\n"
    "                   followers and scores\n"
    "  --turn N         with game: the board after turn N (0: before the first turn)\n"
    "  -o OUT.svg       the file to write ('-': standard output)\n"
    "  --force          let -o replace an existing file\n"
    "  -h, --help       print this help\n";

/* What to draw: a tile set, or a game with its players' names. */
typedef struct job {
    const mp_tileset *ts;       /* tiles */
    const mp_game *g;           /* game */
    const char *title;
    const char *const *names;
} job;

/* The output: standard output ('-'), or a file opened before the work (out_open). */
typedef struct output { out_file file; bool to_stdout; } output;

/* Draws into the output and completes it; 0, or EXIT_BAD_INPUT with a message. */
static int write_svg(output *out, const job *j) {
    FILE *f = out->to_stdout ? stdout : out->file.f;
    int bad = j->g ? render_game_svg(f, j->g, j->title, j->names) : render_tiles_svg(f, j->ts, j->title);
    mp_diag d = { 0 };
    if (out->to_stdout) {
        if (!bad && fflush(stdout) == 0) return 0;
        snprintf(d.message, sizeof d.message, "standard output: cannot write: %s", strerror(errno));
    } else if (!out_commit(&out->file, &d)) {
        return 0;
    }
    print_diag(&d);
    return EXIT_BAD_INPUT;
}

/* Opens the output before the work (an existing file only with --force, meeple-render(1)); 0, or the diagnostic printed and EXIT_BAD_INPUT. */
static int open_output(const char *path, bool force, output *o) {
    memset(o, 0, sizeof *o);
    o->to_stdout = strcmp(path, "-") == 0;
    mp_diag d = { 0 };
    if (o->to_stdout || (!out_refuse_existing(path, "-o", force, &d) && !out_open(&o->file, path, &d))) return 0;
    print_diag(&d);
    return EXIT_BAD_INPUT;
}

static int render_tiles(const char *file, const char *ruleset, output *out) {
    mp_diag d = { 0 };
    char title[1200];
    int rc;
    if (file) {
        mp_tileset *ts = mp_tileset_load(file, &d);
        if (!ts) { print_diag(&d); return EXIT_BAD_INPUT; }
        snprintf(title, sizeof title, "tile set %s", file);
        job j = { .ts = ts, .title = title };
        rc = write_svg(out, &j);
        mp_tileset_free(ts);
    } else {
        mp_ruleset *rs = load_ruleset(ruleset ? ruleset : "c3");
        if (!rs) return EXIT_BAD_INPUT;
        snprintf(title, sizeof title, "the tiles of ruleset %s", mp_ruleset_name(rs));
        job j = { .ts = mp_ruleset_tiles(rs), .title = title };
        rc = write_svg(out, &j);
        mp_ruleset_free(rs);
    }
    return rc;
}

static int render_game(const char *path, int turn, output *out) {
    mp_diag d = { 0 };
    game_file f;
    mp_game *g = NULL;
    int rc = EXIT_BAD_INPUT;
    /* The ruleset the record names, whatever its hash: a hand-made record is drawn too. */
    const game_load how = { .rules = GAME_NAMED_RULES };
    if (game_file_load(path, &how, &f, &d)) { print_diag(&d); goto out; }
    const mp_record *rec = f.rec;
    const mp_ruleset *rs = f.rs;
    int n_turns = mp_record_n_turns(rec);
    if (turn > n_turns) {
        snprintf(d.file, sizeof d.file, "%s", path);
        d.line = d.column = 0;
        snprintf(d.message, sizeof d.message, "turn %d is past the end of the record, which has %d turn%s; expected 0 to %d",
                 turn, n_turns, n_turns == 1 ? "" : "s", n_turns);
        print_diag(&d);
        goto out;
    }
    /* A record made under this very ruleset is replayed strictly; a hand-made one (another hash)
    ** draws the tiles it names. */
    bool strict = strcmp(mp_ruleset_hash(rs), mp_record_hash(rec)) == 0;
    int upto = turn < 0 ? n_turns : turn;
    if (!(g = mp_record_replay(rec, rs, strict, upto, &d))) {
        game_file_locate(&f, &d);   /* a .jcz's turn: its place in the file */
        print_diag(&d);
        goto out;
    }
    if (upto == n_turns && mp_record_over(rec) && mp_game_phase(g) != MP_PHASE_OVER && mp_game_end_now(g, &d)) {
        print_diag(&d);
        goto out;
    }
    const char *names[MP_MAX_PLAYERS];
    int np = mp_record_n_players(rec);
    for (int p = 0; p < np && p < MP_MAX_PLAYERS; p++) names[p] = mp_record_player_name(rec, p);
    char title[1200];
    if (upto == n_turns)
        snprintf(title, sizeof title, "%s: ruleset %s, after its last turn (%d)", path, mp_ruleset_name(rs), n_turns);
    else
        snprintf(title, sizeof title, "%s: ruleset %s, after turn %d of %d", path, mp_ruleset_name(rs), upto, n_turns);
    job j = { .g = g, .title = title, .names = names };
    rc = write_svg(out, &j);
out:
    mp_game_free(g);
    game_file_free(&f);
    return rc;
}

int cmd_render(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, { "turn", required_argument, 0, 't' },
        { "force", no_argument, 0, 'f' },         { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 }
    };
    const char *ruleset = NULL, *out = NULL;
    bool force = false;
    int turn = -1, ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'o': out = optarg; break;
        case 'f': force = true; break;
        case 't':
            if (int_option(usage, "--turn", optarg, 0, INT_MAX, &turn)) return EXIT_USAGE;
            break;
        case 'h': fputs(usage, stdout); return 0;
        default: return option_error(usage, "ho:", opts, argv);
        }
    }
    if (optind == argc) return usage_error(usage, "expected what to draw: tiles or game");
    const char *what = argv[optind++];
    int rest = argc - optind;
    if (strcmp(what, "tiles") == 0) {
        if (turn >= 0) return usage_error(usage, "--turn goes with game, not tiles");
        if (rest > 1) return usage_error(usage, "tiles draws one tile set; expected at most one FILE");
        if (rest == 1 && ruleset) return usage_error(usage, "tiles takes --ruleset NAME or a FILE, not both");
        if (!out) return usage_error(usage, "expected -o OUT.svg");
        output o;
        if (open_output(out, force, &o)) return EXIT_BAD_INPUT;
        int rc = render_tiles(rest ? argv[optind] : NULL, ruleset, &o);
        out_discard(&o.file);
        return rc;
    }
    if (strcmp(what, "game") == 0) {
        if (ruleset) return usage_error(usage, "--ruleset goes with tiles; a game uses its record's ruleset");
        if (rest != 1) return usage_error(usage, "game expects one RECORD");
        if (!out) return usage_error(usage, "expected -o OUT.svg");
        output o;
        if (open_output(out, force, &o)) return EXIT_BAD_INPUT;
        int rc = render_game(argv[optind], turn, &o);
        out_discard(&o.file);
        return rc;
    }
    return usage_error(usage, "unknown drawing '%s'; expected tiles or game", quoted(what));
}
