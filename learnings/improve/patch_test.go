package improve

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInsert(t *testing.T) {
	readme := "# Tool\n\n## Install\n\nRun make.\n\n## Testing\n\n- Use go test.\n\n## License\n\nMIT\n"
	tests := []struct {
		name string
		src  []byte
		adds []Addition
		want string
	}{
		{
			name: "end of a list section by its heading line",
			src:  []byte(readme),
			adds: []Addition{{Suggestion: Placement{Path: "README.md", Heading: "Testing", Line: 7}, Text: "- Run make gen first."}},
			want: "# Tool\n\n## Install\n\nRun make.\n\n## Testing\n\n- Use go test.\n- Run make gen first.\n\n## License\n\nMIT\n",
		},
		{
			name: "section with a four-backtick fence holding a heading",
			src:  []byte("# Tool\n\n## Testing\n\n````md\n```sh\nmake\n```\n## Not a heading\n````\n\nMore.\n\n## License\n\nMIT\n"),
			adds: []Addition{{Suggestion: Placement{Heading: "Testing", Line: 3}, Text: "- Run make gen first."}},
			want: "# Tool\n\n## Testing\n\n````md\n```sh\nmake\n```\n## Not a heading\n````\n\nMore.\n\n- Run make gen first.\n\n## License\n\nMIT\n",
		},
		{
			name: "section with a tilde fence and an html comment",
			src:  []byte("## Testing\n\n~~~~\n~~~\n# inside\n~~~~\n<!--\n## draft\n-->\n## License\n"),
			adds: []Addition{{Suggestion: Placement{Heading: "Testing", Line: 1}, Text: "- X."}},
			want: "## Testing\n\n~~~~\n~~~\n# inside\n~~~~\n<!--\n## draft\n-->\n\n- X.\n\n## License\n",
		},
		{
			name: "setext section ends at the next setext heading",
			src:  []byte("Tool\n====\n\nUsage\n-----\n\nRun it.\n\nLicense\n-------\n\nMIT\n"),
			adds: []Addition{{Suggestion: Placement{Heading: "Usage", Line: 4}, Text: "- Y."}},
			want: "Tool\n====\n\nUsage\n-----\n\nRun it.\n\n- Y.\n\nLicense\n-------\n\nMIT\n",
		},
		{
			name: "after a paragraph gets a blank line before",
			src:  []byte(readme),
			adds: []Addition{{Suggestion: Placement{Path: "README.md", InsertAfter: 5}, Text: "- Needs Go 1.26."}},
			want: "# Tool\n\n## Install\n\nRun make.\n\n- Needs Go 1.26.\n\n## Testing\n\n- Use go test.\n\n## License\n\nMIT\n",
		},
		{
			name: "two additions at one place keep their order",
			src:  []byte(readme),
			adds: []Addition{
				{Suggestion: Placement{InsertAfter: 9}, Text: "- A."},
				{Suggestion: Placement{InsertAfter: 9}, Text: "- B.\n  ```sh\n  make\n  ```"},
			},
			want: "# Tool\n\n## Install\n\nRun make.\n\n## Testing\n\n- Use go test.\n- A.\n- B.\n  ```sh\n  make\n  ```\n\n## License\n\nMIT\n",
		},
		{
			name: "new section at the end",
			src:  []byte("# Tool\n\nText.\n"),
			adds: []Addition{{Suggestion: Placement{NewSection: "Gotchas"}, Text: "- Mind the cache."}},
			want: "# Tool\n\nText.\n\n## Gotchas\n\n- Mind the cache.\n",
		},
		{
			name: "new section after a file without final newline",
			src:  []byte("# Tool"),
			adds: []Addition{{Suggestion: Placement{}, Text: "- X."}},
			want: "# Tool\n\n## " + DefaultSection + "\n\n- X.\n",
		},
		{
			name: "new file gets a title",
			src:  nil,
			adds: []Addition{{Suggestion: Placement{NewSection: "Conventions"}, Text: "- Y."}},
			want: "# AGENTS\n\n## Conventions\n\n- Y.\n",
		},
		{
			name: "crlf file keeps crlf",
			src:  []byte("# T\r\n\r\n## A\r\n\r\n- a\r\n"),
			adds: []Addition{{Suggestion: Placement{Line: 3}, Text: "- b"}},
			want: "# T\r\n\r\n## A\r\n\r\n- a\r\n- b\r\n",
		},
		{
			name: "section end skips a fenced block with a heading-like line",
			src:  []byte("## A\n\n```sh\n# not a heading\n```\n\n## B\n"),
			adds: []Addition{{Suggestion: Placement{Line: 1}, Text: "- z"}},
			want: "## A\n\n```sh\n# not a heading\n```\n\n- z\n\n## B\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(Insert("AGENTS.md", tt.src, tt.adds))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Insert mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDocPath(t *testing.T) {
	tests := map[string]string{
		"README.md":                  "README.md",
		"`docs/api.md#retries`":      "docs/api.md",
		"lib/auth.ex:45":             "lib/auth.ex",
		"lib/auth.ex:45-60":          "lib/auth.ex",
		"docstrings in lib/auth.ex":  "lib/auth.ex",
		"./CONTRIBUTING.md":          "CONTRIBUTING.md",
		"":                           "",
		"see (docs/api.md)":          "docs/api.md",
		"docs in\u00a0docs/ü.md":     "docs/ü.md",
		"the\tguide  `a b.md`":       "b.md",
		"lines 4-9 of x.go:4-9":      "x.go",
		"bad \xff byte\xe2\x80 y.md": "y.md",
		"\xe2\x80\x83 z.md":          "z.md",
		"only\xffone":                "only\xffone",
	}
	for in, want := range tests {
		if got := docPath(in); got != want {
			t.Errorf("docPath(%q) = %q, want %q", in, got, want)
		}
		// docPath finds the last field in place: it is the one
		// strings.Fields lists last.
		ref := cleanRef(in)
		if fields := strings.Fields(ref); len(fields) > 0 && lastField(ref) != fields[len(fields)-1] {
			t.Errorf("lastField(%q) = %q, but strings.Fields cuts %q last", ref, lastField(ref), fields[len(fields)-1])
		}
		if fields := strings.Fields(ref); len(fields) > 1 {
			ref = strings.Trim(fields[len(fields)-1], "`()")
		}
		if got, want := docPath(in), docPath(ref); got != want {
			t.Errorf("docPath(%q) = %q, but %q of its last field as strings.Fields cuts it", in, got, want)
		}
	}
}

func TestExample(t *testing.T) {
	tests := map[string]string{
		"run `make gen` before tests":        "- Run `make gen` before tests.",
		"Backoff caps at 30 s.":              "- Backoff caps at 30 s.",
		"use this:\n```go\nx()\n```":         "- Use this:\n  ```go\n  x()\n  ```",
		"  trailing space and `code`  ":      "- Trailing space and `code`",
		"über-config lives in `conf/`":       "- über-config lives in `conf/`",
		"two paragraphs\n\nsecond paragraph": "- Two paragraphs\n\n  second paragraph",
		"spaces only\n   \n\tx":              "- Spaces only\n\n  \tx",
		"\xffbad byte":                       "- \ufffdbad byte.",
		"ok\xff":                             "- Ok\ufffd.",
		"ends with a paren (`x`)":            "- Ends with a paren (`x`)",
	}
	for in, want := range tests {
		if got := example(in); got != want {
			t.Errorf("example(%q) = %q, want %q", in, got, want)
		}
	}
}
