#!/usr/bin/env bash
# Soak tests (tests/soak.rs), one after the other, each for SECONDS (after a short warm-up)
# under CLIENTS concurrent keep-alive clients (GET, conditional GET, HEAD):
#  - `a2a-card serve CARD --watch` with the card file rewritten every few milliseconds, valid
#    cards alternating with invalid ones (the watcher sees about five swaps a second);
#  - the layer in process, a thread calling `CardHandle::replace` as fast as it can (thousands
#    of swaps a second), valid cards alternating with invalid ones, tenants' cards added,
#    replaced and removed.
# Each fails on any failed request, an ETag that does not match its body, an invalid card
# served, a Last-Modified in the future, or resident memory growing by more than its bound
# (20 MiB for the server process, 8 MiB for the in-process soak); each prints a summary table.
# The server of the first is killed by its pid when the test ends.
#
#   bash scripts/soak.sh [SECONDS] [CLIENTS]      (defaults: 60 seconds, 32 clients)
set -euo pipefail
cd "$(dirname "$0")/.."
export SOAK_SECONDS="${1:-60}"
export SOAK_CLIENTS="${2:-32}"
exec cargo test --release --all-features --test soak -- --ignored --nocapture --test-threads=1
