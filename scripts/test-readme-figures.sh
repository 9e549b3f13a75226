#!/usr/bin/env bash
# Tests scripts/readme-figures.sh on sample `cargo test` logs and a sample README, without
# running any test suite: the counts are summed from every `test result:` line, a block written
# from a log passes the check of that log, and a log whose counts differ fails with what the
# README says, what the run gave and the command that refreshes the block. .ci/run runs it.
#
#   bash scripts/test-readme-figures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
figures="$PWD/scripts/readme-figures.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() {
    echo "test-readme-figures: $*" >&2
    exit 1
}

# sample_log FILE PASSED_OF_LAST_BINARY IGNORED_OF_LAST_BINARY: two test binaries and one
# doc-test run, as cargo prints them (stderr and stdout together), and lines a test's child
# process (pip, a peer) printed, which count for nothing.
sample_log() {
    cat >"$1" <<LOG
   Compiling a2a-card v0.1.0 (/repo)
    Finished \`test\` profile [unoptimized + debuginfo] target(s) in 2m 05s
     Running unittests src/lib.rs (target/debug/deps/a2a_card-0123456789abcdef)

running 1200 tests
test card::tests::reads ... ok
test result: ok. 1200 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 3.21s

     Running tests/serve_http.rs (target/debug/deps/serve_http-0123456789abcdef)

running $(($2 + $3)) tests
  Running setup.py install for a-peer: started
Running the peer
test result: is what the peer printed
test result: ok. $2 passed; 0 failed; $3 ignored; 0 measured; 0 filtered out; finished in 1.05s

   Doc-tests a2a_card

running 301 tests
test result: ok. 301 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 40.00s

LOG
}

readme="$scratch/README.md"
cat >"$readme" <<'MD'
# Sample

Run the tests: `cargo test --all-features`.

<!-- test-figures -->
figures of an older run
<!-- /test-figures -->

What follows the block stays.
MD

# A block written from a run: the facts file is what the run mode notes beside its log.
mkdir -p "$scratch/target/debug/deps"
head -c 2000000 /dev/zero >"$scratch/target/debug/deps/a-test-binary"
sample_log "$scratch/run.log" 40 1
cat >"$scratch/run.log.facts" <<FACTS
target_dir=$scratch/target
target_before=0
date=2026-12-04
commit=abc1234
cores=2
load=1.50
wall=421.4
FACTS
bash "$figures" --readme "$readme" --write "$scratch/run.log" >/dev/null
# The block is wrapped; its phrases are looked for in its text as one line.
written=$(tr '\n' ' ' <"$readme")
grep -qF '**1,541 passed**, 0 failed, 3 ignored, from 2 test binaries and 1 doc-test runs' <<<"$written" ||
    fail "the written block does not state the summed counts: $(cat "$readme")"
grep -qF '**7 min 1 s** wall time, of which 2 min 5 s compiling' <<<"$written" ||
    fail "the written block does not state the wall and compile times: $(cat "$readme")"
grep -qF 'on a 2-core machine' <<<"$written" || fail "the written block does not name the cores"
grep -qF 'Timings vary' <<<"$written" || fail "the written block does not say that timings vary"
grep -qF '2 MB of test binaries' <<<"$written" || fail "the written block does not give target/'s parts"
grep -q 'older run' <<<"$written" && fail "the old block was kept"
grep -qF 'What follows the block stays.' "$readme" || fail "the text after the block was lost"
[ "$(grep -cxF '<!-- test-figures -->' "$readme")" = 1 ] || fail "the markers were not kept once"

# The same run passes the check.
bash "$figures" --readme "$readme" --check "$scratch/run.log" >"$scratch/out" 2>&1 ||
    fail "the check failed on the run the block was written from: $(cat "$scratch/out")"

# A run with one more test (and one fewer ignored) fails, saying both and how to refresh.
sample_log "$scratch/other.log" 42 0
status=0
bash "$figures" --readme "$readme" --check "$scratch/other.log" >"$scratch/out" 2>&1 || status=$?
[ "$status" = 1 ] || fail "the check exited $status on different counts: $(cat "$scratch/out")"
grep -qF 'README.md says: 1,541 passed, 0 failed, 3 ignored, from 2 test binaries and 1 doc-test runs' "$scratch/out" ||
    fail "the message does not say what the README says: $(cat "$scratch/out")"
grep -qF 'the run gave:   1,543 passed, 0 failed, 2 ignored, from 2 test binaries and 1 doc-test runs' "$scratch/out" ||
    fail "the message does not say what the run gave: $(cat "$scratch/out")"
grep -qF 'bash scripts/readme-figures.sh' "$scratch/out" ||
    fail "the message does not give the command that refreshes the block: $(cat "$scratch/out")"

# Output that is not cargo test's, and a README without the block, are refused.
echo "error: could not compile" >"$scratch/broken.log"
status=0
bash "$figures" --readme "$readme" --check "$scratch/broken.log" >"$scratch/out" 2>&1 || status=$?
[ "$status" = 1 ] && grep -q 'no `test result:` line' "$scratch/out" ||
    fail "a log without test results was not refused: $(cat "$scratch/out")"
echo "# no block" >"$scratch/bare.md"
status=0
bash "$figures" --readme "$scratch/bare.md" --check "$scratch/run.log" >"$scratch/out" 2>&1 || status=$?
[ "$status" = 1 ] && grep -q 'has no figures block' "$scratch/out" ||
    fail "a README without the block was not refused: $(cat "$scratch/out")"

# The repository's README has a block the check can read.
bash "$figures" --check "$scratch/run.log" >"$scratch/out" 2>&1 || true
grep -qE 'README.md says: [0-9,]+ passed|match the run' "$scratch/out" ||
    fail "README.md's block cannot be read: $(cat "$scratch/out")"

echo "readme-figures: the counts are summed, written, checked, and a difference is reported"
