#!/usr/bin/env bash
# HTTP load: `a2a-card serve` against a bare hyper server that returns the same bytes and
# headers (server/benches/bare_server.rs), on the same machine, in alternating runs, so both see
# the same noise (the baseline first in odd rounds, last in even ones). Prints requests/s
# and server CPU time per request, the medians of the runs, and their ratios (see `medians`
# below).
#
#   bash server/benches/http_load.sh [SECONDS_PER_RUN] [ROUNDS]
#
# Runs, each round, in this order:
# - HTTP/1.1 (wrk): the bare server; the public card (200, and 304 with If-None-Match); a
#   second `a2a-card serve` with an extended card whose requirements take an API key or a
#   bearer JWT (server/benches/fixtures/, and a key set and tokens made for the run by
#   server/benches/bench_tokens.rs): its public card, and the extended card on the REST route
#   and on the guarded JSON-RPC route (POST GetExtendedAgentCard), each with the API key, the
#   same JWT again and again, distinct valid JWTs (JWT_TOKENS of them, cycled by
#   server/benches/http_load.lua across the runs, twice what the verifier's cache holds, so
#   each is checked in full), and a JWT with a wrong signature (every answer a 401); a third
#   server, server/benches/guarded_server.rs, an agent whose routes are behind
#   RequireCardSecurityLayer with the same auth file: its public card, and its JSON-RPC route
#   (POST SendMessage) with the same four credentials;
# - HTTP/2 with prior knowledge, h2c (h2load): the bare server in its h2 mode and `a2a-card
#   serve`'s public card. H2=0 leaves them out.
# - against nginx (Debian's, started here on 127.0.0.1 with a configuration written for the
#   run): the same card as a static file (the bytes `a2a-card serve` sends, with its media
#   type), the same P-256 self-signed certificate (made for the run with openssl), TLS 1.3 on
#   both, and NGINX_WORKERS worker processes (default: one per core, as many as the threads of
#   `a2a-card serve`'s runtime); its CPU is the master's and the workers' together. h2 over
#   TLS (h2load, ALPN h2), HTTP/1.1 over TLS (wrk) and h2c with prior knowledge (h2load), each
#   against `a2a-card serve` (with --tls-cert/--tls-key for the TLS rows). NGINX_ROWS=0 leaves them
#   out; NGINX_ROWS=only runs only them (and not the rows above).
#
# - the extended card over gRPC (`GetExtendedAgentCard` with the API key in metadata, h2load over
#   h2c) against the same card on the JSON-RPC route (h2load over h2c, the same call as JSON),
#   both from the extended-card server. GRPC_ROWS=0 leaves them out; GRPC_ROWS=only runs only
#   them.
#
# Environment: JWT_TOKENS (distinct tokens, default 20000), CONNECTIONS (default 32), THREADS (wrk and h2load threads, default 1),
# STREAMS (concurrent h2 streams per connection, default 10), H2 (default 1), STEAL_MAX
# (percent of steal time above which a run is made again, default 2), NGINX_ROWS (default 1),
# NGINX_WORKERS (default: nproc) and STEAL_TRIES (runs
# at most, default 4; see `measure`), and CARGO_TARGET_DIR (where cargo builds; the binaries
# are run from there).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-5}
rounds=${2:-3}
connections=${CONNECTIONS:-32}
threads=${THREADS:-1}
streams=${STREAMS:-10}
h2=${H2:-1}
steal_max=${STEAL_MAX:-2}
steal_tries=${STEAL_TRIES:-4}
jwt_tokens=${JWT_TOKENS:-20000}
nginx=${NGINX_ROWS:-1}
# The gRPC rows (the extended card over gRPC against its JSON-RPC route, both over h2c):
# GRPC_ROWS=0 leaves them out, GRPC_ROWS=only runs only them.
grpc=${GRPC_ROWS:-1}
[ "$grpc" = only ] && nginx=0 h2=1
nginx_workers=${NGINX_WORKERS:-$(nproc)}
# The rows before the nginx ones: all of them unless NGINX_ROWS=only.
others=1
[ "$nginx" = only ] && others=0 h2=0

