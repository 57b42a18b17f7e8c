//go:build linux || darwin

package codexe2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// longMemory is a long-lived project's memory: 70 recent User Corrections,
// more than the session start's budget holds, and older sessions about
// single subsystems that the budget leaves out.
func longMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [2026-11-%02d %02d:%02d UTC] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", 21-i/10, 10+i%10, i, i)
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

// TestAutomaticRecall: after "learn install --agent codex", a plain prompt's
// model request carries "learn recall --git" byte for byte (SessionStart)
// and the first prompt's relevant learning (UserPromptSubmit), and reading
// leaves the memory file as it was.
func TestAutomaticRecall(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex", "--no-mcp")
	p := w.project(t, "app", longMemory())
	before := readMemory(t, p)
	start := strings.TrimSpace(w.learn(t, p, "recall", "--git"))
	if !strings.Contains(start, newestLearning) || strings.Contains(start, s3Learning) {
		t.Fatalf("the memory no longer overflows the session start's budget:\n%s", start)
	}
	prompt := "The iOS uploader fails with EntityTooSmall on big videos sent to S3. Fix it."
	hook := w.expectedHook(t, p, prompt)
	if !strings.HasPrefix(hook, hookHeading) || !strings.Contains(hook, s3Learning) || strings.Contains(hook, stripeLearning) {
		t.Fatalf("learn hook --agent codex does not add the S3 learning alone:\n%s", hook)
	}

	tr := w.codex(t, p, "", "", prompt)
	req := tr.first(t)
	dev := req.texts("developer")
	if !strings.Contains(dev, start) {
		t.Errorf("the first request's developer messages do not carry learn recall --git's output byte for byte:\n%s", dev)
	}
	if n := strings.Count(req.texts(), hook); n != 1 {
		t.Errorf("the first request carries the prompt hook's addition %d times, want once:\n%s", n, req.texts())
	}
	e2eutil.MustContain(t, "the prompt", req.texts("user"), prompt)
	e2eutil.MustContain(t, "codex's answer", tr.stdout, fakeReply)
	if after := readMemory(t, p); after != before {
		t.Error("a session that only read the memory changed the file")
	}
}

// TestBrokenLearnDoesNotBreakTheSession: learn missing from PATH, or
// failing the way an old learn without "hook --agent" fails (exit 2, which
// a UserPromptSubmit hook uses to drop the prompt), costs the session its
// memory, never its prompt.
func TestBrokenLearnDoesNotBreakTheSession(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex", "--no-mcp")
	p := w.project(t, "app", longMemory())
	fakeBin := filepath.Join(w.root, "fakebin")
	e2eutil.WriteFile(t, filepath.Join(fakeBin, "learn"), "#!/bin/sh\necho 'BROKEN_LEARN_OUTPUT'\necho 'learn: unknown command' >&2\nexit 2\n")
	if err := os.Chmod(filepath.Join(fakeBin, "learn"), 0o755); err != nil {
		t.Fatal(err)
	}
	rest := strings.TrimPrefix(w.path, learnDir)
	for _, c := range []struct{ name, path string }{
		{"learn missing from PATH", strings.TrimPrefix(rest, ":")},
		{"learn exits 2", fakeBin + rest},
	} {
		t.Run(c.name, func(t *testing.T) {
			saved := w.path
			w.path = c.path
			defer func() { w.path = saved }()
			for _, prompt := range []string{"Fix the S3 upload", "$learning-recall"} {
				tr := w.codex(t, p, "", "", prompt)
				req := tr.first(t)
				e2eutil.MustContain(t, "the prompt", req.texts("user"), prompt)
				e2eutil.MustNotContain(t, "the request's developer messages", req.texts("developer"), hookHeading, newestLearning, "BROKEN_LEARN_OUTPUT")
				e2eutil.MustContain(t, "codex's answer", tr.stdout, fakeReply)
			}
		})
	}
}

// userConfig and userHooks are a Codex user's own files, CRLF and all.
const userHooks = "{\r\n    \"hooks\": {\r\n        \"SessionStart\": [\r\n" +
	"            {\"hooks\": [{\"type\": \"command\", \"command\": \"echo USER_SESSION_HOOK_RAN\"}]}\r\n" +
	"        ]\r\n    }\r\n}\r\n"

// TestInstallUninstallKeepsUserFiles: the user's hooks keep running next to
// learn's, doctor sees learn's, and uninstall gives back hooks.json and
// config.toml byte for byte.
func TestInstallUninstallKeepsUserFiles(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	w := newWorld(t)
	hooks := filepath.Join(w.home, ".codex", "hooks.json")
	config := filepath.Join(w.home, ".codex", "config.toml")
	e2eutil.WriteFile(t, hooks, userHooks)
	userConfig, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	p := w.project(t, "app", longMemory())

	w.learn(t, w.root, "install", "--agent", "codex")
	e2eutil.MustContain(t, "learn doctor after install", w.learn(t, p, "doctor", "--agent", "codex"),
		"ok    codex hooks: SessionStart in "+hooks, "ok    command files installed: all 6", "ok    codex mcp")
	dev := w.codex(t, p, "", "", "What should I know about this project?").first(t).texts("developer")
	e2eutil.MustContain(t, "the request after install", dev, "USER_SESSION_HOOK_RAN", newestLearning)

	w.learn(t, w.root, "install", "--agent", "codex", "--uninstall")
	for path, want := range map[string]string{hooks: userHooks, config: string(userConfig)} {
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("%s after install and uninstall (err %v):\n%q\nwant\n%q", path, err, got, want)
		}
		if _, err := os.Stat(path + ".learn-backup"); !os.IsNotExist(err) {
			t.Errorf("install then uninstall left %s.learn-backup behind (err %v)", path, err)
		}
	}
	dev = w.codex(t, p, "", "", "What should I know about this project?").first(t).texts("developer")
	e2eutil.MustContain(t, "the request after uninstall", dev, "USER_SESSION_HOOK_RAN")
	e2eutil.MustNotContain(t, "the request after uninstall", dev, newestLearning, hookHeading)
}

// TestProjectInstall: --project puts the skills, hooks and MCP server in the
// project's .codex/; Codex loads the skills anywhere and runs the project's
// hooks once the project is trusted (codex exec --trust records that in the
// user's config.toml); uninstall leaves no file behind.
func TestProjectInstall(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	w := newWorld(t)
	p := w.project(t, "app", longMemory())
	before := w.gitStatus(t, p)
	w.learn(t, p, "install", "--agent", "codex", "--project")
	req := w.codex(t, p, "", "", "$learning-recall", "--trust").first(t)
	e2eutil.MustContain(t, "the request's developer messages", req.texts("developer"), newestLearning, "<project-memory>")
	e2eutil.MustContain(t, "the request's user messages", req.texts("user"), "Keep these notes in mind for the rest of the session.")

	w.learn(t, p, "install", "--agent", "codex", "--project", "--uninstall")
	if _, err := os.Stat(filepath.Join(p, ".codex")); !os.IsNotExist(err) {
		t.Errorf("the .codex folder install created is still there (err %v)", err)
	}
	if after := w.gitStatus(t, p); after != before {
		t.Errorf("install then uninstall changed the project's files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// gitStatus lists the project's changed and untracked files.
func (w *world) gitStatus(t *testing.T, dir string) string {
	t.Helper()
	out, errOut, err := w.commandIn(dir, "", nil, "git", "status", "--porcelain", "--untracked-files=all")
	if err != nil {
		t.Fatalf("git status: %v\n%s", err, errOut)
	}
	return out
}
