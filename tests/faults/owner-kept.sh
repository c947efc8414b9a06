#!/usr/bin/env bash
# Root rewriting another user's file (an admin replaying a player's game,
# -o over a player's deal file) leaves it that user's, with its mode: a
# replaced file keeps its owner, group and permissions. Needs root.
source "$(dirname "$0")/lib.sh"
if [ "$(id -u)" != 0 ]; then
    skip "not root: a file of another user's cannot be made here"
    exit 77
fi
owner() { stat -c '%u:%g %a' "$1"; }

"$pyramide" deal --seed 1 -o deal.txt
chown 65534:65534 deal.txt
chmod 640 deal.txt
"$pyramide" deal --seed 2 -o deal.txt
check_equal "deal -o over another user's file: seed 2 written" "seed 2" "$(sed -n 3p deal.txt)"
check_equal "deal -o over another user's file: owner and mode kept" "65534:65534 640" "$(owner deal.txt)"

# An undo rewrites the log: as root, the player's log stays the player's.
printf 'KS\nquit\n' | "$pyramide" play --seed 18 --log game.log >/dev/null 2>&1
chown 65534:65534 game.log
chmod 600 game.log
printf 'JD 2C\nundo\nquit\n' | "$pyramide" play --resume game.log >/dev/null 2>&1
check_equal "the log lost the undone move" "KS" "$(tail -n1 game.log)"
check_equal "an undo as root: the log's owner and mode kept" "65534:65534 600" "$(owner game.log)"
finish
