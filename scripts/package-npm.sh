#!/usr/bin/env bash
# Packs the npm packages of the `a2a-card` command (packaging/npm/): the launcher `a2a-card`
# (bin/a2a-card.js, one optional dependency per platform) and the platform package of this
# machine (`@a2a-card/cli-linux-x64`, ...) carrying the release binary; installs both tarballs
# into a fresh npm project and runs `npx a2a-card` there: validate, keygen, sign, verify
# (scripts/installed-smoke.sh). .ci/run runs it after scripts/package-python.sh.
#
#   bash scripts/package-npm.sh        the tarballs land in target/npm/
#
# The binary: A2A_CARD_RELEASE_BINARY when set; else the one in the wheel that
# scripts/package-python.sh built (target/wheels/: one release build serves both, linked for
# glibc 2.17 by zig); else `cargo build --release -p a2a-card-cli` (this machine's glibc).
# Everything goes to the target directory (CARGO_TARGET_DIR when set, else target/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/installed-smoke.sh

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' cli/Cargo.toml | head -1)
# Absolute, as the tarballs' paths are used from the scratch project.
target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)
out="$target_dir/npm"
rm -rf "$out"
mkdir -p "$out/stage"

wheel=$(ls "$target_dir"/wheels/a2a_card-"$version"-*.whl 2>/dev/null | head -1 || true)
if [ -n "${A2A_CARD_RELEASE_BINARY:-}" ]; then
    binary=$A2A_CARD_RELEASE_BINARY
elif [ -n "$wheel" ]; then
    binary="$out/a2a-card-from-wheel"
    python3 - "$wheel" "$binary" <<'PY'
import os, sys, zipfile
wheel, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith(".data/scripts/a2a-card"))
    with open(target, "wb") as f:
        f.write(z.read(name))
os.chmod(target, 0o755)
PY
    echo "the binary of $wheel"
else
    cargo build --release -p a2a-card-cli --bin a2a-card
    binary="$target_dir/release/a2a-card"
fi
os=$(node -p process.platform)
cpu=$(node -p process.arch)
platform="$os-$cpu"

# The platform package: the template with this platform's name, os and cpu, and the binary.
platform_dir="$out/stage/cli-$platform"
mkdir -p "$platform_dir/bin"
sed -e "s/PLATFORM/$platform/g" -e "s/\"OS\"/\"$os\"/" -e "s/\"CPU\"/\"$cpu\"/" \
    -e "s/\"version\": \"0.0.0\"/\"version\": \"$version\"/" \
    packaging/npm/platform/package.json >"$platform_dir/package.json"
sed "s/PLATFORM/$platform/g" packaging/npm/platform/README.md >"$platform_dir/README.md"
install -m 755 "$binary" "$platform_dir/bin/a2a-card"

# The launcher: the template with every version set to the CLI's.
launcher_dir="$out/stage/a2a-card"
cp -R packaging/npm/a2a-card "$launcher_dir"
sed -i "s/\"0.0.0\"/\"$version\"/g" "$launcher_dir/package.json"
grep -q "\"@a2a-card/cli-$platform\"" "$launcher_dir/package.json" || {
    echo "the launcher has no optional dependency for $platform" >&2
    exit 1
}

(cd "$out" && npm pack --silent "./stage/cli-$platform" "./stage/a2a-card" >/dev/null)
platform_tgz="$out/a2a-card-cli-$platform-$version.tgz"
launcher_tgz="$out/a2a-card-$version.tgz"
ls -l "$platform_tgz" "$launcher_tgz"

# A fresh project with both tarballs installed from the files. `--offline`: the other
# platforms' packages are optional and not published from here; npm must not look for them.
project="$out/project"
mkdir -p "$project"
(
    cd "$project"
    npm init -y >/dev/null
    npm install --offline --no-audit --no-fund "$platform_tgz" "$launcher_tgz"
)
installed_smoke "$project" npx --no --offline a2a-card
# Without its platform package the launcher says what is missing (exit 2), and
# A2A_CARD_BINARY still runs a binary named by hand.
binary_path=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
(
    cd "$project"
    rm -rf "node_modules/@a2a-card/cli-$platform"
    missing=0
    npx --no --offline a2a-card --version 2>missing.txt || missing=$?
    [ "$missing" = 2 ] || { echo "the launcher exited $missing without its binary" >&2; exit 1; }
    grep -q "the package @a2a-card/cli-$platform is not installed" missing.txt
    A2A_CARD_BINARY="$binary_path" npx --no --offline a2a-card --version
)
echo "the npm packages install and run: npx a2a-card validate, keygen, sign, verify"
