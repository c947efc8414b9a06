#!/usr/bin/env bash
# A play killed while an undo rewrites its log leaves a temporary file
# (".pyramide-PID-XXXXXX") beside the log. validate and stats never read it
# as a log (they say once that they skipped it); the next play and
# play --resume in that folder remove it, saying so once. Only a file whose
# writer is provably gone goes: one whose pid is alive, or that a live
# process holds a lock on, or whose name carries no pid, stays. The kill
# comes from the preloaded library of kill-scan ($PYRAMIDE_KILL_AT_CALL).
source "$(dirname "$0")/lib.sh"
export COLUMNS=200  # play's messages on one line each, for grep
shim=${PYRAMIDE_KILL_AT_CALL:-}
if [ -z "$shim" ] || [ ! -f "$shim" ]; then
    echo "PYRAMIDE_KILL_AT_CALL does not name the preload library (ctest sets it)"
    exit 2
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
temporaries() { find "$1" -maxdepth 1 -name '.pyramide-*' -printf '%f\n' | sort | paste -sd,; }

# 1. Kill play at each point of a game with an undo until one leaves a
#    temporary file: the undo's rewrite, killed before its rename.
printf 'qd as\nd\nd\nundo\nquit\n' >moves.txt
mkdir games
left=
for k in $(seq 1 40); do
    rm -f games/* games/.pyramide-*
    { (cd games && PYRAMIDE_KILL_AT=$k LD_PRELOAD=$shim "$pyramide" play --seed 7 --log game.log <../moves.txt >/dev/null 2>&1); } 2>/dev/null
    left=$(temporaries games)
    [ -n "$left" ] && [ "$(sed -n '/^moves$/,$p' games/game.log 2>/dev/null | wc -l)" = 4 ] && break
    left=
done
if [ -z "$left" ]; then
    fail "no kill point left a temporary file"
    finish
fi
ok "a kill at point $k of the undo left $left"

# 2. Files that must stay: a live pid in the name; a lock a live process
#    holds (its name's pid gone); no pid in the name.
sleep 60 &
alive=$!
: >"games/.pyramide-$alive-alive0"
sh -c 'exit 0' &
wait $!
gone=$!
: >"games/.pyramide-$gone-locked"
flock "games/.pyramide-$gone-locked" sleep 60 &
holder=$!
: >games/.pyramide-nopid0
trap 'kill $alive $holder 2>/dev/null; chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
sleep 0.2

# 3. validate and stats: the temporary file is no log.
out=$("$pyramide" validate games/game.log "games/$left" 2>err.txt)
check_equal "validate: only the log is checked" "games/game.log: ok: move log, variant traditional, 3 moves, unfinished" "$out"
check_equal "validate: says once what it skipped" "pyramide: skipped 1 temporary file of a write not finished (not a log): games/$left" "$(cat err.txt)"
out=$("$pyramide" stats games/game.log games/.pyramide-* 2>err.txt)
check_equal "stats: one log counted" "variant traditional, 1 log: 0 won, 0 lost, 1 unfinished" "$(head -1 <<<"$out")"
check_equal "stats: says so once" 1 "$(grep -c '^pyramide: skipped 4 temporary files' err.txt)"

# 4. play --resume: the dead writer's file removed, said once; the others stay.
out=$(cd games && "$pyramide" play --resume game.log </dev/null 2>&1)
check_equal "play --resume says once what it removed" \
    "removed 1 temporary file that a stopped pyramide left in .: $left" "$(grep '^removed' <<<"$out" | head -3)"
check_equal "...and the game goes on" 1 "$(grep -c 'resumed after 3 moves' <<<"$out")"
check_equal "only the dead writer's file is gone" \
    "$(printf '%s\n' ".pyramide-$alive-alive0" ".pyramide-$gone-locked" .pyramide-nopid0 | sort | paste -sd,)" \
    "$(temporaries games)"

# 5. A new game in that folder cleans it too, and a second play finds nothing to say.
sh -c ': >"games/.pyramide-$$-dead00"'
out=$(printf 'quit\n' | "$pyramide" play --seed 8 --log games/new.log 2>&1)
check_equal "play (a new game) removes it" \
    "removed 1 temporary file that a stopped pyramide left in games: .pyramide-" "$(grep -o '^removed.*: .pyramide-' <<<"$out")"
out=$(printf 'quit\n' | "$pyramide" play --seed 9 --log games/third.log 2>&1)
check_equal "nothing left to say the next time" 0 "$(grep -c '^removed' <<<"$out")"
kill $alive $holder 2>/dev/null
finish
