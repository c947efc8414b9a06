#!/usr/bin/perl
# Tidies scdoc's man(7) output so that `mandoc -Tlint` has nothing to say
# (tests/docs/man.sh checks it, and groff's warnings), without changing a word:
# - drops the paragraph macros (.P) that both formatters skip anyway: one
#   right after a section heading, or right before a heading, another .P or
#   the end; a .P just before .RE moves after it, where it still separates
#   the items of a list;
# - writes every character beyond ASCII as a \[uXXXX] escape, as preconv(1)
#   does, so the page reads the same whatever the formatter's input encoding;
# - breaks filled text lines longer than 80 bytes at a space (in filled text a
#   line break is a space), never inside .nf/.fi blocks;
# - moves scdoc's .nh (no hyphenation) and .ad l (ragged right) after .TH,
#   whose groff definition would otherwise turn both back on.
# Usage: tidy-roff.pl < in.scdoc-output > out.1
use strict;
use warnings;
use open qw(:std :encoding(UTF-8));

my ($pending, $after_heading, $nofill) = (0, 0, 0);
my @held;          # .nh and .ad l, held back until .TH is written
my $th_seen = 0;

sub emit_text {
    my ($line) = @_;
    while (length($line) > 80) {
        my $cut = rindex($line, ' ', 80);
        last if $cut <= 0;
        print substr($line, 0, $cut), "\n";
        $line = substr($line, $cut + 1);
        # A continuation must not become a control line.
        $line = "\\&$line" if $line =~ /^[.']/;
    }
    print "$line\n";
}

while (my $line = <STDIN>) {
    chomp $line;
    $line =~ s/([^\x00-\x7f])/sprintf('\\[u%04X]', ord($1))/ge;
    if (!$th_seen && ($line eq '.nh' || $line eq '.ad l')) {
        push @held, $line;
        next;
    }
    if (!$th_seen && $line =~ /^\.TH /) {
        print "$line\n", map { "$_\n" } @held;
        $th_seen = 1;
        next;
    }
    if ($line eq '.P') {
        $pending = 1 unless $after_heading;
        next;
    }
    if ($line =~ /^\.(SH|SS)( |$)/) {
        $pending = 0;
        print "$line\n";
        $after_heading = 1;
        next;
    }
    if ($line eq '.RE') {
        print "$line\n";    # a pending .P now follows .RE
        next;
    }
    print ".P\n" if $pending;
    $pending = 0;
    $after_heading = 0;
    $nofill = 1 if $line eq '.nf';
    $nofill = 0 if $line eq '.fi';
    if (!$nofill && $line !~ /^[.']/) {
        emit_text($line);
    } else {
        print "$line\n";
    }
}
