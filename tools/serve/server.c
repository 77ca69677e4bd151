/*
** server.c: `meeple serve`, a local web server (libmicrohttpd) answering the JSON API of api.c
** (meeple-serve(1)): the command line, the listening socket (IPv4 or IPv6), the thread model, the
** browser opened (--open). Every request's headers go through request-checks.h first (who may
** talk to the server: Host, Origin, a body's Content-Type). The main thread waits for SIGINT or SIGTERM, then stops the server.
**
** The thread model: a thread per connection (MHD_USE_THREAD_PER_CONNECTION), at most
** MAX_CONNECTIONS at once. A request is answered on its connection's own thread, so a bot that
** thinks for seconds (an mcts seat, up to --think) holds up its own connection only; requests of
** other games, and other requests of the same game's page on other connections, go on (api.h:
** each game has its own lock). A pool of threads (MHD_OPTION_THREAD_POOL_SIZE) would not do: each
** thread of the pool polls a share of the connections and answers them in turn, so a slow request
** would hold up every connection that shares its thread.
*/
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "api-design-files.h"
#include "api.h"
#include "assets.h"
#include "cmd.h"
#include "request-checks.h"

extern char **environ;

enum { MAX_CONNECTIONS = 512, MAX_ALLOWED_HOSTS = 64 };

static const char usage[] =
    "usage: meeple serve [--port P] [--bind ADDR] [--open] [--think SECONDS] [--bot-threads N] [--max-games N]\n"
    "                    [--allow-host NAME]... [--designs DIR] [FILE...]\n"
    "Serve games in a browser (a page and its JSON API; humans and bots) until SIGINT or SIGTERM.\n"
    "  --port P           the TCP port to listen on (default 8080; 0: a free port, said at the start)\n"
    "  --bind ADDR        the IPv4 or IPv6 address to listen on (default 127.0.0.1, this machine only;\n"
    "                     ::1 the same over IPv6; 0.0.0.0 or :: every address)\n"
    "  --allow-host NAME  answer requests naming NAME in Host too (repeatable); else only the --bind\n"
    "                     address, localhost when it is a loopback one, any address when it is every\n"
    "                     address (see WHO MAY TALK TO IT in meeple-serve(1))\n"
    "  --open             open the page in the browser (xdg-open) once the server listens\n"
    "  --think SECONDS    the longest an mcts seat thinks a decision, above 0 and at most 60 (default 2)\n"
    "  --bot-threads N    threads an mcts seat searches each decision with, 1 to 64 (default 1)\n"
    "  --max-games N      games held at once (default 1000); when full, a new game takes the place of\n"
    "                     the one over the longest, and is refused (503) when none is over\n"
    "  --designs DIR      the directory the Design page saves designs into, and opens them from (the\n"
    "                     only one the server writes in; without it nothing is written)\n"
    "  FILE...            tile-set or ruleset files offered on the Design page\n"
    "  -h, --help         print this help\n";

typedef struct request {
    char *body;
    size_t len, limit;     /* a body larger than limit (api_body_limit) is refused (413), not kept */
    bool too_large;
    api_reply refused;     /* status not 0: refused by its headers (request-checks.h), body dropped */
} request;

/* Every reply made of an api_reply (the API's, and the 404 of a path that is none): never kept by
** the browser (Cache-Control: no-store), since a game's state changes under the same URL. */
static enum MHD_Result answer(struct MHD_Connection *c, api_reply r) {
    static const char fallback[] = "{\"error\":\"out of memory\"}";
    struct MHD_Response *res = r.body
        ? MHD_create_response_from_buffer(strlen(r.body), r.body, MHD_RESPMEM_MUST_FREE)
        : MHD_create_response_from_buffer(sizeof fallback - 1, (void *)fallback, MHD_RESPMEM_PERSISTENT);
    if (!res) { free(r.body); return MHD_NO; }
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, r.body ? r.type : "application/json");
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (r.body && r.filename[0]) {
        char disposition[128];
        snprintf(disposition, sizeof disposition, "attachment; filename=\"%s\"", r.filename);
        MHD_add_response_header(res, "Content-Disposition", disposition);
    }
    enum MHD_Result ok = MHD_queue_response(c, r.body ? (unsigned)r.status : 500u, res);
    MHD_destroy_response(res);
    return ok;
}

