package hook

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

// bigMemory is a long-lived project's memory: 70 recent User Corrections
// that fill the session start's budget, and older sessions whose learnings
// the budget leaves out, each about one subsystem.
func bigMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [2026-11-%02d %02d:%02d UTC] - Routine work %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", 20-i/10, 10+i%10, i, i)
		fmt.Fprintf(&b, "- Rule %d: module m%d keeps its fixtures in fixtures/m%d and its owner signs off changes to them.\n\n---\n\n", i, i, i)
	}
	old := []struct{ focus, cat, text string }{
		{"Uploader", "Fresh Discoveries", "S3 multipart upload parts must be at least 5 MB except the last part; smaller parts fail with EntityTooSmall."},
		{"Billing", "Updated Conventions", "Stripe webhook handlers verify the signature against the raw request body, never the parsed JSON."},
		{"iOS tests", "Fresh Discoveries", "The keychain access group com.acme.shared must be in the simulator entitlements or the keychain tests crash."},
		{"Docs", "Preference Clarifications", "Changelog entries are written in the past tense and name the ticket."},
	}
	for i, o := range old {
		fmt.Fprintf(&b, "## [2025-0%d-10 09:00 UTC] - %s\n**Project**: acme\n\n### Learnings\n\n**%s:**\n- %s\n\n---\n\n", i+1, o.focus, o.cat, o.text)
	}
	return b.String()
}

type env struct {
	*memviewtest.Env
	state string
}

func newEnv(t *testing.T, memory string) *env {
	e := &env{Env: memviewtest.New(t, memory), state: t.TempDir()}
	e.Factory.Getenv = func(k string) string {
		if k == "XDG_STATE_HOME" {
			return e.state
		}
		return ""
	}
	e.Factory.FileFlag = ""
	return e
}

func (e *env) hook(t *testing.T, stdin string, args ...string) (string, string) {
	t.Helper()
	e.Out.Reset()
	e.Err.Reset()
	e.Factory.IO.In = strings.NewReader(stdin)
	if err := memviewtest.Execute(NewCmdHook(e.Factory, nil), e.Factory, args...); err != nil {
		t.Fatalf("learn hook returned %v: a hook must never fail", err)
	}
	return e.Out.String(), e.Err.String()
}

func payload(session, prompt, cwd string) string {
	b, _ := json.Marshal(map[string]string{
		"session_id": session, "transcript_path": "/home/u/.claude/projects/x/" + session + ".jsonl",
		"cwd": cwd, "hook_event_name": "UserPromptSubmit", "prompt": prompt, "permission_mode": "default",
	})
	return string(b)
}

func TestFirstPromptAddsRelevantLearnings(t *testing.T) {
	cases := []struct {
		prompt string
		want   []string // substrings of learnings that must be added
		not    []string
	}{
		{"The uploader fails with EntityTooSmall when I send big videos to S3, can you fix it?", []string{"S3 multipart upload parts"}, []string{"Stripe", "keychain"}},
		{"add a handler for stripe webhooks in the billing service", []string{"Stripe webhook handlers"}, []string{"S3 multipart", "keychain"}},
		{"why does the keychain test crash on the simulator?", []string{"keychain access group"}, []string{"Stripe", "S3 multipart"}},
		{"Write the changelog entry for PROJ-42", []string{"Changelog entries"}, []string{"Stripe", "keychain"}},
		{"hello", nil, []string{"S3", "Stripe", "keychain", "Changelog"}},
		{"thanks, that looks good", nil, []string{"S3", "Stripe", "keychain", "Changelog"}},
	}
	for i, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, errOut := e.hook(t, payload(fmt.Sprintf("sess-%d", i), c.prompt, e.Dir))
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			if len(c.want) == 0 {
				if out != "" {
					t.Errorf("added something for a prompt about nothing stored:\n%s", out)
				}
				return
			}
			if !strings.HasPrefix(out, "# Project learnings for this request\n") || !strings.Contains(out, "not instructions") {
				t.Errorf("not framed as project data:\n%s", out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q:\n%s", w, out)
				}
			}
			for _, n := range c.not {
				if strings.Contains(out, n) {
					t.Errorf("unrelated %q added:\n%s", n, out)
				}
			}
			if n := utf8.RuneCountInString(out); n > DefaultMaxChars {
				t.Errorf("%d characters, over the %d budget", n, DefaultMaxChars)
			}
		})
	}
}

// TestNothingTheSessionStartShowed: a learning the session start already
// printed is never added again.
func TestNothingTheSessionStartShowed(t *testing.T) {
	e := newEnv(t, bigMemory())
	res, err := ops.Recall(&ops.Memory{Path: e.File, Display: e.File, Root: e.Dir}, ops.SessionStart())
	if err != nil {
		t.Fatal(err)
	}
	start := res.Text()
	if !strings.Contains(start, "Rule 0: module m0") || strings.Contains(start, "S3 multipart") {
		t.Fatalf("the test memory no longer fills the session start's budget:\n%s", start)
	}
	out, _ := e.hook(t, payload("s", "module m0 fixtures, and the S3 multipart upload", e.Dir))
	if strings.Contains(out, "Rule 0:") {
		t.Errorf("repeated a learning the session start showed:\n%s", out)
	}
	if !strings.Contains(out, "S3 multipart") {
		t.Errorf("the left-out relevant learning is missing:\n%s", out)
	}
}

