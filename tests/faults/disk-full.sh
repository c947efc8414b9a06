#!/usr/bin/env bash
# A full disk, or a file size limit, while writing: the error names the path,
# the old file is intact, no temporary file is left. Three ways to fill up:
# `ulimit -f` (always), /dev/full for stdout (always), and a 64 KiB tmpfs
# (needs root and mount namespaces: skipped with a message otherwise), where
# play's undo, which rewrites the log, is tried too.
source "$(dirname "$0")/lib.sh"

# 1. ulimit -f: writes past 16 KiB fail with EFBIG (pyramide ignores SIGXFSZ,
#    which would otherwise kill it with the file half-written).
printf 'old content\n' >deals.txt
err=$(ulimit -f 16; "$pyramide" deal --seed 1 --count 1000 -o deals.txt 2>&1)
status=$?
check_equal "ulimit -f: exit status" 2 "$status"
check_equal "ulimit -f: message" "pyramide: deals.txt: cannot write: File too large" "$err"
check_equal "ulimit -f: the old file is intact" "old content" "$(cat deals.txt)"
check_no_temporaries .

# 2. /dev/full on stdout: through Output (deal) and through plain printing (validate).
err=$("$pyramide" deal --seed 1 --count 100 2>&1 >/dev/full)
check_equal "deal > /dev/full" "2:pyramide: <stdout>: cannot write: No space left on device" "$?:$err"
"$pyramide" deal --seed 1 --count 3 --format line >three.txt
err=$("$pyramide" validate three.txt 2>&1 >/dev/full)
check_equal "validate > /dev/full" "2:pyramide: <stdout>: cannot write: No space left on device" "$?:$err"
err=$("$pyramide" validate --json three.txt 2>&1 >/dev/full)
check_equal "validate --json > /dev/full" "2:pyramide: <stdout>: cannot write: No space left on device" "$?:$err"

# 3. A real full file system: a 64 KiB tmpfs in a private mount namespace.
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
    skip "tmpfs: needs root and unshare"
    finish
fi
mkdir small
cat >inside.sh <<INSIDE
mount -t tmpfs -o size=64k tmpfs small || exit 77
printf 'old content\n' >small/deals.txt
"$pyramide" deal --seed 1 --count 1000 -o small/deals.txt 2>err.txt
echo \$? >status.txt
cat small/deals.txt >old.txt
find small -name '.pyramide-*' >left.txt
INSIDE
unshare -m bash inside.sh 2>mount-error.txt
if [ $? = 77 ] || [ ! -f status.txt ]; then
    skip "tmpfs: cannot mount here ($(head -1 mount-error.txt))"
    finish
fi
check_equal "tmpfs: exit status" 2 "$(cat status.txt)"
check_equal "tmpfs: message" "pyramide: small/deals.txt: cannot write: No space left on device" "$(cat err.txt)"
check_equal "tmpfs: the old file is intact" "old content" "$(cat old.txt)"
check_equal "tmpfs: no temporary file left" "" "$(cat left.txt)"

# 4. undo on a full disk: the log cannot be rewritten, so the move stays (in
#    the game and in the log), play says why and goes on. A move appended
#    still fits: the log's last page on the tmpfs has room.
cat >undo.sh <<INSIDE
mount -t tmpfs -o size=64k tmpfs small || exit 77
mkfifo in
# A wide screen (COLUMNS): the message stays on one line for grep.
COLUMNS=160 "$pyramide" play --seed 7 --log small/game.log <in >undo-out.txt 2>&1 &
pid=\$!
exec 3>in
printf 'qd as\nd\nd\n' >&3
for _ in \$(seq 100); do
    [ "\$(sed -n '/^moves$/,\$p' small/game.log | wc -l)" -ge 4 ] && break
    sleep 0.1
