/*
** cmd-compare.c: `meeple compare`, the same game (a record) or the same seeded games under
** several rulesets, side by side, with the rules that make the scores differ.
**
** One record: its actions are replayed under each ruleset (the tiles it names are drawn), and the
** totals and points per category are set side by side; every score that differs is marked and
** explained by the rules in which the rulesets differ that can change that category. A ruleset
** under which an action is illegal is "not comparable from turn N".
** A JCloisterZone game (.jcz) is imported on the fly and compared as its record.
** Many games: game i is played with seed S+i under every ruleset (same tile order, same bot
** policy; the bots judge moves by each ruleset's own scoring, so their play may differ).
*/
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bots.h"
#include "chart.h"
#include "cmd.h"
#include "jcz.h"
#include "json.h"
#include "scorelog.h"

static const char usage[] =
    "usage: meeple compare --rulesets A,B[,...] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--progress] [--json] [--csv] [--svg FILE] [FILE]\n"
    "Compare one recorded game (FILE, a record or a JCloisterZone game), or N seeded bot games, under several\n"
    "rulesets.\n"
    "  --rulesets LIST  the rulesets, names or paths, comma-separated (the first is the reference)\n"
    "  --games N        play N bot games instead of reading a record\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --players LIST   bot seats for --games: random, greedy or mcts[:N|:Ts] (default random,random)\n"
    "  --progress       with --games: show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  --csv            with --games: one CSV row per game and ruleset\n"
    "  --svg FILE       with --games: write a chart of the score distributions to FILE\n"
    "  -h, --help       print this help\n";

enum { MAX_RULESETS = 8, MAX_CATS = 24 };

typedef struct rules {
    int n;
    mp_ruleset *rs[MAX_RULESETS];
} rules;

static int load_rules(const char *list, rules *r) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    r->n = 0;
    char *save = NULL;   /* load_ruleset reads MEEPLE_RULESETS with a tokenizer too */
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (r->n == MAX_RULESETS) return usage_error(usage, "more than %d rulesets", MAX_RULESETS);
        if (!(r->rs[r->n] = load_ruleset(tok))) return EXIT_BAD_INPUT;
        r->n++;
    }
    return r->n >= 1 ? 0 : usage_error(usage, "--rulesets names no ruleset");
}

static void free_rules(rules *r) {
    for (int i = 0; i < r->n; i++) mp_ruleset_free(r->rs[i]);
}

/* The score categories of all rulesets, in first-seen order. */
typedef struct cats { int n; char name[MAX_CATS][40]; } cats;

static int cat_index(cats *c, const char *name, bool add) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->name[i], name) == 0) return i;
    if (!add || c->n == MAX_CATS) return -1;
    snprintf(c->name[c->n], sizeof c->name[0], "%s", name);
    return c->n++;
}

static void collect_cats(cats *c, const mp_game *g) {
    for (int k = 0; k < mp_game_n_categories(g); k++)
        if (mp_game_category_scored(g, k)) cat_index(c, mp_game_category_name(g, k), true);
}

static int points_in(const mp_game *g, int p, const char *cat) {
    for (int k = 0; k < mp_game_n_categories(g); k++)
        if (strcmp(mp_game_category_name(g, k), cat) == 0) return mp_game_points(g, p, k);
    return 0;
}

/* ------------------------------------------------------------------ one record */

typedef struct side {
    mp_game *g;                 /* NULL: not comparable */
    int from_turn;              /* the turn whose action is illegal under this ruleset */
    char reason[1200];
} side;

