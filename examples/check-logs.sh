#!/bin/sh
# Validates a folder of submitted move logs (*.log) and prints a table: each
# log's verdict, moves, result and score, or the problem `pyramide validate`
# found (line, column and why), then a summary line.
#
# Usage: check-logs.sh [-v VARIANT_FILE.toml] FOLDER
# Exit status: 0 every log is valid, 1 a log breaks the rules, 2 a log cannot
# be read (or no logs, or bad usage): the worst one wins, as with validate.
# Runs $PYRAMIDE, else `pyramide` on PATH, else this checkout's build/pyramide.
set -eu

# shellcheck disable=SC1091  # sourced from beside this script
. "$(dirname "$0")/find-pyramide.sh"
pyramide=$(find_pyramide "$(dirname "$0")") || exit 2
variant=""
usage() {
    echo "usage: $0 [-v VARIANT_FILE.toml] FOLDER" >&2
    exit 2
}
while getopts v: opt; do
    case $opt in
        v) variant=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
folder=$1
[ -d "$folder" ] || { echo "check-logs: $folder: not a folder" >&2; exit 2; }

errors=$(mktemp)
trap 'rm -f "$errors"' EXIT

# A number or string field of pyramide's one-line JSON (documented keys).
field() {
    printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^\",}]*\).*/\1/p"
}

row='%-28s %-11s %5s  %-10s %5s  %s\n'
# shellcheck disable=SC2059  # the format is this script's own
printf "$row" LOG VERDICT MOVES RESULT SCORE PROBLEM
total=0 valid=0 invalid=0 unreadable=0 worst=0
for log in "$folder"/*.log; do
    [ -e "$log" ] || continue
    total=$((total + 1))
    status=0
    # A rule broken is a verdict on stdout ("FILE:LINE:COL: invalid: ..."); a
    # file that cannot be read, an error on stderr ("pyramide: FILE:...").
    said=$("$pyramide" validate --quiet ${variant:+--variant "$variant"} "$log" 2>"$errors") || status=$?
    # The first message, without "pyramide: FILE:" (the table names the file).
    problem=$( (printf '%s\n' "$said"; cat "$errors") | sed -n '/./{s/^pyramide: //;s/: invalid: /: /;p;q;}')
    problem=${problem#"$log:"}
    moves=- result=- score=-
    case $status in
        0)
            verdict=valid valid=$((valid + 1))
            json=$("$pyramide" replay --final --json ${variant:+--variant "$variant"} "$log" 2>/dev/null) || true
            moves=$(field "$json" moves)
            result=$(field "$json" result)
            score=$(field "$json" score)
            [ -n "$score" ] || score=- ;;
        1) verdict=invalid invalid=$((invalid + 1)) ;;
        *) verdict=unreadable unreadable=$((unreadable + 1)) ;;
    esac
    [ "$status" -le "$worst" ] || worst=$status
    # shellcheck disable=SC2059
    printf "$row" "${log##*/}" "$verdict" "$moves" "$result" "$score" "$problem"
done

if [ "$total" -eq 0 ]; then
    echo "check-logs: no *.log files in $folder" >&2
    exit 2
fi
echo "$total logs: $valid valid, $invalid invalid, $unreadable unreadable"
exit "$worst"
