#!/usr/bin/env python3
"""A whole Par Pyramide series (six games, --games 6) played on a
pseudo-terminal as a person would, with the line editor:

  series   each game's winning line (from `pyramide solve`) typed in: a draw
           after a draw recalled with the Up arrow, the first draw of a
           game completed from "d" with Tab, the first card of a pair
           completed with Tab; undo and redo in game 1, and undo before
           game 2's first move back into game 1 (redo ends it again); in game 3 the terminal is closed (an SSH link
           dropping), and `play --resume SERIES` on a new terminal goes on
           from the same move with the running total of the games before;
           the series ends "par: played well", every log validates, the
           series file lists the six, and `stats` reads it as one complete
           par series. The screen, its escape sequences taken out, is
           written to par-series.transcript beside this script when
           UPDATE=1; the game lines of a run must be that file's.

Usage: series_pty.py PYRAMIDE_BINARY [series]
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from play_pty import Terminal, base_env, fail, run_groups, STEP_TIMEOUT  # noqa: E402

UP = b"\x1b[A"
FIRST_SEED = 10  # par deals 10 to 15 are all winnable
DROP_GAME, DROP_AFTER = 3, 5  # the terminal closes after 5 moves of game 3
TRANSCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "par-series.transcript")
# The lines that say how the series goes: compared with the transcript's.
STORY = re.compile(r"^(game \d of 6|You |total score|series of|end of input|the game is saved|back to|undone|redone)")


def env_of(tmp):
    return base_env(tmp, XDG_STATE_HOME=os.path.join(tmp, "state"))


def winning_line(binary, tmp, seed):
    path = os.path.join(tmp, f"sol{seed}.log")
    run = subprocess.run([binary, "solve", "--any", "--variant", "par", "--seed", str(seed), "-o", path],
                         capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise AssertionError(f"par seed {seed} has no winning line: {run.stdout}{run.stderr}")
    with open(path) as f:
        lines = f.read().split("\nmoves\n", 1)[1].splitlines()
    return [m for m in lines if m and not m.startswith("result")]


def type_move(term, move, previous):
    """Types one move as a player with a line editor would."""
    if move == "draw" and previous == "draw":
        term.command(UP.decode())  # the last line again
    elif move == "draw":
        term.command("d\t")  # Tab: the only command starting with d
    elif " " in move:
        first, second = move.split(" ")
        term.type(first.lower().encode() + b"\t")  # Tab: the card in play, and a space
        time.sleep(0.01)
        term.command(second.lower())
    else:
        term.command(move)


def strip_screen(raw):
    text = raw.decode("utf-8", "replace")
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\x07", "", text)
    return text.replace("\r\n", "\n").replace("\r", "")


def check_series(binary, tmp):
    lines = {seed: winning_line(binary, tmp, seed) for seed in range(FIRST_SEED, FIRST_SEED + 6)}
    series = os.path.join(tmp, "par.series")
    cmd = [binary, "play", "--variant", "par", "--games", "6", "--seed", str(FIRST_SEED), "--log",
           os.path.join(tmp, "par.log"), "--color", "never"]
    term = Terminal(cmd, env_of(tmp), tmp)
    term.wait_prompts(1, "series: game 1")
    screens = []
    for game in range(1, 7):
        moves = lines[FIRST_SEED + game - 1]
        start = 0
        if game == DROP_GAME:
            previous = None
            for move in moves[:DROP_AFTER]:
                type_move(term, move, previous)
                previous = move
            term.close()  # the SSH link drops: the kernel hangs the session up
            status = term.wait()
            if status != 129:
                fail(f"series: the dropped game ended with status {status}, expected 129 (hangup)")
            screens.append(term.out)
            term = Terminal([binary, "play", "--resume", series, "--color", "never"], env_of(tmp), tmp)
            term.wait_prompts(1, "series: resumed")
            resumed = f"game {DROP_GAME} of 6: variant par, seed {FIRST_SEED + DROP_GAME - 1}, resumed after {DROP_AFTER} moves"
            if resumed not in term.text():
                fail(f"series: the resumed game does not say '{resumed}':\n{term.text()[:400]}")
            start = DROP_AFTER
        if game == 2:
            # Before game 2's first move: back into game 1, whose last move
            # comes again with redo, ending it again.
            term.command("undo")
            term.command("redo")
        previous = moves[start - 1] if start else None
        for i, move in enumerate(moves[start:]):
            type_move(term, move, previous)
            previous = move
            if game == 1 and i == 2:
                term.command("undo")
                term.command("redo")
                previous = None  # the line Up recalls is now "redo"
    status = term.wait()
    screens.append(term.out)
    text = "".join(strip_screen(s) for s in screens)
    if status != 0 or "series of 6 games: total score" not in text or "par: played well" not in text:
        fail(f"series: the series did not end par (status {status}):\n{text[-1200:]}")
    check_logs(binary, tmp, series)
    check_transcript(text.replace(tmp, "TMP"))


def check_logs(binary, tmp, series):
    run = subprocess.run([binary, "validate", series], capture_output=True, text=True, timeout=STEP_TIMEOUT)
    if run.stdout != f"{series}: ok: series, variant par, 6 of 6 games: 6 won, 0 lost, 0 unfinished\n":
        fail(f"series: validate of the series file says: {run.stdout}{run.stderr}")
    for game in range(1, 7):
        name = "par.log" if game == 1 else f"par-{game}.log"
        with open(os.path.join(tmp, name)) as f:
            log = f.read()
        if f"\nseed {FIRST_SEED + game - 1}\n" not in log or not re.search(r"\nresult won score \d+\n$", log):
            fail(f"series: {name} is not game {game}'s won log:\n{log[-200:]}")
    run = subprocess.run([binary, "stats", series], capture_output=True, text=True, timeout=STEP_TIMEOUT)
    if "series of 6: 1 complete, 1 par" not in run.stdout:
        fail(f"series: stats does not read the file as one par series: {run.stdout}{run.stderr}")


def check_transcript(text):
    story = [line for line in text.splitlines() if STORY.match(line)]
    if os.environ.get("UPDATE") == "1":
        with open(TRANSCRIPT, "w") as f:
            f.write(text)
        print(f"series: {TRANSCRIPT} written")
    with open(TRANSCRIPT) as f:
        expected = [line for line in f.read().splitlines() if STORY.match(line)]
    if story != expected:
        fail("series: the game lines differ from par-series.transcript's:\n" + "\n".join(story))
    else:
        print(f"ok: series: six games, a dropped terminal in game {DROP_GAME} resumed, par; {len(story)} lines as in the transcript")


def main():
    return run_groups(__doc__, {"series": check_series}, "pyramide-series.", "all series checks passed")


if __name__ == "__main__":
    sys.exit(main())
