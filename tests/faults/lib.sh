# Shared by the fault tests: a scratch folder, checks that count failures,
# and the exit code ctest reads (77: skipped as a whole).
# Each test is run as: bash tests/faults/NAME.sh PYRAMIDE_BINARY
set -u
if [ $# -ne 1 ]; then
    echo "usage: $0 PYRAMIDE_BINARY" >&2
    exit 2
fi
pyramide=$(realpath "$1")
sanitized=${PYRAMIDE_SANITIZED:-0}  # set by CMake in a sanitizer build
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pyramide-faults.XXXXXX") || exit 2
chmod 755 "$scratch"  # readable by the unprivileged user of the read-only test
trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
cd "$scratch" || exit 2
failures=0

fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}
ok() { echo "ok: $*"; }
skip() { echo "skipped: $*"; }

# check_equal WHAT EXPECTED ACTUAL
check_equal() {
    if [ "$2" == "$3" ]; then ok "$1"; else fail "$1: expected [$2], got [$3]"; fi
}

# No temporary file of an atomic write may be left in folder $1.
check_no_temporaries() {
    local left
    left=$(find "$1" -maxdepth 1 -name '.pyramide-*' | head -3)
    if [ -z "$left" ]; then ok "no temporary file left in $1"; else fail "temporary files left: $left"; fi
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$failures check(s) failed"
        exit 1
    fi
    exit 0
}
