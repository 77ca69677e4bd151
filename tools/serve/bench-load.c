/*
** bench-load.c: the load benchmark of meeple serve (meeple-serve(1), section LOAD BENCHMARK;
** `make bench-serve` starts a server and runs it against it). Starts nothing itself: given a
** server's URL, C clients at once (threads, each with one HTTP/1.1 keep-alive connection of
** plain sockets) play games of c3, a human seat against a greedy bot, for D seconds. Each picks
** one of the legal actions of the state (a seeded choice), posts it and times the request; when
** its game is over it fetches the record and checks that every action it sent is in it, in order
** (no move lost), then starts another game. At the end: the games finished, the moves, the errors,
** the moves lost and the moves' latency (p50, p90, p99, max). A benchmark, never a test: nothing
** here decides whether a figure is good enough.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: bench-load [--clients C] [--seconds D] [--seed S] [--json] URL\n"
    "Load meeple serve at URL (http://HOST:PORT/) with C games of c3 at once (a human seat played by\n"
    "a client against a greedy bot) for D seconds; report the moves, the errors, the moves lost and\n"
    "the moves' latency.\n"
    "  --clients C   clients at once, each with a connection and a game of its own (default 50)\n"
    "  --seconds D   how long (default 30)\n"
    "  --seed S      the seed of the games and of the clients' choices (default 1)\n"
    "  --json        the results as one JSON object\n"
    "  -h, --help    print this help\n";

enum { MAX_ERRORS_SHOWN = 10, MAX_SENT = 1024 };

/* What every client shares. */
static struct {
    char host[256], port[16];
    double end;                 /* CLOCK_MONOTONIC seconds when the clients stop */
    uint64_t seed;
    pthread_mutex_t lock;       /* for errors_shown */
    int errors_shown;
} run = { .lock = PTHREAD_MUTEX_INITIALIZER };

