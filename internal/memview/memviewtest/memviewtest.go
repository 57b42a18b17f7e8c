// Package memviewtest gives the commands' in-process tests a learnings file
// in a temporary directory and a Factory wired to buffers and a fixed clock.
package memviewtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Now is the fixed clock of every test: two days after the newest session
// of Sample.
var Now = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// Sample is a small canonical learnings file: Consolidated Learnings with a
// tally, then two sessions, newest first.
const Sample = "## Consolidated Learnings\n" +
	"\n" +
	"**User Corrections:**\n" +
	"- Run `make gen` before `go test`; generated files are not committed.\n" +
	"\n" +
	"**Documentation Seen** (compacted sessions): `README.md` (4), `docs/api.md` (2)\n" +
	"\n" +
	"---\n" +
	"\n" +
	"## Recent Sessions\n" +
	"\n" +
	"## [2026-11-22 14:05 UTC] - Retry logic for the sync client\n" +
	"**Project**: acme-sync\n" +
	"**Documentation Seen**: `README.md`, `docs/api.md#retries`\n" +
	"\n" +
	"### Learnings\n" +
	"\n" +
	"**User Corrections:**\n" +
	"- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n" +
	"\n" +
	"**Fresh Discoveries:**\n" +
	"- `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n" +
	"\n" +
	"---\n" +
	"\n" +
	"## [2026-11-20 09:00 UTC] - Docs for the billing worker\n" +
	"**Project**: billing-api\n" +
	"**Documentation Seen**: `docs/billing.md`\n" +
	"\n" +
	"### Learnings\n" +
	"\n" +
	"**Preference Clarifications:**\n" +
	"- Keep commit messages short and in the imperative mood.\n" +
	"\n" +
	"---\n"

// Env is one test's world: a project directory, its learnings file and the
// buffers a command writes to.
type Env struct {
	Dir, File string
	Out, Err  *bytes.Buffer
	Factory   *cmdutil.Factory
}

// New makes a project directory holding content as .tmp/memory-learnings.md
// (no file when content is empty).
func New(t *testing.T, content string) *Env {
	t.Helper()
	dir := t.TempDir()
	e := &Env{Dir: dir, File: filepath.Join(dir, ".tmp", "memory-learnings.md"), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	if content != "" {
		if err := os.MkdirAll(filepath.Dir(e.File), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(e.File, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e.Factory, e.Out, e.Err = Factory(dir, Now, "")
	e.Factory.FileFlag = e.File
	return e
}

// Factory is a Factory for the project in dir at the fixed time now, with
// stdin as its input and its output in the returned buffers. The learnings
// file is found the way learn finds it, from the working directory.
func Factory(dir string, now time.Time, stdin string) (f *cmdutil.Factory, out, errOut *bytes.Buffer) {
	out, errOut = &bytes.Buffer{}, &bytes.Buffer{}
	f = &cmdutil.Factory{
		IO:     &cmdutil.IO{In: strings.NewReader(stdin), Out: out, Err: errOut},
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return dir, nil },
		Now:    func() time.Time { return now },
	}
	return f, out, errOut
}

// Run executes cmd with args and returns its error, as root would see it.
func (e *Env) Run(cmd *cobra.Command, args ...string) error {
	e.Out.Reset()
	e.Err.Reset()
	return Execute(cmd, e.Factory, args...)
}

// Execute runs cmd, built from f, with args the way root runs it: errors
// are returned, not printed, and no usage is shown.
func Execute(cmd *cobra.Command, f *cmdutil.Factory, args ...string) error {
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	cmd.SetArgs(args)
	cmd.SetIn(f.IO.In)
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.Err)
	cmd.SilenceErrors = true
	cmd.SilenceUsage = true
	return cmd.Execute()
}

// Content is the learnings file now.
func (e *Env) Content(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(e.File)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
