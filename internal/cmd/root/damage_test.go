package root

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// session renders one session with its learnings under User Corrections,
// with body lines inserted after the learnings (where damage goes).
func session(stamp, focus string, items []string, after string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## [%s] - %s\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", stamp, focus)
	for _, it := range items {
		b.WriteString("- " + it + "\n")
	}
	b.WriteString(after)
	b.WriteString("\n---\n\n")
	return b.String()
}

const consolidated = "## Consolidated Learnings\n\n**User Corrections:**\n- Run `make gen` before `go test`.\n\n---\n\n## Recent Sessions\n\n"

var codeItem = "Build the sync worker with the race detector:\n  ```sh\n  go test -race ./sync/...\n  ```"

// damagedFiles are learnings files broken the ways people and models break
// them, each with the line of the damage the reader must name.
func damagedFiles() []struct {
	name string
	src  string
	line int
} {
	a := session("2026-11-21 10:00 UTC", "Retry client", []string{"Backoff caps at 30 s.", "Idempotent methods only are retried."}, "")
	b := session("2026-11-20 10:00 UTC", "Billing", []string{"Invoices are generated at 02:00 UTC.", codeItem}, "")
	c := session("2026-11-19 10:00 UTC", "Docs", []string{"Keep commit messages short."}, "")
	head := strings.Count(consolidated, "\n") + 1
	cases := []struct {
		name string
		src  string
		line int
	}{
		// A stray fence under Recent Sessions closed by a later
		// learning's code block: the sessions between vanish.
		{"stray fence under recent sessions", consolidated + "```\n\n" + a + b + c, head},
		// A fence at the margin inside a session runs into the next
		// sessions until a learning's code block closes it.
		{"fence inside a session", consolidated + session("2026-11-21 10:00 UTC", "Retry client",
			[]string{"Backoff caps at 30 s."}, "\n```\n") + b + c, head + 8},
		{"unclosed comment", consolidated + a + "<!-- old notes, to sort out\n\n" + b + c, head + 11},
		{"comment that swallows a session", consolidated + a + "<!-- TODO\n\n" + b + "-->\n\n" + c, head + 11},
		{"unterminated fence at the end", consolidated + a + b + c + "```\n", head + 35},
		{"tilde fence", consolidated + a + "~~~\n" + b + "~~~\n\n" + c, head + 11},
		{"indented fence", consolidated + a + "   ```\n" + b + c, head + 11},
		{"session header inside a fence", consolidated + a + "```\n" + b + "```\n\n" + c, head + 11},
		{"stray learnings under recent sessions", consolidated + "**Fresh Discoveries:**\n- The queue drops messages over 256 KB.\n\n" + a + b, head},
		{"category as an H2 heading", consolidated + a + "## User Corrections\n- Never force-push main.\n\n" + b, head + 11},
		{"session header as an H3", consolidated + a + strings.Replace(b, "## [", "### [", 1) + c, head + 11},
		{"session header as an H1", consolidated + a + strings.Replace(b, "## [", "# [", 1) + c, head + 11},
		{"session header as an H4 in Consolidated", strings.Replace(consolidated, "**User Corrections:**",
			"#### [2026-11-18 09:00 UTC] - Old notes\n\n**User Corrections:**", 1) + a + b, 3},
		{"bare CR line endings", strings.ReplaceAll(consolidated+a+b+c, "\n", "\r"), 1},
		{"bare CRs in one session", consolidated + a + strings.ReplaceAll(b, "\n", "\r") + c, head + 11},
		{"fence left open in Consolidated", strings.Replace(consolidated, "---", "```\n\n---", 1) + a + b + c, 6},
		{"unclosed comment at the end", consolidated + a + b + c + "<!-- notes to sort\n- A half-written learning.\n", head + 35},
		{"file cut inside a code block", consolidated + a + b[:strings.Index(b, "go test -race")], head + 19},
		{"H2 category in Consolidated", strings.Replace(consolidated, "**User Corrections:**", "## Fresh Discoveries", 1) + a, 3},
		{"second Consolidated Learnings with items", consolidated + a + b + c + "## Consolidated Learnings\n\n**New Requirements:**\n- Every endpoint needs a request id.\n", head + 35},
		{"stray text and items above the first session", consolidated + "Notes from the retro:\n\n1. Deploys need a signed tag.\n\n" + a + b, head},
	}
	for _, c := range cases[:2] {
		cases = append(cases, struct {
			name string
			src  string
			line int
		}{c.name + " (CRLF)", strings.ReplaceAll(c.src, "\n", "\r\n"), c.line})
	}
	return cases
}

// readable is the multiset of learnings the reader finds in src.
func readable(src []byte) map[string]int {
	m := map[string]int{}
	for _, l := range learnings.Parse(src).Learnings() {
		m[similar.Canonical(l.Text)]++
	}
	return m
}