static void replay_under(const mp_record *rec, const mp_ruleset *rs, side *s, const jcz_import *j) {
    mp_diag d = { 0 };
    /* Strict under the record's own rules, as in replay_record (tools/replay.c): a recorded pass in
    ** the placement phase is then a discard, not a decision other rules did not offer. */
    int strict = strcmp(mp_ruleset_hash(rs), mp_record_hash(rec)) == 0;
    s->g = mp_record_replay(rec, rs, strict, -1, &d);
    if (s->g) {
        /* The recorded game ended: so does this one, whatever tiles this ruleset has left. */
        if (mp_record_over(rec) && mp_game_phase(s->g) != MP_PHASE_OVER && mp_game_end_now(s->g, &d)) {
            mp_game_free(s->g);
            s->g = NULL;
        } else {
            return;
        }
    }
    if (j->path[0]) jcz_locate_turn(j, &d);   /* its place in the .jcz file */
    const char *t = strstr(d.message, "turn ");
    s->from_turn = t ? atoi(t + 5) : 0;
    char full[1200];
    mp_diag_format(&d, full, sizeof full);
    snprintf(s->reason, sizeof s->reason, "%s", full);
}

/* The reasons for a category that differs: the rules, between the reference and each ruleset that
** gives another value, that can change that category. */
static int reasons_for(const rules *r, const side *sides, int p, const char *cat, char out[][400], int cap) {
    int n = 0;
    int ref = cat[0] ? points_in(sides[0].g, p, cat) : mp_game_score(sides[0].g, p);
    for (int i = 1; i < r->n; i++) {
        if (!sides[i].g) continue;
        int v = cat[0] ? points_in(sides[i].g, p, cat) : mp_game_score(sides[i].g, p);
        if (v == ref) continue;
        mp_rule_diff dv[64];
        int nd = mp_ruleset_diff(r->rs[0], r->rs[i], dv, 64);
        for (int k = 0; k < nd && k < 64; k++) {
            if (cat[0] && dv[k].category[0] && strcmp(dv[k].category, cat) != 0) continue;
            char line[400];
            snprintf(line, sizeof line, "%s: %s (%s) vs %s (%s)", dv[k].rule, dv[k].a, mp_ruleset_name(r->rs[0]),
                     dv[k].b, mp_ruleset_name(r->rs[i]));
            bool seen = false;
            for (int j = 0; j < n; j++) seen |= strcmp(out[j], line) == 0;
            if (!seen && n < cap) snprintf(out[n++], 400, "%s", line);
        }
    }
    return n;
}

