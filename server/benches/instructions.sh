#!/usr/bin/env bash
# Instructions per request, counted by valgrind's callgrind: `a2a-card serve` against the bare
# hyper server of server/benches/bare_server.rs (same bytes, same headers), each under wrk for a
# fixed time. Unlike the load script's times, instruction counts do not depend on what else
# the machine is doing, so they show a change in the per-request cost on a busy machine too.
# They count user-space instructions only (the kernel's share of a request, its system calls,
# is the same for both servers: one recv and one writev per request here).
#
# Then `a2a-card serve` over TLS (a P-256 self-signed certificate made for the run, TLS 1.3):
# HTTP/1.1 (wrk) and HTTP/2 (h2load, ALPN h2, STREAMS concurrent streams per connection), and
# h2c (h2load with prior knowledge) for comparison, as instructions per request of the server
# (the handshakes of the CONNECTIONS connections included). These rows have no baseline of
# their own: compare them across commits, and see http_load.sh's rows against nginx for a TLS
# server of another make. TLS=0 leaves them out, TLS=only runs only them.
#
#   bash server/benches/instructions.sh [SECONDS]
#
# Environment: CONNECTIONS (default 8), STREAMS (default 10), TLS (default 1). Needs valgrind,
# wrk, h2load and openssl (installed from Debian's packages when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-10}
connections=${CONNECTIONS:-8}
streams=${STREAMS:-10}
tls=${TLS:-1}

install() {
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq "$@" >/dev/null; else sudo apt-get install -y -qq "$@" >/dev/null; fi
}
command -v wrk >/dev/null || install wrk
command -v valgrind >/dev/null || install valgrind
if [ "$tls" != 0 ]; then
    command -v h2load >/dev/null || install nghttp2-client
    command -v openssl >/dev/null || install openssl
