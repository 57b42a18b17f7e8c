#!/usr/bin/env bash
# install-codex.sh: install the Codex CLI client the end-to-end test drives
# (npm @openai/codex, pinned) and print the path of its binary; see
# install-npm-client.sh.
#
#   CODEX_BIN=$(.ci/install-codex.sh) go test ./internal/codexe2e/
#
# Settings: LEARN_CODEX_VERSION (default 0.169.0), LEARN_CODEX_PREFIX.
# node_modules/.bin/codex is a Node shim that execs the native binary of this
# platform from the optional dependency @openai/codex-linux-x64 (and
# friends); without it the version check fails. `codex --version` prints
# "codex-cli 0.169.0".
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/install-npm-client.sh" codex @openai/codex "${LEARN_CODEX_VERSION:-0.169.0}" 30
