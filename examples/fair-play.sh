#!/bin/sh
# Fair-play check: was this move log played on deal SEED of its variant? The
# deal at the top of the log is compared, card by card, with what
# `pyramide deal --seed SEED` deals for the log's variant. Both are first
# written out by pyramide itself (a game started and quit at once, logged), so
# a log in any accepted spelling (lower case, 10 for T, suit symbols, comments)
# compares equal to the canonical deal. The moves are not looked at: use
# `pyramide validate` for those.
#
# Usage: fair-play.sh [-v VARIANT_FILE.toml] LOG [SEED]
#   SEED  the seed the player was given; default: the seed the log claims
#   -v    the variant file, for a log of a variant defined in a file
# Exit status: 0 the log's deal is deal SEED, 1 it is not, 2 the log cannot be
# read, names no seed and none was given, or bad usage.
# Needs `pyramide` on PATH (or PYRAMIDE=/path/to/pyramide).
set -eu

pyramide=${PYRAMIDE:-pyramide}
variant_file=""
usage() {
    echo "usage: $0 [-v VARIANT_FILE.toml] LOG [SEED]" >&2
    exit 2
}
while getopts v: opt; do
    case $opt in
        v) variant_file=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
log=$1
seed=${2:-}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The log's deal as a deal file: its lines up to `moves`, the header renamed.
awk '
    NR == 1 { sub(/^\357\273\277/, "") }   # a UTF-8 byte order mark
    { sub(/\r$/, "") }
    done { next }
    !started && /^[ \t]*pyramide-log[ \t]+1([ \t#]|$)/ { sub(/pyramide-log/, "pyramide-deal"); started = 1 }
    /^[ \t]*moves[ \t]*(#.*)?$/ { done = 1; next }
    { print }
' "$log" >"$tmp/submitted.txt"

# Deal it and quit at once: the log pyramide writes starts with the deal in
# canonical form.
canonical() { # OUTPUT PLAY-ARGUMENTS...
    out=$1
    shift
    printf 'quit\n' | "$pyramide" play --log "$out" "$@" >/dev/null
}
if ! canonical "$tmp/submitted.log" ${variant_file:+--variant "$variant_file"} "$tmp/submitted.txt" 2>"$tmp/error"; then
    # The deal file has the log's line numbers: name the log in the message.
    problem=$(sed -n '1s/^pyramide: //p' "$tmp/error")
    case $problem in
        "$tmp/submitted.txt"*) problem=$log${problem#"$tmp/submitted.txt"} ;;
    esac
    echo "fair-play: the deal of the log cannot be read: $problem" >&2
    exit 2
fi
variant=$(sed -n 's/^variant //p' "$tmp/submitted.log")
claimed=$(sed -n 's/^seed //p' "$tmp/submitted.log")
if [ -z "$seed" ]; then
    if [ -z "$claimed" ]; then
        echo "fair-play: $log names no seed: give the seed the player was dealt" >&2
        exit 2
    fi
    seed=$claimed
fi
canonical "$tmp/reference.log" --variant "${variant_file:-$variant}" --seed "$seed"

# The deal sections, without the seed line (the claim is what is checked).
deal_of() { sed -e '/^seed /d' -e '/^moves$/,$d' "$1"; }
deal_of "$tmp/submitted.log" >"$tmp/submitted.deal"
deal_of "$tmp/reference.log" >"$tmp/reference.deal"
if cmp -s "$tmp/submitted.deal" "$tmp/reference.deal"; then
    note=""
    [ -z "$claimed" ] || [ "$claimed" = "$seed" ] || note=" (though the log claims seed $claimed)"
    echo "fair: $log was played on deal $seed of $variant$note"
    exit 0
fi
echo "NOT fair: $log was not played on deal $seed of $variant:"
diff -u --label "deal $seed of $variant" --label "$log" "$tmp/reference.deal" "$tmp/submitted.deal" || true
exit 1
