#!/usr/bin/env bash
# Bounded resources on any input. Memory is capped with `ulimit -v` (not in a
# sanitizer build, whose shadow memory needs terabytes of address space), so
# a reader that kept what it read, instead of streaming, fails here.
source "$(dirname "$0")/lib.sh"

limit=150000  # KiB of address space: the program needs about 20 MB
if [ "$sanitized" = 1 ]; then
    deals=50000
    moves=200000
    capped() { "$@"; }
    skip "memory caps (sanitizer build); the inputs are still read"
else
    deals=1000000
    moves=2000000
    capped() { (ulimit -v $limit && "$@"); }
fi

# A stream of a million deals (156 MB) is validated in constant memory.
err=$("$pyramide" deal --seed 1 --count $deals --format line | capped "$pyramide" validate - 2>&1)
check_equal "$deals deals streamed through validate" "0:<stdin>: ok: $deals deals, variant traditional" "$?:$err"

# 20 MB without a newline: refused after the first 64 KiB.
err=$(head -c 20000000 /dev/zero | tr '\0' 'A' | capped "$pyramide" validate - 2>&1)
check_equal "a 20 MB line" "2:pyramide: <stdin>:1: line longer than 65536 bytes" "$?:$err"

# 10,000 cards in one text-form deal: refused at the 105th.
{ "$pyramide" deal --seed 1 | sed -n '1,12p'
  for _ in $(seq 2000); do echo "  AS 2S 3S 4S 5S"; done; } >cards.txt
err=$(capped "$pyramide" validate cards.txt 2>&1)
check_equal "10,000 cards" "1:cards.txt:28:6: invalid: too many cards: more than 104 in one deal (the French deck has 52)" "$?:$err"

# A log of two million moves: read in bounded memory, the first illegal one reported.
{ "$pyramide" deal --seed 1 | sed '1s/pyramide-deal 1/pyramide-log 1/'; echo moves
  yes draw | head -n $moves; } >moves.log
err=$(capped "$pyramide" validate moves.log 2>&1)
check_equal "$moves moves" "1:moves.log:42:1: invalid: cannot draw: the stock is empty" "$?:$err"

# Past MaxLoggedMoves (100,000) moves are no longer kept, but every line is
# still read and checked: a bad line far down is found.
{ "$pyramide" deal --seed 1 | sed '1s/pyramide-deal 1/pyramide-log 1/'; echo moves
  yes draw | head -n 150000; echo frob; } >frob.log
err=$(capped "$pyramide" validate frob.log 2>&1)
check_equal "a bad line after 150,000 moves" \
    "2:pyramide: frob.log:150017:1: unknown move 'frob': expected a pair (QH AS), a King (KD), draw, recycle or result" "$?:$err"

# A stats part that never ends: read up to 1 MiB, not into memory whole.
err=$(yes ' ' | capped "$pyramide" stats merge - 2>&1)
check_equal "an endless stats part" \
    "2:pyramide: <stdin>:524289: larger than 1048576 bytes: too large for a stats part" "$?:$err"

# A variant file that never ends: a device is refused unread; standard input
# is read up to the size limit. And a base cycle.
err=$(capped "$pyramide" deal --variant /dev/zero 2>&1)
check_equal "--variant /dev/zero" "2:pyramide: /dev/zero: cannot read: it is a character device, and a variant file must be a regular file" "$?:$err"
err=$(yes '# a comment, again and again' | capped "$pyramide" deal --variant - 2>&1)
check_equal "--variant - from an endless pipe" "2:pyramide: <stdin>: larger than 1048576 bytes: too large for a variant file" "$?:$err"
echo 'base = "self.toml"' >self.toml
err=$(capped "$pyramide" deal --variant self.toml 2>&1)
check_equal "a base naming itself" "2:pyramide: self.toml:1:8: base cycle: self.toml -> self.toml" "$?:$err"

# A JSON deal nested two million levels deep over 2,000 lines: the reader
# gathers lines until the braces balance, but stops at 1 MiB.
{ printf '{"pyramid":\n'; for _ in $(seq 2000); do head -c 1000 /dev/zero | tr '\0' '['; echo; done; } >deep.jsonl
err=$(capped "$pyramide" validate deep.jsonl 2>&1)
check_equal "JSON nested 2,000,000 deep" "2:pyramide: deep.jsonl:1049: JSON deal longer than 1 MiB" "$?:$err"
{ printf '{"pyramid":'; head -c 100000 /dev/zero | tr '\0' '['; echo; } >deep2.jsonl
err=$(capped "$pyramide" validate deep2.jsonl 2>&1)
check_equal "JSON nested 100,000 deep" "2:pyramide: deep2.jsonl:1: line longer than 65536 bytes" "$?:$err"
{ printf '{"pyramid":\n'; for _ in $(seq 1000); do echo '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['; done; } >deep3.jsonl
err=$(capped "$pyramide" validate deep3.jsonl 2>&1)
check_equal "JSON nested 47,000 deep over many lines" "2:pyramide: deep3.jsonl:3:17: nesting deeper than 64 levels" "$?:$err"
finish
