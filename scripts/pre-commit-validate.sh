#!/usr/bin/env bash
# The pre-commit hook `a2a-card-validate` (.pre-commit-hooks.yaml): validates the staged
# Agent Card files pre-commit passes, with `a2a-card` from PATH (pip install a2a-card, npm,
# cargo install a2a-card-cli) or, without one, built once from the hook's own clone.
# Extra hook `args` (`--profile registry`) come before the files.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/find-binary.sh"
binary=$(a2a_card_binary)
exec "$binary" validate "$@"
