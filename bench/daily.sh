#!/bin/sh
# The deal of the day for DAYS consecutive dates from FIRST (default 366 from
# 2027-01-01): each must be winnable and in its weekday's band (Monday and
# Tuesday easy, Wednesday and Thursday medium, Friday and Saturday hard,
# Sunday expert), as `deal --daily --json` rates it; prints the seconds taken,
# and exits 1 naming every date that fails. The times are those of the
# processes it was given (a taskset of one core says "1 cores").
# Usage: bench/daily.sh [DAYS] [FIRST] [VARIANT] [BINARY]
set -eu
cd "$(dirname "$0")/.."
days=${1:-366}
first=${2:-2027-01-01}
variant=${3:-traditional}
bin=${4:-build/pyramide}
[ -x "$bin" ] || make -s build >/dev/null
failed=0
start=$(date +%s)
i=0
while [ "$i" -lt "$days" ]; do
    date=$(date -u -d "$first + $i days" +%F)
    weekday=$(date -u -d "$date" +%u) # 1 is Monday
    case $weekday in
        1 | 2) want=easy ;;
        3 | 4) want=medium ;;
        5 | 6) want=hard ;;
        *) want=expert ;;
    esac
    json=$("$bin" deal --daily "$date" --variant "$variant" --json) || {
        echo "daily: $date: deal --daily failed (exit $?)"
        failed=1
        i=$((i + 1))
        continue
    }
    band=$(printf '%s\n' "$json" | sed -n 's/.*"band":"\([a-z]*\)".*/\1/p')
    winnable=$(printf '%s\n' "$json" | sed -n 's/.*"winnable":\([a-z]*\).*/\1/p')
    seed=$(printf '%s\n' "$json" | sed -n 's/.*"seed":\([0-9]*\).*/\1/p')
    if [ "$winnable" != true ] || [ "$band" != "$want" ]; then
        echo "daily: $date: seed $seed is winnable=$winnable, band $band; the day's band is $want"
        failed=1
    fi
    i=$((i + 1))
done
end=$(date +%s)
echo "daily: $variant, $days dates from $first: $((end - start)) s, $(nproc) cores; $([ $failed = 0 ] && echo 'every deal winnable and in its band' || echo 'FAILED')"
exit $failed
