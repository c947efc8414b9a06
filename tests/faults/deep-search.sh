#!/usr/bin/env bash
# A variant whose winning line is thousands of moves long (one row, 99
# passes, four waste piles: a line of 3,826 moves) is searched to the end
# whatever stack the process was given: a small `ulimit -s` for solve, and
# `ulimit -s unlimited` (2 MiB worker threads) for stats on two threads.
source "$(dirname "$0")/lib.sh"
cat >deep.toml <<'TOML'
base = "overlapping"
name = "deep"
summary = "one row, 99 passes, 4 waste piles"
rows = 1
passes = 99
waste_piles = 4
TOML

(ulimit -s 3000 && exec "$pyramide" solve -v deep.toml --seed 1 -o win.log) 2>err.txt
check_equal "solve with a 3 MB stack" 0 $?
"$pyramide" validate -v deep.toml win.log >/dev/null 2>&1 || "$pyramide" validate win.log >/dev/null 2>&1
check_equal "its line validates" 0 $?
check_equal "it is a long line" yes "$([ "$(sed -n '/^moves$/,$p' win.log | wc -l)" -gt 1000 ] && echo yes)"

(ulimit -s unlimited && exec "$pyramide" stats -v deep.toml --seeds 0..3 -j2 --measure won --json) >stats.json 2>err.txt
check_equal "stats -j2 with ulimit -s unlimited" 0 $?
check_equal "every deal measured" '"deals":4' "$(grep -o '"deals":4' stats.json)"
finish