// TestDamageIsNeverSilent runs every command on each damaged file: the
// reading ones name the damage, the writing ones never lose a learning the
// reader could read (they refuse, leaving the file as it was, or keep them).
func TestDamageIsNeverSilent(t *testing.T) {
	for _, tc := range damagedFiles() {
		t.Run(tc.name, func(t *testing.T) {
			doc := learnings.Parse([]byte(tc.src))
			if len(doc.Damage) == 0 {
				t.Fatalf("no damage found in:\n%s", tc.src)
			}
			if doc.Damage[0].Line != tc.line {
				t.Errorf("damage at line %d, want %d: %s", doc.Damage[0].Line, tc.line, doc.Damage[0])
			}
			at := fmt.Sprintf(".tmp/memory-learnings.md:%d: ", tc.line)
			id := "l0000000"
			if ls := doc.Learnings(); len(ls) > 0 {
				id = ls[0].ID
			}
			for _, args := range [][]string{
				{"recall"}, {"recall", "--all"}, {"search", "retried"}, {"stats"}, {"summarise"}, {"lint"},
				{"show", id}, {"improve-docs"},
			} {
				e, err := run(t, tc.src, args...)
				if !strings.Contains(e.Err.String(), at) && !strings.Contains(e.Out.String(), at) {
					t.Fatalf("%v (err %v) does not name %q:\nstdout:\n%s\nstderr:\n%s", args, err, at, e.Out, e.Err)
				}
				if args[0] == "recall" && !strings.Contains(e.Out.String(), "Tell the user") {
					t.Errorf("recall's output does not tell the agent:\n%s", e.Out)
				}
				if args[0] == "lint" {
					if cmdutil.ExitCode(err) != 1 {
						t.Errorf("lint exit %d, want 1", cmdutil.ExitCode(err))
					}
					if n := strings.Count(e.Out.String(), "text outside"); n > 1 {
						t.Errorf("lint reports %d lines of text outside, not the cause:\n%s", n, e.Out)
					}
				}
				if args[0] == "stats" && !strings.Contains(e.Out.String(), "Problems:") {
					t.Errorf("stats does not count the damage:\n%s", e.Out)
				}
			}
			e, _ := run(t, tc.src, "doctor")
			if !strings.Contains(e.Out.String(), "FAIL  learnings file") {
				t.Errorf("doctor does not fail on the damage:\n%s", e.Out)
			}

			for _, args := range [][]string{
				{"compact"}, {"fmt"}, {"forget", "--match", "Keep commit messages", "--yes"},
				{"forget", "--category", "User Corrections", "--yes"}, {"store", "--focus", "new", "--correction", "Deploys need a tag."},
			} {
				e, err := run(t, tc.src, args...)
				after := []byte(e.Content(t))
				if err != nil {
					if !bytes.Equal(after, []byte(tc.src)) {
						t.Errorf("%v failed (%v) but changed the file", args, err)
					}
					t.Logf("%v refused: %v", args, err)
					if !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "nothing matches") {
						t.Errorf("%v refused without naming a line: %v", args, err)
					}
					continue
				}
				t.Logf("%v wrote the file", args)
				if args[0] == "fmt" {
					t.Errorf("fmt rewrote a damaged file")
				}
				before, got := readable([]byte(tc.src)), readable(after)
				for text, n := range before {
					meant := args[0] == "forget" && (strings.Contains(text, "keep commit messages") || args[1] == "--category")
					if got[text] < n && !meant {
						t.Errorf("%v lost %q:\n%s", args, text, after)
					}
				}
			}
		})
	}
}

