/*
** cmd-bench.c: `meeple bench`, how fast the engine plays: random two-player games, single
** threaded, and full lists of legal placements timed apart from play.
**
** Play: game i uses seed S+i; every decision takes a uniformly random legal action (a generator of
** the bench's own, so the games are the same on every run and machine), with one list of legal
** actions per decision in a fixed buffer: no allocation but the game's own. Lists: every seventh
** placement decision of the first games is kept (a copy of the game), up to 1,000 positions; each
** is then listed again and again for a fixed number of rounds, the clock running only around the
** lists. Copies: each kept position copied (mp_game_clone) and freed, COPY_ROUNDS times; and
** copied into one game kept for it (mp_game_copy), as a tree search copies its position every
** iteration. Determinizations: each kept position copied once, then dealt anew for the seat to
** move (mp_game_determinize) DEAL_ROUNDS times, the clock running only around the deals. MCTS: an
** mcts bot of MCTS_SPEC decides at the first MCTS_POSITIONS kept positions of the middle third of
** a game; iterations/s is its iterations over its seconds (mp_bot_get_stats). Bytes per game state:
** what mp_game_state_bytes says of the games at their end. And which SIMD path listed
** (MEEPLE_SIMD, core/list.c): mp_simd_path and mp_simd_runs (meeple.h) say. Then scaling
** (tools/sim/bench-scaling.c): games/s on one thread and on --jobs threads, of the same games.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cmd.h"
#include "json.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple bench [--ruleset NAME] [--games N] [--seed S] [--jobs N] [--players SEAT,SEAT[,...]] [--scaling-games N] [--progress] [--json] [--help]\n"
    "       meeple bench --signature [--json]\n"
    "Play N random two-player games single-threaded and report games/s, placements/s, full\n"
    "legal-placement lists/s (timed apart from play), legal placements per list, state copies/s\n"
    "(new and into a reused game), determinizations/s, MCTS iterations/s (mcts:500 at up to 20\n"
    "mid-game placements), bytes per game state, and the SIMD path the lists took (MEEPLE_SIMD);\n"
    "then scaling: games/s of the same seeded games on 1 thread and on N, and the speed-up.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --games N        the number of games, 1 to " RUN_GAMES_TEXT " (default 20000)\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --jobs N         the threads of the scaling run (default: the cores available)\n"
    "  --players LIST   scaling: whole games between these bots, random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]\n"
    "                   (default: the random two-player games above)\n"
    "  --scaling-games N  scaling: the games, 1 to " RUN_GAMES_TEXT " (default: per thread 5000 of the\n"
    "                   bench's, 4000 of random bots, 100 with a greedy bot, 4 with an mcts bot;\n"
    "                   at most --games)\n"
    "  --signature      play a fixed set of seeded games under the shipped rulesets and print one\n"
    "                   number from every legal list and every score (no timing): a change\n"
    "                   that alters play changes it\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  -h, --help       print this help\n";

enum { LEGAL_CAP = BENCH_LEGAL_CAP, MAX_POSITIONS = 1000, LIST_ROUNDS = 200, COPY_ROUNDS = 20, DEAL_ROUNDS = 20,
       MCTS_POSITIONS = 20, EVAL_ROUNDS = 20 };
#define MCTS_SPEC "mcts:500"
#define ROLLOUT_SPEC "mcts-rollout:500"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct bench {
    bench_counts c;                  /* the games played */
    double play_secs;
    long lists, listed;              /* lists timed, placements they held */
    double list_secs;
    long copies;                     /* copies made and freed */
    double copy_secs;
    long reused;                     /* copies into a game kept for them */
    double reuse_secs;
    long deals;                      /* determinizations */
    double deal_secs;
    long evals;                      /* learned evaluations (or, without weights, their features) */
    double eval_secs;
    bool weighed;                    /* the ruleset has weights: evals are whole evaluations */
    int mcts_positions;              /* positions the mcts bot decided at */
    mp_bot_stats mcts, rollout;      /* what the decisions of the mcts and the mcts-rollout bot took */
    int n_positions;
    mp_game *positions[MAX_POSITIONS];
} bench;

