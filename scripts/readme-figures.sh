#!/usr/bin/env bash
# The README's test figures (README.md, between `<!-- test-figures -->` and
# `<!-- /test-figures -->`): made from a run of the README's test command, and checked against
# CI's own run so that they cannot drift. The one place that reads `cargo test` output.
#
#   bash scripts/readme-figures.sh                runs `cargo test --all-features` under
#                                                 /usr/bin/time (12 minutes or more on 2 cores),
#                                                 then rewrites the block from that run
#   bash scripts/readme-figures.sh --write LOG    rewrites the block from a run made before:
#                                                 LOG is its output, LOG.facts what the run
#                                                 mode noted (wall time, date, commit, machine)
#   bash scripts/readme-figures.sh --check LOG    compares the counts in LOG (the output of
#                                                 `cargo test --all-features`, as .ci/run keeps
#                                                 it) with the block's; fails on a difference
#
# `--readme FILE` before the mode names another README (scripts/test-readme-figures.sh uses it).
# The counts are the sums of every `test result:` line (each test binary and each crate's doc
# tests): passed, failed, ignored; with the number of test binaries (cargo's `Running` lines)
# and doc-test runs (`Doc-tests` lines). Counts do not change from run to run of one commit;
# times do (the machine's load), so only the counts are checked.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
readme="$repo/README.md"
begin_marker='<!-- test-figures -->'
end_marker='<!-- /test-figures -->'
refresh_command='bash scripts/readme-figures.sh'

die() {
    echo "readme-figures: $*" >&2
    exit 1
}

# counts LOG: prints "passed failed ignored binaries doctests" summed over LOG.
counts() {
    awk '
        # Only the lines cargo and the test harness write, as they write them: a child
        # process of a test (pip, npm) may print a line of its own starting with "Running".
        /^test result: (ok|FAILED)\. [0-9]+ passed; [0-9]+ failed; [0-9]+ ignored;/ {
            results++
            for (i = 1; i <= NF; i++) {
                word = $(i + 1)
                sub(/[;,.]$/, "", word)
                if (word == "passed") passed += $i
                else if (word == "failed") failed += $i
                else if (word == "ignored") ignored += $i
            }
        }
        /^     Running (unittests )?[^ ]+ \(.+\)$/ { binaries++ }
        /^   Doc-tests [A-Za-z0-9_]+$/ { doctests++ }
        END {
            if (results == 0) exit 3
            printf "%d %d %d %d %d\n", passed, failed, ignored, binaries, doctests
        }
    ' "$1" || die "no \`test result:\` line in $1: not the output of cargo test"
}

# thousands 1501: 1,501
thousands() {
    sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta' <<<"$1"
}

# counts_sentence "passed failed ignored binaries doctests": the sentence the block states the
# counts in, and that readme_counts reads back (keep the two in step).
counts_sentence() {
    local passed failed ignored binaries doctests
    read -r passed failed ignored binaries doctests <<<"$1"
    printf '**%s passed**, %s failed, %s ignored, from %s test binaries and %s doc-test runs' \
        "$(thousands "$passed")" "$failed" "$ignored" "$binaries" "$doctests"
}

# readme_counts: the counts the README's block states, as counts prints them.
readme_counts() {
    local block sentence
    block=$(awk -v b="$begin_marker" -v e="$end_marker" '
        $0 == b { inside = 1; next }
        $0 == e { inside = 0 }
        inside
    ' "$readme")
    [ -n "$block" ] || die "$readme has no figures block ($begin_marker ... $end_marker)"
    sentence=$(tr '\n' ' ' <<<"$block" |
        grep -oE '\*\*[0-9,]+ passed\*\*, [0-9]+ failed, [0-9]+ ignored, from [0-9]+ test binaries and [0-9]+ doc-test runs' |
        head -1) ||
        die "the figures block of $readme does not state the counts as this script writes them (\"**N passed**, N failed, N ignored, from N test binaries and N doc-test runs\"): rewrite it with $refresh_command"
    tr -d ',*' <<<"$sentence" |
        sed -E 's/^([0-9]+) passed ([0-9]+) failed ([0-9]+) ignored from ([0-9]+) test binaries and ([0-9]+) doc-test runs$/\1 \2 \3 \4 \5/'
}

check() {
    local log=$1 ran said
    [ -f "$log" ] || die "no log $log"
    ran=$(counts "$log")
    said=$(readme_counts)
    if [ "$ran" != "$said" ]; then
        {
            echo "readme-figures: README.md's test figures do not match this run ($log):"
            echo "  README.md says: $(counts_sentence "$said" | tr -d '*')"
            echo "  the run gave:   $(counts_sentence "$ran" | tr -d '*')"
            echo "Refresh the block from a run of the tests (12 minutes or more on 2 cores) and commit it:"
            echo "  $refresh_command"
        } >&2
        exit 1
    fi
    echo "README.md's test figures match the run: $(counts_sentence "$ran" | tr -d '*')"
}

# duration 353.2: "5 min 53 s"
duration() {
    awk -v s="$1" 'BEGIN {
        s = int(s + 0.5)
        if (s >= 60) printf "%d min %d s", s / 60, s % 60
        else printf "%d s", s
    }'
}

# size BYTES: "3.7 GB" or "250 MB"
size() {
    awk -v b="$1" 'BEGIN {
        if (b >= 1e9) printf "%.1f GB", b / 1e9
        else printf "%d MB", b / 1e6 + 0.5
    }'
}

bytes_of() {
    if [ -e "$1" ]; then du -sb "$1" | cut -f1; else echo 0; fi
}

