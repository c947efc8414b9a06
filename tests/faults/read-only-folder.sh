#!/usr/bin/env bash
# Writing into a folder we may not write: a clear error naming the path, the
# old file intact, nothing left behind. Root may write anywhere, so as root
# the command runs as "nobody" (setpriv); skipped if that is not possible.
# play's default log folder under a read-only XDG_DATA_HOME: the folder it
# cannot make, and why (a read-only file system needs root and unshare).
source "$(dirname "$0")/lib.sh"

mkdir ro
printf 'old content\n' >ro/deal.txt
chmod 555 ro
chmod 644 ro/deal.txt
run=("$pyramide")
if [ "$(id -u)" = 0 ]; then
    if ! command -v setpriv >/dev/null || ! setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
        skip "running as root and cannot drop to an unprivileged user"
        exit 77
    fi
    run=(setpriv --reuid=65534 --regid=65534 --clear-groups "$pyramide")
    # The binary and this folder must be reachable by nobody.
    if ! setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$pyramide"; then
        skip "the binary is not reachable by an unprivileged user ($pyramide)"
        exit 77
    fi
fi

err=$(cd "$scratch" && "${run[@]}" deal --seed 1 -o ro/deal.txt 2>&1 >/dev/null)
status=$?
check_equal "exit status" 2 "$status"
check_equal "message" "pyramide: ro/deal.txt: cannot write: Permission denied" "$err"
check_equal "the old file is intact" "old content" "$(cat ro/deal.txt)"
check_no_temporaries ro

# A file we may not replace, in a folder we may write: replaced whole, as an
# editor would (the folder's permission decides).
mkdir rw
chmod 777 rw
printf 'old content\n' >rw/locked.txt
chmod 444 rw/locked.txt
err=$("${run[@]}" deal --seed 1 -o rw/locked.txt 2>&1 >/dev/null)
check_equal "a read-only file in a writable folder is replaced" "0:" "$?:$err"
check_equal "...by the whole deal" "pyramide-deal 1" "$(head -1 rw/locked.txt)"

# The default log folder cannot be made: say which folder, and why.
err=$(XDG_DATA_HOME="$scratch/ro" "${run[@]}" play --seed 7 </dev/null 2>&1 >/dev/null)
check_equal "XDG_DATA_HOME not writable" "2:pyramide: $scratch/ro/pyramide: cannot create folder: Permission denied" "$?:$err"
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
    skip "XDG_DATA_HOME on a read-only file system: needs root and unshare"
    finish
fi
mkdir rofs
cat >erofs.sh <<INSIDE
mount -t tmpfs -o ro tmpfs rofs || exit 77
XDG_DATA_HOME="$scratch/rofs" "$pyramide" play --seed 7 </dev/null >/dev/null 2>erofs-err.txt
echo \$? >erofs-status.txt
INSIDE
unshare -m bash erofs.sh 2>mount-error.txt
if [ ! -f erofs-status.txt ]; then
    skip "read-only tmpfs: cannot mount here ($(head -1 mount-error.txt))"
    finish
fi
check_equal "XDG_DATA_HOME on a read-only file system" \
    "2:pyramide: $scratch/rofs/pyramide: cannot create folder: Read-only file system" \
    "$(cat erofs-status.txt):$(cat erofs-err.txt)"
finish