int bench_random_game(const mp_ruleset *rs, uint64_t seed, mp_action *legal, bench_counts *c, bench_hook *hook,
                      void *arg, mp_diag *d) {
    mp_game_options o = { .n_players = 2, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    mp_game_start(g, d);
    uint64_t choice = seed * 0x2545f4914f6cdd1dULL;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        bool placing = mp_game_phase(g) == MP_PHASE_PLACE;
        if (hook) hook(arg, g, c->decisions);
        int n = mp_game_legal(g, legal, LEGAL_CAP);
        if (n <= 0 || n > LEGAL_CAP) {
            snprintf(d->message, sizeof d->message, "seed %llu: %d legal actions", (unsigned long long)seed, n);
            mp_game_free(g);
            return EXIT_BAD_INPUT;
        }
        if (mp_game_apply(g, &legal[next(&choice) % (uint64_t)n], d)) { mp_game_free(g); return EXIT_BAD_INPUT; }
        c->decisions++;
        c->placements += placing;
    }
    c->state_bytes += mp_game_state_bytes(g);
    for (int p = 0; p < 2; p++) c->score_sum += mp_game_score(g, p);
    mp_game_free(g);
    c->games++;
    return 0;
}

/* Keeps every seventh placement position (of all decisions so far) for the list timing. */
static void keep_position(void *arg, const mp_game *g, long decisions) {
    bench *b = arg;
    if (mp_game_phase(g) == MP_PHASE_PLACE && b->n_positions < MAX_POSITIONS && decisions % 7 == 0)
        b->positions[b->n_positions++] = mp_game_clone(g);
}

/* Lists the kept positions LIST_ROUNDS times each, timing only the lists. */
static void time_lists(bench *b, mp_action *legal) {
    double t0 = now();
    for (int round = 0; round < LIST_ROUNDS; round++)
        for (int i = 0; i < b->n_positions; i++) {
            b->listed += mp_game_legal(b->positions[i], legal, LEGAL_CAP);
            b->lists++;
        }
    b->list_secs = now() - t0;
}

/* Copies the kept positions and frees the copies, COPY_ROUNDS times each. */
static void time_copies(bench *b) {
    double t0 = now();
    for (int round = 0; round < COPY_ROUNDS; round++)
        for (int i = 0; i < b->n_positions; i++) {
            mp_game_free(mp_game_clone(b->positions[i]));
            b->copies++;
        }
    b->copy_secs = now() - t0;
}

/* Copies the kept positions into one game kept for them, COPY_ROUNDS times each (a game of the
** same ruleset and players: mp_game_copy reuses its memory). */
static int time_reused_copies(bench *b) {
    if (b->n_positions == 0) return 0;
    mp_game *dst = mp_game_clone(b->positions[0]);
    double t0 = now();
    for (int round = 0; round < COPY_ROUNDS; round++)
        for (int i = 0; i < b->n_positions; i++) {
            if (mp_game_copy(dst, b->positions[i])) { mp_game_free(dst); return 1; }
            b->reused++;
        }
    b->reuse_secs = now() - t0;
    mp_game_free(dst);
    return 0;
}

/* Deals each kept position anew for the seat to move, DEAL_ROUNDS times, on a copy (a deal changes
** the game), timing only the deals. */
static int time_deals(bench *b) {
    if (b->n_positions == 0) return 0;
    mp_game *g = mp_game_clone(b->positions[0]);
    for (int i = 0; i < b->n_positions; i++) {
        if (mp_game_copy(g, b->positions[i])) { mp_game_free(g); return 1; }
        int p = mp_game_current_player(g);
        double t0 = now();
        for (int round = 0; round < DEAL_ROUNDS; round++) mp_game_determinize(g, p, (uint64_t)round + 1);
        b->deal_secs += now() - t0;
        b->deals += DEAL_ROUNDS;
    }
    mp_game_free(g);
    return 0;
}

