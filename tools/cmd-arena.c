/*
** cmd-arena.c: `meeple arena`, bots against bots: N seeded games of a lineup ("mcts:2000,greedy")
** with the seats rotating, and per lineup entry its wins with a confidence interval, its mean score
** and margin, and what its decisions cost.
**
** Game i is played with seed S+i; seat p is played by entry (p + i) mod n of the lineup and seat 0
** moves first (mp_game_options.first_player), so over n consecutive games each entry moves first
** once and sits at every seat once: the tile order and the first move, which favour a seat, are
** shared out evenly. The bots are driven here one action at a time (mp_bots_play draws the first
** player from the seed); each is made for its seat and game with mp_bot_new, as play would make it.
*/
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots.h"
#include "cmd.h"
#include "json.h"

static const char usage[] =
    "usage: meeple arena --players BOT,BOT[,...] [--games N] [--ruleset NAME] [--seed S] [--progress] [--json]\n"
    "Play N seeded games between bots, the seats rotating from game to game, and report per bot its\n"
    "wins with a 95% interval, its mean score and margin, and the time and iterations a decision took.\n"
    "  --players LIST   the lineup: random, greedy, mcts, mcts:N (iterations a decision) or\n"
    "                   mcts:Ts (seconds a decision), comma-separated; a bot may appear twice\n"
    "  --games N        the number of games (default 100); game i uses seed S+i\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --seed S         seed of the first game (default 1)\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  -h, --help       print this help\n";

/* What one lineup entry did over all games. */
typedef struct entry {
    long wins, shared;             /* games it won; of them, those it shared with a tied leader */
    long first, wins_first;        /* games it moved first; of them, those it won */
    double score, margin;          /* summed over games */
    mp_bot_stats stats;            /* summed over games */
} entry;

typedef struct arena {
    const mp_ruleset *rs;
    const bot_seats *lineup;
    long games;
    uint64_t seed;
    entry e[MP_MAX_PLAYERS];
    long first_wins;               /* games won by seat 0, who moved first */
    double seconds;                /* the whole run, wall clock */
} arena;

/* A share k of n with its 95% Wilson score interval: unlike the normal approximation it stays
** within 0..1 and is honest for few games and for rates near 0 or 1. */
typedef struct rate { double p, lo, hi; } rate;

static rate wilson(long k, long n) {
    rate r = { 0, 0, 1 };
    if (n <= 0) return r;
    const double z = 1.959964;   /* the normal quantile of 97.5% */
    double N = (double)n, p = (double)k / N, z2 = z * z;
    double centre = (p + z2 / (2 * N)) / (1 + z2 / N);
    double half = z * sqrt(p * (1 - p) / N + z2 / (4 * N * N)) / (1 + z2 / N);
    r.p = p;
    r.lo = centre - half < 0 ? 0 : centre - half;
    r.hi = centre + half > 1 ? 1 : centre + half;
    return r;
}

static double per(double x, long n) { return n > 0 ? x / (double)n : 0; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Plays game i (seed S+i, seats rotated) and adds its outcome; 0, or EXIT_BAD_INPUT with d filled. */
static int play_one(arena *a, long i, mp_diag *d) {
    int n = a->lineup->n;
    uint64_t seed = a->seed + (uint64_t)i;
    mp_game_options o = { .n_players = n, .seed = seed, .first_player = 0 };
    mp_game *g = mp_game_new(a->rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    int who[MP_MAX_PLAYERS];         /* the lineup entry at each seat */
    mp_bot *bots[MP_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        who[p] = (int)((p + i) % n);
        bots[p] = mp_bot_new(a->lineup->specs[who[p]], seed, p, d);   /* checked by bots_parse */
    }
    int rc = 0;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action act;
        int p = mp_game_current_player(g);
        if (mp_bot_choose(bots[p], g, &act) || mp_game_apply(g, &act, d)) {
            snprintf(d->file, sizeof d->file, "%s", mp_ruleset_path(a->rs));
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "internal error: seed %llu: seat %d (%s) found no legal action",
                     (unsigned long long)seed, p + 1, a->lineup->names[who[p]]);
            rc = EXIT_BAD_INPUT;
            break;
        }
    }
    if (!rc) {
        unsigned winners = mp_game_winners(g);
        bool tie = (winners & (winners - 1)) != 0;
        a->first_wins += winners & 1;
        for (int p = 0; p < n; p++) {
            entry *e = &a->e[who[p]];
            int score = mp_game_score(g, p), best_other = 0;
            bool other = false;
            for (int q = 0; q < n; q++)
                if (q != p && (!other || mp_game_score(g, q) > best_other)) { best_other = mp_game_score(g, q); other = true; }
            bool won = (winners >> p) & 1;
            e->wins += won;
            e->shared += won && tie;
            e->first += p == 0;
            e->wins_first += p == 0 && won;
            e->score += score;
            e->margin += other ? score - best_other : 0;
            mp_bot_stats s;
            mp_bot_get_stats(bots[p], &s);
            e->stats.decisions += s.decisions;
            e->stats.choices += s.choices;
            e->stats.seconds += s.seconds;
            if (s.max_seconds > e->stats.max_seconds) e->stats.max_seconds = s.max_seconds;
            e->stats.iterations += s.iterations;
        }
    }
    for (int p = 0; p < n; p++) mp_bot_free(bots[p]);
    mp_game_free(g);
    return rc;
}

