package compact

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// teamLog writes a log as teams keep one: dated sessions holding entry
// headings, prose, inline labels, tables, code blocks and bullets.
func teamLog(r *rand.Rand, sessions int, crlf bool) string {
	var b strings.Builder
	b.WriteString("# Team log\n\nShared by the whole team.\n\n")
	for i := range sessions {
		day := fmt.Sprintf("2026-%02d-%02d", 12-i%12, 28-i%28)
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "## [%s 10:00 UTC] - Sprint %d\n**Project**: p\n\n### Learnings\n\n", day, i)
		} else {
			fmt.Fprintf(&b, "## %s — sprint %d\n\n", day, i)
		}
		for j := range 1 + r.IntN(3) {
			switch r.IntN(5) {
			case 0:
				fmt.Fprintf(&b, "### %s | area-%d | FAIL\n\nThe cache was stale after migration %d.%d.\n\n", day, j, i, j)
			case 1:
				fmt.Fprintf(&b, "**Problem:** the deploy of %d.%d hung\n**Fix:** raise the timeout\n\n", i, j)
			case 2:
				fmt.Fprintf(&b, "| step %d.%d | time |\n|---|---|\n| build | 3m |\n\n```sh\nmake gen # %d.%d\n```\n\n", i, j, i, j)
			case 3:
				b.WriteString("**Fresh Discoveries:**\n")
			}
			for k := range r.IntN(4) {
				fmt.Fprintf(&b, "- Learning %d.%d.%d: run `make gen` first.\n", i, j, k)
			}
			b.WriteString("\n")
		}
		b.WriteString("---\n\n")
	}
	if crlf {
		return strings.ReplaceAll(b.String(), "\n", "\r\n")
	}
	return b.String()
}

// TestCompactKeepsWhatItDoesNotRead: on corpus files and team logs,
// compact either refuses (ErrWouldLose, nothing written) or writes a file
// in which every non-blank line not read as a learning is still present
// and every learning still reads, the same number of times or merged.
func TestCompactKeepsWhatItDoesNotRead(t *testing.T) {
	files := map[string]string{}
	r := rand.New(rand.NewPCG(3, 21))
	for i := range 30 {
		files[fmt.Sprintf("log%d", i)] = teamLog(r, 2+r.IntN(40), i%5 == 0)
	}
	for _, dir := range []string{"../foreign/testdata/corpus", "../testdata/corpus"} {
		filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if src, err := os.ReadFile(p); err == nil {
					files[p] = string(src)
				}
			}
			return nil
		})
	}
	kept := 0
	for name, src := range files {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse([]byte(src))
			for _, keep := range []int{0, 1} {
				out, err := NewPlan(doc, Options{Keep: keep}).Apply(doc)
				if err != nil {
					if !errors.Is(err, learnings.ErrWouldLose) && doc.Writable() == nil {
						t.Fatalf("keep %d: %v", keep, err)
					}
					continue
				}
				have := map[string]int{}
				for _, l := range strings.Split(string(out), "\n") {
					have[strings.TrimSpace(l)]++
				}
				for _, u := range doc.Unread() {
					sp := u.Span()
					for i, l := range strings.Split(src[sp.Start:sp.End], "\n") {
						if l = strings.TrimSpace(l); l != "" {
							if have[l] == 0 {
								t.Fatalf("keep %d: line %d %q is gone", keep, u.Line+i, l)
							}
							have[l]--
						}
					}
				}
				after := learnings.Parse(out)
				if len(doc.Learnings()) > 0 && len(after.Learnings()) == 0 {
					t.Fatalf("keep %d: no learnings left", keep)
				}
				if learnings.UnreadLines(doc.Unread()) > 0 && strings.Contains(string(out), "## "+KeptTitle) {
					kept++
				}
			}
		})
	}
	if kept == 0 {
		t.Errorf("no file had unread text kept in %q", KeptTitle)
	}
}

func TestCompactKeptSection(t *testing.T) {
	src := "## Consolidated Learnings\n\n---\n\n## Recent Sessions\n\n" +
		"## [2026-11-22 14:05 UTC] - Deploy\n\n### Deploy hung again | FAIL\n\nThe job hung.\n\n**Fresh Discoveries:**\n- raise the timeout\n**Root cause:** a lock\n\n| a | b |\n|---|---|\n\n---\n\n" +
		"## [2026-11-21 09:00 UTC] - Build\n\n**User Corrections:**\n- run make gen\n\n---\n"
	out, _ := compactString(t, src, Options{})
	for _, want := range []string{"## " + KeptTitle, "### From session [2026-11-22 14:05 UTC] - Deploy", "### Deploy hung again | FAIL", "The job hung.", "| a | b |", "**Root cause:** a lock"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// A second compact adds to the same section.
	src2 := strings.Replace(out, "## Recent Sessions\n", "## Recent Sessions\n\n## [2026-11-23 09:00 UTC] - More\n\nA note.\n\n- a learning\n\n---\n", 1)
	out2, _ := compactString(t, src2, Options{})
	if strings.Count(out2, "## "+KeptTitle) != 1 || !strings.Contains(out2, "A note.") || !strings.Contains(out2, "The job hung.") {
		t.Errorf("second compact:\n%s", out2)
	}
	if n := learnings.UnreadLines(learnings.Parse([]byte(out2)).Unread()); n != 0 {
		t.Errorf("%d unread lines after compact: %v", n, learnings.Parse([]byte(out2)).Unread())
	}
}

// TestPlanCountsWhatItParsedOnce holds the counts a plan keeps from one
// reading (the sessions Apply's check parsed, the unread lines worked out
// once) to those of reading the document and the result again, on team
// logs full of unread lines, with and without sessions kept.
func TestPlanCountsWhatItParsedOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for i := range 12 {
		src := teamLog(r, 2+r.IntN(30), i%4 == 0)
		for _, keep := range []int{0, 1, 3} {
			t.Run(fmt.Sprintf("log%d/keep%d", i, keep), func(t *testing.T) {
				doc := learnings.Parse([]byte(src))
				p := NewPlan(doc, Options{Keep: keep})
				unread := 0
				for _, u := range doc.Unread() {
					for _, s := range p.Folded {
						if u.Kind == learnings.UnreadSession && s.Span.Line <= u.Line && u.EndLine <= s.Span.EndLine {
							unread += u.Lines
						}
					}
				}
				if got := p.UnreadFolded(); got != unread {
					t.Errorf("UnreadFolded() = %d, want %d", got, unread)
				}
				out, err := p.Apply(doc)
				if errors.Is(err, learnings.ErrWouldLose) {
					return // refused: nothing written, nothing to count
				}
				if err != nil {
					t.Fatal(err)
				}
				if got, want := p.SessionsAfter(), len(learnings.Parse(out).Sessions); got != want {
					t.Errorf("SessionsAfter() = %d, want %d (parsed again)", got, want)
				}
			})
		}
	}
}
