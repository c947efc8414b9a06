#!/bin/sh
# Deals a batch of games for a tournament: a folder of numbered deal files
# (deal-001.txt, deal-002.txt, ...) and an index, index.tsv, which the
# organiser keeps to check the logs that come back (see fair-play.sh): number,
# file, variant, seed, band, the expert's wins of its games, fewest moves and
# the SHA-256 of the file.
#
# Usage: tournament.sh [-v VARIANT] [-s FIRST_SEED] [-n COUNT] FOLDER
#        tournament.sh [-v VARIANT] [-s FIRST_SEED] -g EASY,MEDIUM,HARD[,EXPERT] [-r RUNS] [-k SAMPLES] [-m MAX] FOLDER
#   -v  a preset, a user preset or a FILE.toml (default: traditional)
#   -s  the first seed; the others follow it (default: a random seed)
#   -n  how many deals, seeds SEED, SEED+1, ... (default: 10)
#   -g  a graded round instead: so many winnable deals of each band
#       (`pyramide rate`, man pyramide-rate), easiest first: -g 3,4,3 is
#       3 easy, 4 medium and 3 hard deals; the first seeds from SEED on that
#       fall in each band
#   -r  with -g: the expert's games a deal (default: rate's, 16)
#   -k  with -g: the stock orders each of its choices weighs (default: rate's, 16)
#   -m  with -g: how many seeds to rate at most (default: 1000000); exit 1
#       when the bands are not filled within them
# Without -g the band, wins and fewest moves columns say "-".
# FOLDER must not exist yet, or be empty: nothing is overwritten.
# Runs $PYRAMIDE, else `pyramide` on PATH, else this checkout's build/pyramide.
set -eu

# shellcheck disable=SC1091  # sourced from beside this script
. "$(dirname "$0")/find-pyramide.sh"
pyramide=$(find_pyramide "$(dirname "$0")") || exit 2
variant=traditional
seed=""
count=10
grades=""
runs=16
samples=16
max_seeds=1000000
usage() {
    echo "usage: $0 [-v VARIANT] [-s FIRST_SEED] [-n COUNT | -g EASY,MEDIUM,HARD[,EXPERT] [-r RUNS] [-k SAMPLES] [-m MAX]] FOLDER" >&2
    exit 2
}
while getopts v:s:n:g:r:k:m: opt; do
    case $opt in
        v) variant=$OPTARG ;;
        s) seed=$OPTARG ;;
        n) count=$OPTARG ;;
        g) grades=$OPTARG ;;
        r) runs=$OPTARG ;;
        k) samples=$OPTARG ;;
        m) max_seeds=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ -n "$grades" ]; then
    # Up to four counts, easy to expert, not all zero.
    case $grades in *[!0-9,]* | ,* | *,,* | *, | *,*,*,*,*) usage ;; esac
    count=$(echo "$grades" | tr ',' '\n' | awk '{ s += $1 } END { print s }')
    [ "$count" -gt 0 ] || usage
fi
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
[ -d "$folder" ] || made_folder=yes
mkdir -p "$folder"
width=3

# A graded round: `pyramide rate` over the seeds from SEED on, one JSON line a
# deal, read until every band has its deals (then rate stops, its pipe closed).
# Each pick is "RANK SEED BAND WINS/RUNS FEWEST", sorted easiest first.
graded_picks() {
    "$pyramide" rate --variant "$variant" --seed "$seed" --count "$max_seeds" \
        --runs "$runs" --expert-samples "$samples" --json |
        awk -v want="$grades" '
            # The value of "key": in the line (a number, a word or null).
            function val(key,   i, r) {
                i = index($0, "\"" key "\":"); if (!i) return ""
                r = substr($0, i + length(key) + 3); sub(/[,}].*/, "", r); gsub(/"/, "", r); return r
            }
            BEGIN { n = split(want, w, ","); split("easy medium hard expert", name, " ")
                    for (i = 1; i <= 4; i++) { need[name[i]] = (i <= n ? w[i] : 0); rank[name[i]] = i; left += need[name[i]] }
                    if (left == 0) exit }
            { band = val("band") }
            need[band] > 0 {
                fewest = val("fewest_moves"); if (fewest == "null") fewest = "-"  # gave up
                print rank[band], val("seed"), band, val("wins") "/" val("runs"), fewest
                need[band]--; if (--left == 0) exit
            }' |
        sort -s -n -k1,1
}

index=$folder/index.tsv
printf 'number\tfile\tvariant\tseed\tband\texpert\tfewest\tsha256\n' >"$index"
if [ -n "$grades" ]; then
    picks=$folder/.picks
    graded_picks >"$picks"
    found=$(wc -l <"$picks")
    if [ "$found" -lt "$count" ]; then
        rm -f "$picks" "$index"
        [ -z "${made_folder:-}" ] || rmdir "$folder"
        echo "tournament: only $found of the $count graded deals ($grades) in the $max_seeds seeds from $seed on: raise -m, or ask for fewer deals" >&2
        exit 1
    fi
    [ "${#count}" -le 3 ] || width=${#count}
    n=0
    while read -r _rank deal_seed band expert fewest; do
        n=$((n + 1))
        file=$(printf '%s/deal-%0*d.txt' "$folder" "$width" "$n")
        "$pyramide" deal --variant "$variant" --seed "$deal_seed" --output "$file"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "${file##*/}" "$variant" "$deal_seed" "$band" "$expert" "$fewest" >>"$index.part"
    done <"$picks"
    rm -f "$picks"
else
    # One `deal --count` run (seeds SEED, SEED+1, ... computed by pyramide, so any
    # 64-bit seed works), split into one file per deal at each header line.
    all=$folder/.all.txt
    "$pyramide" deal --variant "$variant" --seed "$seed" --count "$count" --output "$all"
    [ "${#count}" -le 3 ] || width=${#count}
    awk -v folder="$folder" -v width="$width" '
        /^pyramide-deal 1$/ { if (file) close(file); n++; file = sprintf("%s/deal-%0" width "d.txt", folder, n) }
        /^$/ { next }   # the blank line between two deals
        { print > file }
    ' "$all"
    rm -f "$all"
    n=0
    for file in "$folder"/deal-*.txt; do
        n=$((n + 1))
        printf '%s\t%s\t%s\t%s\t-\t-\t-\n' "$n" "${file##*/}" "$variant" "$(sed -n 's/^seed //p' "$file")" >>"$index.part"
    done
fi

# The variant's name as the files give it, and each file's checksum.
name=$(sed -n 's/^variant //p' "$folder/$(printf 'deal-%0*d.txt' "$width" 1)")
while IFS="$(printf '\t')" read -r num file _variant deal_seed band expert fewest; do
    sum=$(sha256sum "$folder/$file" | cut -d' ' -f1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$num" "$file" "$name" "$deal_seed" "$band" "$expert" "$fewest" "$sum" >>"$index"
done <"$index.part"
rm -f "$index.part"

# Every file must read back as one valid deal.
"$pyramide" validate --quiet --variant "$variant" "$folder"/deal-*.txt
last=$(tail -n 1 "$index" | cut -f4)
if [ -n "$grades" ]; then
    bands=$(cut -f5 "$index" | sed 1d | uniq -c | awk '{ printf "%s%d %s", sep, $1, $2; sep = ", " }')
    echo "tournament: $n graded deals of $name ($bands), in $folder (index: $index)"
else
    echo "tournament: $n deals of $name, seeds $seed to $last, in $folder (index: $index)"
fi
