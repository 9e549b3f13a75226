# Sourced by scripts/package-python.sh and scripts/package-npm.sh: checks that an installed
# `a2a-card` command (the wheel's in a fresh venv, `npx a2a-card` in a fresh npm project)
# validates, signs and verifies a card, and passes exit codes through.
#
#   installed_smoke WORKDIR COMMAND...     (COMMAND: `venv/bin/a2a-card`, or `npx a2a-card`)

# expect_exit CODE COMMAND...: runs COMMAND and fails unless it exits with CODE.
expect_exit() {
    local want=$1 got=0
    shift
    "$@" >/dev/null || got=$?
    if [ "$got" != "$want" ]; then
        echo "\`$*\` exited $got, expected $want" >&2
        return 1
    fi
}

installed_smoke() {
    local dir=$1
    shift
    local repo
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    mkdir -p "$dir"
    cp "$repo/cli/demo-card.json" "$dir/agent-card.json"
    printf '{"name": "Agent"}\n' >"$dir/broken.json"
    (
        cd "$dir"
        set -x
        "$@" --version
        "$@" validate agent-card.json
        expect_exit 1 "$@" validate broken.json
        "$@" validate --format sarif agent-card.json >card.sarif
        grep -q '"version": "2.1.0"' card.sarif
        rm -f key.pem jwks.json
        "$@" keygen --alg ES256 --kid ci-1 --out key.pem --jwks jwks.json
        "$@" sign agent-card.json --key key.pem --kid ci-1 >signed.json
        "$@" verify signed.json --jwks jwks.json
        # A signed card changed afterwards no longer verifies.
        sed 's/Route Planner/Route Plotter/' signed.json >tampered.json
        expect_exit 1 "$@" verify tampered.json --jwks jwks.json
    )
}
