#!/usr/bin/env bash
# A stderr that cannot be written (2>/dev/full, a full disk) is no reason to
# abort: what cannot be told is dropped, the exit status still tells it (2),
# and no core is dumped. With stdout full too, play keeps its log.
source "$(dirname "$0")/lib.sh"
ulimit -c 0

full_stderr() {  # WHAT EXPECTED_STATUS COMMAND...
    local what=$1 expected=$2 status
    shift 2
    "$@" </dev/null >/dev/null 2>/dev/full
    status=$?
    check_equal "$what" "$expected" "$status"
}
full_stderr "validate of a missing file" 2 "$pyramide" validate missing.log
full_stderr "an unknown subcommand" 2 "$pyramide" bogus
full_stderr "a bad option value" 2 "$pyramide" deal --seed x
full_stderr "a bad option" 2 "$pyramide" solve --no-such-option
printf 'pyramide-deal 1\nvariant traditional\npyramid\n  XX\n' >bad.txt
full_stderr "a deal file that breaks the rules" 2 "$pyramide" solve bad.txt
full_stderr "stats merge of a missing part" 2 "$pyramide" stats merge missing.json

echo KS | "$pyramide" play --seed 18 --log game.log >/dev/full 2>/dev/full
check_equal "play with stdout and stderr full" 2 $?
check_equal "its log has the move" "KS" "$(tail -n1 game.log)"
"$pyramide" validate game.log >/dev/null 2>&1
check_equal "its log validates" 0 $?
finish
