#!/usr/bin/env python3
"""Line editing in `pyramide play` on a pseudo-terminal:

  keys      the Up arrow recalls the last line, Left/Right and Backspace edit
            it; no escape sequence reaches the command parser.
  history   a second run of play recalls the first run's lines (the history
            file under $XDG_STATE_HOME/pyramide), without completion spaces,
            and an unreadable history file is left alone, with a message.
  hostile   a history file that is a FIFO, a link to /dev/zero or a file of
            malformed escapes is not read (play starts at once and says
            "history not kept"); a link to a real history file stays a link.
  complete  Tab completes commands and the card names in play right now, and
            lists the candidates when there are several.
  confirm   quit of a game no log keeps asks first (n goes on, y quits).
  restore   a game ended by a signal while the line editor has the terminal
            leaves it as it was (canonical mode, echo on).

Usage: edit_pty.py PYRAMIDE_BINARY [keys|history|hostile|complete|confirm|restore]...  (default: all)
"""
import os
import re
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from play_pty import Terminal, base_env, fail, run_groups  # noqa: E402

UP, LEFT, BACKSPACE = b"\x1b[A", b"\x1b[D", b"\x7f"
SEED = "18"  # its bottom row holds one King, KS, and one Jack, JD


def env_of(tmp):
    return base_env(tmp, XDG_STATE_HOME=os.path.join(tmp, "state"))


def start(binary, tmp, *args):
    return Terminal([binary, "play", "--seed", SEED, "--no-log", *args], env_of(tmp), tmp)


def wait_for(t, needle, what):
    deadline = time.monotonic() + 10
    while needle not in t.text():
        if not t._read_some(deadline):
            raise TimeoutError(f"{what}: no {needle!r}; output so far:\n{t.text()[-800:]}")


def quit_game(t):
    """quit, and yes to losing the unlogged game (asked once a move is made)."""
    t.type(b"quit\n")
    wait_for(t, "quit and lose it? [y/N] ", "quit")
    t.type(b"y\n")


def stock_counts(text):
    return [int(n) for n in re.findall(r"stock (\d+)", text)]


def check_keys(binary, tmp):
    t = start(binary, tmp)
    t.wait_prompts(1, "keys: first prompt")
    t.command("draw")
    # Up recalls "draw"; Left, Backspace and a retyped letter edit it in place.
    t.type(UP + LEFT + BACKSPACE + b"a")
    t.command("")
    t.type(UP)
    t.command("")
    quit_game(t)
    t.wait()
    text = t.text()
    if "unknown command" in text or "\\x1b" in text:
        fail(f"keys: an escape sequence reached the parser:\n{text[-600:]}")
    elif stock_counts(text)[-1:] != [21]:
        fail(f"keys: Up and the edited line did not draw three times (stock {stock_counts(text)}):\n{text[-600:]}")
    else:
        print("ok: keys: Up recalls, Left and Backspace edit; no escape reaches the parser")


def check_history(binary, tmp):
    first = start(binary, tmp)
    first.wait_prompts(1, "history: first run")
    first.command("mo\t")  # completed to "moves " before Enter
    first.command("quit")
    first.wait()
    path = os.path.join(tmp, "state", "pyramide", "history")
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines() if os.path.exists(path) else []
    if "moves" not in lines:
        fail(f"history: {path} does not hold 'moves' (no completion space): {lines}")
    second = start(binary, tmp)
    second.wait_prompts(1, "history: second run")
    second.type(UP + UP)  # "quit", then "moves"
    second.command("")
    second.command("quit")
    second.wait()
    if second.text().count("moves: ") != 1:
        fail(f"history: the second run did not recall the first's 'moves':\n{second.text()[-600:]}")
    else:
        print("ok: history: a second play recalls the first one's lines")
    # A file that is not a history file is not overwritten.
    with open(path, "w") as f:
        f.write("my notes, not a history\n")
    third = start(binary, tmp)
    third.wait_prompts(1, "history: third run")
    third.command("draw")
    quit_game(third)
    third.wait()
    kept = open(path).read()
    if kept != "my notes, not a history\n" or "history not kept" not in third.text():
        fail(f"history: a foreign file was changed ({kept!r}) or not reported:\n{third.text()[-400:]}")
    else:
        print("ok: history: a file that is not a history file is left alone, and play says so")


