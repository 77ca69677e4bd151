/*
** server.c: `meeple serve`, a local web server (libmicrohttpd) answering the JSON API of api.c
** (meeple-serve(1)). One thread of libmicrohttpd's own polls the connections and answers each
** request in turn (MHD_USE_INTERNAL_POLLING_THREAD): a bot's decision holds up the other
** requests while it thinks. The main thread waits for SIGINT or SIGTERM, then stops the server.
*/
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "api.h"
#include "assets.h"
#include "cmd.h"

static const char usage[] =
    "usage: meeple serve [--port P] [--bind ADDR]\n"
    "Serve the JSON API of games played in a browser (humans and bots) until SIGINT or SIGTERM.\n"
    "  --port P     the TCP port to listen on (default 8080; 0: a free port, said at the start)\n"
    "  --bind ADDR  the IPv4 address to listen on (default 127.0.0.1, this machine only)\n"
    "  -h, --help   print this help\n";

typedef struct request {
    char *body;
    size_t len, limit;     /* a body larger than limit (api_body_limit) is refused (413), not kept */
    bool too_large;
} request;

static enum MHD_Result answer(struct MHD_Connection *c, api_reply r) {
    static const char fallback[] = "{\"error\":\"out of memory\"}";
    struct MHD_Response *res = r.body
        ? MHD_create_response_from_buffer(strlen(r.body), r.body, MHD_RESPMEM_MUST_FREE)
        : MHD_create_response_from_buffer(sizeof fallback - 1, (void *)fallback, MHD_RESPMEM_PERSISTENT);
    if (!res) { free(r.body); return MHD_NO; }
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, r.body ? r.type : "application/json");
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
    const asset *a = strstr(url, "..") ? NULL : asset_find(url);
    if (!a) return answer(c, api_error(404, "no such page '%s'; expected / or /api/...", quoted(url)));
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

/* Called first with the headers (the request is made), then with each part of the body, then
** once more with none: the request is answered. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *data, size_t *size, void **state) {
    (void)cls; (void)version;
    request *rq = *state;
    if (!rq) {
        if (!(rq = calloc(1, sizeof *rq))) return MHD_NO;
        rq->limit = api_body_limit(method, url);
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
    if (rq->too_large)
        return answer(c, api_error(413, "the request body is larger than %zu bytes; expected at most %zu KiB for %s", rq->limit,
                                   rq->limit / 1024, url));
    if (strncmp(url, "/api/", 5) != 0 && strcmp(url, "/api") != 0) return answer_asset(c, url);
    api_request req = { method, url, rq->body, rq->len, query_arg, c };
    return answer(c, api_handle(&req));
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why) {
    (void)cls; (void)c; (void)why;
    request *rq = *state;
    if (rq) { free(rq->body); free(rq); }
    *state = NULL;
}

/* The listening socket, made here so that a port taken or an address not ours is said with the
** system's reason. -1 with the error printed. */
static int listen_on(const char *addr, int port, int *bound) {
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    if (inet_pton(AF_INET, addr, &sa.sin_addr) != 1) {
        usage_error(usage, "--bind: '%s' is not an IPv4 address; expected one like 127.0.0.1", quoted(addr));
        return -EXIT_USAGE;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
    socklen_t len = sizeof sa;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) || bind(fd, (struct sockaddr *)&sa, sizeof sa) ||
        listen(fd, 64) || getsockname(fd, (struct sockaddr *)&sa, &len)) {
        fprintf(stderr, "meeple serve: cannot listen on %s:%d: %s\n", addr, port, strerror(errno));
        if (fd >= 0) close(fd);
        return -EXIT_BAD_INPUT;
    }
    *bound = ntohs(sa.sin_port);
    return fd;
}

int cmd_serve(int argc, char **argv) {
    static const struct option opts[] = { { "port", required_argument, 0, 'p' }, { "bind", required_argument, 0, 'b' },
                                          { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    const char *addr = "127.0.0.1";
    int port = 8080, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'p') { int rc = int_option(usage, "--port", optarg, 0, 65535, &port); if (rc) return rc; }
        else if (c == 'b') addr = optarg;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));

    /* SIGINT and SIGTERM are blocked before the server's thread starts (it inherits the mask), so
    ** that they come to sigwait below and nowhere else. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    int bound = 0, fd = listen_on(addr, port, &bound);
    if (fd < 0) return -fd;
    struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL, NULL,
                                            on_request, NULL, MHD_OPTION_LISTEN_SOCKET, fd,
                                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
                                            MHD_OPTION_CONNECTION_TIMEOUT, 60u, MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "meeple serve: cannot start the web server on %s:%d\n", addr, bound);
        close(fd);
        return EXIT_BAD_INPUT;
    }
    printf("meeple serve: http://%s:%d/\n", addr, bound);
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    MHD_stop_daemon(d);   /* closes the listening socket too */
    api_free_all();
    fprintf(stderr, "meeple serve: stopped by SIG%s\n", sig == SIGINT ? "INT" : "TERM");
    return 0;
}
