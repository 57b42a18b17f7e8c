package hook

import (
	"encoding/json"
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
