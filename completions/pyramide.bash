# bash completion for pyramide                            -*- shell-script -*-
# Subcommands, options, option values, preset names (asked of the binary being
# completed, `pyramide variants`, plus the user presets in
# $XDG_CONFIG_HOME/pyramide/variants) and file arguments. Installed as
# share/bash-completion/completions/pyramide; needs nothing from
# bash-completion itself, so `source completions/pyramide.bash` works too.
# tests/docs/completions.sh fails when this file and the binary disagree.

_pyramide_subcommands="deal play validate replay solve rate round stats variants help"

# Options of each subcommand path ("stats merge" is stats_merge), and those of
# them that take a value (whose value is not a positional argument).
_pyramide_opts_top="-h --help -V --version"
_pyramide_opts_deal="-h --help -v --variant -s --seed --pysolfc -n --count -f --format --json -o --output --winnable --unwinnable --seeds --max-seeds -j --jobs --node-limit --difficulty -r --runs --expert-samples --expert-seed --daily"
_pyramide_opts_play="-h --help -v --variant -s --seed --pysolfc --log --no-log --resume --list --lock --color --ascii --daily --round --player --games --auto"
_pyramide_opts_validate="-h --help -v --variant --seed --seeds --deal --deals --json -q --quiet"
_pyramide_opts_replay="-h --help -v --variant --final --analyse --expert-samples --expert-seed --node-limit --json --ascii --color"
_pyramide_opts_solve="-h --help -v --variant -s --seed --pysolfc -o --output --shortest --any --json --node-limit -j --jobs"
_pyramide_opts_rate="-h --help -v --variant -s --seed -n --count --pysolfc -r --runs --expert-samples --expert-seed --node-limit --fewest-node-limit -j --jobs --json"
_pyramide_opts_round="-h --help"
_pyramide_opts_round_new="-h --help --name -v --variant --deals --seeds --winnable -s --seed --band --attempts --hint --undo --opens --closes --json"
_pyramide_opts_round_show="-h --help --json"
_pyramide_opts_round_standings="-h --help --json --csv"
_pyramide_opts_stats="-h --help -v --variant --seeds -j --jobs --shard --measure --node-limit --expert-samples --json --csv"
_pyramide_opts_stats_merge="-h --help --json --csv"
_pyramide_opts_variants="-h --help --json"
_pyramide_opts_variants_show="-h --help --json"
_pyramide_opts_help="-h --help"
_pyramide_valued="-v --variant -s --seed --pysolfc -n --count -f --format -o --output --log --resume --lock --color --games --node-limit --max-seeds --expert-samples --seeds -j --jobs --shard --measure -r --runs --expert-seed --fewest-node-limit --difficulty --name --winnable --band --attempts --hint --undo --opens --closes --round --player"

