package learnings

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
)

func TestParseSessionHeader(t *testing.T) {
	tests := []struct {
		text, stamp, focus string
		ok                 bool
	}{
		{"[2026-11-22 14:05 CET] - Focus", "2026-11-22 14:05 CET", "Focus", true},
		{"2026-11-22 14:05 CET - Focus", "2026-11-22 14:05 CET", "Focus", true},
		{"2026-11-22 14:05 CET – En dash", "2026-11-22 14:05 CET", "En dash", true},
		{"2026-11-22 14:05 CET — Em dash", "2026-11-22 14:05 CET", "Em dash", true},
		{"2026-11-22 14:05 CET: Colon", "2026-11-22 14:05 CET", "Colon", true},
		{"2026-11-22 14:05: Colon, no zone", "2026-11-22 14:05", "Colon, no zone", true},
		{"2026-11-22 14:05 - No zone", "2026-11-22 14:05", "No zone", true},
		{"2026-11-22 14:05:09 CEST - Seconds", "2026-11-22 14:05:09 CEST", "Seconds", true},
		{"2026-11-22T14:05:00.123+01:00 - ISO", "2026-11-22T14:05:00.123+01:00", "ISO", true},
		{"2026-11-22T14:05Z", "2026-11-22T14:05Z", "", true},
		{"2026-11-22 14:05 GMT+2 - Offset name", "2026-11-22 14:05 GMT+2", "Offset name", true},
		{"[2026-11-22 14:05 CET] - [Focus in brackets]", "2026-11-22 14:05 CET", "Focus in brackets", true},
		{"[ 2026-11-22 14:05 CET ] Focus", "2026-11-22 14:05 CET", "Focus", true},
		{"2026-11-22 - Date only", "2026-11-22", "Date only", true},
		{"2026-11-22 14:05 API rework", "2026-11-22 14:05", "API rework", true},
		{"[2026-11-22 14:05 CET - unclosed bracket", "2026-11-22 14:05 CET", "unclosed bracket", true},
		{"Consolidated Learnings", "", "", false},
		{"2026-1-2 - short date", "", "", false},
		{"[2026-13-01] - bad month", "", "", false},
		{"Notes 2026-11-22", "", "", false},
	}
	for _, tt := range tests {
		stamp, focus, ok := parseSessionHeader(tt.text)
		if stamp != tt.stamp || focus != tt.focus || ok != tt.ok {
			t.Errorf("parseSessionHeader(%q) = %q, %q, %v; want %q, %q, %v", tt.text, stamp, focus, ok, tt.stamp, tt.focus, tt.ok)
		}
	}
}

