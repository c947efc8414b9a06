#!/usr/bin/env python3
"""Runs `pyramide play` on a pseudo-terminal, as a person (or an SSH session)
would, and checks what only a terminal can show:

  render   colour and Unicode decisions (TERM, NO_COLOR, --color, the locale,
           --ascii): the first screen must match exactly.
  hangup   a game cut off at several points, by SIGHUP, a closed terminal,
           SIGTERM, Ctrl-C and Ctrl-D, leaves a log that validates and holds
           exactly the moves made so far; --resume then finishes it, and the
           final log is byte-identical to an uninterrupted game's.
  lock     two games on one log (a dropped SSH link whose game still runs,
           and --resume from a new login): the second is refused, naming the
           first's pid, also after the first's undo has replaced the log
           file; once the first is killed (SIGKILL), the log resumes.
  early-keys  a Ctrl-D typed as soon as the prompt shows ends the game, with
           the switch into line-editing mode slowed down (the library in
           $PYRAMIDE_SLOW_RAW_MODE, preloaded): the mode is set before the
           prompt is written, so no key meets the terminal's cooked mode.
  width    windows of 80 and 40 columns (TIOCSWINSZ), every variant: no line
           of help, hint, moves, messages or position is wider than the
           window; a window resized during a game is followed.

Usage: play_pty.py PYRAMIDE_BINARY [render|hangup|lock|early-keys|width]...   (default: all)
Every wait is bounded; a failure prints what was expected and what was seen.
"""
import os
import pty
import re
import select
import fcntl
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

STEP_TIMEOUT = 10.0  # seconds for one answer; a healthy run needs milliseconds
# The prompt for a command, and the question at the end of a game.
PROMPT = re.compile(rb"(?:^|\n)> |another game\? \[y/N\] ")

failures = []


def fail(what):
    failures.append(what)
    print("FAIL: " + what, flush=True)


def set_window(fd, cols, rows=30):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Terminal:
    """One `pyramide play` on its own pty, the pty its controlling terminal
    (pty.fork() makes the child a session leader), as over `ssh -t`."""

    def __init__(self, argv, env, cwd, cols=None):
        self.out = b""
        self.status = None
        pid, fd = pty.fork()
        if pid == 0:
            try:
                if cols:
                    set_window(0, cols)
                os.chdir(cwd)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.closed = False

    def _read_some(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or self.closed:
            return False
        ready, _, _ = select.select([self.fd], [], [], remaining)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child has gone and the pty is closed
            data = b""
        if not data:
            self.closed = True
            return False
        self.out += data
        return True

    def prompts(self):
        return len(PROMPT.findall(self.out))

    def wait_prompts(self, n, what):
        deadline = time.monotonic() + STEP_TIMEOUT
        while self.prompts() < n:
            if not self._read_some(deadline):
                raise TimeoutError(f"{what}: no prompt #{n}; output so far:\n{self.text()[-2000:]}")

    def type(self, data):
        os.write(self.fd, data)

    def resize(self, cols):
        set_window(self.fd, cols)

    def command(self, line):
        """Types a line and waits for the next prompt (or the end of the game)."""
        n = self.prompts()
        self.type(line.encode() + b"\n")
        deadline = time.monotonic() + STEP_TIMEOUT
        while self.prompts() <= n:
            if not self._read_some(deadline):
                break

    def drain(self):
        """Reads what is left until the child closes the pty."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while self._read_some(deadline):
            pass

    def close(self):
        if not self.closed:
            os.close(self.fd)
            self.closed = True

    def wait(self):
        """The exit status (a number), or -SIGNAL; kills the child after the timeout."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                raise TimeoutError(f"the game did not end; its terminal's last output:\n{self.text()[-600:]}")
            if not self.closed:
                self._read_some(time.monotonic() + 0.05)
            else:
                time.sleep(0.02)
        if not self.closed:
            self.drain()
            self.close()
        self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def text(self):
        return self.out.decode("utf-8", "replace").replace("\r\n", "\n")


def base_env(tmp, **extra):
    env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "XDG_DATA_HOME": os.path.join(tmp, "data"),
           "XDG_CONFIG_HOME": os.path.join(tmp, "config"), "TERM": "xterm", "LC_ALL": "C.UTF-8"}
    for key, value in extra.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


