#!/bin/sh
# Solver benchmark: deals/second, mean, median, p99 and maximum time per deal,
# positions searched and peak memory, one thread, for the presets the
# performance targets name. Usage: bench/run.sh [DEALS] (default 1000).
set -eu
cd "$(dirname "$0")/.."
deals=${1:-1000}
make -s build >/dev/null
bin=build/pyramide_bench
for variant in traditional pyramid-only par bench/variants/par-pyramid-only.toml; do
    "$bin" "$variant" "$deals"
done
