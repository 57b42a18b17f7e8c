package learnings

import (
	"os"
	"path/filepath"
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
			if err := e.verifyKept(out); err != nil {
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
