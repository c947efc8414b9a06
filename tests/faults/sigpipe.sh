#!/usr/bin/env bash
# When the reader of stdout goes away (`| head -1`), pyramide stops at once and
# says nothing, even when its parent ignores SIGPIPE (as Python and some CI
# runners do, which would otherwise turn it into a "Broken pipe" error).
source "$(dirname "$0")/lib.sh"

run_head() {
    # timeout: a writer that ignored the closed pipe would run for minutes.
    timeout 60 "$pyramide" "$@" 2>err.txt | head -1 >out.txt
    echo "${PIPESTATUS[0]}"
}

status=$(run_head deal --count 1000000)
check_equal "deal | head -1: first line" "pyramide-deal 1" "$(cat out.txt)"
check_equal "deal | head -1: nothing on stderr" "" "$(cat err.txt)"
case $status in 0 | 141) ok "deal | head -1: ended by the pipe (status $status)" ;;
    *) fail "deal | head -1: status $status (124 is a timeout)" ;; esac

status=$(trap '' PIPE; run_head deal --count 1000000 --format line --seed 5)
check_equal "SIGPIPE ignored by the parent: nothing on stderr" "" "$(cat err.txt)"
case $status in 0 | 141) ok "SIGPIPE ignored by the parent: ended by the pipe (status $status)" ;;
    *) fail "SIGPIPE ignored by the parent: status $status" ;; esac

finish