done
dd if=/dev/zero of=small/filler bs=4k 2>/dev/null
printf 'undo\nd\nquit\n' >&3
exec 3>&-
wait \$pid
echo \$? >undo-status.txt
sed -n '/^moves$/,\$p' small/game.log | tail -n +2 | paste -sd, >undo-moves.txt
"$pyramide" validate small/game.log >undo-valid.txt 2>&1
find small -name '.pyramide-*' >undo-left.txt
INSIDE
unshare -m bash undo.sh 2>mount-error.txt
check_equal "undo on a full disk: play goes on, and ends as asked" 0 "$(cat undo-status.txt)"
check_equal "...saying why" "cannot undo: the log could not be rewritten: small/game.log: cannot write: No space left on device" \
    "$(grep '^cannot undo' undo-out.txt)"
check_equal "...the move stays in the log, the next is appended" "QD AS,draw,draw,draw" "$(cat undo-moves.txt)"
check_equal "...the log is valid" "small/game.log: ok: move log, variant traditional, 4 moves, unfinished" "$(cat undo-valid.txt)"
check_equal "...no temporary file left" "" "$(cat undo-left.txt)"

# 5. Moves on a full disk: the log's last page is full (a comment pads it to
#    4093 bytes), so the next move cannot be appended. play says so at once,
#    keeps playing, offers save FILE (written elsewhere), and writes the moves
#    kept back as soon as there is room again; nothing played is lost.
cat >moves.sh <<INSIDE
mount -t tmpfs -o size=64k tmpfs small || exit 77
printf 'qd as\n' | "$pyramide" play --seed 7 --log small/game.log >/dev/null 2>&1
pad=\$(( 4093 - \$(stat -c %s small/game.log) - 3 ))
printf '# %s\n' "\$(head -c \$pad /dev/zero | tr '\\0' x)" >>small/game.log
mkfifo in
COLUMNS=400 "$pyramide" play --resume small/game.log <in >moves-out.txt 2>&1 &
pid=\$!
exec 3>in
dd if=/dev/zero of=small/filler bs=4k 2>/dev/null
printf 'd\nd\nsave elsewhere.log\n' >&3
for _ in \$(seq 100); do grep -q '^saved elsewhere.log' moves-out.txt && break; sleep 0.1; done
sed -n '/^moves$/,\$p' small/game.log | grep -v '^#' | tail -n +2 | paste -sd, >moves-full.txt
rm small/filler
printf 'd\nquit\n' >&3
exec 3>&-
wait \$pid
echo \$? >moves-status.txt
sed -n '/^moves$/,\$p' small/game.log | grep -v '^#' | tail -n +2 | paste -sd, >moves-log.txt
"$pyramide" validate small/game.log >moves-valid.txt 2>&1
INSIDE
unshare -m bash moves.sh 2>mount-error.txt
check_equal "moves on a full disk: play goes on, and ends as asked" 0 "$(cat moves-status.txt)"
check_equal "...saying at once that the move is not saved, and why" \
    "not saved: small/game.log: cannot write: No space left on device; 1 move kept here only, written again at your next move (save FILE writes the game elsewhere),not saved: small/game.log: cannot write: No space left on device; 2 moves kept here only, written again at your next move (save FILE writes the game elsewhere)" \
    "$(grep '^not saved' moves-out.txt | paste -sd,)"
check_equal "...the log stays whole meanwhile" "QD AS" "$(cat moves-full.txt)"
check_equal "...save FILE writes the whole game elsewhere" "QD AS,draw,draw" \
    "$(sed -n '/^moves$/,$p' elsewhere.log | tail -n +2 | paste -sd,)"
check_equal "...with room again, the log catches up" "saved again: the log holds every move" "$(grep '^saved again' moves-out.txt)"
check_equal "...nothing played is lost" "QD AS,draw,draw,draw" "$(cat moves-log.txt)"
check_equal "...the log is valid" "small/game.log: ok: move log, variant traditional, 4 moves, unfinished" "$(cat moves-valid.txt)"
finish