def check_complete(binary, tmp):
    t = start(binary, tmp)
    t.wait_prompts(1, "complete: first prompt")
    t.command("k\t")  # the only King in play: "KS ", removed alone
    t.command("d\t")  # one command starts with d: draw
    t.type(b"\t\t")  # an empty line: every command and card, listed
    time.sleep(0.3)
    t.type(b"\x15")  # Ctrl-U: the line empty again
    quit_game(t)
    t.wait()
    text = t.text()
    ok = True
    if "left 51" not in text:
        fail(f"complete: 'k<Tab>' did not complete to the King KS and remove it:\n{text[-800:]}")
        ok = False
    if stock_counts(text)[-1:] != [23]:
        fail(f"complete: 'd<Tab>' did not complete to draw (stock {stock_counts(text)}):\n{text[-800:]}")
        ok = False
    listing = [line for line in text.splitlines() if "help" in line and "quit" in line and "JD" in line]
    if not listing or "QH AS" in listing[0]:
        fail(f"complete: two Tabs on an empty line did not list the commands and the cards:\n{text[-800:]}")
        ok = False
    if ok:
        print("ok: complete: Tab completes commands and the cards in play, and lists several")


def check_confirm(binary, tmp):
    t = start(binary, tmp)
    t.wait_prompts(1, "confirm: first prompt")
    t.command("draw")
    t.type(b"quit\n")
    wait_for(t, "quit and lose it? [y/N] ", "confirm: the question")
    n = t.prompts()
    t.type(b"n\n")  # no: the game goes on
    t.wait_prompts(n + 1, "confirm: the game after 'n'")
    t.command("draw")
    quit_game(t)
    status = t.wait()
    counts = stock_counts(t.text())
    if status != 0 or counts[-1:] != [22] or "quit: no log was kept" not in t.text():
        fail(f"confirm: exit {status}, stock {counts}:\n{t.text()[-600:]}")
    else:
        print("ok: confirm: quitting an unlogged game on a terminal asks first; n goes on, y quits")


def check_restore(binary, tmp):
    # sh runs play, then prints the terminal's settings: play is ended by
    # SIGTERM while libedit has the terminal in its own mode.
    script = f"'{binary}' play --seed {SEED} --no-log; echo \"play exit $?\"; stty -a"
    t = Terminal(["/bin/sh", "-c", script], env_of(tmp), tmp)
    t.wait_prompts(1, "restore: first prompt")
    t.type(b"dr")  # half a line: the editor has the terminal
    time.sleep(0.3)
    children = open(f"/proc/{t.pid}/task/{t.pid}/children").read().split()
    if not children:
        fail("restore: play not found under sh")
        return
    os.kill(int(children[0]), signal.SIGTERM)
    t.drain()
    t.wait()
    text = t.text()
    settings = text.split("play exit", 1)[-1]
    if "play exit 143" not in text:
        fail(f"restore: play did not end by SIGTERM (143):\n{text[-600:]}")
    elif re.search(r"(^|\s)-icanon\b", settings) or re.search(r"(^|\s)-echo\b", settings):
        fail(f"restore: the terminal was left raw after the signal:\n{settings[:600]}")
    else:
        print("ok: restore: after SIGTERM mid-line the terminal is canonical with echo, as before")


def check_hostile(binary, tmp):
    folder = os.path.join(tmp, "state", "pyramide")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "history")
    cases = [
        ("a FIFO", lambda: os.mkfifo(path)),
        ("a link to /dev/zero", lambda: os.symlink("/dev/zero", path)),
        ("malformed escapes", lambda: open(path, "w").write("_HiStOrY_V2_\n\\xzz\n")),
    ]
    for what, make in cases:
        make()
        started = time.monotonic()
        t = start(binary, tmp)
        t.wait_prompts(1, f"hostile: {what}")
        took = time.monotonic() - started
        t.command("draw")
        quit_game(t)
        t.wait()
        if "history not kept" not in t.text():
            fail(f"hostile: {what}: play did not say the history is not kept:\n{t.text()[-400:]}")
        elif took > 5:
            fail(f"hostile: {what}: the first prompt took {took:.1f} s")
        else:
            print(f"ok: hostile: {what}: not read, and play says so")
        os.remove(path)
    # A link to a real history file: the file gets the line, the link stays.
    real = os.path.join(tmp, "my-history")
    with open(real, "w") as f:
        f.write("_HiStOrY_V2_\nmoves\n")
    os.symlink(real, path)
    t = start(binary, tmp)
    t.wait_prompts(1, "hostile: a link")
    t.command("draw")
    quit_game(t)
    t.wait()
    lines = open(real).read().splitlines()
    if not os.path.islink(path):
        fail("hostile: the link to the history file was replaced by a plain file")
    elif lines[:2] != ["_HiStOrY_V2_", "moves"] or "draw" not in lines:
        fail(f"hostile: the linked history file does not hold the new line: {lines}")
    else:
        print("ok: hostile: a link to the history file stays a link, and its file gets the line")


def main():
    checks = {"keys": check_keys, "history": check_history, "hostile": check_hostile, "complete": check_complete, "confirm": check_confirm,
              "restore": check_restore}
    return run_groups(__doc__, checks, "pyramide-edit.", "all line-editing checks passed")


if __name__ == "__main__":
    sys.exit(main())
