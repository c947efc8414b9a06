#!/usr/bin/env python3
"""A hosted round over a real OpenSSH sshd: the test starts sshd as the
current user on a free port, with its own host key and an authorized_keys
whose keys each force `pyramide play --round R --player NAME` with
`restrict` (one with `restrict,pty`, as docs/hosting.md advises), then
drives the real ssh client on a pseudo-terminal.

Checks: two players at once; a connection dropped mid-game and resumed; a
second connection as the same player turned away; attempts to reach a shell
(`!sh`, `help` then `!sh`, Ctrl-Z, a very long line, escape sequences,
TERM=../../x, an SSH command argument) giving nothing but the game; a
player on a host terminal whose window is 40 columns gets lines that fit,
and Ctrl-Z there stops nothing; the standings afterwards equal to those the logs give through validate.
Exit 77 (skipped) only when sshd cannot start here, saying why.
Usage: ssh_round.py PYRAMIDE_BINARY"""
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import time

SKIP = 77
failures = []


def fail(what):
    failures.append(what)
    print(f"ssh: FAIL: {what}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """The ssh client on a pseudo-terminal."""

    def __init__(self, argv, env=None, columns=80):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(argv[0], argv, env or os.environ)
        # The window the player's terminal has, which ssh passes on where the key allows a terminal.
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, columns, 0, 0))
        self.out = b""

    def read(self, timeout=10, until=None):
        end = time.time() + timeout
        while time.time() < end:
            if until and until.encode() in self.out:
                return True
            r, _, _ = select.select([self.fd], [], [], 0.2)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return until is None
                if not data:
                    return until is None
                self.out += data
        return until is None or until.encode() in self.out

    def send(self, text):
        os.write(self.fd, text.encode() if isinstance(text, str) else text)

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.wait()

    def wait(self, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                try:
                    os.close(self.fd)
                except OSError:
                    pass
                return os.waitstatus_to_exitcode(status)
            self.read(0.2)
        self.kill()
        return None


def main():
    binary = os.path.abspath(sys.argv[1])
    sshd = shutil.which("sshd") or "/usr/sbin/sshd"
    if not os.path.exists(sshd) or not shutil.which("ssh"):
        print("ssh: skipped: no sshd or ssh here (Debian: openssh-server, openssh-client)")
        return SKIP
    work = tempfile.mkdtemp(prefix="pyramide-ssh.")
    try:
        return run(binary, sshd, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(binary, sshd, work):
    user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    round_dir = os.path.join(work, "r")
    subprocess.run([binary, "round", "new", round_dir, "--seeds", "111,124"], check=True, capture_output=True)
    wins = {}
    for seed in (111, 124):
        log = os.path.join(work, f"w{seed}.log")
        subprocess.run([binary, "solve", "--seed", str(seed), "-o", log], check=True)
        lines = open(log).read().split("\n")
        wins[seed] = lines[lines.index("moves") + 1:lines.index("result won")]
    keys = {}
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/host"], check=True)
    auth = []
    for name in ("alice", "bob", "carol", "dave"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/{name}"], check=True)
        keys[name] = f"{work}/{name}"
        pub = open(f"{work}/{name}.pub").read().strip()
        # Dave's line allows a terminal (docs/hosting.md): the game gets his window's width.
        options = "restrict,pty" if name == "dave" else "restrict"
        auth.append(f'command="{binary} play --round {round_dir} --player {name}",{options} {pub}')
    open(f"{work}/authorized_keys", "w").write("\n".join(auth) + "\n")
    os.chmod(f"{work}/authorized_keys", 0o600)
    port = free_port()
    open(f"{work}/sshd_config", "w").write(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {work}/host\nPidFile {work}/sshd.pid\n"
        f"AuthorizedKeysFile {work}/authorized_keys\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
        f"KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nAcceptEnv LANG LC_* TERM PYRAMIDE_*\n"
        f"LogLevel ERROR\n")
    os.makedirs("/run/sshd", exist_ok=True) if os.geteuid() == 0 else None
    daemon = subprocess.Popen([sshd, "-D", "-e", "-f", f"{work}/sshd_config"], stderr=subprocess.PIPE)
    time.sleep(1)
    if daemon.poll() is not None:
        print(f"ssh: skipped: sshd cannot start here: {daemon.stderr.read().decode().strip()[:300]}")
        return SKIP
    try:
        return scenario(binary, work, round_dir, user, port, keys, wins)
    finally:
        daemon.terminate()
        daemon.wait()


def ssh_argv(user, port, key, extra=(), tty=False):
    return ["ssh", "-tt" if tty else "-T", "-p", str(port), "-i", key, "-o", "StrictHostKeyChecking=no", "-o",
            "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", *extra,
            f"{user}@127.0.0.1"]


def scenario(binary, work, round_dir, user, port, keys, wins):
    env = dict(os.environ, TERM="../../x", LANG="C", PYRAMIDE_EVIL="1")
    # Two players at once.
    alice = Client(ssh_argv(user, port, keys["alice"], ["-o", "SendEnv=TERM LANG PYRAMIDE_*"]), env)
    bob = Client(ssh_argv(user, port, keys["bob"]))
    for who, c in (("alice", alice), ("bob", bob)):
        if not c.read(20, "> "):
            fail(f"{who}: no prompt: {c.out[-300:]!r}")
            return 1
    for move in wins[111][:5]:
        alice.send(move + "\r")
        bob.send(move + "\r")
    alice.read(3)
    bob.read(3)
    # Shell escapes: nothing but the game answers.
    marker = "PWNED$((6*7))"
    for attempt in ("!sh -c 'echo " + marker + "'", "help", "!sh", "\x1a", "x" * 5000, "\x1b[2J\x1b]0;t\x07",
                    "; echo " + marker, "$(echo " + marker + ")"):
        bob.send(attempt + "\r")
    bob.read(3)
    if b"PWNED42" in bob.out:
        fail("bob reached a shell")
    # Alice's connection drops mid-game.
    alice.kill()
    time.sleep(1)
    # A second connection as bob while bob plays.
    bob2 = Client(ssh_argv(user, port, keys["bob"]))
    bob2.read(15)
    bob2.wait()
    if b"open elsewhere" not in bob2.out:
        fail(f"a second connection as bob was not turned away: {bob2.out[-300:]!r}")
    # An SSH command argument changes nothing: the forced command runs.
    carol = Client(ssh_argv(user, port, keys["carol"]) + ["sh", "-c", "echo PWNED$((6*7))"])
    carol.read(15, "> ")
    carol.send("quit\r")
    carol.wait()
    if b"PWNED42" in carol.out or b"round" not in carol.out:
        fail(f"carol's command argument: {carol.out[-300:]!r}")
    # Dave on a terminal of 40 columns, through a pseudo-terminal on the host:
    # every line fits, and Ctrl-Z there stops nothing.
    dave = Client(ssh_argv(user, port, keys["dave"], tty=True), columns=40)
    if not dave.read(20, "> "):
        fail(f"dave: no prompt: {dave.out[-300:]!r}")
    dave.send("help\r")
    dave.read(3)
    dave.send("\x1a")
    dave.send("d\r")
    if not dave.read(5, "stock 23"):
        fail(f"dave: the game stopped answering after Ctrl-Z: {dave.out[-300:]!r}")
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", dave.out.decode("utf-8", "replace")).replace("\r", "")
    wide = [line for line in text.split("\n") if len(line) > 40]
    if wide:
        fail(f"dave: lines wider than his 40 columns: {wide[:3]!r}")
    dave.send("quit\r")
    dave.wait()
    # Alice comes back: her game goes on; she finishes both deals.
    alice = Client(ssh_argv(user, port, keys["alice"]))
    if not alice.read(20, "goes on where it stopped"):
        fail(f"alice's game did not resume: {alice.out[-300:]!r}")
    for move in wins[111][5:] + wins[124]:
        alice.send(move + "\r")
        alice.read(0.05)
    if not alice.read(20, "round r done"):
        fail(f"alice did not finish: {alice.out[-400:]!r}")
    alice.wait()
    bob.send("quit\r")
    bob.wait()
    # The standings equal what the logs say through validate.
    standings = subprocess.run([binary, "round", "standings", round_dir, "--csv"], capture_output=True, text=True).stdout
    rows = {line.split(",")[1]: line.split(",") for line in standings.strip().split("\n")[1:]}
    for name, won in (("alice", 2), ("bob", 0)):
        logs = sorted(os.listdir(os.path.join(round_dir, "logs", name)))
        logs = [os.path.join(round_dir, "logs", name, f) for f in logs if f.endswith(".log")]
        out = subprocess.run([binary, "validate", *logs], capture_output=True, text=True)
        won_by_validate = out.stdout.count(", won")
        if out.returncode != 0 or won_by_validate != won or int(rows[name][4]) != won:
            fail(f"{name}: standings {rows.get(name)} vs validate {out.stdout.strip()!r}")
    leftovers = [f for f in os.listdir(work) if f not in ("r", "host", "host.pub", "authorized_keys", "sshd_config",
                                                          "sshd.pid", "w111.log", "w124.log")
                 and not f.startswith(("alice", "bob", "carol", "dave"))]
    if leftovers:
        fail(f"files outside the round's folder: {leftovers}")
    print(f"ssh: {'ok' if not failures else 'FAILED'}: two players at once, a dropped connection resumed, "
          f"a second connection turned away, shell escapes refused, a terminal of 40 columns, "
          f"standings as validate says")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
