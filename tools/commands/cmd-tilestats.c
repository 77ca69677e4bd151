/*
** cmd-tilestats.c: `meeple tilestats`, how each tile and each feature kind plays, measured over
** many seeded bot games: for the tile designer.
**
** Game i is played with seed S+i between the bots of --players, as bots_play would play it, but
** driven here one action at a time so that every PLACE decision is seen: the legal placements of
** the drawn tile are counted there and credited to that tile. When a game is over, its draw log
** gives how often each tile left the bag and how often it fitted nowhere, and the board gives the
** features: per tile, the points of the features each copy is part of; per kind, the features,
** whether they were completed and their size.
**
** The run is a sim_ops run (tools/sim/sim.h): the totals are whole-number counters per tile and per
** kind, so threads, shards and MPI ranks merge to the same output; each thread's buffers (the
** legal list, the board's features) live in its own totals.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "json.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple tilestats [--ruleset NAME] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json | --csv] [--help]\n"
    "Play N seeded bot games and report, per tile, how often it was drawn, fitted nowhere, where it\n"
    "could go and what its features scored, and, per feature kind, how many, how complete, how large.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --games N        the number of games, 1 to " RUN_GAMES_TEXT " (default 1000)\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --players LIST   bot seats: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts], comma-separated (default random,random)\n"
    "  --jobs N         threads playing the games (default: the cores available)\n"
    "  --shard K/N      play only the K-th of N interleaved parts of the seeds and write them as a\n"
    "                   part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  --csv            print the result as CSV: one row per tile, then one per kind\n"
    "  -h, --help       print this help\n";

/* Totals over all games, per tile kind of the tile set. */
typedef struct tile_tot {
    long long drawn;       /* left the bag (draw log entries) */
    long long unplaceable; /* of those, fitted nowhere */
    long long seen;        /* PLACE decisions where it was the drawn tile and fitted somewhere */
    long long placements;  /* the legal placements counted at those decisions */
    long long copies;      /* copies on the board at the end of a game */
    long long points;      /* points of the features of those copies */
} tile_tot;

/* Totals over all games, per feature kind. */
typedef struct kind_tot {
    long long features;    /* distinct features on the board at the end of a game */
    long long complete;
    long long tiles;       /* their sizes in tiles (a cloister: its 3x3 block) */
} kind_tot;

/* One feature of one tile on the board at the end of a game. */
typedef struct feat {
    int id, kind, complete, tiles;
} feat;

/* The run: what every thread reads, and what a part's parameters say. */
typedef struct run {
    sim_setup setup;       /* the ruleset, seats, games and seed */
    const mp_tileset *ts;
    int n_tiles, n_kinds;
    bool as_json, as_csv;
} run;

/* The totals of the games a thread (or a part) played: counters only, and the thread's own
** buffers, which no merge and no part sees. */
typedef struct totals {
    tile_tot *tile;        /* per tile of the tile set */
    kind_tot *kind;        /* per kind */
    mp_action *legal;      /* a buffer for mp_game_legal */
    int cap_legal;
    feat *feats;           /* a buffer for the features of the board */
    size_t cap_feats;
} totals;

/* ------------------------------------------------------------------ one game, watched */

static int no_memory(mp_diag *d) {
    snprintf(d->message, sizeof d->message, "out of memory");
    return EXIT_BAD_INPUT;
}

/* A PLACE decision: the legal placements of the drawn tile (a hand of several tiles lists the
** others too: only the drawn tile's count). 0, or -1 when out of memory. */
static int observe_place(const run *r, totals *s, const mp_game *g) {
    int t = mp_game_drawn_tile(g);
    if (t < 0 || t >= r->n_tiles) return 0;
    int n = mp_game_legal(g, NULL, 0);
    if (n > s->cap_legal) {
        mp_action *legal = realloc(s->legal, (size_t)n * sizeof *legal);
        if (!legal) return -1;
        s->legal = legal;
        s->cap_legal = n;
    }
    n = mp_game_legal(g, s->legal, n);
    int k = 0;
    for (int i = 0; i < n; i++) k += s->legal[i].kind == MP_ACT_PLACE && s->legal[i].tile == t;
    if (k > 0) {
        s->tile[t].seen++;
        s->tile[t].placements += k;
    }
    return 0;
}

static int by_id(const void *a, const void *b) {
    int x = ((const feat *)a)->id, y = ((const feat *)b)->id;
    return (x > y) - (x < y);
}

