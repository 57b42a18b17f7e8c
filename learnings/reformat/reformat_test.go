package reformat

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

func format(t *testing.T, src string) *Result {
	t.Helper()
	res, err := Format(learnings.Parse([]byte(src)))
	if err != nil {
		t.Fatalf("Format: %v", err)
	}
	return res
}

// TestCorpusIdempotent formats every file of the engine's corpus: the
// result keeps every learning (Format verifies that itself) and formatting
// it again changes nothing.
func TestCorpusIdempotent(t *testing.T) {
	files, err := filepath.Glob("../testdata/corpus/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			doc := learnings.Parse(src)
			res, err := Format(doc)
			if doc.Unclosed != nil {
				if !errors.Is(err, learnings.ErrUnclosed) {
					t.Fatalf("unclosed file: err = %v, want ErrUnclosed", err)
				}
				return
			}
			if err != nil {
				if errors.Is(err, ErrWouldLose) {
					t.Skipf("refused (acceptable, nothing written): %v", err)
				}
				t.Fatal(err)
			}
			again := format(t, string(res.Output))
			if again.Changed {
				t.Errorf("second fmt changed the file:\n%s", cmp.Diff(string(res.Output), string(again.Output)))
			}
		})
	}
}

func TestGeneratedIdempotent(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		src := memgen.Generate(seed, 64<<10)
		res := format(t, string(src))
		if again := format(t, string(res.Output)); again.Changed {
			t.Errorf("seed %d: second fmt changed the file", seed)
		}
	}
}

const older = "## [2026-11-20 09:00 UTC] - Older\n**Project**: p\n**Documentation Seen**: `README.md`\n\n### Learnings\n\n**User Corrections:**\n- Older learning.\n\n---\n"
const newer = "## [2026-11-22 14:05 UTC] - Newer\n**Project**: p\n**Documentation Seen**: `docs/api.md`\n\n### Learnings\n\n**Fresh Discoveries:**\n- Newer learning.\n\n---\n"

func TestFormat(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{
			name: "sorts sessions newest first and adds Recent Sessions",
			in:   older + "\n" + newer,
			want: "## Recent Sessions\n\n" + newer + "\n" + older,
		},
		{
			name: "canonical file unchanged",
			in:   "## Recent Sessions\n\n" + newer + "\n" + older,
			want: "## Recent Sessions\n\n" + newer + "\n" + older,
		},
		{
			name: "legacy labels and lists",
			in:   "## 2026-11-22 14:05 UTC - Newer\n**Project**: p\n**Documentation Seen**: docs/api.md\n\n### Fresh Discoveries\n1. Newer learning.\n",
			want: "## Recent Sessions\n\n" + newer,
		},
		{
			name: "hand-written sections keep their place",
			in:   "## Intro\n\nabove all\n\n" + older + "\n## Notes\n\nmine\n\n" + newer,
			want: "## Intro\n\nabove all\n\n## Recent Sessions\n\n" + newer + "\n" + older + "\n## Notes\n\nmine\n",
		},
		{
			name: "frontmatter and preamble stay on top",
			in:   "---\ntitle: x\n---\nHello.\n\n" + newer,
			want: "---\ntitle: x\n---\nHello.\n\n## Recent Sessions\n\n" + newer,
		},
		{
			name: "CRLF file stays CRLF",
			in:   strings.ReplaceAll(older+"\n"+newer, "\n", "\r\n"),
			want: strings.ReplaceAll("## Recent Sessions\n\n"+newer+"\n"+older, "\n", "\r\n"),
		},
		{
			name: "stamp without a zone kept as written",
			in:   older + "\n" + strings.Replace(newer, "2026-11-22 14:05 UTC", "2026-11-22 14:05", 1),
			want: "## Recent Sessions\n\n" + strings.Replace(newer, "2026-11-22 14:05 UTC", "2026-11-22 14:05", 1) + "\n" + older,
		},
		{
			name: "session with unreadable text kept as written",
			in:   newer + "\n" + strings.Replace(older, "- Older learning.", "- Older learning.\n\nA stray paragraph.", 1),
			want: "## Recent Sessions\n\n" + newer + "\n" + strings.Replace(older, "- Older learning.", "- Older learning.\n\nA stray paragraph.", 1),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := format(t, tt.in)
			if diff := cmp.Diff(tt.want, string(res.Output)); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
			if res.Changed != (tt.in != tt.want) {
				t.Errorf("Changed = %v", res.Changed)
			}
			if again := format(t, string(res.Output)); again.Changed {
				t.Errorf("not idempotent:\n%s", cmp.Diff(string(res.Output), string(again.Output)))
			}
		})
	}
}

func TestFormatRefuses(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want error
	}{
		{"unclosed fence", newer + "\n```go\nnever closed\n", learnings.ErrUnclosed},
		{"unclosed comment", "<!-- open\n\n" + newer, learnings.ErrUnclosed},
		{"text outside any section", "## Recent Sessions\n\nSome intro.\n\n" + newer, ErrWouldLose},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Format(learnings.Parse([]byte(tt.in)))
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// FuzzFormat checks, for any input, that Format either refuses or returns
// a file that formats to itself.
func FuzzFormat(f *testing.F) {
	f.Add(older + newer)
	f.Add("## Consolidated Learnings\n\n**User Corrections:**\n- a\n\n---\n\n" + newer)
	f.Add("# t\n\n## Notes\n\n- x\n\n" + older)
	f.Add("## [2026-11-22 14:05 UTC] - a\n- stray\n### Learnings\nnot a list\n")
	f.Fuzz(func(t *testing.T, src string) {
		res, err := Format(learnings.Parse([]byte(src)))
		if err != nil {
			return
		}
		again, err := Format(learnings.Parse(res.Output))
		if err != nil {
			t.Fatalf("formatted output refused: %v\n%q", err, res.Output)
		}
		if again.Changed {
			t.Fatalf("not idempotent:\n%s", cmp.Diff(string(res.Output), string(again.Output)))
		}
	})
}
