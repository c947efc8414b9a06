#!/usr/bin/env bash
# Runs libFuzzer targets one after the other (one core each, so others can
# work), each for SECONDS, and prints the executions of each.
# Usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET...]   (targets: all by default)
#
# New inputs go to BUILD_DIR/corpus/TARGET (fuzz/corpus/TARGET, the checked-in
# seeds and regressions, is only read); a crash, leak or timeout is saved as
# BUILD_DIR/crashes/TARGET-* and stops the run with exit 1. Turn it into
# fuzz/corpus/TARGET/regress-NAME plus a fix.
set -uo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS [TARGET...]" >&2
    exit 2
fi
build=$1
seconds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(deal movelog variant play_command json)
src=$(cd "$(dirname "$0")" && pwd)
status=0
for t in "${targets[@]}"; do
    bin="$build/fuzz/fuzz_$t"
    if [ ! -x "$bin" ]; then
        echo "fuzz: $bin missing: build with -DPYRAMIDE_FUZZ=ON (make fuzz)" >&2
        exit 2
    fi
    mkdir -p "$build/corpus/$t" "$build/crashes"
    log="$build/fuzz-$t.log"
    # -max_len: inputs as long as the reader accepts, and a little longer, so
    # its limits are fuzzed too (libFuzzer's own default follows the corpus):
    # 1 MiB for a variant file, a JSON deal or a log; 1000 bytes for a play line.
    case $t in
        play_command) max_len=$((1000 + 100)) ;;
        *) max_len=$((1024 * 1024 + 1024)) ;;
    esac
    # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: one that needs
    # 2 GB is unbounded memory. Both are findings.
    "$bin" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/crashes/$t-" "$build/corpus/$t" "$src/corpus/$t" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ $rc -ne 0 ]; then
        echo "fuzz: $t: FINDING after ${execs:-?} executions (exit $rc); see $log and $build/crashes/" >&2
        grep -E "^==[0-9]+==ERROR|SUMMARY|fuzz invariant broken|runtime error" "$log" | head -5 >&2
        status=1
    else
        echo "fuzz: $t: ${execs:-?} executions in ${seconds} s, no finding"
    fi
done
exit $status
