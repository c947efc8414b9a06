#!/usr/bin/env zsh
# Prints what zsh's completion offers for command lines: each line is typed
# (with a Tab) into one interactive zsh on a pseudo-terminal whose compadd is
# wrapped to print the matches (after Valodim's zsh-capture-completion); the
# candidates of each line follow, one per line, then a line "--end--".
# Usage: zsh-complete.zsh FPATH_DIR 'pyramide deal -' ['pyramide stats ' ...]
emulate -L zsh
zmodload zsh/zpty || exit 2
fpath_dir=$1
shift
setup=$(mktemp "${TMPDIR:-/tmp}/zsh-complete.XXXXXX") || exit 2
trap 'rm -f $setup; zpty -d capture 2>/dev/null' EXIT
cat >$setup <<SETUP
PROMPT=
fpath=(${(q)fpath_dir} \$fpath)
autoload -U compinit && compinit -u -D
bindkey -e
bindkey '^I' complete-word
unsetopt auto_list list_beep
# _main_complete empties these arrays before calling them: each registers itself again.
capture-pre() { print -r -- \$'\\0'; compprefuncs=(capture-pre) }
capture-post() { print -r -- \$'\\0'; comppostfuncs=(capture-post) }
compprefuncs=(capture-pre)
comppostfuncs=(capture-post)
zstyle ':completion:*' insert-tab false
compadd() {
    # Calls that only ask for matches (-O, -A, -D) are left alone.
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "\$@"
        return
    fi
    local -a __hits
    builtin compadd -A __hits "\$@"
    local h
    for h in \$__hits; do print -r -- "\$IPREFIX\$h"; done
}
print ok
SETUP
zpty capture zsh -f -i
zpty -w capture "source ${(q)setup}"
local out chunk
repeat 50; do
    zpty -r capture out || exit 2
    [[ $out == ok* ]] && break
done
for line in "$@"; do
    # Type the line and a Tab; the matches come between two NUL lines.
    zpty -w -n capture "$line"$'\t'
    integer seen=0
    while (( seen < 2 )) && zpty -r capture chunk; do
        for out in "${(@f)chunk}"; do
            out=${out%$'\r'}
            if [[ $out == *$'\0'* ]]; then
                (( seen++ ))
                continue
            fi
            (( seen == 1 )) && [[ -n $out ]] && print -r -- $out
        done
    done
    print -- --end--
    # Ctrl-U: clear the line for the next one.
    zpty -w -n capture $'\C-u'
done
exit 0
