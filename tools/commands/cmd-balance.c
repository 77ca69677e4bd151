/*
** cmd-balance.c: `meeple balance`, what a copy of each tile kind is worth, measured over many
** seeded bot games, and the tiles mixed into a ruleset that are worth more (or less) than any
** tile of the base set: "is my tile too strong?" (meeple-balance(1)). Here are the command, its
** run and its games, and the totals in parts; the figures computed from the totals are
** tools/sim/balance-report.c, their output (text, JSON, CSV, the --svg chart)
** tools/sim/balance-print.c, and what the three share tools/sim/balance.h.
**
** Game i is played with seed S+i between the bots of --players. The bots decide on a game that
** keeps no scoring log (a search copies its game thousands of times a decision, and a log would
** be copied with it); every action is applied as well to a twin of that game, started alike with
** the log kept. When the game is over, the twin's log says who got points for which feature: each
** event's points, to every player paid, are shared out among the tiles of its feature, each by
** what it adds under the formula of the feature's kind (tools/sim/event-share.c: a tile and its
** pennants), and a copy on the board is worth the sum of its shares. Events of no feature (n_tiles 0: a
** module's points, a bazaar's price) go to no tile.
**
** --tiles FILE mixes a tile set into the ruleset: a ruleset built in memory that extends the
** ruleset's file and lists its tile sets, then FILE (absolute paths, so that meeple merge builds
** the same one from anywhere on the machine; a part keeps FILE's path and the ruleset's hash).
** The tiles of the ruleset's first tile-set file are the base set; those of any other file are
** measured against them.
**
** --against NAME plays each seed once more under a second ruleset (a run of its own, run.vs, with
** totals of its own, totals.vs): a part holds both, and the output puts each tile id's value
** under both side by side (meeple-balance(1), SIDE BY SIDE).
**
** The run is a sim_ops run (tools/sim/sim.h): per tile kind the totals are whole numbers (draws,
** copies, and each copy's value in milli-points summed and summed squared), so threads, shards
** and MPI ranks merge to the same bytes.
*/
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "balance.h"
#include "balance-print.h"
#include "cmd.h"
#include "event-share.h"
#include "json.h"
#include "meeple-yaml.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple balance [--ruleset NAME] [--tiles FILE] [--against NAME] [--against-tiles FILE] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json | --csv] [--svg FILE] [--help]\n"
    "Play N seeded bot games and report, per tile, what a copy of it is worth (its share of the points\n"
    "of the features it is part of), against the tiles of the base set; flag tiles worth more or less\n"
    "than any base tile.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --tiles FILE     a tile set to mix into the ruleset (a fan set, 'addon: true')\n"
    "  --against NAME   also play the same seeds under ruleset NAME (a name or a path, as it is) and\n"
    "                   print each tile's value under both side by side, and their ratio\n"
    "  --against-tiles FILE  the same, the second run with tile set FILE mixed in (into the\n"
    "                   ruleset of --against, or the same ruleset): two fan sets side by side\n"
    "  --games N        the number of games, 1 to " RUN_GAMES_TEXT " (default 200)\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --players LIST   bot seats: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts], comma-separated\n"
    "                   (default mcts:1000,mcts:1000)\n"
    "  --jobs N         threads playing the games (default: the cores available)\n"
    "  --shard K/N      play only the K-th of N interleaved parts of the seeds and write them as a\n"
    "                   part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  --csv            print the result as CSV: one row per tile\n"
    "  --svg FILE       write a chart of the values per copy, their intervals and the base range to\n"
    "                   FILE (not with --shard: 'meeple merge --svg' draws it from the parts)\n"
    "  -h, --help       print this help\n";

/* ------------------------------------------------------------------ one game, valued */

static int no_memory(mp_diag *d) {
    snprintf(d->message, sizeof d->message, "out of memory");
    return EXIT_BAD_INPUT;
}

/* The draw log: how often each tile left the bag, and how often it fitted nowhere. */
static void count_draws(const run *r, totals *s, const mp_game *g) {
    for (int i = 0; i < mp_game_n_drawn(g); i++) {
        int gone = 0;
        int t = mp_game_drawn_at(g, i, &gone);
        if (t < 0 || t >= r->n_tiles) continue;
        s->tile[t].drawn++;
        s->tile[t].discarded += gone != 0;
    }
}