# ---------------------------------------------------------------- render

HEAD = "variant traditional, seed 7\nno log is kept\ntype help for the commands\n\n"

# Seed 7's first screen, up to the first prompt. {X}: a red card; [X]: a card
# in play (bracketed, and the brackets bold when in colour).
SCREEN = """\
               {4♥}
             5♠  {J♦}
           3♣  {4♦}  {T♦}
         K♣  {6♥}  4♣  {7♦}
       {9♥}  2♠  {K♥}  J♣  T♠
     {2♦}  7♠  4♠  7♣  2♣  T♣
  [9♣][3♠][{Q♦}][{2♥}][{8♥}][6♣][A♠]
  stock 24   turned --   waste --   left 52
> """


def screen(unicode, colour):
    text = SCREEN
    if not unicode:
        for symbol, letter in zip("♠♥♦♣", "SHDC"):
            text = text.replace(symbol, letter)
    if colour:
        text = re.sub(r"\[([^\]]+)\]", "\x1b[1m[\x1b[0m\\1\x1b[1m]\x1b[0m", text)
        text = re.sub(r"\{(..)\}", "\x1b[31m\\1\x1b[0m", text)
    else:
        text = re.sub(r"\{(..)\}", "\\1", text)
    return HEAD + text


PLAIN_UNICODE = screen(unicode=True, colour=False)
PLAIN_ASCII = screen(unicode=False, colour=False)
COLOUR_UNICODE = screen(unicode=True, colour=True)
COLOUR_ASCII = screen(unicode=False, colour=True)


def first_screen(binary, tmp, args, **env):
    term = Terminal([binary, "play", "--seed", "7", "--no-log"] + args, base_env(tmp, **env), tmp)
    try:
        term.wait_prompts(1, "first screen")
    finally:
        term.type(b"quit\n")
        term.wait()
    text = term.text()
    return text[: text.index("\n> ") + 3] if "\n> " in text else text


def check_render(binary, tmp):
    cases = [
        ("a terminal, TERM=xterm, C.UTF-8", [], {}, COLOUR_UNICODE),
        ("NO_COLOR=1", [], {"NO_COLOR": "1"}, PLAIN_UNICODE),
        ("NO_COLOR set but empty", [], {"NO_COLOR": ""}, COLOUR_UNICODE),
        ("TERM=dumb", [], {"TERM": "dumb"}, PLAIN_UNICODE),
        ("TERM unset", [], {"TERM": None}, COLOUR_UNICODE),
        ("--color=never", ["--color=never"], {}, PLAIN_UNICODE),
        ("--color=always with TERM=dumb", ["--color=always"], {"TERM": "dumb"}, COLOUR_UNICODE),
        ("--color=always with NO_COLOR", ["--color=always"], {"NO_COLOR": "1"}, COLOUR_UNICODE),
        ("LC_ALL=C", [], {"LC_ALL": "C"}, COLOUR_ASCII),
        ("LC_ALL=C over LANG=en_US.UTF-8", [], {"LC_ALL": "C", "LANG": "en_US.UTF-8"}, COLOUR_ASCII),
        ("LANG=en_US.UTF-8 alone", [], {"LC_ALL": None, "LANG": "en_US.UTF-8"}, COLOUR_UNICODE),
        ("LC_CTYPE=C.utf8 alone", [], {"LC_ALL": None, "LC_CTYPE": "C.utf8"}, COLOUR_UNICODE),
        ("no locale variables", [], {"LC_ALL": None}, COLOUR_ASCII),
        ("--ascii in a UTF-8 locale", ["--ascii"], {}, COLOUR_ASCII),
        ("--ascii --color=never", ["--ascii", "--color=never"], {}, PLAIN_ASCII),
    ]
    for name, args, env, expected in cases:
        seen = first_screen(binary, tmp, args, **env)
        if seen != expected:
            fail(f"render: {name}:\n--- expected\n{expected!r}\n--- seen\n{seen!r}")
        else:
            print(f"ok: render: {name}")

    # Output to a pipe is not a terminal: no colour in auto mode, whatever TERM says.
    run = subprocess.run([binary, "play", "--seed", "7", "--no-log"], input=b"quit\n", capture_output=True,
                         env=base_env(tmp), timeout=STEP_TIMEOUT)
    if b"\x1b[" in run.stdout:
        fail("render: stdout to a pipe with TERM=xterm has escape sequences")
    else:
        print("ok: render: no colour when stdout is a pipe")