/* The end of a game: its draw log, and the features of its board. 0, or -1 when out of memory. */
static int observe_end(const run *r, totals *s, const mp_game *g) {
    for (int i = 0; i < mp_game_n_drawn(g); i++) {
        int gone = 0;
        int t = mp_game_drawn_at(g, i, &gone);
        if (t < 0 || t >= r->n_tiles) continue;
        s->tile[t].drawn++;
        s->tile[t].unplaceable += gone != 0;
    }
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) return 0;
    size_t nf = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t < 0 || t >= r->n_tiles) continue;
            int n = mp_tileset_tile_n_features(r->ts, t);
            int ids[64], n_ids = 0;
            long points = 0;
            for (int f = 0; f < n; f++) {
                mp_feature_def def;
                int complete = 0, tiles = 0, pts = 0;
                int id = mp_game_feature_id(g, x, y, f);
                if (id < 0 || mp_tileset_feature(r->ts, t, f, &def) ||
                    mp_game_feature_info(g, x, y, f, &complete, &tiles, &pts))
                    continue;
                if (nf == s->cap_feats) {
                    size_t cap = s->cap_feats ? 2 * s->cap_feats : 1024;
                    feat *feats = realloc(s->feats, cap * sizeof *feats);
                    if (!feats) return -1;
                    s->feats = feats;
                    s->cap_feats = cap;
                }
                s->feats[nf++] = (feat){ id, def.kind, complete, tiles };
                /* A feature the tile touches twice (two city caps joined elsewhere) counts once. */
                bool seen = false;
                for (int i = 0; i < n_ids; i++) seen |= ids[i] == id;
                if (seen) continue;
                if (n_ids < (int)(sizeof ids / sizeof ids[0])) ids[n_ids++] = id;
                points += pts;
            }
            s->tile[t].copies++;
            s->tile[t].points += points;
        }
    qsort(s->feats, nf, sizeof *s->feats, by_id);
    for (size_t i = 0; i < nf; i++) {
        if (i > 0 && s->feats[i].id == s->feats[i - 1].id) continue;
        const feat *f = &s->feats[i];
        if (f->kind < 0 || f->kind >= r->n_kinds) continue;
        s->kind[f->kind].features++;
        s->kind[f->kind].complete += f->complete != 0;
        s->kind[f->kind].tiles += f->tiles;
    }
    return 0;
}

/* Game i, played with every PLACE decision observed; 0, or EXIT_BAD_INPUT with d filled. */
static int play(void *ctx, void *p, long i, mp_diag *d) {
    const run *r = ctx;
    totals *s = p;
    uint64_t seed = r->setup.seed + (uint64_t)i;
    int np = r->setup.seats.n;
    mp_game_options o = { .n_players = np, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(r->setup.rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    mp_game_start(g, d);
    mp_bot *seats[MP_MAX_PLAYERS];
    for (int pl = 0; pl < np; pl++) seats[pl] = mp_bot_new(r->setup.seats.specs[pl], seed, pl, d);   /* checked by seats_parse */
    int rc = 0;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        if (mp_game_phase(g) == MP_PHASE_PLACE && observe_place(r, s, g)) { rc = no_memory(d); break; }
        mp_action a;
        int pl = mp_game_current_player(g);
        if (mp_bot_choose(seats[pl], g, &a) || mp_game_apply(g, &a, d)) {
            snprintf(d->file, sizeof d->file, "%s", mp_ruleset_path(r->setup.rs));
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "internal error: seed %llu: seat %d found no legal action",
                     (unsigned long long)seed, pl + 1);
            rc = EXIT_BAD_INPUT;
            break;
        }
    }
    if (!rc && observe_end(r, s, g)) rc = no_memory(d);
    for (int pl = 0; pl < np; pl++) mp_bot_free(seats[pl]);
    mp_game_free(g);
    return rc;
}

/* ------------------------------------------------------------------ the run and its totals */

static void free_run(run *r) {
    sim_setup_free(&r->setup);
    free(r);
}

/* The ruleset and the seats loaded: NULL with the error printed and *rc set. */
static run *new_run(const char *ruleset, long games, uint64_t seed, const char *players, int *rc) {
    run *r = calloc(1, sizeof *r);
    if (!r) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    if ((*rc = sim_setup_load(&r->setup, "tilestats", ruleset, players, games, seed))) { free_run(r); return NULL; }
    r->ts = mp_ruleset_tiles(r->setup.rs);
    r->n_tiles = mp_tileset_n_tiles(r->ts);
    r->n_kinds = mp_tileset_n_kinds(r->ts);
    return r;
}

static void totals_free(void *ctx, void *p) {
    (void)ctx;
    totals *t = p;
    free(t->tile);
    free(t->kind);
    free(t->legal);
    free(t->feats);
    free(t);
}

