#!/bin/sh
# serve-origin.sh: who may talk to meeple serve (meeple-serve(1), WHO MAY TALK TO IT): a Host that
# is not the server's refused (DNS rebinding), with localhost, the --bind address and the names of
# --allow-host answered; a request that changes something from another page's Origin refused
# (Origin: null too), the page's own answered, a read from another Origin answered; a body to
# /api/ that is not application/json refused (415); and nothing made by any request refused.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

need curl curl || finish serve-origin
need jq jq || finish serve-origin

. "$(dirname "$0")/serve-lib.sh"
# send METHOD PATH HEADER...: the request (a new game's JSON body when METHOD is POST, with each
# HEADER given; Content-Type application/json unless one is given), its status in $T/status and
# its body in $T/body.
send() {
    method=$1 path=$2
    shift 2
    case "$*" in *Content-Type:*) ;; *) set -- -H 'Content-Type: application/json' "$@" ;; esac
    [ "$method" = POST ] && set -- "$@" --data-binary '{"seats": ["human", "human"]}'
    curl -s -g -X "$method" -o "$T/body" -w '%{http_code}' "$@" "$U${path#/}" >"$T/status"
}
# expect STATUS TEXT WHAT: the last reply is STATUS with TEXT in it.
expect() {
    [ "$(cat "$T/status")" = "$1" ] && grep -qF -- "$2" "$T/body" && ok ||
        bad "$3: status $(cat "$T/status"), $(head -c 300 "$T/body"); expected $1 with '$2'"
}
# games: how many games the server holds, asked the way the page asks (GET /api/games/N answers
# 200 for each game made, from 1 on).
games() {
    n=0
    while [ "$(curl -s -o /dev/null -w '%{http_code}' "${U}api/games/$((n + 1))")" = 200 ]; do n=$((n + 1)); done
    echo $n
}
# none_made WHAT: still as many games as before ($before).
none_made() { now=$(games); [ "$now" = "$before" ] && ok || bad "$1: $now games after it, $before before; expected none made"; }

