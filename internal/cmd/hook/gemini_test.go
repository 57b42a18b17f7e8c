package hook

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
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
