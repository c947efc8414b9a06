#!/usr/bin/env bash
# The manual pages: each built page is silent under `mandoc -Tlint` and groff's
# warnings; every subcommand has a page and every page a subcommand; every
# option the binary accepts (its --help) is documented in its page's OPTIONS
# (or "WORD OPTIONS" for `stats merge`, `variants show`), and every option
# documented there exists; pyramide-variants(5) documents every key of the
# presets traditional and par (plus `base`), and pyramide-variants(1) every
# preset `pyramide variants` lists.
# Usage: man.sh PYRAMIDE_BINARY BUILT_MAN_DIR SOURCE_DIR
set -eu
bin=$1 built=$2 src=$3
# shellcheck source=tests/docs/cli-spec.sh
source "$src/tests/docs/cli-spec.sh"

failures=0
fail() {
    echo "man: $*"
    failures=$((failures + 1))
}

for tool in mandoc groff; do
    command -v "$tool" >/dev/null || { echo "man: $tool not found: run scripts/install-deps"; exit 1; }
done

# 1. Every source is built, and the result is lint-clean.
pages=0
for scd in "$src"/man/*.scd; do
    page=$(basename "$scd" .scd)
    section=${page##*.}
    out=$built/man$section/$page
    if [ ! -f "$out" ]; then
        fail "$page is not built in $built (is scdoc installed? run scripts/install-deps, then build)"
        continue
    fi
    pages=$((pages + 1))
    lint=$(mandoc -Tlint -Wstyle "$out" 2>&1) || true
    [ -z "$lint" ] || fail "mandoc -Tlint $page:"$'\n'"$lint"
    warnings=$(groff -t -man -Tutf8 -ww -z "$out" 2>&1) || true
    [ -z "$warnings" ] || fail "groff warnings in $page:"$'\n'"$warnings"
    [ -f "$out.gz" ] || fail "$page.gz is not built"
done

# Options documented in a section of a page: the *-x* / *--name* words of the
# definition lines (those starting with *-) from "# TITLE" to the next "# ".
documented() { # SCD TITLE
    awk -v title="# $2" '$0 == title { on = 1; next } on && /^# / { on = 0 } on && /^\*-/' "$1" |
        grep -o '\*--\{0,1\}[a-zA-Z0-9][-a-zA-Z0-9]*\*' | tr -d '*' | sort -u
}

# 2. A page per subcommand, a subcommand per page.
top=$(subcommand_paths "$bin" | grep -v ' ' | sed '/^$/d' | sort)
for sub in $top; do
    [ -f "$src/man/pyramide-$sub.1.scd" ] || fail "subcommand '$sub' has no page man/pyramide-$sub.1.scd"
done
for scd in "$src"/man/pyramide-*.1.scd; do
    sub=$(basename "$scd" .1.scd)
    sub=${sub#pyramide-}
    grep -qx "$sub" <<<"$top" || fail "man/pyramide-$sub.1.scd documents a subcommand the binary does not have"
done

# 3. Options, both ways.
while IFS= read -r path; do
    if [ -z "$path" ]; then
        scd=$src/man/pyramide.1.scd title=OPTIONS
    else
        read -r first second <<<"$path"
        scd=$src/man/pyramide-$first.1.scd title=OPTIONS
        [ -z "${second:-}" ] || title="${second^^} OPTIONS"
    fi
    [ -f "$scd" ] || continue
    # shellcheck disable=SC2086  # the path is words
    accepted=$(options "$bin" $path | sort -u)
    written=$(documented "$scd" "$title")
    for o in $(comm -23 <(echo "$accepted") <(echo "$written")); do
        fail "'pyramide $path' accepts $o, but $(basename "$scd") does not document it under '# $title'"
    done
    for o in $(comm -13 <(echo "$accepted") <(echo "$written")); do
        fail "$(basename "$scd") documents $o under '# $title', but 'pyramide $path' has no such option"
    done
done < <(subcommand_paths "$bin")

# 4. The sections every page of section 1 has.
for scd in "$src"/man/*.1.scd; do
    for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT EXAMPLES "SEE ALSO"; do
        grep -qx "# $s" "$scd" || fail "$(basename "$scd") has no '# $s' section"
    done
done

# 5. Every key of the presets traditional and par, and `base`, in pyramide-variants(5).
keys=$( (echo base; sed -n 's/^\([a-z_]*\) *=.*/\1/p' "$src"/formats/variants/traditional.toml \
    "$src"/formats/variants/par.toml) | sort -u)
described=$(awk '/^# KEYS$/ { on = 1; next } on && /^# / { on = 0 } on' "$src/man/pyramide-variants.5.scd" |
    sed -n 's/^\*\([a-z_]*\)\* =.*/\1/p' | sort -u)
for k in $(comm -23 <(echo "$keys") <(echo "$described")); do
    fail "pyramide-variants.5.scd does not describe the key '$k'"
done
for k in $(comm -13 <(echo "$keys") <(echo "$described")); do
    fail "pyramide-variants.5.scd describes a key '$k' that no preset has"
done

# 6. Every preset in pyramide-variants(1).
presets=$("$bin" variants | cut -d' ' -f1 | sort)
listed=$(awk '/^# DESCRIPTION$/ { on = 1; next } on && /^# / { on = 0 } on' "$src/man/pyramide-variants.1.scd" |
    sed -n 's/^\*\([a-z-]*\)\*$/\1/p' | sort)
[ "$presets" = "$listed" ] || fail "pyramide-variants.1.scd lists the presets"$'\n'"$listed"$'\n'"but the binary has"$'\n'"$presets"

# 7. The environment pyramide(1) promises.
environment=$(awk '/^# ENVIRONMENT$/ { on = 1; next } on && /^# / { on = 0 } on && /^\*/' "$src/man/pyramide.1.scd")
for var in NO_COLOR TERM LC_ALL LC_CTYPE LANG XDG_CONFIG_HOME XDG_DATA_HOME HOME; do
    grep -q "\*$var\*" <<<"$environment" || fail "pyramide.1.scd does not describe $var under ENVIRONMENT"
done

if [ "$failures" -gt 0 ]; then
    echo "man: $failures problem(s)"
    exit 1
fi
echo "man: $pages pages lint-clean; options, keys and presets match the binary"