/* Every event of a feature shares its points out among the feature's tiles (event_share: by the
** formula of its kind): into s->value, one number per cell of the bounds x0..x0+w-1, y0..y0+h-1.
** 0, or -1 when out of memory. */
static int share_events(totals *s, const mp_game *g, int x0, int y0, int w, int h) {
    for (int i = 0; i < mp_game_n_events(g); i++) {
        mp_score_event e;
        if (mp_game_event(g, i, &e) || e.n_tiles <= 0) continue;
        if ((size_t)e.n_tiles > s->cap_share) {
            double *grown = realloc(s->share, (size_t)e.n_tiles * sizeof *grown);
            if (!grown) return -1;
            s->share = grown;
            s->cap_share = (size_t)e.n_tiles;
        }
        event_share(g, &e, s->share);
        for (int c = 0; c < e.n_tiles; c++) {
            int x = e.cells[2 * c] - x0, y = e.cells[2 * c + 1] - y0;
            if (x >= 0 && x < w && y >= 0 && y < h) s->value[(size_t)y * (size_t)w + (size_t)x] += s->share[c];
        }
    }
    return 0;
}

/* The end of a game: its draws, and each copy on the board as one sample of its kind's value.
** 0, or -1 when out of memory. */
static int observe_end(const run *r, totals *s, const mp_game *g) {
    count_draws(r, s, g);
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) return 0;
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    size_t cells = (size_t)w * (size_t)h;
    if (cells > s->cap_value) {
        double *value = realloc(s->value, cells * sizeof *value);
        if (!value) return -1;
        s->value = value;
        s->cap_value = cells;
    }
    memset(s->value, 0, cells * sizeof *s->value);
    if (share_events(s, g, x0, y0, w, h)) return -1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t < 0 || t >= r->n_tiles) continue;
            long long m = llround(s->value[(size_t)(y - y0) * (size_t)w + (size_t)(x - x0)] * 1000);
            tile_tot *tt = &s->tile[t];
            tt->placed++;
            tt->milli += m;
            tt->milli_sq += m * m;
        }
    return 0;
}

static int internal_error(const run *r, mp_diag *d, uint64_t seed, const char *what, int seat) {
    snprintf(d->file, sizeof d->file, "%s", r->setup.ruleset);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "internal error: seed %llu: %s (seat %d)", (unsigned long long)seed, what, seat + 1);
    return EXIT_BAD_INPUT;
}

/* The bots' game and its twin with the scoring log, started alike; 0, or EXIT_BAD_INPUT with d filled. */
static int start_games(const run *r, uint64_t seed, mp_game **g, mp_game **logged, mp_diag *d) {
    mp_game_options o = { .n_players = r->setup.seats.n, .seed = seed, .first_player = -1 };
    *g = mp_game_new(r->rs, &o, d);
    o.log_events = 1;
    *logged = *g ? mp_game_new(r->rs, &o, d) : NULL;
    if (!*logged || mp_game_start(*g, d) || mp_game_start(*logged, d)) return EXIT_BAD_INPUT;
    return 0;
}

/* Game i, played to its end and valued; 0, or EXIT_BAD_INPUT with d filled. */
static int play(void *ctx, void *p, long i, mp_diag *d) {
    const run *r = ctx;
    totals *s = p;
    uint64_t seed = r->setup.seed + (uint64_t)i;
    int np = r->setup.seats.n;
    mp_game *g = NULL, *logged = NULL;
    mp_bot *seats[MP_MAX_PLAYERS] = { 0 };
    int rc = start_games(r, seed, &g, &logged, d);
    for (int pl = 0; pl < np && !rc; pl++)
        if (!(seats[pl] = mp_bot_new(r->setup.seats.specs[pl], seed, pl, d))) rc = EXIT_BAD_INPUT;   /* checked by seats_parse */
    while (!rc && mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        int pl = mp_game_current_player(g);
        if (mp_bot_choose(seats[pl], g, &a) || mp_game_apply(g, &a, d)) rc = internal_error(r, d, seed, "a bot found no legal action", pl);
        else if (mp_game_apply(logged, &a, d)) rc = internal_error(r, d, seed, "the game with the scoring log refused a move", pl);
    }
    if (!rc && observe_end(r, s, logged)) rc = no_memory(d);
    for (int pl = 0; pl < np; pl++) mp_bot_free(seats[pl]);
    mp_game_free(g);
    mp_game_free(logged);
    if (!rc && r->vs) rc = play(r->vs, s->vs, i, d);   /* the same seed under --against */
    return rc;
}