static void json_rate(json *j, const char *key, rate r) {
    json_key(j, key); json_double(j, r.p);
    char ci[64];
    snprintf(ci, sizeof ci, "%s_ci95", key);
    json_key(j, ci); json_array(j); json_double(j, r.lo); json_double(j, r.hi); json_array_end(j);
}

static void print_json(const arena *a) {
    const bot_seats *l = a->lineup;
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(a->rs));
    json_key(&j, "games"); json_int(&j, a->games);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)a->seed);
    json_key(&j, "seats"); json_int(&j, l->n);
    json_key(&j, "seconds"); json_double(&j, a->seconds);
    json_key(&j, "players"); json_array(&j);
    for (int k = 0; k < l->n; k++) {
        const entry *e = &a->e[k];
        mp_diag d;
        mp_bot *b = mp_bot_new(l->specs[k], 0, 0, &d);   /* for its kind */
        json_object(&j);
        json_key(&j, "name"); json_string(&j, l->names[k]);
        json_key(&j, "spec"); json_string(&j, l->specs[k]);
        json_key(&j, "kind"); json_string(&j, b ? mp_bot_kind(b) : "");
        json_key(&j, "games"); json_int(&j, a->games);
        json_key(&j, "wins"); json_int(&j, e->wins);
        json_key(&j, "shared_wins"); json_int(&j, e->shared);
        json_rate(&j, "win_rate", wilson(e->wins, a->games));
        json_key(&j, "mean_score"); json_double(&j, per(e->score, a->games));
        json_key(&j, "mean_margin"); json_double(&j, per(e->margin, a->games));
        json_key(&j, "games_first"); json_int(&j, e->first);
        json_key(&j, "wins_first"); json_int(&j, e->wins_first);
        json_key(&j, "decisions"); json_int(&j, e->stats.decisions);
        json_key(&j, "seconds"); json_double(&j, e->stats.seconds);
        json_key(&j, "choices"); json_int(&j, e->stats.choices);
        json_key(&j, "seconds_per_choice"); json_double(&j, per(e->stats.seconds, e->stats.choices));
        json_key(&j, "max_seconds"); json_double(&j, e->stats.max_seconds);
        json_key(&j, "iterations"); json_int(&j, e->stats.iterations);
        json_key(&j, "iterations_per_choice"); json_double(&j, per((double)e->stats.iterations, e->stats.choices));
        json_object_end(&j);
        mp_bot_free(b);
    }
    json_array_end(&j);
    json_key(&j, "first_player"); json_object(&j);
    json_key(&j, "games"); json_int(&j, a->games);
    json_key(&j, "wins"); json_int(&j, a->first_wins);
    json_rate(&j, "win_rate", wilson(a->first_wins, a->games));
    json_object_end(&j);
    json_object_end(&j);
    json_done(&j);
}

/* "12 s", "1 min 28 s": the total time in words. */
static void print_duration(double secs) {
    long s = (long)(secs + 0.5);
    if (secs < 10) printf("%.2f s", secs);
    else if (s < 3600) printf(s < 60 ? "%ld s" : "%ld min %ld s", s < 60 ? s : s / 60, s % 60);
    else printf("%ld h %ld min", s / 3600, s % 3600 / 60);
}

