#!/usr/bin/env bash
# Runs the pre-commit hook of .pre-commit-hooks.yaml with pre-commit itself (`try-repo` on
# this checkout) in a fresh git repository: a valid agent-card.json passes, an invalid
# agent.json fails the commit's check, and other JSON files are not validated. .ci/run runs it.
#
#   bash scripts/test-pre-commit.sh    (after scripts/package-python.sh: the wheel's command)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

PRE_COMMIT_VERSION=4.7.0
# The target directory: CARGO_TARGET_DIR when set (absolute, or relative to the repository), as
# for scripts/package-python.sh.
target_dir=${CARGO_TARGET_DIR:-target}
case "$target_dir" in /*) ;; *) target_dir="$repo/$target_dir" ;; esac
work="$target_dir/packaging"
tools="$work/pre-commit-venv"
[ -x "$tools/bin/python" ] || python3 -m venv "$tools"
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check "pre-commit==$PRE_COMMIT_VERSION"

# The command as a user of the hook has it: on PATH, from the wheel scripts/package-python.sh
# installed; without that environment, A2A_CARD_BINARY or the debug build.
if [ -z "${A2A_CARD_BINARY:-}" ] && [ -x "$work/wheel-venv/bin/a2a-card" ]; then
    export PATH="$work/wheel-venv/bin:$PATH"
else
    export A2A_CARD_BINARY="${A2A_CARD_BINARY:-$target_dir/debug/a2a-card}"
fi
# pre-commit's cache (the hook repository's clone) stays inside the target directory.
export PRE_COMMIT_HOME="$work/pre-commit-home"

project="$work/pre-commit-project"
rm -rf "$project"
mkdir -p "$project/.well-known"
cp cli/demo-card.json "$project/.well-known/agent-card.json"
printf '{"name": "Agent"}\n' >"$project/agent.json"
printf '{"not": "a card"}\n' >"$project/package.json"
cd "$project"
git init --quiet
git add .well-known/agent-card.json package.json
try() { "$tools/bin/pre-commit" try-repo "$repo" a2a-card-validate --color never "$@"; }
# Only the valid card and a JSON file the hook does not take are staged: it passes.
try
# With the invalid card staged the hook fails, naming the file and the missing fields.
git add agent.json
out=$(try 2>&1) && { echo "$out"; echo "the hook passed an invalid card" >&2; exit 1; }
echo "$out"
grep -q 'agent.json: invalid' <<<"$out"
grep -q 'A2A-E010 /description' <<<"$out"
if grep -q 'package.json' <<<"$out"; then
    echo "the hook validated package.json" >&2
    exit 1
fi
# A name the old, unanchored pattern took (useragent.json) is not a card: not validated.
git reset --quiet agent.json
printf '{"name": "Agent"}\n' >useragent.json
git add useragent.json
out=$(try 2>&1) || { echo "$out"; echo "the hook validated useragent.json" >&2; exit 1; }
# A staged card in a folder named like an option (-h/agent-card.json) is validated as a
# file, never read as an option (help printed and exit 0).
mkdir -p -- -h
printf '{"name": "Agent"}\n' >-h/agent-card.json
git add -- -h/agent-card.json
out=$(try 2>&1) && { echo "$out"; echo "the hook passed -h/agent-card.json" >&2; exit 1; }
grep -q -- '-h/agent-card.json: invalid' <<<"$out" || { echo "$out"; exit 1; }
echo "the pre-commit hook passes a valid card and fails an invalid one, whatever its name"
