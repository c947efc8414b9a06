#!/usr/bin/env bash
# `-o` onto what is not a regular file: a device or a FIFO is written
# through (never replaced by a regular file, as root `-o /dev/null` would
# replace the system's); so is an open file named by /proc (/dev/fd/1, what
# /dev/stdout links to): into a pipe, a file the shell truncated, or one it
# appends to. A symbolic link is followed and stays a link; a file name of
# 255 bytes fits (the temporary name is short), 256 is refused.
source "$(dirname "$0")/lib.sh"

# A symbolic link to /dev/null: still a link, /dev/null still a device.
ln -s /dev/null null-link
"$pyramide" deal --seed 1 -o null-link
check_equal "deal -o LINK-TO-/dev/null: exit status" 0 "$?"
check_equal "...the link is still a link to /dev/null" "/dev/null" "$(readlink null-link)"
check_equal "...which is still a character device" "character special file" "$(stat -L -c %F null-link)"

# A FIFO: the deal comes out of it, and it is still a FIFO.
mkfifo fifo
timeout 10 cat fifo >from-fifo.txt &  # bounded: a FIFO replaced is never opened
reader=$!
"$pyramide" deal --seed 1 -o fifo
check_equal "deal -o FIFO: exit status" 0 "$?"
wait $reader
check_equal "...the deal came through" "$("$pyramide" deal --seed 1)" "$(cat from-fifo.txt)"
check_equal "...still a FIFO" "fifo" "$(stat -c %F fifo)"

# /dev/fd/1 (/dev/stdout is a link to /proc/self/fd/1): written through.
# (Not /dev/stdout itself: a regression would replace the system's link.)
check_equal "deal -o /dev/fd/1 | ...: the deal" "$("$pyramide" deal --seed 1)" "$("$pyramide" deal --seed 1 -o /dev/fd/1 | cat)"
printf 'old\n' >truncated.txt
"$pyramide" deal --seed 1 -f line -o /dev/fd/1 >truncated.txt
check_equal "deal -o /dev/fd/1 >FILE: the deal" "$("$pyramide" deal --seed 1 -f line)" "$(cat truncated.txt)"
printf 'kept\n' >appended.txt
"$pyramide" deal --seed 1 -f line -o /dev/fd/1 >>appended.txt
check_equal "deal -o /dev/fd/1 >>FILE: appended" "kept
$("$pyramide" deal --seed 1 -f line)" "$(cat appended.txt)"

# A symbolic link to a regular file elsewhere: the file is replaced, the link kept.
mkdir elsewhere
printf 'old\n' >elsewhere/deal.txt
ln -s elsewhere/deal.txt link.txt
"$pyramide" deal --seed 2 -o link.txt
check_equal "deal -o LINK: the target holds the deal" "$("$pyramide" deal --seed 2)" "$(cat elsewhere/deal.txt)"
check_equal "...the link is still a link" "elsewhere/deal.txt" "$(readlink link.txt)"
check_no_temporaries .
check_no_temporaries elsewhere

# Long names: 255 bytes is the longest a file name may be here.
name255=$(printf 'd%.0s' $(seq 255))
"$pyramide" deal --seed 1 -o "$name255"
check_equal "deal -o NAME (255 bytes): exit status" 0 "$?"
check_equal "...written" "pyramide-deal 1" "$(head -1 "$name255")"
err=$("$pyramide" deal --seed 1 -o "${name255}d" 2>&1)
check_equal "deal -o NAME (256 bytes): refused" "2:pyramide: ${name255}d: cannot write: File name too long" "$?:$err"
check_no_temporaries .

# A device node of our own (root only): still a device after -o.
if [ "$(id -u)" = 0 ] && mknod null-node c 1 3 2>/dev/null; then
    "$pyramide" deal --seed 1 -o null-node
    check_equal "deal -o DEVICE: exit status" 0 "$?"
    check_equal "...still a character device" "character special file" "$(stat -c %F null-node)"
else
    skip "mknod: needs root (and CAP_MKNOD)"
fi
finish
