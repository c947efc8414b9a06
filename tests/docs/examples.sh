#!/usr/bin/env bash
# The examples: every sample deal is what `pyramide deal` deals for its preset
# (one per preset), the logs say what their comments say (won, lost, and the
# illegal one fails with exactly illegal.expected), the custom preset loads,
# and each example script runs, in a temporary folder, with the output and
# exit status it documents.
# Usage: examples.sh PYRAMIDE_BINARY SOURCE_DIR
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
examples=$(cd "$2/examples" && pwd)

failures=0
fail() {
    echo "examples: $*"
    failures=$((failures + 1))
}
# Runs a command, keeping its stdout, stderr and status in $out, $err, $status.
run() {
    status=0
    "$@" >"$scratch/out" 2>"$scratch/err" || status=$?
    out=$(cat "$scratch/out") err=$(cat "$scratch/err")
}
expect_status() { # WHAT STATUS
    [ "$status" = "$2" ] || fail "$1: exit $status, expected $2"$'\n'"stdout: $out"$'\n'"stderr: $err"
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin" "$scratch/config" "$scratch/work"
ln -s "$bin" "$scratch/bin/pyramide"
export PATH="$scratch/bin:$PATH" XDG_CONFIG_HOME="$scratch/config" HOME="$scratch" LC_ALL=C.UTF-8
cd "$scratch/work"

# Sample deals: one per preset, each exactly `pyramide deal --variant NAME --seed 1`.
presets=$("$bin" variants | cut -d' ' -f1)
for p in $presets; do
    file=$examples/deals/$p.txt
    if [ ! -f "$file" ]; then
        fail "no sample deal examples/deals/$p.txt"
    elif ! "$bin" deal --variant "$p" --seed 1 | cmp -s - "$file"; then
        fail "examples/deals/$p.txt is not 'pyramide deal --variant $p --seed 1' (regenerate it)"
    fi
done
for file in "$examples"/deals/*.txt; do
    name=$(basename "$file" .txt)
    grep -qx "$name" <<<"$presets" || fail "examples/deals/$name.txt is not a preset's deal"
done

# Logs.
run "$bin" validate "$examples/logs/won.log"
expect_status "validate won.log" 0
[[ $out == *", won" ]] || fail "won.log: $out"
run "$bin" validate "$examples/logs/lost.log"
expect_status "validate lost.log" 0
[[ $out == *", lost" ]] || fail "lost.log: $out"
run bash -c 'cd "$1" && pyramide validate illegal.log' bash "$examples/logs"
expect_status "validate illegal.log" 1
[ "$out" = "$(cat "$examples/logs/illegal.expected")" ] ||
    fail "validate illegal.log says"$'\n'"$out"$'\n'"but illegal.expected has"$'\n'"$(cat "$examples/logs/illegal.expected")"
grep -F -- "$(cat "$examples/logs/illegal.expected")" "$examples/logs/illegal.log" | grep -q '^#' ||
    fail "illegal.log's comment does not quote the message of illegal.expected"

# The custom preset inherits from par.
run "$bin" deal --variant "$examples/variants/par-five.toml" --seed 3
expect_status "deal --variant par-five.toml" 0
grep -qx "variant par-five" <<<"$out" || fail "par-five.toml: the deal says $(head -2 <<<"$out")"
grep -qx 'base = "par"' "$examples/variants/par-five.toml" || fail "par-five.toml does not start from par"

# tournament.sh: numbered deal files and an index.
run "$examples/tournament.sh" -s 100 -n 5 round1
expect_status "tournament.sh -s 100 -n 5" 0
[ "$out" = "tournament: 5 deals of traditional, seeds 100 to 104, in round1 (index: round1/index.tsv)" ] ||
    fail "tournament.sh says: $out"
for i in 1 2 3 4 5; do
    "$bin" deal --seed $((99 + i)) | cmp -s - "round1/deal-00$i.txt" || fail "round1/deal-00$i.txt is not deal $((99 + i))"
done
[ "$(wc -l <round1/index.tsv)" = 6 ] || fail "round1/index.tsv: $(cat round1/index.tsv)"
line=$(sed -n 3p round1/index.tsv)
[[ $line == $'2\tdeal-002.txt\ttraditional\t101\t-\t-\t-\t'* ]] || fail "index.tsv line 3: $line"
sum=$(sha256sum round1/deal-002.txt | cut -d' ' -f1)
[ "${line##*$'\t'}" = "$sum" ] || fail "index.tsv: the checksum of deal-002.txt"
run "$examples/tournament.sh" -n 2 round1
expect_status "tournament.sh into a folder that is not empty" 2
run "$examples/tournament.sh" -v giza -n 3 round2
expect_status "tournament.sh -v giza (random seed)" 0
files=(round2/deal-*.txt)
[ "${#files[@]}" = 3 ] || fail "tournament.sh -v giza -n 3 made ${files[*]}"

# tournament.sh -g: a graded round, easiest first, each row's rating what
# `pyramide rate` says of its seed (the same small expert: R = 5, K = 2).
run "$examples/tournament.sh" -s 40 -g 1,0,1 -r 5 -k 2 graded
expect_status "tournament.sh -s 40 -g 1,0,1" 0
[ "$out" = "tournament: 2 graded deals of traditional (1 easy, 1 hard), in graded (index: graded/index.tsv)" ] ||
    fail "tournament.sh -g says: $out"
[ "$(sed -n 1p graded/index.tsv)" = $'number\tfile\tvariant\tseed\tband\texpert\tfewest\tsha256' ] ||
    fail "graded/index.tsv header: $(sed -n 1p graded/index.tsv)"
[ "$(cut -f5 graded/index.tsv | sed 1d | paste -sd' ')" = "easy hard" ] || fail "graded bands: $(cat graded/index.tsv)"
while IFS=$'\t' read -r num file variant deal_seed band expert fewest sum; do
    [ "$num" = number ] && continue
    "$bin" deal --seed "$deal_seed" | cmp -s - "graded/$file" || fail "graded/$file is not deal $deal_seed"
    [ "$variant" = traditional ] || fail "graded/$file: variant $variant"
    rating=$("$bin" rate --seed "$deal_seed" --runs 5 --expert-samples 2 --json)
    [[ $rating == *"\"fewest_moves\":$fewest,\"expert\":{\"runs\":5,\"wins\":${expert%/5},"*"\"band\":\"$band\""* ]] ||
        fail "graded row $num ($band, $expert, $fewest) is not what rate says: $rating"
    [ "$sum" = "$(sha256sum "graded/$file" | cut -d' ' -f1)" ] || fail "graded/$file: checksum"
done <graded/index.tsv
[ "$(wc -l <graded/index.tsv)" = 3 ] || fail "graded/index.tsv: $(cat graded/index.tsv)"
# Bands that the seeds tried do not fill: exit 1, nothing left behind.
run "$examples/tournament.sh" -v giza -s 1 -g 0,0,1 -r 2 -m 20 unfilled
expect_status "tournament.sh -g with too few seeds" 1
[ ! -e unfilled ] || fail "tournament.sh left unfilled/ behind: $(ls -A unfilled)"
[[ $err == "tournament: only 0 of the 1 graded deals (0,0,1) in the 20 seeds from 1 on: raise -m, or ask for fewer deals" ]] ||
    fail "tournament.sh -g with too few seeds says: $err"
for bad in 0,0 1,x 1,1,1,1,1 ,1; do
    run "$examples/tournament.sh" -g "$bad" badgrades
    expect_status "tournament.sh -g $bad" 2
    [ ! -e badgrades ] || fail "tournament.sh -g $bad made badgrades/"
done

# check-logs.sh: a table and a summary; exit 1 when a log breaks the rules.
mkdir submitted
cp "$examples"/logs/*.log submitted/
run "$examples/check-logs.sh" submitted
expect_status "check-logs.sh (with illegal.log)" 1
grep -Eq '^illegal\.log +invalid +- +- +- +22:1: QH is not free: covered by 3D and 4H$' <<<"$out" ||
    fail "check-logs.sh: no invalid row for illegal.log:"$'\n'"$out"
grep -Eq '^won\.log +valid +52 +won +- *$' <<<"$out" || fail "check-logs.sh: no valid row for won.log:"$'\n'"$out"
grep -Eq '^lost\.log +valid +46 +lost +- *$' <<<"$out" || fail "check-logs.sh: no valid row for lost.log:"$'\n'"$out"
[ "$(tail -n 1 <<<"$out")" = "3 logs: 2 valid, 1 invalid, 0 unreadable" ] || fail "check-logs.sh summary: $(tail -n 1 <<<"$out")"
rm submitted/illegal.log
"$bin" solve --variant par --seed 18 -o submitted/par.log
run "$examples/check-logs.sh" submitted
expect_status "check-logs.sh (all valid)" 0
grep -Eq '^par\.log +valid +[0-9]+ +won +[0-9]+ *$' <<<"$out" || fail "check-logs.sh: no score for par.log:"$'\n'"$out"
printf 'not a log\n' >submitted/broken.log
run "$examples/check-logs.sh" submitted
expect_status "check-logs.sh (an unreadable log)" 2

# fair-play.sh: the log's deal against the seed.
run "$examples/fair-play.sh" "$examples/logs/won.log"
expect_status "fair-play.sh won.log" 0
[ "$out" = "fair: $examples/logs/won.log was played on deal 18 of traditional" ] || fail "fair-play.sh says: $out"
run "$examples/fair-play.sh" "$examples/logs/won.log" 19
expect_status "fair-play.sh won.log 19" 1
[[ $out == "NOT fair: "* ]] || fail "fair-play.sh won.log 19 says: $out"
sed 's/^seed 18$/seed 17/' "$examples/logs/won.log" >lies.log
run "$examples/fair-play.sh" lies.log
expect_status "fair-play.sh on a log that claims another seed" 1
tr '[:upper:]' '[:lower:]' <"$examples/logs/won.log" >lower.log
run "$examples/fair-play.sh" lower.log 18
expect_status "fair-play.sh on a log in lower case" 0
grep -v '^seed' "$examples/logs/won.log" >noseed.log
run "$examples/fair-play.sh" noseed.log
expect_status "fair-play.sh on a log without a seed and no seed given" 2

# With no pyramide anywhere (not on PATH, no build/ beside the scripts, no
# $PYRAMIDE) a script says so and exits 2, instead of calling every log
# unreadable; a copy of the scripts in a folder of their own has no build/.
mkdir -p "$scratch/lone"
cp "$examples"/*.sh "$scratch/lone/"
status=0
env -i PATH=/usr/bin:/bin sh "$scratch/lone/check-logs.sh" "$examples/logs" >"$scratch/out" 2>"$scratch/err" || status=$?
expect_status "check-logs.sh with no pyramide" 2
grep -q "pyramide not found" "$scratch/err" || fail "check-logs.sh with no pyramide says: $(cat "$scratch/err")"
status=0
PYRAMIDE=/nonexistent/pyramide sh "$examples/fair-play.sh" "$examples/logs/won.log" >"$scratch/out" 2>"$scratch/err" || status=$?
expect_status "fair-play.sh with PYRAMIDE naming no program" 2

# The scripts pass shellcheck where it is installed.
if command -v shellcheck >/dev/null; then
    shellcheck "$examples"/*.sh || fail "shellcheck examples/*.sh"
fi

if [ "$failures" -gt 0 ]; then
    echo "examples: $failures problem(s)"
    exit 1
fi
echo "examples: deals, logs, preset and the three scripts behave as documented"
