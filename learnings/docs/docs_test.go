package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// project writes files (path: content) under a temp dir and returns it.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const readme = `# Acme Sync

Acme Sync keeps folders in sync with the Acme API.

## Installation

Run ` + "`go install ./cmd/acme-sync`" + ` and put the Go bin directory on PATH.

## Development

- Generated files are not committed: run ` + "`make gen`" + ` before ` + "`go test`" + `.
- Use ` + "`go test -race ./...`" + ` in CI.
  The race detector needs cgo.

## Configuration

| key | default | meaning |
|-----|---------|---------|
| retries | 3 | how often uploads are retried |
`

const apiDoc = `---
title: API
---
# API

## Retries

The sync client retries only idempotent methods. POST requests need an
Idempotency-Key header, or the server rejects a retried request.

Backoff caps at 30 s because the gateway drops idle connections at 60 s.

### Rate limits

The API returns 429 when rate limited; wait for the Retry-After header.

` + "```go\nclient.Do(req) // retried with backoff\n```" + `

Uploads
-------

Uploads larger than 5 MB use multipart requests.
`

const agents = `# Agent guide

## Conventions

- Error messages are lower-case and wrapped with context.
- Logs go to stderr, never stdout.
`

func sampleProject(t *testing.T) string {
	return project(t, map[string]string{
		"README.md":                    readme,
		"AGENTS.md":                    agents,
		"CONTRIBUTING.md":              "# Contributing\n\nOpen a PR against main.\n",
		"docs/api.md":                  apiDoc,
		"docs/guide/testing.md":        "# Testing\n\nTests use a fake clock.\n",
		"docs/guide/notes.txt":         "not markdown",
		"docs/vendor/dep.md":           "# vendored\n",
		"docs/node_modules/pkg/doc.md": "# dependency\n",
		"docs/.drafts/wip.md":          "# draft\n",
		"node_modules/pkg/README.md":   "# not walked\n",
		"src/design.md":                "# only by reference\n",
		"lib/auth.go":                  "package auth\n\n// Login checks the password.\nfunc Login() {}\n",
	})
}

func TestDiscover(t *testing.T) {
	root := sampleProject(t)
	got, err := Discover(root, []string{
		"docs/api.md#retries", "lib/auth.go:12", "docstrings in lib/auth.ex", "missing.md",
		"../outside.md", "`src/design.md`",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"README.md", "AGENTS.md", "CONTRIBUTING.md", "docs/api.md", "lib/auth.go", "src/design.md",
		"docs/guide/testing.md"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Discover (-want +got):\n%s", diff)
	}
	if _, err := Discover(filepath.Join(root, "nope"), nil); err == nil {
		t.Error("Discover on a missing root: want an error")
	}
}

func TestDiscoverCapsCount(t *testing.T) {
	files := map[string]string{}
	for i := range MaxDocs + 20 {
		files[filepath.Join("docs", strings.Repeat("d", 1+i/50), string(rune('a'+i%26))+strings.Repeat("x", i)+".md")] = "# x\n"
	}
	files["notes/extra.md"] = "# named with --docs\n"
	got, err := Discover(project(t, files), []string{"notes/extra.md"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != MaxDocs || got[0] != "notes/extra.md" {
		t.Errorf("Discover listed %d docs starting %v, want the cap %d and the named doc first", len(got), got[:1], MaxDocs)
	}
}

func TestRefPath(t *testing.T) {
	tests := map[string]string{
		"docs/api.md#retries":       "docs/api.md",
		"lib/auth.ex:45":            "lib/auth.ex",
		"lib/auth.ex:45-60":         "lib/auth.ex",
		"lib/auth.ex:45:3":          "lib/auth.ex",
		"a:1:2:3":                   "a:1",
		"lib/auth.ex:45-":           "lib/auth.ex:45-",
		"c:/x.md":                   "c:/x.md",
		"`README.md`":               "README.md",
		"./docs//api.md":            "docs/api.md",
		"docstrings in lib/auth.ex": "",
		"https://example.com/a.md":  "",
		"../other/README.md":        "",
		"/etc/passwd":               "",
		"":                          "",
	}
	for ref, want := range tests {
		t.Run(ref, func(t *testing.T) {
			if got := RefPath(ref); got != want {
				t.Errorf("RefPath(%q) = %q, want %q", ref, got, want)
			}
		})
	}
}

// FuzzTrimLineSuffix holds trimLineSuffix to the regexp it replaces.
func FuzzTrimLineSuffix(f *testing.F) {
	re := regexp.MustCompile(`:[0-9]+(?:[-:][0-9]+)?$`)
	for _, s := range []string{"a.go:45", "a.go:45-60", "a:1:2:3", "a:", ":1", "a:1-", "a:1:", "x:12:3-4", "::1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimLineSuffix(s), re.ReplaceAllString(s, ""); got != want {
			t.Errorf("trimLineSuffix(%q) = %q, want %q", s, got, want)
		}
	})
}

func load(t *testing.T, root string) *Corpus {
	t.Helper()
	paths, err := Discover(root, []string{"lib/auth.go"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Load(root, paths)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadSplitsPassages(t *testing.T) {
	c := load(t, sampleProject(t))
	type passage struct {
		Line, EndLine int
		Heading, Text string
	}
	byPath := map[string][]passage{}
	headings := map[string][]Heading{}
	for _, d := range c.Docs {
		for _, p := range d.Passages {
			byPath[d.Path] = append(byPath[d.Path], passage{p.Line, p.EndLine, p.Heading, p.Text})
		}
		headings[d.Path] = d.Headings
	}
	wantReadme := []passage{
		{3, 3, "Acme Sync", "Acme Sync keeps folders in sync with the Acme API."},
		{7, 7, "Acme Sync > Installation", "Run `go install ./cmd/acme-sync` and put the Go bin directory on PATH."},
		{11, 11, "Acme Sync > Development", "- Generated files are not committed: run `make gen` before `go test`."},
		{12, 13, "Acme Sync > Development", "- Use `go test -race ./...` in CI.\n  The race detector needs cgo."},
		{17, 17, "Acme Sync > Configuration", "| key | default | meaning |"},
		{19, 19, "Acme Sync > Configuration", "| retries | 3 | how often uploads are retried |"},
	}
	if diff := cmp.Diff(wantReadme, byPath["README.md"]); diff != "" {
		t.Errorf("README.md passages (-want +got):\n%s", diff)
	}
	wantAPI := []passage{
		{8, 9, "API > Retries", "The sync client retries only idempotent methods. POST requests need an\nIdempotency-Key header, or the server rejects a retried request."},
		{11, 11, "API > Retries", "Backoff caps at 30 s because the gateway drops idle connections at 60 s."},
		{15, 15, "API > Retries > Rate limits", "The API returns 429 when rate limited; wait for the Retry-After header."},
		{17, 19, "API > Retries > Rate limits", "client.Do(req) // retried with backoff"},
		{24, 24, "API > Uploads", "Uploads larger than 5 MB use multipart requests."},
	}
	if diff := cmp.Diff(wantAPI, byPath["docs/api.md"]); diff != "" {
		t.Errorf("docs/api.md passages (-want +got):\n%s", diff)
	}
	wantHeadings := []Heading{
		{Title: "API", Level: 1, Line: 4, Trail: "API", End: 24},
		{Title: "Retries", Level: 2, Line: 6, Trail: "API > Retries", End: 19},
		{Title: "Rate limits", Level: 3, Line: 13, Trail: "API > Retries > Rate limits", End: 19},
		{Title: "Uploads", Level: 2, Line: 21, Trail: "API > Uploads", End: 24},
	}
	if diff := cmp.Diff(wantHeadings, headings["docs/api.md"]); diff != "" {
		t.Errorf("docs/api.md headings (-want +got):\n%s", diff)
	}
	if got := byPath["lib/auth.go"]; len(got) != 2 || got[1].Heading != "" || got[1].Line != 3 {
		t.Errorf("a source file splits into headingless paragraphs, got %+v", got)
	}
}

func TestLoadLimitsAndErrors(t *testing.T) {
	const line = "A line of documentation about nothing much.\n"
	big := strings.Repeat(line, MaxDocBytes/len(line)+100)
	root := project(t, map[string]string{"docs/big.md": big, "bin.md": "\x00\x01\x02"})
	c, err := Load(root, []string{"docs/big.md"})
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Docs[0].Lines; n != MaxDocBytes/len(line) {
		t.Errorf("read %d lines of a %d-byte file, want about %d bytes' worth", n, len(big), MaxDocBytes)
	}
	for _, p := range []string{"missing.md", "bin.md", "docs"} {
		if _, err := Load(root, []string{p}); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Load(%s) error = %v, want one naming the file", p, err)
		}
	}
}

// TestConcurrentUse: improve-docs matches learnings against one Corpus on
// several goroutines (run with -race).
func TestConcurrentUse(t *testing.T) {
	c := load(t, sampleProject(t))
	texts := []string{"Cap backoff at 30 s: the gateway drops idle connections at 60 s", "Use go test -race in CI"}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, text := range texts {
				if _, ok := c.Covered(text); !ok {
					t.Errorf("%q not covered", text)
				}
				c.Suggest(text, []string{"docs/api.md"})
			}
		})
	}
	wg.Wait()
}

func TestCovered(t *testing.T) {
	c := load(t, sampleProject(t))
	tests := []struct {
		text string
		path string
		line int
	}{
		{"Run make gen before go test; generated files aren't committed", "README.md", 11},
		{"Use go test -race in CI", "README.md", 12},
		{"POST requests need an Idempotency-Key header", "docs/api.md", 8},
		{"The sync client only retries idempotent methods", "docs/api.md", 8},
		{"Cap backoff at 30 s: the gateway drops idle connections at 60 s", "docs/api.md", 11},
		{"On 429, wait for the Retry-After header", "docs/api.md", 15},
		{"Logs go to stderr and never to stdout", "AGENTS.md", 6},
		{"Default retries for uploads is 3", "README.md", 19},
		{"Never use go test -race in CI", "", 0},
		{"Backoff caps at 60 s", "", 0},
		{"Run go vet before pushing", "", 0},
		{"The API returns 503 when overloaded", "", 0},
		{"Logs go to stdout", "", 0},
		{"Uploads larger than 10 MB use multipart requests", "", 0},
		{"Prefer squash merges for feature branches", "", 0},
		{"The race detector needs cgo and gcc", "", 0},
		{"Run make gen before go build", "", 0},
		{"Idempotency-Key header must be unique per request", "", 0},
		{"Use go test -race in CI on every PR to catch data races", "", 0},
		{"", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			m, ok := c.Covered(tt.text)
			if ok != (tt.path != "") || ok && (m.Path != tt.path || m.Line != tt.line) {
				t.Errorf("Covered = %s:%d (%.2f, %v), want %q:%d\n excerpt: %s", m.Path, m.Line, m.Score, ok, tt.path, tt.line, m.Excerpt)
			}
			if ok && (m.Excerpt == "" || m.Score < coveredThreshold || m.Score > 1) {
				t.Errorf("bad match %+v", m)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	c := load(t, sampleProject(t))
	tests := []struct {
		name, text string
		seen       []string
		want       Suggestion
	}{
		{
			"seen doc section", "Retries use jittered backoff so clients do not retry in lockstep",
			[]string{"docs/api.md#retries"},
			Suggestion{Path: "docs/api.md", Heading: "API > Retries", Line: 6, InsertAfter: 19},
		},
		{
			"best section anywhere", "Multipart uploads resume from the last acknowledged part",
			nil,
			Suggestion{Path: "docs/api.md", Heading: "API > Uploads", Line: 21, InsertAfter: 24},
		},
		{
			"seen doc without a matching section", "Prefer squash merges for feature branches",
			[]string{"README.md"},
			Suggestion{Path: "README.md", Heading: "Acme Sync > Development", Line: 9, InsertAfter: 13},
		},
		{
			"seen doc off the topic gets no new section", "Prefer squash merges for feature branches",
			[]string{"docs/api.md#retries"},
			Suggestion{Path: "AGENTS.md", Heading: "Agent guide > Conventions", Line: 3, InsertAfter: 6},
		},
		{
			"seen source file gets no new section", "Prefer squash merges for feature branches",
			[]string{"lib/auth.go:3"},
			Suggestion{Path: "AGENTS.md", Heading: "Agent guide > Conventions", Line: 3, InsertAfter: 6},
		},
		{
			"agent conventions", "Prefer squash merges for feature branches",
			nil,
			Suggestion{Path: "AGENTS.md", Heading: "Agent guide > Conventions", Line: 3, InsertAfter: 6},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Suggest(tt.text, tt.seen)
			if got.Reason == "" || !strings.Contains(got.Reason, got.Path) {
				t.Errorf("Reason %q should name the doc", got.Reason)
			}
			got.Reason = ""
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Suggest (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSuggestNewSection(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  Suggestion
	}{
		{"readme without conventions", map[string]string{"README.md": "# Tool\n\nIt syncs.\n"},
			Suggestion{Path: "README.md", InsertAfter: 3, NewSection: "Conventions"}},
		{"no docs at all", map[string]string{"main.go": "package main\n"},
			Suggestion{Path: "AGENTS.md", NewSection: "Conventions"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := load(t, project(t, tt.files)).Suggest("Prefer squash merges for feature branches", nil)
			if !strings.Contains(got.Reason, "Conventions") {
				t.Errorf("Reason %q should name the new section", got.Reason)
			}
			got.Reason = ""
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Suggest (-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzSplit(f *testing.F) {
	f.Add(readme)
	f.Add(apiDoc)
	f.Add("---\n# a\n```\nx\n")
	f.Add("a\n===\n- b\n---\n| x |\n|--|\n| y |\r\n")
	f.Fuzz(func(t *testing.T, src string) {
		d := split("doc.md", src)
		for _, p := range d.Passages {
			if p.Line < 1 || p.EndLine < p.Line || p.EndLine > d.Lines || strings.TrimSpace(p.Text) == "" {
				t.Fatalf("bad passage %+v in a %d-line doc", p, d.Lines)
			}
			if p.section >= len(d.Headings) || p.section >= 0 && d.Headings[p.section].Line > p.Line {
				t.Fatalf("passage at line %d has section %d", p.Line, p.section)
			}
		}
		for _, h := range d.Headings {
			if h.Line < 1 || h.End < h.Line || h.End > d.Lines || h.Trail == "" && h.Title != "" {
				t.Fatalf("bad heading %+v in a %d-line doc", h, d.Lines)
			}
		}
	})
}

