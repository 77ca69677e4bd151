/*
** game-file.c: a record or a .jcz game read, with the ruleset that goes with it (game-file.h).
*/
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "game-file.h"

/* The importer keeps a list of legal actions of its own (tools/jcz/jcz-replay.c): one import at a
** time, whichever thread asks (meeple serve answers on many). */
static pthread_mutex_t importing = PTHREAD_MUTEX_INITIALIZER;

static int failed(mp_diag *d, const char *file, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int failed(mp_diag *d, const char *file, const char *fmt, ...) {
    snprintf(d->file, sizeof d->file, "%s", file);
    d->line = d->column = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    return 1;
}

/* A .jcz game imported (from its text when text is not NULL, else from the file): its record. */
static int import(const char *name, const char *text, size_t len, game_file *f, mp_diag *d) {
    char *copy = NULL;
    if (text) {
        if (!(copy = malloc(len + 1))) abort();   /* out of memory: meeple(3)'s policy */
        memcpy(copy, text, len);
        copy[len] = 0;
    }
    pthread_mutex_lock(&importing);
    int bad = copy ? jcz_import_text(name, copy, len, NULL, &f->jcz, d) : jcz_import_file(name, NULL, &f->jcz, d);
    pthread_mutex_unlock(&importing);
    if (bad) return 1;
    f->rec = f->jcz.rec;
    f->jcz.rec = NULL;
    return 0;
}

/* An upload's ruleset: by its name from the search directories, the messages naming no file of
** this machine (meeple-serve(1), API). */
static int upload_rules(const char *file, game_file *f, mp_diag *d) {
    const char *name = mp_record_ruleset(f->rec);
    if (!ruleset_name_ok(name))
        return failed(d, file, "the record's ruleset %s is not a ruleset's name; expected a record of a ruleset of "
                      "GET /api/rulesets", quoted(name));
    mp_diag ignored = { 0 };   /* it names the directories searched */
    if (!(f->rs = mp_ruleset_load(name, ruleset_dirs(), &ignored)))
        return failed(d, file, "the record's ruleset '%s' is not one the server has; expected a record of a "
                      "ruleset of GET /api/rulesets", quoted(name));
    return 0;
}

/* The ruleset loaded does not hash as the record says. */
static int other_rules(const char *name, const game_file *f, bool upload, mp_diag *d) {
    const char *made = mp_record_ruleset(f->rec), *hash = mp_record_hash(f->rec);
    if (upload)
        return failed(d, name, "the record was made under ruleset '%s' with hash %s, but the server's '%s' hashes to %s; "
                      "expected the same rules (rescore it under these: POST /api/replays/ID/rescore)", quoted(made),
                      hash, quoted(made), mp_ruleset_hash(f->rs));
    return failed(d, name, "the record was made under ruleset '%s' with hash %s, but '%s' hashes to %s; expected the "
                  "same rules (rescore under other rules with 'meeple score')", made, hash, mp_ruleset_path(f->rs),
                  mp_ruleset_hash(f->rs));
}

/* The ruleset that goes with the record read (game-file.h, game_rules). */
static int rules_of(const char *name, const game_load *how, game_file *f, mp_diag *d) {
    if (how->rules == GAME_NO_RULES) return 0;
    if (how->ruleset) {
        f->rs = mp_ruleset_load(how->ruleset, ruleset_dirs(), d);
    } else if (f->format == GAME_JCZ) {
        f->rs = f->jcz.rs;
        f->jcz.rs = NULL;
    } else if (how->upload) {
        if (upload_rules(name, f, d)) return 1;
    } else {
        f->rs = mp_record_load_ruleset(f->rec, ruleset_dirs(), d);   /* a missing one: at its place */
    }
    if (!f->rs) return 1;
    if (how->rules == GAME_OWN_RULES && strcmp(mp_ruleset_hash(f->rs), mp_record_hash(f->rec)) != 0)
        return other_rules(name, f, how->upload, d);
    return 0;
}

/* What the two entry points share: the format told (by sniffing), the record read. */
static int load(const char *name, const char *text, size_t len, const game_load *how, game_file *f, mp_diag *d) {
    memset(f, 0, sizeof *f);
    f->format = (text ? jcz_sniff_text(name, text, len) : jcz_sniff(name)) ? GAME_JCZ : GAME_RECORD;
    if (f->format == GAME_JCZ && how->records_only)
        return failed(d, name, "a JCloisterZone game; expected a meeple record (meeple import %s -o RECORD.yaml makes one)",
                      name);
    if (f->format == GAME_JCZ) {
        if (import(name, text, len, f, d)) return 1;
    } else if (!(f->rec = text ? mp_record_parse(name, text, len, d) : mp_record_load(name, d))) {
        return 1;
    }
    return rules_of(name, how, f, d);
}

int game_file_load(const char *path, const game_load *how, game_file *f, mp_diag *d) {
    return load(path, NULL, 0, how, f, d);
}

int game_file_parse(const char *name, const char *text, size_t len, const game_load *how, game_file *f, mp_diag *d) {
    return load(name, text, len, how, f, d);
}

void game_file_free(game_file *f) {
    mp_ruleset_free(f->rs);
    mp_record_free(f->rec);
    jcz_import_free(&f->jcz);
    memset(f, 0, sizeof *f);
}

void game_file_locate(const game_file *f, mp_diag *d) {
    if (f->format == GAME_JCZ) jcz_locate_turn(&f->jcz, d);
}