# install PROGRAM PACKAGE: the Debian package of a missing load generator.
install() {
    command -v "$1" >/dev/null && return
    echo "installing $1 (Debian package $2)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq "$2" >/dev/null; else sudo apt-get install -y -qq "$2" >/dev/null; fi
}
install wrk wrk
[ "$h2" = 1 ] && install h2load nghttp2-client
if [ "$nginx" != 0 ]; then
    install h2load nghttp2-client
    install openssl openssl
    # Debian installs nginx in /usr/sbin, outside the PATH of users other than root.
    nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
    [ -x "$nginx_bin" ] || { install nginx nginx; nginx_bin=$(command -v nginx || echo /usr/sbin/nginx); }
fi

# What a pasted run measured: when, on how many cores under what load, which commit.
commit=$(git rev-parse --short HEAD)
[ -n "$(git status --porcelain --untracked-files=no)" ] && commit="$commit dirty"
printf '%s UTC, nproc %s, load average %s at start, commit %s\n' \
    "$(date -u '+%Y-%m-%d %H:%M:%S')" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" "$commit"

cargo build --release --quiet -p a2a-card-cli -p a2a-card-server --bin a2a-card --example bare_server \
    --example bench_tokens --example guarded_server --features a2a-card-server/auth-file
# Cargo's own answer, so CARGO_TARGET_DIR, a relative one, or a target-dir in a cargo
# config all lead to the binaries just built.
target=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target=${target:-${CARGO_TARGET_DIR:-target}}
bin=$target/release

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# start NAME COMMAND...: runs a server on port 0 and waits for its "listening on" line.
start() {
    local name=$1
    shift
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
    pids+=("$!")
    eval "${name}_pid=$!"
    for _ in $(seq 1 100); do
        if grep -q '^listening on ' "$work/$name.out"; then
            eval "${name}_url=$(sed -n 's/^listening on //p' "$work/$name.out")"
            return
        fi
        sleep 0.1
    done
    echo "$name did not start" >&2
    cat "$work/$name.err" >&2
    exit 1
}

card_path=/.well-known/agent-card.json
extended_path=/rest/extendedAgentCard
rpc_path=/rpc
grpc_path=/lf.a2a.v1.A2AService/GetExtendedAgentCard
api_key="X-API-Key: bench-key-1"
h2_api_key="x-api-key: bench-key-1"

# The identity provider of the run: its key set, the auth file's [bearer] table trusting it,
# and the tokens (see bench_tokens.rs).
export WRK_THREADS=$threads WRK_CURSOR=$work/cursor
if [ "$others" = 1 ]; then
        echo "signing $jwt_tokens distinct JWTs (JWT_TOKENS)" >&2
        "$bin/examples/bench_tokens" "$work" "$jwt_tokens"
        cat server/benches/fixtures/auth.toml "$work/bearer.toml" >"$work/auth.toml"
        jwt="Authorization: Bearer $(cat "$work/token.txt")"
        wrong_jwt="Authorization: Bearer $(cat "$work/wrong.txt")"
        start bare "$bin/examples/bare_server" 127.0.0.1:0
fi
start layer "$bin/a2a-card" serve --addr 127.0.0.1:0
if [ "$others" = 1 ]; then
        start ext "$bin/a2a-card" serve --addr 127.0.0.1:0 server/benches/fixtures/card.json \
            --extended-card server/benches/fixtures/extended.json --auth "$work/auth.toml"
        start guard "$bin/examples/guarded_server" 127.0.0.1:0 server/benches/fixtures/card.json "$work/auth.toml"
fi
[ "$h2" = 1 ] && start bare2 env BARE_PROTOCOL=h2 "$bin/examples/bare_server" 127.0.0.1:0

# free_port: a port of 127.0.0.1 nobody listens on now (nginx cannot be given port 0).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

if [ "$nginx" != 0 ]; then
    # The certificate of both TLS servers: P-256, self-signed, for this run only.
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=127.0.0.1 \
        -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
    start tls "$bin/a2a-card" serve --addr 127.0.0.1:0 --tls-cert "$work/cert.pem" --tls-key "$work/key.pem"
    # nginx serves the bytes `a2a-card serve` sends (uncompressed: neither load generator
    # asks for an encoding here), as a static file with the same media type.
    mkdir -p "$work/www/.well-known" "$work/nginx"
    curl -s -H 'Accept-Encoding: identity' -o "$work/www$card_path" "$layer_url$card_path"
    card_type=$(curl -s -D - -o /dev/null "$layer_url$card_path" | tr -d '\r' |
        awk -F': ' 'tolower($1)=="content-type" {print $2}')
    nginx_tls_port=$(free_port)
    nginx_h2c_port=$(free_port)
    # Logs, temporary files and the pid file in the run's directory; no access log (the
    # Rust servers keep none); keep-alive connections are never closed for their number of
    # requests (nginx closes one after 1000 by default, h2 ones too, with a GOAWAY h2load does
    # not follow); the file's descriptor and metadata cached, as `a2a-card serve` holds its
    # card in memory.
    # Its workers run as the user running this script, so they can read the run's private
    # directory (run as root, nginx would otherwise switch them to an unprivileged user).
    cat >"$work/nginx/nginx.conf" <<CONF
