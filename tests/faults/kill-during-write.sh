#!/usr/bin/env bash
# `deal -o FILE` killed while writing leaves FILE as it was (absent, or its
# old content): output goes to a temporary file renamed into place only when
# whole. A catchable signal also removes the temporary file.
source "$(dirname "$0")/lib.sh"

# Starts a long deal into $1, waits until its temporary file (".pyramide-XXXXXX"
# in the same folder) holds data, kills
# it with signal $2; its exit status goes in $killed_status.
deal_and_kill() {
    "$pyramide" deal --seed 1 --count 100000000 -o "$1" &
    local pid=$! waited=0
    until [ -n "$(find . -maxdepth 1 -name ".pyramide-*" -size +64k 2>/dev/null)" ]; do
        sleep 0.05
        waited=$((waited + 1))
        if [ $waited -gt 400 ]; then
            fail "no temporary file grew within 20 s"
            kill -KILL $pid
            break
        fi
    done
    kill -"$2" $pid
    wait $pid
    killed_status=$?
}

deal_and_kill new.txt TERM
check_equal "killed by SIGTERM (128 + 15)" 143 "$killed_status"
[ ! -e new.txt ] && ok "SIGTERM: no file where there was none" || fail "SIGTERM: new.txt exists"
check_no_temporaries .

printf 'old content\n' >old.txt
deal_and_kill old.txt HUP
check_equal "killed by SIGHUP (128 + 1)" 129 "$killed_status"
check_equal "SIGHUP: the old file is intact" "old content" "$(cat old.txt)"
check_no_temporaries .

# SIGKILL cannot be caught: the temporary file stays, the target is untouched.
deal_and_kill old.txt KILL
check_equal "killed by SIGKILL (128 + 9)" 137 "$killed_status"
check_equal "SIGKILL: the old file is intact" "old content" "$(cat old.txt)"
rm -f .pyramide-*

# Not killed: the whole file, and it reads back.
"$pyramide" deal --seed 1 --count 1000 --format line -o whole.txt
check_equal "a finished write is whole" "whole.txt: ok: 1000 deals, variant traditional" "$("$pyramide" validate whole.txt 2>&1)"
check_no_temporaries .
finish
