#!/usr/bin/env bash
# Soak test: `a2a-card serve CARD --watch` under CLIENTS concurrent keep-alive clients for
# SECONDS (after a short warm-up), with the card file rewritten every few milliseconds,
# valid cards alternating with invalid ones. Fails on any failed request, an ETag that does
# not match its body, an invalid card served, or resident memory growing by more than
# 20 MiB; prints a summary table. The server is killed by its pid when the test ends.
#
#   bash scripts/soak.sh [SECONDS] [CLIENTS]      (defaults: 60 seconds, 32 clients)
set -euo pipefail
cd "$(dirname "$0")/.."
export SOAK_SECONDS="${1:-60}"
export SOAK_CLIENTS="${2:-32}"
exec cargo test --release --all-features --test soak -- --ignored --nocapture
