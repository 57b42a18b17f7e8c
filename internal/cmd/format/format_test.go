package format

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

// legacy is the sample written the way the prompt-only commands wrote it:
// sessions out of order, above Consolidated, with heading categories.
const legacy = "## [2026-11-20 09:00 UTC] - Docs for the billing worker\n" +
	"**Project**: billing-api\n" +
	"**Documentation Seen**: docs/billing.md\n" +
	"\n" +
	"### Preference Clarifications\n" +
	"1. Keep commit messages short and in the imperative mood.\n" +
	"\n" +
	"## [2026-11-22 14:05 UTC] - Retry logic for the sync client\n" +
	"**Project**: acme-sync\n" +
	"**Documentation Seen**: README.md, docs/api.md#retries\n" +
	"\n" +
	"### User Corrections\n" +
	"- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n" +
	"\n" +
	"### Fresh Discoveries\n" +
	"- `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n" +
	"\n" +
	"## Consolidated Learnings\n" +
	"\n" +
	"**User Corrections:**\n" +
	"- Run `make gen` before `go test`; generated files are not committed.\n" +
	"\n" +
	"**Documentation Seen** (compacted sessions): `README.md` (4), `docs/api.md` (2)\n"

func TestFmtWritesCanonicalFormWithBackup(t *testing.T) {
	e := memviewtest.New(t, legacy)
	if err := e.Run(NewCmdFmt(e.Factory, nil)); err != nil {
		t.Fatal(err)
	}
	if got := e.Content(t); got != memviewtest.Sample {
		t.Errorf("formatted file:\n%s\nwant:\n%s", got, memviewtest.Sample)
	}
	out := e.Out.String()
	for _, w := range []string{"Formatted .tmp/memory-learnings.md (2 sessions, 4 learnings; sessions sorted newest first).", "learn undo puts the old file back"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	backups, err := memfile.Backups(e.File)
	if err != nil || len(backups) != 1 {
		t.Fatalf("backups = %v, %v; want one", backups, err)
	}
	if b, _ := os.ReadFile(backups[0].Path); string(b) != legacy {
		t.Errorf("backup does not hold the original file")
	}

	// Idempotent: a second fmt changes nothing and makes no backup.
	if err := e.Run(NewCmdFmt(e.Factory, nil)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Out.String(), "already formatted") || e.Content(t) != memviewtest.Sample {
		t.Errorf("second fmt: %s", e.Out)
	}
	if backups, _ := memfile.Backups(e.File); len(backups) != 1 {
		t.Errorf("second fmt made a backup")
	}
}

func TestFmtCheck(t *testing.T) {
	e := memviewtest.New(t, legacy)
	err := e.Run(NewCmdFmt(e.Factory, nil), "--check")
	if cmdutil.ExitCode(err) != 1 || !strings.Contains(e.Out.String(), "is not formatted") {
		t.Errorf("check on legacy: err %v, out %q", err, e.Out)
	}
	if e.Content(t) != legacy {
		t.Error("--check wrote the file")
	}
	e = memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdFmt(e.Factory, nil), "--check"); err != nil {
		t.Errorf("check on canonical: %v", err)
	}
}

func TestFmtDryRun(t *testing.T) {
	e := memviewtest.New(t, legacy)
	if err := e.Run(NewCmdFmt(e.Factory, nil), "--dry-run"); err != nil {
		t.Fatal(err)
	}
	out := e.Out.String()
	for _, w := range []string{"--- a/.tmp/memory-learnings.md\n+++ b/.tmp/memory-learnings.md\n@@ ", "+## Recent Sessions", "-### Preference Clarifications"} {
		if !strings.Contains(out, w) {
			t.Errorf("diff lacks %q:\n%s", w, out)
		}
	}
	if e.Content(t) != legacy {
		t.Error("--dry-run wrote the file")
	}
	if backups, _ := memfile.Backups(e.File); len(backups) != 0 {
		t.Error("--dry-run made a backup")
	}
}

func TestFmtRefusesUnclosed(t *testing.T) {
	src := memviewtest.Sample + "\n```sh\nnever closed\n"
	e := memviewtest.New(t, src)
	err := e.Run(NewCmdFmt(e.Factory, nil))
	if err == nil || cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), "line 37") {
		t.Fatalf("err = %v, want a refusal naming line 37", err)
	}
	if e.Content(t) != src {
		t.Error("refused fmt changed the file")
	}
}

func TestFmtJSONAndMissing(t *testing.T) {
	e := memviewtest.New(t, "")
	if err := e.Run(NewCmdFmt(e.Factory, nil)); err != nil || !strings.Contains(e.Out.String(), "does not exist yet") {
		t.Errorf("missing file: %v %q", err, e.Out)
	}
	if _, err := os.Stat(e.File); err == nil {
		t.Error("fmt created the file")
	}
	e = memviewtest.New(t, legacy)
	if err := e.Run(NewCmdFmt(e.Factory, nil), "--json"); err != nil {
		t.Fatal(err)
	}
	var rep ops.FmtResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Written || !rep.Sorted || rep.Backup == nil || rep.Backup.Ring == "" || rep.Learnings != 4 {
		t.Errorf("report = %+v", rep)
	}
}

func TestFmtFlagsConflict(t *testing.T) {
	e := memviewtest.New(t, legacy)
	if err := e.Run(NewCmdFmt(e.Factory, nil), "--check", "--dry-run"); cmdutil.ExitCode(err) != 2 {
		t.Errorf("err = %v, want usage error", err)
	}
}