static int compare_record(const char *path, rules *r, bool as_json) {
    mp_diag d = { 0 };
    jcz_import imp = { 0 };
    mp_record *rec;
    if (jcz_sniff(path)) {
        rec = jcz_import_file(path, NULL, &imp, &d) ? NULL : imp.rec;
        imp.rec = NULL;
    } else {
        rec = mp_record_load(path, &d);
    }
    if (!rec) { print_diag(&d); jcz_import_free(&imp); return EXIT_BAD_INPUT; }
    int np = mp_record_n_players(rec);
    side sides[MAX_RULESETS] = { { 0 } };
    cats c = { 0 };
    for (int i = 0; i < r->n; i++) {
        replay_under(rec, r->rs[i], &sides[i], &imp);
        if (sides[i].g) collect_cats(&c, sides[i].g);
    }
    if (!sides[0].g) {
        fprintf(stderr, "%s\n", sides[0].reason);
        for (int i = 0; i < r->n; i++) mp_game_free(sides[i].g);
        mp_record_free(rec);
        jcz_import_free(&imp);
        return EXIT_BAD_INPUT;
    }
    bool tty = isatty(1) && !as_json;
    json j;
    json_init(&j, stdout);
    if (as_json) {
        json_object(&j);
        json_key(&j, "record"); json_string(&j, path);
        json_key(&j, "rulesets"); json_array(&j);
        for (int i = 0; i < r->n; i++) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, mp_ruleset_name(r->rs[i]));
            json_key(&j, "comparable"); json_bool(&j, sides[i].g != NULL);
            if (!sides[i].g) {
                json_key(&j, "from_turn"); json_int(&j, sides[i].from_turn);
                json_key(&j, "reason"); json_string(&j, sides[i].reason);
            } else {
                json_key(&j, "players"); json_array(&j);
                for (int p = 0; p < np; p++) {
                    json_object(&j);
                    json_key(&j, "name"); json_string(&j, mp_record_player_name(rec, p));
                    json_key(&j, "score"); json_int(&j, mp_game_score(sides[i].g, p));
                    json_key(&j, "points"); json_object(&j);
                    for (int k = 0; k < c.n; k++) { json_key(&j, c.name[k]); json_int(&j, points_in(sides[i].g, p, c.name[k])); }
                    json_object_end(&j);
                    json_object_end(&j);
                }
                json_array_end(&j);
                json_key(&j, "winners"); json_array(&j);
                for (int p = 0; p < np; p++)
                    if (mp_game_winners(sides[i].g) & (1u << p)) json_string(&j, mp_record_player_name(rec, p));
                json_array_end(&j);
            }
            json_object_end(&j);
        }
        json_array_end(&j);
        json_key(&j, "differences"); json_array(&j);
    } else {
        printf("%s: %d turn%s, compared under", path, mp_record_n_turns(rec), mp_record_n_turns(rec) == 1 ? "" : "s");
        for (int i = 0; i < r->n; i++) printf("%s %s", i ? "," : "", mp_ruleset_name(r->rs[i]));
        printf("\n\n%-20s", "");
        for (int i = 0; i < r->n; i++) printf(" %12s", mp_ruleset_name(r->rs[i]));
        putchar('\n');
    }
    /* Rows: each player's total, then each category. A value unlike the reference's is marked. */
    char why[32][400];
    for (int p = 0; p < np; p++)
        for (int k = -1; k < c.n; k++) {
            const char *cat = k < 0 ? "" : c.name[k];
            int ref = k < 0 ? mp_game_score(sides[0].g, p) : points_in(sides[0].g, p, cat);
            bool differs = false;
            for (int i = 1; i < r->n; i++)
                if (sides[i].g) differs |= (k < 0 ? mp_game_score(sides[i].g, p) : points_in(sides[i].g, p, cat)) != ref;
            if (!as_json) {
                printf("%-10s %-9s", k < 0 ? mp_record_player_name(rec, p) : "", k < 0 ? "total" : cat);
                for (int i = 0; i < r->n; i++) {
                    if (!sides[i].g) { printf(" %12s", "-"); continue; }
                    int v = k < 0 ? mp_game_score(sides[i].g, p) : points_in(sides[i].g, p, cat);
                    bool mark = v != ref;
                    if (tty && mark) printf(" \033[1;33m%11d*\033[0m", v);
                    else printf(" %11d%c", v, mark ? '*' : ' ');
                }
                putchar('\n');
            }
            if (!differs || k < 0) continue;
            int nw = reasons_for(r, sides, p, cat, why, 32);
            if (as_json) {
                json_object(&j);
                json_key(&j, "player"); json_string(&j, mp_record_player_name(rec, p));
                json_key(&j, "category"); json_string(&j, cat);
                json_key(&j, "values"); json_object(&j);
                for (int i = 0; i < r->n; i++)
                    if (sides[i].g) { json_key(&j, mp_ruleset_name(r->rs[i])); json_int(&j, points_in(sides[i].g, p, cat)); }
                json_object_end(&j);
                json_key(&j, "reasons"); json_array(&j);
                for (int w = 0; w < nw; w++) json_string(&j, why[w]);
                json_array_end(&j);
                json_object_end(&j);
            }
        }
    mp_game *games[MAX_RULESETS];
    const char *names[MAX_RULESETS], *players[MP_MAX_PLAYERS];
    for (int i = 0; i < r->n; i++) { games[i] = sides[i].g; names[i] = mp_ruleset_name(r->rs[i]); }
    for (int p = 0; p < np; p++) players[p] = mp_record_player_name(rec, p);
    if (as_json) {
        json_array_end(&j);
        json_key(&j, "event_differences");
        scorelog_diff_json(&j, games, names, r->n, players);
        json_object_end(&j);
        json_done(&j);
    } else {
        printf("%-20s", "winners");
        for (int i = 0; i < r->n; i++) {
            char w[200] = "";
            size_t n = 0;
            for (int p = 0; sides[i].g && p < np; p++)
                if (mp_game_winners(sides[i].g) & (1u << p))
                    n += (size_t)snprintf(w + n, sizeof w - n, "%s%s", n ? "," : "", mp_record_player_name(rec, p));
            printf(" %12s", sides[i].g ? w : "-");
        }
        printf("\n");
        bool any = false;
        for (int p = 0; p < np; p++)
            for (int k = 0; k < c.n; k++) {
                int ref = points_in(sides[0].g, p, c.name[k]);
                bool differs = false;
                for (int i = 1; i < r->n; i++) differs |= sides[i].g && points_in(sides[i].g, p, c.name[k]) != ref;
                if (!differs) continue;
                if (!any) printf("\nwhy the marked scores differ:\n");
                any = true;
                printf("  %s %s:", mp_record_player_name(rec, p), c.name[k]);
                for (int i = 0; i < r->n; i++)
                    if (sides[i].g) printf(" %d (%s)", points_in(sides[i].g, p, c.name[k]), mp_ruleset_name(r->rs[i]));
                printf("\n");
                int nw = reasons_for(r, sides, p, c.name[k], why, 32);
                for (int w = 0; w < nw; w++) printf("    %s\n", why[w]);
                if (!nw) printf("    (no rule of its own: play that the other rules changed)\n");
            }
        if (any) scorelog_diff_text(stdout, games, names, r->n, players);
        for (int i = 0; i < r->n; i++) {
            if (sides[i].g) continue;
            if (sides[i].from_turn) printf("\n%s: not comparable from turn %d: %s\n", mp_ruleset_name(r->rs[i]), sides[i].from_turn, sides[i].reason);
            else printf("\n%s: not comparable: %s\n", mp_ruleset_name(r->rs[i]), sides[i].reason);
        }
    }
    for (int i = 0; i < r->n; i++) mp_game_free(sides[i].g);
    mp_record_free(rec);
    jcz_import_free(&imp);
    return 0;
}

