#!/usr/bin/env bash
# The bad-input table: runs every row of `table` and checks its exit
# code and its whole stderr, exactly. Run by golden.sh through `cmd`, in this
# folder, with pyramide first on PATH and a fresh $TMPDIR.
#
# A row is: INPUT | COMMAND | EXIT | LOCATION | MESSAGE
#   INPUT     a file in inputs/, or one made by make_inputs below
#   COMMAND   a shell command; INPUT in it is replaced by the quoted file name
#   EXIT      the exit code
#   LOCATION  FILE:LINE:COL as printed (may be empty)
#   MESSAGE   the rest of the line; stderr must be exactly
#             "pyramide: LOCATION: MESSAGE" (or "pyramide: MESSAGE")
# RECORD=1 prints each row with what the program actually did instead, for
# writing new rows; check every message by hand before pasting it in.
set -u
table=$(pwd)/table
work="${TMPDIR:-/tmp}/bad-inputs"
rm -rf "$work"
mkdir -p "$work"
cp -r inputs/. "$work/"
cd "$work" || exit 2

# Inputs too large to keep in the repository.
make_inputs() {
    local line='7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC TH 8C QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C'
    # A line of 70,000 bytes.
    head -c 70000 /dev/zero | tr '\0' 'A' >long-line.txt
    # A text-form deal of 10,000 cards (the deck over and over in the stock).
    { sed -n '1,11p' deal-duplicate-card.txt; echo stock
      for _ in $(seq 200); do echo "  $line"; done; } >ten-thousand-cards.txt
    # A line-form deal of 10,400 cards on one line (a bit over 31,000 bytes).
    for _ in $(seq 200); do printf '%s ' "$line"; done >ten-thousand-line.txt
    echo >>ten-thousand-line.txt
    # A JSON deal spread over 2 MB of lines.
    { echo '{"format":"pyramide-deal","version":1,"stock":['
      for _ in $(seq 100000); do echo '"AS","AS",'; done; echo '"AS"]}'; } >json-huge.jsonl
    # A JSON string left open on line 1, then 1.3 MB of lines (it is
    # reported where the string starts, not as a deal longer than 1 MiB).
    { printf '{"format":"pyramide-deal","version":1,"variant":"trad\n'
      for _ in $(seq 20000); do echo '"AS","AS","AS","AS","AS","AS","AS","AS","AS","AS","AS","AS","AS",'; done; } >json-unterminated-long.jsonl
    # A log of a million moves.
    { sed '/^moves$/q' log-not-free.log; yes draw | head -n 1000000; } >million-moves.log
    # A base chain 20 files deep.
    mkdir -p deep
    for i in $(seq 1 19); do echo "base = \"$((i + 1)).toml\"" >"deep/$i.toml"; done
    echo 'base = "traditional"' >deep/20.toml
    # A base cycle through two spellings of one file: a symbolic link to b.toml,
    # and a file naming itself by its absolute path. Named once, one spelling each.
    mkdir -p cycle-link cycle-self
    echo 'base = "b.toml"' >cycle-link/top.toml
    echo 'base = "c.toml"' >cycle-link/b.toml
    echo 'base = "link.toml"' >cycle-link/c.toml
    ln -s b.toml cycle-link/link.toml
    echo "base = \"$PWD/cycle-self/a.toml\"" >cycle-self/a.toml
    # A stats part of 1.2 MB (blank lines inside its braces).
    { echo '{'; yes ' ' | head -n 600000; echo '}'; } >stats-huge.json
    # 2 MB of TOML comments.
    { for _ in $(seq 40000); do echo '# forty-nine bytes of comment, again and again.'; done; } >huge.toml
    # 62 KB dotted keys and table headers of 31,000 parts, and arrays and inline
    # tables nested 20,000 deep: toml++ recurses on each part and level.
    { printf 'a'; yes .a | head -n 30999 | tr -d '\n'; echo ' = 1'; } >toml-dotted-key.toml
    { printf '[a'; yes .a | head -n 30999 | tr -d '\n'; echo ']'; } >toml-header.toml
    { printf 'a = '; yes '[' | head -n 20000 | tr -d '\n'; yes ']' | head -n 20000 | tr -d '\n'; echo; } >toml-nested-array.toml
    { printf 'a = '; yes '{b = ' | head -n 20000 | tr -d '\n'; printf 1
      yes '}' | head -n 20000 | tr -d '\n'; echo; } >toml-nested-table.toml
    # A user preset holding such a header.
    mkdir -p xdg/pyramide/variants
    cp toml-header.toml xdg/pyramide/variants/deepkey.toml
}
make_inputs

rows=0
failed=0
while IFS= read -r row || [ -n "$row" ]; do
    case "$row" in '' | '#'*) continue ;; esac
    rows=$((rows + 1))
    rest=$row
    input=${rest%% | *}; rest=${rest#* | }
    command=${rest%% | *}; rest=${rest#* | }
    status=${rest%% | *}; rest=${rest#* | }
    where=${rest%% | *}; message=${rest#* | }
    quoted="'${input//\'/\'\\\'\'}'"
    run=${command//INPUT/$quoted}
    # validate's verdict on a file that breaks the rules (exit 1) is on
    # stdout, "FILE:LINE:COL: invalid: ..."; every other message on stderr.
    if [[ $command == "pyramide validate "* && $status == 1 ]]; then
        actual=$(bash -c "$run" 2>/dev/null </dev/null)
        actual_status=$?
        expected="${where:+$where: }invalid: $message"
    else
        actual=$(bash -c "$run" 2>&1 >/dev/null </dev/null)
        actual_status=$?
        expected="pyramide: ${where:+$where: }$message"
    fi
    if [ -n "${RECORD:-}" ]; then
        echo "$input | $command | $actual_status | $actual"
        continue
    fi
    if [ "$actual" != "$expected" ] || [ "$actual_status" != "$status" ]; then
        failed=$((failed + 1))
        echo "row $rows: $run"
        echo "  expected: exit $status, $expected"
        echo "  actual:   exit $actual_status, $actual"
    fi
done <"$table"
echo "bad-inputs: $rows rows, $failed failed"
[ "$failed" -eq 0 ]