# ---------------------------------------------------------------- hangup

# Seed 18 of the traditional game, won in 52 moves (found by `pyramide solve
# --seed 18`), with commands that change nothing and a draw taken back.
WIN_SEED = "18"
WIN_MOVES = """KS|JD 2C|TD 3H|TC 3D|draw|draw|TS 3C|draw|draw|9H 4H|draw|QD AC|KD|draw|9S 4C|draw|7C 6C|
draw|draw|draw|draw|draw|draw|QS AD|8D 5H|8C 5D|draw|8S 5C|draw|JH 2H|draw|QH AS|9D 4S|KH|8H 5S|draw|
7D 6D|draw|JC 2S|draw|9C 4D|draw|KC|draw|7H 6H|draw|JS 2D|draw|7S 6S|TH 3S|draw|QC AH""".replace("\n", "")
COMMANDS = WIN_MOVES.split("|")
COMMANDS[3:3] = ["moves"]
COMMANDS[9:9] = ["draw", "undo"]  # COMMANDS[9] is "draw" followed by "undo"
COMMANDS[25:25] = ["hint", "show", ""]
NOT_MOVES = {"moves", "hint", "show", ""}


def moves_after(k):
    """The log's move lines after the first k commands."""
    stack = []
    for c in COMMANDS[:k]:
        if c == "undo":
            stack.pop()
        elif c not in NOT_MOVES:
            stack.append(c)
    return stack


def play_commands(term, commands):
    for c in commands:
        term.command(c)


def reference_log(binary, tmp):
    path = os.path.join(tmp, "uninterrupted.log")
    term = Terminal([binary, "play", "--seed", WIN_SEED, "--log", path], base_env(tmp), tmp)
    term.wait_prompts(1, "uninterrupted game")
    play_commands(term, COMMANDS)
    term.command("n")  # another game? no
    status = term.wait()
    if status != 0 or "You won (all 52 cards removed): 0 cards left." not in term.text():
        raise AssertionError(f"the uninterrupted game did not end in a win (status {status}):\n{term.text()[-800:]}")
    with open(path) as f:
        return f.read()


