#!/bin/sh
# The expert's rate against K, the stock orders it weighs each choice in:
# `pyramide stats --measure expert` on seeds 0..DEALS-1 at each K given, the
# deals split into SHARDS shards (`--shard S/N -j1`, default one a core), as
# many run at once as there are cores, then `stats merge`. For each K: the
# games won, the rate with its 95% interval, the change in points from the K
# before, and the wall time. The rate has converged where doubling K moves
# it by less than 0.2 points.
#
# Each shard's --json is kept in OUT (default build/converge), named by
# variant, deals, K and shard; a shard whose file is there is not run again,
# so a long run that was stopped goes on where it was, losing at most the
# shards under way (more shards, smaller losses). Delete OUT to start afresh
# (and after changing the expert).
# Usage: [SHARDS=N] [OUT=DIR] bench/converge.sh [DEALS] [VARIANT] [K...]
#        (defaults 2000, traditional, K = 128 256)
set -eu
cd "$(dirname "$0")/.."
deals=${1:-2000}
variant=${2:-traditional}
shift $(($# < 2 ? $# : 2))
[ $# -eq 0 ] && set -- 128 256
out=${OUT:-build/converge}
cores=$(nproc)
shards=${SHARDS:-$cores}
mkdir -p "$out"
make -s build >/dev/null
bin=build/pyramide
# Stopped, it stops its shards too, and leaves only whole shard files (one
# run at a time in a folder).
trap 'trap - INT TERM; rm -f "$out"/*.json.part*; kill 0' INT TERM
now() { date +%s.%N; }
field() { tr -d ' \n' <"$1" | sed -n "s/.*\"expert\":{\"count\":\([0-9]*\),\"rate\":\([0-9.e-]*\),\"low\":\([0-9.e-]*\),\"high\":\([0-9.e-]*\).*/\\$2/p"; }
echo "$variant, seeds 0..$((deals - 1)), the expert at each K, $shards shards, $cores at once (files in $out)"
previous=
for k in "$@"; do
    name="$out/$variant-$deals-k$k"
    start=$(now)
    missing=$(for s in $(seq 1 "$shards"); do [ -s "$name-$s-of-$shards.json" ] || echo "$s"; done)
    if [ -n "$missing" ]; then
        # One shard a command, at most one a core; a shard's file appears
        # only once it is whole.
        # shellcheck disable=SC2016 # expanded by the inner shell
        echo "$missing" | xargs -P "$cores" -I{} sh -c '
            part="$6-$4-of-$5.json.part$$"
            if "$1" stats --variant "$2" --seeds "0..$(($3 - 1))" --measure expert --expert-samples "$7" \
                --shard "$4/$5" -j1 --json >"$part"; then
                mv "$part" "$6-$4-of-$5.json"
            else
                rm -f "$part"
                exit 1
            fi' shard "$bin" "$variant" "$deals" {} "$shards" "$name" "$k" ||
            { echo "K = $k: a shard failed" >&2; exit 1; }
    fi
    end=$(now)
    files=$(seq 1 "$shards" | sed "s|.*|$name-&-of-$shards.json|")
    # shellcheck disable=SC2086 # one word a file
    "$bin" stats merge --json $files >"$name.json"
    won=$(field "$name.json" 1)
    rate=$(field "$name.json" 2)
    low=$(field "$name.json" 3)
    high=$(field "$name.json" 4)
    awk -v k="$k" -v won="$won" -v r="$rate" -v lo="$low" -v hi="$high" -v p="$previous" -v s="$start" -v e="$end" \
        -v ran="$([ -n "$missing" ] && echo 1 || echo 0)" 'BEGIN {
        change = p == "" ? "" : sprintf(", %+.2f points", 100 * (r - p))
        time = ran ? sprintf("%.1f s", e - s) : "from the files"
        printf "K = %d: %d won, %.2f%% (%.2f-%.2f%%)%s, %s\n", k, won, 100 * r, 100 * lo, 100 * hi, change, time
    }'
    previous=$rate
done
