/*
** cmd-play.c: `meeple play`, a game between any mix of humans and bots, recorded as it goes
** and resumable; or many seeded bot games summarised (--games: tools/sim/play-games.c).
**
** The loop: whoever must decide (a bot or a human seat) gives one action; it is written in
** notation and applied. A turn's actions make one line of the record; after every turn the
** record is saved (temporary file, fsync, rename), so a crash loses at most the turn in progress.
*/
#include <getopt.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ascii.h"
#include "cmd.h"
#include "human.h"
#include "facts.h"
#include "game-file.h"
#include "json.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple play [--ruleset NAME] [--players SEAT,SEAT[,...]] [--seed N] [--record FILE]\n"
    "                   [--resume FILE] [--force] [--bot-threads N] [--games N] [--jobs N]\n"
    "                   [--shard K/N [--output FILE]] [--progress] [--json]\n"
    "Play one complete game and print the final board and the score breakdown.\n"
    "  --ruleset NAME   ruleset name or path (default c3; see 'meeple rulesets')\n"
    "  --players LIST   one seat per player, in seat order: random, greedy, mcts[:N|:Ts] (N iterations\n"
    "                   or T seconds a decision), mcts-rollout[:N|:Ts] (the mcts bot of whole random\n"
    "                   playouts), or human:NAME (default random,greedy)\n"
    "  --seed N         seed of the draw order, the first player and the bots (default 1)\n"
    "  --record FILE    write the game record to FILE after every turn (a new file)\n"
    "  --resume FILE    continue the game recorded in FILE (and keep recording to it)\n"
    "  --force          let --record replace an existing FILE\n"
    "  --bot-threads N  threads each mcts decision searches with, 1 to 64 (default 1; one game only):\n"
    "                   an iteration budget is shared out, a time budget is searched on each\n"    "  --games N        play N bot games, 1 to " RUN_GAMES_TEXT " (seeds S, S+1, ... from --seed); print\n"
    "                   means and wins\n"
    "  --jobs N         with --games: threads playing the games (default: the cores available)\n"
    "  --shard K/N      with --games: play only the K-th of N interleaved parts of the seeds and write\n"
    "                   them as a part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
    "  --progress       with --games: show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON instead of text\n"
    "  -h, --help       print this help\n";

enum { MAX_SEATS = MP_MAX_PLAYERS };

/* The threads each bot's decision searches with (--bot-threads). */
static int bot_threads = 1;

/* The bots of the seats that are not human, for a game with this seed. */
static void start_bots(const seat_list *seats, mp_bot **bots, uint64_t seed) {
    for (int p = 0; p < seats->n; p++)
        if (!seats->human[p]) {
            mp_diag d;
            mp_bot_free(bots[p]);
            bots[p] = mp_bot_new(seats->specs[p], seed, p, &d);   /* the spec was checked */
            if (bots[p]) mp_bot_set_threads(bots[p], bot_threads);
        }
}

static void free_bots(mp_bot **bots, int n) {
    for (int p = 0; p < n; p++) { mp_bot_free(bots[p]); bots[p] = NULL; }
}

static void print_json(const mp_game *g, const char *ruleset, uint64_t seed, const seat_list *seats, const char *const *names,
                       const char *record) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, ruleset);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
    json_key(&j, "over"); json_bool(&j, mp_game_phase(g) == MP_PHASE_OVER);
    json_key(&j, "tiles_placed"); json_int(&j, mp_game_turn(g));
    if (record) { json_key(&j, "record"); json_string(&j, record); }
    json_key(&j, "players"); json_array(&j);
    for (int p = 0; p < mp_game_n_players(g); p++) {
        json_object(&j);
        json_key(&j, "name"); json_string(&j, names[p]);
        json_key(&j, "kind"); json_string(&j, seats->specs[p]);
        json_key(&j, "score"); json_int(&j, mp_game_score(g, p));
        json_key(&j, "points"); json_object(&j);
        for (int c = 0; c < mp_game_n_categories(g); c++)
            if (mp_game_category_scored(g, c)) { json_key(&j, mp_game_category_name(g, c)); json_int(&j, mp_game_points(g, p, c)); }
        json_object_end(&j);
        json_object_end(&j);
    }
    json_array_end(&j);
    json_key(&j, "winners"); json_array(&j);
    for (int p = 0; p < mp_game_n_players(g); p++)
        if (mp_game_winners(g) & (1u << p)) json_string(&j, names[p]);
    json_array_end(&j);
    facts_json(&j, g, names);
    json_object_end(&j);
    json_done(&j);
}

