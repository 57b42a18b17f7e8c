#!/usr/bin/env bash
# install-gemini.sh: install the Gemini CLI client the end-to-end test drives
# (npm @google/gemini-cli, pinned) into a private prefix and print the path of
# its binary. Idempotent: when that version is already there it only prints
# the path. Nothing is installed globally and the user's ~/.gemini is
# untouched.
#
#   GEMINI_BIN=$(.ci/install-gemini.sh) go test ./internal/geminie2e/
#
# Settings: LEARN_GEMINI_VERSION (default 0.61.0), LEARN_GEMINI_PREFIX
# (default $XDG_CACHE_HOME/learn-e2e/gemini-VERSION, else ~/.cache/...).
set -euo pipefail

version=${LEARN_GEMINI_VERSION:-0.61.0}
cache=${XDG_CACHE_HOME:-$HOME/.cache}
prefix=${LEARN_GEMINI_PREFIX:-$cache/learn-e2e/gemini-$version}

# node_modules/.bin/gemini links the package's bundle/gemini.js, a Node
# script; npm may skip the install scripts of its optional native
# dependencies (keytar, node-pty): the tests need neither.
find_bin() {
  local c=$prefix/node_modules/.bin/gemini
  if [ -x "$c" ] && [ ! -d "$c" ]; then
    printf '%s\n' "$c"
    return 0
  fi
  return 1
}

installed_version() {
  # A scratch HOME: the client may write state there even for --version.
  local scratch out
  scratch=$(mktemp -d)
  out=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$scratch" timeout 60 "$1" --version </dev/null 2>/dev/null || true)
  rm -rf "$scratch"
  # "0.61.0"
  printf '%s\n' "${out##* }"
}

if bin=$(find_bin) && [ "$(installed_version "$bin")" = "$version" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v npm >/dev/null 2>&1 || { echo "install-gemini.sh: npm is required to install @google/gemini-cli@$version" >&2; exit 1; }
mkdir -p "$prefix"
echo "install-gemini.sh: installing @google/gemini-cli@$version into $prefix" >&2
npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "@google/gemini-cli@$version" >&2

bin=$(find_bin) || { echo "install-gemini.sh: gemini binary not found under $prefix/node_modules" >&2; exit 1; }
got=$(installed_version "$bin")
[ "$got" = "$version" ] || { echo "install-gemini.sh: $bin reports version '$got', want $version" >&2; exit 1; }
printf '%s\n' "$bin"
