/*
** cmd-balance.c: `meeple balance`, what a copy of each tile kind is worth, measured over many
** seeded bot games, and the tiles mixed into a ruleset that are worth more (or less) than any
** tile of the base set: "is my tile too strong?" (meeple-balance(1)).
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
** under both side by side (meeple-balance(1), SIDE BY SIDE). --svg draws the table as bars
** (tools/pictures/chart.c), also from merged parts.
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

#include "chart.h"
#include "cmd.h"
#include "event-share.h"
#include "json.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple balance [--ruleset NAME] [--tiles FILE] [--against NAME] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json | --csv] [--svg FILE] [--help]\n"
    "Play N seeded bot games and report, per tile, what a copy of it is worth (its share of the points\n"
    "of the features it is part of), against the tiles of the base set; flag tiles worth more or less\n"
    "than any base tile.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --tiles FILE     a tile set to mix into the ruleset (a fan set, 'addon: true')\n"
    "  --against NAME   also play the same seeds under ruleset NAME (a name or a path, as it is) and\n"
    "                   print each tile's value under both side by side, and their ratio\n"
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

enum { LABEL_CHARS = 64 };

/* Totals over all games, per tile kind. A copy's value is counted in milli-points, rounded, so
** that sums merge exactly (meeple-balance(1), HOW A COPY IS VALUED). */
typedef struct tile_tot {
    long long drawn;       /* left the bag (draw log entries) */
    long long discarded;   /* of those, fitted nowhere */
    long long placed;      /* copies on the board at the end of a game: the samples */
    long long milli;       /* the sum of their values, in milli-points */
    long long milli_sq;    /* the sum of the squares of those milli-points */
} tile_tot;

/* The run: what every thread reads, and what a part's parameters say. */
typedef struct run run;
struct run {
    sim_setup setup;       /* the ruleset (with --tiles: the mixed one), seats, games and seed */
    char *tiles;           /* --tiles FILE as an absolute path; NULL: none */
    const mp_ruleset *rs;
    const mp_tileset *ts;
    int n_tiles;
    char (*label)[LABEL_CHARS];   /* per tile-set file: "base", or its base name without .yaml */
    char (*sides)[5];             /* per tile: its four side kinds, N E S W, at rotation 0 */
    bool as_json, as_csv;
    out_file chart;               /* --svg: the chart's file, opened before the games */
    out_file *svg;                /* &chart, or NULL */
    run *vs;                      /* --against: the same seeds under that ruleset, measured alike; NULL none */
};

/* The totals of the games a thread (or a part) played, and the thread's own buffer of the board's
** cells, which no merge and no part sees. */
typedef struct totals {
    tile_tot *tile;
    double *value;         /* per cell of the board's bounds: the points shared out to it */
    size_t cap_value;
    double *share;         /* per cell of one event: its part of the event's points */
    size_t cap_share;
    struct totals *vs;     /* --against: the totals of its games (run.vs) */
} totals;

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

/* s as a YAML double-quoted scalar, appended to buf (size bytes, used so far *at): false when it
** does not fit. */
static bool put_quoted(char *buf, size_t size, size_t *at, const char *s) {
    if (*at + 1 >= size) return false;
    buf[(*at)++] = '"';
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        char esc[8];
        if (*c == '"' || *c == '\\') snprintf(esc, sizeof esc, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f) snprintf(esc, sizeof esc, "\\x%02x", *c);
        else esc[0] = (char)*c, esc[1] = 0;
        size_t n = strlen(esc);
        if (*at + n + 1 >= size) return false;
        memcpy(buf + *at, esc, n);
        *at += n;
    }
    if (*at + 2 >= size) return false;
    buf[(*at)++] = '"';
    buf[*at] = 0;
    return true;
}

static bool put_text(char *buf, size_t size, size_t *at, const char *s) {
    size_t n = strlen(s);
    if (*at + n + 1 >= size) return false;
    memcpy(buf + *at, s, n + 1);
    *at += n;
    return true;
}

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

