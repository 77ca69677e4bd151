/*
** scorelog.c: the scoring log in words and in JSON, and the events that differ when the same
** game is scored under several rulesets (meeple-replay(1), meeple-score(1), meeple-compare(1)).
*/
#include <stdlib.h>
#include <string.h>

#include "scorelog.h"

enum { SHOWN_TILES = 8 };   /* tiles written out in a text line; JSON has them all */

const char *scorelog_what(const mp_game *g, const mp_score_event *e) {
    if (e->why == MP_WHY_MODULE && e->label[0]) return e->label;
    if (e->why == MP_WHY_FARM) return mp_game_category_name(g, e->category);
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    return e->kind >= 0 ? mp_tileset_kind_name(ts, e->kind) : mp_game_category_name(g, e->category);
}

static void players_text(char *buf, size_t size, unsigned players, const char *const *names, int n) {
    size_t used = 0;
    buf[0] = 0;
    for (int p = 0; p < n && used < size; p++)
        if (players & (1u << p)) used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", names[p]);
}

static void when_text(char *buf, size_t size, const mp_score_event *e) {
    if (e->final) snprintf(buf, size, "final");
    else snprintf(buf, size, "turn %d", e->turn);
}

static void tiles_text(FILE *f, const mp_score_event *e) {
    if (!e->n_tiles) return;
    fprintf(f, "  %d tile%s:", e->n_tiles, e->n_tiles == 1 ? "" : "s");
    for (int t = 0; t < e->n_tiles && t < SHOWN_TILES; t++) fprintf(f, " %d,%d", e->cells[2 * t], e->cells[2 * t + 1]);
    if (e->n_tiles > SHOWN_TILES) fprintf(f, " ...");
}

/* The pieces that stood on the feature, when one is not an ordinary follower: " (large, helper)". */
static void pieces_text(FILE *f, const mp_game *g, const mp_score_event *e) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    bool others = false;
    for (int k = 0; k < e->n_figures; k++) others |= e->figures[k].piece != 0;
    if (!others) return;
    fprintf(f, "  with");
    for (int k = 0; k < e->n_figures; k++) {
        mp_piece_info piece;
        if (!mp_ruleset_piece(rs, e->figures[k].piece, &piece)) fprintf(f, "%s %s", k ? "," : "", piece.name);
    }
}

void scorelog_text(FILE *f, const mp_game *g, const char *const *names) {
    int n = mp_game_n_events(g);
    fprintf(f, "scoring events: %d\n", n);
    for (int i = 0; i < n; i++) {
        mp_score_event e;
        char when[32], who[256];
        mp_game_event(g, i, &e);
        when_text(when, sizeof when, &e);
        players_text(who, sizeof who, e.players, names, mp_game_n_players(g));
        fprintf(f, "  %-9s %-20s %+5d  %-10s %s", when, who, e.points, scorelog_what(g, &e), mp_event_why_name(e.why));
        if (e.n_tiles) fprintf(f, "%*s", 10 - (int)strlen(mp_event_why_name(e.why)), "");
        tiles_text(f, &e);
        pieces_text(f, g, &e);
        fputc('\n', f);
    }
}

/* The pieces as data: [{"player": NAME, "piece": "large"}, ...], in the order they were deployed. */
static void pieces_json(json *j, const mp_game *g, const mp_score_event *e, const char *const *names) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    json_key(j, "pieces"); json_array(j);
    for (int k = 0; k < e->n_figures; k++) {
        mp_piece_info piece;
        if (mp_ruleset_piece(rs, e->figures[k].piece, &piece)) continue;
        json_object(j);
        json_key(j, "player"); json_string(j, names[e->figures[k].player]);
        json_key(j, "piece"); json_string(j, piece.name);
        json_object_end(j);
    }
    json_array_end(j);
}

static void tiles_json(json *j, const mp_score_event *e) {
    json_key(j, "tiles"); json_array(j);
    for (int t = 0; t < e->n_tiles; t++) {
        json_array(j);
        json_int(j, e->cells[2 * t]);
        json_int(j, e->cells[2 * t + 1]);
        json_array_end(j);
    }
    json_array_end(j);
}

void scorelog_json(json *j, const mp_game *g, const char *const *names) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    json_array(j);
    for (int i = 0; i < mp_game_n_events(g); i++) {
        mp_score_event e;
        mp_game_event(g, i, &e);
        json_object(j);
        json_key(j, "turn"); json_int(j, e.turn);
        json_key(j, "final"); json_bool(j, e.final);
        json_key(j, "players"); json_array(j);
        for (int p = 0; p < mp_game_n_players(g); p++)
            if (e.players & (1u << p)) json_string(j, names[p]);
        json_array_end(j);
        json_key(j, "points"); json_int(j, e.points);
        json_key(j, "what"); json_string(j, scorelog_what(g, &e));
        json_key(j, "why"); json_string(j, mp_event_why_name(e.why));
        json_key(j, "category"); json_string(j, mp_game_category_name(g, e.category));
        json_key(j, "kind"); json_string(j, e.kind >= 0 ? mp_tileset_kind_name(ts, e.kind) : "");
        json_key(j, "label"); json_string(j, e.label);
        tiles_json(j, &e);
        pieces_json(j, g, &e, names);
        json_object_end(j);
    }
    json_array_end(j);
}

/* ------------------------------------------------------------------ the same game, several rulesets */

enum { MAX_GAMES = 8 };

/* What an event scored, as a key that is the same under every ruleset: when, what, why, and the
** tiles (sorted: the same feature whatever order they were listed in). */
typedef struct subject {
    char key[160];
    mp_score_event e;             /* the first event seen with this key (its tiles for display) */
    const mp_game *g;             /* ... and its game */
    int points[MAX_GAMES][MP_MAX_PLAYERS];
    bool present[MAX_GAMES];
} subject;

