#!/usr/bin/env bash
# Runs one golden CLI test case (modelled on Kakoune's test folders) and diffs
# what the command printed against what the case expects.
#
# Usage: tests/golden.sh CASE_DIR PYRAMIDE_BINARY
#        UPDATE=1 tests/golden.sh CASE_DIR PYRAMIDE_BINARY   (rewrite the expected files)
#
# A case folder holds:
#   cmd     one shell command line using `pyramide`, run with `bash -c` in the
#           case folder, the binary's folder first on PATH
#   stdin   optional: fed to the command (otherwise stdin is /dev/null)
#   stdout, stderr, status   what the command must print, and its exit code
# Files the command writes go in $TMPDIR, a fresh folder removed afterwards.
# The environment is fixed so output is stable: LC_ALL=C.UTF-8, TERM=dumb,
# NO_COLOR unset, XDG_CONFIG_HOME empty (no user presets).
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 CASE_DIR PYRAMIDE_BINARY" >&2
    exit 2
fi
case_dir=$(cd "$1" && pwd) || exit 2
bin_dir=$(cd "$(dirname "$2")" && pwd) || exit 2
name=$(basename "$case_dir")

if [ ! -f "$case_dir/cmd" ]; then
    echo "golden: $name: no cmd file" >&2
    exit 2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/pyramide-golden.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/tmp" "$scratch/config"

stdin=/dev/null
[ -f "$case_dir/stdin" ] && stdin="$case_dir/stdin"

(
    cd "$case_dir" || exit 2
    unset NO_COLOR CLICOLOR CLICOLOR_FORCE COLUMNS LANG LANGUAGE LC_CTYPE
    export LC_ALL=C.UTF-8 TERM=dumb PATH="$bin_dir:$PATH" TMPDIR="$scratch/tmp" \
        XDG_CONFIG_HOME="$scratch/config" HOME="$scratch"
    exec bash -c "$(cat cmd)" <"$stdin" >"$scratch/stdout" 2>"$scratch/stderr"
)
echo $? >"$scratch/status"

if [ -n "${UPDATE:-}" ]; then
    cp "$scratch/stdout" "$scratch/stderr" "$scratch/status" "$case_dir/"
    echo "golden: $name: expected output rewritten"
    exit 0
fi

failed=0
for f in stdout stderr status; do
    expected="$case_dir/$f"
    [ -f "$expected" ] || expected=/dev/null
    if ! cmp -s "$expected" "$scratch/$f"; then
        echo "golden: $name: $f differs (--- expected, +++ actual):"
        diff -u --label "expected/$f" --label "actual/$f" "$expected" "$scratch/$f"
        failed=1
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "golden: $name: FAILED (command: $(cat "$case_dir/cmd"))"
    echo "golden: to accept the new output: UPDATE=1 $0 $1 $2"
    exit 1
fi
echo "golden: $name: ok"
