#!/bin/sh
# Solver benchmark: deals/second, mean, median, p99 and maximum time per deal,
# positions searched and peak memory, one thread, for the presets the
# performance targets name, then the expert player's workload
# (bench/expert_workload.cpp). Usage: bench/run.sh [DEALS] (default 1000).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-1000}
make -s build >/dev/null
bin=build/pyramide_bench
for variant in traditional pyramid-only par microsoft overlapping giza spanish; do
    "$bin" "$variant" "$deals"
done
# Apophis (several waste piles: the engine's own positions) is slower: a tenth
# as many deals. Tut (draw 3, unlimited passes) a twentieth: seed 151 alone
# takes 1.7 billion positions (12 minutes).
"$bin" apophis $((deals / 10 > 0 ? deals / 10 : 1))
"$bin" tut $((deals / 20 > 0 ? deals / 20 : 1))
# The expert player's workload: mid-game positions, the unseen stock in 32 orders each.
for variant in traditional pyramid-only; do
    build/pyramide_expert_workload "$variant" 200
done
