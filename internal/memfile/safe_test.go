package memfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memfile"
)

// TestCheckLinks puts a link at every position of the default path and
// checks which ones are refused: the verdict depends on where the last
// link of the chain finally leads, never on how it is written.
func TestCheckLinks(t *testing.T) {
	type link struct{ at, to string } // at: relative to the project; to: "$OUT" is outside
	tests := []struct {
		name    string
		links   []link
		dirs    []string
		refused string // the link named in the error, "" when allowed
		why     string
	}{
		{name: "no links"},
		{name: "file to an rc file", links: []link{{".tmp/memory-learnings.md", "$OUT/.bashrc"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "outside the project"},
		{name: "file, relative way out", links: []link{{".tmp/memory-learnings.md", "../../out/.bashrc"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "outside the project"},
		{name: "dangling file into missing folders", links: []link{{".tmp/memory-learnings.md", "$OUT/a/b/c.desktop"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "outside the project"},
		{name: ".tmp to a profile folder", links: []link{{".tmp", "$OUT"}}, refused: ".tmp", why: "outside the project"},
		{name: "dangling .tmp", links: []link{{".tmp", "$OUT/nope/deeper"}}, refused: ".tmp", why: "outside the project"},
		{name: "ring folder", links: []link{{".tmp/backups", "$OUT"}}, dirs: []string{".tmp"}, refused: ".tmp/backups", why: "outside the project"},
		{name: "spec backup", links: []link{{".tmp/memory-learnings.backup.md", "$OUT/.profile"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.backup.md", why: "outside the project"},
		{name: "lock file", links: []link{{".tmp/memory-learnings.md.lock", "$OUT/lock"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md.lock", why: "outside the project"},
		{name: "gitignore", links: []link{{".tmp/.gitignore", "$OUT/.gitignore"}}, dirs: []string{".tmp"}, refused: ".tmp/.gitignore", why: "outside the project"},
		{name: "chain in then out", links: []link{{".tmp/memory-learnings.md", "../notes.md"}, {"notes.md", "$OUT/.bashrc"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "outside the project"},
		{name: "chain through a linked folder", links: []link{{".tmp/memory-learnings.md", "../via/x.md"}, {"via", "$OUT"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "outside the project"},
		{name: "loop", links: []link{{".tmp/memory-learnings.md", "b.md"}, {".tmp/b.md", "memory-learnings.md"}}, dirs: []string{".tmp"}, refused: ".tmp/memory-learnings.md", why: "loops"},
		{name: "into .git", links: []link{{".tmp/memory-learnings.md", "../.git/hooks/post-checkout"}}, dirs: []string{".tmp", ".git/hooks"}, refused: ".tmp/memory-learnings.md", why: "inside the git directory"},
		{name: ".tmp into .git", links: []link{{".tmp", ".git"}}, dirs: []string{".git"}, refused: ".tmp", why: "inside the git directory"},
		{name: ".tmp inside the project", links: []link{{".tmp", "shared-tmp"}}, dirs: []string{"shared-tmp"}},
		{name: "dangling file inside the project", links: []link{{".tmp/memory-learnings.md", "../docs/memory.md"}}, dirs: []string{".tmp"}},
		{name: "absolute link inside the project", links: []link{{".tmp/memory-learnings.md", "$PROJ/docs/memory.md"}}, dirs: []string{".tmp", "docs"}},
		{name: "a .gitignore-like name beside is ignored", links: []link{{".tmp/unrelated", "$OUT"}}, dirs: []string{".tmp"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := realDir(t)
			proj, out := filepath.Join(base, "proj"), filepath.Join(base, "out")
			mustMkdir(t, out)
			mustMkdir(t, filepath.Join(proj, ".git"))
			for _, d := range tt.dirs {
				mustMkdir(t, filepath.Join(proj, d))
			}
			for _, l := range tt.links {
				to := strings.NewReplacer("$OUT", out, "$PROJ", proj).Replace(l.to)
				if err := os.Symlink(to, filepath.Join(proj, l.at)); err != nil {
					t.Fatal(err)
				}
			}
			// The project reached through a symlinked path is the same project.
			alias := filepath.Join(base, "alias")
			if err := os.Symlink(proj, alias); err != nil {
				t.Fatal(err)
			}
			for _, root := range []string{proj, alias} {
				loc := memfile.Locate("", "", root)
				err := memfile.CheckLinks(loc)
				if tt.refused == "" {
					if err != nil {
						t.Errorf("from %s: refused: %v", root, err)
					}
					continue
				}
				var le *memfile.LinkError
				if !errors.As(err, &le) || !errors.Is(err, memfile.ErrUnsafeLink) {
					t.Fatalf("from %s: err = %v, want a LinkError", root, err)
				}
				if le.Link != filepath.Join(root, tt.refused) || !strings.Contains(err.Error(), tt.why) {
					t.Errorf("from %s: %v\nwant link %s, %q", root, err, tt.refused, tt.why)
				}
			}
			// --file and $LEARN_FILE are taken as given.
			if err := memfile.CheckLinks(memfile.Locate(filepath.Join(proj, memfile.DefaultRel), "", proj)); err != nil {
				t.Errorf("--file checked: %v", err)
			}
			if err := memfile.CheckLinks(memfile.Locate("", filepath.Join(proj, memfile.DefaultRel), proj)); err != nil {
				t.Errorf("$LEARN_FILE checked: %v", err)
			}
		})
	}
}

func TestCheckRingDir(t *testing.T) {
	base := realDir(t)
	proj := filepath.Join(base, "proj")
	path := filepath.Join(proj, memfile.DefaultRel)
	mustMkdir(t, filepath.Dir(path))
	if err := memfile.CheckRingDir(path); err != nil {
		t.Fatalf("no ring yet: %v", err)
	}
	if err := os.Symlink(base, memfile.RingDir(path)); err != nil {
		t.Fatal(err)
	}
	if err := memfile.CheckRingDir(path); !errors.Is(err, memfile.ErrUnsafeLink) {
		t.Fatalf("err = %v, want ErrUnsafeLink", err)
	}
}
