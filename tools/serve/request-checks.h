/*
** request-checks.h: who may talk to meeple serve (meeple-serve(1), section WHO MAY TALK TO IT):
** the checks server.c makes of a request's headers before it is answered. A page of another site,
** in the user's own browser, must neither read the API's answers (the Host check: a name that
** rebinds to this machine's address is not one of the server's) nor change anything (the Origin
** check, and a body to /api/ must be JSON, which a plain cross-site form cannot send).
*/
#ifndef MP_TOOLS_REQUEST_CHECKS_H
#define MP_TOOLS_REQUEST_CHECKS_H

#include <arpa/inet.h>
#include <stdbool.h>
#include <sys/socket.h>

#include "api.h"

/* The hosts the server answers to: the --bind address, localhost when it is a loopback address
** (or every address), and the names given with --allow-host. */
typedef struct serve_hosts {
    int family;                        /* AF_INET or AF_INET6 */
    unsigned char addr[16];            /* the --bind address (4 bytes for IPv4) */
    bool any, loopback;                /* bound to 0.0.0.0 or ::; to 127.x.x.x or ::1 */
    char bound[INET6_ADDRSTRLEN + 2];  /* the --bind address as a URL writes it: 127.0.0.1, [::1] */
    const char *const *names;          /* --allow-host NAME..., outliving the server */
    int n_names;
    int port;                          /* the port listened on */
} serve_hosts;

/* The hosts of a server bound to sa (an AF_INET or AF_INET6 address) on port. */
void hosts_init(serve_hosts *h, const struct sockaddr *sa, const char *const *names, int n_names, int port);
/* A name --allow-host takes: letters, digits, '-' and '.', at most 253 characters, not an address. */
bool host_name_ok(const char *name);
/* A request's Host and Origin headers (NULL when not sent) checked: a reply of status 0 when it
** may go on, else the 403 to answer instead. */
api_reply check_host_origin(const serve_hosts *h, const char *method, const char *host, const char *origin);
/* The Content-Type of a request to /api/ that has a body (NULL when not sent): a reply of status 0
** when it is application/json (parameters such as "; charset=utf-8" allowed), else the 415. */
api_reply check_body_type(const char *content_type);

#endif
