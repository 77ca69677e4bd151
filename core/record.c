/*
** record.c: game records (format: meeple-record(5)): read, write atomically, replay.
**
** A record is YAML: the ruleset by name and content hash, the seed and first player, the
** players, the tiles drawn, and every turn as a line of notation. Writing goes to a temporary
** file in the same directory, which is flushed to disk and then renamed over the record, so a
** crash or a kill leaves either the old record or the new one, never half of one. Replaying
** parses each action in the game as it stands and applies it; the first action that does not
** parse or is not legal is reported with its turn, and its line and column in the file.
** A record may also fix the order of the tiles (`tile_order`) and end the game after a number of
** draws (`end_after`): a game imported from JCloisterZone, whose tiles no seed gives, and which
** may end before the bag is empty.
*/
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "meeple-yaml.h"
#include "yamlx.h"

enum { RECORD_FORMAT = 1 };

/* A string of the file and where it stands: a turn, a tile of `drawn`, a winner. */
typedef struct turn { char *text; int line, column; } turn;

/* A list of strings the file gives about the game, checked against its replay. */
typedef struct said {
    bool present;
    int line, column;                /* the list's own place */
    int n;
    turn *items;
} said;

/* The seat kinds of meeple play: a human at the prompt, or a bot by its spec as mp_bot_check reads it
** (random, greedy, mcts, mcts:N, mcts:Ts, mcts-rollout...), so that a game a bot played resumes with the same bot. */

/* Strings a user gives (names, paths) are kept whole, whatever their length. */
struct mp_record {
    char ruleset[64];
    char *ruleset_file;              /* where the ruleset was read from, when not by its name; NULL */
    int ruleset_line, ruleset_column, file_line, file_column;   /* their values' places in the file */
    char hash[20];
    uint64_t seed;
    int first_player;
    int n_players;
    char *names[MP_MAX_PLAYERS];
    char *kinds[MP_MAX_PLAYERS];
    int n_turns, cap_turns;
    turn *turns;
    char path[512];                  /* the file it was read from, for diagnostics */
    bool over;                       /* the file says the game ended */
    int final[MP_MAX_PLAYERS];       /* final scores the file gives, when over */
    int n_order;                     /* tile_order: the tiles the bag gives first, in order */
    char (*order)[64];
    int order_line, order_column;
    long end_after;                  /* the game ends once this many tiles were drawn; -1 never */
    said drawn;                      /* the tiles the file says the game drew ("C!": gone) */
    said winners;                    /* the names it says won, when over */
};