/* ------------------------------------------------------------------ the ruleset with --tiles */

/* A file's absolute path (malloc'ed), or NULL with the diagnostic printed. */
static char *absolute(const char *path, const char *what) {
    char *full = realpath(path, NULL);
    if (!full) {
        mp_diag d = { .line = 0 };
        snprintf(d.file, sizeof d.file, "%s", path);
        snprintf(d.message, sizeof d.message, "cannot read: %s; expected %s", strerror(errno), what);
        print_diag(&d);
    }
    return full;
}

/* FILE for --tiles: a file that is there, as an absolute path (malloc'ed); NULL with the
** diagnostic printed. */
static char *tiles_file(const char *path) {
    char *full = absolute(path, "a tile-set file to mix in (--tiles)");
    struct stat st;
    if (full && (stat(full, &st) || !S_ISREG(st.st_mode))) {
        mp_diag d = { .line = 0 };
        snprintf(d.file, sizeof d.file, "%s", path);
        snprintf(d.message, sizeof d.message, "not a file; expected a tile-set file to mix in (--tiles)");
        print_diag(&d);
        free(full);
        return NULL;
    }
    return full;
}

/* The text of the mixed ruleset (malloc'ed), written by libyaml's emitter (meeple-yaml.h):
** `extends:` the ruleset's file, `tiles:` its tile sets then the one given (all absolute). NULL
** with the error printed. */
static char *mixed_text(const mp_ruleset *rs, const char *tiles) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    char *file = absolute(mp_ruleset_path(rs), "the ruleset's file");
    if (!file) return NULL;
    mp_yw *w = mp_yw_new("# meeple balance: a ruleset with a tile set mixed in (meeple-balance(1))\n");
    mp_yw_map(w, false);
    mp_yw_plain(w, "extends"); mp_yw_quoted(w, file);
    free(file);
    mp_yw_plain(w, "tiles"); mp_yw_seq(w, true);
    for (int i = 0; i < mp_tileset_n_files(ts); i++) {
        if (!(file = absolute(mp_tileset_file(ts, i), "a tile-set file of the ruleset"))) { mp_yw_free(w); return NULL; }
        bool again = !strcmp(file, tiles);
        mp_yw_quoted(w, file);
        free(file);
        if (again) {
            mp_diag d = { .line = 0 };
            snprintf(d.file, sizeof d.file, "%s", tiles);
            snprintf(d.message, sizeof d.message, "a tile set of ruleset '%s' already; expected a tile set to mix into it (--tiles)",
                     mp_ruleset_name(rs));
            print_diag(&d);
            mp_yw_free(w);
            return NULL;
        }
    }
    mp_yw_quoted(w, tiles);
    mp_yw_end_seq(w);
    mp_yw_end_map(w);
    char error[256];
    size_t len;
    char *text = mp_yw_finish(w, &len, error, sizeof error);
    mp_yw_free(w);
    if (!text) fprintf(stderr, "meeple balance: cannot mix in %s: %s\n", quoted(tiles), error);
    return text;
}

/* setup's ruleset with the tile set at tiles (absolute) mixed in, in its place: 0, or the error
** printed and EXIT_BAD_INPUT. */
static int mix_tiles(sim_setup *setup, const char *tiles) {
    char *text = mixed_text(setup->rs, tiles);
    if (!text) return EXIT_BAD_INPUT;
    mp_diag d = { 0 };
    mp_ruleset *mixed = mp_ruleset_parse("<options>: --tiles", text, strlen(text), ruleset_dirs(), &d);
    free(text);
    if (!mixed) { print_diag(&d); return EXIT_BAD_INPUT; }
    mp_ruleset_free(setup->rs);
    setup->rs = mixed;
    return 0;
}

/* ------------------------------------------------------------------ the run and its totals */