static int cell_cmp(const void *a, const void *b) {
    const int16_t *x = a, *y = b;
    return x[1] != y[1] ? (x[1] > y[1]) - (x[1] < y[1]) : (x[0] > y[0]) - (x[0] < y[0]);
}

/* The key of an event; long tile lists are folded into a checksum (two features of 40 tiles
** are told apart by it). */
static void subject_key(const mp_game *g, const mp_score_event *e, char *buf, size_t size) {
    int16_t *cells = malloc((size_t)(e->n_tiles + 1) * 2 * sizeof *cells);
    if (!cells) abort();
    if (e->n_tiles) memcpy(cells, e->cells, (size_t)e->n_tiles * 2 * sizeof *cells);
    qsort(cells, (size_t)e->n_tiles, 2 * sizeof *cells, cell_cmp);
    uint64_t h = 1469598103934665603ull;   /* FNV-1a over the sorted cells */
    for (int i = 0; i < 2 * e->n_tiles; i++) h = (h ^ (uint16_t)cells[i]) * 1099511628211ull;
    free(cells);
    snprintf(buf, size, "%d|%d|%s|%d|%d|%016llx", e->final ? -1 : e->turn, e->final, scorelog_what(g, e), e->why,
             e->n_tiles, (unsigned long long)h);
}

typedef struct subjects { int n, cap; subject *s; } subjects;

static subject *find_or_add(subjects *all, const char *key, const mp_game *g, const mp_score_event *e) {
    for (int i = 0; i < all->n; i++)
        if (!strcmp(all->s[i].key, key)) return &all->s[i];
    if (all->n == all->cap) {
        all->cap = all->cap ? 2 * all->cap : 64;
        all->s = realloc(all->s, (size_t)all->cap * sizeof *all->s);
        if (!all->s) abort();
    }
    subject *s = &all->s[all->n++];
    memset(s, 0, sizeof *s);
    snprintf(s->key, sizeof s->key, "%s", key);
    s->e = *e;
    s->g = g;
    return s;
}

/* Every subject of every game, with the points each player got for it under each ruleset. */
static void gather(subjects *all, mp_game *const *games, int n) {
    for (int i = 0; i < n && i < MAX_GAMES; i++) {
        if (!games[i]) continue;
        for (int k = 0; k < mp_game_n_events(games[i]); k++) {
            mp_score_event e;
            char key[160];
            mp_game_event(games[i], k, &e);
            subject_key(games[i], &e, key, sizeof key);
            subject *s = find_or_add(all, key, games[i], &e);
            s->present[i] = true;
            for (int p = 0; p < mp_game_n_players(games[i]); p++)
                if (e.players & (1u << p)) s->points[i][p] += e.points;
        }
    }
}

static bool differs(const subject *s, mp_game *const *games, int n) {
    for (int i = 1; i < n && i < MAX_GAMES; i++) {
        if (!games[i]) continue;
        if (memcmp(s->points[i], s->points[0], sizeof s->points[0]) != 0) return true;
    }
    return false;
}

static void points_text(FILE *f, const subject *s, int i, const char *const *names, int np) {
    bool any = false;
    for (int p = 0; p < np; p++)
        if (s->points[i][p]) { fprintf(f, "%s%s %+d", any ? ", " : " ", names[p], s->points[i][p]); any = true; }
    if (!any) fputs(" -", f);
}

void scorelog_diff_text(FILE *f, mp_game *const *games, const char *const *rulesets, int n, const char *const *names) {
    subjects all = { 0 };
    gather(&all, games, n);
    int shown = 0;
    for (int k = 0; k < all.n; k++) {
        const subject *s = &all.s[k];
        if (!differs(s, games, n)) continue;
        if (!shown++) fprintf(f, "\nscoring events that differ (%s is the reference):\n", rulesets[0]);
        char when[32];
        when_text(when, sizeof when, &s->e);
        fprintf(f, "  %s, %s (%s)", when, scorelog_what(s->g, &s->e), mp_event_why_name(s->e.why));
        tiles_text(f, &s->e);
        fputc('\n', f);
        for (int i = 0; i < n && i < MAX_GAMES; i++) {
            if (!games[i]) continue;
            fprintf(f, "    %-14s", rulesets[i]);
            points_text(f, s, i, names, mp_game_n_players(games[0]));
            fputc('\n', f);
        }
    }
    free(all.s);
}

void scorelog_diff_json(json *j, mp_game *const *games, const char *const *rulesets, int n, const char *const *names) {
    subjects all = { 0 };
    gather(&all, games, n);
    json_array(j);
    for (int k = 0; k < all.n; k++) {
        const subject *s = &all.s[k];
        if (!differs(s, games, n)) continue;
        json_object(j);
        json_key(j, "turn"); json_int(j, s->e.turn);
        json_key(j, "final"); json_bool(j, s->e.final);
        json_key(j, "what"); json_string(j, scorelog_what(s->g, &s->e));
        json_key(j, "why"); json_string(j, mp_event_why_name(s->e.why));
        tiles_json(j, &s->e);
        json_key(j, "points"); json_object(j);
        for (int i = 0; i < n && i < MAX_GAMES; i++) {
            if (!games[i]) continue;
            json_key(j, rulesets[i]); json_object(j);
            for (int p = 0; p < mp_game_n_players(games[0]); p++)
                if (s->points[i][p]) { json_key(j, names[p]); json_int(j, s->points[i][p]); }
            json_object_end(j);
        }
        json_object_end(j);
        json_object_end(j);
    }
    json_array_end(j);
    free(all.s);
}