user $(id -un);
worker_processes $nginx_workers;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    keepalive_requests 1000000000;
    keepalive_timeout 300s;
    open_file_cache max=16;
    open_file_cache_valid 300s;
    types { }
    default_type "$card_type";
    ssl_protocols TLSv1.3;
    server {
        listen 127.0.0.1:$nginx_tls_port ssl http2;
        ssl_certificate $work/cert.pem;
        ssl_certificate_key $work/key.pem;
        root $work/www;
    }
    server {
        listen 127.0.0.1:$nginx_h2c_port http2;
        root $work/www;
    }
}
CONF
    "$nginx_bin" -e "$work/nginx/error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" \
        >"$work/nginx.out" 2>"$work/nginx.err" &
    nginx_pid=$!
    pids+=("$nginx_pid")
    nginx_tls_url=https://127.0.0.1:$nginx_tls_port
    nginx_h2c_url=http://127.0.0.1:$nginx_h2c_port
    for _ in $(seq 1 100); do
        curl -s -k -o /dev/null "$nginx_tls_url$card_path" && break
        sleep 0.1
    done
    nginx_version=$("$nginx_bin" -v 2>&1 | sed 's|.*nginx/||')
fi

ticks_per_second=$(getconf CLK_TCK)
# CPU time (user + system) of a process and its children (nginx's workers) so far, in clock
# ticks.
cpu_ticks() {
    local pid total=0
    for pid in "$1" $(pgrep -P "$1" || true); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}

# The machine's steal time so far (time its virtual CPUs waited for the host, which ran
# another tenant): "steal total" in clock ticks, over all CPUs, from /proc/stat.
steal_ticks() { awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t}' /proc/stat; }