static void print_text(const arena *a) {
    const bot_seats *l = a->lineup;
    int n = l->n;
    printf("ruleset %s, %ld game%s, seeds %llu..%llu, %d seat%s rotating (seat 1 moves first)\n\n", mp_ruleset_name(a->rs),
           a->games, plural(a->games), (unsigned long long)a->seed, (unsigned long long)(a->seed + (uint64_t)a->games - 1),
           n, plural(n));
    int w = 6;
    for (int k = 0; k < n; k++)
        if ((int)strlen(l->names[k]) > w) w = (int)strlen(l->names[k]);
    printf("%-*s %6s %6s %6s %8s %15s %8s %8s %10s %10s %9s\n", w, "player", "games", "wins", "shared", "win rate",
           "95% interval", "score", "margin", "iter/choice", "ms/choice", "max ms");
    for (int k = 0; k < n; k++) {
        const entry *e = &a->e[k];
        rate r = wilson(e->wins, a->games);
        char interval[32], iters[24], ms[24], max[24];
        snprintf(interval, sizeof interval, "%.1f%%..%.1f%%", 100 * r.lo, 100 * r.hi);
        if (e->stats.iterations > 0) snprintf(iters, sizeof iters, "%.1f", per((double)e->stats.iterations, e->stats.choices));
        else snprintf(iters, sizeof iters, "-");
        snprintf(ms, sizeof ms, "%.3f", 1000 * per(e->stats.seconds, e->stats.choices));
        snprintf(max, sizeof max, "%.1f", 1000 * e->stats.max_seconds);
        printf("%-*s %6ld %6ld %6ld %7.1f%% %15s %8.2f %+8.2f %11s %10s %9s\n", w, l->names[k], a->games, e->wins, e->shared,
               100 * r.p, interval, per(e->score, a->games), per(e->margin, a->games), iters, ms, max);
    }
    printf("(a choice: a decision with more than one legal action; forced ones are taken at once and not timed)\n");
    rate f = wilson(a->first_wins, a->games);
    printf("\nfirst player (seat 1): won %ld of %ld game%s (%.1f%%, 95%% interval %.1f%%..%.1f%%)\n", a->first_wins,
           a->games, plural(a->games), 100 * f.p, 100 * f.lo, 100 * f.hi);
    for (int k = 0; k < n; k++)
        printf("  %-*s moved first in %ld game%s, won %ld\n", w, l->names[k], a->e[k].first, plural(a->e[k].first),
               a->e[k].wins_first);
    printf("\n");
    printf("%ld game%s in ", a->games, plural(a->games));
    print_duration(a->seconds);
    printf("\n");
}

static int run(arena *a, bool as_json, bool progress_forced) {
    progress pr;
    progress_start(&pr, "arena", a->games, progress_forced);
    double t0 = now();
    for (long i = 0; i < a->games; i++) {
        mp_diag d = { 0 };
        if (play_one(a, i, &d)) {
            progress_end(&pr, i);
            print_diag(&d);
            return EXIT_BAD_INPUT;
        }
        progress_update(&pr, i + 1);
    }
    a->seconds = now() - t0;
    progress_end(&pr, a->games);
    if (as_json) print_json(a);
    else print_text(a);
    return 0;
}

int cmd_arena(int argc, char **argv) {
    static const struct option opts[] = {
        { "players", required_argument, 0, 'p' }, { "games", required_argument, 0, 'g' },
        { "ruleset", required_argument, 0, 'r' }, { "seed", required_argument, 0, 's' },
        { "progress", no_argument, 0, 'P' },      { "json", no_argument, 0, 'j' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *players = NULL, *ruleset = "c3";
    int games = 100;
    uint64_t seed = 1;
    bool as_json = false, progress_forced = false;
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'p': players = optarg; break;
        case 'r': ruleset = optarg; break;
        case 'g':
            if (int_option(usage, "--games", optarg, 1, 10000000, &games)) return EXIT_USAGE;
            break;
        case 's':
            if (seed_option(usage, optarg, &seed)) return EXIT_USAGE;
            break;
        case 'P': progress_forced = true; break;
        case 'j': as_json = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default: return option_error(usage, "h", opts, argv);
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (!players) return usage_error(usage, "expected --players BOT,BOT[,...], the lineup");
    bot_seats lineup = { 0 };
    const char *bad = NULL;
    mp_diag bd = { 0 };
    int n = bots_parse(players, &lineup, &bad, &bd);
    if (n == -1) return usage_error(usage, "bad bot '%s' in --players: %s", quoted(bad), bd.message);
    if (n == -2) return usage_error(usage, "more than %d bots in --players", MP_MAX_PLAYERS);
    if (n == 0) return usage_error(usage, "--players names no bot; expected random, greedy or mcts[:N|:Ts], comma-separated");
    mp_ruleset *rs = load_ruleset(ruleset);
    if (!rs) return EXIT_BAD_INPUT;
    if (check_players(rs, n)) { mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
    arena *a = calloc(1, sizeof *a);
    if (!a) { mp_ruleset_free(rs); fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    a->rs = rs;
    a->lineup = &lineup;
    a->games = games;
    a->seed = seed;
    int rc = run(a, as_json, progress_forced);
    free(a);
    mp_ruleset_free(rs);
    return rc;
}
