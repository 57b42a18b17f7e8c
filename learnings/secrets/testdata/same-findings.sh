#!/usr/bin/env bash
# same-findings.sh [REF]: checks that the secret scanner of the working tree
# finds what the one of REF (default main) finds: Scan on every generator's
# 1 MB and 10 MB memory and on a memory salted with every secret of the
# tests, and Redact on each of their learnings (TestDump in dump_test.go).
# REF's tree gets this tree's dump_test.go when it has none. Prints the
# differences and exits 1 when there are any.
set -euo pipefail
ref=${1:-main}
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$tmp/ref" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$top" worktree add --detach "$tmp/ref" "$ref" >/dev/null 2>&1
cp -n "$top/learnings/secrets/dump_test.go" "$tmp/ref/learnings/secrets/" 2>/dev/null || true
mkdir "$tmp/old" "$tmp/new"
# Memories of your own: MEMORIES=dir (TestDump's -dumpsrc).
src=()
if [ -n "${MEMORIES:-}" ]; then src=(-dumpsrc "$(cd "$MEMORIES" && pwd)"); fi
(cd "$tmp/ref" && go test ./learnings/secrets -run '^TestDump$' -count=1 -dump "$tmp/old" "${src[@]}" >/dev/null)
(cd "$top" && go test ./learnings/secrets -run '^TestDump$' -count=1 -dump "$tmp/new" "${src[@]}" >/dev/null)
echo "$(ls "$tmp/new" | wc -l) files, $(cat "$tmp/new"/* | grep -c '^[0-9]* [0-9]* ') findings, $(cat "$tmp/new"/* | grep -c '^learning ') redacted learnings"
diff -r "$tmp/old" "$tmp/new" && echo "same as $ref"