serve_start --allow-host myname --allow-host Other.LAN
[ -n "$U" ] || finish serve-origin
P=${U##*:}
P=${P%/}

# ---------------------------------------------------------------- Host
before=$(games)
send POST /api/games -H "Host: evil.example.com:$P"
expect 403 "{\"error\":\"host 'evil.example.com' is not this server's; expected 127.0.0.1, localhost or a name given with --allow-host\"}" "POST /api/games with Host evil.example.com"
none_made "POST /api/games with Host evil.example.com"
send GET /api/rulesets -H "Host: evil.example.com:$P"
expect 403 "host 'evil.example.com' is not this server's" "GET /api/rulesets with Host evil.example.com"
send GET / -H "Host: evil.example.com"
expect 403 "host 'evil.example.com' is not this server's" "the page with Host evil.example.com"
send GET /common.js -H "Host: 127.0.0.2:$P"
expect 403 "host '127.0.0.2' is not this server's" "a page file with Host another address"
send GET /api/rulesets -H "Host: localhost.evil.example.com:$P"
expect 403 "host 'localhost.evil.example.com' is not this server's" "a name that starts with localhost"
send GET /api/rulesets -H "Host: [::1]:$P"
expect 403 "host '[::1]' is not this server's" "Host [::1] when bound to 127.0.0.1"
for h in "localhost:$P" "127.0.0.1:$P" "LocalHost:$P" localhost "myname:$P" "other.lan:$P"; do
    send GET /api/rulesets -H "Host: $h"
    expect 200 '"name":"c3"' "GET /api/rulesets with Host $h"
done
send GET / -H "Host: myname:$P"
expect 200 '<html' "the page with Host myname (--allow-host)"
send GET /api/rulesets -H "Host: othername:$P"
expect 403 "host 'othername' is not this server's" "a name not given with --allow-host"
# HTTP/1.0 without Host (curl sends one unless told not to).
send GET /api/rulesets --http1.0 -H 'Host:'
expect 403 "a request with no Host header; expected one naming 127.0.0.1, localhost or a name given with --allow-host" "a request with no Host"

# ---------------------------------------------------------------- Origin
before=$(games)
send POST /api/games -H 'Origin: http://evil.example.com'
expect 403 "{\"error\":\"a request from origin 'http://evil.example.com'; expected one from this server's own page (http://127.0.0.1:$P)\"}" "POST /api/games from another site"
none_made "POST /api/games from another site"
send POST /api/games -H 'Origin: null'
expect 403 "a request from origin 'null'" "POST /api/games from Origin null"
send POST /api/games -H "Origin: http://127.0.0.1:$((P == 65535 ? 1 : P + 1))"
expect 403 "a request from origin 'http://127.0.0.1:" "POST /api/games from another port of this machine"
send POST /api/games -H "Origin: https://127.0.0.1:$P"
expect 403 "a request from origin 'https://127.0.0.1:$P'" "POST /api/games from https"
send POST /api/games -H "Origin: http://myname.evil.example.com:$P"
expect 403 "a request from origin 'http://myname.evil.example.com:$P'" "POST /api/games from a name not ours"
none_made "the POSTs from other origins"
for o in "http://127.0.0.1:$P" "http://localhost:$P" "http://myname:$P"; do
    send POST /api/games -H "Origin: $o"
    expect 201 '"game":' "POST /api/games from the page's own origin $o"
done
send POST /api/games
expect 201 '"game":' "POST /api/games with no Origin (curl, scripts)"
check '[ "$(games)" = $((before + 4)) ]' "the games after 4 made: $(games), $before before"
# A read from another page is answered: the Host check keeps its answers from that page.
send GET /api/games/1 -H 'Origin: http://evil.example.com'
expect 200 '"turn":' "GET /api/games/1 from another site's page"

# ---------------------------------------------------------------- Content-Type
before=$(games)
send POST /api/games -H 'Content-Type: text/plain'
expect 415 "{\"error\":\"a body of type 'text/plain'; expected application/json\"}" "POST /api/games as text/plain"
send POST /api/games -H 'Content-Type: application/x-www-form-urlencoded'
expect 415 "a body of type 'application/x-www-form-urlencoded'; expected application/json" "POST /api/games as a form"
send POST /api/games -H 'Content-Type: application/jsonx'
expect 415 "a body of type 'application/jsonx'; expected application/json" "POST /api/games as application/jsonx"
send POST /api/games -H 'Content-Type:'
expect 415 "a body with no Content-Type; expected application/json" "POST /api/games with no Content-Type"
none_made "the POSTs of bodies not JSON"
send POST /api/games -H 'Content-Type: application/json; charset=utf-8'
expect 201 '"game":' "POST /api/games as application/json; charset=utf-8"
send POST /api/games -H 'Content-Type: Application/JSON'
expect 201 '"game":' "POST /api/games as Application/JSON"

# ---------------------------------------------------------------- the options
stop() { kill -TERM $pid; wait $pid; pid=; }
stop
for a in '' 127.0.0.1 'bad name' 'a/b' .lan; do
    "$M" serve --allow-host "$a" >"$T/uout" 2>"$T/uerr"
    rc=$?
    check '[ $rc = 2 ] && grep -qF -- "--allow-host: '"'"'$a'"'"' is not a host name; expected letters, digits" "$T/uerr"' \
        "meeple serve --allow-host '$a': exit $rc, $(cat "$T/uerr")"
done

# Bound to ::1: Host [::1] and localhost answered, 127.0.0.1 not.
if [ -r /proc/net/if_inet6 ] && grep -q '^00000000000000000000000000000001 ' /proc/net/if_inet6; then
    serve_start --bind ::1
    P=${U##*:}
    P=${P%/}
    send GET /api/rulesets
    expect 200 '"name":"c3"' "GET /api/rulesets over IPv6, Host [::1]:$P"
    send GET /api/rulesets -H "Host: localhost:$P"
    expect 200 '"name":"c3"' "GET /api/rulesets over IPv6, Host localhost"
    send GET /api/rulesets -H "Host: [0:0:0:0:0:0:0:1]:$P"
    expect 200 '"name":"c3"' "GET /api/rulesets over IPv6, Host [::1] written out"
    send GET /api/rulesets -H "Host: 127.0.0.1:$P"
    expect 403 "host '127.0.0.1' is not this server's; expected [::1], localhost" "Host 127.0.0.1 when bound to ::1"
    send POST /api/games -H "Origin: http://[::1]:$P"
    expect 201 '"game":' "POST /api/games from the page's own origin over IPv6"
    stop
else
    echo "SKIP: --bind ::1 (this machine has no IPv6 loopback: /proc/net/if_inet6 lists no ::1)"
fi

# Bound to every address: any address answered, names only with --allow-host.
serve_start --bind 0.0.0.0
P=${U##*:}
P=${P%/}
U=http://127.0.0.1:$P/
for h in "127.0.0.1:$P" "10.1.2.3:$P" "localhost:$P"; do
    send GET /api/rulesets -H "Host: $h"
    expect 200 '"name":"c3"' "GET /api/rulesets bound to 0.0.0.0, Host $h"
done
send GET /api/rulesets -H "Host: evil.example.com:$P"
expect 403 "host 'evil.example.com' is not this server's; expected an address of this machine, localhost or a name given with --allow-host" "Host evil.example.com bound to 0.0.0.0"
send POST /api/games -H 'Origin: http://evil.example.com'
expect 403 "a request from origin 'http://evil.example.com'; expected one from this server's own page (http://HOST:$P, HOST an address of this machine" "POST from another site bound to 0.0.0.0"
stop

finish serve-origin