typedef struct client {
    int index;
    int fd;                     /* -1: not connected */
    char *buf;                  /* what was read and not yet used */
    size_t len, cap;
    int status;                 /* of the last reply */
    char *body;                 /* of the last reply, terminated; points into a buffer of its own */
    size_t body_len;
    uint64_t rng;
    /* results */
    long games_started, games_finished, moves, errors, lost;
    double *lat;                /* each move's latency, ms */
    size_t n_lat, cap_lat;
    double create_ms, create_max_ms;   /* the games' creations: their time in all, the longest */
} client;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* splitmix64: the clients' seeded choices. */
static uint64_t next_random(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* An error: counted, and the first few said on stderr. Always 1. */
static int fail(client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(client *c, const char *fmt, ...) {
    c->errors++;
    pthread_mutex_lock(&run.lock);
    bool show = run.errors_shown < MAX_ERRORS_SHOWN;
    if (show) run.errors_shown++;
    pthread_mutex_unlock(&run.lock);
    if (show) {
        char msg[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        fprintf(stderr, "bench-load: client %d: %s\n", c->index, msg);
    }
    return 1;
}

/* ------------------------------------------------------------------ HTTP/1.1 over one connection */

static void disconnect(client *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->len = 0;
    if (c->buf) c->buf[0] = 0;
}

static int connect_to_server(client *c) {
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res, *ai;
    int rc = getaddrinfo(run.host, run.port, &hints, &res);
    if (rc) return fail(c, "%s:%s: %s", run.host, run.port, gai_strerror(rc));
    int err = 0;
    for (ai = res; ai; ai = ai->ai_next) {
        int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol), one = 1;
        if (fd < 0) { err = errno; continue; }
        /* A request is one write and its reply is awaited: no waiting for more to send (Nagle). */
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) { c->fd = fd; break; }
        err = errno;
        close(fd);
    }
    freeaddrinfo(res);
    return c->fd < 0 ? fail(c, "cannot connect to %s:%s: %s", run.host, run.port, strerror(err)) : 0;
}

/* Reads more into c->buf: 0, or 1 when the connection ended or failed. */
static int read_more(client *c) {
    if (c->cap - c->len < 65536) {
        size_t cap = c->cap ? c->cap * 2 : 131072;
        char *b = realloc(c->buf, cap);
        if (!b) return 1;
        c->buf = b;
        c->cap = cap;
    }
    ssize_t got;
    do got = recv(c->fd, c->buf + c->len, c->cap - c->len - 1, 0);
    while (got < 0 && errno == EINTR);
    if (got <= 0) return 1;
    c->len += (size_t)got;
    c->buf[c->len] = 0;
    return 0;
}

/* One request and its whole reply (status, body) on the client's connection, made first if need
** be. 0, or 1 with the error counted (and the connection dropped). */
static int request(client *c, const char *method, const char *path, const char *body) {
    if (c->fd < 0 && connect_to_server(c)) return 1;
    char head[512];
    size_t blen = body ? strlen(body) : 0;
    int hlen = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: %s:%s\r\n%sContent-Length: %zu\r\n\r\n", method, path,
                        run.host, run.port, body ? "Content-Type: application/json\r\n" : "", blen);
    char *msg = malloc((size_t)hlen + blen);
    if (!msg) return fail(c, "out of memory");
    memcpy(msg, head, (size_t)hlen);
    if (blen) memcpy(msg + hlen, body, blen);
    size_t sent = 0, total = (size_t)hlen + blen;
    while (sent < total) {
        ssize_t n = send(c->fd, msg + sent, total - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { free(msg); disconnect(c); return fail(c, "%s %s: cannot send: %s", method, path, strerror(errno)); }
        sent += (size_t)n;
    }
    free(msg);
    /* The head, then Content-Length bytes of body. */
    char *end;
    while (!(c->buf && (end = strstr(c->buf, "\r\n\r\n"))))
        if (read_more(c)) { disconnect(c); return fail(c, "%s %s: the connection ended before the reply", method, path); }
    size_t head_len = (size_t)(end - c->buf) + 4;
    if (sscanf(c->buf, "HTTP/1.%*d %d", &c->status) != 1) { disconnect(c); return fail(c, "%s %s: no status line", method, path); }
    const char *cl = strcasestr(c->buf, "\r\nContent-Length:");
    if (!cl || cl > end) { disconnect(c); return fail(c, "%s %s: a reply without Content-Length", method, path); }
    size_t clen = strtoul(cl + 17, NULL, 10);
    const char *closing = strcasestr(c->buf, "\r\nConnection: close");
    bool keep = !closing || closing > end;
    while (c->len < head_len + clen)
        if (read_more(c)) { disconnect(c); return fail(c, "%s %s: the connection ended in the reply", method, path); }
    free(c->body);
    if (!(c->body = malloc(clen + 1))) return fail(c, "out of memory");
    memcpy(c->body, c->buf + head_len, clen);
    c->body[clen] = 0;
    c->body_len = clen;
    /* Nothing is sent before the reply is read, so nothing follows it. */
    c->len = 0;
    c->buf[0] = 0;
    if (!keep) disconnect(c);
    return 0;
}

/* ------------------------------------------------------------------ a game */

typedef struct state { int turn; char phase[16]; bool over; json_t *legal; json_t *root; } state;

static int read_state(client *c, const char *what, state *s) {
    json_error_t je;
    json_decref(s->root);
    s->root = json_loadb(c->body, c->body_len, 0, &je);
    json_t *turn = json_object_get(s->root, "turn"), *phase = json_object_get(s->root, "phase");
    json_t *over = json_object_get(s->root, "over");
    s->legal = json_object_get(s->root, "legal");
    if (!json_is_integer(turn) || !json_is_string(phase) || !json_is_boolean(over) || !json_is_array(s->legal))
        return fail(c, "%s: a reply that is no state: %.200s", what, c->body);
    s->turn = (int)json_integer_value(turn);
    snprintf(s->phase, sizeof s->phase, "%s", json_string_value(phase));
    s->over = json_is_true(over);
    return 0;
}

/* The actions of seat `seat` in the record (YAML, meeple-record(5)): the words of its turns, in
** order, the turns being the players' in turn from first_player. Compared with those sent: the
** moves lost (sent, and not there in their place). */
static long lost_moves(const char *yaml, int seat, char **sent, long n_sent) {
    const char *fp = strstr(yaml, "\nfirst_player: "), *pl = strstr(yaml, "\nplayers:\n"), *t = strstr(yaml, "\nturns:\n");
    if (!fp || !pl || !t) return n_sent;
    int first = atoi(fp + 15), players = 0;
    for (const char *p = pl + 10; strncmp(p, "  - {", 5) == 0 || strncmp(p, "- {", 3) == 0; p = strchr(p, '\n') + 1) players++;
    if (players < 1) return n_sent;
    long matched = 0;
    int i = 0;
    for (const char *p = t + 8; *p; i++) {
        const char *q = strchr(p, '"'), *eol = strchr(p, '\n');
        if (!q || !eol || q > eol) break;
        const char *close = strchr(q + 1, '"');
        if (!close || close > eol) break;
        if ((first + i) % players == seat) {
            /* The words of the turn, each the next action sent. */
            for (const char *w = q + 1; w < close;) {
                size_t n = strcspn(w, " \"");
                if (n && matched < n_sent && strlen(sent[matched]) == n && strncmp(w, sent[matched], n) == 0) matched++;
                else if (n) return n_sent - matched;   /* a word not the next sent: the rest is lost */
                w += n;
                w += strspn(w, " ");
            }
        }
        p = eol + 1;
    }
    return n_sent - matched;
}

static void add_latency(client *c, double ms) {
    if (c->n_lat == c->cap_lat) {
        size_t cap = c->cap_lat ? c->cap_lat * 2 : 4096;
        double *l = realloc(c->lat, cap * sizeof *l);
        if (!l) return;
        c->lat = l;
        c->cap_lat = cap;
    }
    c->lat[c->n_lat++] = ms;
}

/* One game, until it is over or the time is up. 0, or 1 after an error (counted). */
static int play_game(client *c, uint64_t seed) {
    char body[512], path[128], token[64];
    snprintf(body, sizeof body, "{\"ruleset\":\"c3\",\"seats\":[\"human\",\"greedy\"],\"seed\":%llu}", (unsigned long long)seed);
    double t0 = now();
    if (request(c, "POST", "/api/games", body)) return 1;
    double ms = (now() - t0) * 1000;
    c->create_ms += ms;
    if (ms > c->create_max_ms) c->create_max_ms = ms;
    if (c->status != 201) return fail(c, "POST /api/games: status %d: %.200s", c->status, c->body);
    c->games_started++;
    json_t *v = json_loadb(c->body, c->body_len, 0, NULL);
    json_t *tok = json_object_get(json_array_get(json_object_get(v, "seats"), 0), "token");
    long id = json_integer_value(json_object_get(v, "game"));
    int seat = (int)json_integer_value(json_object_get(json_array_get(json_object_get(v, "seats"), 0), "seat"));
    bool good = json_is_string(tok) && id > 0;
    if (good) snprintf(token, sizeof token, "%s", json_string_value(tok));
    json_decref(v);
    if (!good) return fail(c, "POST /api/games: no game or token in %.200s", c->body);
    snprintf(path, sizeof path, "/api/games/%ld", id);
    if (request(c, "GET", path, NULL)) return 1;
    state s = { 0 };
    char *sent[MAX_SENT];
    long n_sent = 0;
    int rc = 0;
    if (c->status != 200) { rc = fail(c, "GET %s: status %d: %.200s", path, c->status, c->body); goto done; }
    if ((rc = read_state(c, path, &s))) goto done;
    snprintf(path, sizeof path, "/api/games/%ld/actions", id);
    while (!s.over && now() < run.end) {
        size_t n = json_array_size(s.legal);
        if (!n) { rc = fail(c, "game %ld: not over and no legal action (turn %d, %s)", id, s.turn, s.phase); goto done; }
        const char *action = json_string_value(json_array_get(s.legal, next_random(&c->rng) % n));
        if (!action || n_sent == MAX_SENT) { rc = fail(c, "game %ld: a legal action that is no string, or too many", id); goto done; }
        if (!(sent[n_sent] = strdup(action))) { rc = fail(c, "out of memory"); goto done; }
        n_sent++;
        snprintf(body, sizeof body, "{\"token\":\"%s\",\"action\":\"%s\"}", token, action);
        int before_turn = s.turn;
        char before_phase[16];
        snprintf(before_phase, sizeof before_phase, "%s", s.phase);
        t0 = now();
        if ((rc = request(c, "POST", path, body))) goto done;
        add_latency(c, (now() - t0) * 1000);
        if (c->status != 200) { rc = fail(c, "POST %s %s: status %d: %.200s", path, action, c->status, c->body); goto done; }
        c->moves++;
        if ((rc = read_state(c, path, &s))) goto done;
        if (s.turn == before_turn && strcmp(s.phase, before_phase) == 0 && !s.over) {
            rc = fail(c, "POST %s %s: the game did not move on (turn %d, %s)", path, action, s.turn, s.phase);
            goto done;
        }
    }
    if (s.over) {
        snprintf(path, sizeof path, "/api/games/%ld/record", id);
        if ((rc = request(c, "GET", path, NULL))) goto done;
        if (c->status != 200) { rc = fail(c, "GET %s: status %d", path, c->status); goto done; }
        long lost = lost_moves(c->body, seat, sent, n_sent);
        if (lost) { c->lost += lost; rc = fail(c, "game %ld: %ld of the %ld moves sent are not in its record", id, lost, n_sent); }
        c->games_finished++;
    }
done:
    json_decref(s.root);
    for (long i = 0; i < n_sent; i++) free(sent[i]);
    return rc;
}

static void *client_main(void *arg) {
    client *c = arg;
    c->rng = run.seed * 1000003u + (uint64_t)c->index;
    /* Distinct seeds: client i plays games i, i + C, i + 2C, ... of the run's seed. */
    for (uint64_t game = 0; now() < run.end; game++) {
        if (play_game(c, run.seed * 1000000000u + game * 1000u + (uint64_t)c->index) && now() < run.end)
            usleep(100000);   /* after an error (a server that refuses games, that cannot be reached): no busy loop */
    }
    disconnect(c);
    return NULL;
}

/* ------------------------------------------------------------------ the command */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The value at fraction q of the sorted v (nearest rank). */
static double percentile(const double *v, size_t n, double q) {
    if (!n) return 0;
    size_t k = (size_t)(q * (double)n + 0.999999);
    return v[k ? k - 1 : 0];
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "bench-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n%s", usage);
    va_end(ap);
    return 2;
}