// TestSplitBlocks checks that headings inside code and HTML blocks are not
// read as headings, that the real heading after such a block is found, and
// that each passage sits under the right heading.
func TestSplitBlocks(t *testing.T) {
	bt3, bt4, bt5 := "```", "````", "`````"
	type passage struct {
		Line    int
		Heading string
	}
	tests := []struct {
		name     string
		src      string
		headings []string // "line:trail"
		passages []passage
	}{
		{
			name: "four backticks hold a three-backtick example",
			src: "# Guide\n\nWrite fences like this:\n\n" + bt4 + "markdown\n" + bt3 + "sh\nmake test\n" + bt3 +
				"\n# Not a heading\n" + bt4 + "\n\n## Testing\n\nRun the race detector in CI.\n",
			headings: []string{"1:Guide", "12:Guide > Testing"},
			passages: []passage{{3, "Guide"}, {5, "Guide"}, {14, "Guide > Testing"}},
		},
		{
			name:     "five backticks, four inside",
			src:      "# A\n" + bt5 + "\n" + bt4 + "\n## inside\n" + bt4 + "\n" + bt5 + "\n## B\ntext\n",
			headings: []string{"1:A", "7:A > B"},
			passages: []passage{{2, "A"}, {8, "A > B"}},
		},
		{
			name:     "three backticks closed by five",
			src:      "# A\n" + bt3 + "\n# inside\n" + bt5 + "\n## B\ntext\n",
			headings: []string{"1:A", "5:A > B"},
			passages: []passage{{2, "A"}, {6, "A > B"}},
		},
		{
			name:     "tildes hold backticks and shorter tildes",
			src:      "# A\n~~~~\n" + bt3 + "\n~~~\n# inside\n~~~~\n## B\ntext\n",
			headings: []string{"1:A", "7:A > B"},
			passages: []passage{{2, "A"}, {8, "A > B"}},
		},
		{
			name:     "backticks hold tildes",
			src:      "# A\n" + bt3 + "\n~~~\n# inside\n~~~\n" + bt3 + "\n## B\ntext\n",
			headings: []string{"1:A", "7:A > B"},
			passages: []passage{{2, "A"}, {8, "A > B"}},
		},
		{
			name:     "indented code",
			src:      "# Shell\n\nExample:\n\n    # install\n    make install\n\n## Next\n\ntext\n",
			headings: []string{"1:Shell", "8:Shell > Next"},
			passages: []passage{{3, "Shell"}, {5, "Shell"}, {10, "Shell > Next"}},
		},
		{
			name:     "html block",
			src:      "# Page\n<details>\n<summary>More</summary>\n# inside\n</details>\n\n## Real\ntext\n",
			headings: []string{"1:Page", "7:Page > Real"},
			passages: []passage{{2, "Page"}, {8, "Page > Real"}},
		},
		{
			name:     "html comment across blank lines",
			src:      "# Page\n<!-- TODO\n\n## draft heading\n\n-->\n## Real\ntext\n",
			headings: []string{"1:Page", "7:Page > Real"},
			passages: []passage{{2, "Page"}, {4, "Page"}, {6, "Page"}, {8, "Page > Real"}},
		},
		{
			name:     "setext headings",
			src:      "Project\n=======\n\nIntro text.\n\nUsage\n-----\n\n- run it\n",
			headings: []string{"1:Project", "6:Project > Usage"},
			passages: []passage{{4, "Project"}, {9, "Project > Usage"}},
		},
		{
			name:     "setext underline inside a fence",
			src:      "# A\n" + bt4 + "\nTitle\n-----\n" + bt3 + "\n" + bt4 + "\nReal\n----\ntext\n",
			headings: []string{"1:A", "7:A > Real"},
			passages: []passage{{2, "A"}, {9, "A > Real"}},
		},
		{
			name:     "crlf",
			src:      "# A\r\n\r\n" + bt4 + "\r\n" + bt3 + "\r\n# inside\r\n" + bt4 + "\r\n\r\nB\r\n---\r\ntext\r\n",
			headings: []string{"1:A", "8:A > B"},
			passages: []passage{{3, "A"}, {10, "A > B"}},
		},
		{
			name:     "unclosed fence swallows the rest",
			src:      "# A\ntext\n" + bt4 + "\n" + bt3 + "\n## inside\n",
			headings: []string{"1:A"},
			passages: []passage{{2, "A"}, {3, "A"}},
		},
		{
			name:     "fence in a list item",
			src:      "# A\n- step one:\n  " + bt3 + "\n  # comment\n  " + bt3 + "\n- step two\n## B\n",
			headings: []string{"1:A", "7:A > B"},
			passages: []passage{{2, "A"}, {3, "A"}, {6, "A"}},
		},
		{
			name:     "nested list items are passages of their own",
			src:      "# A\n- macOS\n  - arm64: `x.tar.gz`\n  - x86_64: `y.tar.gz`\n- Linux\n## B\n",
			headings: []string{"1:A", "6:A > B"},
			passages: []passage{{2, "A"}, {3, "A"}, {4, "A"}, {5, "A"}},
		},
		{
			name:     "item opening with a fence",
			src:      "# A\n- ```sh\n  # not a heading\n  ```\n## B\ntext\n",
			headings: []string{"1:A", "5:A > B"},
			passages: []passage{{2, "A"}, {6, "A > B"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := split("doc.md", tt.src)
			var hs []string
			for _, h := range d.Headings {
				hs = append(hs, fmt.Sprintf("%d:%s", h.Line, h.Trail))
			}
			if diff := cmp.Diff(tt.headings, hs); diff != "" {
				t.Errorf("headings (-want +got):\n%s", diff)
			}
			var ps []passage
			for _, p := range d.Passages {
				ps = append(ps, passage{p.Line, p.Heading})
			}
			if diff := cmp.Diff(tt.passages, ps); diff != "" {
				t.Errorf("passages (-want +got):\n%s", diff)
			}
		})
	}
}
