#!/usr/bin/env bash
# Builds the fuzz targets and runs each for a bounded time: fuzz/run.sh [SECONDS] [TARGET...]
# (default 60 seconds each, every target). Prints a table of executions per target and
# exits non-zero when a target crashed, naming the input that crashed it (reproduce with
# `fuzz/target/<host>/release/<target> <that file>`).
#
# Why no `cargo fuzz`: cargo-fuzz is one more tool to install (and build) on every fresh
# CI machine, and with `--sanitizer none` (the only choice on a stable toolchain) all it adds
# is these RUSTFLAGS. They are the ones cargo-fuzz passes: SanitizerCoverage with inline
# 8-bit counters, the PC table and comparison tracing, which is what libFuzzer's coverage
# guidance reads. Building for an explicit --target keeps them off build scripts and proc
# macros, as cargo-fuzz does. The crate has cargo-fuzz's layout (`cargo fuzz run TARGET -s none`
# should work as well; not tried here).
#
# Corpora: fuzz/corpus/TARGET holds the hand-made seeds (committed, read only here); what the
# fuzzer finds goes to fuzz/target/corpus/TARGET (not committed) and is reused by later runs.
# Crash inputs are written to fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
shift || true
all=(etag_lists http_dates conditional content_coding card_pipeline jwt jsonrpc_peek auth_file)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares \
 --cfg fuzzing"
build_start=$SECONDS
bins=()
for t in "${targets[@]}"; do bins+=(--bin "$t"); done
cargo build --release --locked --target "$host" "${bins[@]}"
echo "built in $((SECONDS - build_start)) s"

mkdir -p target/logs
failed=0
rows=()
for t in "${targets[@]}"; do
    mkdir -p "target/corpus/$t" "artifacts/$t"
    log="target/logs/$t.log"
    start=$SECONDS
    status=0
    "target/$host/release/$t" "target/corpus/$t" "corpus/$t" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || status=$?
    took=$((SECONDS - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' "$log" | tail -1)
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        failed=1
        crash=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
        result="CRASH ${crash:-(see fuzz/$log)}"
        echo "== $t failed (exit $status); the end of fuzz/$log:" >&2
        tail -40 "$log" >&2
    fi
    rows+=("$(printf '%-14s %6s %12s %9s %6s  %s' "$t" "${took}s" "${execs:-?}" "${rate:-?}" "${cov:-?}" "$result")")
done

printf '\n%-14s %6s %12s %9s %6s  %s\n' target time executions "execs/s" cov result
printf '%s\n' "${rows[@]}"
exit "$failed"
