#!/usr/bin/env bash
# Builds the Python wheel of the `a2a-card` command (maturin, binary bindings; the project is
# cli/pyproject.toml), installs it into a fresh virtual environment and uses it there:
# validate, keygen, sign, verify (scripts/installed-smoke.sh). .ci/run runs it.
#
#   bash scripts/package-python.sh        the wheel lands in target/wheels/
#
# Not a quick step: the first run downloads maturin into target/packaging/maturin-venv, and
# its build downloads about 95 more crates and makes the release build of the binary
# (minutes on a small machine).
#
# The release build it makes (target/release/a2a-card) is the one scripts/package-npm.sh
# packs, so running this first spares that script a second build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/installed-smoke.sh

MATURIN_VERSION=1.16.0
echo "package-python: fetches maturin $MATURIN_VERSION and ~95 more crates, then builds the release binary (minutes)"
work=target/packaging
mkdir -p "$work"

tools="$work/maturin-venv"
[ -x "$tools/bin/python" ] || python3 -m venv "$tools"
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check "maturin==$MATURIN_VERSION"

rm -rf target/wheels
"$tools/bin/maturin" build --release -m cli/Cargo.toml --out target/wheels
wheel=$(ls target/wheels/a2a_card-*.whl)
echo "built $wheel"

# A fresh environment with nothing but the wheel (no index: everything is in it).
fresh="$work/wheel-venv"
rm -rf "$fresh"
python3 -m venv "$fresh"
"$fresh/bin/python" -m pip install --quiet --disable-pip-version-check --no-index "$wheel"
# The metadata pip sees: name, the CLI crate's version, the license, the classifiers.
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' cli/Cargo.toml | head -1)
"$fresh/bin/python" - "$version" <<'PY'
import sys
from importlib import metadata
meta = metadata.metadata("a2a-card")
assert meta["Name"] == "a2a-card", meta["Name"]
assert meta["Version"] == sys.argv[1], (meta["Version"], sys.argv[1])
assert meta["License-Expression"] == "Apache-2.0", meta["License-Expression"]
assert "Programming Language :: Rust" in meta.get_all("Classifier"), meta.get_all("Classifier")
print(f"installed {meta['Name']} {meta['Version']} ({meta['License-Expression']}): {meta['Summary']}")
PY
installed_smoke "$work/wheel-smoke" "$PWD/$fresh/bin/a2a-card"
echo "the wheel installs and runs: validate, keygen, sign, verify"