static void free_run(run *r) {
    if (r->vs) free_run(r->vs);
    out_discard(&r->chart);   /* when the run did not get as far as the chart */
    sim_setup_free(&r->setup);
    free(r->tiles);
    free(r->label);
    free(r->sides);
    free(r);
}

/* A file's label: "base" for the first, else its base name without ".yaml". */
static void file_label(const char *path, int i, char *out) {
    if (i == 0 || !path) { snprintf(out, LABEL_CHARS, "%s", i == 0 ? "base" : "?"); return; }
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    size_t n = strlen(name);
    if (n > 5 && !strcmp(name + n - 5, ".yaml")) n -= 5;
    snprintf(out, LABEL_CHARS, "%.*s", (int)n, name);
}

/* The labels of the files and the sides of the tiles: 0, or -1 when out of memory. */
static int describe_tiles(run *r) {
    int nf = mp_tileset_n_files(r->ts);
    r->label = calloc((size_t)nf + 1, sizeof *r->label);
    r->sides = calloc((size_t)r->n_tiles + 1, sizeof *r->sides);
    if (!r->label || !r->sides) return -1;
    for (int i = 0; i < nf; i++) file_label(mp_tileset_file(r->ts, i), i, r->label[i]);
    for (int t = 0; t < r->n_tiles; t++)
        for (int side = 0; side < 4; side++) r->sides[t][side] = mp_tileset_port_letter(r->ts, t, 0, 3 * side + 1);   /* its middle port */
    return 0;
}

/* The ruleset (with tiles, absolute or NULL, mixed in) and the seats loaded, and with against (a
** ruleset's name or path, or NULL) or against_tiles (a tile-set file, or NULL) the run of the same
** seeds under that ruleset (or the same one) with that tile set mixed in: NULL with the error
** printed and *rc set. */
static run *new_run(const char *ruleset, const char *tiles, const char *against, const char *against_tiles, long games, uint64_t seed,
                    const char *players, int *rc) {
    run *r = calloc(1, sizeof *r);
    if (!r) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    if ((*rc = sim_setup_load(&r->setup, "balance", ruleset, players, games, seed))) { free_run(r); return NULL; }
    if (tiles && (!(r->tiles = tiles_file(tiles)) || mix_tiles(&r->setup, r->tiles))) {
        *rc = EXIT_BAD_INPUT;
        free_run(r);
        return NULL;
    }
    r->rs = r->setup.rs;
    r->ts = mp_ruleset_tiles(r->rs);
    r->n_tiles = mp_tileset_n_tiles(r->ts);
    if (describe_tiles(r)) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; free_run(r); return NULL; }
    /* --against-tiles alone: the same ruleset with the other tile set mixed in */
    if ((against || against_tiles) && !(r->vs = new_run(against ? against : ruleset, against_tiles, NULL, NULL, games, seed, players, rc))) {
        free_run(r);
        return NULL;
    }
    return r;
}

static void totals_free(void *ctx, void *p) {
    const run *r = ctx;
    totals *t = p;
    if (t->vs) totals_free(r->vs, t->vs);
    free(t->tile);
    free(t->value);
    free(t->share);
    free(t);
}

static void *totals_new(void *ctx) {
    const run *r = ctx;
    totals *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    if (!(t->tile = calloc((size_t)r->n_tiles + 1, sizeof *t->tile)) || (r->vs && !(t->vs = totals_new(r->vs)))) {
        totals_free(ctx, t);
        return NULL;
    }
    return t;
}

static int merge(void *ctx, void *a, const void *b) {
    const run *r = ctx;
    totals *into = a;
    const totals *from = b;
    for (int i = 0; i < r->n_tiles; i++) {
        tile_tot *x = &into->tile[i];
        const tile_tot *y = &from->tile[i];
        x->drawn += y->drawn;
        x->discarded += y->discarded;
        x->placed += y->placed;
        x->milli += y->milli;
        x->milli_sq += y->milli_sq;
    }
    return r->vs ? merge(r->vs, into->vs, from->vs) : 0;
}

/* ------------------------------------------------------------------ parts */

