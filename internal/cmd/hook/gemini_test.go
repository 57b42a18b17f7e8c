package hook

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

func geminiPayload(event, session, prompt, source, cwd string) string {
	m := map[string]string{
		"session_id": session, "transcript_path": "/root/.gemini/tmp/x/chats/" + session + ".json",
		"cwd": cwd, "hook_event_name": event, "timestamp": "2026-11-25T19:00:00.000Z",
	}
	if prompt != "" {
		m["prompt"] = prompt
	}
	if source != "" {
		m["source"] = source
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// geminiContextOf decodes Gemini's hook answer; empty output is "".
func geminiContextOf(t *testing.T, out, event string) string {
	t.Helper()
	if out == "" {
		return ""
	}
	var o geminiOutput
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("not Gemini's hook JSON: %v\n%s", err, out)
	}
	if o.HookSpecificOutput.HookEventName != event {
		t.Errorf("hookEventName = %q, want %q", o.HookSpecificOutput.HookEventName, event)
	}
	return o.HookSpecificOutput.AdditionalContext
}

func TestGeminiSessionStart(t *testing.T) {
	for _, source := range []string{"startup", "clear", ""} {
		t.Run("source "+source, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, errOut := e.hook(t, geminiPayload("SessionStart", "g1", "", source, e.Dir), "--agent", "gemini")
			ctx := geminiContextOf(t, out, "SessionStart")
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			if !strings.Contains(ctx, "Rule 0: module m0") {
				t.Errorf("the session start has not the recall output:\n%s", ctx)
			}
		})
	}
	t.Run("resume adds nothing", func(t *testing.T) {
		e := newEnv(t, bigMemory())
		if out, _ := e.hook(t, geminiPayload("SessionStart", "g1", "", "resume", e.Dir), "--agent", "gemini"); out != "" {
			t.Errorf("a resumed session got the memory again:\n%s", out)
		}
	})
	t.Run("no memory adds nothing", func(t *testing.T) {
		e := newEnv(t, "")
		if out, errOut := e.hook(t, geminiPayload("SessionStart", "g1", "", "startup", e.Dir), "--agent", "gemini"); out != "" || errOut != "" {
			t.Errorf("empty memory: out %q, err %q", out, errOut)
		}
	})
}

func TestGeminiFirstPrompt(t *testing.T) {
	e := newEnv(t, bigMemory())
	prompts := []string{
		"The uploader fails with EntityTooSmall when I send big videos to S3, can you fix it?",
		"and the stripe webhooks too",
	}
	out, _ := e.hook(t, geminiPayload("BeforeAgent", "g2", prompts[0], "", e.Dir), "--agent", "gemini")
	ctx := geminiContextOf(t, out, "BeforeAgent")
	for _, want := range []string{"Rule 0: module m0", "# Project learnings for this request\n", "S3 multipart upload parts"} {
		if !strings.Contains(ctx, want) {
			t.Errorf("first prompt lacks %q", want)
		}
	}
	if strings.Index(ctx, "Rule 0: module m0") > strings.Index(ctx, "S3 multipart upload parts") {
		t.Errorf("first prompt:\n%s", ctx)
	}
	if out, _ := e.hook(t, geminiPayload("BeforeAgent", "g2", prompts[1], "", e.Dir), "--agent", "gemini"); out != "" {
		t.Errorf("a second prompt got more:\n%s", out)
	}
	out, _ = e.hook(t, geminiPayload("BeforeAgent", "g3", prompts[0], "", e.Dir), "--agent", "gemini", "--json")
	var o jsonOutput
	if err := json.Unmarshal([]byte(out), &o); err != nil || o.Event != "BeforeAgent" || !o.FirstPrompt || len(o.Learnings) == 0 {
		t.Errorf("--json: %v %+v", err, o)
	}
}

