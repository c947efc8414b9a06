#!/usr/bin/env bash
# The shell completions, run for real in bash, zsh (on a pseudo-terminal) and
# fish: for every subcommand path the binary has (read from its --help), the
# options each shell offers after "-" must be exactly the options the binary
# accepts; the subcommands offered must be the binary's; --variant must offer
# every preset `pyramide variants` lists plus a user preset from
# $XDG_CONFIG_HOME/pyramide/variants. Also: the scripts pass zsh -n,
# fish --no-execute and, when it is installed, the shellcheck linter.
# Usage: completions.sh PYRAMIDE_BINARY SOURCE_DIR
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
# shellcheck source=tests/docs/cli-spec.sh
source "$src/tests/docs/cli-spec.sh"
comp=$src/completions

failures=0
fail() {
    echo "completions: $*"
    failures=$((failures + 1))
}
same_set() { # WHAT EXPECTED ACTUAL (newline-separated)
    local e a
    e=$(sort -u <<<"$2" | sed '/^$/d') a=$(sort -u <<<"$3" | sed '/^$/d')
    [ "$e" = "$a" ] && return
    local missing extra
    missing=$(comm -23 <(echo "$e") <(echo "$a") | paste -sd' ')
    extra=$(comm -13 <(echo "$e") <(echo "$a") | paste -sd' ')
    fail "$1: ${missing:+missing (in the binary, not offered): $missing}${missing:+${extra:+; }}${extra:+offered but not in the binary: $extra}"
}

for shell in zsh fish; do
    command -v "$shell" >/dev/null || { echo "completions: $shell not found: run scripts/install-deps"; exit 1; }
done

# An empty folder to complete in (no file names among the candidates), the
# binary on PATH as `pyramide`, and one user preset.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/empty" "$scratch/bin" "$scratch/config/pyramide/variants"
ln -s "$bin" "$scratch/bin/pyramide"
printf 'base = "par"\n' >"$scratch/config/pyramide/variants/my-user-preset.toml"
export PATH="$scratch/bin:$PATH" XDG_CONFIG_HOME="$scratch/config" HOME="$scratch"
unset BASH_COMPLETION_USER_DIR
cd "$scratch/empty"

mapfile -t paths < <(subcommand_paths "$bin")
subcommands=$("$bin" --help | _help_subcommands)
# The presets (the listing up to its blank line; the user presets follow it), and the user preset.
presets=$(printf '%s\n' "$("$bin" variants | awk '/^$/ { exit } { print $1 }')" my-user-preset)

# The checks: what is being completed (a command line whose last word is
# completed), what must be offered, and whether only options count.
lines=() expect=() only_options=()
check() { # LINE EXPECTED OPTIONS_ONLY
    lines+=("$1") expect+=("$2") only_options+=("$3")
}
for path in "${paths[@]}"; do
    # shellcheck disable=SC2086  # the path is words
    check "pyramide${path:+ $path} -" "$(options "$bin" $path)" yes
done
for path in "" stats variants help; do
    case $path in
        "" | help) expected=$subcommands ;;
        *) expected=$(for p in "${paths[@]}"; do if [[ $p == "$path "* ]]; then echo "${p#* }"; fi; done) ;;
    esac
    check "pyramide${path:+ $path} " "$expected" no
done
check "pyramide deal --variant " "$presets" no
check "pyramide variants show " "$presets" no
check "pyramide play --resume " "last" no

# What each shell offers for every line, each answer followed by "--end--".
bash_offers() {
    local line words
    for line in "${lines[@]}"; do
        read -ra words <<<"$line"
        [[ $line == *" " ]] && words+=("")
        bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pyramide; printf "%s\n" "${COMPREPLY[@]}"' \
            bash "$comp/pyramide.bash" "$@" "${words[@]}"
        echo --end--
    done
}
zsh_offers() {
    timeout 60 zsh "$src/tests/docs/zsh-complete.zsh" "$comp" "${lines[@]}"
}
fish_offers() {
    # shellcheck disable=SC2016  # fish's own variables
    fish --no-config -c 'source $argv[1]; for line in $argv[2..-1]; complete -C $line | cut -f1; echo --end--; end' \
        "$comp/pyramide.fish" "${lines[@]}"
}

for shell in bash zsh fish; do
    answers=$scratch/$shell.out
    "${shell}_offers" >"$answers" || fail "$shell: the completion run failed (exit $?)"
    for i in "${!lines[@]}"; do
        offered=$(awk -v n="$i" '$0 == "--end--" { k++; next } k == n' "$answers")
        [ "${only_options[i]}" = no ] || offered=$(grep -- '^-' <<<"$offered" || true)
        same_set "$shell: '${lines[i]}'" "${expect[i]}" "$offered"
    done
done

# Syntax, and shellcheck where it is installed.
zsh -n "$comp/_pyramide" || fail "zsh -n _pyramide"
fish --no-execute "$comp/pyramide.fish" || fail "fish --no-execute pyramide.fish"
bash -n "$comp/pyramide.bash" || fail "bash -n pyramide.bash"
if command -v shellcheck >/dev/null; then
    shellcheck -s bash "$comp/pyramide.bash" || fail "shellcheck pyramide.bash"
fi

if [ "$failures" -gt 0 ]; then
    echo "completions: $failures problem(s)"
    exit 1
fi
echo "completions: bash, zsh and fish offer exactly the binary's subcommands, options and presets"