func run(t *testing.T, src string, args ...string) (*memviewtest.Env, error) {
	t.Helper()
	e := memviewtest.New(t, src)
	if err := os.WriteFile(e.Dir+"/README.md", []byte("# acme\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.Factory.IO.In = strings.NewReader("")
	e.Out.Reset()
	e.Err.Reset()
	err := memviewtest.Execute(NewCmdRoot(e.Factory), e.Factory, append(append([]string{}, args...), "--file", e.File)...)
	return e, err
}

// TestOddButSoundFiles runs every command on files written in ways the
// reader must take in its stride (a byte-order mark, CRLF, closed comments,
// a preamble, frontmatter, no separators): no damage is reported and no
// command loses a learning.
func TestOddButSoundFiles(t *testing.T) {
	a := session("2026-11-21 10:00 UTC", "Retry client", []string{"Backoff caps at 30 s.", "Idempotent methods only are retried."}, "")
	b := session("2026-11-20 10:00 UTC", "Billing", []string{"Invoices are generated at 02:00 UTC.", codeItem}, "")
	whole := consolidated + a + b
	for _, tc := range []struct{ name, src string }{
		{"byte-order mark", "\ufeff" + whole},
		{"CRLF", strings.ReplaceAll(whole, "\n", "\r\n")},
		{"byte-order mark and CRLF", "\ufeff" + strings.ReplaceAll(whole, "\n", "\r\n")},
		{"closed comment between items", strings.Replace(whole, "- Idempotent", "<!-- reviewed 2026-11 -->\n- Idempotent", 1)},
		{"closed multi-line comment", strings.Replace(whole, "## [2026-11-20", "<!--\nold notes\n-->\n\n## [2026-11-20", 1)},
		{"preamble", "# Memory\n\nWhat the agent learnt in this repo.\n\n" + whole},
		{"frontmatter", "---\ntitle: memory\n---\n" + whole},
		{"no separators", strings.ReplaceAll(whole, "---\n", "")},
		{"final line without newline", strings.TrimRight(whole, "\n")},
		{"stray CR inside a sentence", strings.Replace(whole, "caps at 30 s.", "caps at\r30 s.", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := learnings.Parse([]byte(tc.src))
			if len(doc.Damage) > 0 || doc.Unclosed != nil {
				t.Fatalf("damage reported in a sound file: %v %v", doc.Damage, doc.Unclosed)
			}
			if n := len(doc.Learnings()); n != 5 {
				t.Fatalf("read %d learnings, want 5", n)
			}
			for _, args := range [][]string{{"recall"}, {"lint"}, {"stats"}, {"search", "retried"}, {"summarise"}} {
				e, err := run(t, tc.src, args...)
				if strings.Contains(e.Err.String(), "could not be read") || (args[0] == "lint" && err != nil) {
					t.Errorf("%v reports damage in a sound file (%v):\n%s%s", args, err, e.Out, e.Err)
				}
			}
			for _, args := range [][]string{{"compact"}, {"fmt"}, {"store", "--focus", "new", "--correction", "Deploys need a tag."}} {
				e, err := run(t, tc.src, args...)
				if err != nil {
					t.Errorf("%v failed on a sound file: %v\n%s", args, err, e.Err)
					continue
				}
				before, after := readable([]byte(tc.src)), readable([]byte(e.Content(t)))
				for text, n := range before {
					if after[text] < n {
						t.Errorf("%v lost %q:\n%s", args, text, e.Content(t))
					}
				}
			}
		})
	}
}

// TestProblemsNameTheirLine runs the reading commands on files with smaller
// trouble (a repeated section heading, a session header cut short, text
// after the last section, NUL bytes): recall, lint and doctor name the
// line, stats counts it, and no write loses a learning.
func TestProblemsNameTheirLine(t *testing.T) {
	a := session("2026-11-21 10:00 UTC", "Retry client", []string{"Backoff caps at 30 s.", "Idempotent methods only are retried."}, "")
	b := session("2026-11-20 10:00 UTC", "Billing", []string{"Invoices are generated at 02:00 UTC."}, "")
	head := strings.Count(consolidated, "\n") + 1
	for _, tc := range []struct {
		name string
		src  string
		line int
	}{
		{"second Consolidated Learnings without items", consolidated + a + b + "## Consolidated Learnings\n\nTo be sorted.\n", head + 21},
		{"second Recent Sessions", consolidated + a + "## Recent Sessions\n\n" + b, head + 11},
		{"session header cut short", consolidated + a + "## [2026-11-2", head + 11},
		{"text after the last section", consolidated + a + b + "Some notes I wrote at the end.\n", head + 21},
		{"NUL bytes", consolidated + a + strings.Replace(b, "Invoices", "Inv\x00\x00oices", 1), head + 17},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := fmt.Sprintf(":%d", tc.line)
			for _, args := range [][]string{{"recall"}, {"lint"}, {"doctor"}, {"stats"}} {
				e, err := run(t, tc.src, args...)
				if args[0] == "stats" {
					if err == nil && !strings.Contains(e.Out.String(), "Problems:") {
						t.Errorf("stats does not count the problem:\n%s", e.Out)
					}
					continue
				}
				said := e.Err.String() + e.Out.String()
				if err != nil {
					said += err.Error()
				}
				if !strings.Contains(said, at) && !strings.Contains(said, fmt.Sprintf("line %d", tc.line)) {
					t.Errorf("%v (err %v) does not name line %d:\nstdout:\n%s\nstderr:\n%s", args, err, tc.line, e.Out, e.Err)
				}
			}
			for _, args := range [][]string{{"compact"}, {"fmt"}, {"store", "--focus", "new", "--correction", "Deploys need a tag."}} {
				e, err := run(t, tc.src, args...)
				if err != nil {
					if e.Content(t) != tc.src {
						t.Errorf("%v failed (%v) but changed the file", args, err)
					}
					continue
				}
				before, after := readable([]byte(tc.src)), readable([]byte(e.Content(t)))
				for text, n := range before {
					if after[text] < n {
						t.Errorf("%v lost %q:\n%s", args, text, e.Content(t))
					}
				}
			}
		})
	}
}
