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
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bots.h"
#include "cmd.h"
#include "json.h"

static const char usage[] =
    "usage: meeple tilestats [--ruleset NAME] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--progress] [--json | --csv] [--help]\n"
    "Play N seeded bot games and report, per tile, how often it was drawn, fitted nowhere, where it\n"
    "could go and what its features scored, and, per feature kind, how many, how complete, how large.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --games N        the number of games (default 1000)\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --players LIST   bot seats: random, greedy or mcts[:N|:Ts], comma-separated (default random,random)\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  --csv            print the result as CSV: one row per tile, then one per kind\n"
    "  -h, --help       print this help\n";

/* Totals over all games, per tile kind of the tile set. */
typedef struct tile_tot {
    long drawn;            /* left the bag (draw log entries) */
    long unplaceable;      /* of those, fitted nowhere */
    long seen;             /* PLACE decisions where it was the drawn tile and fitted somewhere */
    long placements;       /* the legal placements counted at those decisions */
    long copies;           /* copies on the board at the end of a game */
    long points;           /* points of the features of those copies */
} tile_tot;

/* Totals over all games, per feature kind. */
typedef struct kind_tot {
    long features;         /* distinct features on the board at the end of a game */
    long complete;
    long tiles;            /* their sizes in tiles (a cloister: its 3x3 block) */
} kind_tot;

/* One feature of one tile on the board at the end of a game. */
typedef struct feat {
    int id, kind, complete, tiles;
} feat;

typedef struct stats {
    const mp_tileset *ts;
    int n_tiles, n_kinds;
    tile_tot *tile;
    kind_tot *kind;
    mp_action *legal;      /* a buffer for mp_game_legal */
    int cap_legal;
    feat *feats;           /* a buffer for the features of the board */
    size_t cap_feats;
} stats;

static void *grow(void *p, size_t n, size_t size) {
    void *q = realloc(p, n * size);
    if (!q) {
        fprintf(stderr, "meeple: out of memory\n");
        exit(EXIT_BAD_INPUT);
    }
    return q;
}

/* A PLACE decision: the legal placements of the drawn tile (a hand of several tiles lists the
** others too: only the drawn tile's count). */
static void observe_place(stats *s, const mp_game *g) {
    int t = mp_game_drawn_tile(g);
    if (t < 0 || t >= s->n_tiles) return;
    int n = mp_game_legal(g, NULL, 0);
    if (n > s->cap_legal) {
        s->cap_legal = n;
        s->legal = grow(s->legal, (size_t)n, sizeof *s->legal);
    }
    n = mp_game_legal(g, s->legal, n);
    int k = 0;
    for (int i = 0; i < n; i++) k += s->legal[i].kind == MP_ACT_PLACE && s->legal[i].tile == t;
    if (k > 0) {
        s->tile[t].seen++;
        s->tile[t].placements += k;
    }
}

static int by_id(const void *a, const void *b) {
    int x = ((const feat *)a)->id, y = ((const feat *)b)->id;
    return (x > y) - (x < y);
}

/* The end of a game: its draw log, and the features of its board. */
static void observe_end(stats *s, const mp_game *g) {
    for (int i = 0; i < mp_game_n_drawn(g); i++) {
        int gone = 0;
        int t = mp_game_drawn_at(g, i, &gone);
        if (t < 0 || t >= s->n_tiles) continue;
        s->tile[t].drawn++;
        s->tile[t].unplaceable += gone != 0;
    }
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) return;
    size_t nf = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t < 0 || t >= s->n_tiles) continue;
            int n = mp_tileset_tile_n_features(s->ts, t);
            int ids[64], n_ids = 0;
            long points = 0;
            for (int f = 0; f < n; f++) {
                mp_feature_def def;
                int complete = 0, tiles = 0, pts = 0;
                int id = mp_game_feature_id(g, x, y, f);
                if (id < 0 || mp_tileset_feature(s->ts, t, f, &def) ||
                    mp_game_feature_info(g, x, y, f, &complete, &tiles, &pts))
                    continue;
                if (nf == s->cap_feats) {
                    s->cap_feats = s->cap_feats ? 2 * s->cap_feats : 1024;
                    s->feats = grow(s->feats, s->cap_feats, sizeof *s->feats);
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
        if (f->kind < 0 || f->kind >= s->n_kinds) continue;
        s->kind[f->kind].features++;
        s->kind[f->kind].complete += f->complete != 0;
        s->kind[f->kind].tiles += f->tiles;
    }
}

