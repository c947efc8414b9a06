#!/usr/bin/env python3
"""`pyramide solve --shortest` under Microsoft's rules, beside mchung94/pyramid-solver.

Usage: bench/shortest.py [DECKS] [FIRST_SEED]   (`make bench-shortest`)

Solves the `microsoft` preset's deals of seeds FIRST_SEED.. (default 150 from
0), one process at a time, start-up included, and prints each deal's result
and time and a summary (mean, median, maximum; winnable and unwinnable apart).

When SBCL is installed (`apt-get install sbcl`) and MCHUNG94_SRC names a copy
of github.com/mchung94/pyramid-solver's source (not part of this project:
fetch it yourself), it solves each deck with that too, deck by deck
interleaved, and counts its line in pyramide's moves (bench/mchung94_count.py)
so the lengths can be compared: a line of ours longer than its, so counted,
would not be the shortest, and is reported as an error (exit 1), as is a deck
the two disagree on. TIMEOUT (seconds, default 120) bounds each solve.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYRAMIDE = os.environ.get("PYRAMIDE", os.path.join(ROOT, "build", "pyramide"))
TIMEOUT = float(os.environ.get("TIMEOUT", "120"))


def timed(cmd, stdin=None):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, TIMEOUT
    return out, time.perf_counter() - start


def ours(seed):
    out, secs = timed([PYRAMIDE, "solve", "-v", "microsoft", "--seed", str(seed), "--shortest", "--json"])
    if out is None:
        return "timeout", None, secs
    result = json.loads(out.stdout)
    return result["result"], len(result.get("moves", [])) if result["result"] == "won" else None, secs


def theirs(src, deck):
    forms = [
        '(require "asdf")',
        f'(push #p"{src}/" asdf:*central-registry*)',
        '(let ((*error-output* (make-broadcast-stream))) (asdf:load-system "pyramid-solver"))',
        f'(let ((*print-right-margin* 1000000)) (format t "~s~%" (ps:solve (ps:string->card-list "{deck}"))))',
    ]
    cmd = ["sbcl", "--noinform", "--dynamic-space-size", "8192", "--non-interactive", "--no-userinit"]
    for form in forms:
        cmd += ["--eval", form]
    out, secs = timed(cmd)
    if out is None:
        return "timeout", None, None, secs
    line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    count = subprocess.run([sys.executable, os.path.join(HERE, "mchung94_count.py"), deck], input=line,
                           capture_output=True, text=True)
    if count.returncode != 0:
        raise SystemExit(f"deck {deck}: {count.stderr.strip()}")
    steps, moves = count.stdout.split()
    if steps == "none":
        return "no solution", None, None, secs
    return "won", int(steps), int(moves), secs


def summary(name, times):
    if not times:
        return f"  {name}: none"
    return (f"  {name}: {len(times)} decks, mean {statistics.mean(times):.3f} s, "
            f"median {statistics.median(times):.3f} s, max {max(times):.2f} s")


def main():
    decks = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    src = os.environ.get("MCHUNG94_SRC")
    both = bool(src and shutil.which("sbcl") and os.path.exists(os.path.join(src, "pyramid-solver.asd")))
    if not both:
        print("mchung94/pyramid-solver not run: set MCHUNG94_SRC to its source and install sbcl to compare")
    rows, errors = [], 0
    for seed in range(first, first + decks):
        deck = subprocess.run([PYRAMIDE, "deal", "-v", "microsoft", "--seed", str(seed), "--format", "mchung94"],
                              capture_output=True, text=True, check=True).stdout
        deck = "".join(l for l in deck.splitlines() if not l.startswith("#"))
        mine = ours(seed)
        text = f"seed {seed:4}  pyramide: {mine[0]:11} {mine[1] or '':>3} moves {mine[2]:7.3f} s"
        other = None
        if both:
            other = theirs(src, deck)
            text += f"   mchung94: {other[0]:11} {other[1] or '':>3} steps = {other[2] or '':>3} moves {other[3]:7.3f} s"
            if "timeout" not in (mine[0], other[0]):
                if (mine[0] == "won") != (other[0] == "won"):
                    text += "   ERROR: they disagree"
                    errors += 1
                elif mine[0] == "won" and mine[1] > other[2]:
                    text += "   ERROR: ours is longer"
                    errors += 1
        print(text, flush=True)
        rows.append((mine, other))
    print(f"\nmicrosoft, seeds {first}..{first + decks - 1}, one process at a time, start-up included")
    for label, pick in (("pyramide", 0), ("mchung94", 1)):
        if pick == 1 and not both:
            continue
        res = [r[pick] for r in rows]
        secs = [r[-1] for r in res]
        won = [r[-1] for r in res if r[0] == "won"]
        lost = [r[-1] for r in res if r[0] == "no solution"]
        print(f"{label}: {len(won)} won, {len(lost)} no solution, "
              f"{sum(r[0] == 'timeout' for r in res)} past {TIMEOUT:.0f} s")
        print(summary("all", secs))
        print(summary("winnable", won))
        print(summary("unwinnable", lost))
    if both:
        same = sum(1 for m, o in rows if m[0] == "won" and o[0] == "won" and m[1] == o[2])
        shorter = sum(1 for m, o in rows if m[0] == "won" and o[0] == "won" and m[1] < o[2])
        print(f"both won {sum(1 for m, o in rows if m[0] == o[0] == 'won')}: the same length in our moves "
              f"{same}, ours shorter {shorter} (its line is the fewest steps in its own count); errors {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
