#!/usr/bin/env bash
# ARCHITECTURE.md is a map of the whole tree: it must name
#  - every source file (*.cpp, *.hpp) under lib/, cmd/, formats/, bench/ and
#    fuzz/, by its base name inside backticks: `common`, `common.hpp` and
#    `cmd/common.hpp` all name cmd/common.hpp (a name is whole: `deal` is not
#    named by `deal_format`);
#  - every top-level file and folder, and every folder of lib/, inside
#    backticks, a folder with its slash: `bench/`, `lib/solve/`, `.ci/run`.
# A file added without a word in the map fails here until the map says where
# it belongs.
# Usage: architecture.sh SOURCE_DIR
set -u
cd "$1" || exit 2
map=ARCHITECTURE.md
if [ ! -f "$map" ]; then
    echo "FAILED: no $map"
    exit 1
fi
failures=0
checked=0

# The text inside backticks, one span a line.
spans=$(grep -o '`[^`]*`' "$map" | tr -d '`')

# named_word NAME: NAME appears in a span as a whole name (after a slash, say,
# but not inside a longer name: `deal_format` does not name `deal`).
named_word() {
    local name=${1//./\\.}  # names hold letters, digits, _ - . and /: only dots need escaping
    local re="(^|[^A-Za-z0-9_-])$name([^A-Za-z0-9_-]|$)"
    [[ $spans =~ $re ]]
}
# named_path PATH: a span starts with PATH, or has it after a blank or a
# bracket: `lib/solve/` and `lib/solve/hall.cpp` name lib/solve/, and
# `tests/docs/` does not name docs/. A file's path ends there; a folder's may
# go on.
named_path() {
    local end='([^A-Za-z0-9_.-]|$)'
    case $1 in */) end='' ;; esac
    local name=${1//./\\.}
    local re="(^|[^A-Za-z0-9_./-])$name$end"
    [[ $spans =~ $re ]]
}

# The files git tracks (matching the patterns, if any); without git, the files
# of the tree but the build folders.
tracked() {
    if git rev-parse --git-dir >/dev/null 2>&1; then
        git ls-files "$@"
        return
    fi
    local file pattern
    find . \( -path './build*' -o -path ./.git \) -prune -o -type f -print | sed 's|^\./||' |
        while IFS= read -r file; do
            [ $# -eq 0 ] && { echo "$file"; continue; }
            for pattern in "$@"; do
                # shellcheck disable=SC2254  # the pattern is meant to match
                case $file in $pattern) echo "$file"; break ;; esac
            done
        done
}

# Source files, by base name (extension optional).
while IFS= read -r file; do
    base=${file##*/}
    checked=$((checked + 1))
    if ! named_word "${base%.*}"; then
        echo "FAILED: $file is not named in $map (write \`${base%.*}\` where it belongs)"
        failures=$((failures + 1))
    fi
done < <(tracked 'lib/*.cpp' 'lib/*.hpp' 'cmd/*.cpp' 'cmd/*.hpp' 'formats/*.cpp' 'formats/*.hpp' \
    'bench/*.cpp' 'bench/*.hpp' 'fuzz/*.cpp' 'fuzz/*.hpp' | sort -u)

# Top-level entries: folders as `name/`, files as `name`.
while IFS= read -r path; do
    checked=$((checked + 1))
    case $path in
        */*) entry=${path%%/*}/ ;;
        *) entry=$path ;;
    esac
    if ! named_path "$entry"; then
        echo "FAILED: the top-level ${entry} is not named in $map"
        failures=$((failures + 1))
    fi
done < <(tracked | sed 's|^\([^/]*/\).*|\1x|' | sort -u)

# The folders of lib/, as `lib/NAME/`.
while IFS= read -r folder; do
    checked=$((checked + 1))
    if ! named_path "$folder/"; then
        echo "FAILED: the folder $folder/ is not named in $map (as \`$folder/\`)"
        failures=$((failures + 1))
    fi
done < <(tracked 'lib/*' | sed -n 's|^\(lib/[^/]*\)/.*|\1|p' | sort -u)

echo "$checked files and folders checked against $map, $failures not named"
[ "$failures" -eq 0 ]
