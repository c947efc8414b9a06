#!/usr/bin/env bash
# Installs the build into a temporary folder (DESTDIR, prefix /usr, as the
# Debian package does) and runs what was installed: the binary (--version,
# deal | validate), the manual pages where man finds them, the completions
# where bash-completion, zsh and fish load them from, and the presets.
# cmake --install rewrites <build>/install_manifest.txt, which `make
# uninstall` reads: the one there before is put back.
# Usage: install.sh CMAKE BUILD_DIR
set -eu
cmake=$1 build=$2

failures=0
fail() {
    echo "install: $*"
    failures=$((failures + 1))
}

scratch=$(mktemp -d)
manifest=$build/install_manifest.txt
if [ -f "$manifest" ]; then
    cp "$manifest" "$scratch/manifest.saved"
fi
restore() {
    if [ -f "$scratch/manifest.saved" ]; then
        cp "$scratch/manifest.saved" "$manifest"
    else
        rm -f "$manifest"
    fi
    rm -rf "$scratch"
}
trap restore EXIT

dest=$scratch/dest
DESTDIR=$dest "$cmake" --install "$build" --prefix /usr >"$scratch/log" 2>&1 ||
    { cat "$scratch/log"; echo "install: cmake --install failed"; exit 1; }
usr=$dest/usr

# The binary works from where it was installed.
bin=$usr/bin/pyramide
[ -x "$bin" ] || { echo "install: no $bin"; exit 1; }
version=$("$bin" --version) || fail "pyramide --version: exit $?"
[[ $version == "pyramide "[0-9]* ]] || fail "pyramide --version says '$version'"
out=$("$bin" deal --seed 1 | "$bin" validate -) || fail "pyramide deal --seed 1 | pyramide validate -: exit $?"
[ "$out" = "<stdin>: ok: 1 deal, variant traditional" ] || fail "validate said '$out'"

# Everything in its place, and nothing else.
expected=$(
    echo bin/pyramide
    for p in pyramide deal play validate replay solve rate round stats variants help; do
        [ "$p" = pyramide ] && echo share/man/man1/pyramide.1.gz || echo "share/man/man1/pyramide-$p.1.gz"
    done
    for p in deal movelog round series variants; do echo "share/man/man5/pyramide-$p.5.gz"; done
    echo share/bash-completion/completions/pyramide
    echo share/zsh/vendor-completions/_pyramide
    echo share/fish/vendor_completions.d/pyramide.fish
    echo share/doc/pyramide/copyright
    echo share/doc/pyramide/changelog.gz
    "$bin" variants | cut -d' ' -f1 | sed 's|^|share/pyramide/variants/|; s|$|.toml|'
)
installed=$(cd "$usr" && find . -type f | sed 's|^\./||')
missing=$(comm -23 <(sort <<<"$expected") <(sort <<<"$installed"))
extra=$(comm -13 <(sort <<<"$expected") <(sort <<<"$installed"))
[ -z "$missing" ] || fail "not installed:"$'\n'"$missing"
[ -z "$extra" ] || fail "installed but not expected:"$'\n'"$extra"

# man finds the pages (and `pyramide help` opens them); they render cleanly.
if command -v man >/dev/null; then
    found=$(MANPATH=$usr/share/man man -w pyramide-play 2>&1) || fail "man -w pyramide-play: $found"
    found=$(MANPATH=$usr/share/man man -w 5 pyramide-movelog 2>&1) || fail "man -w 5 pyramide-movelog: $found"
    page=$(MANPATH=$usr/share/man MANPAGER=cat MANWIDTH=80 "$bin" help solve 2>&1) || fail "pyramide help solve: exit $?"
    grep -q "pyramide-solve - find a winning line" <<<"$page" || fail "pyramide help solve did not open the installed page"
fi

# The completions load in each shell from where they were installed.
if bash -c 'source "$1" && complete -p pyramide' bash "$usr/share/bash-completion/completions/pyramide" >/dev/null; then :; else
    fail "bash: the installed completion does not register for pyramide"
fi
if command -v zsh >/dev/null; then
    zsh -f -c 'fpath=($1 $fpath); autoload -U compinit && compinit -u -D && (( $+functions[_pyramide] || ${+_comps[pyramide]} ))' \
        zsh "$usr/share/zsh/vendor-completions" || fail "zsh: _pyramide is not found through fpath"
fi
if command -v fish >/dev/null; then
    # fish finds vendor_completions.d in each of XDG_DATA_DIRS (set up by its
    # own config.fish: no --no-config here, and no user config either).
    offered=$(PATH=$usr/bin:$PATH HOME=$scratch XDG_CONFIG_HOME=$scratch/config XDG_DATA_DIRS=$usr/share \
        fish -c 'complete -C "pyramide deal --unw"' | cut -f1)
    [ "$offered" = --unwinnable ] || fail "fish: the installed completion offers '$offered' for 'pyramide deal --unw'"
fi

if [ "$failures" -gt 0 ]; then
    echo "install: $failures problem(s)"
    exit 1
fi
echo "install: $(wc -l <<<"$installed") files in place; the installed binary, pages and completions work"