static void *totals_new(void *ctx) {
    const run *r = ctx;
    totals *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->tile = calloc((size_t)r->n_tiles + 1, sizeof *t->tile);
    t->kind = calloc((size_t)r->n_kinds + 1, sizeof *t->kind);
    if (!t->tile || !t->kind) { totals_free(ctx, t); return NULL; }
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
        x->unplaceable += y->unplaceable;
        x->seen += y->seen;
        x->placements += y->placements;
        x->copies += y->copies;
        x->points += y->points;
    }
    for (int k = 0; k < r->n_kinds; k++) {
        into->kind[k].features += from->kind[k].features;
        into->kind[k].complete += from->kind[k].complete;
        into->kind[k].tiles += from->kind[k].tiles;
    }
    return 0;
}

/* ------------------------------------------------------------------ parts */

static void write_params(void *ctx, json *j) { sim_write_params(j, &((const run *)ctx)->setup); }

/* {"tiles": [[drawn, unplaceable, seen, placements, copies, points] per tile],
**  "kinds": [[features, complete, tiles] per kind]}, in the tile set's order. */
static void write_totals(void *ctx, const void *p, json *j) {
    const run *r = ctx;
    const totals *t = p;
    json_object(j);
    json_key(j, "tiles"); json_array(j);
    for (int i = 0; i < r->n_tiles; i++) {
        const tile_tot *x = &t->tile[i];
        json_array(j);
        json_int(j, (long)x->drawn); json_int(j, (long)x->unplaceable); json_int(j, (long)x->seen);
        json_int(j, (long)x->placements); json_int(j, (long)x->copies); json_int(j, (long)x->points);
        json_array_end(j);
    }
    json_array_end(j);
    json_key(j, "kinds"); json_array(j);
    for (int k = 0; k < r->n_kinds; k++) {
        const kind_tot *x = &t->kind[k];
        json_array(j);
        json_int(j, (long)x->features); json_int(j, (long)x->complete); json_int(j, (long)x->tiles);
        json_array_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

static int read_totals(void *ctx, void *p, const json_t *v, mp_diag *d) {
    const run *r = ctx;
    totals *t = p;
    json_t *tiles = json_object_get(v, "tiles"), *kinds = json_object_get(v, "kinds");
    if (json_array_size(tiles) != (size_t)r->n_tiles || json_array_size(kinds) != (size_t)r->n_kinds) {
        snprintf(d->message, sizeof d->message, "not the totals of this run; expected \"tiles\" per tile (%d) and \"kinds\" per kind (%d)",
                 r->n_tiles, r->n_kinds);
        return -1;
    }
    for (int i = 0; i < r->n_tiles; i++) {
        tile_tot *x = &t->tile[i];
        long long *out[] = { &x->drawn, &x->unplaceable, &x->seen, &x->placements, &x->copies, &x->points };
        if (sim_read_counts(json_array_get(tiles, (size_t)i), 6, out, 5, "tile", d)) return -1;
    }
    for (int k = 0; k < r->n_kinds; k++) {
        kind_tot *x = &t->kind[k];
        long long *out[] = { &x->features, &x->complete, &x->tiles };
        if (sim_read_counts(json_array_get(kinds, (size_t)k), 3, out, -1, "kind", d)) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ printing */

static double ratio(long long a, long long b) { return b > 0 ? (double)a / (double)b : 0; }

static void print_text(const run *r, const totals *s) {
    long games = r->setup.games;
    printf("ruleset %s, %ld game%s, seeds %llu..%llu, players", mp_ruleset_name(r->setup.rs), games, games == 1 ? "" : "s",
           (unsigned long long)r->setup.seed, (unsigned long long)(r->setup.seed + (uint64_t)games - 1));
    for (int p = 0; p < r->setup.seats.n; p++) printf("%s %s", p ? "," : "", r->setup.seats.names[p]);
    printf("\n\n");
    int w = 4;
    for (int t = 0; t < r->n_tiles; t++) {
        int l = (int)strlen(mp_tileset_tile_id(r->ts, t));
        if (l > w) w = l;
    }
    printf("%-*s %5s %9s %12s %11s %8s\n", w, "tile", "count", "drawn", "unplaceable", "placements", "points");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        printf("%-*s %5d %9lld", w, mp_tileset_tile_id(r->ts, t), mp_tileset_tile_count(r->ts, t), tt->drawn);
        if (tt->drawn) printf(" %11.1f%%", 100 * ratio(tt->unplaceable, tt->drawn));
        else printf(" %12s", "-");
        if (tt->seen) printf(" %11.2f", ratio(tt->placements, tt->seen));
        else printf(" %11s", "-");
        if (tt->copies) printf(" %8.2f\n", ratio(tt->points, tt->copies));
        else printf(" %8s\n", "-");
    }
    w = 4;
    for (int k = 0; k < r->n_kinds; k++) {
        int l = (int)strlen(mp_tileset_kind_name(r->ts, k));
        if (l > w) w = l;
    }
    printf("\n%-*s %14s %10s %11s\n", w, "kind", "features/game", "completed", "mean tiles");
    for (int k = 0; k < r->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        printf("%-*s %14.2f", w, mp_tileset_kind_name(r->ts, k), ratio(kt->features, games));
        if (kt->features) printf(" %9.1f%% %11.2f\n", 100 * ratio(kt->complete, kt->features), ratio(kt->tiles, kt->features));
        else printf(" %10s %11s\n", "-", "-");
    }
}

static void print_json(const run *r, const totals *s) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(r->setup.rs));
    json_key(&j, "games"); json_int(&j, r->setup.games);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)r->setup.seed);
    json_key(&j, "tiles"); json_array(&j);
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        json_object(&j);
        json_key(&j, "id"); json_string(&j, mp_tileset_tile_id(r->ts, t));
        json_key(&j, "count"); json_int(&j, mp_tileset_tile_count(r->ts, t));
        json_key(&j, "drawn"); json_int(&j, (long)tt->drawn);
        json_key(&j, "unplaceable"); json_int(&j, (long)tt->unplaceable);
        json_key(&j, "mean_placements"); json_double(&j, ratio(tt->placements, tt->seen));
        json_key(&j, "mean_points"); json_double(&j, ratio(tt->points, tt->copies));
        json_object_end(&j);
    }
    json_array_end(&j);
    json_key(&j, "kinds"); json_array(&j);
    for (int k = 0; k < r->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        json_object(&j);
        json_key(&j, "kind"); json_string(&j, mp_tileset_kind_name(r->ts, k));
        json_key(&j, "features_per_game"); json_double(&j, ratio(kt->features, r->setup.games));
        json_key(&j, "completion_rate"); json_double(&j, ratio(kt->complete, kt->features));
        json_key(&j, "mean_tiles"); json_double(&j, ratio(kt->tiles, kt->features));
        json_object_end(&j);
    }
    json_array_end(&j);
    json_object_end(&j);
    json_done(&j);
}

