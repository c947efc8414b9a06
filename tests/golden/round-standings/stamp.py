#!/usr/bin/env python3
"""Adds a round's time stamps (formats/movelog.md) to a move log, as play
writes them in a round: a start stamp after `moves`, a move stamp after each
move, STEP ms apart from START ms. --aids K:WHAT,... puts an aid stamp (hint,
undo, redo) after move K. Usage: stamp.py START STEP [--aids 3:hint] < log"""
import datetime
import sys

start, step = int(sys.argv[1]), int(sys.argv[2])
aids = {}
if len(sys.argv) > 4 and sys.argv[3] == "--aids":
    for item in sys.argv[4].split(","):
        k, what = item.split(":")
        aids.setdefault(int(k), []).append(what)
seq, now, moves, in_moves = 0, start, 0, False


def stamp(what):
    global seq, now
    seq += 1
    t = datetime.datetime.fromtimestamp(now / 1000, datetime.timezone.utc)
    print(f"#@ {seq} {t.strftime('%Y-%m-%dT%H:%M:%S')}.{now % 1000:03d}Z {what}")
    now += step


for line in sys.stdin.read().splitlines():
    print(line)
    if line == "moves":
        in_moves = True
        stamp("start")
    elif in_moves and line and not line.startswith(("result", "#")):
        moves += 1
        stamp("move")
        for what in aids.get(moves, []):
            stamp(what)