/* A path outside /api/: a file of the page (assets.h), else 404. */
static enum MHD_Result answer_asset(struct MHD_Connection *c, const char *url) {
    const asset *a = asset_find(url);
    if (!a) return answer(c, api_error(404, "no such path '%s'; expected / or /api/...", quoted(url)));
    struct MHD_Response *res = MHD_create_response_from_buffer(a->len, (void *)a->data, MHD_RESPMEM_PERSISTENT);
    if (!res) return MHD_NO;
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, a->type);
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, res);
    MHD_destroy_response(res);
    return ok;
}

static const char *query_arg(void *cls, const char *name) {
    return MHD_lookup_connection_value(cls, MHD_GET_ARGUMENT_KIND, name);
}

/* A whole request, its body read: routed by its path. A path with ".." is none, before anything:
** no path may climb out of what is served. */
static enum MHD_Result answer_request(struct MHD_Connection *c, const char *url, const char *method, const request *rq) {
    if (strstr(url, "..")) return answer(c, api_error(404, "no such path '%s'; expected / or /api/...", quoted(url)));
    if (strncmp(url, "/api/", 5) == 0 || strcmp(url, "/api") == 0) {
        if (rq->len) {   /* a body must be JSON (request-checks.h) */
            api_reply r = check_body_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE));
            if (r.status) return answer(c, r);
        }
        api_request req = { method, url, rq->body, rq->len, query_arg, c };
        return answer(c, api_handle(&req));
    }
    return answer_asset(c, url);   /* the page's files (compiled in), else 404 */
}

/* Called first with the headers (the request is made: its Host and Origin checked, cls the
** server's hosts), then with each part of the body, then once more with none: the request is
** answered. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *data, size_t *size, void **state) {
    (void)version;
    request *rq = *state;
    if (!rq) {
        if (!(rq = calloc(1, sizeof *rq))) return MHD_NO;
        rq->limit = api_body_limit(method, url);
        rq->refused = check_host_origin(cls, method, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST),
                                        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN));
        if (rq->refused.status) rq->limit = 0;   /* its body is read and dropped */
        *state = rq;
        return MHD_YES;
    }
    if (*size) {
        if (!rq->too_large && rq->len + *size <= rq->limit) {
            char *b = realloc(rq->body, rq->len + *size + 1);
            if (!b) return MHD_NO;
            memcpy(b + rq->len, data, *size);
            rq->body = b;
            rq->len += *size;
        } else {
            rq->too_large = true;   /* the rest is read and dropped */
        }
        *size = 0;
        return MHD_YES;
    }
    if (rq->refused.status) {
        api_reply r = rq->refused;
        rq->refused.body = NULL;   /* answer() frees it */
        return answer(c, r);
    }
    if (rq->too_large)
        return answer(c, api_error(413, "the request body is larger than %zu bytes; expected at most %zu KiB for %s", rq->limit,
                                   rq->limit / 1024, url));
    return answer_request(c, url, method, rq);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why) {
    (void)cls; (void)c; (void)why;
    request *rq = *state;
    if (rq) { free(rq->body); free(rq->refused.body); free(rq); }
    *state = NULL;
}

/* ------------------------------------------------------------------ the listening socket */

/* An address of either family, read from --bind. */
typedef struct address {
    struct sockaddr_storage sa;
    socklen_t len;
    char host[INET6_ADDRSTRLEN + 2];   /* as a URL writes it: 127.0.0.1, [::1] */
    bool any;                          /* 0.0.0.0 or ::, every address */
} address;