// TestGeminiNeverFails: whatever Gemini sends, the hook exits 0 and prints
// nothing but its JSON (Gemini parses stdout as JSON).
func TestGeminiNeverFails(t *testing.T) {
	for _, in := range []string{
		"", "not json", `{"hook_event_name":"AfterAgent","session_id":"x","prompt":"p","prompt_response":"r"}`,
		`{"hook_event_name":"BeforeAgent","prompt":"no session id"}`,
		`{"hook_event_name":"BeforeTool","session_id":"x","tool_name":"read_file","tool_input":{}}`,
		`{"hook_event_name":"SessionStart","session_id":"x","cwd":"/nonexistent/dir","source":"startup"}`,
		`[1,2,3]`,
	} {
		t.Run(in, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, _ := e.hook(t, in, "--agent", "gemini")
			if out != "" {
				t.Errorf("printed %q", out)
			}
		})
	}
}

func TestHookAgentFlag(t *testing.T) {
	e := newEnv(t, bigMemory())
	e.Factory.IO.In = strings.NewReader("{}")
	if err := memviewtest.Execute(NewCmdHook(e.Factory, nil), e.Factory, "--agent", "cursor"); err == nil || !strings.Contains(err.Error(), "want claude, codex, gemini or opencode") {
		t.Errorf("--agent cursor: %v", err)
	}
}

// recallCommandPrompt is what Gemini CLI hands BeforeAgent for
// "/learning-recall focus": the command's template with !{learn recall
// --git} replaced by its output and the shell's closing line (seen through
// the real client, internal/geminie2e).
func recallCommandPrompt(recall, focus string) string {
	return "Load the project's memory: the learnings earlier sessions stored in `.tmp/memory-learnings.md`, as `learn recall` prints them within its budget.\n\n" +
		"<project-memory>\n" + recall + "[Shell command 'learn recall --git' terminated by signal 0]\n</project-memory>\n\n" +
		"What to do:\n1. Keep these notes in mind for the rest of the session.\n\nFocus from the user (may be empty): " + focus + "\n"
}

// TestGeminiRecallCommandFirst: a session whose first prompt is
// /learning-recall already has the memory in that prompt, so the hook adds
// nothing to it; the next prompt gets its relevant learnings without the
// recall, and later ones nothing. A prompt holding another recall (a query,
// an older file's) is an ordinary first prompt.
func TestGeminiRecallCommandFirst(t *testing.T) {
	task := "The uploader fails with EntityTooSmall when I send big videos to S3, can you fix it?"
	cases := []struct {
		name   string
		prompt func(e *env) string
		// carries: the prompt holds the session start's recall; cut: its
		// first 4000 bytes only.
		carries, cut bool
	}{
		{"recall command with a focus", func(e *env) string { return recallCommandPrompt(sessionStartText(t, e), "the S3 uploads") }, true, false},
		{"recall command without a focus", func(e *env) string { return recallCommandPrompt(sessionStartText(t, e), "") }, true, false},
		{"recall pasted by the user", func(e *env) string {
			return "Here is what learn said:\n\n" + sessionStartText(t, e) + "\nWhich of these matter?"
		}, true, false},
		{"a query's output", func(e *env) string {
			return recallCommandPrompt("# Project learnings matching \"S3\"\n\n- S3 multipart upload parts must be at least 5 MB.\n", "S3")
		}, false, false},
		{"recall cut short by Gemini after 4 KB", func(e *env) string {
			return recallCommandPrompt(sessionStartText(t, e)[:4000], "")
		}, true, true},
		{"an older memory's recall", func(e *env) string {
			return recallCommandPrompt(strings.Replace(sessionStartText(t, e), "Rule 9: module m9", "Rule 9: module m99", 1), "")
		}, false, false},
		{"an ordinary prompt", func(*env) string { return task }, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, errOut := e.hook(t, geminiPayload("BeforeAgent", "g1", c.prompt(e), "", e.Dir), "--agent", "gemini")
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			first := geminiContextOf(t, out, "BeforeAgent")
			if c.carries && first != "" && !c.cut {
				t.Errorf("the prompt already holds the memory, and the hook added:\n%s", first)
			}
			if c.cut {
				// The rest of the recall, from the line the prompt cut.
				text := sessionStartText(t, e)
				line := strings.LastIndexByte(text[:4000], '\n') + 1
				if first != cutShortNote+text[line:] {
					t.Errorf("the rest of a cut recall:\n%s", first)
				}
			}
			if !c.carries && !strings.Contains(first, "Rule 0: module m0") {
				t.Errorf("an ordinary first prompt lacks the session start's recall:\n%s", first)
			}
			out, _ = e.hook(t, geminiPayload("BeforeAgent", "g1", task, "", e.Dir), "--agent", "gemini")
			next := geminiContextOf(t, out, "BeforeAgent")
			if c.carries {
				if strings.Contains(next, "Rule 0: module m0") || !strings.Contains(next, "S3 multipart upload parts") {
					t.Errorf("the prompt after the command wants the task's learnings without the recall:\n%s", next)
				}
			} else if next != "" {
				t.Errorf("a second prompt got more:\n%s", next)
			}
			if out, _ := e.hook(t, geminiPayload("BeforeAgent", "g1", "and the stripe webhooks too", "", e.Dir), "--agent", "gemini"); out != "" {
				t.Errorf("a later prompt got more:\n%s", out)
			}
		})
	}
}

