#!/usr/bin/env bash
# test.sh runs everything CI runs: formatting, vet, the whole Go test suite
# (including the end-to-end tests against the real opencode and Claude Code
# clients, installed from npm into ~/.cache/learn-e2e), and a few seconds of
# each engine fuzz target.
#
#   ./test.sh              the full suite
#   FUZZTIME=2m ./test.sh  fuzz longer (default 5s per target)
#   FUZZ_ALL=1 ./test.sh   fuzz every package's targets, not only the engine's
#   LEARN_E2E=0 ./test.sh  skip installing the clients (the e2e tests then skip)
#   LEARN_BROWSER=0 ./test.sh  skip installing chromium (the browser test then skips)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.cache/*'))
if [ -n "$unformatted" ]; then
  echo "these files need gofmt -w:"; echo "$unformatted"; exit 1
fi

step "go vet"
go vet ./...

if [ "${LEARN_E2E:-1}" != 0 ] && [ -z "${OPENCODE_BIN:-}" ] && [ -f .ci/install-opencode.sh ]; then
  step "opencode client for the end-to-end test"
  if oc=$(bash .ci/install-opencode.sh); then
    export OPENCODE_BIN="$oc"
    echo "using $OPENCODE_BIN"
  elif [ "${CI:-}" = true ]; then
    echo "could not install opencode from npm: CI needs it for the end-to-end test" >&2
    exit 1
  else
    echo "could not install opencode; the end-to-end test will skip" >&2
  fi
fi

if [ "${LEARN_E2E:-1}" != 0 ] && [ -z "${CLAUDE_BIN:-}" ] && [ -f .ci/install-claude.sh ]; then
  step "Claude Code client for the end-to-end test"
  if cc=$(bash .ci/install-claude.sh); then
    export CLAUDE_BIN="$cc"
    echo "using $CLAUDE_BIN"
  elif [ "${CI:-}" = true ]; then
    echo "could not install Claude Code from npm: CI needs it for the end-to-end test" >&2
    exit 1
  else
    echo "could not install Claude Code; its end-to-end test will skip" >&2
  fi
fi

if [ "${LEARN_BROWSER:-1}" != 0 ] && [ -z "${CHROMIUM_BIN:-}" ] && [ -f .ci/install-chromium.sh ]; then
  step "chromium for the browser test of learn serve"
  if cb=$(bash .ci/install-chromium.sh); then
    export CHROMIUM_BIN="$cb"
    echo "using $CHROMIUM_BIN"
  else
    # In CI (CI=true) the browser test then fails; elsewhere it skips.
    echo "could not install chromium; the browser test will skip (and fail in CI)" >&2
  fi
fi

step "go test"
go test -count=1 -timeout 30m ./...  # the e2e packages drive real clients: minutes on a busy machine

step "go test -race (engine, file safety, learn serve)"
go test -count=1 -race ./learnings/... ./internal/memfile/...
go test -count=1 -race -short ./internal/web/   # the page under concurrent requests and stores

step "fuzz the engine (${FUZZTIME:-5s} per target; FUZZ_ALL=1 fuzzes every package)"
if [ "${FUZZ_ALL:-0}" = 1 ]; then files=$(grep -rl --include='*_test.go' '^func Fuzz' .); else files=$(ls learnings/*_test.go); fi
for file in $files; do
  pkg=./$(dirname "${file#./}")
  for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | cut -d' ' -f2); do
    # The goldmark-agreement target hunts CommonMark corner cases, not
    # damage: its corpus runs in go test above; fuzz it by hand.
    [ "$target" = FuzzAgreesWithGoldmark ] && [ "${FUZZ_ALL:-0}" != 1 ] && continue
    echo "-- $pkg $target"
    go test -run='^$' -fuzz="^${target}\$" -fuzztime="${FUZZTIME:-5s}" "$pkg"
  done
done

step "all tests passed"
