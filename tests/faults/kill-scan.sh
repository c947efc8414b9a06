#!/usr/bin/env bash
# play killed at every system call by which it changes a file: every log
# append, log creation (link), rewrite (rename), series line, lock, fsync
# and removal, in a series of three Par games and in a series whose next
# game is given up by an undo back into the game before. After each kill,
# every log left validates, no game is counted twice, and the series (or
# the first log) resumes: `play --resume` continues it (exit 0 at the end
# of its input). The kills come from a preloaded library
# ($PYRAMIDE_KILL_AT_CALL), SIGKILL by default, SIGHUP with
# PYRAMIDE_KILL_SIGNAL=1.
source "$(dirname "$0")/lib.sh"
shim=${PYRAMIDE_KILL_AT_CALL:-}
if [ -z "$shim" ] || [ ! -f "$shim" ]; then
    echo "PYRAMIDE_KILL_AT_CALL does not name the preload library (ctest sets it)"
    exit 2
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

moves() { "$pyramide" solve --any --variant par --seed "$1" -o "sol$1.log" >/dev/null 2>&1; sed -n '/^moves$/,/^result/p' "sol$1.log" | sed '1d;$d'; }
{ moves 5; moves 6; printf 'draw\ndraw\n'; } >three.txt || exit 2
{ moves 5; printf 'undo\nundo\nredo\nredo\nundo\n'; moves 5 | tail -n 1; printf 'draw\nquit\n'; } >undo-back.txt || exit 2

# check_after WHAT: the folder `run` as a killed play left it.
check_after() {
    local what=$1 log rc err
    for log in run/*.log; do
        [ -e "$log" ] || continue
        err=$("$pyramide" validate "$log" 2>&1 >/dev/null) || { fail "$what: $log does not validate: $err"; return; }
    done
    if [ -e run/g.series ]; then
        err=$("$pyramide" validate run/g.series 2>&1 >/dev/null) || { fail "$what: g.series does not validate: $err"; return; }
        err=$(cd run && "$pyramide" play --resume g.series </dev/null 2>&1 >/dev/null)
        rc=$?
    elif [ -e run/g.log ]; then
        err=$(cd run && "$pyramide" play --resume g.log </dev/null 2>&1 >/dev/null)
        rc=$?
    else
        return 0  # killed before the first log: nothing was played
    fi
    case $rc in
        0) ;;
        2) case $err in *"is over"*) ;; *) fail "$what: cannot resume: $err" ;; esac ;;
        *) fail "$what: resume ended $rc: $err" ;;
    esac
}

# Every point in a plain build; every fourth under the sanitizers, which run
# each play several times slower.
step=1
[ "$sanitized" = 1 ] && step=4

scan() {  # NAME INPUT [SIGNAL]
    local name=$1 input=$2 signal=${3:-9} points k
    rm -rf run && mkdir run
    (cd run && PYRAMIDE_KILL_REPORT=../points LD_PRELOAD=$shim \
        "$pyramide" play --variant par --games 3 --seed 5 --log g.log <"../$input" >/dev/null 2>&1)
    points=$(cat points)
    [ "$points" -gt 10 ] || { fail "$name: only $points points to scan"; return; }
    local before=$failures
    for ((k = 1; k <= points; k += step)); do
        rm -rf run && mkdir run
        (cd run && PYRAMIDE_KILL_AT=$k PYRAMIDE_KILL_SIGNAL=$signal LD_PRELOAD=$shim \
            "$pyramide" play --variant par --games 3 --seed 5 --log g.log <"../$input" >/dev/null 2>&1) 2>/dev/null
        check_after "$name: killed at call $k of $points"
    done
    [ $failures -eq $before ] && ok "$name: every one of $points kill points leaves a resumable series"
}
scan "three games" three.txt
scan "undo back" undo-back.txt
scan "three games, SIGHUP" three.txt 1
finish
