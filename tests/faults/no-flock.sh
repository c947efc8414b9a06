#!/usr/bin/env bash
# A file system without locks: flock fails (ENOLCK, or EOPNOTSUPP), made so
# by a preloaded library ($PYRAMIDE_NO_FLOCK). play says once that a second
# play on the log will not be stopped, and plays; with --lock=require it
# refuses (exit 2) and leaves no log. --resume says it too.
source "$(dirname "$0")/lib.sh"
shim=${PYRAMIDE_NO_FLOCK:-}
if [ -z "$shim" ] || [ ! -f "$shim" ]; then
    echo "PYRAMIDE_NO_FLOCK does not name the preload library (ctest sets it)"
    exit 2
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" COLUMNS=200
note="cannot be locked here"

out=$(printf 'qd as\nd\nquit\n' | LD_PRELOAD=$shim "$pyramide" play --seed 7 --log a.log 2>&1)
check_equal "ENOLCK: play goes on" 0 "$?"
check_equal "...saying so once" \
    "a.log: cannot be locked here (No locks available): a second play on this log will not be stopped" \
    "$(grep "$note" <<<"$out")"
check_equal "...and the log keeps the moves" "QD AS,draw" "$(sed -n '/^moves$/,$p' a.log | tail -n +2 | paste -sd,)"

out=$(printf 'd\nquit\n' | PYRAMIDE_FLOCK_ERRNO=95 LD_PRELOAD=$shim "$pyramide" play --seed 7 --log b.log 2>&1)
check_equal "EOPNOTSUPP: said once too" 1 "$(grep -c "b.log: $note (Operation not supported)" <<<"$out")"

out=$(printf 'undo\nd\nd\nquit\n' | LD_PRELOAD=$shim "$pyramide" play --resume a.log 2>&1)
check_equal "--resume: said once, undo and all" 1 "$(grep -c "$note" <<<"$out")"
check_equal "...the log as played" "QD AS,draw,draw" "$(sed -n '/^moves$/,$p' a.log | tail -n +2 | paste -sd,)"

out=$(printf 'd\nquit\n' | LD_PRELOAD=$shim "$pyramide" play --seed 7 --log c.log --lock=require 2>&1)
status=$?
check_equal "--lock=require: refused" 2 "$status"
check_equal "...saying why" "pyramide: c.log: cannot lock: No locks available (--lock=require: no game without its lock)" "$out"
check_equal "...no log left" "no" "$([ -e c.log ] && echo yes || echo no)"
check_no_temporaries .
out=$(printf 'quit\n' | LD_PRELOAD=$shim "$pyramide" play --resume a.log --lock=require 2>&1)
check_equal "--lock=require on --resume: refused" 2 "$?"

out=$(printf 'd\nquit\n' | "$pyramide" play --seed 7 --log d.log --lock=require 2>&1)
check_equal "with locks: nothing said" "0:0" "$?:$(grep -c "$note" <<<"$out")"
finish