fi
cargo build --release --quiet -p a2a-card-cli -p a2a-card-server --bin a2a-card --example bare_server
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# count NAME [HEADER] -- COMMAND...: prints "NAME requests instructions per-request", the
# load from wrk, or from h2load with LOAD=h2load.
count() {
    local name=$1 header=$2 tool=${LOAD:-wrk}
    shift 3
    valgrind --tool=callgrind --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$work/$name.%p" "$@" >"$work/$name.out" 2>"$work/$name.err" &
    local pid=$!
    for _ in $(seq 1 600); do
        grep -q '^listening on ' "$work/$name.out" && break
        sleep 0.1
    done
    local url
    url=$(sed -n 's/^listening on //p' "$work/$name.out")
    [ -n "$url" ] || { echo "$name did not start" >&2; cat "$work/$name.err" >&2; exit 1; }
    # Start-up (reading and building the card) is not a request: count from zero here.
    callgrind_control -z "$pid" >/dev/null 2>&1
    local args=(-t1 -c"$connections")
    [ -n "$header" ] && args+=(-H "$header")
    if [ "$tool" = wrk ]; then
        wrk "${args[@]}" -d"${seconds}s" "$url/.well-known/agent-card.json" >"$work/$name.wrk"
    else
        h2load "${args[@]}" -m"$streams" -D"$seconds" "$url/.well-known/agent-card.json" >"$work/$name.wrk"
    fi
    callgrind_control -d "$pid" >/dev/null 2>&1
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    local requests instructions failed
    if [ "$tool" = wrk ]; then
        requests=$(awk '/requests in/ {print $1}' "$work/$name.wrk")
        failed=$(grep -c 'Non-2xx or 3xx' "$work/$name.wrk" || true)
    else
        # "requests: N total, N started, N done, N succeeded, N failed, ..." and "status
        # codes: N 2xx, N 3xx, N 4xx, N 5xx"; h2load speaks HTTP/1.1 to a TLS server that does
        # not pick h2 by ALPN, which its "Application protocol:" line says.
        requests=$(awk '/^requests:/ {print $8}' "$work/$name.wrk")
        failed=$(awk '/^requests:/ {f += $10 + $12 + $14} /^status codes:/ {f += $7 + $9}
                      END {print f + 0}' "$work/$name.wrk")
        grep -Eq '^Application protocol: h2c?$' "$work/$name.wrk" || failed='not HTTP/2'
    fi
    if [ "$failed" != 0 ] || [ "${requests:-0}" -le 0 ]; then
        echo "$name: some requests failed or answered an error" >&2
        cat "$work/$name.wrk" >&2
        exit 1
    fi
    instructions=$(callgrind_annotate "$(ls "$work/$name".*.1)" 2>/dev/null |
        awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    echo "$name $requests $instructions $((instructions / requests))"
}

if [ "$tls" != only ]; then
    count bare "" -- "$target_dir/release/examples/bare_server" 127.0.0.1:0 >"$work/bare"
    count layer "" -- "$target_dir/release/a2a-card" serve --addr 127.0.0.1:0 >"$work/layer"
    # The demo card's ETag, for the 304 run (the same in every process).
    "$target_dir/release/a2a-card" serve --addr 127.0.0.1:0 >"$work/probe.out" 2>"$work/probe.err" &
    probe=$!
    for _ in $(seq 1 100); do grep -q '^listening on ' "$work/probe.out" && break; sleep 0.1; done
    etag=$(curl -s -D - -o /dev/null "$(sed -n 's/^listening on //p' "$work/probe.out")/.well-known/agent-card.json" |
        tr -d '\r' | awk -F': ' 'tolower($1)=="etag" {print $2}')
    kill "$probe"
    count layer_304 "If-None-Match: $etag" -- "$target_dir/release/a2a-card" serve --addr 127.0.0.1:0 >"$work/layer_304"
fi
if [ "$tls" != 0 ]; then
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=127.0.0.1 \
        -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
    serve_tls=("$target_dir/release/a2a-card" serve --addr 127.0.0.1:0 --tls-cert "$work/cert.pem" --tls-key "$work/key.pem")
    count tls_h1 "" -- "${serve_tls[@]}" >"$work/tls_h1"
    LOAD=h2load count tls_h2 "" -- "${serve_tls[@]}" >"$work/tls_h2"
    LOAD=h2load count h2c "" -- "$target_dir/release/a2a-card" serve --addr 127.0.0.1:0 >"$work/h2c"
fi

printf '%s UTC, commit %s\n' "$(date -u '+%Y-%m-%d %H:%M:%S')" "$(git rev-parse --short HEAD)"
if [ "$tls" != only ]; then
    read -r _ _ _ bare < "$work/bare"
    printf '\n'
    printf '| server (callgrind, wrk -t1 -c%s, %ss) | requests | instructions per request | ratio to bare |\n' "$connections" "$seconds"
    printf '|---|---|---|---|\n'
    for name in bare layer layer_304; do
        read -r _ requests _ per < "$work/$name"
        label=$name
        case $name in
            bare) label="bare hyper, same bytes and headers (baseline)" ;;
            layer) label="a2a-card serve, 200" ;;
            layer_304) label="a2a-card serve, 304 (If-None-Match)" ;;
        esac
        printf '| %s | %s | %s | %.2f |\n' "$label" "$requests" "$per" "$(awk -v a="$per" -v b="$bare" 'BEGIN { print a / b }')"
    done
fi
if [ "$tls" != 0 ]; then
    printf '\n| a2a-card serve (callgrind, %s connections, %ss) | requests | instructions per request |\n' "$connections" "$seconds"
    printf '|---|---|---|\n'
    for name in tls_h1 tls_h2 h2c; do
        read -r _ requests _ per < "$work/$name"
        case $name in
            tls_h1) label="HTTP/1.1 over TLS 1.3 (wrk)" ;;
            tls_h2) label="h2 over TLS 1.3 (h2load, $streams streams per connection)" ;;
            h2c) label="h2c, prior knowledge (h2load, $streams streams per connection)" ;;
        esac
        printf '| %s | %s | %s |\n' "$label" "$requests" "$per"
    done
fi