// sessionStartText is what "learn recall --git" prints in e's project.
func sessionStartText(t *testing.T, e *env) string {
	t.Helper()
	res, err := ops.Recall(&ops.Memory{Path: e.File, Display: e.File, Root: e.Dir}, ops.SessionStart())
	if err != nil {
		t.Fatal(err)
	}
	return res.Text()
}

// geminiHookWith runs "learn hook --agent gemini" with bin as this binary,
// which the hook runs for a command's output that Gemini cut short.
func (e *env) geminiHookWith(t *testing.T, bin, stdin string) (string, string) {
	t.Helper()
	e.Out.Reset()
	e.Err.Reset()
	e.Factory.IO.In = strings.NewReader(stdin)
	cmd := NewCmdHook(e.Factory, func(o *Options) error {
		o.Executable = func() (string, error) { return bin, nil }
		return dispatch(o)
	})
	if err := memviewtest.Execute(cmd, e.Factory, "--agent", "gemini"); err != nil {
		t.Fatalf("learn hook returned %v: a hook must never fail", err)
	}
	return e.Out.String(), e.Err.String()
}

// commandPrompt is what Gemini CLI hands BeforeAgent for a /learning-*
// command whose !{learn ...} printed output, of which Gemini kept held
// bytes (all of it when held < 0): the template's text around the tags, the
// output, and the shell's closing line, on a line of its own (seen through
// the real client, internal/geminie2e).
func commandPrompt(tag, command, output string, held int) string {
	kept := output
	if held >= 0 {
		kept = output[:held]
		if !strings.HasSuffix(kept, "\n") {
			kept += "\n"
		}
	}
	return "Summarise the genuinely new project knowledge from this session so the user can review it.\n\n" +
		"<" + tag + ">\n" + kept + "[Shell command '" + command + "' terminated by signal 0]\n</" + tag + ">\n\n" +
		"Steps:\n1. Draft candidate learnings from this session only.\n"
}

// terminalBytes is how many bytes text takes on Gemini CLI's terminal, where
// each newline is "\r\n".
func terminalBytes(text string) int { return len(text) + strings.Count(text, "\n") }

// atRead is how many bytes of text fill Gemini CLI's first read of its
// terminal (geminiRead), where it cuts an output; all of them when fewer.
func atRead(text string) int {
	n := 0
	for i := range len(text) {
		n++
		if text[i] == '\n' {
			n++
		}
		if n >= geminiRead {
			return i + 1
		}
	}
	return len(text)
}

