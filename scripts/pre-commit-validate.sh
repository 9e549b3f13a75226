#!/usr/bin/env bash
# The pre-commit hook `a2a-card-validate` (.pre-commit-hooks.yaml): validates the staged
# Agent Card files pre-commit passes, with `a2a-card` from PATH (pip install a2a-card, npm,
# cargo install a2a-card-cli) or, without one, built once from the hook's own clone.
#
# pre-commit appends the file names after the hook's `args` (`--profile registry`), with
# nothing between them, and a file name may look like an option (`-h/agent-card.json`,
# `--format=json/agent.json`). So the arguments are split here: one naming an existing
# regular file is a file and goes after `--`, where the command reads it as a name whatever
# it starts with; any other is an option. An option's value that happens to name a file
# (`--profile registry` beside a file called `registry`) becomes a file, and the command then
# fails with a usage error: the hook fails rather than passes. Give option values in the
# `--name=value` form to rule that out.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/find-binary.sh"
binary=$(a2a_card_binary)
options=()
files=()
for argument in "$@"; do
    if [ -f "$argument" ]; then
        files+=("$argument")
    else
        options+=("$argument")
    fi
done
exec "$binary" validate ${options[@]+"${options[@]}"} -- ${files[@]+"${files[@]}"}
