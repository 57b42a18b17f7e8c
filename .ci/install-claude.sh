#!/usr/bin/env bash
# install-claude.sh: install the Claude Code client the end-to-end test drives
# (npm @anthropic-ai/claude-code, pinned) into a private prefix and print the
# path of its binary. Idempotent: when that version is already there it only
# prints the path. Nothing is installed globally and the user's ~/.claude is
# untouched.
#
#   CLAUDE_BIN=$(.ci/install-claude.sh) go test ./internal/claudee2e/
#
# Settings: LEARN_CLAUDE_VERSION (default 2.1.330), LEARN_CLAUDE_PREFIX
# (default $XDG_CACHE_HOME/learn-e2e/claude-VERSION, else ~/.cache/...).
set -euo pipefail

version=${LEARN_CLAUDE_VERSION:-2.1.330}
cache=${XDG_CACHE_HOME:-$HOME/.cache}
prefix=${LEARN_CLAUDE_PREFIX:-$cache/learn-e2e/claude-$version}

# The package's postinstall links the native binary of this platform (from
# @anthropic-ai/claude-code-linux-x64 and friends) as node_modules/.bin/claude;
# with --ignore-scripts that link is a stub that exits 1, so the version
# check below also catches a broken install.
find_bin() {
  local c=$prefix/node_modules/.bin/claude
  if [ -x "$c" ] && [ ! -d "$c" ]; then
    printf '%s\n' "$c"
    return 0
  fi
  return 1
}

installed_version() {
  # Claude Code writes state into HOME even for --version: use a scratch one.
  local scratch out
  scratch=$(mktemp -d)
  out=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$scratch" DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 timeout 30 "$1" --version </dev/null 2>/dev/null || true)
  rm -rf "$scratch"
  # "2.1.330 (Claude Code)"
  printf '%s\n' "${out%% *}"
}

if bin=$(find_bin) && [ "$(installed_version "$bin")" = "$version" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v npm >/dev/null 2>&1 || { echo "install-claude.sh: npm is required to install @anthropic-ai/claude-code@$version" >&2; exit 1; }
mkdir -p "$prefix"
echo "install-claude.sh: installing @anthropic-ai/claude-code@$version into $prefix" >&2
npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "@anthropic-ai/claude-code@$version" >&2

bin=$(find_bin) || { echo "install-claude.sh: claude binary not found under $prefix/node_modules" >&2; exit 1; }
got=$(installed_version "$bin")
[ "$got" = "$version" ] || { echo "install-claude.sh: $bin reports version '$got', want $version" >&2; exit 1; }
printf '%s\n' "$bin"
