#!/bin/sh
# The stats target: solves traditional deals with `pyramide stats` on every
# core, as a user would, and prints the wall-clock time, deals/second and
# peak memory (the process's high-water mark, read each second).
# Usage: bench/million.sh [LAST_SEED] (default 999999: a million deals).
set -eu
cd "$(dirname "$0")/.."
last=${1:-999999}
make -s build >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s.%N)
build/pyramide stats --seeds "0..$last" --measure won --json >"$out" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
    hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
    [ "${hwm:-0}" -gt "$peak" ] && peak=$hwm
    sleep 1
done
wait "$pid"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="$((last + 1))" -v kb="$peak" -v cores="$(nproc)" 'BEGIN {
    t = e - s
    printf "traditional, %d deals, pyramide stats --measure won, %d cores\n", n, cores
    printf "  %.0f s (%.1f min)   %.0f deals/s   %.3f ms a deal   peak memory %.1f MB\n", t, t / 60, n / t, 1000 * t / n, kb / 1024
}'
tr -d ' \n' <"$out" | grep -o '"won":{"count":[0-9]*' | head -1
