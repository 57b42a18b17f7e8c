#!/usr/bin/env bash
# test.sh runs everything CI runs: formatting, vet, the whole Go test suite
# (including the end-to-end tests against the real opencode, Claude Code,
# Codex CLI and Gemini CLI clients, installed from npm into ~/.cache/learn-e2e), and a few seconds of
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

# install_tool VAR SCRIPT WHAT runs SCRIPT, which prints the tool's path,
# unless VAR is already set, and exports VAR. In CI (CI=true) a tool that
# cannot be installed fails the run; elsewhere the tests that need it skip.
install_tool() {
  local var=$1 script=$2 what=$3 path
  if [ -n "${!var:-}" ] || [ ! -f "$script" ]; then return 0; fi
  step "$what"
  if path=$(bash "$script"); then
    export "$var=$path"
    echo "using $path"
  elif [ "${CI:-}" = true ]; then
    echo "could not install the $what: CI needs it" >&2
    exit 1
  else
    echo "could not install the $what; the tests that need it will skip" >&2
  fi
}

if [ "${LEARN_E2E:-1}" != 0 ]; then
  install_tool OPENCODE_BIN .ci/install-opencode.sh "opencode client for the end-to-end tests"
  install_tool CLAUDE_BIN .ci/install-claude.sh "Claude Code client for the end-to-end tests"
  install_tool CODEX_BIN .ci/install-codex.sh "Codex CLI client for the end-to-end tests"
  install_tool GEMINI_BIN .ci/install-gemini.sh "Gemini CLI client for the end-to-end tests"
fi
if [ "${LEARN_BROWSER:-1}" != 0 ]; then
  install_tool CHROMIUM_BIN .ci/install-chromium.sh "chromium for the browser test of learn serve"
fi

step "go test"
go test -count=1 -timeout 30m ./...  # the e2e packages drive real clients: minutes on a busy machine

step "go test -race (engine, file safety, learn serve)"
go test -count=1 -timeout 30m -race ./learnings/... ./internal/memfile/...  # learnings/similar alone takes over 10 minutes under the race detector on 2 cores
go test -count=1 -race -short ./internal/web/   # the page under concurrent requests and stores

# fuzz_one fuzzes one target. Go 1.26's fuzz coordinator can report its
# own -fuzztime deadline as "context deadline exceeded" and fail a target
# that found nothing (go.dev/issue/75804, fixed in Go 1.27). A real failure
# always writes its input under testdata/fuzz/TARGET, so a deadline report
# without a new input there is that bug, said as such, not a failure.
fuzz_one() {
  local pkg=$1 target=$2 dir="$1/testdata/fuzz/$2" before after log status
  before=$(ls "$dir" 2>/dev/null || true)
  log=$(mktemp)
  set +e
  go test -run='^$' -fuzz="^${target}\$" -fuzztime="${FUZZTIME:-5s}" "$pkg" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  after=$(ls "$dir" 2>/dev/null || true)
  if [ "$status" != 0 ] && [ "$before" = "$after" ] && grep -q '^    context deadline exceeded$' "$log"; then
    echo "(the fuzz coordinator's own deadline, go.dev/issue/75804: no failing input was written)"
    status=0
  fi
  rm -f "$log"
  return "$status"
}

step "fuzz the engine (${FUZZTIME:-5s} per target; FUZZ_ALL=1 fuzzes every package)"
if [ "${FUZZ_ALL:-0}" = 1 ]; then files=$(grep -rl --include='*_test.go' '^func Fuzz' .); else files=$(ls learnings/*_test.go); fi
for file in $files; do
  pkg=./$(dirname "${file#./}")
  for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | cut -d' ' -f2); do
    # The two goldmark-agreement targets hunt CommonMark corner cases (and
    # goldmark's own departures from the spec), not damage or loss: their
    # corpus runs in go test above; fuzz them by hand (FUZZ_ALL=1).
    case "$target" in FuzzAgreesWithGoldmark | FuzzScanMarkdownHeadings)
      [ "${FUZZ_ALL:-0}" != 1 ] && continue ;;
    esac
    echo "-- $pkg $target"
    fuzz_one "$pkg" "$target"
  done
done

step "all tests passed"