/* Plays one game with every PLACE decision observed; 0, or EXIT_BAD_INPUT with d filled. */
static int play_one(stats *s, const mp_ruleset *rs, const char *const *specs, int np, uint64_t seed, mp_diag *d) {
    mp_game_options o = { .n_players = np, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    mp_bot *seats[MP_MAX_PLAYERS];
    for (int p = 0; p < np; p++) seats[p] = mp_bot_new(specs[p], seed, p, d);   /* specs checked by bots_parse */
    int rc = 0;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        if (mp_game_phase(g) == MP_PHASE_PLACE) observe_place(s, g);
        mp_action a;
        int p = mp_game_current_player(g);
        if (mp_bot_choose(seats[p], g, &a) || mp_game_apply(g, &a, d)) {
            snprintf(d->file, sizeof d->file, "%s", mp_ruleset_path(rs));
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "internal error: seed %llu: seat %d found no legal action",
                     (unsigned long long)seed, p + 1);
            rc = EXIT_BAD_INPUT;
            break;
        }
    }
    if (!rc) observe_end(s, g);
    for (int p = 0; p < np; p++) mp_bot_free(seats[p]);
    mp_game_free(g);
    return rc;
}

static double ratio(long a, long b) { return b > 0 ? (double)a / (double)b : 0; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void print_text(const stats *s, const mp_ruleset *rs, long games, uint64_t seed, const char *const *names,
                       int np, double secs) {
    printf("ruleset %s, %ld game%s, seeds %llu..%llu, players", mp_ruleset_name(rs), games, games == 1 ? "" : "s",
           (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)games - 1));
    for (int p = 0; p < np; p++) printf("%s %s", p ? "," : "", names[p]);
    printf("; %.1f s\n\n", secs);
    int w = 4;
    for (int t = 0; t < s->n_tiles; t++) {
        int l = (int)strlen(mp_tileset_tile_id(s->ts, t));
        if (l > w) w = l;
    }
    printf("%-*s %5s %9s %12s %11s %8s\n", w, "tile", "count", "drawn", "unplaceable", "placements", "points");
    for (int t = 0; t < s->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        printf("%-*s %5d %9ld", w, mp_tileset_tile_id(s->ts, t), mp_tileset_tile_count(s->ts, t), tt->drawn);
        if (tt->drawn) printf(" %11.1f%%", 100 * ratio(tt->unplaceable, tt->drawn));
        else printf(" %12s", "-");
        if (tt->seen) printf(" %11.2f", ratio(tt->placements, tt->seen));
        else printf(" %11s", "-");
        if (tt->copies) printf(" %8.2f\n", ratio(tt->points, tt->copies));
        else printf(" %8s\n", "-");
    }
    w = 4;
    for (int k = 0; k < s->n_kinds; k++) {
        int l = (int)strlen(mp_tileset_kind_name(s->ts, k));
        if (l > w) w = l;
    }
    printf("\n%-*s %14s %10s %11s\n", w, "kind", "features/game", "completed", "mean tiles");
    for (int k = 0; k < s->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        printf("%-*s %14.2f", w, mp_tileset_kind_name(s->ts, k), ratio(kt->features, games));
        if (kt->features) printf(" %9.1f%% %11.2f\n", 100 * ratio(kt->complete, kt->features), ratio(kt->tiles, kt->features));
        else printf(" %10s %11s\n", "-", "-");
    }
}

