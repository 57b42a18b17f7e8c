#!/usr/bin/env bash
# install-codex.sh: install the Codex CLI client the end-to-end test drives
# (npm @openai/codex, pinned) into a private prefix and print the path of its
# binary. Idempotent: when that version is already there it only prints the
# path. Nothing is installed globally and the user's ~/.codex is untouched.
#
#   CODEX_BIN=$(.ci/install-codex.sh) go test ./internal/codexe2e/
#
# Settings: LEARN_CODEX_VERSION (default 0.169.0), LEARN_CODEX_PREFIX
# (default $XDG_CACHE_HOME/learn-e2e/codex-VERSION, else ~/.cache/...).
set -euo pipefail

version=${LEARN_CODEX_VERSION:-0.169.0}
cache=${XDG_CACHE_HOME:-$HOME/.cache}
prefix=${LEARN_CODEX_PREFIX:-$cache/learn-e2e/codex-$version}

# node_modules/.bin/codex is a Node shim that execs the native binary of this
# platform from the optional dependency @openai/codex-linux-x64 (and
# friends); without it the version check below fails.
find_bin() {
  local c=$prefix/node_modules/.bin/codex
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
  out=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$scratch" timeout 30 "$1" --version </dev/null 2>/dev/null || true)
  rm -rf "$scratch"
  # "codex-cli 0.169.0"
  printf '%s\n' "${out##* }"
}

if bin=$(find_bin) && [ "$(installed_version "$bin")" = "$version" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v npm >/dev/null 2>&1 || { echo "install-codex.sh: npm is required to install @openai/codex@$version" >&2; exit 1; }
mkdir -p "$prefix"
echo "install-codex.sh: installing @openai/codex@$version into $prefix" >&2
npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "@openai/codex@$version" >&2

bin=$(find_bin) || { echo "install-codex.sh: codex binary not found under $prefix/node_modules" >&2; exit 1; }
got=$(installed_version "$bin")
[ "$got" = "$version" ] || { echo "install-codex.sh: $bin reports version '$got', want $version" >&2; exit 1; }
printf '%s\n' "$bin"
