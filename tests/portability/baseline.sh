#!/usr/bin/env bash
# The binary on the oldest processor it is built for: x86-64-v2, emulated as
# a Nehalem (no BMI1, BMI2 or AVX) by qemu-user. deal, solve and stats must
# print there exactly what they print natively; and objdump must find no
# instruction beyond that baseline. Exit 77 (skipped) without qemu-x86_64.
source "$(dirname "$0")/../faults/lib.sh"

if [ "$(uname -m)" != x86_64 ]; then
    skip "not an x86-64 machine"
    exit 77
fi
if [ "$sanitized" = 1 ]; then
    skip "sanitizer build: the shipped binary is the plain one"
    exit 77
fi

# Instructions a Nehalem lacks. tzcnt is not among them: it is encoded as
# `rep bsf`, which compilers emit for this baseline where the input is never
# zero, and an older processor runs as bsf, with the same result.
if command -v objdump >/dev/null 2>&1; then
    beyond='^(andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|lzcnt|movbe|v[a-z0-9]+|k[a-z0-9]+)$'
    found=$(objdump -d --no-show-raw-insn "$pyramide" | awk -F'\t' 'NF >= 2 { split($2, w, " "); print w[1] }' |
            grep -E "$beyond" | grep -vE '^(verr|verw)$' | sort | uniq -c | sort -rn | head -5 | tr -s ' \n' ' ')
    check_equal "objdump: no BMI1, BMI2, LZCNT, MOVBE or AVX instruction in the binary" "" "$found"
else
    skip "objdump not found (Debian package binutils): instructions not checked"
fi

if ! command -v qemu-x86_64 >/dev/null 2>&1; then
    skip "qemu-x86_64 not found (Debian package qemu-user): not run on an emulated x86-64-v2 processor"
    [ "$failures" -ne 0 ] && finish
    exit 77
fi

# run_both WHAT ARGS...: the same stdout, stderr and exit status natively and on a Nehalem.
run_both() {
    local what=$1
    shift
    local native emulated
    native=$("$pyramide" "$@" 2>&1; echo "status $?")
    emulated=$(qemu-x86_64 -cpu Nehalem "$pyramide" "$@" 2>&1; echo "status $?")
    if [ "$native" == "$emulated" ]; then
        ok "$what: the same on a Nehalem as natively"
    else
        fail "$what: on a Nehalem [$(tail -n 2 <<<"$emulated" | tr '\n' ' ')], natively [$(tail -n 2 <<<"$native" | tr '\n' ' ')]"
    fi
}

run_both "deal --seed 7" deal --seed 7
run_both "deal -v giza, 5 deals in line form" deal -v giza --seed 1 --count 5 --format line
for seed in 0 18 21 32; do  # one without a solution, three won
    run_both "solve --seed $seed" solve --seed $seed
done
run_both "solve -v overlapping --seed 271" solve -v overlapping --seed 271
run_both "solve -v apophis --seed 2" solve -v apophis --seed 2
run_both "stats of 20 deals, every measure" stats --seeds 0..19 --json -j 2
finish
