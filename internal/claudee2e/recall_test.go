//go:build linux || darwin

package claudee2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// longMemory is a long-lived project's memory: 70 recent User Corrections,
// more than the session start's 6000-character budget holds, and older
// sessions about single subsystems that the budget leaves out.
func longMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [%s] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", e2eutil.RecentStamp(i), i)
		fmt.Fprintf(&b, "- Convention %d: package p%d logs through logger L%d and never prints to stdout directly.\n\n---\n\n", i, i, i)
	}
	b.WriteString("## [2025-03-02 09:00 UTC] - Video uploads\n**Project**: acme\n**Documentation Seen**: `ios/Uploader.swift`\n\n### Learnings\n\n" +
		"**Fresh Discoveries:**\n- S3 multipart upload parts must be at least 5 MB except the last part; smaller parts fail with EntityTooSmall.\n\n---\n\n")
	b.WriteString("## [2025-02-11 09:00 UTC] - Billing\n**Project**: acme\n\n### Learnings\n\n" +
		"**Updated Conventions:**\n- Stripe webhook handlers verify the signature against the raw request body, never the parsed JSON.\n\n---\n")
	return b.String()
}

const (
	s3Learning     = "S3 multipart upload parts must be at least 5 MB"
	stripeLearning = "Stripe webhook handlers verify the signature"
	newestLearning = "Convention 0: package p0 logs through logger L0"
	hookHeading    = "# Project learnings for this request"
)

// expectedHook is what learn hook prints for prompt in project p, computed
// with a state directory of its own so the session under test is untouched.
func (w *world) expectedHook(t *testing.T, p, prompt string) string {
	t.Helper()
	in, _ := json.Marshal(map[string]string{"session_id": "expected", "hook_event_name": "UserPromptSubmit", "prompt": prompt, "cwd": p})
	out, errOut, err := w.commandIn(p, string(in), []string{"XDG_STATE_HOME=" + t.TempDir()}, filepath.Join(learnDir, "learn"), "hook")
	if err != nil || errOut != "" {
		t.Fatalf("learn hook: %v\n%s", err, errOut)
	}
	return strings.TrimSpace(out)
}

// TestAutomaticRecall: with "learn install --agent claude", a plain prompt
// carries the memory, the first prompt adds its relevant learnings once,
// and a resumed turn carries the same bytes.
func TestAutomaticRecall(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "claude")
	p := w.project(t, "app", longMemory())
	start := strings.TrimSpace(w.learn(t, p, "recall", "--git"))
	if !strings.Contains(start, newestLearning) || strings.Contains(start, s3Learning) {
		t.Fatalf("the memory no longer overflows the session start's budget:\n%s", start)
	}
	prompt := "The iOS uploader fails with EntityTooSmall on big videos sent to S3. Fix it."
	hook := w.expectedHook(t, p, prompt)
	if !strings.HasPrefix(hook, hookHeading) || !strings.Contains(hook, s3Learning) || strings.Contains(hook, stripeLearning) {
		t.Fatalf("learn hook does not add the S3 learning alone:\n%s", hook)
	}

	first := w.claude(t, p, "", prompt)
	text1 := allText(first.first(t))
	if !strings.Contains(text1, start) {
		t.Errorf("the first request does not carry learn recall --git's output byte for byte:\n%s", text1)
	}
	if strings.Count(text1, hook) != 1 {
		t.Errorf("the first request carries the prompt hook's addition %d times, want once:\n%s", strings.Count(text1, hook), text1)
	}
	e2eutil.MustContain(t, "the first request", userText(first.first(t)), prompt)
	if first.sessionID == "" {
		t.Fatalf("no session id in claude's output:\n%s", first.stdout)
	}

	// A second turn of the same session: the memory is the same bytes, once,
	// and the second prompt adds nothing (not even for a relevant prompt).
	second := w.claude(t, p, "", "Also check the stripe webhook handler.", "--resume", first.sessionID)
	req2 := second.requests[len(second.requests)-1]
	text2 := allText(req2)
	if n := strings.Count(text2, start); n != 1 {
		t.Errorf("the second turn carries the session start's memory %d times, want once, byte-identical", n)
	}
	if n := strings.Count(text2, hook); n != 1 {
		t.Errorf("the second turn carries the first prompt's addition %d times, want once", n)
	}
	if n := strings.Count(text2, hookHeading); n != 1 {
		t.Errorf("the second prompt added learnings (%d additions in the request):\n%s", n, text2)
	}
	e2eutil.MustNotContain(t, "the second turn", text2, stripeLearning)
	// The memory sits at the same place in the conversation: the prefix the
	// prompt cache keys on is unchanged up to the second prompt.
	if i1, i2 := strings.Index(text1, start), strings.Index(text2, start); i1 < 0 || i2 < 0 || text1[:i1+len(start)] != text2[:i2+len(start)] {
		t.Error("the conversation up to the memory differs between the turns")
	}
}

