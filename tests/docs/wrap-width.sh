#!/usr/bin/env bash
# Every human-readable output of every subcommand fits a window of 40 and of
# 80 columns, broken between words and items, never inside a word or between
# the two cards of a pair ("JH 2H"). Each output is made three ways: on a
# pseudo-terminal of N columns (script(1), `stty cols N`), through a pipe with
# COLUMNS=N, and through a pipe with no COLUMNS, which is the reference: a
# pipe gets whole lines. Compared with the reference, a wrapped output must
# hold the same words in the same order (a word cut in two is two words);
# where it breaks a line the reference does not break, the words either side
# must not both be cards. Positions are drawn from deals without a reserve or
# piles, whose parts are laid out by width on purpose. A word wider than the
# window (a long path) stands alone on its line. Data is never wrapped, and
# not checked here: a deal's line form, JSON, CSV, TOML (`variants show`).
# `help SUBCOMMAND` finds no manual page here (MANPATH is an empty folder): it
# prints the --help text, which is ours to wrap.
# Usage: wrap-width.sh PYRAMIDE SOURCE_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
command -v script >/dev/null || { echo "wrap-width: script(1) is missing"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/pyramide-wrap.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
mkdir home config noman
unset COLUMNS NO_COLOR CLICOLOR CLICOLOR_FORCE LANG LANGUAGE LC_CTYPE XDG_DATA_HOME XDG_STATE_HOME
export LC_ALL=C.UTF-8 TERM=dumb HOME="$work/home" XDG_CONFIG_HOME="$work/config" \
    MANPATH="$work/noman" PATH="$(dirname "$bin"):$PATH"
cp "$src/examples/worked-example.log" "$src/examples/logs/won.log" "$src/examples/logs/lost.log" \
    "$src/examples/deals/par.txt" .
pyr=$(basename "$bin")
"$bin" solve --seed 18 -o win.log 2>/dev/null
"$bin" stats -v par --seeds 10..13 --measure best --node-limit 100000 --shard 1/2 --json >p1.json 2>/dev/null
"$bin" stats -v par --seeds 10..13 --measure best --node-limit 100000 --shard 2/2 --json >p2.json 2>/dev/null
printf 'hint\nhint all\nhint quick\nd\nhint\nhint all\nstatus\nhelp\nhelp status\nmoves\nzz\nquit\ny\n' >play.in
"$bin" deal --seed 30 --count 4 --format line >four.txt
"$bin" round new rnd --seeds 3,18 >/dev/null
printf 'd\nd\n' | "$bin" play --round rnd --player ann >/dev/null 2>&1
printf 'd\n' | "$bin" play --seed 4 >/dev/null 2>&1
# `play --list` says how long ago a game was left ("just now", "1 minute ago"):
# a fixed age keeps the reference and the wrapped outputs the same words
# however slowly the checks run.
find home -name '*.log' -exec touch -d '3 days ago' {} +
mkdir -p config/pyramide/variants
printf 'base = "par"\npasses = "unlimited"\n' >config/pyramide/variants/par-unlimited.toml

# One command line a line; stdin is /dev/null unless the line redirects it.
cases=(
    "$pyr deal --seed 1"
    "$pyr deal --seed 3 --difficulty easy --runs 2 --expert-samples 2 --max-seeds 20"
    "$pyr play --seed 2 --no-log --ascii <play.in"
    "$pyr play --seed 2 --no-log <play.in"
    "$pyr play -v par --seed 5 --no-log <play.in"
    "$pyr validate won.log lost.log worked-example.log par.txt win.log"
    "$pyr replay --final worked-example.log"
    "$pyr replay lost.log"
    "$pyr replay --analyse --expert-samples 4 lost.log"
    "$pyr replay --analyse --expert-samples 4 worked-example.log"
    "$pyr solve --seed 18"
    "$pyr solve -v par --seed 10"
    "$pyr solve four.txt"
    "$pyr deal --seeds 0..40 --winnable"
    "$pyr play --list"
    "$pyr round show rnd"
    "$pyr round standings rnd"
    "$pyr rate --seed 45 --count 3 --runs 4 --expert-samples 4"
    "$pyr rate -v par --seed 10 --runs 2 --expert-samples 2"
    "$pyr stats --seeds 1..20 --measure won,blind"
    "$pyr stats -v par --seeds 10..13 --measure best --node-limit 100000"
    "$pyr stats win.log worked-example.log lost.log"
    "$pyr stats merge p1.json p2.json"
    "$pyr variants"
    "$pyr help"
    "$pyr --help"
)
for sub in deal play validate replay solve rate stats variants round help; do
    cases+=("$pyr $sub --help" "$pyr help $sub")
done
cases+=("$pyr stats merge --help" "$pyr help stats merge" "$pyr variants show --help" "$pyr round new --help"
    "$pyr round standings --help")

check=$(cat <<'EOF'
import re, sys
width, reference, wrapped = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def read(path):
    text = open(path, encoding="utf-8", errors="replace").read().replace("\r", "")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
card = re.compile(r"^(?:10|[A2-9TJQK])[SHDC\u2660\u2665\u2666\u2663]$")
def words(text):  # (word, whether a line break comes before it)
    out = []
    for line in text.split("\n"):
        for i, w in enumerate(line.split()):
            out.append((w, i == 0))
    return out
ref, got = read(reference), read(wrapped)
problems = []
for n, line in enumerate(got.split("\n"), 1):
    if len(line) > width and len(line.split()) > 1:  # a word wider than the window stands alone
        problems.append(f"line {n} is {len(line)} columns: {line[:100]}")
a, b = words(ref), words(got)
for i, ((wa, ba), (wb, bb)) in enumerate(zip(a, b)):
    if wa != wb:
        context = " ".join(w for w, _ in b[max(0, i - 4):i + 2])
        problems.append(f"a word broken: '{wa}' of the whole line, '{wb}' here, in: {context}")
        break
    if bb and not ba and i > 0 and card.match(b[i - 1][0]) and card.match(wb):
        problems.append(f"a card pair broken: '{b[i - 1][0]}' ends a line, '{wb}' starts the next")
else:
    if len(a) != len(b):
        problems.append(f"{len(a)} words whole, {len(b)} here")
for p in problems[:5]:
    print(p)
sys.exit(1 if problems else 0)
EOF
)

failed=0 checked=0
for c in "${cases[@]}"; do
    start=$SECONDS
    bash -c "$c" >ref.out 2>/dev/null
    [ -n "${WRAP_WIDTH_TIMES:-}" ] && echo "$((SECONDS - start)) s: $c"
    for n in 40 80; do
        script -qec "stty cols $n rows 50 2>/dev/null; $c 2>/dev/null" /dev/null </dev/null >tty.out 2>&1
        COLUMNS=$n bash -c "$c" >pipe.out 2>/dev/null
        for way in tty pipe; do
            checked=$((checked + 1))
            if ! out=$(python3 -c "$check" "$n" ref.out "$way.out"); then
                what=$([ $way = tty ] && echo "a terminal of $n columns" || echo "COLUMNS=$n, a pipe")
                echo "wrap-width: '$c' on $what:"
                echo "$out" | sed 's/^/    /'
                failed=1
            fi
        done
    done
done
[ "$failed" = 0 ] || exit 1
echo "wrap-width: ${#cases[@]} outputs, $checked checks at 40 and 80 columns: every line fits, no word or card pair broken"