def check_cut(binary, tmp, final_log, name, k, how, expect_status):
    """Plays the first k commands, cuts the game off `how`, checks the log,
    resumes it and finishes the game."""
    path = os.path.join(tmp, f"cut-{name}.log")
    term = Terminal([binary, "play", "--seed", WIN_SEED, "--log", path], base_env(tmp), tmp)
    term.wait_prompts(1, name)
    play_commands(term, COMMANDS[:k])
    in_flight = False
    if how == "hup":
        os.kill(term.pid, signal.SIGHUP)
    elif how == "hup-mid-line":
        term.type(b"qc a")  # half a command, no Enter
        time.sleep(0.05)
        os.kill(term.pid, signal.SIGHUP)
    elif how == "hup-in-flight":
        # The kill races the move: the log must hold either k or k+1 moves' worth.
        term.type(COMMANDS[k].encode() + b"\n")
        os.kill(term.pid, signal.SIGHUP)
        in_flight = True
    elif how == "close-terminal":
        term.close()  # the kernel hangs up the session, as when an SSH link drops
    elif how == "term":
        os.kill(term.pid, signal.SIGTERM)
    elif how == "ctrl-c":
        term.type(b"\x03")
    elif how == "ctrl-d":
        term.type(b"\x04")
    status = term.wait()
    if status != expect_status:
        fail(f"hangup: {name}: exit status {status}, expected {expect_status}\n{term.text()[-600:]}")
    if how not in ("close-terminal", "ctrl-d"):
        note = f"pyramide: interrupted; the game is saved: pyramide play --resume {path}"
        if note not in term.text():
            fail(f"hangup: {name}: no note '{note}' on the terminal:\n{term.text()[-400:]}")

    with open(path) as f:
        cut = f.read()
    header = final_log[: final_log.index("\nmoves\n") + len("\nmoves\n")]
    expected = [header + "".join(m + "\n" for m in moves_after(k))]
    if in_flight:
        expected.append(header + "".join(m + "\n" for m in moves_after(k + 1)))
    if cut not in expected:
        fail(f"hangup: {name}: the cut log is not the moves made so far:\n--- expected\n{expected[0]}\n--- seen\n{cut}")
        return
    valid = subprocess.run([binary, "validate", path], capture_output=True, text=True, timeout=STEP_TIMEOUT)
    if valid.returncode != 0 or not valid.stdout.endswith("unfinished\n"):
        fail(f"hangup: {name}: validate says ({valid.returncode}): {valid.stdout}{valid.stderr}")
    shown = subprocess.run([binary, "replay", "--final", path], capture_output=True, text=True, timeout=STEP_TIMEOUT)
    # replay's status for an unfinished game is 1 (not won), like the worked example's.
    if shown.returncode != 1 or "\nresult: unfinished, " not in shown.stdout:
        fail(f"hangup: {name}: replay says ({shown.returncode}): {shown.stdout[-300:]}{shown.stderr}")

    done = k + 1 if in_flight and cut == expected[1] else k
    made = len(moves_after(done))
    term = Terminal([binary, "play", "--resume", path], base_env(tmp), tmp)
    term.wait_prompts(1, name + " resumed")
    title = f"variant traditional, seed {WIN_SEED}, resumed after {made} move{'' if made == 1 else 's'}"
    if title not in term.text():
        fail(f"hangup: {name}: resumed game does not say '{title}':\n{term.text()[:300]}")
    play_commands(term, COMMANDS[done:])
    term.command("n")  # another game? no: a resumed game ends as a fresh one does
    status = term.wait()
    if status != 0:
        fail(f"hangup: {name}: the resumed game ended with status {status}:\n{term.text()[-600:]}")
    with open(path) as f:
        resumed = f.read()
    if resumed != final_log:
        fail(f"hangup: {name}: the resumed game's log differs from the uninterrupted one:\n{resumed}")
    else:
        print(f"ok: hangup: {name}: cut after {made} moves, resumed to the same log")


def check_hangup(binary, tmp):
    final_log = reference_log(binary, tmp)
    if not final_log.endswith("QC AH\nresult won\n"):
        fail(f"hangup: the uninterrupted log does not end with the winning move:\n{final_log}")
    cuts = [
        ("hup-at-start", 0, "hup", 129),
        ("hup-after-1", 1, "hup", 129),
        ("hup-before-undo", 10, "hup", 129),  # the log holds the draw that the resumed game takes back
        ("close-terminal-after-undo", 11, "close-terminal", 129),
        ("hup-mid-line", 20, "hup-mid-line", 129),
        ("hup-in-flight", 24, "hup-in-flight", 129),
        ("sigterm", 33, "term", 143),
        ("ctrl-c", 41, "ctrl-c", 130),
        ("ctrl-d", 47, "ctrl-d", 0),
        ("hup-before-last-move", len(COMMANDS) - 1, "hup", 129),
    ]
    for name, k, how, status in cuts:
        check_cut(binary, tmp, final_log, name, k, how, status)


# ---------------------------------------------------------------- early keys

