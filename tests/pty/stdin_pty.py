#!/usr/bin/env python3
"""Readers of stdin on a terminal: `pyramide solve`, `validate -`,
`replay -` and `stats -` with a terminal on stdin say what they wait for,
then read what is typed up to Ctrl-D. Python 3's standard library only.

Usage: stdin_pty.py PYRAMIDE_BINARY
"""
import os
import pty
import select
import subprocess
import sys
import time

BIN = sys.argv[1]


def run_on_terminal(args, typed):
    """Runs BIN ARGS with a pty on stdin; returns (stderr before typing, stdout, stderr, status)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([BIN] + args, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    # The note comes before anything is read: wait for it on stderr.
    early = b""
    deadline = time.time() + 10
    while b"\n" not in early and time.time() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 0.2)
        if ready:
            early += os.read(proc.stderr.fileno(), 4096)
    for line in typed.splitlines():
        os.write(master, line.encode() + b"\n")
        time.sleep(0.01)
    os.write(master, b"\x04")  # Ctrl-D at the start of a line: end of input
    out, err = proc.communicate(timeout=30)
    os.close(master)
    return early.decode(), out.decode(), err.decode(), proc.returncode


def deal(*args):
    return subprocess.run([BIN, "deal"] + list(args), capture_output=True, text=True, check=True).stdout


failures = 0


def check(what, ok, detail=""):
    global failures
    if not ok:
        failures += 1
        print(f"FAILED: {what}\n{detail}")


seed18 = deal("--seed", "18", "--format", "line")
log = subprocess.run([BIN, "solve", "--seed", "18"], capture_output=True, text=True, check=True).stdout
cases = [
    (["solve"], seed18, "a deal or a move log", "result won"),
    (["validate", "-"], seed18, "deals or a move log", "ok: 1 deal"),
    (["replay", "--final", "--ascii", "-"], log, "a move log", "result: won"),
    (["stats", "-", "--measure", "lock", "-j", "1"], seed18, "deals or move logs", "1 deal"),
]
for args, typed, what, expected in cases:
    early, out, err, status = run_on_terminal(args, typed)
    name = "pyramide " + " ".join(args)
    note = f"pyramide: reading {what} from the terminal: type or paste it, then Ctrl-D (or give a file)"
    check(f"{name}: says what it waits for", early.strip() == note, f"stderr before typing: {early!r}")
    check(f"{name}: reads what was typed", status == 0 and expected in out, f"exit {status}\n{out}\n{err}")

# Not a terminal: no note (scripts see only data and errors).
proc = subprocess.run([BIN, "validate", "-"], input=seed18, capture_output=True, text=True)
check("validate - from a pipe: no note", proc.stderr == "" and proc.returncode == 0, proc.stderr)

print(f"stdin_pty: {len(cases) * 2 + 1 - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