static bool parse_address(const char *s, address *a) {
    memset(a, 0, sizeof *a);
    struct sockaddr_in *v4 = (struct sockaddr_in *)&a->sa;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&a->sa;
    char text[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET, s, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        a->len = sizeof *v4;
        a->any = v4->sin_addr.s_addr == htonl(INADDR_ANY);
        inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
        snprintf(a->host, sizeof a->host, "%s", text);
        return true;
    }
    if (inet_pton(AF_INET6, s, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        a->len = sizeof *v6;
        a->any = IN6_IS_ADDR_UNSPECIFIED(&v6->sin6_addr);
        inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
        snprintf(a->host, sizeof a->host, "[%s]", text);
        return true;
    }
    return false;
}

/* The listening socket, made here so that a port taken or an address not ours is said with the
** system's reason. The fd, or -1 with the error printed; *port becomes the port bound. */
static int listen_on(address *a, int *port) {
    bool v6 = a->sa.ss_family == AF_INET6;
    if (v6) ((struct sockaddr_in6 *)&a->sa)->sin6_port = htons((uint16_t)*port);
    else ((struct sockaddr_in *)&a->sa)->sin_port = htons((uint16_t)*port);
    int fd = socket(a->sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1, zero = 0;
    socklen_t len = a->len;
    /* "::" listens on IPv4 too (as IPv4-mapped addresses), whatever the system's default: every
    ** address, as 0.0.0.0 is for IPv4. */
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
        (v6 && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero)) || bind(fd, (struct sockaddr *)&a->sa, a->len) ||
        listen(fd, 64) || getsockname(fd, (struct sockaddr *)&a->sa, &len)) {
        fprintf(stderr, "meeple serve: cannot listen on %s:%d: %s\n", a->host, *port, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    *port = ntohs(v6 ? ((struct sockaddr_in6 *)&a->sa)->sin6_port : ((struct sockaddr_in *)&a->sa)->sin_port);
    return fd;
}

/* ------------------------------------------------------------------ the browser (--open) */

/* Starts `xdg-open URL` (no shell), its standard output on our standard error (ours holds the
** URL line alone) and with no signal blocked. Its pid, or -1 with the reason said. */
static pid_t open_browser(const char *url) {
    char *argv[] = { "xdg-open", (char *)url, NULL };
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    pid_t pid = -1;
    int err = posix_spawn_file_actions_init(&fa);
    if (!err) {
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&fa, 2, 1);
        if (!(err = posix_spawnattr_init(&at))) {
            posix_spawnattr_setsigmask(&at, &none);
            posix_spawnattr_setsigdefault(&at, &all);
            posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
            err = posix_spawnp(&pid, "xdg-open", &fa, &at, argv, environ);
            posix_spawnattr_destroy(&at);
        }
        posix_spawn_file_actions_destroy(&fa);
    }
    if (err) {
        fprintf(stderr, "meeple serve: cannot open a browser (xdg-open: %s); open %s yourself\n", strerror(err), url);
        return -1;
    }
    return pid;
}

/* xdg-open has ended with status: says so when it failed. */
static void browser_done(int status, const char *url) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
    char why[64];
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) snprintf(why, sizeof why, "not found or cannot run");
    else if (WIFEXITED(status)) snprintf(why, sizeof why, "exit status %d", WEXITSTATUS(status));
    else snprintf(why, sizeof why, "killed by signal %d", WTERMSIG(status));
    fprintf(stderr, "meeple serve: cannot open a browser (xdg-open: %s); open %s yourself\n", why, url);
}

/* ------------------------------------------------------------------ the command */

/* --think's value: a decimal number of seconds, above 0 and at most 60. */
static int think_option(const char *arg, double *out) {
    char *end = NULL;
    double v = arg[0] && strspn(arg, "0123456789.") == strlen(arg) ? strtod(arg, &end) : NAN;
    if (end && !*end && v > 0 && v <= 60) { *out = v; return 0; }
    return usage_error(usage, "--think: '%s' is %s; expected seconds above 0 and at most 60, like 2 or 0.5", quoted(arg),
                       end && !*end ? "out of range" : "not a number");
}

/* Each FILE for the Design page must be there and readable now (it is read later, on request). */
static int check_design_file(const char *path) {
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    const char *why = fd < 0 ? strerror(errno) : fstat(fd, &st) ? strerror(errno) : S_ISDIR(st.st_mode) ? strerror(EISDIR) : NULL;
    if (fd >= 0) close(fd);
    if (!why) return 0;
    fprintf(stderr, "meeple serve: %s: cannot read: %s; expected a tile-set or ruleset file for the Design page\n", quoted(path), why);
    return EXIT_BAD_INPUT;
}

/* --allow-host NAME: a host name (not an address: --bind says those), kept in names. */
static int allow_host_option(const char *arg, const char **names, int *n) {
    if (!host_name_ok(arg))
        return usage_error(usage, "--allow-host: '%s' is not a host name; expected letters, digits, '-' and '.', like myname or myname.lan",
                           quoted(arg));
    if (*n == MAX_ALLOWED_HOSTS)
        return usage_error(usage, "--allow-host: '%s' is one too many; expected at most %d names", quoted(arg), MAX_ALLOWED_HOSTS);
    names[(*n)++] = arg;
    return 0;
}