/* Weighs each kept position with the learned evaluation (mp_evaluate; without weights, reads its
** features, mp_eval_features), EVAL_ROUNDS times, each on a fresh copy (an evaluation ends the game
** it weighs), timing only the evaluations. */
static int time_evals(bench *b) {
    if (b->n_positions == 0) return 0;
    mp_game *g = mp_game_clone(b->positions[0]);
    mp_evaluator *e = mp_evaluator_new(g);
    b->weighed = e != NULL;
    int x[MP_MAX_PLAYERS * MP_EVAL_MAX], before[MP_MAX_PLAYERS];
    double v[MP_MAX_PLAYERS];
    for (int round = 0; round < EVAL_ROUNDS; round++)
        for (int i = 0; i < b->n_positions; i++) {
            if (mp_game_copy(g, b->positions[i])) { mp_game_free(g); mp_evaluator_free(e); return 1; }
            double t0 = now();
            if (e) mp_evaluate(e, g, v);
            else mp_eval_features(g, x, before);
            b->eval_secs += now() - t0;
            b->evals++;
        }
    mp_evaluator_free(e);
    mp_game_free(g);
    return 0;
}

/* A bot of spec decides at the first MCTS_POSITIONS kept positions of the middle third of a game
** (tiles placed from a third to two thirds of those placed and left): the opening has few
** placements, the end game short playouts. */
static int time_bot(bench *b, const char *spec, mp_bot_stats *stats) {
    mp_diag d;
    mp_bot *bot = mp_bot_new(spec, 1, 0, &d);
    if (!bot) abort();   /* a spec of our own */
    int decided = 0;
    for (int i = 0; i < b->n_positions && decided < MCTS_POSITIONS; i++) {
        const mp_game *g = b->positions[i];
        int placed = mp_game_turn(g), all = placed + mp_game_tiles_left(g);
        if (3 * placed < all || 3 * placed > 2 * all) continue;
        mp_action a;
        if (mp_bot_choose(bot, g, &a) == 0) decided++;
    }
    mp_bot_get_stats(bot, stats);
    mp_bot_free(bot);
    return decided;
}

static void time_mcts(bench *b) {
    b->mcts_positions = time_bot(b, MCTS_SPEC, &b->mcts);
    time_bot(b, ROLLOUT_SPEC, &b->rollout);
}

static double per(double n, double secs) { return secs > 0 ? n / secs : 0; }

/* The paths this machine runs, "scalar, sse2, avx2". */
static void simd_paths(char *out, size_t size) {
    size_t used = 0;
    out[0] = 0;
    for (int p = 0; p < MP_SIMD_PATHS; p++)
        if (mp_simd_runs((mp_simd)p) && used < size)
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", mp_simd_name((mp_simd)p));
}

/* Which path listed, and why: MEEPLE_SIMD as it was set, or not. */
static void print_simd(void) {
    const char *want = getenv("MEEPLE_SIMD"), *used = mp_simd_name(mp_simd_path());
    char paths[64];
    simd_paths(paths, sizeof paths);
    if (!want || !*want) printf("  placement lists by %s (MEEPLE_SIMD unset; this machine runs %s)\n", used, paths);
    else if (strcmp(want, "auto") == 0 || strcmp(want, used) == 0)
        printf("  placement lists by %s (MEEPLE_SIMD=%s; this machine runs %s)\n", used, want, paths);
    else printf("  placement lists by %s (MEEPLE_SIMD=%s is not a path this machine runs; it runs %s)\n", used, want, paths);
}