static int rec_error(mp_diag *d, const char *file, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int rec_error(mp_diag *d, const char *file, int line, int column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mp_diag_vset(d, file, line, column, fmt, ap);
    va_end(ap);
    return 1;
}

static char *copy_of(const char *s) {
    char *c = strdup(s ? s : "");
    if (!c) abort();
    return c;
}

/* s may be *dst itself: copied before the old string goes. */
static void replace(char **dst, const char *s) {
    char *c = copy_of(s);
    free(*dst);
    *dst = c;
}

mp_record *mp_record_new(const char *ruleset, const char *hash, uint64_t seed, int first_player, int n_players,
                         const char *const *names, const char *const *kinds) {
    mp_record *r = calloc(1, sizeof *r);
    if (!r) abort();
    snprintf(r->ruleset, sizeof r->ruleset, "%s", ruleset);
    snprintf(r->hash, sizeof r->hash, "%s", hash);
    r->seed = seed;
    r->first_player = first_player;
    r->n_players = n_players < MP_MAX_PLAYERS ? n_players : MP_MAX_PLAYERS;
    r->end_after = -1;
    for (int p = 0; p < r->n_players; p++) {
        r->names[p] = copy_of(names[p]);
        r->kinds[p] = copy_of(kinds[p]);
    }
    return r;
}

void mp_record_free(mp_record *r) {
    if (!r) return;
    for (int i = 0; i < r->n_turns; i++) free(r->turns[i].text);
    free(r->turns);
    free(r->order);
    for (int i = 0; i < r->drawn.n; i++) free(r->drawn.items[i].text);
    free(r->drawn.items);
    for (int i = 0; i < r->winners.n; i++) free(r->winners.items[i].text);
    free(r->winners.items);
    for (int p = 0; p < MP_MAX_PLAYERS; p++) { free(r->names[p]); free(r->kinds[p]); }
    free(r->ruleset_file);
    free(r);
}

static void push_turn(mp_record *r, const char *text, int line, int column) {
    if (r->n_turns == r->cap_turns) {
        r->cap_turns = r->cap_turns ? 2 * r->cap_turns : 64;
        turn *t = realloc(r->turns, (size_t)r->cap_turns * sizeof *t);
        if (!t) abort();
        r->turns = t;
    }
    char *copy = strdup(text);
    if (!copy) abort();
    r->turns[r->n_turns++] = (turn){ copy, line, column };
}

void mp_record_add_turn(mp_record *r, const char *text) { push_turn(r, text, 0, 0); }

void mp_record_set_player(mp_record *r, int p, const char *name, const char *kind) {
    if (p < 0 || p >= r->n_players) return;
    replace(&r->names[p], name);
    replace(&r->kinds[p], kind);
}

void mp_record_truncate(mp_record *r, int n_turns) {
    while (r->n_turns > n_turns && r->n_turns > 0) free(r->turns[--r->n_turns].text);
}

const char *mp_record_ruleset(const mp_record *r) { return r->ruleset; }
const char *mp_record_hash(const mp_record *r) { return r->hash; }
const char *mp_record_ruleset_file(const mp_record *r) { return r->ruleset_file ? r->ruleset_file : ""; }

void mp_record_set_ruleset_file(mp_record *r, const char *path) { replace(&r->ruleset_file, path); }
uint64_t mp_record_seed(const mp_record *r) { return r->seed; }
int mp_record_first_player(const mp_record *r) { return r->first_player; }
long mp_record_end_after(const mp_record *r) { return r->end_after; }
int mp_record_n_players(const mp_record *r) { return r->n_players; }
const char *mp_record_player_name(const mp_record *r, int p) { return p >= 0 && p < r->n_players ? r->names[p] : ""; }
const char *mp_record_player_kind(const mp_record *r, int p) { return p >= 0 && p < r->n_players ? r->kinds[p] : ""; }
int mp_record_n_turns(const mp_record *r) { return r->n_turns; }
const char *mp_record_turn(const mp_record *r, int i) { return i >= 0 && i < r->n_turns ? r->turns[i].text : ""; }
int mp_record_over(const mp_record *r) { return r->over; }
int mp_record_final_score(const mp_record *r, int p) { return p >= 0 && p < r->n_players ? r->final[p] : 0; }

/* ------------------------------------------------------------------ reading */

static int need(const mp_ynode *map, const char *key, mp_ynode **out, mp_diag *d) {
    *out = mp_y_get(map, key);
    if (!*out) return mp_y_error(d, map, "record has no '%s'; expected a complete record (truncated?)", key);
    return 0;
}

static int copy_string(const mp_ynode *n, char *dst, size_t size, const char *what, mp_diag *d) {
    const char *s;
    if (mp_y_string(n, &s, d)) return 1;
    if (strlen(s) >= size) return mp_y_error(d, n, "%s '%s' is too long; expected at most %zu characters", what, s, size - 1);
    snprintf(dst, size, "%s", s);
    return 0;
}

/* A string of any length (up to the YAML reader's limit on a scalar). */
static int dup_string(const mp_ynode *n, char **dst, mp_diag *d) {
    const char *s;
    if (mp_y_string(n, &s, d)) return 1;
    replace(dst, s);
    return 0;
}

/* A list of strings, kept with their places. */
static int read_said(const mp_ynode *n, const char *what, said *out, mp_diag *d) {
    if (mp_y_expect(n, MP_Y_SEQ, what, d)) return 1;
    out->present = true;
    out->line = n->line;
    out->column = n->column;
    out->items = calloc((size_t)n->n + 1, sizeof *out->items);
    if (!out->items) abort();
    for (int i = 0; i < n->n; i++) {
        const char *s;
        if (mp_y_string(n->items[i], &s, d)) return 1;
        out->items[out->n++] = (turn){ copy_of(s), n->items[i]->line, n->items[i]->column };
    }
    return 0;
}

static int read_kind(const mp_ynode *n, char **kind, mp_diag *d) {
    if (dup_string(n, kind, d)) return 1;
    mp_diag why = { 0 };
    if (!strcmp(*kind, "human") || !mp_bot_check(*kind, &why)) return 0;
    return mp_y_error(d, n, "kind '%s' is not a seat kind; expected human, random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]", *kind);
}

static int read_record(mp_record *r, const mp_ynode *root, mp_diag *d) {
    static const char *const keys[] = { "format", "ruleset", "ruleset_file", "ruleset_hash", "seed", "first_player", "players",
                                        "status", "tile_order", "end_after", "n_turns", "drawn", "turns", "final", NULL };
    if (mp_y_expect(root, MP_Y_MAP, "a record", d) || mp_y_check_keys(root, keys, d)) return 1;
    mp_ynode *n;
    long v;
    if (need(root, "format", &n, d) || mp_y_int(n, RECORD_FORMAT, RECORD_FORMAT, &v, d)) return 1;
    if (need(root, "ruleset", &n, d) || copy_string(n, r->ruleset, sizeof r->ruleset, "ruleset", d)) return 1;
    r->ruleset_line = n->line;
    r->ruleset_column = n->column;
    if (need(root, "ruleset_hash", &n, d) || copy_string(n, r->hash, sizeof r->hash, "hash", d)) return 1;
    if ((n = mp_y_get(root, "ruleset_file"))) {
        if (dup_string(n, &r->ruleset_file, d)) return 1;
        r->file_line = n->line;
        r->file_column = n->column;
    }
    if (need(root, "seed", &n, d)) return 1;
    if (n->type != MP_Y_SCALAR || !n->value[0] || strspn(n->value, "0123456789") != strlen(n->value) ||
        strlen(n->value) > 20)
        return mp_y_error(d, n, "seed '%s' is not a whole number; expected 0 to 18446744073709551615",
                          n->type == MP_Y_SCALAR ? n->value : "a collection");
    errno = 0;
    r->seed = strtoull(n->value, NULL, 10);
    if (errno) return mp_y_error(d, n, "seed '%s' is too large; expected at most 18446744073709551615", n->value);
    mp_ynode *players;
    if (need(root, "players", &players, d) || mp_y_expect(players, MP_Y_SEQ, "players", d)) return 1;
    if (players->n < 1 || players->n > MP_MAX_PLAYERS)
        return mp_y_error(d, players, "%d players; expected 1 to %d", players->n, MP_MAX_PLAYERS);
    r->n_players = players->n;
    for (int p = 0; p < players->n; p++) {
        static const char *const pkeys[] = { "name", "kind", NULL };
        const mp_ynode *pl = players->items[p];
        mp_ynode *x;
        if (mp_y_expect(pl, MP_Y_MAP, "a player", d) || mp_y_check_keys(pl, pkeys, d)) return 1;
        if (need(pl, "name", &x, d) || dup_string(x, &r->names[p], d)) return 1;
        if (need(pl, "kind", &x, d) || read_kind(x, &r->kinds[p], d)) return 1;
    }
    if (need(root, "first_player", &n, d) || mp_y_int(n, 0, players->n - 1, &v, d)) return 1;
    r->first_player = (int)v;
    static const char *const statuses[] = { "playing", "over", NULL };
    int status;
    if (need(root, "status", &n, d) || mp_y_enum(n, statuses, &status, d)) return 1;
    r->over = status == 1;
    if ((n = mp_y_get(root, "tile_order"))) {
        if (mp_y_expect(n, MP_Y_SEQ, "tile_order", d)) return 1;
        if (n->n > 100000) return mp_y_error(d, n, "%d tiles in tile_order; expected at most 100000", n->n);
        r->order = calloc((size_t)n->n + 1, sizeof *r->order);
        if (!r->order) abort();
        r->order_line = n->line;
        r->order_column = n->column;
        for (int i = 0; i < n->n; i++)
            if (copy_string(n->items[i], r->order[r->n_order++], sizeof r->order[0], "tile", d)) return 1;
    }
    if ((n = mp_y_get(root, "end_after")) && mp_y_int(n, 0, 1000000, &r->end_after, d)) return 1;
    if ((n = mp_y_get(root, "drawn")) && read_said(n, "drawn", &r->drawn, d)) return 1;
    mp_ynode *count, *turns;
    if (need(root, "n_turns", &count, d) || mp_y_int(count, 0, 1000000, &v, d)) return 1;
    if (need(root, "turns", &turns, d) || mp_y_expect(turns, MP_Y_SEQ, "turns", d)) return 1;
    for (int i = 0; i < turns->n; i++) {
        const char *s;
        if (mp_y_string(turns->items[i], &s, d)) return 1;
        /* A quoted scalar's text starts one column after its quote. */
        push_turn(r, s, turns->items[i]->line, turns->items[i]->column + (turns->items[i]->quoted ? 1 : 0));
    }
    if (turns->n != v)
        return mp_y_error(d, turns, "%d turn%s, but the record announces %ld; expected all of them (truncated?)", turns->n,
                          turns->n == 1 ? "" : "s", v);
    if (r->over) {
        mp_ynode *final, *scores;
        if (need(root, "final", &final, d)) return 1;
        static const char *const fkeys[] = { "scores", "winners", NULL };
        if (mp_y_expect(final, MP_Y_MAP, "final", d) || mp_y_check_keys(final, fkeys, d)) return 1;
        if (need(final, "scores", &scores, d) || mp_y_expect(scores, MP_Y_SEQ, "scores", d)) return 1;
        if (scores->n != r->n_players)
            return mp_y_error(d, scores, "%d score%s for %d player%s; expected one per player", scores->n,
                              scores->n == 1 ? "" : "s", r->n_players, r->n_players == 1 ? "" : "s");
        for (int p = 0; p < scores->n; p++) {
            if (mp_y_int(scores->items[p], -1000000, 1000000, &v, d)) return 1;
            r->final[p] = (int)v;
        }
        if ((n = mp_y_get(final, "winners")) && read_said(n, "winners", &r->winners, d)) return 1;
    }
    return 0;
}

static mp_record *load(const char *path, const char *text, size_t len, mp_diag *d) {
    mp_arena *a = mp_arena_new();
    mp_record *r = calloc(1, sizeof *r);
    if (!r) abort();
    r->end_after = -1;
    snprintf(r->path, sizeof r->path, "%s", path);
    mp_ynode *root = text ? mp_y_load_string(a, path, text, len, d) : mp_y_load_file(a, path, d);
    if (!root || read_record(r, root, d)) {
        mp_record_free(r);
        r = NULL;
    }
    mp_arena_free(a);
    return r;
}

mp_record *mp_record_load(const char *path, mp_diag *d) { return load(path, NULL, 0, d); }

mp_record *mp_record_parse(const char *name, const char *text, size_t len, mp_diag *d) {
    return load(name, text, len, d);
}

/* ------------------------------------------------------------------ writing */

/* The record as YAML, through libyaml's emitter (core/yamlw.c): every string double-quoted and
** escaped as YAML wants, so that any name reads back as it was written. */
static void write_record(mp_yw *w, const mp_record *r, const mp_game *g) {
    mp_yw_map(w, false);
    mp_yw_plain(w, "format"); mp_yw_int(w, RECORD_FORMAT);
    mp_yw_plain(w, "ruleset"); mp_yw_quoted(w, r->ruleset);
    if (r->ruleset_file && r->ruleset_file[0]) { mp_yw_plain(w, "ruleset_file"); mp_yw_quoted(w, r->ruleset_file); }
    mp_yw_plain(w, "ruleset_hash"); mp_yw_quoted(w, r->hash);
    mp_yw_plain(w, "seed"); mp_yw_uint(w, (unsigned long long)r->seed);
    mp_yw_plain(w, "first_player"); mp_yw_int(w, r->first_player);
    mp_yw_plain(w, "players");
    mp_yw_seq(w, false);
    for (int p = 0; p < r->n_players; p++) {
        mp_yw_map(w, true);   /* a player a line: {name: "alice", kind: "human"} */
        mp_yw_plain(w, "name"); mp_yw_quoted(w, r->names[p]);
        mp_yw_plain(w, "kind"); mp_yw_quoted(w, r->kinds[p]);
        mp_yw_end_map(w);
    }
    mp_yw_end_seq(w);
    bool over = g && mp_game_phase(g) == MP_PHASE_OVER;
    mp_yw_plain(w, "status"); mp_yw_plain(w, over ? "over" : "playing");
    if (r->order) {
        mp_yw_plain(w, "tile_order");
        mp_yw_seq(w, true);
        for (int i = 0; i < r->n_order; i++) mp_yw_quoted(w, r->order[i]);
        mp_yw_end_seq(w);
    }
    if (r->end_after >= 0) { mp_yw_plain(w, "end_after"); mp_yw_int(w, r->end_after); }
    if (g) {
        /* The tiles that left the bag, in order; '!' marks one that fitted nowhere. */
        const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
        mp_yw_plain(w, "drawn");
        mp_yw_seq(w, true);
        for (int i = 0; i < mp_game_n_drawn(g); i++) {
            int gone;
            int t = mp_game_drawn_at(g, i, &gone);
            char id[80];
            snprintf(id, sizeof id, "%s%s", mp_tileset_tile_id(ts, t), gone ? "!" : "");
            mp_yw_quoted(w, id);
        }
        mp_yw_end_seq(w);
    }
    mp_yw_plain(w, "n_turns"); mp_yw_int(w, r->n_turns);
    mp_yw_plain(w, "turns");
    mp_yw_seq(w, false);   /* a turn a line */
    for (int i = 0; i < r->n_turns; i++) mp_yw_quoted(w, r->turns[i].text);
    mp_yw_end_seq(w);
    if (over) {
        mp_yw_plain(w, "final");
        mp_yw_map(w, false);
        mp_yw_plain(w, "scores");
        mp_yw_seq(w, true);
        for (int p = 0; p < mp_game_n_players(g); p++) mp_yw_int(w, mp_game_score(g, p));
        mp_yw_end_seq(w);
        mp_yw_plain(w, "winners");
        mp_yw_seq(w, true);
        for (int p = 0; p < mp_game_n_players(g); p++)
            if (mp_game_winners(g) & (1u << p)) mp_yw_quoted(w, r->names[p]);
        mp_yw_end_seq(w);
        mp_yw_end_map(w);
    }
    mp_yw_end_map(w);
}

/* The record's text, or NULL with d filled. */
static char *record_text(const mp_record *r, const mp_game *g, const char *path, size_t *len, mp_diag *d) {
    mp_yw *w = mp_yw_new("# meeple game record (format: meeple-record(5))\n");
    write_record(w, r, g);
    char why[256];
    char *text = mp_yw_finish(w, len, why, sizeof why);
    mp_yw_free(w);
    if (!text) rec_error(d, path, 0, 0, "cannot write the record: %s", why);
    return text;
}

/* Whether name is what create_temporary makes of base: base, ".tmp." and six letters or digits. */
static bool is_temporary_name(const char *name, const char *base) {
    size_t n = strlen(base);
    if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp.", 5) != 0) return false;
    const char *x = name + n + 5;
    if (strlen(x) != 6) return false;
    for (int i = 0; i < 6; i++)
        if (!isalnum((unsigned char)x[i])) return false;
    return true;
}

/* A write killed between creating its temporary file and the rename leaves the file behind;
** nothing else would ever remove it. Only our own pattern goes, and only regular files of this
** user: never a link, a directory or someone else's file. */
int mp_record_remove_temporaries(const char *path) {
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    char *dir = malloc(dir_len + 2);
    if (!dir) abort();
    snprintf(dir, dir_len + 2, "%.*s", (int)dir_len, path);
    if (!dir_len) snprintf(dir, 3, "./");
    DIR *d = opendir(dir);
    int removed = 0;
    struct dirent *e;
    while (d && *base && (e = readdir(d))) {
        if (!is_temporary_name(e->d_name, base)) continue;
        size_t size = strlen(dir) + strlen(e->d_name) + 1;
        char *file = malloc(size);
        if (!file) abort();
        snprintf(file, size, "%s%s", dir, e->d_name);
        struct stat st;
        if (lstat(file, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && unlink(file) == 0) removed++;
        free(file);
    }
    if (d) closedir(d);
    free(dir);
    return d ? removed : -1;
}

/* Creates path.tmp.XXXXXX for writing (tmp, size bytes, receives the name), the X six letters or
** digits that no file there has, with the mode a new file gets (0666 less the umask). Not mkstemp:
** its file is private (0600), and learning the umask to undo that means setting it, which changes
** it for every thread of the process for a moment. -1 with errno set when none could be made. */
static int create_temporary(char *tmp, size_t size, const char *path) {
    static const char symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t rng[4];   /* names differ between processes, calls and threads (tmp is each call's own) */
    mp_rng_seed(rng, ((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec) ^ ((uint64_t)getpid() << 32) ^
                         (uint64_t)(uintptr_t)tmp);
    for (int attempt = 0; attempt < 100; attempt++) {
        char x[7];
        for (int i = 0; i < 6; i++) x[i] = symbols[mp_rng_below(rng, sizeof symbols - 1)];
        x[6] = 0;
        snprintf(tmp, size, "%s.tmp.%s", path, x);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;   /* errno: EEXIST */
}

/* Writes text to a new temporary file beside path (path.tmp.XXXXXX), flushed to the disk, then
** renamed over path. */
static int write_atomically(const char *path, const char *text, size_t len, mp_diag *d) {
    size_t size = strlen(path) + sizeof ".tmp.XXXXXX";
    char *tmp = malloc(size);
    if (!tmp) abort();
    char why[MP_ERRNO_SIZE];
    mp_record_remove_temporaries(path);   /* those a killed write left */
    int fd = create_temporary(tmp, size, path);
    if (fd < 0) {
        free(tmp);
        return rec_error(d, path, 0, 0, "cannot create a temporary file beside it: %s",
                         mp_errno_text(errno, why, sizeof why));
    }
    struct stat st;   /* a record rewritten keeps its mode */
    if (stat(path, &st) == 0) fchmod(fd, st.st_mode & 0777);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        free(tmp);
        return rec_error(d, path, 0, 0, "cannot write: %s", mp_errno_text(e, why, sizeof why));
    }
    int bad = fwrite(text, 1, len, f) != len;
    bad |= fflush(f) != 0;
    bad |= fsync(fileno(f)) != 0;   /* on disk before the rename makes it the record */
    bad |= fclose(f) != 0;
    if (bad) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return rec_error(d, path, 0, 0, "cannot write: %s", mp_errno_text(e, why, sizeof why));
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return rec_error(d, path, 0, 0, "cannot replace the record: %s", mp_errno_text(e, why, sizeof why));
    }
    free(tmp);
    return 0;
}

char *mp_record_text(const mp_record *r, const mp_game *g, size_t *len, mp_diag *d) {
    size_t n = 0;
    char *text = record_text(r, g, "(memory)", &n, d);
    if (len) *len = n;
    return text;
}

int mp_record_save(const mp_record *r, const mp_game *g, const char *path, mp_diag *d) {
    size_t len;
    char *text = record_text(r, g, path, &len, d);
    if (!text) return 1;
    int rc = write_atomically(path, text, len, d);
    free(text);
    return rc;
}

/* ------------------------------------------------------------------ replaying */

/* Whether an action of this kind (and, for MP_ACT_MODULE, of module `module`) is among the legal
** ones: a pass in the placement phase (discarding a tile that fits only with a module's help), or
** anything a module offers now. */
static bool offered(const mp_game *g, int kind, int module) {
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024);
    for (int i = 0; i < n && i < 1024; i++)
        if (v[i].kind == kind && (kind != MP_ACT_MODULE || v[i].module == module)) return true;
    return false;
}

/* Applies one turn's actions; on error fills d with the turn's place in the file. */
static int replay_turn(const mp_record *r, int i, mp_game *g, bool strict, mp_replay_notes *notes, mp_diag *d) {
    const turn *t = &r->turns[i];
    const char *s = t->text;
    int offset = 0;
    while (s[offset] && strspn(s + offset, " \t") < strlen(s + offset)) {
        mp_action a;
        int used = 0;
        mp_diag e = { 0 };
        if (mp_notation_parse(g, s + offset, &a, &used, &e))
            return rec_error(d, r->path, t->line, t->column ? t->column + offset + e.column - 1 : 0,
                             "turn %d: %s", i + 1, e.message);
        int start = offset + (int)strspn(s + offset, " \t");
        char action[64];
        snprintf(action, sizeof action, "%.*s", used - (start - offset), s + start);
        /* Under other rules a decision may not be offered where the record made one, or offered
        ** where the record had none: a recorded pass with nothing to decline is dropped, and an
        ** unrecorded optional decision is passed; a module's decision the record does not have
        ** takes the module's first choice (its default: decline, hold), and a module's decision
        ** the rules do not ask for is dropped. Under the record's own rules none of this happens. */
        if (!strict && a.kind == MP_ACT_PASS && mp_game_phase(g) == MP_PHASE_PLACE && !offered(g, MP_ACT_PASS, -1)) {
            notes->dropped++;
            offset += used;
            continue;
        }
        if (!strict && mp_game_phase(g) == MP_PHASE_MODULE &&
            !(a.kind == MP_ACT_MODULE && a.module == mp_game_module_phase(g))) {
            mp_action first;
            if (mp_game_legal(g, &first, 1) < 1 || mp_game_apply(g, &first, &e))
                return rec_error(d, r->path, t->line, t->column ? t->column + start : 0, "turn %d: before '%s': %s",
                                 i + 1, action, e.message);
            notes->defaulted++;
            continue;                         /* read the recorded action again, in the new state */
        }
        if (!strict && a.kind == MP_ACT_MODULE && mp_game_phase(g) != MP_PHASE_MODULE && !offered(g, MP_ACT_MODULE, a.module)) {
            notes->dropped++;
            offset += used;
            continue;
        }
        if (!strict && a.kind == MP_ACT_PLACE && mp_game_phase(g) == MP_PHASE_DEPLOY) {
            mp_action pass = { .kind = MP_ACT_PASS };
            if (mp_game_apply(g, &pass, &e))
                return rec_error(d, r->path, t->line, t->column ? t->column + start : 0, "turn %d: '%s': %s", i + 1,
                                 action, e.message);
            notes->passed++;
        }
        if (a.kind == MP_ACT_PLACE && mp_game_phase(g) == MP_PHASE_PLACE && mp_game_drawn_tile(g) != a.tile) {
            const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
            int held[MP_MAX_HAND], n = mp_game_hand(g, mp_game_current_player(g), held, MP_MAX_HAND);
            bool in_hand = false;
            for (int k = 0; k < n; k++) in_hand |= held[k] == a.tile;
            if (!in_hand) {
                if (strict)
                    return rec_error(d, r->path, t->line, t->column ? t->column + start : 0,
                                     "turn %d: '%s' places tile '%s', but the bag gives '%s'; expected the drawn tile",
                                     i + 1, action, mp_tileset_tile_id(ts, a.tile),
                                     mp_tileset_tile_id(ts, mp_game_drawn_tile(g)));
                const char *id = mp_tileset_tile_id(ts, a.tile);
                if (mp_game_set_draws(g, &id, 1, &e))
                    return rec_error(d, r->path, t->line, t->column ? t->column + start : 0,
                                     "turn %d: '%s': %s", i + 1, action, e.message);
                if (mp_game_drawn_tile(g) != a.tile)   /* drawn, but it fitted nowhere: gone */
                    return rec_error(d, r->path, t->line, t->column ? t->column + start : 0,
                                     "turn %d: '%s': tile '%s' fits nowhere under ruleset '%s'", i + 1, action, id,
                                     mp_ruleset_name(mp_game_ruleset(g)));
            }
        }
        if (mp_game_apply(g, &a, &e))
            return rec_error(d, r->path, t->line, t->column ? t->column + start : 0, "turn %d: '%s' is illegal: %s",
                             i + 1, action, e.message);
        offset += used;
    }
    return 0;
}

/* With end_after: once that many tiles have been drawn, the bag counts as empty and the game ends
** (final scoring) where the next tile would be placed. */
static int end_if_due(const mp_record *r, mp_game *g, mp_diag *d) {
    if (r->end_after < 0 || mp_game_phase(g) != MP_PHASE_PLACE || mp_game_n_drawn(g) < r->end_after) return 0;
    mp_diag e = { 0 };
    if (mp_game_end_now(g, &e)) return rec_error(d, r->path, 0, 0, "end_after: %s", e.message);
    return 0;
}

mp_game *mp_record_replay_noted(const mp_record *r, const mp_ruleset *rs, int strict, int n_turns, mp_replay_notes *notes,
                                mp_diag *d) {
    mp_replay_notes none;
    if (!notes) notes = &none;
    *notes = (mp_replay_notes){ 0 };
    mp_game_options o = { .n_players = r->n_players, .seed = r->seed, .first_player = r->first_player, .log_events = 1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return NULL;
    mp_game_start(g, d);
    if (r->n_order) {
        /* The tiles the bag gives first, in this order, ahead of the seeded order. */
        const char **ids = malloc((size_t)r->n_order * sizeof *ids);
        if (!ids) abort();
        for (int i = 0; i < r->n_order; i++) ids[i] = r->order[i];
        mp_diag e = { 0 };
        int bad = mp_game_phase(g) != MP_PHASE_PLACE || mp_game_set_draws(g, ids, r->n_order, &e);
        free(ids);
        if (bad) {
            rec_error(d, r->path, r->order_line, r->order_column, "tile_order: %s",
                      e.message[0] ? e.message : "the game has no tile to draw");
            mp_game_free(g);
            return NULL;
        }
    }
    if (n_turns < 0 || n_turns > r->n_turns) n_turns = r->n_turns;
    for (int i = 0; i < n_turns; i++) {
        if (end_if_due(r, g, d)) { mp_game_free(g); return NULL; }
        if (mp_game_phase(g) == MP_PHASE_OVER) {
            rec_error(d, r->path, r->turns[i].line, r->turns[i].column, "turn %d: the game is already over; "
                      "expected no more turns", i + 1);
            mp_game_free(g);
            return NULL;
        }
        if (replay_turn(r, i, g, strict, notes, d)) { mp_game_free(g); return NULL; }
    }
    if (n_turns == r->n_turns && end_if_due(r, g, d)) { mp_game_free(g); return NULL; }
    return g;
}

mp_game *mp_record_replay(const mp_record *r, const mp_ruleset *rs, int strict, int n_turns, mp_diag *d) {
    return mp_record_replay_noted(r, rs, strict, n_turns, NULL, d);
}

/* ------------------------------------------------------------------ what the file says of the game */

/* `drawn`: the tiles the game drew, in order. A record saved during a turn may list, after them,
** tiles that turn drew before it was finished (a bazaar's): a game not over may have more. */
static int check_drawn(const mp_record *r, const mp_game *g, mp_diag *d) {
    const said *s = &r->drawn;
    if (!s->present) return 0;
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int n = mp_game_n_drawn(g);
    for (int i = 0; i < n; i++) {
        int gone;
        int t = mp_game_drawn_at(g, i, &gone);
        char id[80];
        snprintf(id, sizeof id, "%s%s", mp_tileset_tile_id(ts, t), gone ? "!" : "");
        if (i == s->n)
            return rec_error(d, r->path, s->line, s->column, "drawn lists %d tile%s, but the game drew %d; expected all "
                             "of them (the next is '%s')", s->n, s->n == 1 ? "" : "s", n, id);
        if (strcmp(s->items[i].text, id) != 0)
            return rec_error(d, r->path, s->items[i].line, s->items[i].column, "drawn tile %d '%s' is not the tile the "
                             "game drew, '%s'; expected the tiles in the order the bag gave them", i + 1,
                             s->items[i].text, id);
    }
    if (s->n > n && mp_game_phase(g) == MP_PHASE_OVER)
        return rec_error(d, r->path, s->items[n].line, s->items[n].column, "drawn tile %d '%s' was never drawn: the "
                         "game drew %d tiles; expected no more", n + 1, s->items[n].text, n);
    return 0;
}

/* `winners`: the names of the players with the highest total, in seat order. */
static int check_winners(const mp_record *r, const mp_game *g, mp_diag *d) {
    const said *s = &r->winners;
    if (!s->present || mp_game_phase(g) != MP_PHASE_OVER) return 0;
    const char *won[MP_MAX_PLAYERS];
    int k = 0, best = 0;
    char list[400] = "";
    for (int p = 0; p < r->n_players && p < mp_game_n_players(g); p++) {
        if (!(mp_game_winners(g) & (1u << p))) continue;
        best = mp_game_score(g, p);
        won[k++] = r->names[p];
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s'%s'", used ? ", " : "", r->names[p]);
    }
    for (int i = 0; i < s->n || i < k; i++) {
        if (i == s->n)
            return rec_error(d, r->path, s->line, s->column, "winners lack '%s'; expected the players with the highest "
                             "total, %d: %s", won[i], best, list);
        if (i < k && !strcmp(s->items[i].text, won[i])) continue;
        bool among = false;
        for (int j = 0; j < k; j++) among |= !strcmp(s->items[i].text, won[j]);
        if (among)
            return rec_error(d, r->path, s->items[i].line, s->items[i].column, "winner '%s' is out of place; expected "
                             "the players with the highest total, %d, in seat order: %s", s->items[i].text, best, list);
        return rec_error(d, r->path, s->items[i].line, s->items[i].column, "winner '%s' did not win; expected the "
                         "players with the highest total, %d: %s", s->items[i].text, best, list);
    }
    return 0;
}

int mp_record_check_game(const mp_record *r, const mp_game *g, mp_diag *d) {
    return check_drawn(r, g, d) || check_winners(r, g, d);
}

/* ------------------------------------------------------------------ the record's ruleset */

static bool readable(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

/* A name the ruleset loader takes as a path: one with a '/' or ending in .yaml. */
static bool names_a_file(const char *s) {
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 5 && strcmp(s + n - 5, ".yaml") == 0);
}

/* The ruleset by name, looked for where mp_ruleset_load looks (core/ruleset.c: NAME.yaml in each
** directory, or the path itself); when it is nowhere, the record's `ruleset:` says so, with the
** places searched. */
static mp_ruleset *load_by_name(const mp_record *r, const char *const *dirs, mp_diag *d) {
    const char *name = r->ruleset;
    if (names_a_file(name)) {
        if (readable(name)) return mp_ruleset_load(name, dirs, d);
        rec_error(d, r->path, r->ruleset_line, r->ruleset_column, "no ruleset file '%s' (a path, from the current "
                  "directory); expected the path of a ruleset file, or a ruleset's name", name);
        return NULL;
    }
    char searched[400] = "";
    for (int i = 0; dirs && dirs[i]; i++) {
        size_t size = strlen(dirs[i]) + strlen(name) + 7;
        char *path = malloc(size);
        if (!path) abort();
        snprintf(path, size, "%s/%s.yaml", dirs[i], name);
        bool found = readable(path);
        size_t used = strlen(searched);
        snprintf(searched + used, sizeof searched - used, "%s%s", used ? ", " : "", path);
        free(path);
        if (found) return mp_ruleset_load(name, dirs, d);
    }
    rec_error(d, r->path, r->ruleset_line, r->ruleset_column, "no ruleset '%s' found (searched %s); expected a ruleset "
              "of that name in one of those directories", name, searched[0] ? searched : "no directory");
    return NULL;
}

mp_ruleset *mp_record_load_ruleset(const mp_record *r, const char *const *dirs, mp_diag *d) {
    const char *file = mp_record_ruleset_file(r);
    if (!file[0]) return load_by_name(r, dirs, d);
    if (readable(file)) return mp_ruleset_load(file, dirs, d);
    rec_error(d, r->path, r->file_line, r->file_column, "no ruleset file '%s'; expected the file the game was played "
              "under (move it back, edit this path, or delete the line to look for ruleset '%s' by name)", file,
              r->ruleset);
    return NULL;
}