/* ------------------------------------------------------------------ many games */

typedef struct sample {          /* one game under one ruleset */
    int score[MP_MAX_PLAYERS];
    int points[MP_MAX_PLAYERS][MAX_CATS];
    unsigned winners;
    int first;        /* the seat that moved first */
} sample;

typedef struct stat { double mean, sd, ci; } stat;

static stat stats(const double *v, long n) {
    stat s = { 0, 0, 0 };
    if (n <= 0) return s;
    for (long i = 0; i < n; i++) s.mean += v[i];
    s.mean /= (double)n;
    if (n > 1) {
        double ss = 0;
        for (long i = 0; i < n; i++) ss += (v[i] - s.mean) * (v[i] - s.mean);
        s.sd = sqrt(ss / (double)(n - 1));
        s.ci = 1.96 * s.sd / sqrt((double)n);   /* 95%, normal approximation */
    }
    return s;
}

/* The seat the seed makes move first under the ruleset (mp_bots_play draws it as a new game does). */
static int first_player(const mp_ruleset *rs, int np, uint64_t seed) {
    mp_game_options o = { .n_players = np, .seed = seed, .first_player = -1 };
    mp_diag d;
    mp_game *g = mp_game_new(rs, &o, &d);
    int p = g ? mp_game_current_player(g) : -1;
    mp_game_free(g);
    return p;
}

/* The winner's lead over the best other score (0 in a shared win). */
static int winning_margin(const sample *s, int np) {
    int top = INT_MIN, second = INT_MIN;
    for (int p = 0; p < np; p++) {
        if (s->score[p] > top) { second = top; top = s->score[p]; }
        else if (s->score[p] > second) second = s->score[p];
    }
    return np > 1 ? top - second : 0;
}