/* The setup's parameters, "tiles": --tiles FILE's absolute path, or null, and "against": the
** --against ruleset as given (with --against-tiles alone, the ruleset's), or null, with
** "against_tiles", --against-tiles FILE's absolute path or null, and "against_hash", the content
** hash of the ruleset the second run plays (its tile set mixed in). */
static void write_params(void *ctx, json *j) {
    const run *r = ctx;
    sim_write_params(j, &r->setup);
    json_key(j, "tiles"); json_string(j, r->tiles);
    json_key(j, "against"); json_string(j, r->vs ? r->vs->setup.ruleset : NULL);
    json_key(j, "against_hash"); json_string(j, r->vs ? mp_ruleset_hash(r->vs->rs) : NULL);
    json_key(j, "against_tiles"); json_string(j, r->vs ? r->vs->tiles : NULL);
}

/* {"tiles": [[drawn, discarded, placed, milli, milli_sq] per tile]}, in the tile set's order, and
** with --against "against": the same of its run. */
static void write_totals(void *ctx, const void *p, json *j) {
    const run *r = ctx;
    const totals *t = p;
    json_object(j);
    json_key(j, "tiles"); json_array(j);
    for (int i = 0; i < r->n_tiles; i++) {
        const tile_tot *x = &t->tile[i];
        json_array(j);
        json_int(j, (long)x->drawn); json_int(j, (long)x->discarded); json_int(j, (long)x->placed);
        json_int(j, (long)x->milli); json_int(j, (long)x->milli_sq);
        json_array_end(j);
    }
    json_array_end(j);
    if (r->vs) { json_key(j, "against"); write_totals(r->vs, t->vs, j); }
    json_object_end(j);
}

/* One tile's five whole numbers: 0, or -1 with d filled. The milli-points may be below 0 (a
** feature that costs points); every other number is a count. */
static int read_row(const json_t *a, tile_tot *x, mp_diag *d) {
    long long *out[] = { &x->drawn, &x->discarded, &x->placed, &x->milli, &x->milli_sq };
    if (sim_read_counts(a, sizeof out / sizeof out[0], out, 3, "tile", d)) return -1;
    if (x->discarded > x->drawn) {
        snprintf(d->message, sizeof d->message, "a tile discarded more often than drawn; expected the totals a run wrote");
        return -1;
    }
    return 0;
}

static int read_totals(void *ctx, void *p, const json_t *v, mp_diag *d) {
    const run *r = ctx;
    totals *t = p;
    json_t *tiles = json_object_get(v, "tiles");
    if (json_array_size(tiles) != (size_t)r->n_tiles) {
        snprintf(d->message, sizeof d->message, "not the totals of this run; expected \"tiles\" per tile (%d)", r->n_tiles);
        return -1;
    }
    for (int i = 0; i < r->n_tiles; i++)
        if (read_row(json_array_get(tiles, (size_t)i), &t->tile[i], d)) return -1;
    json_t *vs = json_object_get(v, "against");
    if (!r->vs != !vs) {
        snprintf(d->message, sizeof d->message, "not the totals of this run; expected \"against\" %s", r->vs ? "with them" : "not there");
        return -1;
    }
    return r->vs ? read_totals(r->vs, t->vs, vs, d) : 0;
}

/* ------------------------------------------------------------------ the hooks, and a merge's run */

/* The figures and their output: tools/sim/balance-report.c, tools/sim/balance-print.c. */
static int print(void *ctx, const void *p) { return balance_print(ctx, p); }