static void print_json(const stats *s, const mp_ruleset *rs, long games, uint64_t seed, double secs) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(rs));
    json_key(&j, "games"); json_int(&j, games);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
    json_key(&j, "seconds"); json_double(&j, secs);
    json_key(&j, "tiles"); json_array(&j);
    for (int t = 0; t < s->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        json_object(&j);
        json_key(&j, "id"); json_string(&j, mp_tileset_tile_id(s->ts, t));
        json_key(&j, "count"); json_int(&j, mp_tileset_tile_count(s->ts, t));
        json_key(&j, "drawn"); json_int(&j, tt->drawn);
        json_key(&j, "unplaceable"); json_int(&j, tt->unplaceable);
        json_key(&j, "mean_placements"); json_double(&j, ratio(tt->placements, tt->seen));
        json_key(&j, "mean_points"); json_double(&j, ratio(tt->points, tt->copies));
        json_object_end(&j);
    }
    json_array_end(&j);
    json_key(&j, "kinds"); json_array(&j);
    for (int k = 0; k < s->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        json_object(&j);
        json_key(&j, "kind"); json_string(&j, mp_tileset_kind_name(s->ts, k));
        json_key(&j, "features_per_game"); json_double(&j, ratio(kt->features, games));
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
static void print_csv(const stats *s, long games) {
    printf("section,id,count,drawn,unplaceable,mean_placements,mean_points\n");
    for (int t = 0; t < s->n_tiles; t++) {
        const tile_tot *tt = &s->tile[t];
        printf("tile,%s,%d,%ld,%ld,%.6g,%.6g\n", mp_tileset_tile_id(s->ts, t), mp_tileset_tile_count(s->ts, t),
               tt->drawn, tt->unplaceable, ratio(tt->placements, tt->seen), ratio(tt->points, tt->copies));
    }
    for (int k = 0; k < s->n_kinds; k++) {
        const kind_tot *kt = &s->kind[k];
        printf("kind,%s,%.6g,%.6g,%.6g,,\n", mp_tileset_kind_name(s->ts, k), ratio(kt->features, games),
               ratio(kt->complete, kt->features), ratio(kt->tiles, kt->features));
    }
}

static int run_stats(const mp_ruleset *rs, long games, uint64_t seed, const char *const *specs, const char *const *names,
                     int np, bool as_json, bool as_csv, bool progress_forced) {
    stats s = { 0 };
    s.ts = mp_ruleset_tiles(rs);
    s.n_tiles = mp_tileset_n_tiles(s.ts);
    s.n_kinds = mp_tileset_n_kinds(s.ts);
    s.tile = calloc((size_t)s.n_tiles + 1, sizeof *s.tile);
    s.kind = calloc((size_t)s.n_kinds + 1, sizeof *s.kind);
    if (!s.tile || !s.kind) {
        free(s.tile);
        free(s.kind);
        fprintf(stderr, "meeple: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    progress pr;
    progress_start(&pr, "tilestats", games, progress_forced);
    double t0 = now();
    int rc = 0;
    long done = 0;
    for (; done < games && !rc; done++) {
        mp_diag d = { 0 };
        if ((rc = play_one(&s, rs, specs, np, seed + (uint64_t)done, &d))) print_diag(&d);
        else progress_update(&pr, done + 1);
    }
    double secs = now() - t0;
    progress_end(&pr, done);
    if (!rc) {
        if (as_json) print_json(&s, rs, games, seed, secs);
        else if (as_csv) print_csv(&s, games);
        else print_text(&s, rs, games, seed, names, np, secs);
    }
    free(s.tile);
    free(s.kind);
    free(s.legal);
    free(s.feats);
    return rc;
}

int cmd_tilestats(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, { "games", required_argument, 0, 'g' },
        { "seed", required_argument, 0, 's' },    { "players", required_argument, 0, 'p' },
        { "json", no_argument, 0, 'j' },          { "csv", no_argument, 0, 'c' },
        { "progress", no_argument, 0, 'P' },      { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3", *players = "random,random";
    long games = 1000;
    uint64_t seed = 1;
    bool as_json = false, as_csv = false, progress_forced = false;
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'p': players = optarg; break;
        case 'j': as_json = true; break;
        case 'c': as_csv = true; break;
        case 'P': progress_forced = true; break;
        case 'g': {
            int n;
            if (int_option(usage, "--games", optarg, 1, 10000000, &n)) return EXIT_USAGE;
            games = n;
            break;
        }
        case 's':
            if (seed_option(usage, optarg, &seed)) return EXIT_USAGE;
            break;
        case 'h': fputs(usage, stdout); return 0;
        default: return option_error(usage, "h", opts, argv);
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (as_json && as_csv) return usage_error(usage, "--json and --csv exclude each other");
    if (!*ruleset) return usage_error(usage, "--ruleset names no ruleset");
    bot_seats seats = { 0 };
    const char *bad = NULL;
    mp_diag bd = { 0 };
        int np = bots_parse(players, &seats, &bad, &bd);
    if (np == -1) return usage_error(usage, "bad bot '%s' in --players: %s", quoted(bad), bd.message);
    if (np == -2) return usage_error(usage, "more than %d seats", MP_MAX_PLAYERS);
    if (np == 0) return usage_error(usage, "--players names no seat; expected random, greedy or mcts[:N|:Ts], comma-separated");
    mp_ruleset *rs = load_ruleset(ruleset);
    if (!rs) return EXIT_BAD_INPUT;
    if (check_players(rs, seats.n)) { mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
    int rc = run_stats(rs, games, seed, seats.specs, seats.names, seats.n, as_json, as_csv, progress_forced);
    mp_ruleset_free(rs);
    return rc;
}
