package learnings

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// foreignCorpus lists the memories other tools wrote, in foreign/testdata/corpus (learn import's corpus).
func foreignCorpus(t testing.TB) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir("foreign/testdata/corpus", func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil || len(paths) < 20 {
		t.Fatalf("foreign corpus: %d files, %v", len(paths), err)
	}
	return paths
}

func TestUnreadOwnFilesReadWhole(t *testing.T) {
	unread := map[string]bool{"categories.md": true, "preamble-only.md": true, "unclosed-comment.md": true,
		"unclosed-fence.md": true, "unknown-sections.md": true}
	for _, path := range corpus(t) {
		name := filepath.Base(path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			us := Parse(src).Unread()
			if unread[name] {
				if len(us) == 0 {
					t.Errorf("no unread lines reported in a file that has some")
				}
				return
			}
			if len(us) != 0 {
				t.Errorf("learn's own file reports unread lines: %v", us)
			}
			// What learn writes into it is read whole too.
			doc := Parse(src)
			out, err := doc.Edit().InsertSession(NewSession{Focus: "x", Learnings: []NewLearning{{Category: "Fresh Discoveries", Text: "a learning\n\n```sh\nmake gen\n```"}}}).Bytes()
			if err != nil {
				return
			}
			if us := Parse(out).Unread(); len(us) != 0 {
				t.Errorf("after an insert: %v", us)
			}
		})
	}
}

// TestUnreadForeignCorpus: in a memory another tool wrote, every non-blank
// line is either read as a learning or the structure around one, or lies in
// a run Unread reports; and files with list items report some.
func TestUnreadForeignCorpus(t *testing.T) {
	for _, path := range foreignCorpus(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimPrefix(path, "foreign/testdata/corpus/"), func(t *testing.T) {
			doc := Parse(src)
			us := doc.Unread()
			covered := map[int]bool{}
			for _, u := range us {
				if u.Line > u.EndLine || u.Lines <= 0 || u.Why == "" || u.Kind == "" {
					t.Errorf("malformed run %+v", u)
				}
				for i := u.Line; i <= u.EndLine; i++ {
					covered[i] = true
				}
			}
			learned := map[int]bool{}
			all := doc.Learnings()
			for _, l := range all {
				for i := l.Span.Line; i <= l.Span.EndLine; i++ {
					learned[i] = true
				}
			}
			lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
			fm := 0
			if doc.Frontmatter != nil {
				fm = doc.Frontmatter.EndLine
			}
			items := 0
			for i, text := range lines {
				num := i + 1
				s := strings.TrimSpace(text)
				if num <= fm || s == "" || strings.HasPrefix(s, "# ") || strings.HasPrefix(s, "## ") || s == "---" || strings.HasPrefix(s, "<!--") {
					continue
				}
				if strings.HasPrefix(s, "- ") && !learned[num] {
					items++
				}
				if len(all) == 0 && !covered[num] {
					t.Errorf("line %d %q is neither read nor reported", num, text)
				}
			}
			if items > 0 && len(us) == 0 {
				t.Errorf("%d list items not read and no unread lines reported", items)
			}
			if s := UnreadSummary(us); len(us) > 0 && !strings.Contains(s, "learn import --in-place") {
				t.Errorf("summary has no advice: %q", s)
			}
		})
	}
}

func TestUnreadCases(t *testing.T) {
	const own = "## Consolidated Learnings\n\n---\n\n## Recent Sessions\n\n"
	tests := []struct {
		name string
		src  string
		// want lists the first line of each run, and lines their total.
		want  []int
		lines int
	}{
		{"canonical session", own + "## [2026-11-22 14:05 CET] - Retry\n**Project**: acme\n**Documentation Seen**: `README.md`\n\n### Learnings\n\n**User Corrections:**\n- one\n  continued\n\n  ```go\n  x := 1\n  ```\n\n---\n", nil, 0},
		{"notes section in learn's file", own + "## [2026-11-22 14:05 CET] - Retry\n\n**User Corrections:**\n- one\n\n## Notes by hand\nKeep this.\n\n| a | b |\n|---|---|\n", nil, 0},
		{"list in a hand-written section of learn's file", own + "## [2026-11-22 14:05 CET] - Retry\n\n**User Corrections:**\n- one\n\n## Gotchas\n- not a learning\n- nor this\n", []int{12}, 3},
		{"title and prose above learn's file", "# Memory\n\nWritten by the team.\n\n" + own, nil, 0},
		{"text between learnings", own + "## [2026-11-22 14:05 CET] - Retry\n\n**User Corrections:**\n- one\n\nA paragraph the agent wrote.\nSecond line.\n\n- two\n", []int{12}, 2},
		{"heading that holds nothing", own + "## [2026-11-22 14:05 CET] - Retry\n\n### Fixed the login bug\nThe token expired early.\n\n**Fresh Discoveries:**\n- one\n", []int{9}, 2},
		{"text after a label", own + "## [2026-11-22 14:05 CET] - Retry\n\n**User Corrections:** always run make gen\n- one\n", []int{9}, 1},
		{"foreign flat list", "# Lessons\n\n- one\n- two\n\nSome closing words.\n", []int{3}, 3},
		{"foreign sections", "---\nname: x\n---\n# Notes\n\n## Build\nRun make.\n\n## Gotchas\n- a\n", []int{6, 9}, 4},
		{"item fields are read", own + "## [2026-11-22 14:05 CET] - Retry\n- **Project**: acme\n\n**User Corrections:**\n- one\n", nil, 0},
		{"html comment is read as nothing", own + "## [2026-11-22 14:05 CET] - Retry\n\n<!-- kept\n  by hand -->\n**User Corrections:**\n- one\n", nil, 0},
		{"crlf", strings.ReplaceAll("# Lessons\n\n- one\n- two\n", "\n", "\r\n"), []int{3}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			us := Parse([]byte(tt.src)).Unread()
			var got []int
			for _, u := range us {
				got = append(got, u.Line)
			}
			if !equalInts(got, tt.want) || UnreadLines(us) != tt.lines {
				t.Errorf("runs at %v, %d lines; want %v, %d lines\n%v", got, UnreadLines(us), tt.want, tt.lines, us)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func FuzzUnread(f *testing.F) {
	f.Add([]byte("# Lessons\n\n- one\n\n## X\ntext\n"))
	f.Add([]byte("## [2026-11-22 14:05 CET] - Retry\n### A\nx\n```\n## y\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		us := Parse(src).Unread()
		n := bytes.Count(src, []byte("\n")) + 1
		last := 0
		for _, u := range us {
			if u.Line <= last || u.EndLine < u.Line || u.EndLine > n || u.Lines < 1 || u.Lines > u.EndLine-u.Line+1 {
				t.Fatalf("bad run %+v after line %d in %d lines", u, last, n)
			}
			last = u.EndLine
		}
	})
}