static void print_json(const bench *b, const mp_ruleset *rs, uint64_t seed, const bench_scaling *sc) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(rs));
    json_key(&j, "games"); json_int(&j, b->c.games);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
    json_key(&j, "seconds"); json_double(&j, b->play_secs);
    json_key(&j, "games_per_second"); json_double(&j, per((double)b->c.games, b->play_secs));
    json_key(&j, "placements_per_second"); json_double(&j, per((double)b->c.placements, b->play_secs));
    json_key(&j, "decisions_per_second"); json_double(&j, per((double)b->c.decisions, b->play_secs));
    json_key(&j, "lists_per_second"); json_double(&j, per((double)b->lists, b->list_secs));
    json_key(&j, "placements_per_list"); json_double(&j, b->lists ? (double)b->listed / (double)b->lists : 0);
    json_key(&j, "copies_per_second"); json_double(&j, per((double)b->copies, b->copy_secs));
    json_key(&j, "reused_copies_per_second"); json_double(&j, per((double)b->reused, b->reuse_secs));
    json_key(&j, "determinizations_per_second"); json_double(&j, per((double)b->deals, b->deal_secs));
    json_key(&j, "mcts"); json_string(&j, MCTS_SPEC);
    json_key(&j, "mcts_positions"); json_int(&j, b->mcts_positions);
    json_key(&j, "mcts_iterations_per_second"); json_double(&j, per((double)b->mcts.iterations, b->mcts.seconds));
    json_key(&j, "mcts_rollout"); json_string(&j, ROLLOUT_SPEC);
    json_key(&j, "mcts_rollout_iterations_per_second"); json_double(&j, per((double)b->rollout.iterations, b->rollout.seconds));
    json_key(&j, "weights"); json_bool(&j, b->weighed);
    json_key(&j, "evaluations_per_second"); json_double(&j, per((double)b->evals, b->eval_secs));
    json_key(&j, "bytes_per_state"); json_double(&j, b->c.games ? (double)b->c.state_bytes / (double)b->c.games : 0);
    json_key(&j, "simd"); json_string(&j, mp_simd_name(mp_simd_path()));
    json_key(&j, "simd_paths");
    json_array(&j);
    for (int p = 0; p < MP_SIMD_PATHS; p++)
        if (mp_simd_runs((mp_simd)p)) json_string(&j, mp_simd_name((mp_simd)p));
    json_array_end(&j);
    bench_scaling_json(&j, sc);
    json_object_end(&j);
    json_done(&j);
}

static void print_text(const bench *b, const mp_ruleset *rs, uint64_t seed, const bench_scaling *sc) {
    printf("ruleset %s, %ld random two-player games in %.2f s\n", mp_ruleset_name(rs), b->c.games, b->play_secs);
    printf("  %12.0f games/s\n", per((double)b->c.games, b->play_secs));
    printf("  %12.0f placements/s\n", per((double)b->c.placements, b->play_secs));
    printf("  %12.0f decisions/s\n", per((double)b->c.decisions, b->play_secs));
    printf("  %12.0f legal-placement lists/s (%d position%s x %d rounds)\n", per((double)b->lists, b->list_secs),
           b->n_positions, plural(b->n_positions), LIST_ROUNDS);
    printf("  %12.1f legal placements per list\n", b->lists ? (double)b->listed / (double)b->lists : 0);
    printf("  %12.0f state copies/s (copy and free)\n", per((double)b->copies, b->copy_secs));
    printf("  %12.0f state copies/s into a reused game (mp_game_copy)\n", per((double)b->reused, b->reuse_secs));
    printf("  %12.0f determinizations/s (mp_game_determinize on a copy)\n", per((double)b->deals, b->deal_secs));
    printf("  %12.0f MCTS iterations/s (%s at %d mid-game placement%s, %.1f ms a decision)\n",
           per((double)b->mcts.iterations, b->mcts.seconds), MCTS_SPEC, b->mcts_positions, plural(b->mcts_positions),
           b->mcts.decisions ? 1000 * b->mcts.seconds / (double)b->mcts.decisions : 0);
    printf("  %12.0f MCTS iterations/s of the rollout bot (%s at the same placements, %.1f ms a decision)\n",
           per((double)b->rollout.iterations, b->rollout.seconds), ROLLOUT_SPEC,
           b->rollout.decisions ? 1000 * b->rollout.seconds / (double)b->rollout.decisions : 0);
    printf("  %12.0f evaluations/s (%s, on a copy of each kept position)\n", per((double)b->evals, b->eval_secs),
           b->weighed ? "the learned evaluation, mp_evaluate" : "no weights: the features alone, mp_eval_features");
    printf("  %12.0f bytes per game state\n", b->c.games ? (double)b->c.state_bytes / (double)b->c.games : 0);
    print_simd();
    bench_scaling_text(sc, seed);
}

