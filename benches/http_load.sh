#!/usr/bin/env bash
# HTTP load: `a2a-card serve` against a bare hyper server that returns the same bytes and
# headers (benches/bare_server.rs), on the same machine, in alternating runs, so both see
# the same noise. Prints requests/s and server CPU time per request, and their ratios.
#
#   bash benches/http_load.sh [SECONDS_PER_RUN] [ROUNDS]
#
# Environment: CONNECTIONS (default 32), THREADS (wrk threads, default 1).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-5}
rounds=${2:-3}
connections=${CONNECTIONS:-32}
threads=${THREADS:-1}

if ! command -v wrk >/dev/null; then
    echo "installing wrk (Debian package)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
fi
cargo build --release --quiet --bin a2a-card --example bare_server

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

start bare target/release/examples/bare_server 127.0.0.1:0
start layer target/release/a2a-card serve --addr 127.0.0.1:0

ticks_per_second=$(getconf CLK_TCK)
# CPU time (user + system) of a process so far, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# run NAME URL [HEADER]: one wrk run; appends "requests seconds cpu_ticks" to NAME.runs.
run() {
    local name=$1 url=$2 header=${3:-}
    local pid_var="${name%%_*}_pid"
    local pid=${!pid_var}
    local before after
    before=$(cpu_ticks "$pid")
    local args=(-t"$threads" -c"$connections" -d"${seconds}s")
    [ -n "$header" ] && args+=(-H "$header")
    wrk "${args[@]}" "$url/.well-known/agent-card.json" >"$work/wrk.txt"
    after=$(cpu_ticks "$pid")
    local requests
    requests=$(awk '/requests in/ {print $1}' "$work/wrk.txt")
    if grep -q 'Non-2xx or 3xx' "$work/wrk.txt"; then
        echo "$name: some responses were errors" >&2
        cat "$work/wrk.txt" >&2
        exit 1
    fi
    echo "$requests $seconds $((after - before))" >>"$work/$name.runs"
}

etag=$(curl -s -D - -o /dev/null "$layer_url/.well-known/agent-card.json" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag" {print $2}')
echo "wrk: $threads thread(s), $connections connections, ${seconds}s per run, $rounds rounds, alternating" >&2
for round in $(seq 1 "$rounds"); do
    echo "round $round/$rounds" >&2
    run bare "$bare_url"
    run layer "$layer_url"
    run layer_304 "$layer_url" "If-None-Match: $etag"
done

summary() {
    awk -v tps="$ticks_per_second" '
        { requests += $1; seconds += $2; ticks += $3 }
        END { printf "%.0f %.2f\n", requests / seconds, (ticks / tps) * 1e6 / requests }
    ' "$work/$1.runs"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'; }
read -r bare_rps bare_cpu < <(summary bare)
read -r layer_rps layer_cpu < <(summary layer)
read -r l304_rps l304_cpu < <(summary layer_304)

printf '\n| server | requests/s | ratio to bare | server CPU per request | ratio to bare |\n'
printf '|---|---|---|---|---|\n'
printf '| bare hyper, same bytes (baseline) | %s | 1.00 | %s µs | 1.00 |\n' "$bare_rps" "$bare_cpu"
printf '| a2a-card serve, 200 | %s | %.2f | %s µs | %.2f |\n' "$layer_rps" \
    "$(ratio "$layer_rps" "$bare_rps")" "$layer_cpu" "$(ratio "$layer_cpu" "$bare_cpu")"
printf '| a2a-card serve, 304 (If-None-Match) | %s | %.2f | %s µs | %.2f |\n' "$l304_rps" \
    "$(ratio "$l304_rps" "$bare_rps")" "$l304_cpu" "$(ratio "$l304_cpu" "$bare_cpu")"
