# shellcheck shell=sh
# Sourced by the example scripts: find_pyramide DIR prints the binary to run:
# $PYRAMIDE if set, else `pyramide` on PATH, else DIR/../build/pyramide (the
# checkout the examples are in); with none of them it says so and fails.
# (Without this, a missing binary made every log look "unreadable".)
find_pyramide() {
    if [ -n "${PYRAMIDE:-}" ]; then
        if ! command -v "$PYRAMIDE" >/dev/null 2>&1; then
            echo "$(basename "$0"): PYRAMIDE=$PYRAMIDE: no such program" >&2
            return 2
        fi
        echo "$PYRAMIDE"
    elif command -v pyramide >/dev/null 2>&1; then
        echo pyramide
    elif [ -x "$1/../build/pyramide" ]; then
        echo "$1/../build/pyramide"
    else
        echo "$(basename "$0"): pyramide not found: not on PATH, not in $1/../build (run make there), and PYRAMIDE is not set" >&2
        return 2
    fi
}