int cmd_serve(int argc, char **argv) {
    static const struct option opts[] = { { "port", required_argument, 0, 'p' }, { "bind", required_argument, 0, 'b' },
                                          { "open", no_argument, 0, 'o' },       { "think", required_argument, 0, 't' },
                                          { "max-games", required_argument, 0, 'm' }, { "bot-threads", required_argument, 0, 'T' },
                                          { "designs", required_argument, 0, 'd' }, { "allow-host", required_argument, 0, 'A' },
                                          { "help", no_argument, 0, 'h' },       { 0, 0, 0, 0 } };
    const char *bind_arg = "127.0.0.1", *designs = NULL;
    int port = 8080, c;
    bool open_page = false;
    const char *names[MAX_ALLOWED_HOSTS];   /* --allow-host's, pointing into argv (outliving the server) */
    int n_names = 0;
    api_config cfg = { .think_seconds = 2.0, .max_games = 1000, .bot_threads = 1 };
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        int rc = 0;
        if (c == 'p') rc = int_option(usage, "--port", optarg, 0, 65535, &port);
        else if (c == 'b') bind_arg = optarg;
        else if (c == 'o') open_page = true;
        else if (c == 't') rc = think_option(optarg, &cfg.think_seconds);
        else if (c == 'm') rc = int_option(usage, "--max-games", optarg, 1, API_MAX_GAMES, &cfg.max_games);
        else if (c == 'T') rc = int_option(usage, "--bot-threads", optarg, 1, 64, &cfg.bot_threads);
        else if (c == 'd') designs = optarg;
        else if (c == 'A') rc = allow_host_option(optarg, names, &n_names);
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
        if (rc) return rc;
    }
    address a;
    if (!parse_address(bind_arg, &a))
        return usage_error(usage, "--bind: '%s' is not an IPv4 or IPv6 address; expected one like 127.0.0.1 or ::1", quoted(bind_arg));
    for (int i = optind; i < argc; i++) {
        int rc = check_design_file(argv[i]);
        if (rc) return rc;
    }
    if (designs) {   /* opened once: every file of it is reached through this descriptor */
        int rc = design_dir_open(designs);
        if (rc) return rc;
    }
    cfg.design_files = (const char *const *)argv + optind;
    cfg.n_design_files = argc - optind;
    api_init(&cfg);

    /* SIGINT and SIGTERM (and SIGCHLD, xdg-open's end) are blocked before the server's threads
    ** start (they inherit the mask), so that they come to sigwait below and nowhere else. */
    sigset_t wait_for;
    sigemptyset(&wait_for);
    sigaddset(&wait_for, SIGINT);
    sigaddset(&wait_for, SIGTERM);
    sigaddset(&wait_for, SIGCHLD);
    pthread_sigmask(SIG_BLOCK, &wait_for, NULL);
    int fd = listen_on(&a, &port);
    if (fd < 0) { design_dir_close(); return EXIT_BAD_INPUT; }
    serve_hosts hosts;   /* who may talk to the server (request-checks.h), read by every request */
    hosts_init(&hosts, (const struct sockaddr *)&a.sa, names, n_names, port);
    /* A thread per connection (see the top of this file); MHD_USE_POLL: the connections' sockets
    ** may be numbered above select's FD_SETSIZE. */
    struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG, 0,
                                            NULL, NULL, on_request, &hosts, MHD_OPTION_LISTEN_SOCKET, fd,
                                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
                                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
                                            MHD_OPTION_CONNECTION_TIMEOUT, 60u, MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "meeple serve: cannot start the web server on %s:%d\n", a.host, port);
        close(fd);
        design_dir_close();
        return EXIT_BAD_INPUT;
    }
    printf("meeple serve: http://%s:%d/\n", a.host, port);
    fflush(stdout);
    pid_t browser = -1;
    char url[128];
    if (open_page) {
        /* Listening on every address: the browser on this machine goes to its loopback. */
        snprintf(url, sizeof url, "http://%s:%d/", !a.any ? a.host : a.sa.ss_family == AF_INET6 ? "[::1]" : "127.0.0.1", port);
        browser = open_browser(url);
    }
    int sig = 0;
    while (sigwait(&wait_for, &sig) == 0 && sig == SIGCHLD) {
        int status;
        if (browser > 0 && waitpid(browser, &status, WNOHANG) == browser) { browser_done(status, url); browser = -1; }
    }
    MHD_stop_daemon(d);   /* closes the listening socket too */
    api_free_all();
    design_dir_close();
    fprintf(stderr, "meeple serve: stopped by SIG%s\n", sig == SIGINT ? "INT" : "TERM");
    return 0;
}
