#!/usr/bin/env bash
# A log a game is being played in is never replaced under it: every command
# that writes a file (-o) honours the lock play holds on its log, says who
# holds it and exits 2, and the game goes on saving every move to its log.
source "$(dirname "$0")/lib.sh"

mkfifo moves
"$pyramide" play --seed 18 --log live.log --color never <moves >play.out 2>play.err &
player=$!
exec 3>moves
echo "KS" >&3
for _ in $(seq 50); do grep -q '^KS' live.log 2>/dev/null && break; sleep 0.1; done
before=$(cat live.log)

check_refused() {  # WHAT FILE COMMAND...
    local what=$1 file=$2 err status
    shift 2
    err=$("$@" 2>&1 >/dev/null)
    status=$?
    check_equal "$what: exit status" 2 "$status"
    case $err in
        "pyramide: $file: cannot write: it is open in another pyramide (pid $player)") ok "$what: says who holds it" ;;
        *) fail "$what: unexpected message: $err" ;;
    esac
    check_equal "$what: the log is untouched" "$before" "$(cat live.log)"
}
check_refused "solve -o over the live log" live.log "$pyramide" solve live.log -o live.log
check_refused "deal -o over the live log" live.log "$pyramide" deal --seed 99 -o live.log
ln -s live.log link.log
check_refused "deal -o through a link to it" link.log "$pyramide" deal --seed 99 -o link.log
check_no_temporaries .

# The game goes on writing to the same file.
echo "JD 2C" >&3
echo "quit" >&3
exec 3>&-
wait "$player"
check_equal "play ends normally" 0 $?
check_equal "both moves are in the log" "KS JD 2C" "$(sed -n '/^moves$/,$p' live.log | grep -v '^moves$' | tr '\n' ' ' | sed 's/ $//')"
"$pyramide" validate live.log >/dev/null 2>&1
check_equal "the log validates" 0 $?

# Once the game is over the file is an ordinary one again.
"$pyramide" deal --seed 99 -o live.log 2>/dev/null
check_equal "deal -o replaces a log no game holds" 0 $?
"$pyramide" deal --seed 99 -o fresh.txt 2>/dev/null
check_equal "deal -o writes a new file" 0 $?

# A series being played: a second play --resume of its series file is told
# the series (not "this game") is open elsewhere.
mkfifo series-moves
"$pyramide" play --variant par --games 2 --seed 5 --log s.log <series-moves >/dev/null 2>&1 &
player=$!
exec 4>series-moves
echo draw >&4
for _ in $(seq 50); do [ -e s.series ] && break; sleep 0.1; done
err=$("$pyramide" play --resume s.series </dev/null 2>&1 >/dev/null)
check_equal "a second play of the series" "pyramide: s.series: this series is open in another pyramide (pid $player)" "$err"
echo quit >&4
exec 4>&-
wait "$player"
finish