func TestParseStamp(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		err  bool
	}{
		{"2026-11-22 14:05 CET", time.Date(2026, 11, 22, 13, 5, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 BST", time.Date(2026, 11, 22, 13, 5, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 PST", time.Date(2026, 11, 22, 22, 5, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 +0530", time.Date(2026, 11, 22, 8, 35, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 -03", time.Date(2026, 11, 22, 17, 5, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 UTC+2", time.Date(2026, 11, 22, 12, 5, 0, 0, time.UTC), false},
		{"2026-11-22T14:05:30+01:00", time.Date(2026, 11, 22, 13, 5, 30, 0, time.UTC), false},
		{"2026-11-22T14:05Z", time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), false},
		{"2026-11-22 14:05", time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), false},
		{"2026-11-22", time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), false},
		{"2026-11-22 14:05 QQQ", time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), false},
		{"2026-11-22 24:05 CET", time.Time{}, true},
		{"2026-11-22 14:05 CET extra", time.Time{}, true},
		{"yesterday", time.Time{}, true},
		{"", time.Time{}, true},
	}
	for _, tt := range tests {
		got, err := parseStamp(tt.in)
		if (err != nil) != tt.err || !got.Equal(tt.want) {
			t.Errorf("parseStamp(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestParseLabels(t *testing.T) {
	tests := []struct {
		line string
		name string
		rest string
		ok   bool
	}{
		{"**User Corrections:**", "User Corrections", "", true},
		{"**User Corrections**:", "User Corrections", "", true},
		{"**User Corrections:** trailing", "User Corrections", " trailing", true},
		{"**Documentation Seen** (compacted sessions): `a` (1)", "Documentation Seen", " `a` (1)", true},
		{"**Fresh Discoveries**", "Fresh Discoveries", "", true},
		{"**user corrections** ", "user corrections", "", true},
		{"**Important**", "", "", false},
		{"**bold** sentence: no", "", "", false},
		{"**unclosed", "", "", false},
		{"User Corrections:", "", "", false},
	}
	for _, tt := range tests {
		name, rest, ok := parseLabel([]byte(tt.line), false)
		if string(name) != tt.name || string(rest) != tt.rest || ok != tt.ok {
			t.Errorf("parseLabel(%q) = %q, %q, %v", tt.line, name, rest, ok)
		}
	}
	for line, want := range map[string]bool{
		"User Corrections:": true, "Gotchas:": true, "Build And Test:": true,
		"Here is what I learned:": false, "note:": false, "A Very Long Title Case Label:": false,
	} {
		_, _, ok := parseLabel([]byte(line), true)
		if ok != want {
			t.Errorf("plain label %q: %v, want %v", line, ok, want)
		}
	}
}

func TestParseDocsAndTally(t *testing.T) {
	d := Parse([]byte("## Consolidated Learnings\n**Documentation Seen** (compacted sessions): `README.md` (4), `a, b.md` (2); c.md\n\n" +
		"## [2026-11-22 10:00 CET] - S\n**Documentation Seen:** `README.md`; docs/api.md#x, none\n**Project:** `acme`\n"))
	got := d.Consolidated.Tally
	if len(got) != 3 || got[0] != (DocCount{"README.md", 4}) || got[1] != (DocCount{"a, b.md", 2}) || got[2] != (DocCount{"c.md", 1}) {
		t.Errorf("tally %v", got)
	}
	s := d.Sessions[0]
	if strings.Join(s.Docs, "|") != "README.md|docs/api.md#x" || s.Project != "acme" {
		t.Errorf("docs %q project %q", s.Docs, s.Project)
	}
}

func TestParseStructure(t *testing.T) {
	tests := []struct {
		name                  string
		src                   string
		sessions, learnings   int
		sections              int
		eol                   string
		frontmatter, unclosed bool
		consolidated, recent  bool
	}{
		{name: "empty", src: "", eol: "\n"},
		{name: "setext heading is not a section", src: "Consolidated Learnings\n---\n- a\n", eol: "\n"},
		{name: "heading in fence", src: "```\n## [2026-11-22 10:00] - x\n```\n", eol: "\n"},
		{name: "heading in longer fence", src: "````\n```\n## [2026-11-22 10:00] - x\n````\n## Notes\n", sections: 1, eol: "\n"},
		{name: "heading in comment", src: "<!-- x\n## [2026-11-22 10:00] - x\n-->\n", eol: "\n"},
		{name: "indented heading", src: "    ## [2026-11-22 10:00] - x\n", eol: "\n"},
		{name: "heading indented three", src: "   ## [2026-11-22 10:00] - x\n- a\n", sessions: 1, learnings: 1, eol: "\n"},
		{name: "heading in list item", src: "- a\n  ## [2026-11-22 10:00] - x\n", eol: "\n"},
		{name: "heading in blockquote", src: "> ## [2026-11-22 10:00] - x\n", eol: "\n"},
		{name: "unclosed fence", src: "## Recent Sessions\n```\n", recent: true, unclosed: true, eol: "\n"},
		{name: "unclosed pre", src: "<pre>\n## Notes\n", unclosed: true, eol: "\n"},
		{name: "crlf", src: "## Consolidated Learnings\r\n- a\r\n", consolidated: true, learnings: 1, eol: "\r\n"},
		{name: "frontmatter", src: "---\nx: 1\n---\n## Recent Sessions\n", frontmatter: true, recent: true, eol: "\n"},
		{name: "separator is not frontmatter", src: "---\n## Recent Sessions\n---\n", recent: true, eol: "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse([]byte(tt.src))
			if len(d.Sessions) != tt.sessions || len(d.Learnings()) != tt.learnings || len(d.Sections) != tt.sections ||
				d.EOL != tt.eol || (d.Frontmatter != nil) != tt.frontmatter || (d.Unclosed != nil) != tt.unclosed ||
				(d.Consolidated != nil) != tt.consolidated || (d.Recent != nil) != tt.recent {
				t.Errorf("got:\n%s", dump(d))
			}
		})
	}
}

// TestParseHostileInput feeds shapes that break naive parsers: deep list
// nesting on one line, very long fences and lines, many unclosed openers.
func TestParseHostileInput(t *testing.T) {
	inputs := map[string]string{
		"nested markers":   "## [2026-11-22 10:00] - x\n" + strings.Repeat("1. ", 200000) + "x\n" + strings.Repeat("  - y\n", 1000),
		"long fence":       "## Recent Sessions\n" + strings.Repeat("`", 100000) + "\n## x\n" + strings.Repeat("`", 100000) + "\n",
		"many comments":    strings.Repeat("<!-- a -->\n## [2026-11-22 10:00] - x\n- y\n", 5000),
		"long line":        "## Consolidated Learnings\n- " + strings.Repeat("word ", 200000) + "\n",
		"many blank items": strings.Repeat("-\n", 50000),
		"deep indentation": "- a\n" + strings.Repeat(" ", 100000) + "b\n",
		"closing tags":     "<pre>\n" + strings.Repeat("</", 100000) + "\n</pre>\n## Notes\n",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			d := Parse([]byte(src))
			checkSpans(t, d)
			if d.Unclosed == nil {
				if _, err := d.Edit().InsertSession(goldenSession).Bytes(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func TestParseUndatedBracketedSessions(t *testing.T) {
	src := "## Recent Sessions\n\n" +
		"## [22/11/2026 10:00] - european date\n**Project**: demo\n\n### Learnings\n\n**User Corrections**\n- Learning about the yak importer.\n\n---\n\n" +
		"## [yesterday]: bad stamp\n- Another yak learning.\n\n" +
		"## [Draft] notes without a separator\n- not a session\n"
	d := Parse([]byte(src))
	type got struct {
		Stamp, Focus string
		Dated        bool
		Learnings    []string
	}
	var sessions []got
	for _, s := range d.Sessions {
		g := got{Stamp: s.Stamp, Focus: s.Focus, Dated: !s.Time.IsZero()}
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				g.Learnings = append(g.Learnings, c.Name+": "+l.Text)
			}
		}
		sessions = append(sessions, g)
	}
	want := []got{
		{Stamp: "22/11/2026 10:00", Focus: "european date", Learnings: []string{"User Corrections: Learning about the yak importer."}},
		{Stamp: "yesterday", Focus: "bad stamp", Learnings: []string{"General: Another yak learning."}},
	}
	if diff := cmp.Diff(want, sessions); diff != "" {
		t.Errorf("sessions (-want +got):\n%s", diff)
	}
	if len(d.Sections) != 1 || d.Sections[0].Title != "[Draft] notes without a separator" {
		t.Errorf("sections = %+v, want the draft heading kept as a section", d.Sections)
	}
	lines := map[int]bool{}
	for _, p := range d.Problems {
		if strings.Contains(p.Message, "could not be read") && strings.Contains(p.Message, "YYYY-MM-DD HH:MM TZ") {
			lines[p.Line] = true
		}
	}
	if !lines[3] || !lines[13] {
		t.Errorf("problems = %v, want unreadable-time problems at lines 3 and 13", d.Problems)
	}
}

// TestFieldOfAsEveryName holds fieldOf, which asks only the names that
// start with the first letter, to asking every name: on the names in
// several cases and spacings and on every line of every generator's
// memory.
func TestFieldOfAsEveryName(t *testing.T) {
	every := func(name string) field {
		name = strings.Trim(name, " *:_")
		if len(name) > 30 {
			return fieldNone
		}
		for _, fn := range fieldNames {
			if keyEquals(name, fn.key) {
				return fn.f
			}
		}
		return fieldNone
	}
	var names []string
	for _, fn := range fieldNames {
		k := fn.key
		names = append(names, k, strings.ToUpper(k), "**"+k+":**", "\t"+k, " \r\n"+k+" ", strings.ReplaceAll(k, " ", "\t "), k+"x", "x"+k, k[:len(k)-1], "_"+strings.ToUpper(k[:1])+k[1:]+"_:")
	}
	names = append(names, "", " ", "*", "\t", "::", "Documentation   Seen", "**Docs Seen**", "Project\tName", "\x00project")
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 2, Size: 64 << 10, Mode: mode})
		for line := range strings.Lines(string(src)) {
			names = append(names, line, strings.TrimLeft(line, "-#* "))
			if name, _, ok := strings.Cut(line, ":"); ok {
				names = append(names, name)
			}
		}
	}
	for _, n := range names {
		if got, want := fieldOf(n), every(n); got != want {
			t.Errorf("fieldOf(%q) = %v, asking every name %v", n, got, want)
		}
		if got, want := fieldOf([]byte(n)), every(n); got != want {
			t.Errorf("fieldOf([]byte(%q)) = %v, asking every name %v", n, got, want)
		}
	}
}