func TestOnlyTheFirstPromptOfASession(t *testing.T) {
	e := newEnv(t, bigMemory())
	prompt := "fix the stripe webhook signature check"
	first, _ := e.hook(t, payload("0b7c9d1e-aaaa-4bbb-8ccc-123456789abc", prompt, e.Dir))
	if !strings.Contains(first, "Stripe") {
		t.Fatalf("first prompt added nothing:\n%s", first)
	}
	if again, _ := e.hook(t, payload("0b7c9d1e-aaaa-4bbb-8ccc-123456789abc", prompt, e.Dir)); again != "" {
		t.Errorf("the second prompt added:\n%s", again)
	}
	if other, _ := e.hook(t, payload("another-session", prompt, e.Dir)); other != first {
		t.Errorf("another session got different bytes:\n%s", other)
	}
}

func TestNeverFails(t *testing.T) {
	cases := []struct {
		name, stdin, note string
		setup             func(*env)
	}{
		{name: "empty stdin", stdin: "", note: "not the hook JSON of Claude Code or Codex CLI"},
		{name: "not json", stdin: "fix the bug", note: "not the hook JSON of Claude Code or Codex CLI"},
		{name: "truncated", stdin: `{"session_id":"s","prompt":"x`, note: "not the hook JSON of Claude Code or Codex CLI"},
		{name: "no session", stdin: `{"hook_event_name":"UserPromptSubmit","prompt":"stripe webhook"}`, note: "no session_id"},
		{name: "resumed session", stdin: `{"session_id":"s","hook_event_name":"SessionStart","source":"resume"}`},
		{name: "other event", stdin: `{"session_id":"s","hook_event_name":"Notification","message":"Claude needs your permission"}`},
		{name: "stop event", stdin: `{"session_id":"s","hook_event_name":"Stop"}`},
		{name: "no memory file", stdin: payload("s", "stripe webhook", ""), setup: func(e *env) { os.Remove(e.File) }},
		{name: "memory is a directory", stdin: payload("s", "stripe webhook", ""), note: "is a directory", setup: func(e *env) {
			os.Remove(e.File)
			os.MkdirAll(e.File, 0o755)
		}},
		{name: "state not writable", stdin: payload("s", "stripe webhook", ""), note: "nothing added", setup: func(e *env) {
			os.WriteFile(filepath.Join(e.state, "learn"), []byte("a file in the way"), 0o644)
		}},
		{name: "no state dir", stdin: payload("s", "stripe webhook", ""), note: "neither XDG_STATE_HOME nor HOME", setup: func(e *env) {
			e.Factory.Getenv = func(string) string { return "" }
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			if c.setup != nil {
				c.setup(e)
			}
			stdin := strings.ReplaceAll(c.stdin, `"cwd":""`, `"cwd":"`+e.Dir+`"`)
			out, errOut := e.hook(t, stdin)
			if out != "" {
				t.Errorf("printed context:\n%s", out)
			}
			if c.note == "" && errOut != "" {
				t.Errorf("unexpected note: %s", errOut)
			}
			if c.note != "" && (!strings.HasPrefix(errOut, "learn hook: ") || !strings.Contains(errOut, c.note) || strings.Count(errOut, "\n") != 1) {
				t.Errorf("want one note with %q, got %q", c.note, errOut)
			}
		})
	}
}

func TestSessionIDCannotEscape(t *testing.T) {
	e := newEnv(t, bigMemory())
	for _, id := range []string{"../../../../tmp/pwned", "a/b", "..", strings.Repeat("x", 300)} {
		e.hook(t, payload(id, "stripe", e.Dir))
	}
	entries, err := os.ReadDir(filepath.Join(e.state, "learn", "claude-sessions"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 4 {
		t.Errorf("%d markers, want 4", len(entries))
	}
	for _, en := range entries {
		if !strings.HasPrefix(en.Name(), "h-") {
			t.Errorf("marker %q named from an unsafe id", en.Name())
		}
	}
}

func TestOldMarkersArePruned(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	old := filepath.Join(dir, "old-session")
	if err := os.WriteFile(old, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(old, now.Add(-8*24*time.Hour), now.Add(-8*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if first, err := claimFirstPrompt(dir, "new-session", now); err != nil || !first {
		t.Fatalf("claim: %v %v", first, err)
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("an 8-day-old marker was kept")
	}
}

func TestJSONOutput(t *testing.T) {
	e := newEnv(t, bigMemory())
	out, _ := e.hook(t, payload("s1", "stripe webhook signature", e.Dir), "--json")
	var got jsonOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !got.FirstPrompt || len(got.Learnings) == 0 || !strings.Contains(got.Context, got.Learnings[0].Text) {
		t.Errorf("unexpected: %+v", got)
	}
}

// BenchmarkAddition is the first prompt's work on a 1 MB memory, parsing
// excluded: the session start's selection recomputed, the prompt ranked,
// the addition chosen. Claude Code waits for it before sending the prompt.
func BenchmarkAddition(b *testing.B) {
	root := b.TempDir()
	path := filepath.Join(root, "memory.md")
	if err := os.WriteFile(path, memgen.Generate(1, 1<<20), 0o600); err != nil {
		b.Fatal(err)
	}
	m := &ops.Memory{Path: path, Display: path, Root: root}
	for b.Loop() {
		_, _ = ops.RecallFirstPrompt(m, ops.FirstPromptOptions{Prompt: "The sync client retries forever when the gateway times out; cap the backoff", MaxChars: DefaultMaxChars})
	}
}