/* "http://HOST:PORT/" or "http://[V6]:PORT/" into run.host, run.port. */
static bool parse_url(const char *url) {
    if (strncmp(url, "http://", 7) != 0) return false;
    const char *h = url + 7, *colon;
    size_t hl;
    if (*h == '[') {
        const char *close = strchr(h, ']');
        if (!close || close[1] != ':') return false;
        hl = (size_t)(close - h - 1);
        h++;
        colon = close + 1;
    } else {
        if (!(colon = strchr(h, ':'))) return false;
        hl = (size_t)(colon - h);
    }
    size_t pl = strspn(colon + 1, "0123456789");
    if (!hl || hl >= sizeof run.host || !pl || pl >= sizeof run.port || (colon[1 + pl] && strcmp(colon + 1 + pl, "/") != 0)) return false;
    snprintf(run.host, sizeof run.host, "%.*s", (int)hl, h);
    snprintf(run.port, sizeof run.port, "%.*s", (int)pl, colon + 1);
    return true;
}

int main(int argc, char **argv) {
    static const struct option opts[] = { { "clients", required_argument, 0, 'c' }, { "seconds", required_argument, 0, 's' },
                                          { "seed", required_argument, 0, 'S' },    { "json", no_argument, 0, 'j' },
                                          { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 } };
    long clients = 50, seconds = 30;
    unsigned long long seed = 1;
    bool as_json = false;
    int o;
    char *end;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (o == 'c' && ((clients = strtol(optarg, &end, 10)) < 1 || clients > 1000 || *end))
            return usage_error("--clients: '%s' is not 1 to 1000", optarg);
        if (o == 's' && ((seconds = strtol(optarg, &end, 10)) < 1 || seconds > 3600 || *end))
            return usage_error("--seconds: '%s' is not 1 to 3600", optarg);
        if (o == 'S' && (!optarg[0] || (seed = strtoull(optarg, &end, 10), *end) || optarg[0] == '-'))
            return usage_error("--seed: '%s' is not a whole number", optarg);
        if (o == 'j') as_json = true;
        if (o == 'h') { fputs(usage, stdout); return 0; }
        if (o == '?') return usage_error("unknown option or missing value: '%s'", argv[optind - 1]);
    }
    if (optind != argc - 1) return usage_error("%s; expected one URL, like http://127.0.0.1:8080/", optind < argc ? "too many arguments" : "no URL");
    if (!parse_url(argv[optind])) return usage_error("'%s' is not a server's URL; expected http://HOST:PORT/", argv[optind]);
    run.seed = seed;

    client *cs = calloc((size_t)clients, sizeof *cs);
    pthread_t *ts = calloc((size_t)clients, sizeof *ts);
    if (!cs || !ts) { fprintf(stderr, "bench-load: out of memory\n"); return 1; }
    double t0 = now();
    run.end = t0 + (double)seconds;
    long started = 0;
    for (long i = 0; i < clients; i++) {
        cs[i].index = (int)i;
        cs[i].fd = -1;
        if (pthread_create(&ts[i], NULL, client_main, &cs[i])) { fprintf(stderr, "bench-load: cannot start client %ld\n", i); break; }
        started++;
    }
    /* Progress on stderr, every 5 seconds; the clients' counts are read without a lock (a
    ** figure a moment old does no harm). */
    for (double t; (t = now()) < run.end;) {
        double left = run.end - t;
        usleep((useconds_t)((left < 5 ? left : 5) * 1e6));
        if (now() < run.end - 0.5) fprintf(stderr, "bench-load: %.0f of %ld s\n", now() - t0, seconds);
    }
    long games = 0, finished = 0, moves = 0, errors = 0, lost = 0;
    double create_ms = 0, create_max = 0;
    size_t n_lat = 0;
    for (long i = 0; i < started; i++) {
        pthread_join(ts[i], NULL);
        n_lat += cs[i].n_lat;
    }
    double elapsed = now() - t0;
    double *lat = malloc((n_lat ? n_lat : 1) * sizeof *lat);
    n_lat = 0;
    for (long i = 0; i < started; i++) {
        client *c = &cs[i];
        create_ms += c->create_ms;
        if (c->create_max_ms > create_max) create_max = c->create_max_ms;
        games += c->games_started; finished += c->games_finished; moves += c->moves; errors += c->errors; lost += c->lost;
        if (lat) memcpy(lat + n_lat, c->lat, c->n_lat * sizeof *lat);
        n_lat += c->n_lat;
        free(c->lat); free(c->buf); free(c->body);
    }
    if (lat) qsort(lat, n_lat, sizeof *lat, cmp_double);
    double p50 = lat ? percentile(lat, n_lat, 0.50) : 0, p90 = lat ? percentile(lat, n_lat, 0.90) : 0;
    double p99 = lat ? percentile(lat, n_lat, 0.99) : 0, max = lat && n_lat ? lat[n_lat - 1] : 0;
    if (as_json) {
        json_t *v = json_pack("{s:s, s:I, s:f, s:I, s:I, s:I, s:f, s:I, s:I, s:{s:f, s:f, s:f, s:f}, s:{s:f, s:f}}", "url", argv[optind],
                              "clients", (json_int_t)started, "seconds", elapsed, "games_started", (json_int_t)games,
                              "games_finished", (json_int_t)finished, "moves", (json_int_t)moves, "moves_per_second",
                              elapsed > 0 ? (double)moves / elapsed : 0.0, "errors", (json_int_t)errors, "lost_moves",
                              (json_int_t)lost, "move_latency_ms", "p50", p50, "p90", p90, "p99", p99, "max", max, "create_latency_ms", "mean",
                              games ? create_ms / (double)games : 0.0, "max", create_max);
        json_dumpf(v, stdout, JSON_COMPACT);
        putchar('\n');
        json_decref(v);
    } else {
        printf("clients %ld, %.1f s: %ld games started, %ld finished, %ld moves (%.0f a second), %ld errors, %ld lost moves\n",
               started, elapsed, games, finished, moves, elapsed > 0 ? (double)moves / elapsed : 0.0, errors, lost);
        printf("move latency: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", p50, p90, p99, max);
        printf("a game's creation: mean %.2f ms, max %.2f ms\n", games ? create_ms / (double)games : 0.0, create_max);
    }
    free(lat);
    free(cs);
    free(ts);
    return errors || lost ? 1 : 0;
}