static const sim_ops ops = {
    .command = "balance", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

/* Whether the ruleset built again is the one the parts were played with (by its hash): 0, or the
** error printed and EXIT_BAD_INPUT. With --tiles, the tile set is named too: either file may have changed. */
static int same_mix(const run *r, const char *hash) {
    if (!r->tiles || (hash && !strcmp(hash, mp_ruleset_hash(r->rs)))) return sim_same_ruleset(r->rs, hash);
    fprintf(stderr, "meeple merge: ruleset '%s' with %s is not the one the parts were played with (its content hash differs); "
                    "expected the same ruleset and tile-set files\n", mp_ruleset_name(r->rs), r->tiles);
    return EXIT_BAD_INPUT;
}

/* The run of a part's parameters: the ruleset built again, with its tile set mixed in, and checked
** by its hash. */
static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    sim_params p;
    if ((*rc = sim_read_params(params, "balance", &p))) return NULL;
    json_t *tiles = json_object_get(params, "tiles");
    if (tiles && !json_is_null(tiles) && !json_is_string(tiles)) {
        fprintf(stderr, "meeple merge: a balance part whose \"tiles\" is not a file's path; expected the parts as the run wrote them\n");
        *rc = EXIT_BAD_INPUT;
        return NULL;
    }
    json_t *against = json_object_get(params, "against"), *against_hash = json_object_get(params, "against_hash");
    json_t *against_tiles = json_object_get(params, "against_tiles");
    bool has_against = against && !json_is_null(against);
    if ((against && !json_is_null(against) && !json_is_string(against)) || (has_against && !json_is_string(against_hash)) ||
        (against_tiles && !json_is_null(against_tiles) && (!has_against || !json_is_string(against_tiles)))) {
        fprintf(stderr, "meeple merge: a balance part whose \"against\" is not a ruleset with its hash; expected the parts as the run wrote them\n");
        *rc = EXIT_BAD_INPUT;
        return NULL;
    }
    run *r = new_run(p.ruleset, json_string_value(tiles), has_against ? json_string_value(against) : NULL, json_string_value(against_tiles),
                     p.games, p.seed, p.players, rc);
    if (!r) return NULL;
    if ((*rc = same_mix(r, p.hash)) || (r->vs && (*rc = sim_same_ruleset(r->vs->rs, json_string_value(against_hash))))) {
        free_run(r);
        return NULL;
    }
    r->as_json = out->json;
    r->as_csv = out->csv;
    mp_diag d = { 0 };
    if (out->svg) {
        if (out_open(&r->chart, out->svg, &d)) { print_diag(&d); free_run(r); *rc = EXIT_BAD_INPUT; return NULL; }
        r->svg = &r->chart;
    }
    return r;
}

static void ctx_free(void *ctx) { free_run(ctx); }

const sim_command balance_sim = { "balance", &ops, ctx_from_params, ctx_free };

/* ------------------------------------------------------------------ the command */

int cmd_balance(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, { "tiles", required_argument, 0, 't' }, RUN_OPTIONS,
        { "json", no_argument, 0, 'j' },          { "csv", no_argument, 0, 'c' },
        { "svg", required_argument, 0, 'v' },     { "against", required_argument, 0, 'a' },
        { "against-tiles", required_argument, 0, 'A' }, { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3", *tiles = NULL, *svg = NULL, *against = NULL, *against_tiles = NULL;
    bool as_json = false, as_csv = false;
    run_options ro;
    run_options_init(&ro, 200, "mcts:1000,mcts:1000");
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 't': tiles = optarg; break;
        case 'j': as_json = true; break;
        case 'c': as_csv = true; break;
        case 'v': svg = optarg; break;
        case 'a': against = optarg; break;
        case 'A': against_tiles = optarg; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (as_json && as_csv) return usage_error(usage, "--json and --csv exclude each other");
    if (!*ruleset) return usage_error(usage, "--ruleset names no ruleset");
    if (tiles && !*tiles) return usage_error(usage, "--tiles names no file");
    if (svg && !*svg) return usage_error(usage, "--svg names no file");
    if (against && !*against) return usage_error(usage, "--against names no ruleset");
    if (against_tiles && !*against_tiles) return usage_error(usage, "--against-tiles names no file");
    if (run_check(usage, &ro, svg ? "--svg" : NULL)) return EXIT_USAGE;
    seat_list seats;
    if (run_seats(usage, &ro, SEATS_BOTS, &seats)) return EXIT_USAGE;
    rc = 0;
    mp_diag d = { 0 };
    out_file chart = { 0 };
    if (svg && out_open(&chart, svg, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    run *r = new_run(ruleset, tiles, against, against_tiles, ro.games, ro.seed, ro.players, &rc);
    if (!r) { out_discard(&chart); return rc; }
    r->as_json = as_json;
    r->as_csv = as_csv;
    if (svg) { r->chart = chart; r->svg = &r->chart; }
    rc = sim_run(&ops, r, ro.games, &ro.sim);
    free_run(r);
    return rc;
}