def check_early_keys(binary, tmp):
    shim = os.environ.get("PYRAMIDE_SLOW_RAW_MODE")
    if not shim:
        raise AssertionError("PYRAMIDE_SLOW_RAW_MODE is not set (ctest sets it to tests/pty/slow_raw_mode's library)")
    # A sanitizer's runtime wants to be loaded first; the preloaded library is.
    env = base_env(tmp, LD_PRELOAD=shim, ASAN_OPTIONS="verify_asan_link_order=0")
    for k in (0, 3):
        path = os.path.join(tmp, f"early-{k}.log")
        term = Terminal([binary, "play", "--seed", WIN_SEED, "--log", path], env, tmp)
        term.wait_prompts(1, f"early keys after {k} moves")
        play_commands(term, COMMANDS[:k])
        term.type(b"\x04")  # at once: the prompt is on the screen
        status = term.wait()
        if status != 0:
            fail(f"early-keys: Ctrl-D after {k} commands: exit status {status}, expected 0\n{term.text()[-400:]}")
        else:
            print(f"ok: early-keys: a Ctrl-D typed as the prompt showed, after {k} commands, ended the game")


# ---------------------------------------------------------------- lock

def race_undo(binary, tmp, path, first, rounds=100):
    """Second games started again and again while the first takes a move back
    and makes it again: each undo replaces the log file, and a second game
    that opened the old file must still never get in (without the check that
    the path still names the locked file, 400 rounds let one in about one run
    in three)."""
    stop = threading.Event()
    results = []

    def keep_trying():
        while not stop.is_set():
            run = subprocess.run([binary, "play", "--resume", path], stdin=subprocess.DEVNULL, capture_output=True,
                                 text=True, env=base_env(tmp), timeout=STEP_TIMEOUT)
            results.append((run.returncode, run.stderr))

    tries = threading.Thread(target=keep_trying)
    tries.start()
    try:
        for _ in range(rounds):
            first.command("undo")
            first.command("TD 3H")
    finally:
        stop.set()
        tries.join()
    let_in = [r for r in results if r[0] != 2 or "this game is open in another pyramide" not in r[1]]
    if let_in or not results:
        fail(f"lock: during {rounds} undos, {len(let_in)} of {len(results)} second games were not refused: {let_in[:2]}")
    else:
        print(f"ok: lock: {len(results)} second games tried during {rounds} undos: all refused")
    run = subprocess.run([binary, "validate", path], capture_output=True, text=True, timeout=STEP_TIMEOUT)
    if run.stdout != f"{path}: ok: move log, variant traditional, 3 moves, unfinished\n":
        fail(f"lock: after the undos the log is not the first game's 3 moves: {run.stdout}{run.stderr}")


def check_lock(binary, tmp):
    path = os.path.join(tmp, "shared.log")
    first = Terminal([binary, "play", "--seed", WIN_SEED, "--log", path], base_env(tmp), tmp)
    first.wait_prompts(1, "lock: the first game")
    play_commands(first, WIN_MOVES.split("|")[:3])

    def second_is_refused(when):
        with open(path, "rb") as f:
            before = f.read()
        run = subprocess.run([binary, "play", "--resume", path], stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, env=base_env(tmp), timeout=STEP_TIMEOUT)
        expected = f"pyramide: {path}: this game is open in another pyramide (pid {first.pid})\n"
        with open(path, "rb") as f:
            after = f.read()
        if run.returncode != 2 or run.stderr != expected or "resumed" in run.stdout:
            fail(f"lock: {when}: a second play --resume: exit {run.returncode}, expected 2 and {expected!r}:\n"
                 f"{run.stdout[-300:]}{run.stderr}")
        elif after != before:
            fail(f"lock: {when}: the refused second game changed the log")
        else:
            print(f"ok: lock: {when}: a second play --resume is refused, naming the first's pid")

    second_is_refused("while the first plays")
    first.command("undo")
    if "undone: TD 3H" not in first.text():
        fail(f"lock: the first game's undo: {first.text()[-300:]}")
    second_is_refused("after the first's undo replaced the log")
    first.command("TD 3H")
    second_is_refused("after the first's next move")
    race_undo(binary, tmp, path, first)
    os.kill(first.pid, signal.SIGKILL)
    if first.wait() != -signal.SIGKILL:
        fail(f"lock: the first game did not die of SIGKILL: {first.status}")
    resumed = Terminal([binary, "play", "--resume", path], base_env(tmp), tmp)
    resumed.wait_prompts(1, "lock: resumed after SIGKILL")
    resumed.command("quit")
    status = resumed.wait()
    if status != 0 or f"seed {WIN_SEED}, resumed after 3 moves" not in resumed.text():
        fail(f"lock: after SIGKILL of the first, --resume: exit {status}:\n{resumed.text()[-400:]}")
    else:
        print("ok: lock: a killed game's lock does not block: the log resumes with its 3 moves")


