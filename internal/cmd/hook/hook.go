// Package hook implements "learn hook": Claude Code runs it on every prompt
// (a UserPromptSubmit hook that "learn install --agent claude" adds), and on
// the first prompt of a session it prints the stored learnings relevant to
// that prompt which the session start did not already show. It is Claude
// Code's SessionStart hook too, which after a compaction adds the session's
// recorded state to the recall.
package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
)

// DefaultMaxChars bounds what the hook adds: a handful of learnings on top
// of the session start's recall, about 500 tokens.
const DefaultMaxChars = 2000

// MinMaxChars leaves room for the header and one typical learning.
const MinMaxChars = 500

// maxInput bounds what is read from stdin; Claude Code's payload is a few
// hundred bytes plus the prompt.
const maxInput = 4 << 20

// Options holds the flags of "learn hook".
type Options struct {
	IO       *cmdutil.IO
	Getenv   func(string) string
	Getwd    func() (string, error)
	Now      func() time.Time
	FileFlag func() string

	// Executable is this binary, which a Codex skill's prompt runs;
	// nil leaves skills without learn's output.
	Executable func() (string, error)

	MaxChars int
	Agent    string
	JSON     bool
}

// NewCmdHook builds "learn hook". runF replaces the run function in tests.
func NewCmdHook(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, FileFlag: func() string { return f.FileFlag }, Executable: os.Executable}
	cmd := &cobra.Command{
		Use:   "hook",
		Short: "Add prompt-relevant learnings to a session and record its tool calls (run by the client)",
		Long: `Claude Code runs this command as a UserPromptSubmit hook, which
"learn install --agent claude" puts in its settings.json; Codex CLI runs
"learn hook --agent codex" from the hooks.json "learn install --agent codex"
writes. It reads the hook's JSON on stdin (session_id, prompt, cwd,
hook_event_name; the two clients send the same fields).

With --agent codex, a prompt that starts with $learning-NAME (a learn skill;
/learning-NAME is accepted too) gets the output of the learn commands that
the opencode command /learning-NAME injects, such as "learn recall --git"
for $learning-recall, inside the same tags: Codex skills cannot run a shell
command themselves. Such a prompt gets nothing else.

On the first prompt of a session it prints the learnings relevant to that
prompt which the session start ("learn recall --git", a SessionStart hook)
did not already show, within --max-chars; Claude Code adds what it prints to
the model's context. Later prompts of the session get nothing, so the
conversation's prefix stays the same and the prompt cache holds.

Which learnings the session start showed is computed again, the same way
recall computes it: the same file gives the same selection. Which sessions
had their first prompt is recorded as empty files under
$XDG_STATE_HOME/learn/claude-sessions (default ~/.local/state/...), and
which Gemini sessions already had their memory under .../gemini-starts,
removed after a week.

Claude Code also runs it as its SessionStart hook (startup, /clear and
compaction), and Codex CLI "learn hook --agent codex" as its own: it prints
what "learn recall --git" prints, the same bytes. After
a compaction (source "compact") it adds the hot state of the session named by
session_id, as "learn recall --git --agent-session ID" does: the session's
most active files join the paths at hand, and the output ends with them and
the commands still failing, within the budget. A resumed session (source
"resume") gets nothing: it still has its memory.

With --agent gemini it answers Gemini CLI's BeforeAgent hook, which "learn
install --agent gemini" puts in ~/.gemini/settings.json: the first prompt of
a session gets what "learn recall --git" prints, then that prompt's
learnings as above; later prompts get nothing. A first prompt that already
holds that recall (Gemini hands the hook a /learning-recall command's expanded
prompt) gets nothing more, or the rest of the recall when Gemini cut the
command's output short, and the next prompt gets its relevant learnings
without the recall. Any prompt holding the output of another /learning-*
command that Gemini cut short (/learning-summarise's baseline,
/learning-improve-docs' report) gets the rest of it: the hook runs that
learn command again and adds what the prompt lacks, from the line where it
was cut. (A SessionStart hook, if you
add one, gets the recall alone; learn does not install one, because gemini -p
puts its context before the prompt and a /learning-* command is then not
run.) Gemini passes a hook's output to its model only as JSON, so it comes
as {"hookSpecificOutput": {"hookEventName": ..., "additionalContext": ...}};
--json prints learn's own form instead.

After each tool call it records what the call did in the session's state,
never in the memory file: Claude Code's PostToolUse and PostToolUseFailure,
Codex CLI's PostToolUse, Gemini CLI's AfterTool, and with --agent opencode
the JSON learn's opencode plugin writes for tool.execute.after (see
OpencodeInput in the source). It ranks the files read, searched, written and
edited, keeps the documents opened (any Markdown or text file, not only
docs/), and for a shell command with a non-zero exit code (never an unknown
one, never output that merely says "error") its kind (test, build, lint,
typecheck, runtime), a fingerprint, and whether a later command of the same
kind passed. At most 50 files, 30 documents and 10 failures, secrets
redacted before anything is written, in $XDG_CACHE_HOME/learn/sessions
(default ~/.cache/...), 0600 files in 0700 folders, removed a week after the
session's last event, when opencode deletes the session (session.deleted),
or with "learn forget --session-state". A prompt or a session start marks
its session as the project's active one, so that a learn command the
agent's shell runs finds it (LEARN_SESSION names it explicitly).
LEARN_SESSION_STATE=0, or LEARN_AUTO_RECALL=0, records nothing. Summarise,
store and "recall --agent-session" use the record.

It never stops a prompt: any problem (no memory file, bad input, an
unreadable file) prints nothing, writes one note on stderr and exits 0. Claude
Code drops the prompt when a UserPromptSubmit hook exits 2, so this command
never does.`,
		Example: `  $ learn hook <<'EOF'
  {"session_id":"s1","hook_event_name":"UserPromptSubmit","prompt":"fix the retry backoff","cwd":"."}
  EOF
  $ learn hook --agent codex <<'EOF'
  {"session_id":"s1","turn_id":"t1","hook_event_name":"UserPromptSubmit","prompt":"$learning-recall","cwd":"."}
  EOF
  $ learn hook --agent gemini <<'EOF'
  {"session_id":"s1","hook_event_name":"BeforeAgent","prompt":"fix the retry backoff","cwd":"."}
  EOF
  $ learn hook <<'EOF'
  {"session_id":"s1","hook_event_name":"SessionStart","source":"compact","cwd":"."}
  EOF
  $ learn hook <<'EOF'
  {"session_id":"s1","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"NOTES.md"},"cwd":"."}
  EOF
  $ learn hook --agent opencode <<'EOF'
  {"hook_event_name":"tool.execute.after","session_id":"ses_1","cwd":".","tool":"bash","args":{"command":"go test ./..."},"metadata":{"exit":1}}
  EOF`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Agent != AgentClaude && opts.Agent != AgentCodex && opts.Agent != AgentGemini && opts.Agent != AgentOpencode {
				return cmdutil.UsageErrorf("--agent %q: want %s, %s, %s or %s", opts.Agent, AgentClaude, AgentCodex, AgentGemini, AgentOpencode)
			}
			if opts.MaxChars < MinMaxChars {
				return cmdutil.UsageErrorf("--max-chars must be at least %d (got %d)", MinMaxChars, opts.MaxChars)
			}
			if runF != nil {
				return runF(opts)
			}
			return dispatch(opts)
		},
	}
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, DefaultMaxChars, "what the first prompt adds")
	cmd.Flags().StringVar(&opts.Agent, "agent", AgentClaude, "the client whose hook runs this, by `NAME`: claude, codex, gemini or opencode")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	return cmd
}

