#!/usr/bin/env bash
# Tests scripts/wheel-glibc.sh (the wheel's tag and glibc check of scripts/package-python.sh)
# on wheels made here, without building one: a tag newer than the floor fails, in the file name
# or only in the WHEEL file; a binary asking for a newer glibc than the floor fails; a wheel
# within the floor passes. .ci/run runs it.
#
#   bash scripts/test-wheel-glibc.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wheel-glibc.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() {
    echo "test-wheel-glibc: $*" >&2
    exit 1
}

command -v objdump >/dev/null || command -v readelf >/dev/null || {
    echo "test-wheel-glibc: neither objdump nor readelf is installed; skipped"
    exit 0
}

# A system binary stands for the wheel's: on this machine it asks for this machine's glibc.
sample_binary=$(command -v ls)
sample_glibc=$( (objdump -T "$sample_binary" 2>/dev/null || readelf --version-info "$sample_binary") |
    grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' | sed 's/^GLIBC_//' | sort -uV | tail -1)
[ -n "$sample_glibc" ] || fail "$sample_binary names no GLIBC_ version"

# make_wheel FILE_PLATFORM WHEEL_PLATFORM: a wheel named for FILE_PLATFORM whose WHEEL file
# says WHEEL_PLATFORM, carrying the sample binary as the command; prints its path.
make_wheel() {
    local path="$scratch/$1/a2a_card-0.1.0-py3-none-$1.whl"
    mkdir -p "$(dirname "$path")"
    python3 - "$path" "$2" "$sample_binary" <<'PY'
import sys, zipfile
path, platform, binary = sys.argv[1:]
with zipfile.ZipFile(path, "w") as z:
    tags = "".join(f"Tag: py3-none-{p}\n" for p in platform.split("."))
    z.writestr("a2a_card-0.1.0.dist-info/WHEEL", f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\n{tags}")
    with open(binary, "rb") as f:
        z.writestr("a2a_card-0.1.0.data/scripts/a2a-card", f.read())
PY
    echo "$path"
}

# expect_refusal MESSAGE WHEEL: the check fails and says MESSAGE.
expect_refusal() {
    local status=0
    check_wheel_glibc "$2" "$scratch/out-dir" >"$scratch/out" 2>&1 || status=$?
    [ "$status" != 0 ] || fail "$(basename "$2") passed with GLIBC_FLOOR=$GLIBC_FLOOR: $(cat "$scratch/out")"
    grep -qF "$1" "$scratch/out" || fail "$(basename "$2"): the refusal does not say \"$1\": $(cat "$scratch/out")"
}

GLIBC_FLOOR=2.17
expect_refusal "tagged manylinux_2_34_x86_64" "$(make_wheel manylinux_2_34_x86_64 manylinux_2_34_x86_64)"
expect_refusal "tagged linux_x86_64" "$(make_wheel manylinux2014_x86_64 linux_x86_64)"
if newer_than "$sample_glibc" 2.17; then
    expect_refusal "needs GLIBC_$sample_glibc, newer than its tag's glibc 2.17" \
        "$(make_wheel manylinux_2_17_x86_64.manylinux2014_x86_64 manylinux_2_17_x86_64.manylinux2014_x86_64)"
else
    echo "note: $sample_binary needs only glibc $sample_glibc: the too-new binary case is not tried"
fi

# Within the floor (the sample binary's own glibc as the floor): passes, and says what it saw.
GLIBC_FLOOR=$sample_glibc
wheel=$(make_wheel manylinux_2_17_x86_64.manylinux2014_x86_64 manylinux_2_17_x86_64.manylinux2014_x86_64)
check_wheel_glibc "$wheel" "$scratch/out-dir" >"$scratch/out" 2>&1 ||
    fail "a wheel within glibc $GLIBC_FLOOR was refused: $(cat "$scratch/out")"
grep -qF "needs at most GLIBC_$sample_glibc" "$scratch/out" || fail "no glibc reported: $(cat "$scratch/out")"
cmp -s "$sample_binary" "$scratch/out-dir/a2a-card" || fail "the binary taken out of the wheel differs"

# The version order is numeric: 2.5 is older than 2.17.
newer_than 2.5 2.17 && fail "2.5 was taken as newer than 2.17"
newer_than 2.34 2.17 || fail "2.34 was not taken as newer than 2.17"
newer_than 2.17 2.17 && fail "2.17 was taken as newer than itself"

echo "wheel-glibc: newer tags and a binary asking for a newer glibc are refused, a wheel within the floor passes"