/* ------------------------------------------------------------------ one game, any seats */

typedef struct session {
    const mp_ruleset *rs;
    mp_game *g;
    const seat_list *seats;
    mp_bot *bots[MAX_SEATS];   /* a bot for each seat that is not human */
    int n;
    const char *names[MAX_SEATS];
    mp_record *rec;
    const char *record_path;   /* NULL: not recorded */
    char turn[4096];           /* this turn's actions so far, in notation */
    mp_game *turn_start;       /* the game before this turn's first action, for undo */
    human_io io;
    bool humans;               /* some seat is human: show the bots' actions */
} session;

/* ------------------------------------------------------------------ stopped by a signal */

/* A recorded game stops between two actions when asked by a signal (Ctrl-C, a kill, the terminal
** gone): the handler only notes it, so a write of the record in progress ends whole, and a human's
** prompt returns at once (no SA_RESTART: the read fails with EINTR, as at the end of input). */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
enum { N_STOP_SIGNALS = sizeof stop_signals / sizeof stop_signals[0] };
static volatile sig_atomic_t stop_signal;   /* the signal that came, 0 while none did */

static void note_stop_signal(int sig) { stop_signal = sig; }

/* A signal ignored when meeple started (nohup, a script's background job) stays ignored. */
static void catch_stop_signals(void) {
    for (int i = 0; i < N_STOP_SIGNALS; i++) {
        struct sigaction old, sa;
        if (sigaction(stop_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = note_stop_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(stop_signals[i], &sa, NULL);
    }
}

/* Ends the process as the signal would have (its default action), so that whoever started meeple
** sees it killed by that signal (a shell: status 128 + its number). */
static int die_of(int sig) {
    fflush(NULL);   /* a death by a signal writes out no buffer */
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;   /* only if the default action does not end the process */
}

static int save(session *s, const char *path) {
    mp_diag d = { 0 };
    if (!path || !s->rec) return 0;
    if (mp_record_save(s->rec, s->g, path, &d)) { print_diag(&d); return 1; }
    return 0;
}

static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* `save FILE` at the prompt replaces no file by surprise, as --record (meeple-play(1), the
** prompt's save): an existing FILE is refused unless `save --force FILE`; the record's own file
** (save without FILE, or naming it) is the game's to write. */
static bool refuse_save(const session *s, const char *path, mp_diag *d) {
    if (s->record_path && (path == s->record_path || same_file(path, s->record_path))) return false;
    if (!out_refuse_existing(path, "save", s->io.save_force, d)) return false;
    snprintf(d->message, sizeof d->message, "file exists; expected a new file for save (save --force FILE replaces it)");
    return true;
}

/* After an action: when a new turn begins (or the game ends), the turn goes into the record. */
static int end_of_action(session *s) {
    mp_phase ph = mp_game_phase(s->g);
    if (ph != MP_PHASE_PLACE && ph != MP_PHASE_OVER) return 0;
    if (s->rec) mp_record_add_turn(s->rec, s->turn);
    s->turn[0] = 0;
    mp_game_free(s->turn_start);
    s->turn_start = mp_game_clone(s->g);
    return save(s, s->record_path);
}

static void append_action(session *s, const char *text) {
    size_t n = strlen(s->turn);
    snprintf(s->turn + n, sizeof s->turn - n, "%s%s", n ? " " : "", text);
}

/* Plays until the game is over or a human quits; returns an exit code. */
static int run_session(session *s, bool quiet) {
    s->turn_start = mp_game_clone(s->g);
    human_init(&s->io, stdin, stdout);
    int rc = 0;
    while (mp_game_phase(s->g) != MP_PHASE_OVER) {
        if (stop_signal) break;
        int p = mp_game_current_player(s->g);
        mp_action a;
        char text[128];
        if (!s->seats->human[p]) {
            if (mp_bot_choose(s->bots[p], s->g, &a)) { fprintf(stderr, "meeple: internal error: no legal action\n"); rc = EXIT_BAD_INPUT; break; }
            mp_notation_format(s->g, &a, text, sizeof text);
            if (s->humans) printf("%s: %s\n", s->names[p], text);   /* let the humans see it */
        } else {
            human_reply r = human_ask(&s->io, s->g, s->names, &a, text, sizeof text);
            if (r == HUMAN_QUIT && stop_signal) break;   /* the prompt was interrupted */
            if (r == HUMAN_QUIT) {
                rc = 0;
                if (s->record_path && save(s, s->record_path)) rc = EXIT_BAD_INPUT;   /* said; the game is not saved */
                else if (s->record_path)
                    printf("game saved in %s; continue with: meeple play --resume %s\n", s->record_path, s->record_path);
                goto out;
            }
            if (r == HUMAN_SAVE) {
                const char *path = s->io.save_path[0] ? s->io.save_path : s->record_path;
                mp_diag d = { 0 };
                if (!path) printf("no record file: say 'save FILE' or start with --record FILE\n");
                else if (refuse_save(s, path, &d)) print_diag_to(stdout, &d);   /* at the prompt */
                else if (mp_record_save(s->rec, s->g, path, &d)) print_diag_to(stdout, &d);   /* at the prompt */
                else printf("saved in %s (finished turns only)\n", path);
                continue;
            }
            if (r == HUMAN_UNDO) {
                if (!s->turn[0]) { printf("nothing to undo in this turn\n"); continue; }
                mp_game_free(s->g);
                s->g = mp_game_clone(s->turn_start);
                printf("undone: %s\n", s->turn);
                s->turn[0] = 0;
                continue;
            }
        }
        mp_diag d = { 0 };
        if (mp_game_apply(s->g, &a, &d)) {
            if (!s->seats->human[p]) { print_diag(&d); rc = EXIT_BAD_INPUT; break; }
            human_refused(&s->io, text, &d);
            continue;
        }
        append_action(s, text);
        if (end_of_action(s)) { rc = EXIT_BAD_INPUT; break; }
    }
    if (!rc && stop_signal) {
        /* The finished turns are in the record already (saved as each ended): saved once more, and said. */
        int n = mp_record_n_turns(s->rec);
        if (!save(s, s->record_path))
            fprintf(stderr, "meeple: stopped by SIG%s; %d finished turn%s saved in %s; continue with: meeple play "
                    "--resume %s\n", stop_signal == SIGINT ? "INT" : stop_signal == SIGTERM ? "TERM" : "HUP", n,
                    n == 1 ? "" : "s", s->record_path, s->record_path);
        rc = 128 + stop_signal;
        goto out;
    }
    if (!rc && !quiet) {
        printf("ruleset %s, seed %llu, %d player%s\n\n", mp_ruleset_name(s->rs), (unsigned long long)mp_record_seed(s->rec),
               s->n, plural(s->n));
        ascii_board(stdout, s->g, s->names);
        printf("\n%d tile%s placed\n\n", mp_game_turn(s->g), plural(mp_game_turn(s->g)));
        ascii_scores(stdout, s->g, s->names);
    }
out:
    human_free(&s->io);
    mp_game_free(s->turn_start);
    return rc;
}

/* ------------------------------------------------------------------ the command */

/* --record never replaces a file by surprise: an existing one is refused (unless --force), and a
** record of a game not over is most likely one to go on with (--resume). Returns an exit code. */
static int refuse_existing_record(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return 0;   /* a symbolic link counts, even one to nothing */
    mp_diag d = { 0 };
    mp_record *rec = S_ISREG(st.st_mode) ? mp_record_load(path, &d) : NULL;
    if (!rec)
        fprintf(stderr, "%s: file exists; expected a new file for --record (--force replaces it)\n", path);
    else if (mp_record_over(rec))
        fprintf(stderr, "%s: file exists and holds a finished game of %d turn%s; expected a new file for --record "
                "(--force replaces it)\n", path, mp_record_n_turns(rec), mp_record_n_turns(rec) == 1 ? "" : "s");
    else
        fprintf(stderr, "%s: file exists and holds a game not over (%d turn%s); expected a new file for --record, or "
                "'meeple play --resume %s' to go on with that game (--force replaces it)\n", path,
                mp_record_n_turns(rec), mp_record_n_turns(rec) == 1 ? "" : "s", path);
    mp_record_free(rec);
    return EXIT_BAD_INPUT;
}

/* Seats given by --players on resume: a seat changes hands when its kind changes, or when a human
** of another name sits there. The player keeps the recorded name (the scores, the winners and the
** record go by it); the record's kind becomes the new one, so that a game resumed again goes on
** with the same seats. Each change is said, on `out`. */
static void take_over_seats(mp_record *rec, const seat_list *seats, FILE *out) {
    int turn = mp_record_n_turns(rec) + 1;
    for (int p = 0; p < seats->n; p++) {
        const char *name = mp_record_player_name(rec, p), *was = mp_record_player_kind(rec, p);
        const char *kind = seats->specs[p];
        bool human = seats->human[p];
        if (!strcmp(kind, was) && (!human || !seats->named[p] || !strcmp(seats->names[p], name))) continue;
        if (!human) fprintf(out, "seat %d (%s): played by %s from turn %d\n", p + 1, name, kind, turn);
        else if (seats->named[p]) fprintf(out, "seat %d (%s): played by human %s from turn %d\n", p + 1, name, seats->names[p], turn);
        else fprintf(out, "seat %d (%s): played by a human from turn %d\n", p + 1, name, turn);
        mp_record_set_player(rec, p, name, kind);
    }
}

/* The seats of a resumed game without --players: the record's kinds and names. 0, or the error
** printed and EXIT_BAD_INPUT. */
static int recorded_seats(const char *path, const mp_record *rec, seat_list *seats) {
    for (int p = 0; p < mp_record_n_players(rec); p++) {
        const char *kind = mp_record_player_kind(rec, p);
        char spec[80], why[600];
        if (strcmp(kind, "human") == 0) snprintf(spec, sizeof spec, "human:%s", mp_record_player_name(rec, p));
        else snprintf(spec, sizeof spec, "%s", kind);
        if (seats_add(seats, spec, SEATS_BOTS_AND_HUMANS, why, sizeof why)) {
            fprintf(stderr, "%s: player %d is of kind '%s'; expected human, random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]\n", path, p + 1, quoted(kind));
            return EXIT_BAD_INPUT;
        }
        seats_rename(seats, p, mp_record_player_name(rec, p));
    }
    return 0;
}

/* Sets up a session from a record: its ruleset (the same content, by hash), players, seed, and
** every turn replayed. */
static int resume(session *s, const char *path, const char *ruleset_opt, seat_list *seats, FILE *notices) {
    mp_diag d = { 0 };
    game_file f;
    /* A .jcz game is no record to write back to. */
    const game_load how = { .rules = GAME_OWN_RULES, .ruleset = ruleset_opt, .records_only = true };
    int rc = game_file_load(path, &how, &f, &d) ? EXIT_BAD_INPUT : 0;
    if (rc) print_diag(&d);
    if (f.rec) mp_record_remove_temporaries(path);   /* what a write killed before its rename left */
    int n = f.rec ? mp_record_n_players(f.rec) : 0, n_opt = seats->n;
    if (!rc && n_opt && n_opt != n)
        rc = usage_error(usage, "--players names %d seat%s, but the record has %d player%s", n_opt, plural(n_opt), n,
                         plural(n));
    if (!rc && !n_opt) rc = recorded_seats(path, f.rec, seats);
    mp_game *g = rc ? NULL : mp_record_replay(f.rec, f.rs, 1, -1, &d);
    if (!rc && (!g || mp_record_check_game(f.rec, g, &d))) {   /* the tiles drawn, the winners: as the file says */
        print_diag(&d);
        rc = EXIT_BAD_INPUT;
    }
    if (rc) {
        mp_game_free(g);
        game_file_free(&f);
        return rc;
    }
    if (n_opt && mp_game_phase(g) != MP_PHASE_OVER) take_over_seats(f.rec, seats, notices);
    /* Bots decide from the seed and the point the game has reached, so they go on as they would have. */
    start_bots(seats, s->bots, mp_record_seed(f.rec));
    s->rs = f.rs;       /* the session's now */
    s->rec = f.rec;
    s->g = g;
    s->n = n;
    f.rs = NULL;
    f.rec = NULL;
    game_file_free(&f);
    return 0;
}

int cmd_play(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, RUN_OPTIONS,
        { "json", no_argument, 0, 'j' },          { "record", required_argument, 0, 'o' },
        { "resume", required_argument, 0, 'c' },  { "force", no_argument, 0, 'f' },
        { "bot-threads", required_argument, 0, 'T' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *ruleset = NULL, *record = NULL, *resume_path = NULL;
    bool as_json = false, force = false;
    run_options ro;
    run_options_init(&ro, 1, NULL);
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'r': ruleset = optarg; break;
        case 'o': record = optarg; break;
        case 'c': resume_path = optarg; break;
        case 'j': as_json = true; break;
        case 'f': force = true; break;
        case 'T':
            if ((rc = int_option(usage, "--bot-threads", optarg, 1, 64, &bot_threads))) return rc;
            break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, c, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    /* One game is played and shown whole: the options of a run of games go with --games 2 or more. */
    const sim_opts *run = &ro.sim;
    if (ro.games < 2 && (run->progress_forced || run->jobs || run->shard.n || run->output))
        return usage_error(usage, "%s goes with --games N", run->progress_forced ? "--progress" : run->jobs ? "--jobs" :
                           run->shard.n ? "--shard" : "--output");
    if (run_check(usage, &ro, NULL)) return EXIT_USAGE;
    if (record && out_check(record)) return EXIT_BAD_INPUT;   /* before the game: a turn played is not lost */

    seat_list seats = { 0 };   /* resumed without --players: the record's */
    if (!ro.players && !resume_path) ro.players = "random,greedy";
    if (ro.players && run_seats(usage, &ro, SEATS_BOTS_AND_HUMANS, &seats)) return EXIT_USAGE;
    int n = seats.n;
    bool humans = false;
    for (int p = 0; p < n; p++) humans |= seats.human[p];
    if (ro.games > 1 && bot_threads > 1)
        return usage_error(usage, "--bot-threads goes with one game; expected --jobs N to spread --games over threads");
    if (ro.games > 1 && (humans || record || resume_path))
        return usage_error(usage, "--games plays bots only, unrecorded; expected no human seat, --record or --resume");
    if (ro.games > 1) return play_games(ruleset ? ruleset : "c3", ro.players, ro.games, ro.seed, as_json, run);

    if (record && !force && !(resume_path && same_file(record, resume_path))) {
        if ((rc = refuse_existing_record(record))) return rc;
    }

    session s = { 0 };
    s.seats = &seats;
    uint64_t seed = ro.seed;
    if (resume_path) {
        if ((rc = resume(&s, resume_path, ruleset, &seats, as_json ? stderr : stdout))) return rc;
        s.record_path = record ? record : resume_path;
    } else {
        mp_ruleset *rs = load_ruleset(ruleset ? ruleset : "c3");
        if (!rs) return EXIT_BAD_INPUT;
        if (check_players(rs, n)) { mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = n, .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        if (!g) { print_diag(&d); mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
        mp_game_start(g, &d);
        start_bots(&seats, s.bots, seed);
        /* The first player is drawn from the seed; the record says who it was. */
        s.rec = mp_record_new(mp_ruleset_name(rs), mp_ruleset_hash(rs), seed, mp_game_current_player(g), n, seats.names, seats.specs);
        /* A ruleset given by path may not be found by its name later: the record keeps the path. */
        if (ruleset && (strchr(ruleset, '/') || strstr(ruleset, ".yaml"))) {
            char *full = realpath(mp_ruleset_path(rs), NULL);
            mp_record_set_ruleset_file(s.rec, full ? full : mp_ruleset_path(rs));
            free(full);
        }
        s.rs = rs;
        s.g = g;
        s.n = n;
        s.record_path = record;
        if (record && save(&s, record)) {
            mp_game_free(g);
            mp_record_free(s.rec);
            mp_ruleset_free(rs);
            free_bots(s.bots, n);
            return EXIT_BAD_INPUT;
        }
    }
    for (int p = 0; p < s.n; p++) {
        s.names[p] = mp_record_player_name(s.rec, p);   /* a resumed game's, whoever took a seat over */
        s.humans |= seats.human[p];
    }
    if (s.record_path) catch_stop_signals();
    rc = run_session(&s, as_json);
    if (!rc && as_json) print_json(s.g, mp_ruleset_name(s.rs), mp_record_seed(s.rec), &seats, s.names, s.record_path);
    mp_game_free(s.g);
    mp_record_free(s.rec);
    mp_ruleset_free((mp_ruleset *)s.rs);
    free_bots(s.bots, s.n);
    if (stop_signal) return die_of(stop_signal);
    return rc;
}