// Input is the part of Claude Code's (and Codex CLI's) hook payload that
// learn reads.
type Input struct {
	SessionID     string `json:"session_id"`
	Prompt        string `json:"prompt"`
	Cwd           string `json:"cwd"`
	HookEventName string `json:"hook_event_name"`
	// Source is SessionStart's startup, resume, clear or compact.
	Source string `json:"source,omitempty"`
}

// jsonOutput is the --json form.
type jsonOutput struct {
	Event       string         `json:"event"`
	SessionID   string         `json:"session_id"`
	FirstPrompt bool           `json:"first_prompt"`
	File        string         `json:"file"`
	FileReason  string         `json:"file_reason,omitempty"`
	Learnings   []ops.Learning `json:"learnings"`
	Context     string         `json:"context"`
	Skill       string         `json:"skill,omitempty"`
	Note        string         `json:"note,omitempty"`
}

// dispatch reads the hook's input once and hands it on: a post-tool event
// or a deleted session to record, a prompt or a session start to the
// client's prompt hook, after marking the session as the project's active
// one.
func dispatch(opts *Options) error {
	raw, err := io.ReadAll(io.LimitReader(opts.IO.In, maxRecordInput+1))
	if err != nil {
		fmt.Fprintf(opts.IO.Err, "learn hook: read stdin: %v\n", err)
		return nil
	}
	var head struct {
		HookEventName string `json:"hook_event_name"`
	}
	_ = json.Unmarshal(raw, &head)
	if recording(head.HookEventName) {
		if len(raw) > maxRecordInput {
			fmt.Fprintf(opts.IO.Err, "learn hook: the hook input is over %d bytes; nothing recorded\n", maxRecordInput)
			return nil
		}
		return record(opts, raw)
	}
	if len(raw) <= maxInput {
		touch(opts, raw)
	}
	streams := *opts.IO
	streams.In = bytes.NewReader(raw)
	sub := *opts
	sub.IO = &streams
	if opts.Agent == AgentGemini {
		return runGemini(&sub)
	}
	if opts.Agent == AgentOpencode {
		return nil
	}
	return run(&sub)
}