// TestGeminiCutCommandOutput: when Gemini CLI keeps only the first 4 KB of
// /learning-summarise's baseline or /learning-improve-docs' report, the
// prompt hook adds the rest, from the line where it was cut, after a line
// naming the command and its section, on a session's first prompt or any
// later one; a whole output,
// one that is not what learn prints now, or a learn that fails adds
// nothing. A baseline holds the memory, so a first prompt that is
// /learning-summarise gets no recall on top of it, and never the recall's
// rest for the baseline's.
func TestGeminiCutCommandOutput(t *testing.T) {
	e := newEnv(t, bigMemory())
	var docs strings.Builder
	for i := 0; i < 80; i++ {
		fmt.Fprintf(&docs, "- docs/guide-%02d.md\n", i)
	}
	baseline := "Baseline for deduplication: what .tmp/memory-learnings.md and the project documentation already say.\n\n" +
		sessionStartText(t, e) + "\n# Documentation checked\n\n" + docs.String() + "\n# This session\n\nDocumentation read: docs/retries.md\n"
	var items strings.Builder
	for i := 1; i <= 25; i++ {
		fmt.Fprintf(&items, " %d. [User Corrections] Rule %d: module m%d keeps its fixtures in fixtures/m%d…  (id l%07d)\n    Add to docs/guide-%02d.md, section \"Testing\" (line 3)\n    Why: docs/guide-%02d.md: this section shares the most words with it\n\n", i, i, i, i, i, i, i)
	}
	items.WriteString("See them as a patch: learn improve-docs --diff (nothing is edited).\n")
	// The report's first line is as long as makes a line end where Gemini's
	// first read of the terminal does.
	head := "Documentation improvements from .tmp/memory-learnings.md (74 learnings; 80 docs checked)\n\n"
	draft := head + items.String()
	lineEnd := strings.LastIndexByte(draft[:atRead(draft)], '\n') + 1
	pad := geminiRead - terminalBytes(draft[:lineEnd])
	report := strings.Replace(head, ")", ")"+strings.Repeat(".", pad), 1) + items.String()
	lineEnd += pad
	if terminalBytes(report[:lineEnd]) != geminiRead || report[lineEnd-1] != '\n' {
		t.Fatalf("no line of the report ends at Gemini's first read (%d bytes on the terminal)", terminalBytes(report[:lineEnd]))
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"summarise": baseline, "improve-docs": report} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "learn")
	script := "#!/bin/sh\necho \"$*\" >> " + filepath.Join(dir, "calls") + "\ncase \"$1 $2 $3\" in\n" +
		"'summarise  ') cat " + filepath.Join(dir, "summarise") + ";;\n" +
		"'improve-docs --max-chars 6000') cat " + filepath.Join(dir, "improve-docs") + ";;\n" +
		"*) echo \"learn: unexpected $*\" >&2; exit 2;;\nesac\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	failing := filepath.Join(dir, "failing-learn")
	if err := os.WriteFile(failing, []byte("#!/bin/sh\necho 'learn: the file is broken' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// restFrom is text from the start of the last line Gemini kept: a line
	// cut at its end may be whole or not, so it comes again.
	restFrom := func(text string, held int) string {
		return text[strings.LastIndexByte(strings.TrimSuffix(text[:held], "\n"), '\n')+1:]
	}
	summariseRest := "The output of `learn summarise` in the project-memory-baseline section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n" +
		restFrom(baseline, 4051)
	cases := []struct {
		name   string
		bin    string
		prompt string
		later  bool   // a later prompt of the session, not its first
		want   string // the hook's whole addition; "recall+" starts with the first prompt's recall
	}{
		{name: "summarise cut mid-line, later prompt", prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, 4051), later: true, want: summariseRest},
		{name: "summarise cut mid-line, first prompt", prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, 4051), want: summariseRest},
		{name: "summarise cut after the recall's part", prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, len(baseline)-300), later: true,
			want: "The output of `learn summarise` in the project-memory-baseline section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n" +
				restFrom(baseline, len(baseline)-300)},
		{name: "summarise whole", prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, -1), later: true},
		{name: "summarise whole, first prompt", prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, -1)},
		{name: "improve-docs cut at a line's end", prompt: commandPrompt("improve-docs-report", "learn improve-docs --max-chars 6000", report, lineEnd), later: true,
			want: "The output of `learn improve-docs --max-chars 6000` in the improve-docs-report section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n" +
				restFrom(report, lineEnd)},
		{name: "improve-docs cut mid-line", prompt: commandPrompt("improve-docs-report", "learn improve-docs --max-chars 6000", report, atRead(report)+40), later: true,
			want: "The output of `learn improve-docs --max-chars 6000` in the improve-docs-report section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n" +
				restFrom(report, atRead(report)+40)},
		{name: "improve-docs whole", prompt: commandPrompt("improve-docs-report", "learn improve-docs --max-chars 6000", report, -1), later: true},
		{name: "an older baseline", prompt: commandPrompt("project-memory-baseline", "learn summarise", strings.Replace(baseline, "Rule 9: module m9", "Rule 9: module m99", 1), 4051), later: true},
		{name: "learn fails", bin: failing, prompt: commandPrompt("project-memory-baseline", "learn summarise", baseline, 4051), later: true},
		{name: "an ordinary later prompt", prompt: "and the stripe webhooks too", later: true},
		{name: "a tag the user typed", prompt: "what goes in <project-memory-baseline>?", later: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			if c.later {
				e.hook(t, geminiPayload("BeforeAgent", "g1", "hello", "", e.Dir), "--agent", "gemini")
			}
			b := bin
			if c.bin != "" {
				b = c.bin
			}
			out, errOut := e.geminiHookWith(t, b, geminiPayload("BeforeAgent", "g1", c.prompt, "", e.Dir))
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			if got := geminiContextOf(t, out, "BeforeAgent"); got != c.want {
				t.Errorf("added:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestGeminiShortSectionsRunNoLearn: a learn output too short to have been
// cut by Gemini CLI (under one 4095-byte read of its terminal, where each
// newline is two bytes) is whole, so the prompt hook does not run learn
// again for it; one long enough to be a cut one is checked as before, and
// its rest added. Bytes count, not characters.
func TestGeminiShortSectionsRunNoLearn(t *testing.T) {
	lines := func(n int, line string) string { return strings.Repeat(line+"\n", n) }
	prose := lines(60, "- [Fresh Discoveries] The nightly export writes one CSV per tenant to s3://exports.")
	short := lines(380, "- x = 42;") // 3800 bytes, 4180 on the terminal
	welsh := lines(52, "- Mae'r amserlen yn cael ei chyhoeddi bob dydd Llun ar ôl 09:00; ŵyl, ŷd, ï.")
	cjk := lines(60, "- 课程表每周一上午九点发布，教室预订在周五截止。") // 3 bytes a character
	cases := []struct {
		name, tag, command, output string
		held                       int // -1: whole
		runs                       bool
	}{
		{"a short baseline", "project-memory-baseline", "learn summarise", prose[:2100], -1, false},
		{"a baseline just under one read", "project-memory-baseline", "learn summarise", prose[:3900], -1, false},
		{"a short improve-docs report", "improve-docs-report", "learn improve-docs --max-chars 6000", prose[:3000], -1, false},
		{"a short forget preview", "forget-preview", "learn forget --dry-run", lines(12, "- l1a2b3c4 (Fresh Discoveries) goes"), -1, false},
		{"an empty output", "forget-preview", "learn forget --dry-run", "", -1, false},
		{"short lines over one read on the terminal", "forget-preview", "learn forget --dry-run", short, -1, true},
		{"a baseline cut at one read", "project-memory-baseline", "learn summarise", prose, atRead(prose), true},
		{"a report cut at one read", "improve-docs-report", "learn improve-docs --max-chars 6000", prose, atRead(prose), true},
		{"Welsh text, fewer characters than bytes", "project-memory-baseline", "learn summarise", welsh, -1, true},
		{"Chinese text, fewer characters than bytes", "project-memory-baseline", "learn summarise", cjk, -1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "out"), []byte(c.output), 0o644); err != nil {
				t.Fatal(err)
			}
			calls := filepath.Join(dir, "calls")
			bin := filepath.Join(dir, "learn")
			script := "#!/bin/sh\necho \"$*\" >> " + calls + "\ncat " + filepath.Join(dir, "out") + "\n"
			if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			e := newEnv(t, bigMemory())
			e.hook(t, geminiPayload("BeforeAgent", "g1", "hello", "", e.Dir), "--agent", "gemini")
			out, errOut := e.geminiHookWith(t, bin, geminiPayload("BeforeAgent", "g1", commandPrompt(c.tag, c.command, c.output, c.held), "", e.Dir))
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			ran, _ := os.ReadFile(calls)
			if got := len(ran) > 0; got != c.runs {
				t.Fatalf("learn run again: %v (%q), want %v", got, ran, c.runs)
			}
			added := geminiContextOf(t, out, "BeforeAgent")
			if cut := c.held >= 0 && c.held < len(c.output); cut != strings.Contains(added, "was cut short by the client") {
				t.Errorf("cut %v, but the hook added:\n%s", cut, added)
			}
		})
	}
}
