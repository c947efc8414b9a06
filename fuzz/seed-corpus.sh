#!/usr/bin/env bash
# Rebuilds the seed part of the fuzz corpora (files named seed-*) from
# examples/, tests/corpus/, the golden test inputs and deals of every preset.
# Regression files (regress-*) and inputs merged in from fuzzing runs (cov-*)
# are kept. Usage: fuzz/seed-corpus.sh PYRAMIDE_BINARY
#
# The deal and move log targets read a first byte that picks a --variant:
# byte % (presets + 2) is a preset's index (traditional 0 ... tut 10), the last
# two are none, and a newline (10) is always none, so that the rest reads as the
# file it was. A preset's seed files use byte index + presets + 2 (never 10).
set -euo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")/.."
corpus=fuzz/corpus
presets=(traditional par pyramid-only microsoft overlapping giza spanish reserve apophis triangle tut)
selectors=$(( ${#presets[@]} + 2 ))
for t in deal movelog variant play_command json series; do
    mkdir -p "$corpus/$t"
    rm -f "$corpus/$t"/seed-*
done

# $1 target, $2 name, $3 selector byte (octal, or "" for none); the file on stdin.
put() {
    local file="$corpus/$1/seed-$2"
    if [ -n "$3" ]; then printf "\\$3" >"$file"; else : >"$file"; fi
    cat >>"$file"
}
none=012  # a newline: no --variant

# Deals: every preset in every form, a stream of mixed forms, broken files.
for i in "${!presets[@]}"; do
    p=${presets[$i]}
    sel=$(printf '%03o' $(( i + selectors )))
    "$bin" deal --variant "$p" --seed 7 | put deal "$p-text" "$none"
    "$bin" deal --variant "$p" --seed 7 --format json | put deal "$p-json" "$none"
    "$bin" deal --variant "$p" --seed 7 --format line | put deal "$p-line" "$sel"
    "$bin" deal --variant "$p" --seed 7 --count 2 --format line | put deal "$p-line-forced-wrong" "$(printf '%03o' $(( (i + 1) % ${#presets[@]} + selectors )))"
done
{ "$bin" deal --seed 1; "$bin" deal --seed 2 --format line; "$bin" deal --seed 3 --format json; } | put deal mixed "$none"
# mchung94 deck strings: read as microsoft, with a --variant that fits, one that
# does not, and in a stream after a text deal.
"$bin" deal --seed 7 --count 2 --format mchung94 | put deal mchung94 "$none"
"$bin" deal --variant tut --seed 7 --format mchung94 | put deal mchung94-tut "$(printf '%03o' $(( 10 + selectors )))"
"$bin" deal --seed 7 --format mchung94 | put deal mchung94-giza "$(printf '%03o' $(( 5 + selectors )))"
{ "$bin" deal --seed 1; "$bin" deal --seed 2 --format mchung94; } | put deal mchung94-after-text "$none"
for f in tests/corpus/*.txt tests/corpus/*.jsonl tests/golden/*/*.txt; do
    put deal "$(basename "$(dirname "$f")")-$(basename "$f")" "$none" <"$f"
done

# Move logs: the examples, the test corpus, and a few moves in every preset.
for f in examples/*.log tests/corpus/*.log tests/golden/*/*.log; do
    put movelog "$(basename "$(dirname "$f")")-$(basename "$f")" "$none" <"$f"
done
for p in "${presets[@]}"; do
    { "$bin" deal --variant "$p" --seed 3 | sed 's/^pyramide-deal 1$/pyramide-log 1/'
      printf 'moves\ndraw\ndraw 2\nd\nKS\nQH AS\nrecycle\nresult unfinished\n'; } | put movelog "$p-moves" "$none"
done

# Variants: the presets, files from the golden tests, base chains across files.
for f in formats/variants/*.toml tests/golden/*/*.toml; do
    put variant "$(basename "$(dirname "$f")")-$(basename "$f")" "" <"$f"
done
printf 'base = "b.toml"\nname = "top"\npasses = 2\n=== b.toml\nbase = "c.toml"\nscored = true\npass_bonus = [10, 5]\n=== c.toml\nbase = "par"\n' | put variant chain ""
printf 'base = "b.toml"\n=== b.toml\nbase = "a.toml"\n' | put variant cycle ""
printf 'base = "a.toml"\n' | put variant self-cycle ""
printf 'base = "b.toml"\nname = "x"\n=== b.toml\nbase = "giza"\nrows = 5\n=== d.toml\nname = "unused"\n' | put variant giza-chain ""
# Long dotted keys and table headers (toml++ recursed once per part), at the
# limit of 32 parts and far past it, directly and through base; deep nesting.
parts() { printf 'a'; printf '.a%.0s' $(seq $(($1 - 1))); }
{ parts 31000; echo ' = 1'; } | put variant long-dotted-key ""
{ printf '['; parts 31000; echo ']'; } | put variant long-header ""
{ echo 'base = "traditional"'; printf '[['; parts 33; echo ']]'; } | put variant array-header-33-parts ""
{ echo 'base = "traditional"'; parts 32; echo ' = 1'; } | put variant dotted-key-32-parts ""
{ printf 'base = "b.toml"\n=== b.toml\n['; parts 31000; echo ']'; } | put variant base-long-header ""
{ printf 'x = '; for _ in $(seq 31); do printf '{'; parts 32; printf ' = '; done; printf 1
  for _ in $(seq 31); do printf '}'; done; echo; } | put variant nested-dotted-tables ""
{ printf 'pass_bonus = '; printf '[%.0s' $(seq 300); printf ']%.0s' $(seq 300); echo; } | put variant nested-arrays ""

# Play commands: the first byte picks the deck (even French, odd Spanish).
i=0
for line in "QH AS" "as qh" "Q♥ A♠" "♥Q ♠A" "10s 3h" "KD" "k♦️" "draw" "d" "draw 2" "d 3" "recycle" "r" \
            "undo" "u" "moves" "m" "hint" "h" "show" "s" "" "help" "?" "save game.log" "quit" "q" "exit" \
            "draw 0" "draw x" "QH AS KD" "undo now" "frobnicate"; do
    printf '%s' "$line" | put play_command "french-$i" "000"
    i=$((i + 1))
done
for line in "SO 2C" "RO" "12e" "1o 11c" "draw" "recycle" "KS"; do
    printf '%s' "$line" | put play_command "spanish-$i" "001"
    i=$((i + 1))
done

# JSON: deals and the JSON reports of validate and replay.
"$bin" deal --variant giza --seed 5 --format json | put json deal-giza ""
"$bin" deal --variant reserve --seed 5 --format json | put json deal-reserve ""
"$bin" validate --json tests/corpus/* 2>/dev/null | put json validate-report "" || true
"$bin" replay --json examples/worked-example.log 2>/dev/null | put json replay-report "" || true
printf '{"a":[1,-0,1.5e300,1e-400,1e400,18446744073709551615,18446744073709551616],"b":"\\u00e9\\ud83d\\ude00\\u0000","c":[[[]]],"d":{},"e":null,"f":true}' | put json values ""
for f in tests/corpus/*.jsonl; do put json "corpus-$(basename "$f")" "" <"$f"; done

# Series files: as play writes them, open and of N games, with a deal file,
# odd names, comments, CRLF, a torn last line, and broken ones.
printf 'pyramide-series 1\n# a comment\ngames 6\ngame par.log\ngame par-2.log\n' | put series played "$none"
printf 'pyramide-series 1\ngame a.log\ngame a-2.log\ngame a-3.log' | put series open-torn "$none"
printf 'PYRAMIDE-SERIES 1\r\nGAMES 2\r\nDEALS /deals/my #1 deals.txt\r\nGAME  odd #name.log  \r\n' | put series deals-crlf "$none"
printf '\xef\xbb\xbfpyramide-series 1\ngames 1\ngame a.log\ngame b.log\n' | put series too-many "$none"
printf 'pyramide-series 1\ngame a.log\ngames 2\n' | put series games-late "$none"
printf 'pyramide-series 1\ngame x.log\ngame x.log\n' | put series twice "$none"
printf 'pyramide-series 2\n' | put series version "$none"
printf 'pyramide-series 1\ngames 99999999999999999999\n' | put series games-big "$none"
printf 'pyramide-series 1\ngame\ndeals\n' | put series empty-names "$none"

for t in deal movelog variant play_command json series; do
    echo "$t: $(ls "$corpus/$t" | wc -l) files"
done
