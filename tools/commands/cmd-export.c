/*
** cmd-export.c: `meeple export RECORD -o GAME.jcz`, a game record written as a JCloisterZone saved
** game (meeple-export(1)). The output's directory is tried first (a temporary file beside it, kept
** open), then the record is replayed under its own ruleset, written (jcz-export.c), imported back
** and compared (jcz-same.c), and only then is the temporary file filled, flushed and renamed.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "jcz.h"
#include "json.h"
#include "replay.h"

static const char usage[] =
    "usage: meeple export --output GAME.jcz [--force] [--json] RECORD\n"
    "Write a game record as a JCloisterZone saved game.\n"
    "  -o, --output FILE  the .jcz file to write\n"
    "  --force            let --output replace an existing FILE\n"
    "  --json             print what was written as JSON\n"
    "  -h, --help         print this help\n";

/* The .jcz text into the output opened before the work (out_open), then renamed over it. */
static int finish(out_file *o, const jcz_export *x, mp_diag *d) {
    fwrite(x->text, 1, x->len, o->f);
    fputc('\n', o->f);
    return out_commit(o, d);
}

/* Where the record names its ruleset: the line of `ruleset:` and the column of its value. */
static void ruleset_line(const char *path, mp_diag *d) {
    FILE *f = fopen(path, "r");
    char line[1024];
    for (int n = 1; f && fgets(line, sizeof line, f); n++)
        if (!strncmp(line, "ruleset:", 8)) {
            d->line = n;
            d->column = 9 + (int)strspn(line + 8, " ");
            break;
        }
    if (f) fclose(f);
}

static void report_json(const char *record, const char *out, const replayed *r, const jcz_export *x) {
    json o;
    json_init(&o, stdout);
    json_object(&o);
    json_key(&o, "record"); json_string(&o, record);
    json_key(&o, "jcz"); json_string(&o, out);
    json_key(&o, "ruleset"); json_string(&o, x->ruleset);
    json_key(&o, "setup"); json_string(&o, x->setup);
    json_key(&o, "players"); json_array(&o);
    int first = mp_record_first_player(r->rec);
    for (int k = 0; k < r->n; k++) {
        int seat = (first + k) % r->n;
        json_object(&o);
        json_key(&o, "name"); json_string(&o, r->names[seat]);
        json_key(&o, "seat"); json_int(&o, seat);
        json_key(&o, "jcz_seat"); json_int(&o, k);
        json_key(&o, "score"); json_int(&o, mp_game_score(r->g, seat));
        json_object_end(&o);
    }
    json_array_end(&o);
    json_key(&o, "messages"); json_int(&o, x->n_messages);
    json_key(&o, "turns"); json_int(&o, x->n_turns);
    json_key(&o, "tiles_drawn"); json_int(&o, x->n_drawn);
    if (x->end_turn >= 0) { json_key(&o, "end_turn"); json_int(&o, x->end_turn); }
    json_key(&o, "over"); json_bool(&o, x->over);
    json_key(&o, "checked"); json_bool(&o, true);
    json_object_end(&o);
    json_done(&o);
}

static void report_text(const char *record, const char *out, const replayed *r, const jcz_export *x) {
    printf("%s: %d turn%s of", record, x->n_turns, x->n_turns == 1 ? "" : "s");
    int first = mp_record_first_player(r->rec);
    for (int k = 0; k < r->n; k++) printf("%s %s", k ? "," : "", r->names[(first + k) % r->n]);
    printf(" written to %s (%d message%s) as JCloisterZone's %s; imported back: the same record\n", out, x->n_messages,
           plural(x->n_messages),
           x->setup);
}

int cmd_export(int argc, char **argv) {
    static const struct option opts[] = { { "output", required_argument, 0, 'o' }, { "json", no_argument, 0, 'j' },
                                          { "force", no_argument, 0, 'f' }, { "help", no_argument, 0, 'h' },
                                          { 0, 0, 0, 0 } };
    bool as_json = false, force = false;
    const char *out = NULL;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'f') force = true;
        else if (c == 'o') out = optarg;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "ho:", opts, argv);
    }
    if (optind + 1 != argc) return usage_error(usage, "expected one game record");
    if (!out || !out[0]) return usage_error(usage, "expected --output GAME.jcz");
    const char *path = argv[optind];
    mp_diag d = { 0 };
    out_file o = { 0 };
    if (out_refuse_existing(out, "--output", force, &d) || out_open(&o, out, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    replayed r;
    int rc = replay_record(path, NULL, true, &r);
    if (rc) { out_discard(&o); replayed_free(&r); return rc; }
    jcz_export x;
    if (jcz_export_record(path, r.rec, r.rs, &x, &d)) {
        if (strstr(d.message, "cannot be written for JCloisterZone")) ruleset_line(path, &d);
        rc = EXIT_BAD_INPUT;
    } else if (jcz_export_check(path, &x, r.rec, r.g, &d) || finish(&o, &x, &d)) {
        rc = EXIT_BAD_INPUT;
    }
    if (rc) print_diag(&d);
    else if (as_json) report_json(path, out, &r, &x);
    else report_text(path, out, &r, &x);
    out_discard(&o);
    jcz_export_free(&x);
    replayed_free(&r);
    return rc;
}
