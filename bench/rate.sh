#!/bin/sh
# Seconds per `pyramide rate` at its defaults (R = 16 games of the expert,
# K = 16, every core), as a tournament organiser meets them: the first
# DEALS winnable deals from seed 0 of traditional and of microsoft, each rated
# on its own, the solver's verdict and fewest moves included. Deals proved
# lost take no time worth counting (no expert games), so only winnable ones.
# Usage: bench/rate.sh [DEALS] (default 10).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-10}
make -s build >/dev/null
bin=build/pyramide
now() { date +%s.%N; }
for v in traditional microsoft; do
    seeds=$(s=0; n=0; while [ "$n" -lt "$deals" ]; do
        if "$bin" solve --variant "$v" --seed "$s" --any >/dev/null 2>&1; then echo "$s"; n=$((n + 1)); fi
        s=$((s + 1))
    done)
    start=$(now)
    bands=$(for s in $seeds; do "$bin" rate --variant "$v" --seed "$s"; done | sed 's/.*: //' | sort | uniq -c |
        awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
    end=$(now)
    awk -v s="$start" -v e="$end" -v n="$deals" -v v="$v" -v b="$bands" -v cores="$(nproc)" 'BEGIN {
        t = e - s
        printf "%s, %d winnable deals, R = 16, K = 16, %d cores: %.1f s, %.2f s a rate (%s)\n", v, n, cores, t, t / n, b
    }'
done