retried=0
over_limit=0
# measure NAME TOOL URL [HEADER]: one run of wrk or h2load against the server whose name is
# NAME up to its first `_`; appends "requests seconds cpu_ticks" to NAME.runs. Any error
# response or failed request stops the script, except with EXPECT_REFUSED=1, where every
# answer must be an error (the wrong-signature runs: 401). WRK_RPC=1 (the extended card's
# JSON-RPC call), WRK_RPC=METHOD (a call of METHOD, the guarded agent's runs) and
# WRK_TOKENS=FILE (a token per request, cycled) run wrk with http_load.lua. A run during which the machine's steal time
# passed STEAL_MAX percent is discarded and made again (up to STEAL_TRIES runs in all, then
# the last is kept and counted as over the limit): the host gave that time to another
# tenant, and both the requests/s and the CPU time of that run measure the host's load, not
# the server.
measure() {
    local name=$1 tool=$2 url=$3 header=${4:-}
    local pid_var="${name%%_*}_pid"
    local pid=${!pid_var}
    local before after requests steal_before steal_after steal try
    local args=(-t"$threads" -c"$connections")
    [ -n "$header" ] && args+=(-H "$header")
    [ -n "${WRK_RPC:-}${WRK_TOKENS:-}" ] && args+=(-s server/benches/http_load.lua)
    # H2LOAD_BODY=FILE H2LOAD_TYPE=MEDIA: h2load POSTs FILE as MEDIA (the h2c JSON-RPC and gRPC runs).
    [ -n "${H2LOAD_BODY:-}" ] && args+=(-d "$H2LOAD_BODY" -H "content-type: $H2LOAD_TYPE" -H "te: trailers")
    for try in $(seq 1 "$steal_tries"); do
        read -r -a steal_before < <(steal_ticks)
        before=$(cpu_ticks "$pid")
        if [ "$tool" = wrk ]; then
            wrk "${args[@]}" -d"${seconds}s" "$url" >"$work/load.txt"
        else
            h2load "${args[@]}" -m"$streams" -D"$seconds" "$url" >"$work/load.txt"
        fi
        after=$(cpu_ticks "$pid")
        read -r -a steal_after < <(steal_ticks)
        steal=$(awk -v s="$((steal_after[0] - steal_before[0]))" -v t="$((steal_after[1] - steal_before[1]))" \
            'BEGIN { printf "%.1f", (t > 0 ? 100 * s / t : 0) }')
        if awk -v s="$steal" -v max="$steal_max" 'BEGIN { exit !(s <= max) }'; then
            break
        elif [ "$try" -lt "$steal_tries" ]; then
            echo "  $name: ${steal}% steal time during the run (STEAL_MAX=$steal_max), measured again" >&2
            retried=$((retried + 1))
        else
            echo "  $name: ${steal}% steal time in each of $steal_tries runs; the last is kept" >&2
            over_limit=$((over_limit + 1))
        fi
    done
    if [ "$tool" = wrk ] && [ -n "${EXPECT_REFUSED:-}" ]; then
        requests=$(awk '/requests in/ {print $1}' "$work/load.txt")
        refused=$(awk '/Non-2xx or 3xx responses/ {print $5}' "$work/load.txt")
        failed=$([ "${refused:-0}" = "$requests" ] && echo 0 || echo "not every answer refused")
    elif [ "$tool" = wrk ]; then
        requests=$(awk '/requests in/ {print $1}' "$work/load.txt")
        failed=$(grep -c 'Non-2xx or 3xx' "$work/load.txt" || true)
    else
        # "requests: N total, N started, N done, N succeeded, N failed, N errored, N timeout"
        # and "status codes: N 2xx, N 3xx, N 4xx, N 5xx".
        requests=$(awk '/^requests:/ {print $8}' "$work/load.txt")
        failed=$(awk '/^requests:/ {f += $10 + $12 + $14} /^status codes:/ {f += $7 + $9}
                      END {print f + 0}' "$work/load.txt")
        [ "${requests:-0}" -gt 0 ] || failed=1
        # h2load speaks HTTP/1.1 to a TLS server that does not pick h2 by ALPN: not this row.
        grep -Eq '^Application protocol: h2c?$' "$work/load.txt" || failed='not HTTP/2'
        # A gRPC refusal is an HTTP 200 with no body: every answer must carry the card's bytes
        # ("traffic: ... (N) data", H2LOAD_MIN_DATA bytes a request: the answer's size, from
        # the checks before the load).
        if [ -n "${H2LOAD_MIN_DATA:-}" ]; then
            data=$(sed -n 's/.*(\([0-9]*\)) data.*/\1/p' "$work/load.txt")
            [ "${data:-0}" -ge $((requests * H2LOAD_MIN_DATA)) ] || failed="only ${data:-0} bytes of data for $requests answers"
        fi
    fi
    if [ "$failed" != 0 ]; then
        echo "$name: some requests failed or answered an error" >&2
        cat "$work/load.txt" >&2
        exit 1
    fi
    echo "$requests $seconds $((after - before))" >>"$work/$name.runs"
    awk -v n="$name" -v r="$requests" -v s="$seconds" -v t="$((after - before))" -v tps="$ticks_per_second" \
        -v st="$steal" 'BEGIN { printf "  %-10s %7.0f req/s %6.2f µs CPU/request  %s%% steal\n", n, r / s, t / tps * 1e6 / r, st }' >&2
}

# Before any load: the extended card really is what the key gets, and the h2c servers
# really speak h2c (a server that does not answers curl's prior-knowledge preface with
# an HTTP/1.1 error or closes the connection).
if [ "$others" = 1 ]; then
    status=$(curl -s -o "$work/extended.json" -w '%{http_code}' -H "$api_key" "$ext_url$extended_path")
    if [ "$status" != 200 ] || ! grep -q '"depots"' "$work/extended.json"; then
        echo "the extended card with the API key answered $status, not 200 with the extended card:" >&2
        cat "$work/extended.json" >&2
        exit 1
    fi
    rpc_body='{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}'
    # expect STATUS WHAT CURL_ARGS...: one request, which must answer STATUS (and, for a 200, the
    # extended card).
    expect() {
        local want=$1 what=$2 got
        shift 2
        got=$(curl -s -o "$work/answer" -w '%{http_code}' "$@")
        if [ "$got" != "$want" ] || { [ "$want" = 200 ] && ! grep -q '"depots"' "$work/answer"; }; then
            echo "$what answered $got, not $want:" >&2
            cat "$work/answer" >&2
            exit 1
        fi
    }
    for credential in "$api_key" "$jwt" "Authorization: Bearer $(head -n1 "$work/tokens.txt")"; do
        expect 200 "the extended card (REST, ${credential%%:*})" -H "$credential" "$ext_url$extended_path"
        expect 200 "the extended card (JSON-RPC, ${credential%%:*})" -H "$credential" \
            -H 'Content-Type: application/json' --data "$rpc_body" "$ext_url$rpc_path"
    done
    # The guarded agent answers its JSON-RPC result to each credential, and 401 to the forged one.
    agent_call='{"jsonrpc":"2.0","id":1,"method":"SendMessage"}'
    for credential in "$api_key" "$jwt" "Authorization: Bearer $(head -n1 "$work/tokens.txt")"; do
        got=$(curl -s -o "$work/answer" -w '%{http_code}' -H "$credential" \
            -H 'Content-Type: application/json' --data "$agent_call" "$guard_url$rpc_path")
        if [ "$got" != 200 ] || ! grep -q '"result"' "$work/answer"; then
            echo "the guarded agent (${credential%%:*}) answered $got, not 200 with its result:" >&2
            cat "$work/answer" >&2
            exit 1
        fi
    done
    expect 401 "the guarded agent with a wrong-signature JWT" -H "$wrong_jwt" \
        -H 'Content-Type: application/json' --data "$agent_call" "$guard_url$rpc_path"
    expect 401 "the guarded agent without credentials" \
        -H 'Content-Type: application/json' --data "$agent_call" "$guard_url$rpc_path"
    expect 401 "the extended card with a wrong-signature JWT (REST)" -H "$wrong_jwt" "$ext_url$extended_path"
    expect 401 "the extended card with a wrong-signature JWT (JSON-RPC)" -H "$wrong_jwt" \
        -H 'Content-Type: application/json' --data "$rpc_body" "$ext_url$rpc_path"
fi
if [ "$h2" = 1 ]; then
    for server in bare2 layer; do
        url_var="${server}_url"
        version=$(curl -s -o /dev/null -w '%{http_version} %{http_code}' --http2-prior-knowledge \
            "${!url_var}$card_path" || true)
        if [ "$version" != "2 200" ]; then
            echo "$server (${!url_var}): server does not speak h2c (HTTP/2 with prior knowledge);" \
                "curl --http2-prior-knowledge got '${version}' (HTTP version, status). H2=0 skips the h2 runs." >&2
            exit 1
        fi
    done
fi

if [ "$nginx" != 0 ]; then
    # Both TLS servers speak h2 by ALPN and HTTP/1.1 without it, and nginx's h2c port h2c;
    # all send the same card bytes.
    want=$(sha256sum <"$work/www$card_path")
    for check in "--http2 $tls_url" "--http2 $nginx_tls_url" "--http1.1 $tls_url" "--http1.1 $nginx_tls_url" \
        "--http2-prior-knowledge $nginx_h2c_url" "--http2-prior-knowledge $layer_url"; do
        read -r flag url <<<"$check"
        version=$(curl -s -k "$flag" -o "$work/answer" -w '%{http_version} %{http_code}' "$url$card_path" || true)
        case $flag in --http1.1) expected="1.1 200" ;; *) expected="2 200" ;; esac
        if [ "$version" != "$expected" ] || [ "$(sha256sum <"$work/answer")" != "$want" ]; then
            echo "$url (curl $flag) answered '$version' (HTTP version, status), not '$expected' with the card's bytes" >&2
            cat "$work/nginx/error.log" >&2 2>/dev/null || true
            exit 1
        fi
    done