// run never returns an error: a hook that fails must not cost the user
// their prompt. What went wrong goes to stderr as one note.
func run(opts *Options) (err error) {
	out := jsonOutput{Learnings: []ops.Learning{}}
	defer func() {
		if r := recover(); r != nil {
			out.Note = fmt.Sprintf("internal error: %v", r)
			out.Context = ""
		}
		if out.Note != "" {
			fmt.Fprintf(opts.IO.Err, "learn hook: %s\n", out.Note)
		}
		if opts.JSON {
			err = cmdutil.WriteJSON(opts.IO.Out, out)
		} else if out.Context != "" {
			_, err = io.WriteString(opts.IO.Out, out.Context)
		}
		err = nil
	}()
	note := func(format string, args ...any) { out.Note = fmt.Sprintf(format, args...) }

	raw, rerr := io.ReadAll(io.LimitReader(opts.IO.In, maxInput+1))
	if rerr != nil {
		note("read stdin: %v", rerr)
		return nil
	}
	if len(raw) > maxInput {
		note("the hook input is over %d bytes; nothing added", maxInput)
		return nil
	}
	var in Input
	if jerr := json.Unmarshal(raw, &in); jerr != nil {
		note("stdin is not the hook JSON of Claude Code or Codex CLI (%v); nothing added", jerr)
		return nil
	}
	out.Event, out.SessionID = in.HookEventName, in.SessionID
	if in.HookEventName == "SessionStart" && (opts.Agent == AgentClaude || opts.Agent == AgentCodex) {
		sessionStart(opts, in, &out, note)
		return nil
	}
	if in.HookEventName != "UserPromptSubmit" {
		// Only the prompt hook adds anything; other events are accepted
		// quietly so a wider matcher in the settings does no harm.
		return nil
	}
	if opts.Agent == AgentCodex {
		if f, ok := skillOf(in.Prompt); ok {
			// The prompt is the skill's invocation, not the session's task:
			// the first-prompt addition waits for the next prompt.
			out.Skill = f.Command()
			if wd, ok := workDir(opts, in, note); ok {
				out.Context = skillContext(opts, f, wd)
			}
			return nil
		}
	}
	if strings.TrimSpace(in.SessionID) == "" {
		note("the hook input has no session_id; nothing added")
		return nil
	}
	first, serr := claimFirstPrompt(stateDir(opts.Getenv), in.SessionID, opts.Now())
	if serr != nil {
		note("%v; nothing added", serr)
		return nil
	}
	out.FirstPrompt = first
	if !first {
		return nil
	}
	wd := in.Cwd
	if wd == "" || !filepath.IsAbs(wd) {
		cur, werr := opts.Getwd()
		if werr != nil {
			note("working directory: %v", werr)
			return nil
		}
		if wd == "" {
			wd = cur
		} else {
			wd = filepath.Join(cur, wd)
		}
	}
	loc := memfile.Locate(opts.FileFlag(), opts.Getenv("LEARN_FILE"), wd)
	path := loc.Path
	out.File = path
	if err := memfile.CheckLinks(loc); err != nil {
		note("%v", err)
		return nil
	}
	m := &ops.Memory{Path: path, Display: path, Reason: loc.Reason, Root: memfile.ProjectRoot(wd), Now: opts.Now}
	res, lerr := ops.RecallFirstPrompt(m, ops.FirstPromptOptions{Prompt: in.Prompt, MaxChars: opts.MaxChars})
	if lerr != nil {
		note("%v", lerr)
		return nil
	}
	out.FileReason, out.Learnings, out.Context = res.FileReason, res.Learnings, res.Text
	return nil
}

// stateDir is where the first prompt of each session is recorded.
func stateDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "learn", "claude-sessions")
	}
	home := getenv("HOME")
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "state", "learn", "claude-sessions")
}

var errNoState = errors.New("neither XDG_STATE_HOME nor HOME is set, so learn cannot tell the first prompt of a session")
