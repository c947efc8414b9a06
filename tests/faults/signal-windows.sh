#!/usr/bin/env bash
# Ctrl-C at the worst moment of a write: right after the temporary file of an
# atomic write (or of a new log) is created. The command ends as interrupted
# (130), writes nothing, and leaves no ".pyramide-XXXXXX" file behind.
# The signal is sent by a preloaded library ($PYRAMIDE_SIGNAL_AFTER_CREATE).
source "$(dirname "$0")/lib.sh"
shim=${PYRAMIDE_SIGNAL_AFTER_CREATE:-}
if [ -z "$shim" ] || [ ! -f "$shim" ]; then
    echo "PYRAMIDE_SIGNAL_AFTER_CREATE does not name the preload library (ctest sets it)"
    exit 2
fi

# An atomic write (-o) leaves nothing; a new log, created before the signal
# is taken, is a game interrupted before its first move: it must validate.
interrupted() {  # WHAT FILE COMMAND...
    local what=$1 file=$2 status
    shift 2
    mkdir -p "$what" && (cd "$what" && LD_PRELOAD=$shim ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
        "$@" </dev/null >/dev/null 2>&1)
    status=$?
    check_equal "$what: interrupted" 130 "$status"
    case $file in
        *.log) [ ! -e "$what/$file" ] || "$pyramide" validate "$what/$file" >/dev/null 2>&1 ||
            fail "$what: $file does not validate" ;;
        *) [ ! -e "$what/$file" ] || fail "$what: $file was written" ;;
    esac
    check_no_temporaries "$what"
}
interrupted deal-o out.txt "$pyramide" deal --seed 1 -o out.txt
interrupted solve-o win.out "$pyramide" solve --seed 18 -o win.out
interrupted play-log new.log "$pyramide" play --seed 18 --log new.log
finish
