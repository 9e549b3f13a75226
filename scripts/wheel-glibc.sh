# Sourced by scripts/package-python.sh: the wheel must install on the systems its tag names,
# and its binary must not ask for a newer glibc than that tag promises (a wheel built against
# this machine's glibc would be tagged for it alone: manylinux_2_34 does not install on Debian
# 11, Ubuntu 20.04 or Amazon Linux 2).
#
#   check_wheel_glibc WHEEL DIR     GLIBC_FLOOR (e.g. 2.17) set by the caller; DIR for the
#                                   binary taken out of the wheel

# glibc_of_tag TAG: the glibc a platform tag requires (manylinux2014_x86_64: 2.17), or
# nothing for a tag that promises no glibc (linux_x86_64, musllinux_*, ...).
glibc_of_tag() {
    case "$1" in
    manylinux1_*) echo 2.5 ;;
    manylinux2010_*) echo 2.12 ;;
    manylinux2014_*) echo 2.17 ;;
    manylinux_[0-9]*_[0-9]*_*) sed -E 's/^manylinux_([0-9]+)_([0-9]+)_.*/\1.\2/' <<<"$1" ;;
    esac
}

# newer_than A B: true when version A is newer than B (2.34 > 2.17, 2.5 < 2.17).
newer_than() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -1)" = "$1" ]
}

check_wheel_glibc() {
    local wheel=$1 dir=$2 tag tags glibc
    mkdir -p "$dir"
    # The platform tags: the file name's last part (PEP 427), and the WHEEL file's Tag: lines
    # (interpreter-abi-platform each), which pip reads too.
    tags=$(basename "$wheel" .whl | awk -F- '{ print $NF }' | tr . '\n')
    tags+=$'\n'$(python3 - "$wheel" "$dir/a2a-card" <<'PY'
import os, sys, zipfile
wheel, binary = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    meta = next(n for n in names if n.endswith(".dist-info/WHEEL"))
    lines = [l for l in z.read(meta).decode().splitlines() if l.startswith("Tag:")]
    if not lines:
        sys.exit(f"{meta} has no Tag: line")
    for line in lines:
        for platform in line.split(":", 1)[1].strip().split("-", 2)[2].split("."):
            print(platform)
    with open(binary, "wb") as f:
        f.write(z.read(next(n for n in names if n.endswith(".data/scripts/a2a-card"))))
os.chmod(binary, 0o755)
PY
    )
    for tag in $(sort -u <<<"$tags"); do
        glibc=$(glibc_of_tag "$tag")
        if [ -z "$glibc" ] || newer_than "$glibc" "$GLIBC_FLOOR"; then
            echo "the wheel is tagged $tag, which is not manylinux with glibc $GLIBC_FLOOR or older: $wheel" >&2
            return 1
        fi
    done
    echo "wheel tags: $(sort -u <<<"$tags" | paste -sd' ') (file name and WHEEL), glibc $GLIBC_FLOOR or older"

    # The glibc symbol versions the binary asks for (undefined dynamic symbols).
    local versions
    if command -v objdump >/dev/null; then
        versions=$(objdump -T "$dir/a2a-card" | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' || true)
    elif command -v readelf >/dev/null; then
        versions=$(readelf --version-info "$dir/a2a-card" | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' || true)
    else
        echo "note: neither objdump nor readelf (binutils) is installed: the binary's glibc symbols are not checked"
        return 0
    fi
    local highest
    highest=$(sed 's/^GLIBC_//' <<<"$versions" | sort -uV | tail -1)
    [ -n "$highest" ] || { echo "the wheel's binary names no GLIBC_ symbol version" >&2; return 1; }
    if newer_than "$highest" "$GLIBC_FLOOR"; then
        echo "the wheel's binary needs GLIBC_$highest, newer than its tag's glibc $GLIBC_FLOOR:" >&2
        sed 's/^GLIBC_//' <<<"$versions" | sort -uV | awk -v f="$GLIBC_FLOOR" '{ print "  GLIBC_" $0 }' >&2
        return 1
    fi
    echo "the wheel's binary needs at most GLIBC_$highest (floor $GLIBC_FLOOR)"
}
