#!/usr/bin/env bash
# play --resume of a series reads each log once: the last game's log is
# locked, then read (one read-only open), not read with the others first and
# read again to go on with it. Counted with strace (skipped without it).
source "$(dirname "$0")/lib.sh"
if ! command -v strace >/dev/null || ! strace -f -o /dev/null true 2>/dev/null; then
    echo "skipped: strace cannot trace here"
    exit 77
fi

moves() { "$pyramide" solve --any --variant par --seed "$1" -o "sol$1.log" >/dev/null; sed -n '/^moves$/,/^result/p' "sol$1.log" | sed '1d;$d'; }
{ moves 5; printf 'draw\n'; } | "$pyramide" play --variant par --games 3 --seed 5 --log g.log >/dev/null
check_equal "the series is cut in game 2" "game g.log,game g-2.log" "$(grep '^game ' g.series | paste -sd,)"

# opens COUNT-FILE LOG: the read-only opens of LOG in the traced run.
opens() { grep -c "open.*\"$2\", O_RDONLY" "$1"; }
strace -f -e trace=open,openat -o trace.txt "$pyramide" play --resume g.series </dev/null >/dev/null 2>&1
check_equal "the first game's log is read once" 1 "$(opens trace.txt g.log)"
check_equal "the last game's log is read once" 1 "$(opens trace.txt g-2.log)"
check_equal "the last game's log is opened to write once (its lock)" 1 "$(grep -c 'open.*"g-2.log", O_RDWR' trace.txt)"
finish
