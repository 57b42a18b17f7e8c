#!/usr/bin/env bash
# install-opencode.sh: install the opencode client the end-to-end test drives
# (npm opencode-ai, pinned) into a private prefix and print the path of its
# native binary. Idempotent: when that version is already there it only prints
# the path. Nothing is installed globally and the user's ~/.config is untouched.
#
#   OPENCODE_BIN=$(.ci/install-opencode.sh) go test ./internal/e2e/
#
# Settings: LEARN_OPENCODE_VERSION (default 1.18.33), LEARN_OPENCODE_PREFIX
# (default $XDG_CACHE_HOME/learn-e2e/opencode-VERSION, else ~/.cache/...).
set -euo pipefail

version=${LEARN_OPENCODE_VERSION:-1.18.33}
cache=${XDG_CACHE_HOME:-$HOME/.cache}
prefix=${LEARN_OPENCODE_PREFIX:-$cache/learn-e2e/opencode-$version}

# The package's postinstall links the native binary for this platform as its
# bin (node_modules/.bin/opencode); node is not needed to run it.
find_bin() {
  local c
  for c in "$prefix/node_modules/.bin/opencode" "$prefix/node_modules/opencode-ai/bin/opencode.exe"; do
    if [ -x "$c" ] && [ ! -d "$c" ]; then
      printf '%s\n' "$c"
      return 0
    fi
  done
  return 1
}

installed_version() {
  # opencode creates XDG dirs even for --version: keep them in a scratch HOME.
  local scratch out
  scratch=$(mktemp -d)
  out=$(env -i PATH=/usr/bin:/bin HOME="$scratch" XDG_CONFIG_HOME="$scratch/c" XDG_DATA_HOME="$scratch/d" \
    XDG_CACHE_HOME="$scratch/k" XDG_STATE_HOME="$scratch/s" OPENCODE_DISABLE_AUTOUPDATE=1 \
    timeout 30 "$1" --version </dev/null 2>/dev/null || true)
  rm -rf "$scratch"
  printf '%s\n' "$out"
}

if bin=$(find_bin) && [ "$(installed_version "$bin")" = "$version" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v npm >/dev/null 2>&1 || { echo "install-opencode.sh: npm is required to install opencode-ai@$version" >&2; exit 1; }
mkdir -p "$prefix"
echo "install-opencode.sh: installing opencode-ai@$version into $prefix" >&2
npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "opencode-ai@$version" >&2

bin=$(find_bin) || { echo "install-opencode.sh: opencode binary not found under $prefix/node_modules" >&2; exit 1; }
got=$(installed_version "$bin")
[ "$got" = "$version" ] || { echo "install-opencode.sh: $bin reports version '$got', want $version" >&2; exit 1; }
printf '%s\n' "$bin"
