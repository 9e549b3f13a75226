#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), with its inputs as environment variables, so
# it runs (and is tested: cli/tests/ci_formats.rs) outside GitHub too:
#
#   A2A_COMMAND        validate (default) or check
#   A2A_FILES          validate: paths or bash globs (`**` included), separated by blanks
#   A2A_URL            check: the agent's base URL
#   A2A_PROFILE        validate: spec (default) or registry
#   A2A_ARGS           more arguments, split on blanks
#   A2A_SARIF_FILE     where the SARIF log goes (default a2a-card.sarif)
#   A2A_ANNOTATIONS    true (default): also print `::error file=...` annotations
#   A2A_FAIL_ON_ERROR  true (default): exit with the command's code; false: exit 0
#   A2A_CARD_BINARY    the binary; default `a2a-card` on PATH, else one built from this
#                      repository with cargo (the action's own source)
#   GITHUB_OUTPUT      where `sarif-file=` and `exit-code=` are written (when set)
set -euo pipefail

command=${A2A_COMMAND:-validate}
sarif=${A2A_SARIF_FILE:-a2a-card.sarif}
source "$(dirname "${BASH_SOURCE[0]}")/find-binary.sh"
binary=$(a2a_card_binary)

read -r -a extra <<<"${A2A_ARGS:-}"
# The command and its options, then `--`, then the operands (file names or the URL): a file
# name that starts with `-` (`-h/agent-card.json`) is a name, never an option, and a name
# holding a newline never reaches an argument parser that would echo it back.
case "$command" in
validate)
    patterns=()
    while read -r -a words; do
        patterns+=("${words[@]}")
    done <<<"${A2A_FILES:-**/agent-card.json **/.well-known/agent.json}"
    # Each word is a path or a glob (`**` spans folders, `.well-known` included); a glob
    # that matches nothing adds nothing, a path that does not exist is reported unreadable.
    shopt -s globstar nullglob dotglob
    operands=()
    for pattern in "${patterns[@]}"; do
        # shellcheck disable=SC2206
        matched=($pattern)
        operands+=(${matched[@]+"${matched[@]}"})
    done
    shopt -u globstar nullglob dotglob
    if [ "${#operands[@]}" -eq 0 ]; then
        echo "::error::no file matches the files input"
        exit 2
    fi
    args=(validate --profile "${A2A_PROFILE:-spec}" ${extra[@]+"${extra[@]}"})
    ;;
check)
    if [ -z "${A2A_URL:-}" ]; then
        echo "::error::the check command needs the url input"
        exit 64
    fi
    args=(check ${extra[@]+"${extra[@]}"})
    operands=("$A2A_URL")
    ;;
*)
    echo "::error::command must be validate or check, not $command"
    exit 64
    ;;
esac

code=0
mkdir -p "$(dirname "$sarif")"
"$binary" "${args[@]}" --format sarif -- "${operands[@]}" >"$sarif" || code=$?
# A run that says it succeeded must have written a SARIF log: anything else (help text, an
# empty file) is a failure, never exit code 0.
if [ "$code" -eq 0 ] && ! grep -q '"runs"' "$sarif"; then
    echo "::error::a2a-card ${args[0]} wrote no SARIF log to the sarif-file"
    code=2
fi
if [ "${A2A_ANNOTATIONS:-true}" = true ]; then
    # The annotations are stdout's workflow commands; the exit code is the SARIF run's.
    "$binary" "${args[@]}" --format github -- "${operands[@]}" || true
fi
echo "a2a-card ${args[0]}: exit code $code, SARIF log in $sarif"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "sarif-file=$sarif"
        echo "exit-code=$code"
    } >>"$GITHUB_OUTPUT"
fi
if [ "${A2A_FAIL_ON_ERROR:-true}" = true ]; then
    exit "$code"
fi
