#!/usr/bin/env bash
# The layering the build's libraries describe, checked on every #include of
# the sources: lib/rules needs nothing else of ours; lib/solve needs rules;
# lib/players needs solve, rules and lib/parallel.hpp; lib/ never reaches
# formats/ or cmd/; formats/ never reaches cmd/.
# Usage: layers.sh SOURCE_DIR
set -u
cd "$1" || exit 2
failures=0

# allowed FILE: the folders FILE may include from, as a pattern on the path.
allowed() {
    case $1 in
        lib/rules/*) echo '^lib/rules/' ;;
        lib/solve/*) echo '^lib/(rules|solve)/|^lib/parallel\.hpp$' ;;
        lib/players/*) echo '^lib/(rules|solve|players)/|^lib/parallel\.hpp$' ;;
        lib/*) echo '^lib/parallel\.hpp$' ;;
        formats/*) echo '^(lib|formats)/' ;;
        *) echo '.' ;;
    esac
}

checked=0
while IFS= read -r file; do
    folder=$(dirname "$file")
    pattern=$(allowed "$file")
    while IFS= read -r included; do
        # An include without a folder is the including file's own folder.
        case $included in
            */*) path=$included ;;
            *) path=$folder/$included ;;
        esac
        [ -e "$path" ] || continue  # a system or generated header
        checked=$((checked + 1))
        if ! grep -Eq "$pattern" <<<"$path"; then
            echo "FAILED: $file includes $included, against the layering"
            failures=$((failures + 1))
        fi
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(git ls-files 'lib/*.?pp' 'formats/*.?pp' 2>/dev/null || find lib formats -name '*.?pp')

echo "$checked includes checked, $failures against the layering"
[ "$failures" -eq 0 ]
