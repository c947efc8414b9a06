# fish completion for pyramide: subcommands, options, option values, preset
# names (asked of the binary being completed, `pyramide variants`, plus the
# user presets in $XDG_CONFIG_HOME/pyramide/variants) and file arguments.
# Installed as share/fish/vendor_completions.d/pyramide.fish.
# tests/docs/completions.sh fails when this file and the binary disagree.

# The subcommand path typed so far: "", "deal", "stats merge", ...; the values
# of options that take one are skipped.
function __pyramide_path
    set -l valued -v --variant -s --seed --pysolfc -n --count -f --format -o --output --log --resume --lock --color \
        --games --node-limit --max-seeds --expert-samples --expert-seed --seeds -j --jobs --shard --measure \
        -r --runs --fewest-node-limit --difficulty --round --player --name --winnable --band --attempts --hint --undo --opens --closes
    set -l words (commandline -opc)
    set -l path
    set -l skip 0
    for w in $words[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $w
            case '--*=*'
                continue
            case '-*'
                contains -- $w $valued; and set skip 1
                continue
        end
        if test (count $path) = 0
            set path $w
        else if test "$path" = stats -a "$w" = merge
            set path stats merge
        else if test "$path" = variants -a "$w" = show
            set path variants show
        else if test "$path" = round; and contains -- $w new show standings
            set path round $w
        else
            break
        end
    end
    echo $path
end

function __pyramide_at
    test (__pyramide_path) = "$argv"
end

# Presets with their summaries, then user presets.
function __pyramide_presets
    set -l cmd (commandline -opc)[1]
    # The user presets follow a blank line; they are found in their folder below.
    for line in (command $cmd variants 2>/dev/null)
        test -z "$line"; and break
        string replace -r '^(\S+)\s+(.*)$' '$1\t$2' -- $line
    end
    set -l dir $XDG_CONFIG_HOME
    string match -q '/*' -- "$dir"; or set dir $HOME/.config
    for f in $dir/pyramide/variants/*.toml
        test -f $f; and printf '%s\tuser preset\n' (path change-extension '' (path basename $f))
    end
end

function __pyramide_variants
    __pyramide_presets
    __fish_complete_suffix .toml
end

set -l subcommands deal play validate replay solve rate round stats variants help
complete -c pyramide -f

# pyramide
complete -c pyramide -n '__pyramide_at ""' -s h -l help -d 'Print the subcommands and exit'
complete -c pyramide -n '__pyramide_at ""' -s V -l version -d 'Print the version and exit'
complete -c pyramide -n '__pyramide_at ""' -a deal -d 'Deal games by seed'
complete -c pyramide -n '__pyramide_at ""' -a play -d 'Play a game line by line'
complete -c pyramide -n '__pyramide_at ""' -a validate -d 'Check deal files and move logs'
complete -c pyramide -n '__pyramide_at ""' -a replay -d 'Replay a move log'
complete -c pyramide -n '__pyramide_at ""' -a solve -d 'Find a winning line for a deal'
complete -c pyramide -n '__pyramide_at ""' -a rate -d 'Rate deals for a player who does not see the stock'
complete -c pyramide -n '__pyramide_at ""' -a round -d 'Host a round: make it, show it, rank its players'
complete -c pyramide -n '__pyramide_at ""' -a stats -d 'Measure many deals or move logs'
complete -c pyramide -n '__pyramide_at ""' -a variants -d 'List the variant presets'
complete -c pyramide -n '__pyramide_at ""' -a help -d 'Show the manual page of a subcommand'

# pyramide deal
complete -c pyramide -n '__pyramide_at deal' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at deal' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at deal' -s s -l seed -x -d 'Deal this seed'
complete -c pyramide -n '__pyramide_at deal' -l pysolfc -x -d "Deal PySolFC's game number N"
complete -c pyramide -n '__pyramide_at deal' -s n -l count -x -d 'Deal this many games'
complete -c pyramide -n '__pyramide_at deal' -s f -l format -x -a 'text line json mchung94' -d 'Output form'
complete -c pyramide -n '__pyramide_at deal' -l json -d 'The same as --format json'
complete -c pyramide -n '__pyramide_at deal' -s o -l output -r -F -d 'Write to FILE'
complete -c pyramide -n '__pyramide_at deal' -l winnable -d 'Deal only seeds the solver wins'
complete -c pyramide -n '__pyramide_at deal' -l unwinnable -d 'Deal only seeds the solver proves lost'
complete -c pyramide -n '__pyramide_at deal' -l seeds -x -d 'Every seed of A..B (with a filter: every match)'
complete -c pyramide -n '__pyramide_at deal' -l max-seeds -x -d 'Try at most N seeds (--winnable)'
complete -c pyramide -n '__pyramide_at deal' -s j -l jobs -x -d 'Threads (--winnable)'
complete -c pyramide -n '__pyramide_at deal' -l node-limit -x -d 'Skip a seed after N positions (--winnable)'
complete -c pyramide -n '__pyramide_at deal' -l difficulty -x -a 'easy medium hard expert' -d 'Deal only winnable seeds of this band'
complete -c pyramide -n '__pyramide_at deal' -s r -l runs -x -d "The expert's games a deal (--difficulty)"
complete -c pyramide -n '__pyramide_at deal' -l expert-samples -x -d 'Stock orders each choice is weighed in (--difficulty)'
complete -c pyramide -n '__pyramide_at deal' -l expert-seed -x -d "The expert's first seed (--difficulty)"
complete -c pyramide -n '__pyramide_at deal' -l daily -d 'The deal of the day (today, or DATE), rated'

# pyramide play
complete -c pyramide -n '__pyramide_at play' -F -d 'Deal file'
complete -c pyramide -n '__pyramide_at play' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at play' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at play' -s s -l seed -x -d 'Deal this seed'
complete -c pyramide -n '__pyramide_at play' -l pysolfc -x -d "Deal PySolFC's game number N"
complete -c pyramide -n '__pyramide_at play' -l log -r -F -d 'Write the move log to FILE'
complete -c pyramide -n '__pyramide_at play' -l no-log -d 'Keep no move log'
complete -c pyramide -n '__pyramide_at play' -l resume -r -F -a last -d 'Continue the game in this log or series'
complete -c pyramide -n '__pyramide_at play' -l list -d 'List the unfinished games in the log folder'
complete -c pyramide -n '__pyramide_at play' -l lock -x -a 'warn require' -d 'Where the log cannot be locked'
complete -c pyramide -n '__pyramide_at play' -l color -x -a 'auto always never' -d 'Colour the suits'
complete -c pyramide -n '__pyramide_at play' -l ascii -d 'Suit letters instead of symbols'
complete -c pyramide -n '__pyramide_at play' -l games -x -d 'Play a series of N games'
complete -c pyramide -n '__pyramide_at play' -l auto -d 'Make forced moves at once'
complete -c pyramide -n '__pyramide_at play' -l daily -d 'Play the deal of the day (today, or DATE)'
complete -c pyramide -n '__pyramide_at play' -l round -x -a '(__fish_complete_directories)' -d 'Play the next deal of this hosted round'
complete -c pyramide -n '__pyramide_at play' -l player -x -d "With --round: the player's name"

# pyramide round
complete -c pyramide -n '__pyramide_at round' -s h -l help -d 'Print the subcommands and exit'
complete -c pyramide -n '__pyramide_at round' -a new -d 'Make a round in a new folder'
complete -c pyramide -n '__pyramide_at round' -a show -d 'Print a round'
complete -c pyramide -n '__pyramide_at round' -a standings -d 'Rank the players'
complete -c pyramide -n '__pyramide_at round new' -a '(__fish_complete_directories)' -d 'New folder'
complete -c pyramide -n '__pyramide_at round new' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at round new' -l name -x -d "The round's name"
complete -c pyramide -n '__pyramide_at round new' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at round new' -l deals -r -F -d 'The deals of a file'
complete -c pyramide -n '__pyramide_at round new' -l seeds -x -d 'The deals of these seeds (1,5,9)'
complete -c pyramide -n '__pyramide_at round new' -l winnable -x -d 'The first N winnable seeds from --seed'
complete -c pyramide -n '__pyramide_at round new' -s s -l seed -x -d 'With --winnable: the first seed tried'
complete -c pyramide -n '__pyramide_at round new' -l band -x -a 'easy medium hard expert' -d 'With --winnable: only this band'
complete -c pyramide -n '__pyramide_at round new' -l attempts -x -d 'Games a player may start on each deal'
complete -c pyramide -n '__pyramide_at round new' -l hint -x -a 'allowed counted refused' -d 'The hint command'
complete -c pyramide -n '__pyramide_at round new' -l undo -x -a 'allowed counted refused' -d 'Undo and redo'
complete -c pyramide -n '__pyramide_at round new' -l opens -x -d 'No game before TIME (UTC)'
complete -c pyramide -n '__pyramide_at round new' -l closes -x -d 'No move from TIME on (UTC)'
complete -c pyramide -n '__pyramide_at round new' -l json -d 'Print the round made as JSON'
complete -c pyramide -n '__pyramide_at round show' -a '(__fish_complete_directories)' -d 'Round folder'
complete -c pyramide -n '__pyramide_at round show' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at round show' -l json -d 'Print JSON'
complete -c pyramide -n '__pyramide_at round standings' -a '(__fish_complete_directories)' -d 'Round folder'
complete -c pyramide -n '__pyramide_at round standings' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at round standings' -l json -d 'Print JSON'
complete -c pyramide -n '__pyramide_at round standings' -l csv -d 'Print CSV'

# pyramide validate
complete -c pyramide -n '__pyramide_at validate' -F -d 'Deal file or move log'
complete -c pyramide -n '__pyramide_at validate' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at validate' -s v -l variant -x -a '(__pyramide_variants)' -d 'Read with this variant'
complete -c pyramide -n '__pyramide_at validate' -l seed -x -d 'Require this seed\'s deal'
complete -c pyramide -n '__pyramide_at validate' -l seeds -x -d 'Require the deal of one of the seeds A..B'
complete -c pyramide -n '__pyramide_at validate' -l deal -r -F -d 'Require the deal in this file, by its cards'
complete -c pyramide -n '__pyramide_at validate' -l deals -r -F -d 'Require one of the deals in this file'
complete -c pyramide -n '__pyramide_at validate' -l json -d 'Print a JSON report'
complete -c pyramide -n '__pyramide_at validate' -s q -l quiet -d 'Say nothing about valid files'

# pyramide replay
complete -c pyramide -n '__pyramide_at replay' -F -d 'Move log'
complete -c pyramide -n '__pyramide_at replay' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at replay' -s v -l variant -x -a '(__pyramide_variants)' -d 'Variant FILE.toml of the log'
complete -c pyramide -n '__pyramide_at replay' -l final -d 'Show only the last position'
complete -c pyramide -n '__pyramide_at replay' -l analyse -d 'Judge every move: solver and expert'
complete -c pyramide -n '__pyramide_at replay' -l expert-samples -x -d 'Stock orders the expert tries each move in'
complete -c pyramide -n '__pyramide_at replay' -l expert-seed -x -d 'Mixed into the stock orders the expert draws'
complete -c pyramide -n '__pyramide_at replay' -l node-limit -x -d 'A solve gives up after this many positions'
complete -c pyramide -n '__pyramide_at replay' -l json -d 'Print JSON'
complete -c pyramide -n '__pyramide_at replay' -l ascii -d 'Suit letters instead of symbols'
complete -c pyramide -n '__pyramide_at replay' -l color -x -a 'auto always never' -d 'Colour the suits'

# pyramide solve
complete -c pyramide -n '__pyramide_at solve' -F -d 'Deal files or a move log'
complete -c pyramide -n '__pyramide_at solve' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at solve' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at solve' -s s -l seed -x -d "Solve this seed's deal"
complete -c pyramide -n '__pyramide_at solve' -l pysolfc -x -d "Solve PySolFC's game number N"
complete -c pyramide -n '__pyramide_at solve' -s o -l output -r -F -d 'Write the winning move log to FILE'
complete -c pyramide -n '__pyramide_at solve' -l shortest -d 'A solution with the fewest moves'
complete -c pyramide -n '__pyramide_at solve' -l any -d 'Scored variants: the first win, not the best score'
complete -c pyramide -n '__pyramide_at solve' -l json -d 'Print the result as JSON'
complete -c pyramide -n '__pyramide_at solve' -l node-limit -x -d 'Give up after this many positions'
complete -c pyramide -n '__pyramide_at solve' -s j -l jobs -x -d 'Threads (several deals)'

# pyramide rate
complete -c pyramide -n '__pyramide_at rate' -F -d 'Deal file'
complete -c pyramide -n '__pyramide_at rate' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at rate' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at rate' -s s -l seed -x -d "Rate this seed's deal"
complete -c pyramide -n '__pyramide_at rate' -s n -l count -x -d 'Rate this many deals'
complete -c pyramide -n '__pyramide_at rate' -l pysolfc -x -d "Rate PySolFC's game number N"
complete -c pyramide -n '__pyramide_at rate' -s r -l runs -x -d "R: the expert's games"
complete -c pyramide -n '__pyramide_at rate' -l expert-samples -x -d 'K: stock orders each choice is weighed in'
complete -c pyramide -n '__pyramide_at rate' -l expert-seed -x -d "The expert's sampling seed"
complete -c pyramide -n '__pyramide_at rate' -l node-limit -x -d 'Give up the verdict after this many positions'
complete -c pyramide -n '__pyramide_at rate' -l fewest-node-limit -x -d 'Give up the fewest moves after this many positions'
complete -c pyramide -n '__pyramide_at rate' -s j -l jobs -x -d 'Threads'
complete -c pyramide -n '__pyramide_at rate' -l json -d 'Print one JSON object a deal'

# pyramide stats
complete -c pyramide -n '__pyramide_at stats' -F -d 'Deal file or move log'
complete -c pyramide -n '__pyramide_at stats' -a merge -d 'Add up the --json outputs of --shard runs'
complete -c pyramide -n '__pyramide_at stats' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at stats' -s v -l variant -x -a '(__pyramide_variants)' -d 'Preset name or FILE.toml'
complete -c pyramide -n '__pyramide_at stats' -l seeds -x -d 'Measure the deals of seeds A..B'
complete -c pyramide -n '__pyramide_at stats' -s j -l jobs -x -d 'Threads'
complete -c pyramide -n '__pyramide_at stats' -l shard -x -d 'Part K/N, for stats merge'
complete -c pyramide -n '__pyramide_at stats' -l measure -x -a '(__fish_append , won pyramid lock blind expert)' -d 'Which measures'
complete -c pyramide -n '__pyramide_at stats' -l node-limit -x -d 'Give up a deal after this many positions'
complete -c pyramide -n '__pyramide_at stats' -l expert-samples -x -d 'Stock orders the expert tries each move in'
complete -c pyramide -n '__pyramide_at stats' -l json -d 'Print JSON'
complete -c pyramide -n '__pyramide_at stats' -l csv -d 'Print CSV'

# pyramide stats merge
complete -c pyramide -n '__pyramide_at stats merge' -a '(__fish_complete_suffix .json)'
complete -c pyramide -n '__pyramide_at stats merge' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at stats merge' -l json -d 'Print JSON'
complete -c pyramide -n '__pyramide_at stats merge' -l csv -d 'Print CSV'

# pyramide variants
complete -c pyramide -n '__pyramide_at variants' -a show -d "Print a preset's TOML"
complete -c pyramide -n '__pyramide_at variants' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at variants' -l json -d 'Print the list as JSON'

# pyramide variants show
complete -c pyramide -n '__pyramide_at variants show' -a '(__pyramide_variants)'
complete -c pyramide -n '__pyramide_at variants show' -s h -l help -d 'Print the options and exit'
complete -c pyramide -n '__pyramide_at variants show' -l json -d 'Print the rules as JSON'

# pyramide help
complete -c pyramide -n '__pyramide_at help; and test (count (commandline -opc)) -eq 2' -a "$subcommands"
complete -c pyramide -n '__pyramide_at help; and contains -- stats (commandline -opc)' -a merge
complete -c pyramide -n '__pyramide_at help; and contains -- variants (commandline -opc)' -a show
complete -c pyramide -n '__pyramide_at help; and contains -- round (commandline -opc)' -a 'new show standings'
complete -c pyramide -n '__pyramide_at help' -s h -l help -d 'Print the options and exit'