/* The text of the mixed ruleset: `extends:` the ruleset's file, `tiles:` its tile sets then the
** one given (all absolute). 0, or EXIT_BAD_INPUT with the error printed. */
static int mixed_text(const mp_ruleset *rs, const char *tiles, char *buf, size_t size) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    size_t at = 0;
    bool fits = put_text(buf, size, &at, "# meeple balance: a ruleset with a tile set mixed in (meeple-balance(1))\nextends: ");
    char *file = absolute(mp_ruleset_path(rs), "the ruleset's file");
    if (!file) return EXIT_BAD_INPUT;
    fits = fits && put_quoted(buf, size, &at, file) && put_text(buf, size, &at, "\ntiles: [");
    free(file);
    for (int i = 0; i < mp_tileset_n_files(ts) && fits; i++) {
        if (!(file = absolute(mp_tileset_file(ts, i), "a tile-set file of the ruleset"))) return EXIT_BAD_INPUT;
        bool again = !strcmp(file, tiles);
        fits = put_quoted(buf, size, &at, file) && put_text(buf, size, &at, ", ");
        free(file);
        if (again) {
            mp_diag d = { .line = 0 };
            snprintf(d.file, sizeof d.file, "%s", tiles);
            snprintf(d.message, sizeof d.message, "a tile set of ruleset '%s' already; expected a tile set to mix into it (--tiles)",
                     mp_ruleset_name(rs));
            print_diag(&d);
            return EXIT_BAD_INPUT;
        }
    }
    fits = fits && put_quoted(buf, size, &at, tiles) && put_text(buf, size, &at, "]\n");
    if (!fits) {
        fprintf(stderr, "meeple balance: the paths of the ruleset's files are too long to mix in %s\n", quoted(tiles));
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* setup's ruleset with the tile set at tiles (absolute) mixed in, in its place: 0, or the error
** printed and EXIT_BAD_INPUT. */
static int mix_tiles(sim_setup *setup, const char *tiles) {
    enum { TEXT_CHARS = 32 * 1024 };
    char *text = malloc(TEXT_CHARS);
    if (!text) { fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    int rc = mixed_text(setup->rs, tiles, text, TEXT_CHARS);
    if (!rc) {
        mp_diag d = { 0 };
        mp_ruleset *mixed = mp_ruleset_parse("<options>: --tiles", text, strlen(text), ruleset_dirs(), &d);
        if (mixed) {
            mp_ruleset_free(setup->rs);
            setup->rs = mixed;
        } else {
            print_diag(&d);
            rc = EXIT_BAD_INPUT;
        }
    }
    free(text);
    return rc;
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
** ruleset's name or path, or NULL) the run of the same seeds under it: NULL with the error printed
** and *rc set. */
static run *new_run(const char *ruleset, const char *tiles, const char *against, long games, uint64_t seed, const char *players,
                    int *rc) {
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
    if (against && !(r->vs = new_run(against, NULL, NULL, games, seed, players, rc))) { free_run(r); return NULL; }
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
** --against ruleset as given, or null, with "against_hash", its content hash. */
static void write_params(void *ctx, json *j) {
    const run *r = ctx;
    sim_write_params(j, &r->setup);
    json_key(j, "tiles"); json_string(j, r->tiles);
    json_key(j, "against"); json_string(j, r->vs ? r->vs->setup.ruleset : NULL);
    json_key(j, "against_hash"); json_string(j, r->vs ? mp_ruleset_hash(r->vs->rs) : NULL);
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
    enum { N = sizeof out / sizeof out[0], SIGNED = 3 };
    if (json_array_size(a) != N) {
        snprintf(d->message, sizeof d->message, "a tile's totals of another length; expected %d whole numbers", (int)N);
        return -1;
    }
    for (int i = 0; i < N; i++) {
        json_t *v = json_array_get(a, (size_t)i);
        if (!json_is_integer(v) || (i != SIGNED && json_integer_value(v) < 0)) {
            snprintf(d->message, sizeof d->message, "a tile's totals with a value that is not a count; expected whole numbers from 0");
            return -1;
        }
        *out[i] = json_integer_value(v);
    }
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

/* ------------------------------------------------------------------ the figures */

enum { AGAINST_NONE = -1, AGAINST_MEAN = -2 };   /* else a base tile's index */
enum { FLAG_NONE = 0, FLAG_ABOVE = 1, FLAG_BELOW = -1 };

/* What is printed of one tile, from its totals (meeple-balance(1), WHAT THE NUMBERS MEAN). */
typedef struct tile_view {
    bool base;
    bool has_value, has_interval, has_ratio;
    double mean, lo, hi;   /* points per copy, and its 95% interval */
    int against;           /* AGAINST_NONE (a base tile), AGAINST_MEAN or the base tile compared with */
    double ratio;
    int flag;
} tile_view;

/* The figures of the whole table. */
typedef struct report {
    tile_view *tile;
    bool has_range;        /* some base tile kind has a copy placed */
    double range_lo, range_hi;   /* the lowest and highest per-copy mean of a base tile kind */
    bool has_base_mean;
    double base_mean;      /* the mean value of every base copy */
    int n_flagged;
} report;

static bool is_base(const run *r, int t) { return mp_tileset_tile_file(r->ts, t) == 0; }

/* The mean and the 95% interval of a tile's copies (mean +- 1.96 sd / sqrt(n), sd the sample
** standard deviation; no interval below 2 copies). */
static void value_of(const tile_tot *x, tile_view *v) {
    if (x->placed < 1) return;
    long double n = (long double)x->placed, sum = (long double)x->milli, sq = (long double)x->milli_sq;
    v->has_value = true;
    v->mean = (double)(sum / n / 1000);
    if (x->placed < 2) return;
    long double var = (sq - sum * sum / n) / (n - 1);
    double half = 1.96 * sqrt((double)(var > 0 ? var : 0)) / 1000 / sqrt((double)n);
    v->has_interval = true;
    v->lo = v->mean - half;
    v->hi = v->mean + half;
}

/* Whether tile a turned some quarter turns has the sides of tile b. */
static bool same_sides(const run *r, int a, int b) {
    for (int rot = 0; rot < 4; rot++) {
        bool same = true;
        for (int side = 0; side < 4 && same; side++) same = r->sides[a][(side + rot) % 4] == r->sides[b][side];
        if (same) return true;
    }
    return false;
}

/* The base tile of the same sides with the most copies (the first of them), else AGAINST_MEAN. */
static int base_like(const run *r, int t) {
    int best = AGAINST_MEAN;
    for (int b = 0; b < r->n_tiles; b++)
        if (is_base(r, b) && same_sides(r, t, b) &&
            (best < 0 || mp_tileset_tile_count(r->ts, b) > mp_tileset_tile_count(r->ts, best)))
            best = b;
    return best;
}

/* The base range and the mean of every base copy. */
static void base_figures(const run *r, const totals *s, report *rp) {
    long long copies = 0, milli = 0;
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_view *v = &rp->tile[t];
        if (!v->base || !v->has_value) continue;
        copies += s->tile[t].placed;
        milli += s->tile[t].milli;
        if (!rp->has_range || v->mean < rp->range_lo) rp->range_lo = v->mean;
        if (!rp->has_range || v->mean > rp->range_hi) rp->range_hi = v->mean;
        rp->has_range = true;
    }
    rp->has_base_mean = copies > 0;
    if (copies) rp->base_mean = (double)milli / (double)copies / 1000;
}

/* A tile mixed in: its ratio to the base tile like it (or to the base mean) and its flag. */
static void against_base(const run *r, report *rp, int t) {
    tile_view *v = &rp->tile[t];
    v->against = base_like(r, t);
    const tile_view *b = v->against >= 0 ? &rp->tile[v->against] : NULL;
    bool to = b ? b->has_value : rp->has_base_mean;
    double denominator = b ? b->mean : rp->base_mean;
    if (v->has_value && to && denominator > 0) {
        v->has_ratio = true;
        v->ratio = v->mean / denominator;
    }
    if (v->has_interval && rp->has_range) {
        v->flag = v->lo > rp->range_hi ? FLAG_ABOVE : v->hi < rp->range_lo ? FLAG_BELOW : FLAG_NONE;
        rp->n_flagged += v->flag != FLAG_NONE;
    }
}

/* The report of the totals: 0, or -1 when out of memory. */
static int make_report(const run *r, const totals *s, report *rp) {
    memset(rp, 0, sizeof *rp);
    if (!(rp->tile = calloc((size_t)r->n_tiles + 1, sizeof *rp->tile))) return -1;
    for (int t = 0; t < r->n_tiles; t++) {
        tile_view *v = &rp->tile[t];
        v->base = is_base(r, t);
        v->against = AGAINST_NONE;
        value_of(&s->tile[t], v);
    }
    base_figures(r, s, rp);
    for (int t = 0; t < r->n_tiles; t++)
        if (!rp->tile[t].base) against_base(r, rp, t);
    return 0;
}

/* --against: the tile ids of either run, side by side (meeple-balance(1), SIDE BY SIDE): the first
** run's tiles in its order, then those only the other has. */
typedef struct pair {
    int a, b;              /* the tile in each run, -1 where that run has none of that id */
    bool has_ratio;
    double ratio;          /* a's value per copy over b's */
} pair;
typedef struct pairing { pair *pair; int n; } pairing;

static const char *pair_id(const run *r, const pair *q) {
    return q->a >= 0 ? mp_tileset_tile_id(r->ts, q->a) : mp_tileset_tile_id(r->vs->ts, q->b);
}

/* The pairing of the two reports: 0, or -1 when out of memory. */
static int make_pairing(const run *r, const report *rp, const report *rv, pairing *pg) {
    pg->n = 0;
    if (!(pg->pair = calloc((size_t)r->n_tiles + (size_t)r->vs->n_tiles + 1, sizeof *pg->pair))) return -1;
    for (int t = 0; t < r->n_tiles; t++) pg->pair[pg->n++] = (pair){ t, mp_tileset_find(r->vs->ts, mp_tileset_tile_id(r->ts, t)), false, 0 };
    for (int t = 0; t < r->vs->n_tiles; t++)
        if (mp_tileset_find(r->ts, mp_tileset_tile_id(r->vs->ts, t)) < 0) pg->pair[pg->n++] = (pair){ -1, t, false, 0 };
    for (int k = 0; k < pg->n; k++) {
        pair *q = &pg->pair[k];
        const tile_view *a = q->a >= 0 ? &rp->tile[q->a] : NULL, *b = q->b >= 0 ? &rv->tile[q->b] : NULL;
        if (a && b && a->has_value && b->has_value && b->mean > 0) {
            q->has_ratio = true;
            q->ratio = a->mean / b->mean;
        }
    }
    return 0;
}

static const char *flag_words(int flag) {
    return flag == FLAG_ABOVE ? "above the base range" : flag == FLAG_BELOW ? "below the base range" : "";
}

static const char *set_of(const run *r, int t) {
    int f = mp_tileset_tile_file(r->ts, t);
    return f >= 0 && f < mp_tileset_n_files(r->ts) ? r->label[f] : "?";
}

/* The base name of --tiles FILE, for the header. */
static const char *tiles_name(const run *r) {
    const char *slash = strrchr(r->tiles, '/');
    return slash ? slash + 1 : r->tiles;
}

/* ------------------------------------------------------------------ printing */

static void print_header(const run *r) {
    long games = r->setup.games;
    printf("ruleset %s", mp_ruleset_name(r->rs));
    if (r->tiles) printf(" with %s", tiles_name(r));
    printf(", %ld game%s, seeds %llu..%llu, players", games, plural(games), (unsigned long long)r->setup.seed,
           (unsigned long long)(r->setup.seed + (uint64_t)games - 1));
    for (int p = 0; p < r->setup.seats.n; p++) printf("%s %s", p ? "," : "", r->setup.seats.names[p]);
    printf("\n\n");
}

/* "1.42x base D", "0.80x base mean", or "-". */
static void against_text(const run *r, const tile_view *v, char *out, size_t size) {
    if (v->against == AGAINST_NONE || !v->has_ratio) snprintf(out, size, "-");
    else if (v->against == AGAINST_MEAN) snprintf(out, size, "%.2fx base mean", v->ratio);
    else snprintf(out, size, "%.2fx base %s", v->ratio, mp_tileset_tile_id(r->ts, v->against));
}

static int column_width(const run *r, bool sets) {
    int w = sets ? 3 : 4;   /* the headers "set" and "tile" */
    for (int t = 0; t < r->n_tiles; t++) {
        int l = (int)strlen(sets ? set_of(r, t) : mp_tileset_tile_id(r->ts, t));
        if (l > w) w = l;
    }
    return w;
}

static void print_text(const run *r, const totals *s, const report *rp) {
    print_header(r);
    int wt = column_width(r, false), ws = column_width(r, true);
    printf("%-*s %-*s %5s %8s %8s %9s %6s %15s  %-18s %s\n", wt, "tile", ws, "set", "count", "drawn", "placed", "discarded",
           "value", "95% interval", "against base", "flag");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *x = &s->tile[t];
        const tile_view *v = &rp->tile[t];
        char value[32] = "-", interval[64] = "-", against[64];
        if (v->has_value) snprintf(value, sizeof value, "%.2f", v->mean);
        if (v->has_interval) snprintf(interval, sizeof interval, "%.2f..%.2f", v->lo, v->hi);
        against_text(r, v, against, sizeof against);
        char line[512];
        snprintf(line, sizeof line, "%-*s %-*s %5d %8lld %8lld %9lld %6s %15s  %-18s %s", wt, mp_tileset_tile_id(r->ts, t), ws,
                 set_of(r, t), mp_tileset_tile_count(r->ts, t), x->drawn, x->placed, x->discarded, value, interval, against,
                 flag_words(v->flag));
        size_t n = strlen(line);
        while (n > 0 && line[n - 1] == ' ') line[--n] = 0;   /* no blanks at the end of a row */
        printf("%s\n", line);
    }
    printf("\nflagged:");
    if (!rp->n_flagged) printf(" none");
    for (int t = 0, k = 0; t < r->n_tiles; t++)
        if (rp->tile[t].flag != FLAG_NONE) printf("%s %s (%s)", k++ ? "," : "", mp_tileset_tile_id(r->ts, t), flag_words(rp->tile[t].flag));
    printf("\n");
}

/* The name of a run in words: "ruleset c3 with strong.yaml". */
static void run_words(const run *r, char *out, size_t size) {
    if (r->tiles) snprintf(out, size, "ruleset %s with %s", mp_ruleset_name(r->rs), tiles_name(r));
    else snprintf(out, size, "ruleset %s", mp_ruleset_name(r->rs));
}

static void value_texts(const tile_view *v, char *value, size_t vsize, char *interval, size_t isize) {
    snprintf(value, vsize, "-");
    snprintf(interval, isize, "-");
    if (v && v->has_value) snprintf(value, vsize, "%.2f", v->mean);
    if (v && v->has_interval) snprintf(interval, isize, "%.2f..%.2f", v->lo, v->hi);
}

/* --against, after the first run's table: each tile id's value under both, and their ratio; then
** the tiles the other run flags. */
static void print_pairs_text(const run *r, const report *rp, const report *rv, const pairing *pg) {
    char words[SIM_RULESET_CHARS + 128];
    run_words(r->vs, words, sizeof words);
    printf("\nside by side against %s, the same seeds and players\n\n", words);
    int wt = 4;
    for (int k = 0; k < pg->n; k++) {
        int l = (int)strlen(pair_id(r, &pg->pair[k]));
        if (l > wt) wt = l;
    }
    printf("%-*s %6s %15s %8s %15s %6s\n", wt, "tile", "value", "95% interval", "against", "95% interval", "ratio");
    for (int k = 0; k < pg->n; k++) {
        const pair *q = &pg->pair[k];
        char va[32], ia[64], vb[32], ib[64], ratio[32] = "-";
        value_texts(q->a >= 0 ? &rp->tile[q->a] : NULL, va, sizeof va, ia, sizeof ia);
        value_texts(q->b >= 0 ? &rv->tile[q->b] : NULL, vb, sizeof vb, ib, sizeof ib);
        if (q->has_ratio) snprintf(ratio, sizeof ratio, "%.2f", q->ratio);
        printf("%-*s %6s %15s %8s %15s %6s\n", wt, pair_id(r, q), va, ia, vb, ib, ratio);
    }
    printf("\nflagged under %s:", words);
    if (!rv->n_flagged) printf(" none");
    for (int t = 0, k = 0; t < r->vs->n_tiles; t++)
        if (rv->tile[t].flag != FLAG_NONE) printf("%s %s (%s)", k++ ? "," : "", mp_tileset_tile_id(r->vs->ts, t), flag_words(rv->tile[t].flag));
    printf("\n");
}

static void json_number_or_null(json *j, bool has, double v) {
    if (has) json_double(j, v);
    else json_string(j, NULL);
}

static void print_json_tile(const run *r, const totals *s, const report *rp, int t, json *j) {
    const tile_tot *x = &s->tile[t];
    const tile_view *v = &rp->tile[t];
    json_object(j);
    json_key(j, "id"); json_string(j, mp_tileset_tile_id(r->ts, t));
    json_key(j, "set"); json_string(j, set_of(r, t));
    json_key(j, "count"); json_int(j, mp_tileset_tile_count(r->ts, t));
    json_key(j, "drawn"); json_int(j, (long)x->drawn);
    json_key(j, "placed"); json_int(j, (long)x->placed);
    json_key(j, "discarded"); json_int(j, (long)x->discarded);
    json_key(j, "value"); json_number_or_null(j, v->has_value, v->mean);
    json_key(j, "interval");
    if (v->has_interval) { json_array(j); json_double(j, v->lo); json_double(j, v->hi); json_array_end(j); }
    else json_string(j, NULL);
    json_key(j, "against");
    if (v->against == AGAINST_NONE) json_string(j, NULL);
    else {
        json_object(j);
        json_key(j, "base"); json_string(j, v->against == AGAINST_MEAN ? "mean" : mp_tileset_tile_id(r->ts, v->against));
        json_key(j, "ratio"); json_number_or_null(j, v->has_ratio, v->ratio);
        json_object_end(j);
    }
    json_key(j, "flag"); json_string(j, v->flag == FLAG_NONE ? NULL : flag_words(v->flag));
    json_object_end(j);
}

/* The keys of one run's result (meeple-balance(1), OUTPUT), into the object open in j. */
static void print_json_result(const run *r, const totals *s, const report *rp, json *j) {
    json_key(j, "ruleset"); json_string(j, mp_ruleset_name(r->rs));
    json_key(j, "tiles_file"); json_string(j, r->tiles);
    json_key(j, "games"); json_int(j, r->setup.games);
    json_key(j, "seed"); json_uint(j, (unsigned long long)r->setup.seed);
    json_key(j, "players"); json_array(j);
    for (int p = 0; p < r->setup.seats.n; p++) json_string(j, r->setup.seats.names[p]);
    json_array_end(j);
    json_key(j, "base_range");
    if (rp->has_range) { json_array(j); json_double(j, rp->range_lo); json_double(j, rp->range_hi); json_array_end(j); }
    else json_string(j, NULL);
    json_key(j, "base_mean"); json_number_or_null(j, rp->has_base_mean, rp->base_mean);
    json_key(j, "tiles"); json_array(j);
    for (int t = 0; t < r->n_tiles; t++) print_json_tile(r, s, rp, t, j);
    json_array_end(j);
    json_key(j, "flagged"); json_array(j);
    for (int t = 0; t < r->n_tiles; t++)
        if (rp->tile[t].flag != FLAG_NONE) json_string(j, mp_tileset_tile_id(r->ts, t));
    json_array_end(j);
}

/* A tile's value and interval under one side of a pairing, or nulls. */
static void json_value_pair(json *j, const char *value_key, const char *interval_key, const tile_view *v) {
    json_key(j, value_key); json_number_or_null(j, v && v->has_value, v ? v->mean : 0);
    json_key(j, interval_key);
    if (v && v->has_interval) { json_array(j); json_double(j, v->lo); json_double(j, v->hi); json_array_end(j); }
    else json_string(j, NULL);
}

static void print_json(const run *r, const totals *s, const report *rp, const report *rv, const pairing *pg) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    print_json_result(r, s, rp, &j);
    json_key(&j, "against");
    if (r->vs) { json_object(&j); print_json_result(r->vs, s->vs, rv, &j); json_object_end(&j); }
    else json_string(&j, NULL);
    json_key(&j, "pairs");
    if (r->vs) {
        json_array(&j);
        for (int k = 0; k < pg->n; k++) {
            const pair *q = &pg->pair[k];
            json_object(&j);
            json_key(&j, "id"); json_string(&j, pair_id(r, q));
            json_value_pair(&j, "value", "interval", q->a >= 0 ? &rp->tile[q->a] : NULL);
            json_value_pair(&j, "against_value", "against_interval", q->b >= 0 ? &rv->tile[q->b] : NULL);
            json_key(&j, "ratio"); json_number_or_null(&j, q->has_ratio, q->ratio);
            json_object_end(&j);
        }
        json_array_end(&j);
    } else json_string(&j, NULL);
    json_object_end(&j);
    json_done(&j);
}

/* One row per tile; a figure that is not there is an empty field. Tile ids and set names are
** plain words (no commas). */
static void print_csv(const run *r, const totals *s, const report *rp) {
    printf("id,set,count,drawn,placed,discarded,value,low,high,against,ratio,flag\n");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *x = &s->tile[t];
        const tile_view *v = &rp->tile[t];
        printf("%s,%s,%d,%lld,%lld,%lld,", mp_tileset_tile_id(r->ts, t), set_of(r, t), mp_tileset_tile_count(r->ts, t), x->drawn,
               x->placed, x->discarded);
        if (v->has_value) printf("%.6g", v->mean);
        if (v->has_interval) printf(",%.6g,%.6g,", v->lo, v->hi);
        else printf(",,,");
        if (v->against != AGAINST_NONE) printf("%s", v->against == AGAINST_MEAN ? "mean" : mp_tileset_tile_id(r->ts, v->against));
        printf(",");
        if (v->has_ratio) printf("%.6g", v->ratio);
        printf(",%s\n", flag_words(v->flag));
    }
}

/* --against: one row per tile id, its figures under each run (meeple-balance(1), OUTPUT). */
static void print_pairs_csv(const run *r, const report *rp, const report *rv, const pairing *pg) {
    printf("id,set,value,low,high,against_set,against_value,against_low,against_high,ratio\n");
    for (int k = 0; k < pg->n; k++) {
        const pair *q = &pg->pair[k];
        printf("%s", pair_id(r, q));
        for (int side = 0; side < 2; side++) {
            const run *x = side ? r->vs : r;
            int t = side ? q->b : q->a;
            const tile_view *v = t >= 0 ? &(side ? rv : rp)->tile[t] : NULL;
            printf(",%s,", t >= 0 ? set_of(x, t) : "");
            if (v && v->has_value) printf("%.6g", v->mean);
            if (v && v->has_interval) printf(",%.6g,%.6g", v->lo, v->hi);
            else printf(",,");
        }
        printf(",");
        if (q->has_ratio) printf("%.6g", q->ratio);
        printf("\n");
    }
}

/* The chart (--svg): a bar per tile kind, its value per copy and interval, base tiles in one
** colour and the others in another, flagged ones outlined with their flag, over the base range;
** with --against a row per tile id and under each bar a thinner one, the tile's under the other
** ruleset (meeple-balance(1), SVG chart). 0, or the error printed and EXIT_BAD_INPUT. */
static int print_chart(run *r, const totals *s, const report *rp, const report *rv, const pairing *pg) {
    enum { DETAIL_CHARS = 160, NOTE_CHARS = 48, PAIR_COLOUR = 7 };
    int n = r->vs ? pg->n : r->n_tiles;
    chart_bar *bar = calloc((size_t)n + 1, sizeof *bar);
    char (*detail)[DETAIL_CHARS] = calloc((size_t)n + 1, sizeof *detail);
    char (*note)[NOTE_CHARS] = calloc((size_t)n + 1, sizeof *note);
    if (!bar || !detail || !note) {
        free(bar); free(detail); free(note);
        fprintf(stderr, "meeple: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    char vs_words[SIM_RULESET_CHARS + 128] = "", against_words[SIM_RULESET_CHARS + 160] = "";
    if (r->vs) {
        run_words(r->vs, vs_words, sizeof vs_words);
        snprintf(against_words, sizeof against_words, "against %s", vs_words);
    }
    bool others = false;
    for (int k = 0; k < n; k++) {
        int t = r->vs ? pg->pair[k].a : k, u = r->vs ? pg->pair[k].b : -1;
        chart_bar *b = &bar[k];
        if (t >= 0) {
            const tile_view *v = &rp->tile[t];
            char against[64];
            against_text(r, v, against, sizeof against);
            snprintf(detail[k], DETAIL_CHARS, "set %s, %lld placed%s%s", set_of(r, t), s->tile[t].placed, v->base ? "" : ", ",
                     v->base ? "" : against);
            if (v->flag != FLAG_NONE)   /* a triangle pointing up (U+25B2) or down (U+25BC) */
                snprintf(note[k], NOTE_CHARS, "%s %s", v->flag == FLAG_ABOVE ? "\xe2\x96\xb2" : "\xe2\x96\xbc", flag_words(v->flag));
            *b = (chart_bar){ .label = mp_tileset_tile_id(r->ts, t), .has_value = v->has_value, .has_interval = v->has_interval,
                              .value = v->mean, .lo = v->lo, .hi = v->hi, .colour = v->base ? 0 : 3, .marked = v->flag != FLAG_NONE };
            others |= !v->base;
        } else {
            snprintf(detail[k], DETAIL_CHARS, "only %s (set %s, %lld placed)", against_words, set_of(r->vs, u), s->vs->tile[u].placed);
            snprintf(note[k], NOTE_CHARS, "only against");
            *b = (chart_bar){ .label = mp_tileset_tile_id(r->vs->ts, u) };
        }
        b->detail = detail[k];
        b->note = note[k][0] ? note[k] : NULL;
        if (u >= 0) {
            const tile_view *w = &rv->tile[u];
            b->has_pair_value = w->has_value;
            b->has_pair_interval = w->has_interval;
            b->pair_value = w->mean;
            b->pair_lo = w->lo;
            b->pair_hi = w->hi;
        }
    }
    char title[2 * SIM_RULESET_CHARS + 512], words[SIM_RULESET_CHARS + 128];
    run_words(r, words, sizeof words);
    snprintf(title, sizeof title, "Points per placed copy: %s%s%s", words, r->vs ? " " : "", against_words);
    char players[SIM_PLAYERS_CHARS + 128];
    int at = snprintf(players, sizeof players, "%ld game%s, seeds %llu..%llu, players", r->setup.games, plural(r->setup.games),
                      (unsigned long long)r->setup.seed, (unsigned long long)(r->setup.seed + (uint64_t)r->setup.games - 1));
    for (int p = 0; p < r->setup.seats.n && at >= 0 && (size_t)at < sizeof players; p++)
        at += snprintf(players + at, sizeof players - (size_t)at, "%s %s", p ? "," : "", r->setup.seats.names[p]);
    chart_bars c = { .title = title, .subtitle = players, .axis = "points per placed copy (the feature's points shared out by the kind's formula)",
                     .bar = bar, .n = n, .has_band = rp->has_range, .band_lo = rp->range_lo, .band_hi = rp->range_hi,
                     .band_label = "base range (lowest to highest base mean)", .marked_label = rp->n_flagged ? "flagged" : NULL,
                     .empty_note = "no copy placed", .pairs = r->vs != NULL, .pair_colour = PAIR_COLOUR };
    c.colour_label[0] = "base set";
    if (others) c.colour_label[3] = "other sets";
    if (r->vs) c.colour_label[PAIR_COLOUR] = against_words;
    int rc = 0;
    mp_diag d = { 0 };
    chart_bars_svg(r->svg->f, &c);   /* a write that failed shows in out_commit (ferror) */
    if (out_commit(r->svg, &d)) {
        print_diag(&d);
        rc = EXIT_BAD_INPUT;
    }
    free(bar);
    free(detail);
    free(note);
    return rc;
}

static int print(void *ctx, const void *p) {
    run *r = ctx;
    const totals *s = p;
    report rp, rv = { 0 };
    pairing pg = { 0 };
    int rc = 0;
    if (make_report(r, s, &rp) || (r->vs && (make_report(r->vs, s->vs, &rv) || make_pairing(r, &rp, &rv, &pg)))) {
        fprintf(stderr, "meeple: out of memory\n");
        rc = EXIT_BAD_INPUT;
    } else {
        if (r->as_json) print_json(r, s, &rp, &rv, &pg);
        else if (r->as_csv && r->vs) print_pairs_csv(r, &rp, &rv, &pg);
        else if (r->as_csv) print_csv(r, s, &rp);
        else {
            print_text(r, s, &rp);
            if (r->vs) print_pairs_text(r, &rp, &rv, &pg);
        }
        if (r->svg) rc = print_chart(r, s, &rp, r->vs ? &rv : NULL, &pg);
    }
    free(rp.tile);
    free(rv.tile);
    free(pg.pair);
    return rc;
}

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
    bool has_against = against && !json_is_null(against);
    if ((against && !json_is_null(against) && !json_is_string(against)) || (has_against && !json_is_string(against_hash))) {
        fprintf(stderr, "meeple merge: a balance part whose \"against\" is not a ruleset with its hash; expected the parts as the run wrote them\n");
        *rc = EXIT_BAD_INPUT;
        return NULL;
    }
    run *r = new_run(p.ruleset, json_string_value(tiles), has_against ? json_string_value(against) : NULL, p.games, p.seed, p.players, rc);
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
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3", *tiles = NULL, *svg = NULL, *against = NULL;
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
    if (run_check(usage, &ro, svg ? "--svg" : NULL)) return EXIT_USAGE;
    seat_list seats;
    if (run_seats(usage, &ro, SEATS_BOTS, &seats)) return EXIT_USAGE;
    rc = 0;
    mp_diag d = { 0 };
    out_file chart = { 0 };
    if (svg && out_open(&chart, svg, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    run *r = new_run(ruleset, tiles, against, ro.games, ro.seed, ro.players, &rc);
    if (!r) { out_discard(&chart); return rc; }
    r->as_json = as_json;
    r->as_csv = as_csv;
    if (svg) { r->chart = chart; r->svg = &r->chart; }
    rc = sim_run(&ops, r, ro.games, &ro.sim);
    free_run(r);
    return rc;
}
