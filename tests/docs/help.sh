#!/usr/bin/env bash
# `pyramide help`: alone, the overview (the top-level --help and where the
# manual is); `help SUBCOMMAND [SUBCOMMAND]` the subcommand's --help when man
# does not find its page, and the page itself (through man) when it does; an
# unknown subcommand is a usage error (exit 2).
# Usage: help.sh PYRAMIDE_BINARY BUILT_MAN_DIR
set -eu
bin=$1 built=$2

failures=0
fail() {
    echo "help: $*"
    failures=$((failures + 1))
}
expect_same() { # WHAT EXPECTED ACTUAL
    [ "$2" = "$3" ] || fail "$1 differs:"$'\n'"$(diff <(echo "$2") <(echo "$3") || true)"
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
no_pages=$scratch/no-pages
mkdir "$no_pages"
export LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat PAGER=cat

# The overview.
overview=$(MANPATH=$no_pages "$bin" help)
expect_same "pyramide help (first lines)" "$("$bin" --help)" "$(sed '/^The manual:/,$d' <<<"$overview")"
grep -q "man pyramide" <<<"$overview" || fail "pyramide help does not say where the manual is"

# Pages not installed: the --help text of the subcommand.
for path in deal play validate replay solve stats "stats merge" variants "variants show" round "round new" "round show" "round standings" help; do
    # shellcheck disable=SC2086  # the path is words
    expect_same "MANPATH=(empty) pyramide help $path" "$("$bin" $path --help)" "$(MANPATH=$no_pages "$bin" help $path)"
done

# Each description is wrapped once, not its 80-column lines again: a phrase
# the source breaks in the middle reads whole.
for want in "deal|medium, hard or expert" "rate|never, the default" \
    "stats|Wilson intervals) or many move logs" "help|installed), or this overview."; do
    "$bin" ${want%%|*} --help | grep -qF -- "${want#*|}" ||
        fail "pyramide ${want%%|*} --help breaks '${want#*|}' (a description wrapped twice)"
done

# Every --help line fits 80 columns: CLI11 would print the
# descriptions at any length; WrappingFormatter wraps them at words.
for path in "" deal play validate replay solve stats "stats merge" variants "variants show" round "round new" "round show" "round standings" help; do
    # shellcheck disable=SC2086  # the path is words
    wide=$("$bin" $path --help | awk 'length($0) > 80 { print NR ": " $0 }')
    [ -z "$wide" ] || fail "pyramide $path --help has lines over 80 columns:"$'\n'"$wide"
done

# Every subcommand that reports something has --json: all of them,
# found in the --help texts (so a new one is checked too), but play (a game on
# a terminal; its log is the record), help (text for people) and round alone
# (a group: its subcommands report).
subcommands() { # PATH...: the subcommands a --help lists
    # shellcheck disable=SC2086  # the path is words
    "$bin" $1 --help | awk '/^Subcommands:/ { on = 1; next } on && /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }'
}
checked=0
for top in $(subcommands ""); do
    for path in "$top" $(subcommands "$top" | sed "s/^/$top /;s/ /:/"); do
        path=${path//:/ }
        case $path in play | help | round) continue ;; esac
        checked=$((checked + 1))
        # shellcheck disable=SC2086  # the path is words
        "$bin" $path --help | grep -q -- '--json' || fail "pyramide $path reports, but has no --json"
    done
done
[ "$checked" -ge 8 ] || fail "only $checked reporting subcommands found in the --help texts"

# Every --help ends with its own examples: the footer that points to the
# subcommands' --help belongs to the top level only, not to a subcommand with
# none (stats merge, variants show, round new ...).
for top in $(subcommands ""); do
    for path in "$top" $(subcommands "$top" | sed "s/^/$top /;s/ /:/"); do
        path=${path//:/ }
        # shellcheck disable=SC2086  # the path is words
        last=$("$bin" $path --help | tail -n 1)
        [ -n "$(subcommands "$path")" ] && continue
        case $last in *SUBCOMMAND*) fail "pyramide $path --help ends with the top level's footer: '$last'" ;; esac
    done
done

# Pages installed (the build folder has man1/ and man5/, as a prefix's share/man does).
if ! command -v man >/dev/null; then
    fail "man not found: run scripts/install-deps"
elif [ ! -f "$built/man1/pyramide-play.1" ]; then
    fail "the pages are not built in $built (is scdoc installed? run scripts/install-deps, then build)"
else
    page=$(MANPATH=$built "$bin" help play </dev/null 2>&1) || fail "pyramide help play with the page: exit $?"
    grep -q "pyramide-play - play Pyramid solitaire line by line" <<<"$page" ||
        fail "pyramide help play did not show the page pyramide-play(1):"$'\n'"$(head -5 <<<"$page")"
    page=$(MANPATH=$built "$bin" help stats merge </dev/null 2>&1) || fail "pyramide help stats merge: exit $?"
    grep -q "pyramide-stats - measure many deals" <<<"$page" || fail "pyramide help stats merge did not show pyramide-stats(1)"
fi

# Errors.
status=0
"$bin" help nosuch >/dev/null 2>"$scratch/err" || status=$?
[ "$status" = 2 ] || fail "pyramide help nosuch: exit $status, expected 2"
grep -q "^pyramide help: 'nosuch' is not a pyramide command" "$scratch/err" || fail "pyramide help nosuch says: $(cat "$scratch/err")"
status=0
"$bin" help stats nosuch >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "pyramide help stats nosuch: exit $status, expected 2"

if [ "$failures" -gt 0 ]; then
    echo "help: $failures problem(s)"
    exit 1
fi
echo "help: overview, --help fallback and manual pages ok"
