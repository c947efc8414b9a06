#!/usr/bin/env bash
# A move log cut at any byte after its "moves" line (play killed, or the disk
# full, while appending a move) still validates: a cut at the end of a line is
# simply a shorter game; a cut inside a line leaves a torn last line, ignored
# with a warning (formats/movelog.md).
source "$(dirname "$0")/lib.sh"
example=$(dirname "$(realpath "$0")")/../../examples/worked-example.log

total=$(wc -c <"$example")
start=$(grep -b -m1 '^moves$' "$example" | cut -d: -f1)
start=$((start + 6))  # just after "moves\n"
cuts=0
for ((n = start; n <= total; n++)); do
    head -c "$n" "$example" >cut.log
    err=$("$pyramide" validate cut.log 2>&1 >/dev/null)
    status=$?
    cuts=$((cuts + 1))
    if [ $status -ne 0 ]; then
        fail "cut after $n bytes: exit $status: $err"
        continue
    fi
    if [ "$(tail -c1 cut.log | od -An -c | tr -d ' ')" = '\n' ]; then
        [ -z "$err" ] || fail "cut after $n bytes (a whole line): unexpected message: $err"
    else
        case $err in
            "pyramide: cut.log:"*": warning: torn last line ignored (no final newline): '"*) ;;
            "") # only blanks or a comment were cut: nothing was lost
                tail -n1 cut.log | grep -Eq '^[[:space:]]*(#.*)?$' ||
                    fail "cut after $n bytes: a torn move ignored without a warning" ;;
            *) fail "cut after $n bytes: unexpected message: $err" ;;
        esac
    fi
done
[ $failures -eq 0 ] && ok "all $cuts cuts validate"

# A torn move is not played: cut "JC 2D" to "JC 2".
head -c "$(($(grep -b -m1 '^JC 2D' "$example" | cut -d: -f1) + 4))" "$example" >torn.log
check_equal "the torn move is not played" "torn.log: ok: move log, variant traditional, 1 move, unfinished (torn last line ignored)" \
    "$("$pyramide" validate torn.log 2>/dev/null)"
check_equal "--json says so" \
    '"warnings":[{"line":19,"col":0,"message":"torn last line ignored (no final newline): '"'"'JC 2'"'"'"}]' \
    "$("$pyramide" validate --json torn.log 2>/dev/null | grep -o '"warnings":\[[^]]*\]')"
check_equal "replay --json says so too" \
    '"warnings":[{"line":19,"col":0,"message":"torn last line ignored (no final newline): '"'"'JC 2'"'"'"}]' \
    "$("$pyramide" replay --json torn.log 2>/dev/null | grep -o '"warnings":\[[^]]*\]')"
finish