static int run(const mp_ruleset *rs, long games, uint64_t seed, bench_scaling *sc, bool as_json, bool progress_forced) {
    bench *b = calloc(1, sizeof *b);
    mp_action *legal = malloc(LEGAL_CAP * sizeof *legal);
    if (!b || !legal) abort();
    progress pr;
    progress_start(&pr, "bench", games, progress_forced);
    int rc = 0;
    double t0 = now();
    for (long i = 0; i < games && !rc; i++) {
        mp_diag d = { 0 };
        if ((rc = bench_random_game(rs, seed + (uint64_t)i, legal, &b->c, keep_position, b, &d))) print_diag(&d);
        else progress_update(&pr, i + 1);   /* a clock reading: far below a game's time */
    }
    b->play_secs = now() - t0;   /* the copies kept for the lists are in it: a few hundred µs */
    progress_end(&pr, b->c.games);
    if (!rc) {
        time_lists(b, legal);
        time_copies(b);
        if (time_reused_copies(b) || time_deals(b) || time_evals(b)) {
            fprintf(stderr, "meeple bench: internal error: mp_game_copy refused a kept position\n");
            rc = EXIT_BAD_INPUT;
        }
    }
    if (!rc) {
        time_mcts(b);
        rc = bench_scale(rs, seed, progress_forced, sc);
    }
    if (!rc) {
        if (as_json) print_json(b, rs, seed, sc);
        else print_text(b, rs, seed, sc);
    }
    for (int i = 0; i < b->n_positions; i++) mp_game_free(b->positions[i]);
    free(legal);
    free(b);
    return rc;
}

int cmd_bench(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, RUN_OPTIONS_UNSHARDED,
        { "json", no_argument, 0, 'j' },          { "scaling-games", required_argument, 0, 'G' },
        { "help", no_argument, 0, 'h' },          { "signature", no_argument, 0, 'S' },
        { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3";
    bool as_json = false, signature = false;
    run_options ro;
    run_options_init(&ro, 20000, NULL);
    int scaling_games = 0;
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'j': as_json = true; break;
        case 'G':
            if (int_option(usage, "--scaling-games", optarg, 1, RUN_GAMES_MAX, &scaling_games)) return EXIT_USAGE;
            break;
        case 'S': signature = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (signature) {
        if (argc - optind != 0 || argc > 2 + as_json)
            return usage_error(usage, "--signature takes no other option but --json");
        return bench_signature(as_json);
    }
    bench_scaling sc = { .players = ro.players, .jobs = ro.sim.jobs };
    int seats = 2;
    if (sc.players) {
        seat_list lineup;
        if (run_seats(usage, &ro, SEATS_BOTS, &lineup)) return EXIT_USAGE;
        seats = lineup.n;
    }
    if (!sc.jobs) sc.jobs = sim_default_jobs();
    if (!(sc.games = scaling_games)) {   /* a few seconds' worth, and no more than --games */
        sc.games = bench_scaling_games(sc.players, sc.jobs);
        if (sc.games > ro.games) sc.games = ro.games;
    }
    mp_ruleset *rs = load_ruleset(ruleset);
    if (!rs) return EXIT_BAD_INPUT;
    if (mp_ruleset_min_players(rs) > 2 || mp_ruleset_max_players(rs) < 2) {
        fprintf(stderr, "meeple bench: ruleset '%s' is not for two players\n", mp_ruleset_name(rs));
        mp_ruleset_free(rs);
        return EXIT_BAD_INPUT;
    }
    if (seats != 2 && check_players(rs, seats)) { mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
    rc = run(rs, ro.games, ro.seed, &sc, as_json, ro.sim.progress_forced);
    mp_ruleset_free(rs);
    return rc;
}
