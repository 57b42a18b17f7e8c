package learnings

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const (
	mergeMain = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen`" + ` before ` + "`go test`" + `.

---

## Recent Sessions

## [2026-11-22 14:05 CET] - Retry logic
**Project**: acme
**Documentation Seen**: ` + "`README.md`" + `

### Learnings

**Fresh Discoveries:**
- ` + "`client.Do`" + ` retries only idempotent methods.

---
`
	wtSession = `## [2026-11-24 10:00 CET] - Worktree fix
**Project**: acme-fix
**Documentation Seen**: none

### Learnings

**User Corrections:**
- Backoff must cap at 30 s.
  A note kept as written,   odd spacing and all.

**Fresh Discoveries:**
- The gateway drops idle connections at 60 s.

---
`
	sameAsMain = `## [2026-11-22 14:05 CET] - Retry logic
**Project**: acme
**Documentation Seen**: ` + "`README.md`" + `

### Learnings

**Fresh Discoveries:**
- ` + "`client.Do`" + ` retries only idempotent methods.

---
`
)

// contents lists every learning's category and content, sorted: what a
// merge must keep from both files.
func contents(d *Document) []string {
	var out []string
	for _, l := range d.Learnings() {
		out = append(out, l.Category+"|"+l.Content())
	}
	slices.Sort(out)
	return out
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name     string
		dst, src string
		sessions int // sessions in the result
		want     MergeResult
		// extra checks on the result
		contains []string
	}{
		{
			name: "no shared file yet: the worktree's file exactly", dst: "", src: mergeMain,
			sessions: 1, want: MergeResult{Sessions: 1, Consolidated: 1},
		},
		{
			name: "blank shared file", dst: "\n\n", src: "## Recent Sessions\n\n" + wtSession,
			sessions: 1, want: MergeResult{Sessions: 1},
		},
		{
			name: "a new session goes above the newest, byte for byte", dst: mergeMain, src: "## Recent Sessions\n\n" + wtSession,
			sessions: 2, want: MergeResult{Sessions: 1},
			contains: []string{"## Recent Sessions\n\n" + wtSession + "\n## [2026-11-22 14:05 CET]"},
		},
		{
			name: "the same session in both is kept once", dst: mergeMain, src: "## Recent Sessions\n\n" + wtSession + "\n" + sameAsMain,
			sessions: 2, want: MergeResult{Sessions: 1, Same: 1},
		},
		{
			name: "same header, other learnings: both kept", dst: mergeMain,
			src:      strings.Replace(sameAsMain, "retries only idempotent methods", "never retries POST", 1),
			sessions: 2, want: MergeResult{Sessions: 1},
		},
		{
			name: "consolidated learnings: new ones added, known ones once", dst: mergeMain,
			src:      "## Consolidated Learnings\n\n**User Corrections:**\n- Run `make gen` before `go test`.\n\n**New Requirements:**\n- Every endpoint needs a rate limit.\n\n---\n",
			sessions: 1, want: MergeResult{Consolidated: 1, AlreadyConsolidated: 1},
			contains: []string{"**New Requirements:**\n- Every endpoint needs a rate limit.\n"},
		},
		{
			name: "a CRLF worktree file into an LF one", dst: mergeMain,
			src:      strings.ReplaceAll("## Recent Sessions\n\n"+wtSession, "\n", "\r\n"),
			sessions: 2, want: MergeResult{Sessions: 1},
			contains: []string{wtSession},
		},
		{
			name: "into a file with only Consolidated Learnings", dst: "## Consolidated Learnings\n\n**User Corrections:**\n- Use tabs.\n\n---\n",
			src:      wtSession,
			sessions: 1, want: MergeResult{Sessions: 1},
			contains: []string{"---\n\n## Recent Sessions\n\n" + wtSession},
		},
		{
			name: "a session without its closing rule gets one", dst: mergeMain,
			src:      strings.TrimSuffix(wtSession, "---\n"),
			sessions: 2, want: MergeResult{Sessions: 1},
		},
		{
			name: "hand-written notes come along verbatim", dst: mergeMain,
			src:      wtSession + "\n## Notes\n\nAsk Dana before touching billing.\n",
			sessions: 2, want: MergeResult{Sessions: 1, Sections: 1},
			contains: []string{"## Notes\n\nAsk Dana before touching billing.\n"},
		},
		{
			name: "tallies add up", dst: strings.Replace(mergeMain, "\n---\n\n## Recent", "\n**Documentation Seen** (compacted sessions): `README.md` (2)\n\n---\n\n## Recent", 1),
			src:      "## Consolidated Learnings\n\n**Documentation Seen** (compacted sessions): `README.md` (3), `docs/api.md` (1)\n\n---\n",
			sessions: 1, want: MergeResult{},
			contains: []string{"`README.md` (5), `docs/api.md` (1)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, res, err := Merge([]byte(tt.dst), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if res.Sessions != tt.want.Sessions || res.Same != tt.want.Same || res.Consolidated != tt.want.Consolidated ||
				res.AlreadyConsolidated != tt.want.AlreadyConsolidated || res.Sections != tt.want.Sections {
				t.Errorf("result %+v, want %+v", res, tt.want)
			}
			o := Parse(out)
			if o.Unclosed != nil || len(o.Problems) > 0 || len(o.Damage) > 0 {
				t.Errorf("result does not read cleanly: %v %v\n%s", o.Problems, o.Damage, out)
			}
			if len(o.Sessions) != tt.sessions {
				t.Errorf("%d sessions, want %d:\n%s", len(o.Sessions), tt.sessions, out)
			}
			// Nothing lost: every learning of both files is in the result.
			have := contents(o)
			for _, c := range append(contents(Parse([]byte(tt.dst))), contents(Parse([]byte(tt.src)))...) {
				if !slices.Contains(have, c) {
					t.Errorf("lost %q:\n%s", c, out)
				}
			}
			for _, c := range tt.contains {
				if !strings.Contains(string(out), c) {
					t.Errorf("result lacks %q:\n%s", c, out)
				}
			}
			if strings.TrimSpace(tt.dst) == "" && string(out) != tt.src {
				t.Errorf("into an empty file the result must be the source exactly:\n%s", out)
			}
			// Merging again changes nothing (but a tally, which adds up).
			again, res2, err := Merge(out, []byte(tt.src))
			if strings.Contains(tt.src, "(compacted sessions)") {
				return
			}
			if err != nil || string(again) != string(out) || res2.Sessions != 0 || res2.Consolidated != 0 {
				t.Errorf("second merge changed the file (%+v, %v):\n%s", res2, err, again)
			}
		})
	}
}

// TestMergeKeepsDestinationBytes: without a tally to add up, every byte
// of the destination is still there, in order, around what was inserted.
func TestMergeKeepsDestinationBytes(t *testing.T) {
	dst := "---\ntitle: x\n---\nIntro by hand.\n\n" + strings.ReplaceAll(mergeMain, "- ", "*   ") + "\n## Links\n\n<!-- keep -->\n"
	out, _, err := Merge([]byte(dst), []byte("## Recent Sessions\n\n"+wtSession))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(out), wtSession)
	if i < 0 {
		t.Fatalf("session not inserted verbatim:\n%s", out)
	}
	if rest := string(out[:i]) + string(out[i+len(wtSession)+1:]); rest != dst {
		t.Errorf("destination bytes changed:\n%s", rest)
	}
}

func TestMergeRefusesUnclosed(t *testing.T) {
	for name, c := range map[string][2]string{
		"source":      {mergeMain, wtSession + "\n```go\nnever closed\n"},
		"destination": {mergeMain + "\n<!-- open\n", wtSession},
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := Merge([]byte(c[0]), []byte(c[1])); !errors.Is(err, ErrUnclosed) {
				t.Errorf("err = %v, want ErrUnclosed", err)
			}
		})
	}
}
