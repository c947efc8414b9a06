#!/bin/sh
# Fair-play check: was this move log played on deal SEED of its variant, with
# every move legal? One command does it: `pyramide validate --seed SEED LOG`
# compares the log's cards, place by place, with deal SEED of the log's
# variant (in any accepted spelling: lower case, 10 for T, suit symbols,
# comments), then replays every move. A log whose `seed` line names another
# deal than its cards is refused by validate whatever seed is asked for.
#
# Usage: fair-play.sh [-v VARIANT_FILE.toml] LOG [SEED]
#   SEED  the seed the player was given; default: the seed the log claims
#   -v    the variant file, for a log of a variant defined in a file
# Exit status: 0 the log is a legal game on deal SEED, 1 it is not, 2 the log
# cannot be read, names no seed and none was given, or bad usage.
# Runs $PYRAMIDE, else `pyramide` on PATH, else this checkout's build/pyramide.
set -eu

# shellcheck disable=SC1091  # sourced from beside this script
. "$(dirname "$0")/find-pyramide.sh"
pyramide=$(find_pyramide "$(dirname "$0")") || exit 2
variant_file=""
usage() {
    echo "usage: $0 [-v VARIANT_FILE.toml] LOG [SEED]" >&2
    exit 2
}
while getopts v: opt; do
    case $opt in
        v) variant_file=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
log=$1
seed=${2:-}

if [ -z "$seed" ]; then
    # The seed the log claims (validate checks that it deals the log's cards).
    seed=$(sed -n 's/^[[:space:]]*[sS][eE][eE][dD][[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p' "$log" | head -n 1)
    if [ -z "$seed" ]; then
        echo "fair-play: $log names no seed: give the seed the player was dealt" >&2
        exit 2
    fi
fi

status=0
out=$("$pyramide" validate ${variant_file:+--variant "$variant_file"} --seed "$seed" "$log" 2>&1) || status=$?
case $status in
    0)
        variant=${out#*: ok: move log, variant }
        echo "fair: $log was played on deal $seed of ${variant%%,*}"
        ;;
    1) echo "NOT fair: ${out#pyramide: }" ;;
    *) echo "fair-play: ${out#pyramide: }" >&2 ;;
esac
exit "$status"