fi

# The gRPC call with the key answers the extended card and grpc-status 0 (in the trailers,
# which curl writes with the headers), without it grpc-status 16; the JSON-RPC call over h2c
# the extended card. The bodies h2load sends: the empty GetExtendedAgentCardRequest, framed,
# and the JSON-RPC call.
if [ "$h2" = 1 ] && [ "$grpc" != 0 ]; then
    printf '\0\0\0\0\0' >"$work/grpc.bin"
    printf '%s' '{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}' >"$work/rpc.json"
    # nghttp -v prints each frame, the trailers' grpc-status among them (curl 7.88 does not
    # show trailers); HTTP/2 header names are lower case.
    grpc_call() {
        nghttp -v -H 'content-type: application/grpc' -H 'te: trailers' -d "$work/grpc.bin" "$@" \
            "$ext_url$grpc_path" >"$work/grpc.out" 2>&1 || true
        grep -a -o 'grpc-status: [0-9]*' "$work/grpc.out" | tail -n1 | cut -d' ' -f2
    }
    got=$(grpc_call -H "$h2_api_key")
    if [ "$got" != 0 ] || ! grep -a -q 'depots' "$work/grpc.out"; then
        echo "the extended card over gRPC with the API key answered grpc-status '$got' (not 0 with the card):" >&2
        cat "$work/grpc.out" >&2
        exit 1
    fi
    grpc_bytes=$(grep -a -o 'recv DATA frame <length=[0-9]*' "$work/grpc.out" | sed 's/.*=//' | awk '{t += $1} END {print t + 0}')
    got=$(grpc_call)
    [ "$got" = 16 ] || { echo "the extended card over gRPC without a key answered grpc-status '$got', not 16" >&2; exit 1; }
    got=$(curl -s --http2-prior-knowledge -o "$work/answer" -w '%{http_version} %{http_code}' -H "$h2_api_key" \
        -H 'content-type: application/json' --data-binary @"$work/rpc.json" "$ext_url$rpc_path")
    if [ "$got" != "2 200" ] || ! grep -q '"depots"' "$work/answer"; then
        echo "the JSON-RPC call over h2c answered '$got' (HTTP version, status), not 2 200 with the card" >&2
        exit 1
    fi
    rpc_bytes=$(wc -c <"$work/answer")
