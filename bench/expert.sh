#!/bin/sh
# The expert player's figures (lib/players/expert.hpp), as a user meets them:
#  - games a second: `pyramide stats --measure expert` on every core, K = 32;
#  - seconds a game on one core: traditional at K = 128 (DEALS deals), and the
#    scored expert of Par at K = 32 (PAR deals);
#  - hint latency: `hint` (K = 64) at the start of traditional games of
#    seeds 0..HINTS-1, one process each, start-up included: mean and slowest.
# Usage: bench/expert.sh [DEALS] [HINTS] [PAR] (defaults 100, 200 and 3).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-100}
hints=${2:-200}
par=${3:-3}
make -s build >/dev/null
bin=build/pyramide
now() { date +%s.%N; }
for v in traditional pyramid-only; do
    start=$(now)
    counts=$("$bin" stats --variant "$v" --seeds "0..$((deals - 1))" --measure expert,blind --expert-samples 32 --json |
        tr -d ' \n' | grep -o '"[a-z]*":{"count":[0-9]*' | sed 's/"\([a-z]*\)":{"count":/\1 /' | paste -sd, -)
    end=$(now)
    awk -v s="$start" -v e="$end" -v n="$deals" -v v="$v" -v c="$counts" -v cores="$(nproc)" 'BEGIN {
        t = e - s
        printf "%s, %d deals, K = 32, %d cores: %.1f s, %.2f expert games/s (%s)\n", v, n, cores, t, n / t, c
    }'
done
# One core: seconds a game.
one_core() {
    v=$1 k=$2 n=$3
    start=$(now)
    won=$("$bin" stats --variant "$v" --seeds "0..$((n - 1))" --measure expert --expert-samples "$k" -j1 --json |
        tr -d ' \n' | sed -n 's/.*"expert":{"count":\([0-9]*\),"rate":\([0-9.e-]*\).*/\1 won/p')
    end=$(now)
    awk -v s="$start" -v e="$end" -v n="$n" -v v="$v" -v k="$k" -v w="$won" 'BEGIN {
        printf "%s, seeds 0..%d, K = %d, one core: %.1f s, %.3f s a game (%s)\n", v, n - 1, k, e - s, (e - s) / n, w
    }'
}
one_core traditional 128 "$deals"
one_core par 32 "$par"
total=0 worst=0 slowest=0
for s in $(seq 0 $((hints - 1))); do
    a=$(now)
    printf 'hint\n' | "$bin" play --seed "$s" --no-log >/dev/null
    b=$(now)
    ms=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%d", (b - a) * 1000 }')
    total=$((total + ms))
    [ "$ms" -gt "$worst" ] && worst=$ms slowest=$s
done
echo "hint at the start of traditional seeds 0..$((hints - 1)), K = 64: mean $((total / hints)) ms, slowest $worst ms (seed $slowest)"
