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

#include "chart.h"
#include "cmd.h"
#include "game-file.h"
#include "json.h"
#include "run-options.h"
#include "scorelog.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple compare --rulesets A,B[,...] [--games N] [--seed S] [--players SEAT,SEAT[,...]] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json] [--csv] [--svg FILE] [FILE]\n"
    "Compare one recorded game (FILE, a record or a JCloisterZone game), or N seeded bot games, under several\n"
    "rulesets.\n"
    "  --rulesets LIST  the rulesets, names or paths, comma-separated (the first is the reference)\n"
    "  --games N        play N bot games, 1 to " RUN_GAMES_TEXT ", instead of reading a record\n"
    "  --seed S         seed of the first game (default 1); game i uses seed S+i\n"
    "  --players LIST   bot seats for --games: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts] (default random,random)\n"
    "  --jobs N         with --games: threads playing the games (default: the cores available)\n"
    "  --shard K/N      with --games: play only the K-th of N interleaved parts of the seeds and write\n"
    "                   them as a part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
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
    char *save = NULL;   /* strtok_r: nothing this loop calls may disturb its place */
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (r->n == MAX_RULESETS) return usage_error(usage, "more than %d rulesets", MAX_RULESETS);
        if (!(r->rs[r->n] = load_ruleset(tok))) return EXIT_BAD_INPUT;
        r->n++;
    }
    return r->n >= 1 ? 0 : usage_error(usage, "--rulesets names no ruleset");
}

static int count_rulesets(const char *list) {
    int n = 0;
    for (const char *p = list; *p; p++) n += *p != ',' && (p == list || p[-1] == ',');
    return n;
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

static void replay_under(const game_file *f, const mp_ruleset *rs, side *s) {
    const mp_record *rec = f->rec;
    mp_diag d = { 0 };
    /* Strict under the record's own rules, as in replay_record (tools/play/replay.c): a recorded pass in
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
    game_file_locate(f, &d);   /* a .jcz's turn: its place in the file */
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
    game_file f;
    const game_load how = { .rules = GAME_NO_RULES };   /* the rulesets are the comparison's */
    if (game_file_load(path, &how, &f, &d)) { print_diag(&d); game_file_free(&f); return EXIT_BAD_INPUT; }
    const mp_record *rec = f.rec;
    int np = mp_record_n_players(rec);
    side sides[MAX_RULESETS] = { { 0 } };
    cats c = { 0 };
    for (int i = 0; i < r->n; i++) {
        replay_under(&f, r->rs[i], &sides[i]);
        if (sides[i].g) collect_cats(&c, sides[i].g);
    }
    if (!sides[0].g) {
        fprintf(stderr, "%s\n", sides[0].reason);
        for (int i = 0; i < r->n; i++) mp_game_free(sides[i].g);
        game_file_free(&f);
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
    game_file_free(&f);
    return 0;
}

int cmd_compare(int argc, char **argv) {
    static const struct option opts[] = {
        { "rulesets", required_argument, 0, 'r' }, RUN_OPTIONS,
        { "json", no_argument, 0, 'j' },           { "csv", no_argument, 0, 'c' },
        { "svg", required_argument, 0, 'v' },      { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 }
    };
    const char *list = NULL, *svg = NULL;
    bool as_json = false, as_csv = false;
    run_options ro;
    run_options_init(&ro, 0, "random,random");   /* no --games: one record */
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': list = optarg; break;
        case 'v': svg = optarg; break;
        case 'j': as_json = true; break;
        case 'c': as_csv = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (!list) return usage_error(usage, "expected --rulesets A,B[,...]");
    if (as_json && as_csv) return usage_error(usage, "--json and --csv exclude each other");
    bool games = run_given(&ro, RUN_GAMES);
    if (!games && (as_csv || svg || ro.given))
        return usage_error(usage, "--csv, --svg, --seed, --players, --jobs, --shard, --output and --progress go with --games");
    if (run_check(usage, &ro, svg ? "--svg" : NULL)) return EXIT_USAGE;
    if (games && optind != argc) return usage_error(usage, "--games plays its own games; expected no record file");
    if (!games && optind + 1 != argc) return usage_error(usage, "expected one record file, or --games N");
    if (games) {
        seat_list seats;
        if (run_seats(usage, &ro, SEATS_BOTS, &seats)) return EXIT_USAGE;
        if (count_rulesets(list) > MAX_RULESETS) return usage_error(usage, "more than %d rulesets", MAX_RULESETS);
        return compare_games(list, ro.games, ro.seed, ro.players, as_json, as_csv, svg, &ro.sim);
    }
    rules r = { 0 };
    rc = load_rules(list, &r);
    if (!rc) rc = compare_record(argv[optind], &r, as_json);
    free_rules(&r);
    return rc;
}
