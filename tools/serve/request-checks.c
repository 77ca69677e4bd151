/*
** request-checks.c: the Host, Origin and Content-Type checks of meeple serve (request-checks.h;
** meeple-serve(1), section WHO MAY TALK TO IT).
**
** Host: a site may make its own name resolve to 127.0.0.1 (DNS rebinding); its page, in the
** user's browser, then reaches this server as the same origin as itself and may read the answers.
** Its requests still say its name in Host, so only the server's own names are answered.
** Origin: a page of another site may send a request (a form, a fetch without reading the answer);
** the browser says where it comes from, and any request that may change something (every method
** but GET, HEAD and OPTIONS) coming from elsewhere than this server's own page is refused.
** Content-Type: a body to /api/ must be application/json, which a page of another site cannot
** send without the browser asking the server first (CORS), which this server never allows.
*/
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "request-checks.h"

void hosts_init(serve_hosts *h, const struct sockaddr *sa, const char *const *names, int n_names, int port) {
    memset(h, 0, sizeof *h);
    h->family = sa->sa_family;
    h->names = names;
    h->n_names = n_names;
    h->port = port;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        memcpy(h->addr, a, 16);
        h->any = IN6_IS_ADDR_UNSPECIFIED(a);
        h->loopback = IN6_IS_ADDR_LOOPBACK(a);
        char text[INET6_ADDRSTRLEN];
        inet_ntop(AF_INET6, a, text, sizeof text);
        snprintf(h->bound, sizeof h->bound, "[%s]", text);
    } else {
        const struct in_addr *a = &((const struct sockaddr_in *)sa)->sin_addr;
        memcpy(h->addr, a, 4);
        h->any = a->s_addr == htonl(INADDR_ANY);
        h->loopback = h->addr[0] == 127;
        inet_ntop(AF_INET, a, h->bound, sizeof h->bound);
    }
}

bool host_name_ok(const char *name) {
    size_t n = strlen(name);
    unsigned char a[16];
    if (n == 0 || n > 253 || name[0] == '.' || name[0] == '-' || inet_pton(AF_INET, name, a) == 1) return false;
    return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.") == n;
}

/* "HOST[:PORT]" (HOST an IPv6 address in brackets, kept with them) split into host (at most size
** bytes with its end) and *port (-1 when none). False when it is not of that form. */
static bool split_host(const char *s, char *host, size_t size, long *port) {
    const char *end;
    if (s[0] == '[') {
        const char *close = strchr(s, ']');
        if (!close) return false;
        end = close + 1;
    } else {
        end = s + strcspn(s, ":");
    }
    if ((size_t)(end - s) >= size || end == s) return false;
    memcpy(host, s, (size_t)(end - s));
    host[end - s] = '\0';
    *port = -1;
    if (!*end) return true;
    if (*end != ':' || !end[1] || strlen(end + 1) > 5 || strspn(end + 1, "0123456789") != strlen(end + 1)) return false;
    *port = strtol(end + 1, NULL, 10);
    return true;
}

/* A host as split_host leaves it (an IPv6 address in brackets) is one of the server's. */
static bool host_is_ours(const serve_hosts *h, const char *host) {
    unsigned char a[16];
    if (host[0] == '[') {
        char inside[INET6_ADDRSTRLEN + 1];
        size_t n = strlen(host);
        if (n < 3 || n - 2 >= sizeof inside || host[n - 1] != ']') return false;
        memcpy(inside, host + 1, n - 2);
        inside[n - 2] = '\0';
        if (inet_pton(AF_INET6, inside, a) != 1) return false;
        return h->any || (h->family == AF_INET6 && !memcmp(a, h->addr, 16));
    }
    if (inet_pton(AF_INET, host, a) == 1) return h->any || (h->family == AF_INET && !memcmp(a, h->addr, 4));
    if (!strcasecmp(host, "localhost")) return h->loopback || h->any;
    for (int i = 0; i < h->n_names; i++)
        if (!strcasecmp(host, h->names[i])) return true;
    return false;
}

/* The hosts accepted, in words, to follow "expected". */
static const char *hosts_expected(const serve_hosts *h, char *buf, size_t size) {
    if (h->any) snprintf(buf, size, "an address of this machine, localhost or a name given with --allow-host");
    else if (h->loopback) snprintf(buf, size, "%s, localhost or a name given with --allow-host", h->bound);
    else snprintf(buf, size, "%s or a name given with --allow-host", h->bound);
    return buf;
}

/* The page's own origin, in words, to follow "expected one from this server's own page". */
static const char *page_origin(const serve_hosts *h, char *buf, size_t size) {
    if (h->any) snprintf(buf, size, "http://HOST:%d, HOST an address of this machine, localhost or a name given with --allow-host", h->port);
    else snprintf(buf, size, "http://%s:%d", h->bound, h->port);
    return buf;
}

/* An Origin header is this server's page: http://HOST[:PORT], HOST one of ours, PORT ours (80 when
** not said). "null" (a sandboxed page, a file, a redirect) is not. */
static bool origin_is_ours(const serve_hosts *h, const char *origin) {
    char host[300];
    long port;
    if (strncmp(origin, "http://", 7) || !split_host(origin + 7, host, sizeof host, &port)) return false;
    return host_is_ours(h, host) && (port < 0 ? 80 : port) == h->port;
}

api_reply check_host_origin(const serve_hosts *h, const char *method, const char *host, const char *origin) {
    char name[300], words[200];
    long port;
    if (!host)
        return api_error(403, "a request with no Host header; expected one naming %s", hosts_expected(h, words, sizeof words));
    if (!split_host(host, name, sizeof name, &port) || !host_is_ours(h, name))
        return api_error(403, "host '%s' is not this server's; expected %s", quoted(split_host(host, name, sizeof name, &port) ? name : host),
                         hosts_expected(h, words, sizeof words));
    bool reads = !strcmp(method, "GET") || !strcmp(method, "HEAD") || !strcmp(method, "OPTIONS");
    if (!reads && origin && !origin_is_ours(h, origin))
        return api_error(403, "a request from origin '%s'; expected one from this server's own page (%s)", quoted(origin),
                         page_origin(h, words, sizeof words));
    return (api_reply){ 0 };
}

api_reply check_body_type(const char *content_type) {
    static const char json[] = "application/json";
    if (!content_type) return api_error(415, "a body with no Content-Type; expected application/json");
    const char *t = content_type + strspn(content_type, " \t");
    size_t n = sizeof json - 1;
    if (!strncasecmp(t, json, n) && (t[n] == '\0' || t[n] == ';' || t[n] == ' ' || t[n] == '\t')) return (api_reply){ 0 };
    return api_error(415, "a body of type '%s'; expected application/json", quoted(content_type));
}
