#!/usr/bin/env bash
# Every report fits 80 columns: each line of the golden cases'
# stdout (stats, replay, solve, validate, deal, variants, play with no
# terminal to measure) is at most 80 columns wide, colour removed, a UTF-8
# character one column. Exempt, each for a reason:
#   - a JSON value ({...} or [...] on its own line): for machines, one a line;
#   - a deal in its line form (cards and key=value words only), or a mchung94
#     deck string (52 two-character cards in one word): one deal a line is the
#     format (formats/deal.md);
#   - a message (pyramide: ..., pyramide deal: ...) or a validate record
#     (FILE: ok: ..., FILE:LINE:COL: invalid: ...): one line each, naming a file as compilers do, for
#     editors and grep;
#   - a command line a case echoes before running it ($ pyramide ...), or one
#     that play gives the player to paste (  pyramide play --resume PATH):
#     never broken, so that it can be copied whole;
#   - the cases that set COLUMNS: they choose another width (play-width-40
#     checks its own, 40).
# Usage: report-width.sh GOLDEN_DIR
set -eu
golden=$1

wide=$(
    for out in "$golden"/*/stdout; do
        grep -q 'COLUMNS=' "$(dirname "$out")/cmd" && continue
        perl -CSD -ne '
            chomp;
            (my $plain = $_) =~ s/\e\[[0-9;]*[A-Za-z]//g;
            next if length($plain) <= 80;
            next if $plain =~ /^\s*[\[{]/;
            next if $plain =~ /^(?:[a-z_]+=\S+ )*(?:[0-9A-Z]{2}(?: |$))+$/;
            next if $plain =~ /^(?:[2-9ATJQK][cdhs]){52}$/;
            next if $plain =~ /^\s+pyramide play --resume \S+$/;
            next if $plain =~ /^pyramide(?: [a-z]+)*: / || $plain =~ /^\S.*?: ok: / || $plain =~ /^\S.*?:\d+(?::\d+)?: invalid: /;
            next if $plain =~ /^\$ /;
            printf "%s:%d: %d columns: %s\n", $ARGV, $., length($plain), substr($plain, 0, 100);
        ' "$out" | sed "s|^$golden/||"
    done
)
if [ -n "$wide" ]; then
    echo "report-width: golden output lines over 80 columns:"
    echo "$wide"
    exit 1
fi
echo "report-width: every golden report line fits 80 columns"
