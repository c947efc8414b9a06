#!/usr/bin/env bash
# The Markdown pages hold together:
#  1. every relative link in README.md, CONTRIBUTING.md, ARCHITECTURE.md,
#     docs/*.md and the other Markdown files of the project (formats/,
#     examples/, fuzz/, bench/results/) names a file or folder that exists,
#     and a #anchor names a heading of the page it points to, by GitHub's
#     rule (lowercase; punctuation dropped; each blank a hyphen);
#  2. every command of README.md's ```sh blocks that starts with `pyramide `
#     runs with the built binary and exits 0, one after another in one
#     scratch folder with an empty home (so a command may use a file an
#     earlier one wrote), standard input empty;
#  3. no page speaks of the history of the work: no "session", no "issue N".
# Usage: links.sh PYRAMIDE_BINARY SOURCE_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd) || exit 2
cd "$src" || exit 2
failures=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}

pages=(README.md CONTRIBUTING.md ARCHITECTURE.md docs/*.md formats/*.md examples/README.md fuzz/README.md
    bench/results/README.md)

# --- 1. Links. perl prints "FILE:LINE: problem" for each broken one.
for page in "${pages[@]}"; do
    [ -f "$page" ] || { fail "$page: no such page"; continue; }
done
broken=$(perl -CSD -Mutf8 -e '
    use strict; use warnings;
    use File::Basename qw(dirname);
    my %anchors;
    # The anchors of a page, as GitHub makes them from its headings.
    sub anchors {
        my ($file) = @_;
        return $anchors{$file} if $anchors{$file};
        my %seen; my %set; my $fence = 0;
        open(my $in, "<:encoding(UTF-8)", $file) or return {};
        while (<$in>) {
            $fence = !$fence if /^\s*(```|~~~)/;
            next if $fence;
            next unless /^#{1,6}\s+(.*?)\s*#*\s*$/;
            my $text = $1;
            $text =~ s/\[([^\]]*)\]\([^)]*\)/$1/g;   # a link: its text
            my $slug = lc $text;
            $slug =~ s/[^\p{L}\p{N}\p{M}\p{Pc} -]//g;  # punctuation and symbols go
            $slug =~ s/ /-/g;
            my $n = $seen{$slug}++;
            $set{$n ? "$slug-$n" : $slug} = 1;
        }
        return $anchors{$file} = \%set;
    }
    my $count = 0;
    for my $page (@ARGV) {
        open(my $in, "<:encoding(UTF-8)", $page) or next;
        my $fence = 0;
        while (my $line = <$in>) {
            my $ln = $.;
            if ($line =~ /^\s*(```|~~~)/) { $fence = !$fence; next; }
            next if $fence;
            $line =~ s/`[^`]*`//g;   # code spans hold no links
            while ($line =~ /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g) {
                my $target = $1;
                next if $target =~ m{^[a-zA-Z][a-zA-Z0-9+.-]*:};   # https:, mailto:
                $count++;
                my ($path, $anchor) = split /#/, $target, 2;
                my $file = $path eq "" ? $page : dirname($page) . "/" . $path;
                if (!-e $file) {
                    print "$page:$ln: $target: no such file\n";
                    next;
                }
                next unless defined $anchor && $anchor ne "";
                if ($file !~ /\.md$/ || -d $file) {
                    print "$page:$ln: $target: an anchor into a file that is not a Markdown page\n";
                } elsif (!anchors($file)->{$anchor}) {
                    print "$page:$ln: $target: no heading of $file has the anchor #$anchor\n";
                }
            }
        }
    }
    print "checked $count\n";
' "${pages[@]}")
links=$(sed -n 's/^checked //p' <<<"$broken")
while IFS= read -r line; do
    case $line in "" | "checked "*) ;; *) fail "$line" ;; esac
done <<<"$broken"
echo "links: $links relative links in ${#pages[@]} pages"

# --- 2. The README's commands.
# Commands of the README that cannot run here, each with the reason. Keep this
# short: prefer commands that make their own files.
skip=(
)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin" "$scratch/home" "$scratch/work"
ln -s "$bin" "$scratch/bin/pyramide"
commands=0
while IFS= read -r cmd; do
    [ -n "$cmd" ] || continue
    for s in "${skip[@]}"; do
        [ "$cmd" = "$s" ] && continue 2
    done
    commands=$((commands + 1))
    status=0
    (
        cd "$scratch/work" || exit 2
        unset XDG_CONFIG_HOME XDG_DATA_HOME XDG_STATE_HOME NO_COLOR COLUMNS
        export HOME="$scratch/home" PATH="$scratch/bin:$PATH" LC_ALL=C.UTF-8 TERM=dumb
        exec timeout 120 bash -c "$cmd"
    ) </dev/null >"$scratch/out" 2>"$scratch/err" || status=$?
    if [ "$status" -ne 0 ]; then
        fail "README.md: '$cmd' exits $status:"$'\n'"$(head -c 2000 "$scratch/err")"
    fi
done < <(awk '
    /^```/ { if (in_sh) { in_sh = 0 } else if ($0 ~ /^```sh[[:space:]]*$/) { in_sh = 1 }; next }
    !in_sh { next }
    { line = $0 }
    held != "" { line = held " " line; held = "" }
    /\\$/ { sub(/\\$/, "", line); held = line; next }
    line ~ /^[[:space:]]*pyramide / { sub(/^[[:space:]]+/, "", line); print line }
' README.md)
echo "commands: $commands of README.md's run (${#skip[@]} skipped)"

# --- 3. Words of the work's history.
while IFS= read -r hit; do
    fail "speaks of the work, not the program: $hit"
done < <(grep -niE 'session|issue [0-9]' "${pages[@]}" man/*.scd 2>/dev/null)
echo "history: ${#pages[@]} pages and the man pages searched for 'session' and 'issue N'"

[ "$failures" -eq 0 ]
