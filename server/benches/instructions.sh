#!/usr/bin/env bash
# Instructions per request, counted by valgrind's callgrind: `a2a-card serve` against the bare
# hyper server of server/benches/bare_server.rs (same bytes, same headers), each under wrk for a
# fixed time. Unlike the load script's times, instruction counts do not depend on what else
# the machine is doing, so they show a change in the per-request cost on a busy machine too.
# They count user-space instructions only (the kernel's share of a request, its system calls,
# is the same for both servers: one recv and one writev per request here).
#
#   bash server/benches/instructions.sh [SECONDS]
#
# Environment: CONNECTIONS (default 8). Needs valgrind and wrk (installed from Debian's
# packages when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-10}
connections=${CONNECTIONS:-8}

install() {
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq "$@" >/dev/null; else sudo apt-get install -y -qq "$@" >/dev/null; fi
}
command -v wrk >/dev/null || install wrk
command -v valgrind >/dev/null || install valgrind
cargo build --release --quiet -p a2a-card-cli -p a2a-card-server --bin a2a-card --example bare_server
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# count NAME [HEADER] -- COMMAND...: prints "NAME requests instructions per-request".
count() {
    local name=$1 header=$2
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
    local args=(-t1 -c"$connections" -d"${seconds}s")
    [ -n "$header" ] && args+=(-H "$header")
    wrk "${args[@]}" "$url/.well-known/agent-card.json" >"$work/$name.wrk"
    callgrind_control -d "$pid" >/dev/null 2>&1
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    if grep -q 'Non-2xx or 3xx' "$work/$name.wrk"; then
        echo "$name: some responses were errors" >&2
        exit 1
    fi
    local requests instructions
    requests=$(awk '/requests in/ {print $1}' "$work/$name.wrk")
    instructions=$(callgrind_annotate "$(ls "$work/$name".*.1)" 2>/dev/null |
        awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    echo "$name $requests $instructions $((instructions / requests))"
}

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

read -r _ _ _ bare < "$work/bare"
printf '%s UTC, commit %s\n\n' "$(date -u '+%Y-%m-%d %H:%M:%S')" "$(git rev-parse --short HEAD)"
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
