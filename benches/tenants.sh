#!/usr/bin/env bash
# A host of many agents (issue 26): for each N, writes N tenant cards (benches/tenants_gen.py),
# starts `a2a-card serve main.json --tenants DIR --watch` (release build) and prints one row:
# time until "listening", RSS then, the AI Catalog's size (identity, gzip, br), idle CPU with
# --watch, the time for one tenant's edit to be served through --watch (p50/p99 over EDITS
# edits) and through the library handle (benches/tenants_swap.rs, p50/p99 over SWAPS swaps),
# and one tenant card's req/s (wrk) with no swaps and during a burst of swaps (a tenant's file
# edited every BURST_PERIOD s, each edit one swap and one new catalog).
#
#   benches/tenants.sh [N ...]          default: 100 1000 10000
#   EDITS=30 SWAPS=50 IDLE=20 WRK_SECONDS=10 BURST_PERIOD=0.25 benches/tenants.sh 1000
#
# Needs python3, curl and wrk (apt-get install -y wrk). Not part of the test run.
set -euo pipefail
cd "$(dirname "$0")/.."
NS=("${@:-100 1000 10000}")
[ $# -eq 0 ] && NS=(100 1000 10000)
EDITS=${EDITS:-30}
SWAPS=${SWAPS:-50}
IDLE=${IDLE:-20}
WRK_SECONDS=${WRK_SECONDS:-10}
BURST_PERIOD=${BURST_PERIOD:-0.25}
CARD=/.well-known/agent-card.json

cargo build --release -p a2a-card-cli --quiet
cargo bench --bench tenants_swap --features catalog --no-run --quiet 2>/dev/null
BIN=target/release/a2a-card
SWAP_BIN=$(ls -t target/release/deps/tenants_swap-* | grep -v '\.d$' | head -1)
TICKS=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
size() { curl -s -o /dev/null -w '%{size_download}' -H "Accept-Encoding: $2" "$1"; }

echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $(nproc) cores"
printf '| tenants | listening | RSS | catalog identity / gzip / br | idle CPU (--watch) | edit served, --watch p50 / p99 | swap, handle p50 / p99 | card req/s steady / during swaps (ratio) |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for N in "${NS[@]}"; do
    DIR=$(mktemp -d /tmp/a2a-tenants.XXXXXX)
    python3 benches/tenants_gen.py "$N" "$DIR"
    started=$(date +%s.%N)
    "$BIN" serve "$DIR/main.json" --tenants "$DIR/tenants" --watch --addr 127.0.0.1:0 \
        --catalog-base-url https://agents.example.com >"$DIR/stdout" 2>"$DIR/stderr" &
    PID=$!
    until grep -q listening "$DIR/stdout" 2>/dev/null; do
        kill -0 "$PID" 2>/dev/null || { cat "$DIR/stderr" >&2; exit 1; }
        sleep 0.05
    done
    listening=$(echo "$(date +%s.%N) - $started" | bc)
    ADDR=$(sed -n 's#.*listening on http://##p' "$DIR/stdout")
    rss=$(awk '/VmRSS/{print int($2/1024)}' "/proc/$PID/status")
    URL="http://$ADDR/.well-known/ai-catalog.json"
    identity=$(size "$URL" identity); gzip=$(size "$URL" gzip); br=$(size "$URL" br)
    # Idle: after the watcher's first look (it reads every file once), nothing changes.
    sleep 3
    before=$(cpu_ticks "$PID")
    sleep "$IDLE"
    idle=$(echo "scale=2; ($(cpu_ticks "$PID") - $before) * 100 / $TICKS / $IDLE" | bc)
    TENANT=$(printf 't%05d' $(( (N + 1) / 2 )))
    watch=$(python3 benches/tenants_gen.py --latency "$ADDR" "/$TENANT$CARD" \
        "$DIR/tenants/$TENANT.json" "$EDITS")
    target="http://$ADDR/t00001$CARD"
    steady=$(wrk -t1 -c8 -d"${WRK_SECONDS}s" "$target" | awk '/Requests\/sec/{print int($2)}')
    python3 benches/tenants_gen.py --burst "$DIR/tenants/$TENANT.json" "$BURST_PERIOD" \
        "$WRK_SECONDS" >"$DIR/burst" &
    swapping=$(wrk -t1 -c8 -d"${WRK_SECONDS}s" "$target" | awk '/Requests\/sec/{print int($2)}')
    wait $!
    swaps_done=$(grep -c "tenant $TENANT)" "$DIR/stderr" || true)
    kill "$PID"; wait "$PID" 2>/dev/null || true
    handle=$("$SWAP_BIN" "$DIR" "$SWAPS" | sed -n 's/.*p50 \([0-9.]*\) ms, p99 \([0-9.]*\) ms/\1 \2/p')
    ratio=$(echo "scale=2; $swapping / $steady" | bc)
    printf '| %s | %.1f s | %s MB | %s / %s / %s B | %s%% | %s ms | %s ms | %s / %s (%s) |\n' \
        "$N" "$listening" "$rss" "$identity" "$gzip" "$br" "$idle" \
        "$(echo "$watch" | sed 's# # / #')" "$(echo "$handle" | sed 's# # / #')" \
        "$steady" "$swapping" "$ratio"
    echo "  (N=$N: $(cat "$DIR/burst") edits during the burst, $swaps_done reloads of $TENANT logged in all)" >&2
    rm -rf "$DIR"
done
