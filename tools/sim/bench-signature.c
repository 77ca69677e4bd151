/*
** bench-signature.c: `meeple bench --signature`, one number that changes when play changes.
**
** As Stockfish's `bench` gives its developers a node count, this plays a fixed set of seeded
** games and folds into one 64-bit hash everything the rules decide: every legal action of every
** decision (in notation, in the order listed), the action taken, every score after it, and at
** the end each player's points by category. The set: for each ruleset of SIGNATURE_RULESETS,
** RANDOM_GAMES games of uniformly random actions (the choice drawn by a generator of its own from
** the seed) with the player counts cycling through the ruleset's range, and BOT_GAMES games
** between the greedy and an mcts bot of a small budget, so that the bots' choices are covered
** too. tests/cli/signature.sh keeps the number the suite expects (tests/bench-signature): a
** change meant to keep play the same proves it by leaving the number alone, and one that alters
** play shows it at once (meeple-bench(1), SIGNATURE).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cmd.h"
#include "json.h"

/* The rulesets the signature plays, by name: a fixed list, so that a ruleset added to the
** directory does not change the number until it is added here (and the stored number with it). */
static const char *const SIGNATURE_RULESETS[] = {
    "c3", "c3-nofarmers", "c3-river", "c1", "c1-2001", "c1-2000", "bcb", "bcb-rgg", "bcb-zmg", "castle", "castle-hig",
};
enum { N_RULESETS = sizeof SIGNATURE_RULESETS / sizeof SIGNATURE_RULESETS[0] };
enum { RANDOM_GAMES = 40, BOT_GAMES = 3, DECISION_CAP = 100000 };
static const char *const BOT_LINEUP[] = { "greedy", "mcts:30" };

typedef struct signature {
    uint64_t hash;
    long games, decisions, actions;
} signature;

/* FNV-1a, 64 bits: a byte string folded in. */
static void mix_bytes(signature *s, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) s->hash = (s->hash ^ b[i]) * 0x100000001b3ULL;
}

static void mix_int(signature *s, long long v) {
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%lld;", v);
    mix_bytes(s, buf, (size_t)n);
}

static uint64_t next_choice(uint64_t *x) {   /* splitmix64 */
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Every legal action of the position, in notation and in order. */
static void mix_legal(signature *s, const mp_game *g, const mp_action *legal, int n) {
    mix_int(s, n);
    for (int i = 0; i < n; i++) {
        char text[256];
        int len = mp_notation_format(g, &legal[i], text, sizeof text);
        if (len > 0) mix_bytes(s, text, (size_t)len < sizeof text ? (size_t)len : sizeof text - 1);
        mix_bytes(s, " ", 1);
    }
    s->actions += n;
}

static void mix_scores(signature *s, const mp_game *g) {
    for (int p = 0; p < mp_game_n_players(g); p++) mix_int(s, mp_game_score(g, p));
}

static void mix_final(signature *s, const mp_game *g) {
    for (int p = 0; p < mp_game_n_players(g); p++)
        for (int c = 0; c < mp_game_n_categories(g); c++) mix_int(s, mp_game_points(g, p, c));
    mix_int(s, mp_game_winners(g));
    mix_int(s, mp_game_discarded(g));
}

/* One game: random choices (bots NULL) or the bots of the seats. 0, or 1 with d filled. */
static int play_one(signature *s, const mp_ruleset *rs, int players, uint64_t seed, mp_bot **bots, mp_action *legal,
                    mp_diag *d) {
    mp_game_options o = { .n_players = players, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return 1;
    mp_game_start(g, d);
    uint64_t choice = seed * 0x2545f4914f6cdd1dULL + (uint64_t)players;
    int rc = 0;
    for (long k = 0; mp_game_phase(g) != MP_PHASE_OVER && !rc; k++) {
        int n = mp_game_legal(g, legal, BENCH_LEGAL_CAP);
        if (n <= 0 || n > BENCH_LEGAL_CAP || k == DECISION_CAP) {
            snprintf(d->message, sizeof d->message, "ruleset '%s' seed %llu: %d legal actions", mp_ruleset_name(rs),
                     (unsigned long long)seed, n);
            rc = 1;
            break;
        }
        mix_legal(s, g, legal, n);
        mp_action a = legal[next_choice(&choice) % (uint64_t)n];
        if (bots && mp_bot_choose(bots[mp_game_current_player(g)], g, &a)) {
            snprintf(d->message, sizeof d->message, "ruleset '%s' seed %llu: a bot did not choose", mp_ruleset_name(rs),
                     (unsigned long long)seed);
            rc = 1;
            break;
        }
        char text[256];
        int len = mp_notation_format(g, &a, text, sizeof text);
        if (len > 0) mix_bytes(s, text, (size_t)len < sizeof text ? (size_t)len : sizeof text - 1);
        if (mp_game_apply(g, &a, d)) rc = 1;
        mix_scores(s, g);
        s->decisions++;
    }
    if (!rc) mix_final(s, g);
    s->games++;
    mp_game_free(g);
    return rc;
}

static int play_ruleset(signature *s, const mp_ruleset *rs, mp_action *legal, mp_diag *d) {
    int lo = mp_ruleset_min_players(rs), hi = mp_ruleset_max_players(rs);
    for (int i = 0; i < RANDOM_GAMES; i++)
        if (play_one(s, rs, lo + i % (hi - lo + 1), (uint64_t)i + 1, NULL, legal, d)) return 1;
    for (int i = 0; i < BOT_GAMES; i++) {
        mp_bot *bots[2];
        uint64_t seed = (uint64_t)i + 1;
        for (int p = 0; p < 2; p++)
            if (!(bots[p] = mp_bot_new(BOT_LINEUP[p], seed, p, d))) abort();   /* specs of our own */
        int rc = lo <= 2 && hi >= 2 ? play_one(s, rs, 2, seed, bots, legal, d) : 0;
        for (int p = 0; p < 2; p++) mp_bot_free(bots[p]);
        if (rc) return 1;
    }
    return 0;
}

int bench_signature(bool as_json) {
    signature s = { .hash = 0xcbf29ce484222325ULL };
    mp_action *legal = malloc(BENCH_LEGAL_CAP * sizeof *legal);
    if (!legal) abort();
    int rc = 0;
    for (int r = 0; r < N_RULESETS && !rc; r++) {
        mp_ruleset *rs = load_ruleset(SIGNATURE_RULESETS[r]);
        if (!rs) { rc = EXIT_BAD_INPUT; break; }
        mix_bytes(&s, SIGNATURE_RULESETS[r], strlen(SIGNATURE_RULESETS[r]) + 1);
        mp_diag d = { 0 };
        if (play_ruleset(&s, rs, legal, &d)) {
            print_diag(&d);
            rc = EXIT_BAD_INPUT;
        }
        mp_ruleset_free(rs);
    }
    free(legal);
    if (rc) return rc;
    if (as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        char hex[20];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)s.hash);
        json_key(&j, "signature"); json_string(&j, hex);
        json_key(&j, "rulesets"); json_int(&j, N_RULESETS);
        json_key(&j, "games"); json_int(&j, s.games);
        json_key(&j, "decisions"); json_int(&j, s.decisions);
        json_key(&j, "legal_actions"); json_int(&j, s.actions);
        json_object_end(&j);
        json_done(&j);
    } else {
        printf("signature %016llx (%d rulesets, %ld games, %ld decisions, %ld legal actions)\n",
               (unsigned long long)s.hash, N_RULESETS, s.games, s.decisions, s.actions);
    }
    return 0;
}
