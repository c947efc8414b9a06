#!/usr/bin/env bash
# Every reader reads its input once, so the same bytes
# give the same output whether they come as a file, on stdin (-), through a
# pipe path (<(...)) or through a FIFO. For each subcommand that reads input,
# and each deal form and a log, the four runs must agree byte for byte once
# the input's name is replaced by NAME; the file run's output is printed so
# that the expected stdout also pins what was read (10 deals, not 9).
set -u
work="${TMPDIR:-/tmp}/same-input"
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 2

pyramide deal --seed 0 --count 10 --format text >deals.txt
pyramide deal --seed 0 --count 10 --format line >deals.line
pyramide deal --seed 0 --count 10 --format json >deals.jsonl
pyramide deal --variant giza --seed 3 --count 4 --format line >giza.line
pyramide deal --seed 0 --count 1 --format line >one.line
pyramide deal --variant giza --seed 1 --format json >one-giza.jsonl
pyramide solve --seed 18 -o won.log
printf 'base = "par"\nname = "quick-par"\ngoal = "pyramid"\n' >quick-par.toml

# One run: NAME in the command is replaced by how the input is given.
run() { # WAY INPUT COMMAND...
    local way=$1 input=$2
    shift 2
    local cmd="$*" name
    case $way in
        file) name=$input ;;
        stdin) name=- ;;
        pipe) name='<(cat "$input")' ;;
        fifo) rm -f fifo; mkfifo fifo; (cat "$input" >fifo &); name=./fifo ;;
    esac
    cmd=${cmd//NAME/$name}
    if [ "$way" = stdin ]; then
        input=$input bash -c "$cmd" <"$input" >out 2>&1
    else
        input=$input timeout 20 bash -c "$cmd" </dev/null >out 2>&1
    fi
    echo "exit $?" >>out
    # The input's own name, however it was given, is NAME.
    sed -E -e "s#/dev/fd/[0-9]+#NAME#g" -e "s#<stdin>#NAME#g" -e "s#\\b$input\\b#NAME#g" -e "s#\\./fifo\\b#NAME#g" out
}

failures=0
check() { # INPUT COMMAND...
    local input=$1
    shift
    run file "$input" "$@" >expected
    # A variant file must be a regular file (or stdin): no pipe path, no FIFO.
    local ways="stdin pipe fifo"
    [[ $input == *.toml ]] && ways=stdin
    for way in $ways; do
        run "$way" "$input" "$@" >actual
        if ! cmp -s expected actual; then
            echo "DIFFERS: $* with $input as $way:"
            diff -u --label file --label "$way" expected actual
            failures=$((failures + 1))
        fi
    done
    echo "== $* ($input)"
    cat expected
}

for deals in deals.txt deals.line deals.jsonl giza.line; do
    check "$deals" pyramide validate NAME
    check "$deals" pyramide validate --json NAME
    check "$deals" pyramide stats NAME --measure lock,won -j 1
done
check won.log pyramide validate NAME
check won.log pyramide stats NAME
check won.log pyramide replay --final --ascii NAME
check won.log pyramide replay --json NAME
check won.log pyramide validate --seed 18 NAME
for one in one.line one-giza.jsonl; do
    check "$one" pyramide solve NAME
    check "$one" pyramide solve --json NAME
done
check quick-par.toml pyramide deal --seed 1 --variant NAME
check quick-par.toml pyramide stats --seeds 0..3 --measure lock --variant NAME

echo "$failures difference(s)"
[ "$failures" -eq 0 ]
