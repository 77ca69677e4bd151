/*
** cmd-merge.c: `meeple merge`, the parts of a sharded run (--shard K/N) combined into exactly what
** one run would have printed (tools/sim/sim.h, meeple-merge(1)).
**
** Every part names its command, the run's parameters, the games of the whole run and its shard.
** The parts must be of one run (the same command, parameters and games, the same N) and hold
** every shard once; a part missing is named, so that only it is run again. The totals of the
** parts are added, in any order (they hold counts, sums and exact distributions only), and
** printed by the command's own printer: text, --json, --csv or --svg as the command offers them.
*/
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple merge [--json | --csv] [--svg FILE] PART...\n"
    "Combine the parts written by a run split with --shard K/N into what one run would have printed.\n"
    "  --json           print the result as JSON\n"
    "  --csv            print the result as CSV (as the command's --csv)\n"
    "  --svg FILE       write the command's chart to FILE (compare, balance)\n"
    "  -h, --help       print this help\n";

static const sim_command *const mergeable[] = { &arena_sim, &balance_sim, &compare_sim, &play_sim, &tilestats_sim, &train_sim };

typedef struct part {
    const char *path;
    json_t *doc;
    long k, n, games, played;
} part;

/* A part read and its envelope checked: 0, or the error printed and EXIT_BAD_INPUT. */
static int read_part(const char *path, part *p) {
    json_error_t e;
    p->path = path;
    errno = 0;
    p->doc = json_load_file(path, 0, &e);
    if (!p->doc) {
        if (e.line <= 0) fprintf(stderr, "%s: cannot read: %s\n", path, errno ? strerror(errno) : e.text);
        else fprintf(stderr, "%s:%d:%d: %s; expected a part written by a run with --shard K/N (a whole JSON object)\n",
                     path, e.line, e.column > 0 ? e.column : 1, e.text);   /* an empty file: 1:1, not 1:0 */
        return EXIT_BAD_INPUT;
    }
    json_t *d = p->doc, *shard = json_object_get(d, "shard");
    if (!json_is_object(d) || json_integer_value(json_object_get(d, "meeple_part")) != 1) {
        fprintf(stderr, "%s: not a part of a sharded run (no \"meeple_part\": 1); expected the JSON a run with --shard K/N writes\n", path);
        return EXIT_BAD_INPUT;
    }
    p->k = (long)json_integer_value(json_array_get(shard, 0));
    p->n = (long)json_integer_value(json_array_get(shard, 1));
    p->games = (long)json_integer_value(json_object_get(d, "games"));
    p->played = (long)json_integer_value(json_object_get(d, "played"));
    if (!json_is_string(json_object_get(d, "command")) || !json_is_object(json_object_get(d, "params")) ||
        p->n < 1 || p->k < 1 || p->k > p->n || p->games < 1 || !json_object_get(d, "totals")) {
        fprintf(stderr, "%s: a part without its command, parameters, shard K/N, games or totals; expected the JSON a run with --shard K/N writes\n", path);
        return EXIT_BAD_INPUT;
    }
    if (p->played != sim_share_count(p->games, (share){ p->k - 1, p->n })) {
        fprintf(stderr, "%s: shard %ld/%ld of %ld games played %ld; expected %ld\n", path, p->k, p->n, p->games, p->played,
                sim_share_count(p->games, (share){ p->k - 1, p->n }));
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* The parts of one run, every shard once: 0, or the error printed and EXIT_BAD_INPUT. */
static int check_run(part *p, int n) {
    const char *cmd = json_string_value(json_object_get(p[0].doc, "command"));
    for (int i = 1; i < n; i++) {
        const char *other = json_string_value(json_object_get(p[i].doc, "command"));
        const char *what = strcmp(cmd, other) ? "another command" :
                           p[i].games != p[0].games ? "another number of games" :
                           p[i].n != p[0].n ? "another number of shards" :
                           !json_equal(json_object_get(p[i].doc, "params"), json_object_get(p[0].doc, "params"))
                               ? "other parameters (rulesets, seats, seed or options)" : NULL;
        if (what) {
            fprintf(stderr, "%s: not of the run of %s: %s; expected the parts of one run\n", p[i].path, p[0].path, what);
            return EXIT_BAD_INPUT;
        }
    }
    long shards = p[0].n;
    const char **seen = calloc((size_t)shards, sizeof *seen);
    if (!seen) { fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    for (int i = 0; i < n; i++) {
        if (seen[p[i].k - 1]) {
            fprintf(stderr, "%s: shard %ld/%ld again (it is %s too); expected each shard once\n", p[i].path, p[i].k, shards,
                    seen[p[i].k - 1]);
            free(seen);
            return EXIT_BAD_INPUT;
        }
        seen[p[i].k - 1] = p[i].path;
    }
    long missing = 0;
    for (long k = 0; k < shards; k++) missing += !seen[k];
    if (missing) {
        fprintf(stderr, "meeple merge: %ld of %ld shard%s missing:", missing, shards, plural(shards));
        long shown = 0;
        for (long k = 0; k < shards && shown < 20; k++)
            if (!seen[k]) fprintf(stderr, "%s %ld/%ld", shown++ ? "," : "", k + 1, shards);
        fprintf(stderr, "%s; run %s with --shard K/N as the others were, then merge every part\n", missing > shown ? ", ..." : "",
                missing == 1 ? "it" : "them");
    }
    free(seen);
    return missing ? EXIT_BAD_INPUT : 0;
}

static const sim_command *find(const char *name) {
    for (size_t i = 0; i < sizeof mergeable / sizeof mergeable[0]; i++)
        if (!strcmp(mergeable[i]->name, name)) return mergeable[i];
    return NULL;
}

/* "arena, balance, ... or train": the commands of mergeable[], for a message. */
static void print_mergeable(FILE *f) {
    size_t n = sizeof mergeable / sizeof mergeable[0];
    for (size_t i = 0; i < n; i++) fprintf(f, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", mergeable[i]->name);
}

static int merge_parts(part *p, int n, const merge_output *out) {
    const char *name = json_string_value(json_object_get(p[0].doc, "command"));
    const sim_command *c = find(name);
    if (!c) {
        fprintf(stderr, "%s: a part of '%s', which no command merges; expected ", p[0].path, quoted(name));
        print_mergeable(stderr);
        fprintf(stderr, "\n");
        return EXIT_BAD_INPUT;
    }
    int rc = 0;
    void *ctx = c->ctx_from_params(json_object_get(p[0].doc, "params"), out, &rc);
    if (!ctx) return rc ? rc : EXIT_BAD_INPUT;
    void *all = c->ops->totals_new(ctx);
    if (!all) rc = EXIT_BAD_INPUT;
    for (int i = 0; i < n && !rc; i++) {
        void *t = c->ops->totals_new(ctx);
        mp_diag d = { 0 };
        if (!t) { rc = EXIT_BAD_INPUT; break; }
        if (c->ops->read_totals(ctx, t, json_object_get(p[i].doc, "totals"), &d)) {
            fprintf(stderr, "%s: totals: %s\n", p[i].path, d.message);
            rc = EXIT_BAD_INPUT;
        } else if (c->ops->merge(ctx, all, t)) {
            fprintf(stderr, "meeple: out of memory\n");
            rc = EXIT_BAD_INPUT;
        }
        c->ops->totals_free(ctx, t);
    }
    if (!rc) rc = c->ops->print(ctx, all);
    if (all) c->ops->totals_free(ctx, all);
    c->ctx_free(ctx);
    return rc;
}

int cmd_merge(int argc, char **argv) {
    static const struct option opts[] = {
        { "json", no_argument, 0, 'j' }, { "csv", no_argument, 0, 'c' },
        { "svg", required_argument, 0, 'v' }, { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 }
    };
    merge_output out = { 0 };
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'j': out.json = true; break;
        case 'c': out.csv = true; break;
        case 'v': out.svg = optarg; break;
        case 'h': fputs(usage, stdout); return 0;
        default: return option_error(usage, "h", opts, argv);
        }
    }
    if (out.json && out.csv) return usage_error(usage, "--json and --csv exclude each other");
    if (optind == argc) return usage_error(usage, "expected the parts, PART..., written by runs with --shard K/N");
    int n = argc - optind;
    part *p = calloc((size_t)n, sizeof *p);
    if (!p) { fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) rc = read_part(argv[optind + i], &p[i]);
    if (!rc) rc = check_run(p, n);
    if (!rc) rc = merge_parts(p, n, &out);
    for (int i = 0; i < n; i++) json_decref(p[i].doc);
    free(p);
    return rc;
}
