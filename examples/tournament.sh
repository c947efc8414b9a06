#!/bin/sh
# Deals a batch of games for a tournament: a folder of numbered deal files
# (deal-001.txt, deal-002.txt, ...) and an index, index.tsv (number, file,
# variant, seed, SHA-256 of the file), which the organiser keeps to check the
# logs that come back (see fair-play.sh).
#
# Usage: tournament.sh [-v VARIANT] [-s FIRST_SEED] [-n COUNT] FOLDER
#   -v  a preset, a user preset or a FILE.toml (default: traditional)
#   -s  the first seed; the others follow it (default: a random seed)
#   -n  how many deals (default: 10)
# FOLDER must not exist yet, or be empty: nothing is overwritten.
# Runs $PYRAMIDE, else `pyramide` on PATH, else this checkout's build/pyramide.
set -eu

# shellcheck disable=SC1091  # sourced from beside this script
. "$(dirname "$0")/find-pyramide.sh"
pyramide=$(find_pyramide "$(dirname "$0")") || exit 2
variant=traditional
seed=""
count=10
usage() {
    echo "usage: $0 [-v VARIANT] [-s FIRST_SEED] [-n COUNT] FOLDER" >&2
    exit 2
}
while getopts v:s:n: opt; do
    case $opt in
        v) variant=$OPTARG ;;
        s) seed=$OPTARG ;;
        n) count=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
folder=$1

if [ -e "$folder" ] && [ -n "$(ls -A "$folder")" ]; then
    echo "tournament: $folder is not empty: choose a new folder" >&2
    exit 2
fi
if [ -z "$seed" ]; then
    # A random seed, from the binary (it picks one below 2^53 when not given one).
    seed=$("$pyramide" deal --variant "$variant" --format json | sed -n 's/.*"seed":\([0-9]*\).*/\1/p')
fi
mkdir -p "$folder"

# One `deal --count` run (seeds SEED, SEED+1, ... computed by pyramide, so any
# 64-bit seed works), split into one file per deal at each header line.
all=$folder/.all.txt
"$pyramide" deal --variant "$variant" --seed "$seed" --count "$count" --output "$all"
width=${#count}
[ "$width" -ge 3 ] || width=3
awk -v folder="$folder" -v width="$width" '
    /^pyramide-deal 1$/ { if (file) close(file); n++; file = sprintf("%s/deal-%0" width "d.txt", folder, n) }
    /^$/ { next }   # the blank line between two deals
    { print > file }
' "$all"
rm -f "$all"

index=$folder/index.tsv
printf 'number\tfile\tvariant\tseed\tsha256\n' >"$index"
n=0
for file in "$folder"/deal-*.txt; do
    n=$((n + 1))
    name=$(sed -n 's/^variant //p' "$file")
    deal_seed=$(sed -n 's/^seed //p' "$file")
    sum=$(sha256sum "$file" | cut -d' ' -f1)
    printf '%s\t%s\t%s\t%s\t%s\n' "$n" "${file##*/}" "$name" "$deal_seed" "$sum" >>"$index"
done

# Every file must read back as one valid deal.
"$pyramide" validate --quiet --variant "$variant" "$folder"/deal-*.txt
last=$(tail -n 1 "$index" | cut -f4)
echo "tournament: $n deals of $name, seeds $seed to $last, in $folder (index: $index)"
