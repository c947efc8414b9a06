# shellcheck shell=bash
# What the binary itself says it accepts, read from its --help output, for the
# drift tests of the manual pages and the completions. Sourced (bash).
#   subcommand_paths BIN   "" (the top level), "deal", ..., "stats merge", one a line
#   options BIN [WORD...]  the options of that subcommand path, one a line

# The names in the "Subcommands:" section of a --help text on stdin.
_help_subcommands() {
    awk '/^Subcommands:$/ { on = 1; next }
         on && /^$/ { on = 0 }
         on && /^  [a-z]/ { print $1 }'
}

subcommand_paths() {
    local bin=$1 sub nested
    echo ""
    for sub in $("$bin" --help | _help_subcommands); do
        echo "$sub"
        for nested in $("$bin" "$sub" --help | _help_subcommands); do
            echo "$sub $nested"
        done
    done
}

options() {
    local bin=$1
    shift
    # "  -v,--variant TEXT=traditional": the names before the first space.
    "$bin" "$@" --help | awk '/^Options:$/ { on = 1; next }
        on && /^$/ { on = 0 }
        on && /^  -/ { n = split($1, names, ","); for (i = 1; i <= n; i++) print names[i] }'
}
