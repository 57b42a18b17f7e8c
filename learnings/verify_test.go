package learnings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestVerifyInsertedAgreesWithFullCheck inserts sessions into generated and
// hand-written files and checks that whenever the local check of an insert
// accepts, the whole result reads as the old file's learnings plus the new
// ones, as verifyKept would have checked.
func TestVerifyInsertedAgreesWithFullCheck(t *testing.T) {
	files := map[string][]byte{}
	for seed := int64(1); seed <= 6; seed++ {
		files["gen-lf-"+string(rune('0'+seed))] = memgen.GenerateWith(memgen.Options{Seed: seed, Size: 40 << 10})
		files["gen-crlf-"+string(rune('0'+seed))] = memgen.GenerateWith(memgen.Options{Seed: seed, Size: 30 << 10, CRLF: true})
	}
	golden, _ := filepath.Glob("testdata/*.md")
	for _, p := range golden {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	inputs := []NewSession{
		newSession("plain", "User Corrections|Deploys need a signed tag."),
		newSession("code", "Fresh Discoveries|Run it like this:\n\n```sh\nmake gen\n## not a header\n```", "Custom|more"),
		newSession("list", "New Requirements|- nested dash", "Updated Conventions|Use `--flag`.\n  continued"),
		newSession("html", "Fresh Discoveries|<!-- a comment --> then text", "User Corrections|**bold** and _em_"),
	}
	fast := 0
	for name, src := range files {
		d := Parse(src)
		for _, in := range inputs {
			e := d.Edit().InsertSession(in)
			out, err := e.Bytes()
			if err != nil {
				continue
			}
			if !e.verifyInserted(out) {
				continue
			}
			fast++
			if err := e.verifyKept(parse(out, false)); err != nil {
				t.Errorf("%s, %s: the local check accepted an insert the full check refuses: %v", name, in.Focus, err)
			}
			if got, want := len(Parse(out).Learnings()), len(d.Learnings())+len(in.Learnings); got != want {
				t.Errorf("%s, %s: %d learnings after the insert, want %d", name, in.Focus, got, want)
			}
		}
	}
	if fast == 0 {
		t.Fatal("the local check never applied: the test checks nothing")
	}
	t.Logf("%d inserts verified locally", fast)
}

// TestVerifyKeptNamesTheLoss gives verifyKept outputs that keep, lose or
// reword the learnings of a file with a repeated learning, after an edit
// that removes one session and adds another, and checks the verdict and
// the line or text it names.
func TestVerifyKeptNamesTheLoss(t *testing.T) {
	src := "## Recent Sessions\n\n" +
		"## [2026-11-22 10:00 CET] - One\n\n**User Corrections:**\n- Deploys need a signed tag.\n- Run make gen first.\n\n---\n\n" +
		"## [2026-11-21 10:00 CET] - Two\n\n**Fresh Discoveries:**\n- Run make gen first.\n- The cache lives in /var/cache/app.\n\n---\n\n" +
		"## [2026-11-20 10:00 CET] - Gone\n\n**Fresh Discoveries:**\n- Only the removed session says this.\n\n---\n"
	kept := "## Recent Sessions\n\n" +
		"## [2026-11-23 09:30 CET] - New\n\n**User Corrections:**\n- Backups run nightly.\n\n---\n\n" +
		"## [2026-11-22 10:00 CET] - One\n\n**User Corrections:**\n- Deploys need a signed tag.\n- Run make gen first.\n\n---\n\n" +
		"## [2026-11-21 10:00 CET] - Two\n\n**Fresh Discoveries:**\n- Run make gen first.\n- The cache lives in /var/cache/app.\n\n---\n"
	for _, tt := range []struct {
		name string
		out  string
		want string // "" for no error, else a part of the message
	}{
		{"all kept", kept, ""},
		{"reworded in case and spacing", strings.Replace(kept, "- Deploys need a signed tag.", "- deploys  need a Signed tag.", 1), ""},
		{"one of two copies lost: the first line", strings.Replace(kept, "- Run make gen first.\n\n---\n\n## [2026-11-21", "\n---\n\n## [2026-11-21", 1), "learning at line 7 "},
		{"a single learning lost", strings.Replace(kept, "- The cache lives in /var/cache/app.\n", "", 1), "learning at line 15 "},
		{"the added learning lost", strings.Replace(kept, "- Backups run nightly.\n", "", 1), `the new learning "backups run nightly`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse([]byte(src))
			e := d.Edit().InsertSession(newSession("New", "User Corrections|Backups run nightly.")).RemoveSession(d.Sessions[2])
			err := e.verifyKept(parse([]byte(tt.out), false))
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("verifyKept refused: %v", err)
			case tt.want != "" && (err == nil || !errors.Is(err, ErrWouldLose) || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("verifyKept = %v, want ErrWouldLose naming %q", err, tt.want)
			}
		})
	}
}

// TestVerifyKeptInOrderWithKeep holds compact's edits to verifyKept's
// in-order path: replacing Consolidated and removing every session, or
// all but the newest, leaves the learnings wanted in the order listed.
func TestVerifyKeptInOrderWithKeep(t *testing.T) {
	d := Parse(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 40 << 10}))
	if len(d.Sessions) < 4 || d.Consolidated == nil {
		t.Fatalf("%d sessions, Consolidated %v: want a memory with both", len(d.Sessions), d.Consolidated != nil)
	}
	for _, keep := range []int{0, 1, 3} {
		e := d.Edit().SetConsolidated([]NewLearning{{Category: "User Corrections", Text: "Consolidated one."}, {Category: "Fresh Discoveries", Text: "Consolidated two."}}, nil)
		for _, s := range d.Sessions[keep:] {
			e.RemoveSession(s)
		}
		if _, err := e.Bytes(); err != nil {
			t.Fatalf("keep %d: %v", keep, err)
		}
		if !e.keptInOrder {
			t.Errorf("keep %d: verifyKept took the map, not the in-order path", keep)
		}
	}
}