# build_seconds LOG: how long cargo took to its first `Finished` line (the test binaries
# compiled), from that line: "in 2m 55s" or "in 41.07s"; empty when absent.
build_seconds() {
    sed -nE '/^ *Finished /{
        s/.* in ([0-9]+)h ([0-9]+)m ([0-9]+)s$/\1 \2 \3/p
        t done
        s/.* in ([0-9]+)m ([0-9]+)s$/0 \1 \2/p
        t done
        s/.* in ([0-9.]+)s$/0 0 \1/p
        :done
        q
    }' "$1" | awk 'NF == 3 { print $1 * 3600 + $2 * 60 + $3 }'
}

# write LOG: rewrites the README's block from LOG and LOG.facts.
write() {
    local log=$1 facts="$1.facts" ran target_dir wall built date commit cores load before
    [ -f "$log" ] || die "no log $log"
    [ -f "$facts" ] || die "no $facts: --write takes a log the run mode made (bash scripts/readme-figures.sh)"
    grep -qxF "$begin_marker" "$readme" && grep -qxF "$end_marker" "$readme" ||
        die "$readme has no figures block ($begin_marker ... $end_marker)"
    ran=$(counts "$log")
    fact() { sed -n "s/^$1=//p" "$facts"; }
    wall=$(fact wall)
    date=$(fact date)
    commit=$(fact commit)
    cores=$(fact cores)
    load=$(fact load)
    before=$(fact target_before)
    target_dir=$(fact target_dir)
    built=$(build_seconds "$log")

    local timing="**$(duration "$wall")** wall time"
    if [ -n "$built" ]; then
        timing+=", of which $(duration "$built") compiling up to cargo's \`Finished\` line and the rest"
        timing+=" running the tests (doc tests compiled as they run, and on a first run the"
        timing+=" interop tests' installs of the Python and npm peers)"
    fi
    local start_state="with \`target/\` empty at the start"
    [ "$before" -gt 0 ] && start_state="with \`target/\` at $(size "$before") at the start"
    local total deps incremental tmp
    total=$(bytes_of "$target_dir")
    deps=$(bytes_of "$target_dir/debug/deps")
    incremental=$(bytes_of "$target_dir/debug/incremental")
    tmp=$(bytes_of "$target_dir/tmp")

    # One paragraph, wrapped at 96 columns like the README around it (readme_counts reads the
    # counts sentence across line breaks).
    local block
    block=$(
        echo "$begin_marker"
        {
        echo "Measured $date at commit $commit on a $cores-core machine (\`nproc\`;"
        echo "load average $load at the start), \`/usr/bin/time cargo test --all-features\` $start_state:"
        echo "$(counts_sentence "$ran");"
        echo "$timing; \`target/\` ends at **$(size "$total")** ($(size "$deps") of test binaries and"
        echo "their libraries in \`debug/deps\`, $(size "$incremental") of incremental state, $(size "$tmp") in \`tmp/\`, the peers)."
        echo "Timings vary with the machine and its load (other builds at the same time slow them"
        echo "down); the counts do not, and \`.ci/run\` fails when they differ from its own run."
        echo "Written by \`$refresh_command\`, which runs the tests and rewrites these lines."
        } | paste -sd" " - | fmt -w 96
        echo "$end_marker"
    )
    local tmp_readme
    tmp_readme=$(mktemp "$readme.XXXXXX")
    awk -v b="$begin_marker" -v e="$end_marker" -v block="$block" '
        $0 == b { print block; skipping = 1; next }
        $0 == e { skipping = 0; next }
        !skipping
    ' "$readme" >"$tmp_readme"
    mv "$tmp_readme" "$readme"
    echo "rewrote the test figures of $readme: $(counts_sentence "$ran" | tr -d '*')"
}

# run: the README's test command under /usr/bin/time, its output in LOG, then write.
run() {
    local target_dir=${CARGO_TARGET_DIR:-$repo/target}
    local out="$target_dir/readme-figures"
    local scratch log before started wall
    before=$(bytes_of "$target_dir")
    # The log waits in a scratch folder until the run is over: on a fresh clone, making
    # target/ before cargo does would leave it without the CACHEDIR.TAG that cargo writes into
    # a target directory it creates, by which the tests' helpers find their scratch space.
    scratch=$(mktemp -d)
    log="$scratch/test.log"
    {
        echo "target_dir=$target_dir"
        echo "target_before=$before"
        echo "date=$(date -u +%Y-%m-%d)"
        echo "commit=$(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- . ':!README.md' || echo ' with uncommitted changes')"
        echo "cores=$(nproc)"
        echo "load=$(cut -d' ' -f1 /proc/loadavg)"
    } >"$log.facts"
    echo "readme-figures: cargo test --all-features (output in $log, then in $out)"
    started=$(date +%s)
    cd "$repo"
    # pipefail: a failing test ends the script here and the README keeps its figures.
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%e' -o "$scratch/wall" cargo test --all-features 2>&1 | tee "$log"
        wall=$(tail -1 "$scratch/wall")
    else
        cargo test --all-features 2>&1 | tee "$log"
        wall=$(($(date +%s) - started))
    fi
    echo "wall=$wall" >>"$log.facts"
    write "$log"
    mkdir -p "$out"
    cp "$log" "$log.facts" "$out/"
    rm -rf "$scratch"
}

if [ "${1:-}" = --readme ]; then
    readme=$2
    shift 2
fi
case "${1:-}" in
"") run ;;
--write) write "${2:?--write LOG}" ;;
--check) check "${2:?--check LOG}" ;;
*) die "unknown argument $1 (no argument, --write LOG or --check LOG; see the script's head)" ;;
esac
