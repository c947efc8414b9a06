#!/bin/sh
# Two builds of pyramide_bench side by side on a noisy machine: runs them in
# turn, ROUNDS times, on each variant, and prints each one's mean time a deal
# in every round and the median of the rounds, with its positions a deal
# (the same every round: the solver is deterministic).
# Usage: bench/ab.sh OLD_BENCH NEW_BENCH [DEALS] [ROUNDS] [VARIANT...]
# (default 2000 deals, 3 rounds, the variants the performance targets name).
set -eu
old=$1 new=$2
deals=${3:-2000}
rounds=${4:-3}
shift 2
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
variants=${*:-traditional pyramid-only par microsoft overlapping}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in $variants; do
    : >"$tmp/old" && : >"$tmp/new"
    for r in $(seq 1 "$rounds"); do
        for side in old new; do
            eval bin=\$$side
            "$bin" "$v" "$deals" | awk -v f="$tmp/$side" '
                /deals\/s/ { for (i = 1; i <= NF; i++) if ($i == "mean") { print $(i + 1) >> f; break } }
                /positions:/ { pos = $3; gsub(",", "", pos); print "positions " pos >> f }'
        done
    done
    for side in old new; do
        eval bin=\$$side
        grep -v positions "$tmp/$side" | sort -g | awk -v v="$v" -v b="$bin" -v pos="$(grep positions "$tmp/$side" | head -1 | cut -d' ' -f2)" '
            { t[NR] = $1; all = all sprintf(" %.3f", $1) }
            END { printf "%-13s %-40s rounds:%s   median %.3f ms   positions %s\n", v, b, all, t[int((NR + 1) / 2)], pos }'
    done
done