/* svg: the chart's file, opened before the games (NULL: no chart). */
static int compare_games(rules *r, long games, uint64_t seed, const char *const *specs, const char *const *names, int np,
                         bool as_json, bool as_csv, out_file *svg, bool progress_forced) {
    sample *v = calloc((size_t)games * (size_t)r->n, sizeof *v);
    if (!v) { fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    cats c = { 0 };
    progress pr;
    progress_start(&pr, "compare", games, progress_forced);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < games; i++) {
        for (int k = 0; k < r->n; k++) {
            mp_diag d = { 0 };
            mp_game *g = mp_bots_play(r->rs[k], specs, np, seed + (uint64_t)i, NULL, &d);
            if (!g) { progress_end(&pr, i); print_diag(&d); free(v); return EXIT_BAD_INPUT; }
            collect_cats(&c, g);
            sample *s = &v[i * r->n + k];
            for (int p = 0; p < np; p++) {
                s->score[p] = mp_game_score(g, p);
                for (int q = 0; q < c.n; q++) s->points[p][q] = points_in(g, p, c.name[q]);
            }
            s->winners = mp_game_winners(g);
            s->first = first_player(r->rs[k], np, seed + (uint64_t)i);
            mp_game_free(g);
        }
        progress_update(&pr, i + 1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    progress_end(&pr, games);

    double *x = malloc((size_t)games * sizeof *x);
    if (!x) { free(v); fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    if (as_csv) {
        printf("game,seed,ruleset");
        for (int p = 0; p < np; p++) printf(",%s", names[p]);
        for (int p = 0; p < np; p++)
            for (int q = 0; q < c.n; q++) printf(",%s_%s", names[p], c.name[q]);
        printf(",winners,first\n");
        for (long i = 0; i < games; i++)
            for (int k = 0; k < r->n; k++) {
                const sample *s = &v[i * r->n + k];
                printf("%ld,%llu,%s", i + 1, (unsigned long long)(seed + (uint64_t)i), mp_ruleset_name(r->rs[k]));
                for (int p = 0; p < np; p++) printf(",%d", s->score[p]);
                for (int p = 0; p < np; p++)
                    for (int q = 0; q < c.n; q++) printf(",%d", s->points[p][q]);
                printf(",");
                for (int p = 0, w = 0; p < np; p++)
                    if (s->winners & (1u << p)) printf("%s%s", w++ ? ";" : "", names[p]);
                printf(",%s\n", s->first >= 0 ? names[s->first] : "");
            }
    }
    json j;
    json_init(&j, stdout);
    if (as_json) {
        json_object(&j);
        json_key(&j, "games"); json_int(&j, games);
        json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
        json_key(&j, "seconds"); json_double(&j, secs);
        json_key(&j, "rulesets"); json_array(&j);
    } else if (!as_csv) {
        printf("%ld game%s, seeds %llu..%llu, players", games, plural(games), (unsigned long long)seed,
               (unsigned long long)(seed + (uint64_t)games - 1));
        for (int p = 0; p < np; p++) printf("%s %s", p ? "," : "", names[p]);
        printf("; %.1f s\n", secs);
    }
    for (int k = 0; k < r->n; k++) {
        long differs = 0, first_wins = 0;
        double farm = 0, all = 0;
        int fc = cat_index(&c, mp_ruleset_farm_category(r->rs[k]), false);
        for (long i = 0; i < games; i++) {
            const sample *s = &v[i * r->n + k];
            differs += s->winners != v[i * r->n].winners;
            first_wins += s->first >= 0 && (s->winners >> s->first & 1);
            x[i] = winning_margin(s, np);
            for (int p = 0; p < np; p++) {
                all += s->score[p];
                if (fc >= 0) farm += s->points[p][fc];
            }
        }
        stat margin = stats(x, games);
        double first_rate = (double)first_wins / (double)games;
        if (as_json) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, mp_ruleset_name(r->rs[k]));
            json_key(&j, "farm_share"); json_double(&j, all > 0 ? farm / all : 0);
            json_key(&j, "winner_differs"); json_double(&j, (double)differs / (double)games);
            json_key(&j, "first_player_wins"); json_int(&j, first_wins);
            json_key(&j, "first_player_win_rate"); json_double(&j, first_rate);
            json_key(&j, "winning_margin"); json_object(&j);
            json_key(&j, "mean"); json_double(&j, margin.mean);
            json_key(&j, "sd"); json_double(&j, margin.sd);
            json_key(&j, "ci95"); json_array(&j); json_double(&j, margin.mean - margin.ci); json_double(&j, margin.mean + margin.ci); json_array_end(&j);
            json_object_end(&j);
            json_key(&j, "players"); json_array(&j);
        } else if (!as_csv) {
            printf("\n%s: farm share %.1f%%, winner differs from %s in %.1f%% of games\n", mp_ruleset_name(r->rs[k]),
                   all > 0 ? 100 * farm / all : 0, mp_ruleset_name(r->rs[0]), 100.0 * (double)differs / (double)games);
            printf("  first player won %.1f%% of games (a shared win counts); winning margin %.2f (sd %.2f, 95%% interval "
                   "%.2f..%.2f)\n", 100 * first_rate, margin.mean, margin.sd, margin.mean - margin.ci, margin.mean + margin.ci);
            printf("  %-14s %-9s %9s %8s %16s\n", "player", "category", "mean", "sd", "95% interval");
        }
        for (int p = 0; p < np; p++) {
            for (long i = 0; i < games; i++) x[i] = v[i * r->n + k].score[p];
            stat st = stats(x, games);
            if (as_json) {
                json_object(&j);
                json_key(&j, "name"); json_string(&j, names[p]);
                json_key(&j, "score"); json_object(&j);
                json_key(&j, "mean"); json_double(&j, st.mean);
                json_key(&j, "sd"); json_double(&j, st.sd);
                json_key(&j, "ci95"); json_array(&j); json_double(&j, st.mean - st.ci); json_double(&j, st.mean + st.ci); json_array_end(&j);
                json_object_end(&j);
                json_key(&j, "points"); json_object(&j);
            } else if (!as_csv) {
                printf("  %-14s %-9s %9.2f %8.2f %7.2f..%-7.2f\n", names[p], "total", st.mean, st.sd, st.mean - st.ci, st.mean + st.ci);
            }
            for (int q = 0; q < c.n; q++) {
                for (long i = 0; i < games; i++) x[i] = v[i * r->n + k].points[p][q];
                stat sq = stats(x, games);
                if (as_json) {
                    json_key(&j, c.name[q]); json_object(&j);
                    json_key(&j, "mean"); json_double(&j, sq.mean);
                    json_key(&j, "sd"); json_double(&j, sq.sd);
                    json_key(&j, "ci95"); json_array(&j); json_double(&j, sq.mean - sq.ci); json_double(&j, sq.mean + sq.ci); json_array_end(&j);
                    json_object_end(&j);
                } else if (!as_csv) {
                    printf("  %-14s %-9s %9.2f %8.2f %7.2f..%-7.2f\n", "", c.name[q], sq.mean, sq.sd, sq.mean - sq.ci, sq.mean + sq.ci);
                }
            }
            if (as_json) { json_object_end(&j); json_object_end(&j); }
        }
        if (as_json) { json_array_end(&j); json_object_end(&j); }
    }
    if (as_json) { json_array_end(&j); json_object_end(&j); json_done(&j); }
    int rc = 0;
    if (svg) {
        /* Scores per ruleset and seat, for the chart. */
        chart_series series[MAX_RULESETS * MP_MAX_PLAYERS];
        int ns = 0;
        double *data = malloc((size_t)games * (size_t)r->n * (size_t)np * sizeof *data);
        if (!data) { free(x); free(v); fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
        for (int k = 0; k < r->n; k++)
            for (int p = 0; p < np; p++, ns++) {
                double *col = data + (size_t)ns * (size_t)games;
                for (long i = 0; i < games; i++) col[i] = v[i * r->n + k].score[p];
                series[ns] = (chart_series){ .group = mp_ruleset_name(r->rs[k]), .label = names[p], .values = col,
                                             .n = games, .colour = p };
            }
        char title[200];
        snprintf(title, sizeof title, "Scores of %ld seeded games (seeds %llu..%llu) by ruleset and player", games,
                 (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)games - 1));
        mp_diag d = { 0 };
        chart_boxplot_svg(svg->f, title, series, ns);
        if (out_commit(svg, &d)) { print_diag(&d); rc = EXIT_BAD_INPUT; }
        free(data);
    }
    free(x);
    free(v);
    return rc;
}

int cmd_compare(int argc, char **argv) {
    static const struct option opts[] = {
        { "rulesets", required_argument, 0, 'r' }, { "games", required_argument, 0, 'g' },
        { "seed", required_argument, 0, 's' },     { "players", required_argument, 0, 'p' },
        { "json", no_argument, 0, 'j' },           { "csv", no_argument, 0, 'c' },
        { "svg", required_argument, 0, 'v' },      { "progress", no_argument, 0, 'P' },
        { "help", no_argument, 0, 'h' },           { 0, 0, 0, 0 }
    };
    const char *list = NULL, *players = NULL, *svg = NULL;
    bool seeded = false;
    long games = 0;
    uint64_t seed = 1;
    bool as_json = false, as_csv = false, progress_forced = false;
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': list = optarg; break;
        case 'p': players = optarg; break;
        case 'v': svg = optarg; break;
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
            seeded = true;
            break;
        case 'h': fputs(usage, stdout); return 0;
        default: return option_error(usage, "h", opts, argv);
        }
    }
    if (!list) return usage_error(usage, "expected --rulesets A,B[,...]");
    if (as_json && as_csv) return usage_error(usage, "--json and --csv exclude each other");
    if (!games && (as_csv || svg || seeded || players || progress_forced))
        return usage_error(usage, "--csv, --svg, --seed, --players and --progress go with --games");
    if (!players) players = "random,random";
    if (games && optind != argc) return usage_error(usage, "--games plays its own games; expected no record file");
    if (!games && optind + 1 != argc) return usage_error(usage, "expected one record file, or --games N");
    bot_seats seats = { 0 };
    if (games) {
        const char *bad = NULL;
        mp_diag bd = { 0 };
        int np = bots_parse(players, &seats, &bad, &bd);
        if (np == -1) return usage_error(usage, "bad bot '%s' in --players: %s", quoted(bad), bd.message);
        if (np == -2) return usage_error(usage, "more than %d seats", MP_MAX_PLAYERS);
        if (np == 0) return usage_error(usage, "--players names no seat; expected random, greedy or mcts[:N|:Ts], comma-separated");
    }
    out_file chart = { 0 };
    mp_diag d = { 0 };
    if (svg && out_open(&chart, svg, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    rules r = { 0 };
    int rc = load_rules(list, &r);
    for (int i = 0; i < r.n && games && !rc; i++) rc = check_players(r.rs[i], seats.n);
    if (!rc) rc = games ? compare_games(&r, games, seed, seats.specs, seats.names, seats.n, as_json, as_csv, svg ? &chart : NULL,
                                          progress_forced)
                        : compare_record(argv[optind], &r, as_json);
    out_discard(&chart);   /* when the games did not get as far as the chart */
    free_rules(&r);
    return rc;
}
