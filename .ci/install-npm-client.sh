#!/usr/bin/env bash
# install-npm-client.sh: install an agent client the end-to-end tests drive
# from npm, pinned, into a private prefix and print the path of its binary.
# Idempotent: when that version is already there it only prints the path.
# Nothing is installed globally and the user's own settings are untouched.
# The install-<client>.sh scripts call it with their package.
#
#   .ci/install-npm-client.sh NAME PACKAGE VERSION [VERSION_TIMEOUT]
#
# NAME names the binary under node_modules/.bin and the prefix,
# $LEARN_<NAME>_PREFIX, else $XDG_CACHE_HOME/learn-e2e/NAME-VERSION (else
# ~/.cache/...). The version check takes the last word of `BIN --version`.
set -euo pipefail

name=$1 package=$2 version=$3 version_timeout=${4:-30}
upper=$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
prefix_var=LEARN_${upper}_PREFIX
cache=${XDG_CACHE_HOME:-$HOME/.cache}
prefix=${!prefix_var:-$cache/learn-e2e/$name-$version}
me="install-$name.sh"

find_bin() {
  local c=$prefix/node_modules/.bin/$name
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
  out=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$scratch" timeout "$version_timeout" "$1" --version </dev/null 2>/dev/null || true)
  rm -rf "$scratch"
  printf '%s\n' "${out##* }"
}

if bin=$(find_bin) && [ "$(installed_version "$bin")" = "$version" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v npm >/dev/null 2>&1 || { echo "$me: npm is required to install $package@$version" >&2; exit 1; }
mkdir -p "$prefix"
echo "$me: installing $package@$version into $prefix" >&2
npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "$package@$version" >&2

bin=$(find_bin) || { echo "$me: $name binary not found under $prefix/node_modules" >&2; exit 1; }
got=$(installed_version "$bin")
[ "$got" = "$version" ] || { echo "$me: $bin reports version '$got', want $version" >&2; exit 1; }
printf '%s\n' "$bin"
