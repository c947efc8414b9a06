#!/bin/sh
# Par Pyramide's best scores, as a user meets them: `pyramide solve -v par`
# on each of seeds 0..DEALS-1, one process at a time, start-up included,
# every deal decided (no node limit): the time for all of them, the mean and
# the slowest deal, and the mean best score.
# Usage: bench/par.sh [DEALS] (default 600).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-600}
make -s build >/dev/null
bin=build/pyramide
now() { date +%s.%N; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for s in $(seq 0 $((deals - 1))); do
    a=$(now)
    score=$("$bin" solve -v par --seed "$s" --json | tr -d ' \n' | sed -n 's/.*"best_score":\(-\{0,1\}[0-9]*\).*/\1/p')
    b=$(now)
    echo "$s $a $b ${score:-none}" >>"$out"
done
awk -v n="$deals" '
    { t = $3 - $2; total += t; if (t > worst) { worst = t; slowest = $1 }
      if ($4 != "none") { scores += $4; decided++ } }
    END {
        printf "par, seeds 0..%d, one process at a time: %.1f s in all, mean %.3f s, slowest %.2f s (seed %d)\n", n - 1, total, total / n, worst, slowest
        printf "best scores proved: %d of %d, mean %.2f\n", decided, n, decided ? scores / decided : 0
    }' "$out"
