#!/usr/bin/env bash
# install-gemini.sh: install the Gemini CLI client the end-to-end test drives
# (npm @google/gemini-cli, pinned) and print the path of its binary; see
# install-npm-client.sh.
#
#   GEMINI_BIN=$(.ci/install-gemini.sh) go test ./internal/geminie2e/
#
# Settings: LEARN_GEMINI_VERSION (default 0.61.0), LEARN_GEMINI_PREFIX.
# node_modules/.bin/gemini links the package's bundle/gemini.js, a Node
# script; npm may skip the install scripts of its optional native
# dependencies (keytar, node-pty): the tests need neither.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/install-npm-client.sh" gemini @google/gemini-cli "${LEARN_GEMINI_VERSION:-0.61.0}" 60
