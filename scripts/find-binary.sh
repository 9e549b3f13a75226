# Sourced by scripts/action.sh (the GitHub Action) and scripts/pre-commit-validate.sh (the
# pre-commit hook): which `a2a-card` to run.
#
# a2a_card_binary: prints A2A_CARD_BINARY when set, else `a2a-card` when it is on PATH (pip,
# npm or cargo installed it), else builds the command from this repository's source with
# cargo (release, once: later runs find it built) and prints where it is.
a2a_card_binary() {
    if [ -n "${A2A_CARD_BINARY:-}" ]; then
        echo "$A2A_CARD_BINARY"
    elif command -v a2a-card >/dev/null; then
        echo a2a-card
    else
        local repo
        repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
        echo "a2a-card is not on PATH: building it from $repo (cargo, release)" >&2
        cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" \
            -p a2a-card-cli --bin a2a-card >&2
        echo "$repo/target/release/a2a-card"
    fi
}