# ---------------------------------------------------------------- width

# Commands that print the help, a hint, the moves, messages (some of them
# long), positions and a command to paste at the end (quit with a log).
WIDTH_COMMANDS = ["help", "hint", "moves", "zz", "qh qh", "save /nonexistent/folder/copy.log", "d", "undo",
                  "d", "d", "?", "show", "quit"]
ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def widths(text):
    """The lines of a terminal's text, colour removed, with their width (a suit symbol takes one column)."""
    return [(len(ESCAPE.sub("", line)), line) for line in text.split("\n")]


def check_width(binary, tmp):
    variants = ["traditional", "triangle", "giza", "reserve", "apophis", "spanish", "par", "tut"]
    for variant in variants:
        for cols in (80, 40):
            # Short: a command to paste is never broken, however long its path.
            log = f"{variant[:5]}{cols}.log"
            term = Terminal([binary, "play", "--variant", variant, "--seed", "5", "--log", log],
                            base_env(tmp, COLUMNS=None), tmp, cols=cols)
            term.wait_prompts(1, f"width: {variant} at {cols}")
            play_commands(term, WIDTH_COMMANDS)
            term.wait()
            text = term.text()
            wide = [(n, line) for n, line in widths(text) if n > cols]
            # A game quit before its first move keeps no log, so no command to resume it.
            seen = all(s in text for s in ("this list", "\nhint: ", "\nmoves: ", "left ")) and (
                "--resume " + log in text or "quit before the first move" in text)
            if wide or not seen:
                fail(f"width: {variant} at {cols} columns: {len(wide)} lines wider: {wide[:3]}"
                     f"{'' if seen else '; not all of help, hint, moves, status, resume shown'}\n{text[-1500:]}")
            else:
                print(f"ok: width: {variant} at {cols} columns: every line fits")
    # Resized from 80 to 40 columns during the game: the next screens follow.
    term = Terminal([binary, "play", "--seed", "5", "--no-log"], base_env(tmp, COLUMNS=None), tmp, cols=80)
    term.wait_prompts(1, "width: resized")
    term.command("help")
    before = max(n for n, _ in widths(term.text()))
    mark = len(term.text())
    term.resize(40)
    play_commands(term, ["help", "show", "moves", "quit"])  # no move made: quit asks nothing
    term.wait()
    after = max(n for n, _ in widths(term.text()[mark:]))
    if before <= 40 or after > 40:
        fail(f"width: resized from 80 to 40: widest line {before} before, {after} after:\n{term.text()[mark:]}")
    else:
        print(f"ok: width: resized from 80 to 40 columns: widest line {before}, then {after}")


def run_groups(doc, checks, prefix, done):
    """Runs the groups named after the binary on the command line (all of
    `checks` without any), each in a fresh folder; the exit status."""
    if len(sys.argv) < 2:
        print(doc, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    for group in sys.argv[2:] or list(checks):
        with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
            try:
                checks[group](binary, tmp)
            except (TimeoutError, AssertionError, OSError) as e:
                fail(f"{group}: {e}")
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print(done)
    return 0


def main():
    checks = {"render": check_render, "hangup": check_hangup, "lock": check_lock, "early-keys": check_early_keys,
              "width": check_width}
    return run_groups(__doc__, checks, "pyramide-pty.", "all pty checks passed")


if __name__ == "__main__":
    sys.exit(main())
