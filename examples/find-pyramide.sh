# shellcheck shell=sh
# Sourced by the example scripts: sets $pyramide to the binary to run. It is
# $PYRAMIDE if set, else `pyramide` on PATH, else build/pyramide of the
# checkout these examples are in; with none of them, it says so and exits 2.
# (Without this, a missing binary made every log look "unreadable".)
find_pyramide() {
    if [ -n "${PYRAMIDE:-}" ]; then
        pyramide=$PYRAMIDE
    elif command -v pyramide >/dev/null 2>&1; then
        pyramide=pyramide
    elif [ -x "$1/../build/pyramide" ]; then
        pyramide=$1/../build/pyramide
    else
        echo "$(basename "$0"): pyramide not found: not on PATH, not in $1/../build (run make there), and PYRAMIDE is not set" >&2
        exit 2
    fi
    if [ -n "${PYRAMIDE:-}" ] && ! command -v "$pyramide" >/dev/null 2>&1; then
        echo "$(basename "$0"): PYRAMIDE=$PYRAMIDE: no such program" >&2
        exit 2
    fi
}
