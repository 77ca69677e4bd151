/*
** jcz-same.c: what "the same record" means for `meeple export` (meeple-export(1)): the game it
** writes, imported back, must give a record with
**   - the same ruleset: the same content hash (so the same rules, tiles, name and description);
**   - the same players, by name, in the order they move (JCloisterZone's seat 0 moves first, so
**     the import's seats are the record's turned to start with its first player);
**   - the same turns, turn by turn, in the same notation;
**   - the same tiles drawn, in the same order, the discarded ones marked the same;
**   - the same end (end_after), the same status (over or playing) and the same scores, by player;
** while these may differ: the seed (the same below 2^53), the first player's seat (0), the player
** kinds (every player is human), tile_order (the tiles drawn) and where the ruleset file lies.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jcz-impl.h"

static int differ(const char *path, mp_diag *d, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int differ(const char *path, mp_diag *d, const char *fmt, ...) {
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(d->file, sizeof d->file, "%s", path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "the game written does not import back to the same record: %s (a bug "
             "of meeple export)", what);
    return 1;
}

int jcz_same_record(const char *path, const mp_record *a, const mp_game *ga, const mp_record *b, const mp_game *gb,
                    const mp_ruleset *rb, mp_diag *d) {
    if (strcmp(mp_record_hash(a), mp_ruleset_hash(rb)) != 0)
        return differ(path, d, "ruleset '%s' (hash %s) is imported as '%s' (hash %s)", mp_record_ruleset(a),
                      mp_record_hash(a), mp_ruleset_name(rb), mp_ruleset_hash(rb));
    int n = mp_record_n_players(a), first = mp_record_first_player(a);
    if (mp_record_n_players(b) != n)
        return differ(path, d, "%d player%s become%s %d", n, n == 1 ? "" : "s", n == 1 ? "s" : "", mp_record_n_players(b));
    if (mp_record_first_player(b) != 0) return differ(path, d, "the first player is seat %d", mp_record_first_player(b));
    for (int k = 0; k < n; k++) {
        int seat = (first + k) % n;
        if (strcmp(mp_record_player_name(a, seat), mp_record_player_name(b, k)) != 0)
            return differ(path, d, "player '%s' becomes '%s'", mp_record_player_name(a, seat), mp_record_player_name(b, k));
        if (mp_game_score(ga, seat) != mp_game_score(gb, k))
            return differ(path, d, "%s's score %d becomes %d", mp_record_player_name(a, seat), mp_game_score(ga, seat),
                          mp_game_score(gb, k));
    }
    if (mp_record_n_turns(a) != mp_record_n_turns(b))
        return differ(path, d, "%d turn%s become%s %d", mp_record_n_turns(a), mp_record_n_turns(a) == 1 ? "" : "s",
                      mp_record_n_turns(a) == 1 ? "s" : "", mp_record_n_turns(b));
    for (int t = 0; t < mp_record_n_turns(a); t++)
        if (strcmp(mp_record_turn(a, t), mp_record_turn(b, t)) != 0)
            return differ(path, d, "turn %d '%s' becomes '%s'", t + 1, mp_record_turn(a, t), mp_record_turn(b, t));
    if (mp_game_n_drawn(ga) != mp_game_n_drawn(gb))
        return differ(path, d, "%d tile%s drawn become%s %d", mp_game_n_drawn(ga), mp_game_n_drawn(ga) == 1 ? "" : "s",
                      mp_game_n_drawn(ga) == 1 ? "s" : "", mp_game_n_drawn(gb));
    for (int k = 0; k < mp_game_n_drawn(ga); k++) {
        int da, db, ta = mp_game_drawn_at(ga, k, &da), tb = mp_game_drawn_at(gb, k, &db);
        if (ta != tb || da != db) return differ(path, d, "tile %d drawn differs", k + 1);
    }
    if (mp_record_end_after(a) != mp_record_end_after(b))
        return differ(path, d, "end_after %ld becomes %ld", mp_record_end_after(a), mp_record_end_after(b));
    if ((mp_game_phase(ga) == MP_PHASE_OVER) != (mp_game_phase(gb) == MP_PHASE_OVER))
        return differ(path, d, "the game %s over", mp_game_phase(ga) == MP_PHASE_OVER ? "is no longer" : "is now");
    return 0;
}

int jcz_export_check(const char *path, const jcz_export *x, const mp_record *rec, const mp_game *g, mp_diag *d) {
    char *text = strdup(x->text);
    if (!text) abort();
    jcz_import j;
    char name[600];
    snprintf(name, sizeof name, "%s (written)", path);
    int rc = jcz_import_text(name, text, x->len, NULL, &j, d);
    if (rc) {
        char why[sizeof d->message];
        mp_diag_format(d, why, sizeof why);
        rc = differ(path, d, "%.300s", why);
    } else {
        rc = jcz_same_record(path, rec, g, j.rec, j.g, j.rs, d);
    }
    jcz_import_free(&j);
    return rc;
}