/* One table: a row per tile, then a row per kind whose three numbers sit in the columns after
** the name, the last two left empty. Tile ids and kind names are plain words (no commas). */
static void print_csv(const run *r, const totals *s) {
    printf("section,id,count,drawn,unplaceable,mean_placements,mean_points\n");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        printf("tile,%s,%d,%lld,%lld,%.6g,%.6g\n", mp_tileset_tile_id(r->ts, t), mp_tileset_tile_count(r->ts, t),
               tt->drawn, tt->unplaceable, ratio(tt->placements, tt->seen), ratio(tt->points, tt->copies));
    }
    for (int k = 0; k < r->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        printf("kind,%s,%.6g,%.6g,%.6g,,\n", mp_tileset_kind_name(r->ts, k), ratio(kt->features, r->setup.games),
               ratio(kt->complete, kt->features), ratio(kt->tiles, kt->features));
    }
}

static int print(void *ctx, const void *p) {
    const run *r = ctx;
    if (r->as_json) print_json(r, p);
    else if (r->as_csv) print_csv(r, p);
    else print_text(r, p);
    return 0;
}

static const sim_ops ops = {
    .command = "tilestats", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    sim_params p;
    if ((*rc = sim_read_params(params, "tilestats", &p))) return NULL;
    if (out->svg) {
        fprintf(stderr, "meeple merge: --svg: tilestats draws no chart; expected text, --json or --csv\n");
        *rc = EXIT_USAGE;
        return NULL;
    }
    run *r = new_run(p.ruleset, p.games, p.seed, p.players, rc);
    if (!r) return NULL;
    if ((*rc = sim_same_ruleset(r->setup.rs, p.hash))) { free_run(r); return NULL; }
    r->as_json = out->json;
    r->as_csv = out->csv;
    return r;
}

static void ctx_free(void *ctx) { free_run(ctx); }

const sim_command tilestats_sim = { "tilestats", &ops, ctx_from_params, ctx_free };

/* ------------------------------------------------------------------ the command */

int cmd_tilestats(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, RUN_OPTIONS,
        { "json", no_argument, 0, 'j' },          { "csv", no_argument, 0, 'c' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3";
    bool as_json = false, as_csv = false;
    run_options ro;
    run_options_init(&ro, 1000, "random,random");
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'j': as_json = true; break;
        case 'c': as_csv = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (as_json && as_csv) return usage_error(usage, "--json and --csv exclude each other");
    if (!*ruleset) return usage_error(usage, "--ruleset names no ruleset");
    if (run_check(usage, &ro, NULL)) return EXIT_USAGE;
    seat_list seats;
    if (run_seats(usage, &ro, SEATS_BOTS, &seats)) return EXIT_USAGE;
    rc = 0;
    run *r = new_run(ruleset, ro.games, ro.seed, ro.players, &rc);
    if (!r) return rc;
    r->as_json = as_json;
    r->as_csv = as_csv;
    rc = sim_run(&ops, r, ro.games, &ro.sim);
    free_run(r);
    return rc;
}
