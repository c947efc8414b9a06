#!/bin/sh
# `pyramide deal --winnable` as a user meets it: winnable deals a second (and
# seeds tried a second) on every core, from seed 0, for traditional and
# microsoft's rules; the process's start-up is included.
# Usage: bench/deal_winnable.sh [DEALS] (default 200).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-200}
make -s build >/dev/null
bin=build/pyramide
jobs=$(nproc)
now() { date +%s.%N; }
for v in traditional microsoft; do
    start=$(now)
    last=$("$bin" deal --winnable --variant "$v" --seed 0 --count "$deals" --format line -j "$jobs" |
        tail -n 1 | grep -o 'seed=[0-9]*' | cut -d= -f2)
    end=$(now)
    awk -v s="$start" -v e="$end" -v n="$deals" -v v="$v" -v last="$last" -v j="$jobs" 'BEGIN {
        t = e - s
        printf "%s: %d winnable deals in seeds 0..%d, -j %d: %.2f s, %.1f deals/s (%.0f seeds/s)\n",
            v, n, last, j, t, n / t, (last + 1) / t
    }'
done
