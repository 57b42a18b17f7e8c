package undo

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

const edited = "## Recent Sessions\n\n## [2026-11-23 10:00 UTC] - Later\n**Project**: p\n**Documentation Seen**: none\n\n### Learnings\n\n**User Corrections:**\n- A later learning.\n\n---\n"

func TestUndoRestoresAndCanBeUndone(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	if _, err := memfile.Backup(e.File, []byte(memviewtest.Sample), memviewtest.Now); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e.File, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Run(NewCmdUndo(e.Factory, nil)); err != nil {
		t.Fatal(err)
	}
	if e.Content(t) != memviewtest.Sample {
		t.Fatalf("undo did not restore the backup:\n%s", e.Content(t))
	}
	out := e.Out.String()
	for _, w := range []string{"Restored .tmp/memory-learnings.md from the backup of ", "Now: 2 sessions, 4 learnings (before the undo: 1 session, 1 learning;",
		"The file before the undo is kept as a backup: run learn undo again"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	time.Sleep(2 * time.Millisecond) // ring copies are named to the millisecond
	if err := e.Run(NewCmdUndo(e.Factory, nil)); err != nil {
		t.Fatal(err)
	}
	if e.Content(t) != edited {
		t.Fatalf("second undo did not undo the first:\n%s", e.Content(t))
	}
}

func TestUndoNothing(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	err := e.Run(NewCmdUndo(e.Factory, nil))
	if cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), "nothing to undo") {
		t.Errorf("err = %v, want nothing to undo", err)
	}
	if _, err := memfile.Backup(e.File, []byte(memviewtest.Sample), memviewtest.Now); err != nil {
		t.Fatal(err)
	}
	err = e.Run(NewCmdUndo(e.Factory, nil))
	if cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), "would not change it") {
		t.Errorf("err = %v, want nothing to undo", err)
	}
}

func TestUndoList(t *testing.T) {
	e := memviewtest.New(t, edited)
	if err := e.Run(NewCmdUndo(e.Factory, nil), "--list"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Out.String(), "No backups yet") {
		t.Errorf("empty list: %s", e.Out)
	}
	for i, content := range []string{memviewtest.Sample, edited} {
		if _, err := memfile.Backup(e.File, []byte(content), memviewtest.Now.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Run(NewCmdUndo(e.Factory, nil), "--list"); err != nil {
		t.Fatal(err)
	}
	out := e.Out.String()
	for _, w := range []string{"Now:  .tmp/memory-learnings.md, ", "1 session, 1 learning",
		"   1  2026-11-24 10:01:00 ", "   2  2026-11-24 10:00:00 ", "2 sessions, 4 learnings  .tmp/backups/memory-learnings."} {
		if !strings.Contains(out, w) {
			t.Errorf("list lacks %q:\n%s", w, out)
		}
	}
	if err := e.Run(NewCmdUndo(e.Factory, nil), "--list", "--json"); err != nil {
		t.Fatal(err)
	}
	var rep ops.UndoListResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Backups) != 2 || rep.Backups[1].Learnings != 4 || rep.Current.Sessions != 1 {
		t.Errorf("report = %+v", rep)
	}
	if e.Content(t) != edited {
		t.Error("--list changed the file")
	}
}
