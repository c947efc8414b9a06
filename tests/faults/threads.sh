#!/usr/bin/env bash
# stats on many threads under limits: no more workers than deals, and a thread
# that cannot start (past `ulimit -u`, or no address space for its stack) ends
# in a message and exit 2 from the main thread, never std::terminate (134).
source "$(dirname "$0")/lib.sh"

# Past the cap: a usage error, not 256 solvers and their tables.
err=$("$pyramide" stats --seeds 0..9 --measure lock -j 1000 2>&1 >/dev/null)
check_equal "-j above the cap" "2:pyramide stats: --jobs: '1000' is not a number from 1 to 256" "$?:$(head -1 <<<"$err")"

if [ "$sanitized" = 1 ]; then
    skip "address-space caps (sanitizer build)"
else
    # -j 256 on 10 deals makes 10 workers, not 256 (before: 786 MB for -j 1000).
    # Small stacks and one malloc arena (64 MiB of address space each): what is
    # measured is the workers, not the threads' reserves.
    out=$( (ulimit -s 1024 && ulimit -v 150000 &&
        MALLOC_ARENA_MAX=1 "$pyramide" stats --seeds 0..9 --measure won -j 256) 2>&1)
    check_equal "-j 256 on 10 deals in 150 MB" "0:variant traditional, 10 deals (seeds 0..9)" "$?:$(head -1 <<<"$out")"

    # Stacks of 256 MiB in 1 GB of address space: a few threads start, then one cannot.
    err=$( (ulimit -s 262144 && ulimit -v 1000000 && "$pyramide" stats --seeds 0..99 --measure lock -j 64) 2>&1)
    status=$?
    check_equal "no address space for a thread: exit status" 2 "$status"
    case "$err" in
    "pyramide: cannot start thread "*" of 64: Resource temporarily unavailable") ok "no address space for a thread: message" ;;
    *) fail "no address space for a thread: message [$err]" ;;
    esac
fi

# RLIMIT_NPROC counts threads, but not for root: run as a user of our own
# (not "nobody", whose processes other tests may be running at the same time).
user=(setpriv --reuid=54321 --regid=54321 --clear-groups)
if [ "$(id -u)" != 0 ]; then
    user=()
elif ! command -v setpriv >/dev/null || ! "${user[@]}" test -x "$pyramide" 2>/dev/null; then
    skip "ulimit -u: cannot run the binary as an unprivileged user"
    finish
fi
# Two tasks: the main thread and one more, still busy with a thousand solves
# when the next cannot start.
err=$("${user[@]}" bash -c 'ulimit -u 2 && exec "$0" stats --seeds 0..999 --measure won -j 8' "$pyramide" 2>&1)
check_equal "ulimit -u 2, -j 8" "2:pyramide: cannot start thread 3 of 8: Resource temporarily unavailable" "$?:$err"
# deal --winnable solves on parallel_for's threads too: the same message, and nothing written.
# From seed 1732, whose deal takes some 15 ms, so that the second thread is
# still at it when the third cannot start (seeds 0..7 take half a millisecond
# in all since the solver got faster, and the second thread could be gone).
err=$("${user[@]}" bash -c 'ulimit -u 2 && exec "$0" deal --winnable --seed 1732 --count 500 -j 8 --format line' "$pyramide" 2>&1)
check_equal "deal --winnable, ulimit -u 2, -j 8" "2:pyramide: cannot start thread 3 of 8: Resource temporarily unavailable" "$?:$err"
if [ "$sanitized" = 1 ]; then
    skip "ulimit -u 1 (LeakSanitizer starts a thread of its own at exit)"
else
    out=$("${user[@]}" bash -c 'ulimit -u 1 && exec "$0" stats --seeds 0..99 --measure lock -j 1' "$pyramide" 2>&1)
    check_equal "ulimit -u 1, -j 1: no thread needed" "0:variant traditional, 100 deals (seeds 0..99)" \
        "$?:$(head -1 <<<"$out")"
fi
finish
