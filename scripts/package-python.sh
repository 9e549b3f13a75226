#!/usr/bin/env bash
# Builds the Python wheel of the `a2a-card` command (maturin, binary bindings; the project is
# cli/pyproject.toml) for manylinux2014 (glibc 2.17 and later: Debian 8+, Ubuntu 14.04+, RHEL/
# CentOS 7+, Amazon Linux 2), checks its tag and the glibc its binary asks for, installs it into
# a fresh virtual environment and uses it there: validate, keygen, sign, verify
# (scripts/installed-smoke.sh). .ci/run runs it.
#
#   bash scripts/package-python.sh        the wheel lands in target/wheels/
#
# Everything goes to the target directory (CARGO_TARGET_DIR when set, else target/).
#
# Not a quick step: the first run downloads maturin and zig (PyPI's `ziglang`: 100 MB, 410 MB
# installed) into target/packaging/maturin-venv, and its build downloads about 95 more crates
# and makes a release build of the binary for x86_64-unknown-linux-gnu (or this machine's
# architecture), linked by zig against glibc 2.17's symbols (minutes on a small machine; it
# lands in target/<triple>/release/, not target/release/).
#
# scripts/package-npm.sh packs the binary of the wheel this script built, so the npm packages
# run on the same systems and one release build serves both.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/installed-smoke.sh
source scripts/wheel-glibc.sh

MATURIN_VERSION=1.16.0
ZIG_VERSION=0.17.0
# The oldest glibc the wheel may need, and the tag that says so (PEP 600, PEP 599).
GLIBC_FLOOR=2.17
COMPATIBILITY=manylinux2014
# Absolute, as the virtual environments' paths are used from other folders.
target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)
echo "package-python: fetches maturin $MATURIN_VERSION, zig $ZIG_VERSION and ~95 more crates, then builds the release binary (minutes)"
work="$target_dir/packaging"
mkdir -p "$work"

tools="$work/maturin-venv"
[ -x "$tools/bin/python" ] || python3 -m venv "$tools"
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin==$MATURIN_VERSION" "ziglang==$ZIG_VERSION"

wheels="$target_dir/wheels"
rm -rf "$wheels"
# --zig: zig links the binary against the glibc of --compatibility (maturin finds zig as
# `python3 -m ziglang`, so the tools' environment comes first on PATH).
PATH="$tools/bin:$PATH" "$tools/bin/maturin" build --release -m cli/Cargo.toml \
    --zig --compatibility "$COMPATIBILITY" --out "$wheels"
wheel=$(ls "$wheels"/a2a_card-*.whl)
echo "built $wheel ($(du -k "$wheel" | cut -f1) kB)"
check_wheel_glibc "$wheel" "$work/wheel-binary"

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
installed_smoke "$work/wheel-smoke" "$fresh/bin/a2a-card"
echo "the wheel installs and runs: validate, keygen, sign, verify"
