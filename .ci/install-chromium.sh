#!/usr/bin/env bash
# install-chromium.sh: make sure Debian's chromium is installed for the
# browser test of learn serve (internal/web/browser_test.go) and print its
# path. Idempotent: when /usr/bin/chromium (or CHROMIUM_BIN) exists it only
# prints the path. Installing needs root or sudo and apt-get.
set -euo pipefail

bin=${CHROMIUM_BIN:-/usr/bin/chromium}
if [ ! -x "$bin" ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "installing Debian's chromium with apt-get" >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >&2
fi
[ -x "$bin" ] || { echo "no chromium at $bin" >&2; exit 1; }
printf '%s\n' "$bin"
