#!/usr/bin/env bash
# The Debian package: cpack builds it from the build folder into a
# temporary one; it carries the copyright file and the changelog, a
# Maintainer that is not a placeholder, and lintian reports no error or
# warning on it. Exit 77 (skipped) where lintian or dpkg-deb is missing, and
# in a sanitizer build (whose binary is not what is shipped).
# Usage: package.sh BUILD_DIR SANITIZED(0/1)
set -eu
build=$1
if [ "${2:-0}" = 1 ]; then echo "package: skipped in a sanitizer build"; exit 77; fi
for tool in cpack dpkg-deb lintian; do
    command -v "$tool" >/dev/null || { echo "package: skipped: no $tool (scripts/install-deps installs it)"; exit 77; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "package: $*"; failures=$((failures + 1)); }

(cd "$build" && cpack -G DEB -B "$scratch" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; exit 1; }
deb=$(ls "$scratch"/pyramide_*.deb)
contents=$(dpkg-deb --contents "$deb")
for f in ./usr/bin/pyramide ./usr/share/doc/pyramide/copyright ./usr/share/doc/pyramide/changelog.gz; do
    grep -q " $f\$" <<<"$contents" || fail "the package has no $f"
done
maintainer=$(dpkg-deb --field "$deb" Maintainer)
case $maintainer in
    *.invalid* | *placeholder* | "") fail "placeholder Maintainer: $maintainer" ;;
esac
# E: errors, W: warnings; I: (information) and N: notes are allowed.
lintian --no-tag-display-limit "$deb" >"$scratch/lintian" 2>&1 || true
if grep -E '^[EW]: ' "$scratch/lintian"; then fail "lintian reports the above"; fi
if [ "$failures" -gt 0 ]; then
    echo "package: $failures problem(s)"
    exit 1
fi
echo "package: ok ($(basename "$deb"), lintian: no errors or warnings)"