// TestBrokenLearnDoesNotBreakTheSession: learn missing from PATH, or
// failing with any status, costs the session its memory, never its prompt.
func TestBrokenLearnDoesNotBreakTheSession(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "claude")
	p := w.project(t, "app", longMemory())
	fakeBin := filepath.Join(w.root, "fakebin")
	cases := []struct{ name, path, script string }{
		{"learn missing from PATH", "/usr/local/bin:/usr/bin:/bin", ""},
		{"learn exits 1", fakeBin + ":/usr/local/bin:/usr/bin:/bin", "#!/bin/sh\necho 'BROKEN_LEARN_OUTPUT'\necho 'learn: something broke' >&2\nexit 1\n"},
		// Exit 2 from a UserPromptSubmit hook makes Claude Code drop the
		// prompt; an old learn without "hook" exits 2 (unknown command).
		{"learn exits 2", fakeBin + ":/usr/local/bin:/usr/bin:/bin", "#!/bin/sh\necho 'BROKEN_LEARN_OUTPUT'\necho 'learn: unknown command' >&2\nexit 2\n"},
		// A hung learn costs each hook its timeout, then the session goes on.
		{"learn hangs", fakeBin + ":/usr/local/bin:/usr/bin:/bin", "#!/bin/sh\necho 'BROKEN_LEARN_OUTPUT'\nexec sleep 600\n"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.script != "" {
				e2eutil.WriteFile(t, filepath.Join(fakeBin, "learn"), c.script)
				if err := os.Chmod(filepath.Join(fakeBin, "learn"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			saved := w.path
			w.path = c.path
			defer func() { w.path = saved }()
			prompt := fmt.Sprintf("Fix the S3 upload, attempt %d", i)
			tr := w.claude(t, p, "", prompt)
			req := tr.first(t)
			e2eutil.MustContain(t, "the prompt", userText(req), prompt)
			e2eutil.MustNotContain(t, "the request", allText(req), "# Project learnings", newestLearning, "BROKEN_LEARN_OUTPUT")
			e2eutil.MustContain(t, "claude's answer", tr.stdout, fakeReply)
		})
	}
}

// userSettings is a realistic ~/.claude/settings.json of someone who
// already has hooks of their own on the same events, with CRLF endings.
const userSettings = "{\r\n" +
	"    \"$schema\": \"https://json.schemastore.org/claude-code-settings.json\",\r\n" +
	"    \"permissions\": {\r\n" +
	"        \"allow\": [\"Bash(npm run test:*)\", \"Read(~/.zshrc)\"],\r\n" +
	"        \"deny\": [\"Read(./.env)\"]\r\n" +
	"    },\r\n" +
	"    \"hooks\": {\r\n" +
	"        \"SessionStart\": [\r\n" +
	"            {\"hooks\": [{\"type\": \"command\", \"command\": \"echo USER_SESSION_HOOK_RAN\"}]}\r\n" +
	"        ]\r\n" +
	"    },\r\n" +
	"    \"includeCoAuthoredBy\": false\r\n" +
	"}"

// TestInstallUninstallKeepsUserSettings: the user's hooks keep running next
// to ours, and uninstall gives back their file byte for byte.
func TestInstallUninstallKeepsUserSettings(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	settings := filepath.Join(w.home, ".claude", "settings.json")
	e2eutil.WriteFile(t, settings, userSettings)
	p := w.project(t, "app", longMemory())

	w.learn(t, w.root, "install", "--agent", "claude")
	e2eutil.MustContain(t, "learn doctor after install", w.learn(t, p, "doctor", "--agent", "claude"),
		"ok    claude hooks: SessionStart in "+settings, "ok    learn on Claude Code's PATH")
	text := allText(w.claude(t, p, "", "What should I know about this project?").first(t))
	e2eutil.MustContain(t, "the request after install", text, "USER_SESSION_HOOK_RAN", newestLearning)

	w.learn(t, w.root, "install", "--agent", "claude", "--uninstall")
	got, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != userSettings {
		t.Fatalf("settings.json after install and uninstall:\n%q\nwant\n%q", got, userSettings)
	}
	if _, err := os.Stat(settings + ".learn-backup"); !os.IsNotExist(err) {
		t.Errorf("install then uninstall left the backup behind (err %v)", err)
	}
	doctor, _, err := w.command(p, filepath.Join(learnDir, "learn"), "doctor", "--agent", "claude")
	if err == nil {
		t.Errorf("learn doctor passes with the hooks uninstalled:\n%s", doctor)
	}
	e2eutil.MustContain(t, "learn doctor after uninstall", doctor, "FAIL  claude hooks: SessionStart and UserPromptSubmit and PostToolUse and PostToolUseFailure missing")
	text = allText(w.claude(t, p, "", "What should I know about this project?").first(t))
	e2eutil.MustContain(t, "the request after uninstall", text, "USER_SESSION_HOOK_RAN")
	e2eutil.MustNotContain(t, "the request after uninstall", text, newestLearning, hookHeading)
}

// TestProjectInstall: --project puts the hooks in the project's
// .claude/settings.json, which Claude Code runs in print mode too, and
// uninstall removes the file it created and leaves nothing behind.
func TestProjectInstall(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	p := w.project(t, "app", longMemory())
	before := w.gitStatus(t, p)
	w.learn(t, p, "install", "--agent", "claude", "--project")
	e2eutil.MustContain(t, "the request", allText(w.claude(t, p, "", "Where do I start?").first(t)), newestLearning)
	w.learn(t, p, "install", "--agent", "claude", "--project", "--uninstall")
	if _, err := os.Stat(filepath.Join(p, ".claude", "settings.json")); !os.IsNotExist(err) {
		t.Errorf("the settings file install created is still there (err %v)", err)
	}
	if after := w.gitStatus(t, p); after != before {
		t.Errorf("install then uninstall changed the project's files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	e2eutil.MustNotContain(t, "the request after uninstall", allText(w.claude(t, p, "", "Where do I start?").first(t)), newestLearning)
}

// gitStatus lists the project's changed and untracked files.
func (w *world) gitStatus(t *testing.T, dir string) string {
	t.Helper()
	out, errOut, err := w.command(dir, "git", "status", "--porcelain", "--untracked-files=all")
	if err != nil {
		t.Fatalf("git status: %v\n%s", err, errOut)
	}
	return out
}