# Preset names: the binary's own list (up to its blank line), then the user
# presets, the .toml files of the folder.
_pyramide_presets() {
    local cmd=$1 name rest dir f
    while read -r name rest; do
        [[ -z $name ]] && break # the user presets follow a blank line: listed below
        printf '%s\n' "$name"
    done < <("$cmd" variants 2>/dev/null)
    dir=${XDG_CONFIG_HOME:-}
    [[ $dir == /* ]] || dir=$HOME/.config
    for f in "$dir"/pyramide/variants/*.toml; do
        [[ -f $f ]] || continue
        f=${f##*/}
        printf '%s\n' "${f%.toml}"
    done
}

# Files (any name) and folders, as completions of $cur.
_pyramide_files() {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

# Files ending in $1 and folders (to walk into).
_pyramide_files_ending() {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -X "!*$1" -- "$cur"; compgen -d -- "$cur")
}

_pyramide() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local cmd=${COMP_WORDS[0]} path="" i w skip=0 nargs=0
    COMPREPLY=()
    # `--color=al<TAB>`: bash splits at '=' (COMP_WORDBREAKS).
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    [[ $cmd == */* || $cmd == pyramide ]] || cmd=pyramide
    cmd=${cmd/#\~/$HOME}

    # The subcommand path so far ("stats merge"), and how many positional
    # arguments follow it; option values are skipped.
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if ((skip > 0)); then
            ((skip--))
            continue
        fi
        case $w in
            -*)
                if [[ " $_pyramide_valued " == *" $w "* ]]; then
                    skip=1
                    [[ ${COMP_WORDS[i + 1]} == = ]] && skip=2
                fi
                continue ;;
        esac
        if [[ -z $path ]]; then
            path=$w
        elif [[ $path == stats && $w == merge && $nargs == 0 ]] || [[ $path == variants && $w == show ]] ||
            [[ $path == round && $nargs == 0 && ($w == new || $w == show || $w == standings) ]]; then
            path="$path $w"
        else
            ((nargs++))
        fi
    done

    # The value of an option.
    case $prev in
        -v | --variant)
            local presets
            presets=$(_pyramide_presets "$cmd")
            _pyramide_files_ending .toml
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$presets" -- "$cur")
            return ;;
        -f | --format)
            mapfile -t COMPREPLY < <(compgen -W "text line json mchung94" -- "$cur")
            return ;;
        --color)
            mapfile -t COMPREPLY < <(compgen -W "auto always never" -- "$cur")
            return ;;
        --lock)
            mapfile -t COMPREPLY < <(compgen -W "warn require" -- "$cur")
            return ;;
        --difficulty | --band)
            mapfile -t COMPREPLY < <(compgen -W "easy medium hard expert" -- "$cur")
            return ;;
        --measure)
            # A comma-separated list: complete its last item.
            local done_items=""
            [[ $cur == *,* ]] && done_items=${cur%,*},
            mapfile -t COMPREPLY < <(compgen -P "$done_items" -W "won pyramid lock blind best expert" -- "${cur##*,}")
            compopt -o nospace 2>/dev/null
            return ;;
        --hint | --undo)
            mapfile -t COMPREPLY < <(compgen -W "allowed counted refused" -- "$cur")
            return ;;
        --resume)
            _pyramide_files
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W last -- "$cur")
            return ;;
        -o | --output | --log | --deal | --deals | --round)
            _pyramide_files
            return ;;
        -s | --seed | --pysolfc | -n | --count | --games | --node-limit | --expert-samples | --seeds | -j | --jobs | --shard | \
            --name | --winnable | --attempts | --opens | --closes | --player)
            return ;;
    esac

    if [[ $cur == -* ]]; then
        local var=_pyramide_opts_${path// /_}
        [[ -z $path ]] && var=_pyramide_opts_top
        [[ -n ${!var+set} ]] && mapfile -t COMPREPLY < <(compgen -W "${!var}" -- "$cur")
        return
    fi

    case $path in
        "") mapfile -t COMPREPLY < <(compgen -W "$_pyramide_subcommands" -- "$cur") ;;
        deal) ;;
        play | replay) ((nargs == 0)) && _pyramide_files ;;
        validate | rate | solve) _pyramide_files ;;
        stats)
            _pyramide_files
            ((nargs == 0)) && mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "merge" -- "$cur") ;;
        "stats merge") _pyramide_files_ending .json ;;
        round) ((nargs == 0)) && mapfile -t COMPREPLY < <(compgen -W "new show standings" -- "$cur") ;;
        "round new" | "round show" | "round standings")
            compopt -o filenames 2>/dev/null
            ((nargs == 0)) && mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
        variants) ((nargs == 0)) && mapfile -t COMPREPLY < <(compgen -W "show" -- "$cur") ;;
        "variants show")
            if ((nargs == 0)); then
                local presets
                presets=$(_pyramide_presets "$cmd")
                _pyramide_files_ending .toml
                mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$presets" -- "$cur")
            fi ;;
        help)
            if ((nargs == 0)); then
                mapfile -t COMPREPLY < <(compgen -W "$_pyramide_subcommands" -- "$cur")
            elif ((nargs == 1)); then
                case $prev in
                    stats) mapfile -t COMPREPLY < <(compgen -W "merge" -- "$cur") ;;
                    variants) mapfile -t COMPREPLY < <(compgen -W "show" -- "$cur") ;;
                    round) mapfile -t COMPREPLY < <(compgen -W "new show standings" -- "$cur") ;;
                esac
            fi ;;
    esac
}
complete -F _pyramide pyramide
