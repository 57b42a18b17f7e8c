#!/usr/bin/env bash
# install.sh: build learn from this checkout, install it, and link the
# /learning-* commands into opencode.
#
#   ./install.sh                 build and install ${PREFIX:-~/.local}/bin/learn, link
#                                commands/*.md into ${XDG_CONFIG_HOME:-~/.config}/opencode/command/
#                                install the recall plugin into .../opencode/plugin/ and register
#                                learn's MCP server in .../opencode/opencode.json
#   ./install.sh --agent claude  the same, with the commands for Claude Code (~/.claude/commands/)
#   ./install.sh --agent codex   the same for Codex CLI: skills in ~/.codex/skills/, hooks, MCP server
#   ./install.sh --agent gemini  the same for Gemini CLI: ~/.gemini/commands/, hook, policy, MCP server
#   ./install.sh --force         also replace files of the same name that this script did not make
#   ./install.sh --uninstall     remove what this script installed (its links, the binary, the man pages)
#
# It also writes the manual pages (man learn) into ${PREFIX:-~/.local}/share/man/man1,
# and fails when learn doctor finds a problem, printing the line that fixes it.
# Safe to run again. A command file of yours with the same name (a different
# file, or a link somewhere else) is never replaced without --force.
set -euo pipefail

usage() { sed -n '2,18s/^# \{0,1\}//p' "$0"; }

agent=opencode force=0 uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --agent) [ $# -ge 2 ] || { echo "install.sh: --agent needs opencode, claude, codex or gemini" >&2; exit 2; }; agent=$2; shift ;;
    --agent=*) agent=${1#--agent=} ;;
    --force) force=1 ;;
    --uninstall) uninstall=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see install.sh --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$agent" in opencode|claude|codex|gemini) ;; *) echo "install.sh: --agent must be opencode, claude, codex or gemini, not $agent" >&2; exit 2 ;; esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
: "${HOME:?install.sh needs HOME}"
bindir=${PREFIX:-$HOME/.local}/bin
bin=$bindir/learn
mandir=${PREFIX:-$HOME/.local}/share/man/man1
cmddir=${XDG_CONFIG_HOME:-$HOME/.config}/opencode/command
skipped=0

say() { printf '%s\n' "$*"; }
warn() { printf 'install.sh: warning: %s\n' "$*" >&2; }

# is_learn tells our binary from another program called learn.
is_learn() { [ -x "$1" ] && "$1" --version 2>/dev/null | grep -q '^learn version'; }

link_commands() {
  mkdir -p "$cmddir"
  local src name dst
  for src in "$repo"/commands/*.md; do
    [ -e "$src" ] || { echo "install.sh: no command files in $repo/commands" >&2; exit 1; }
    name=$(basename "$src")
    dst=$cmddir/$name
    if [ -L "$dst" ] && [ "$(readlink "$dst")" = "$src" ]; then
      say "  current   $dst"
    elif [ ! -e "$dst" ] && [ ! -L "$dst" ]; then
      ln -s "$src" "$dst"
      say "  linked    $dst -> $src"
    elif [ -L "$dst" ] && [ ! -e "$dst" ] && case "$(readlink "$dst")" in */commands/"$name") true ;; *) false ;; esac; then
      # A link this script made into a clone that has since moved or gone.
      old=$(readlink "$dst")
      rm -f "$dst"
      ln -s "$src" "$dst"
      say "  repaired  $dst -> $src (it pointed to $old, which is gone)"
    elif [ "$force" = 1 ] && [ ! -d "$dst" ]; then
      rm -f "$dst"
      ln -s "$src" "$dst"
      say "  replaced  $dst -> $src"
    else
      if [ -L "$dst" ]; then what="a link to $(readlink "$dst")"; else what="a different file"; fi
      warn "skipped $dst: $what is there; rerun with --force to replace it"
      skipped=$((skipped + 1))
    fi
  done
}

