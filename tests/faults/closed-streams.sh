#!/usr/bin/env bash
# Started with stdin, stdout or stderr closed, pyramide must not open a file
# as fd 0-2 and then print into it: `play >&-` would write the screen into
# the move log, `play 2>&-` the signal note. Each log is checked byte for
# byte against the log of the same moves played with all three open.
source "$(dirname "$0")/lib.sh"

printf 'qd as\nd\n' | "$pyramide" play --seed 7 --log reference.log >/dev/null 2>&1
check_equal "reference game: exit status" 0 "$?"

# The screen cannot be written: the game goes on, its log whole, and the
# status and a message say that the screen was lost.
printf 'qd as\nd\n' | "$pyramide" play --seed 7 --log closed-stdout.log >&- 2>closed-stdout.err
check_equal "play >&-: exit status" 2 "$?"
check_equal "play >&-: the message" "pyramide: <stdout>: cannot write: Bad file descriptor" "$(cat closed-stdout.err)"
cmp -s reference.log closed-stdout.log && ok "play >&-: the log holds the moves only" ||
    fail "play >&-: the log differs: $(head -c 300 closed-stdout.log | tr '\n' '|')"

# What a command would print to a closed stdout is lost: never a success.
for args in "deal --seed 3" "deal --seed 0 --count 3 --format line" "solve --seed 18" "validate reference.log" "--version"; do
    # shellcheck disable=SC2086
    "$pyramide" $args >&- 2>closed.err
    check_equal "$args >&-: exit status" 2 "$?"
    check_equal "$args >&-: the message" "pyramide: <stdout>: cannot write: Bad file descriptor" "$(tail -1 closed.err)"
done

"$pyramide" play --seed 7 --log closed-stdin.log <&- >/dev/null
check_equal "play <&-: ends as at the end of input" 0 "$?"
check_equal "...an empty game's log" "closed-stdin.log: ok: move log, variant traditional, 0 moves, unfinished" \
    "$("$pyramide" validate closed-stdin.log 2>&1)"

# stderr closed, then a SIGTERM between moves: the note has nowhere to go,
# and must not go into the log.
mkfifo in
"$pyramide" play --seed 7 --log closed-stderr.log <in >/dev/null 2>&- &
pid=$!
exec 3>in
printf 'qd as\nd\n' >&3
for _ in $(seq 100); do
    [ "$(sed -n '/^moves$/,$p' closed-stderr.log 2>/dev/null | wc -l)" -ge 3 ] && break
    sleep 0.1
done
sleep 0.2  # the prompt after the last move is out: play waits for input
kill -TERM $pid
wait $pid
check_equal "play 2>&- killed by SIGTERM: exit status" 143 "$?"
exec 3>&-
cmp -s reference.log closed-stderr.log && ok "play 2>&-: the log holds the moves only, no signal note" ||
    fail "play 2>&-: the log differs: $(tail -c 200 closed-stderr.log | tr '\n' '|')"

# deal -o with stdout closed: the file is whole, nothing else in it.
"$pyramide" deal --seed 3 -o deal.txt >&-
check_equal "deal -o FILE >&-: the deal" "$("$pyramide" deal --seed 3)" "$(cat deal.txt)"
finish