fi

etag=$(curl -s -D - -o /dev/null "$layer_url$card_path" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag" {print $2}')
echo "wrk: $threads thread(s), $connections connections, ${seconds}s per run, $rounds rounds, alternating; a run with more than ${steal_max}% steal time is made again" >&2
if [ "$h2" = 1 ] || [ "$nginx" != 0 ]; then
    echo "h2load: $threads thread(s), $connections connections, $streams streams each" >&2
fi
if [ "$nginx" != 0 ]; then
    echo "nginx $nginx_version: $nginx_workers worker processes; a2a-card serve: $(nproc) runtime threads" >&2
fi
# in_order FIRST SECOND [THIRD]: the runs of one comparison, baseline first in odd rounds and
# last in even ones (ABBA), so a drift in the machine's speed during a round (another
# tenant's load, the scheduler's placement of the threads) does not always favour the same side.
in_order() {
    local runs=("$@") i
    if [ $((round % 2)) = 0 ]; then
        for ((i = ${#runs[@]} - 1; i >= 0; i--)); do eval "${runs[$i]}"; done
    else
        for i in "${runs[@]}"; do eval "$i"; done
    fi
}
for round in $(seq 1 "$rounds"); do
    echo "round $round/$rounds" >&2
    if [ "$nginx" != 0 ]; then
        in_order 'measure nginx_tlsh2 h2load "$nginx_tls_url$card_path"' \
            'measure tls_h2 h2load "$tls_url$card_path"'
        in_order 'measure nginx_tlsh1 wrk "$nginx_tls_url$card_path"' \
            'measure tls_h1 wrk "$tls_url$card_path"'
        in_order 'measure nginx_h2c h2load "$nginx_h2c_url$card_path"' \
            'measure layer_h2cnginx h2load "$layer_url$card_path"'
    fi
    if [ "$h2" = 1 ] && [ "$grpc" != 0 ]; then
        in_order 'H2LOAD_BODY=$work/rpc.json H2LOAD_TYPE=application/json H2LOAD_MIN_DATA=$rpc_bytes measure ext_h2rpc h2load "$ext_url$rpc_path" "$h2_api_key"' \
            'H2LOAD_BODY=$work/grpc.bin H2LOAD_TYPE=application/grpc H2LOAD_MIN_DATA=$grpc_bytes measure ext_grpc h2load "$ext_url$grpc_path" "$h2_api_key"'
    fi
    [ "$others" = 1 ] && [ "$grpc" != only ] || continue
    in_order 'measure bare wrk "$bare_url$card_path"' \
        'measure layer wrk "$layer_url$card_path"' \
        'measure layer_304 wrk "$layer_url$card_path" "If-None-Match: $etag"'
    in_order 'measure ext_public wrk "$ext_url$card_path"' \
        'measure ext_key wrk "$ext_url$extended_path" "$api_key"' \
        'measure ext_jwt wrk "$ext_url$extended_path" "$jwt"' \
        'WRK_TOKENS=$work/tokens.txt measure ext_jwts wrk "$ext_url$extended_path"' \
        'EXPECT_REFUSED=1 measure ext_wrong wrk "$ext_url$extended_path" "$wrong_jwt"' \
        'WRK_RPC=1 measure ext_rpckey wrk "$ext_url$rpc_path" "$api_key"' \
        'WRK_RPC=1 measure ext_rpcjwt wrk "$ext_url$rpc_path" "$jwt"' \
        'WRK_RPC=1 WRK_TOKENS=$work/tokens.txt measure ext_rpcjwts wrk "$ext_url$rpc_path"' \
        'WRK_RPC=1 EXPECT_REFUSED=1 measure ext_rpcwrong wrk "$ext_url$rpc_path" "$wrong_jwt"'
    in_order 'measure guard_public wrk "$guard_url$card_path"' \
        'WRK_RPC=SendMessage measure guard_key wrk "$guard_url$rpc_path" "$api_key"' \
        'WRK_RPC=SendMessage measure guard_jwt wrk "$guard_url$rpc_path" "$jwt"' \
        'WRK_RPC=SendMessage WRK_TOKENS=$work/tokens.txt measure guard_jwts wrk "$guard_url$rpc_path"' \
        'WRK_RPC=SendMessage EXPECT_REFUSED=1 measure guard_wrong wrk "$guard_url$rpc_path" "$wrong_jwt"'
    if [ "$h2" = 1 ]; then
        in_order 'measure bare2 h2load "$bare2_url$card_path"' \
            'measure layer_h2 h2load "$layer_url$card_path"'
    fi
done

# Each run gives a requests/s and a CPU time per request. A row gives, for each, the median
# of its runs and the ratio of that median to the baseline's median; beside the ratio, in
# parentheses, the lowest and highest of the rounds' own ratios (a run against the baseline
# run next to it, ABBA). Medians, because on this kind of machine a single run can land 10-20%
# off its neighbours with no steal time at all (where the scheduler places the load
# generator's threads against the server's), and a median over the rounds moves by one run's
# worth at most, where a total or a mean moves by all of its error.
# medians RUNS: "requests_per_second cpu_microseconds_per_request", medians of the runs.
medians() {
    awk -v tps="$ticks_per_second" '
        { rps[NR] = $1 / $2; cpu[NR] = ($3 / tps) * 1e6 / $1 }
        function sort(a, n,    i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        }
        function median(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        END { sort(rps, NR); sort(cpu, NR); printf "%.0f %.2f\n", median(rps, NR), median(cpu, NR) }
    ' "$work/$1.runs"
}
# round_ranges RUNS BASE_RUNS: "rps_low rps_high cpu_low cpu_high" of the rounds' own ratios.
round_ranges() {
    paste -d' ' "$work/$1.runs" "$work/$2.runs" | awk '
        # requests seconds ticks (subject), requests seconds ticks (baseline)
        {
            rps = ($1 / $2) / ($4 / $5); cpu = ($3 / $1) / ($6 / $4)
            if (NR == 1 || rps < rl) rl = rps; if (NR == 1 || rps > rh) rh = rps
            if (NR == 1 || cpu < cl) cl = cpu; if (NR == 1 || cpu > ch) ch = cpu
        }
        END { printf "%.2f %.2f %.2f %.2f\n", rl, rh, cl, ch }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# row LABEL RUNS BASE_RUNS: a table row of RUNS with its ratios to BASE_RUNS.
row() {
    local rps cpu base_rps base_cpu r_lo r_hi c_lo c_hi
    read -r rps cpu < <(medians "$2")
    if [ "$2" = "$3" ]; then
        printf '| %s | %s | 1 | %s µs | 1 |\n' "$1" "$rps" "$cpu"
        return
    fi
    read -r base_rps base_cpu < <(medians "$3")
    read -r r_lo r_hi c_lo c_hi < <(round_ranges "$2" "$3")
    printf '| %s | %s | %s (rounds %s-%s) | %s µs | %s (rounds %s-%s) |\n' "$1" "$rps" \
        "$(ratio "$rps" "$base_rps")" "$r_lo" "$r_hi" "$cpu" "$(ratio "$cpu" "$base_cpu")" "$c_lo" "$c_hi"
}
header() {
    printf '\n| %s | requests/s (median of runs) | ratio to %s | server CPU per request (median) | ratio to %s |\n' "$1" "$2" "$2"
    printf '|---|---|---|---|---|\n'
}

if [ "$nginx" != 0 ]; then
    header "against nginx $nginx_version (static file, same certificate and bytes, TLS 1.3, $nginx_workers workers)" nginx
    row "h2 over TLS (h2load): nginx (baseline)" nginx_tlsh2 nginx_tlsh2
    row "h2 over TLS (h2load): a2a-card serve" tls_h2 nginx_tlsh2
    row "HTTP/1.1 over TLS (wrk): nginx (baseline)" nginx_tlsh1 nginx_tlsh1
    row "HTTP/1.1 over TLS (wrk): a2a-card serve" tls_h1 nginx_tlsh1
    row "h2c, prior knowledge (h2load): nginx (baseline)" nginx_h2c nginx_h2c
    row "h2c, prior knowledge (h2load): a2a-card serve" layer_h2cnginx nginx_h2c
fi
if [ "$h2" = 1 ] && [ "$grpc" != 0 ]; then
    header "the extended card over gRPC, API key in metadata (h2load, h2c)" "JSON-RPC"
    row "JSON-RPC GetExtendedAgentCard over h2c, API key (baseline)" ext_h2rpc ext_h2rpc
    row "gRPC GetExtendedAgentCard, API key (target: CPU ratio at most 1.3)" ext_grpc ext_h2rpc
fi
if [ "$others" = 1 ] && [ "$grpc" != only ]; then
    header "HTTP/1.1 (wrk)" bare
    row "bare hyper, same bytes (baseline)" bare bare
    row "a2a-card serve, 200" layer bare
    row "a2a-card serve, 304 (If-None-Match)" layer_304 bare
    header "extended card and its guarded JSON-RPC route (wrk)" "its public card"
    row "public card of the same server (baseline)" ext_public ext_public
    row "extended card, REST, API key (target: CPU ratio at most 1.5)" ext_key ext_public
    row "extended card, REST, the same JWT again (target: CPU ratio at most 2)" ext_jwt ext_public
    row "extended card, REST, distinct valid JWTs" ext_jwts ext_public
    row "extended card, REST, wrong-signature JWT, 401 (target: CPU ratio at most 9)" ext_wrong ext_public
    row "JSON-RPC GetExtendedAgentCard, API key" ext_rpckey ext_public
    row "JSON-RPC GetExtendedAgentCard, the same JWT again" ext_rpcjwt ext_public
    row "JSON-RPC GetExtendedAgentCard, distinct valid JWTs" ext_rpcjwts ext_public
    row "JSON-RPC GetExtendedAgentCard, wrong-signature JWT, 401" ext_rpcwrong ext_public
    header "an agent's JSON-RPC route behind RequireCardSecurityLayer (wrk)" "its public card"
    row "public card of the same server (baseline)" guard_public guard_public
    row "JSON-RPC SendMessage, API key" guard_key guard_public
    row "JSON-RPC SendMessage, the same JWT again (target: CPU ratio at most 2)" guard_jwt guard_public
    row "JSON-RPC SendMessage, distinct valid JWTs" guard_jwts guard_public
    row "JSON-RPC SendMessage, wrong-signature JWT, 401 (target: CPU ratio at most 9)" guard_wrong guard_public
    if [ "$h2" = 1 ]; then
        header "HTTP/2, h2c with prior knowledge (h2load)" bare
        row "bare hyper h2, same bytes (baseline)" bare2 bare2
        row "a2a-card serve, 200" layer_h2 bare2
    fi
    # The extended-card server's memory after every run, the distinct tokens' among them: the
    # verifier's cache is bounded, so the peak stays put however many tokens come.
    printf '\nThe extended-card server after %s distinct JWTs per distinct-token run: %s, peak %s.\n' \
        "$jwt_tokens" "$(awk '/^VmRSS/ {print $2, $3}' "/proc/$ext_pid/status")" \
        "$(awk '/^VmHWM/ {print $2, $3}' "/proc/$ext_pid/status")"
    printf 'The guarded agent, the same: %s, peak %s.\n' \
        "$(awk '/^VmRSS/ {print $2, $3}' "/proc/$guard_pid/status")" \
        "$(awk '/^VmHWM/ {print $2, $3}' "/proc/$guard_pid/status")"
fi
printf '\nRuns made again for steal time above %s%%: %s; kept over the limit after %s tries: %s.\n' \
    "$steal_max" "$retried" "$steal_tries" "$over_limit"