unlink_commands() {
  local dst
  [ -d "$cmddir" ] || return 0
  for dst in "$cmddir"/*.md; do
    [ -L "$dst" ] || continue
    case "$(readlink "$dst")" in
      "$repo"/commands/*) rm -f "$dst"; say "  removed   $dst" ;;
    esac
  done
}

# path_fix prints the line that puts $bindir on PATH for the user's shell.
path_fix() {
  case "$(basename "${SHELL:-sh}")" in
    fish) printf "fish_add_path %s\n" "$bindir" ;;
    zsh) printf "echo 'export PATH=\"%s:\$PATH\"' >> ~/.zshrc && export PATH=\"%s:\$PATH\"\n" "$bindir" "$bindir" ;;
    bash) printf "echo 'export PATH=\"%s:\$PATH\"' >> ~/.bashrc && export PATH=\"%s:\$PATH\"\n" "$bindir" "$bindir" ;;
    *) printf "echo 'export PATH=\"%s:\$PATH\"' >> ~/.profile && export PATH=\"%s:\$PATH\"\n" "$bindir" "$bindir" ;;
  esac
}

# remove_man removes the pages this learn writes, by name, from $mandir.
remove_man() {
  local list page
  [ -d "$mandir" ] || return 0
  list=$(mktemp -d)
  if "$bin" man --dir "$list" >/dev/null 2>&1; then
    for page in "$list"/*.1; do
      [ -e "$mandir/$(basename "$page")" ] && rm -f "$mandir/$(basename "$page")"
    done
    say "  removed   the manual pages in $mandir"
  fi
  rm -rf "$list"
}

if [ "$uninstall" = 1 ]; then
  say "Uninstalling learn"
  if [ "$agent" != opencode ]; then
    if is_learn "$bin"; then "$bin" install --agent "$agent" --uninstall; fi
  else
    unlink_commands
    if is_learn "$bin"; then "$bin" install --only plugin --uninstall && "$bin" install --only mcp --uninstall; fi
  fi
  if is_learn "$bin"; then
    remove_man
    rm -f "$bin"
    say "  removed   $bin"
  elif [ -e "$bin" ]; then
    warn "left $bin: it is not a learn binary"
  fi
  exit 0
fi

command -v go >/dev/null 2>&1 || { echo "install.sh: Go is needed to build learn (https://go.dev/dl/)" >&2; exit 1; }
say "Building learn from $repo"
mkdir -p "$bindir"
if [ -e "$bin" ] && ! is_learn "$bin" && [ "$force" != 1 ]; then
  echo "install.sh: $bin exists and is not learn; move it away or rerun with --force" >&2
  exit 1
fi
tmp=$(mktemp "$bindir/.learn.XXXXXX")
trap 'rm -f "$tmp"' EXIT
# Without cgo the binary is static: no dynamic loader and no libc threads at
# each start, which every recall and every hook event pays (learn recall in an
# empty folder: 4-7 ms less CPU a run, 40 runs). Only net uses cgo, for the
# C library's resolver; Go's own reads /etc/hosts and DNS for learn serve --addr.
(cd "$repo" && CGO_ENABLED=0 go build -buildvcs=auto -o "$tmp" ./cmd/learn)
chmod 755 "$tmp"
mv -f "$tmp" "$bin"
say "  installed $bin"
if mkdir -p "$mandir" && "$bin" man --dir "$mandir" >/dev/null; then
  say "  installed the manual pages in $mandir (man learn)"
else
  warn "could not write the manual pages into $mandir"
fi
case "$agent" in claude) client="Claude Code" ;; codex) client="Codex CLI" ;; gemini) client="Gemini CLI" ;; *) client=opencode ;; esac
# first is the learn the agent will run: it must be the one just installed.
first=$(command -v learn 2>/dev/null || true)
on_path=1
if [ -z "$first" ] || ! [ "$first" -ef "$bin" ]; then
  on_path=0
  if [ -n "$first" ]; then
    warn "$first comes first on your PATH, so $client would run it, not $bin"
  else
    warn "$bindir is not on your PATH, so $client cannot run learn"
  fi
fi

force_flag=()
[ "$force" = 1 ] && force_flag=(--force)
if [ "$agent" != opencode ]; then
  "$bin" install --agent "$agent" "${force_flag[@]}" || skipped=$((skipped + 1))
else
  say "Linking the commands into $cmddir"
  link_commands
  "$bin" install --only plugin "${force_flag[@]}" || skipped=$((skipped + 1))
  "$bin" install --only mcp "${force_flag[@]}" || skipped=$((skipped + 1))
fi

say "Checking the setup (learn doctor):"
doctor_ok=1
"$bin" doctor --agent "$agent" || doctor_ok=0
if [ "$on_path" = 0 ]; then
  if [ -n "$first" ]; then
    echo "install.sh: learn is installed, but $first comes before it on your PATH. Remove that one, or run this to put $bindir first, then restart $client:" >&2
  else
    echo "install.sh: learn is installed but not on your PATH. Run this, then restart $client:" >&2
  fi
  echo "  $(path_fix)" >&2
  exit 1
fi
if [ "$doctor_ok" = 0 ]; then
  echo "install.sh: learn doctor found a problem (FAIL above); its fix line says what to run" >&2
  exit 1
fi
if [ "$skipped" -gt 0 ]; then
  if [ "$skipped" = 1 ]; then what="1 command file was"; else what="$skipped command files were"; fi
  echo "install.sh: $what skipped; see the warnings above (--force replaces them)" >&2
  exit 1
fi
say "The memory of $(pwd -P) (learn recall):"
"$bin" recall || warn "learn recall failed; see the error above"
if [ "$agent" = codex ]; then
  say "Done. Start codex, trust learn's hooks when it asks (Hooks need review), and type \$learning-recall."
else
  say "Done. Restart $client and type /learning-recall."
fi
