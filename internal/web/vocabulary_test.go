package web_test

import (
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// jsonSections reads docs/json.md: for each "### name" section, the field
// names its tables list in backticks.
func jsonSections(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	name := ""
	field := regexp.MustCompile("`([a-z_]+)`")
	for _, line := range strings.Split(string(b), "\n") {
		if h, ok := strings.CutPrefix(line, "### "); ok {
			name = strings.Trim(strings.TrimSpace(h), "`")
			continue
		}
		if name == "" || !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(line, "|")
		for _, m := range field.FindAllStringSubmatch(cells[1], -1) {
			out[name] = append(out[name], m[1])
		}
	}
	return out
}

// TestJSONVocabularyOfWrites runs the write commands and the page's actions
// with --json on a fixture and fails on a top-level field that their
// section of docs/json.md does not list: the page is the contract scripts
// read.
func TestJSONVocabularyOfWrites(t *testing.T) {
	sections := jsonSections(t)
	src := parityFixtures["consolidated and sessions"]
	doc := learnings.Parse([]byte(src))
	id := doc.Sessions[0].ID
	one := doc.Sessions[0].Categories[0].Learnings[0].ID
	check := func(section string, res map[string]any, also ...string) {
		t.Helper()
		listed, ok := sections[section]
		if !ok {
			t.Fatalf("docs/json.md has no section %q", section)
		}
		listed = append(slices.Clone(listed), also...)
		for k := range res {
			if !slices.Contains(listed, k) {
				t.Errorf("%s: field %q is not in docs/json.md's section", section, k)
			}
		}
	}
	for _, tt := range []struct {
		section string
		args    []string
		stdin   string
	}{
		{"learn forget", []string{"forget", "--dry-run", "--json", "--session", id}, ""},
		{"learn forget", []string{"forget", "--yes", "--json", "--session", id}, ""},
		{"learn forget", []string{"forget", "--yes", "--json", "--id", one, "--purge-backups"}, ""},
		{"learn forget", []string{"forget", "--yes", "--json"}, ""},
		{"learn compact", []string{"compact", "--dry-run", "--json"}, ""},
		{"learn compact", []string{"compact", "--json"}, ""},
		{"learn fmt", []string{"fmt", "--dry-run", "--json"}, ""},
		{"learn fmt", []string{"fmt", "--json"}, ""},
		{"learn summarise", []string{"summarise", "--json"}, ""},
		{"learn summarise", []string{"summarise", "-", "--json"}, "**Fresh Discoveries:**\n- The staging database is reset every Sunday at 03:00 UTC.\n- Backoff caps at 45 s.\n"},
		{"learn store", []string{"store", "--focus", "Vocabulary", "--json", "--dry-run"}, "**Fresh Discoveries:**\n- The build cache lives in .cache/build and is safe to delete.\n"},
		{"learn store", []string{"store", "--focus", "Vocabulary", "--json"}, "**Fresh Discoveries:**\n- The build cache lives in .cache/build and is safe to delete.\n- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			dir, _ := project(t, src)
			res, err := tryCLIWith(t, dir, tt.stdin, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			check(tt.section, res)
		})
	}
	t.Run("page", func(t *testing.T) {
		dir, path := project(t, src)
		p := newPage(t, dir, path)
		actions := sections["the page's POST actions"]
		check("learn compact", p.api(http.MethodGet, "/api/compact", nil))
		check("learn forget", p.api(http.MethodPost, "/api/forget", url.Values{"id": {one}}), actions...)
		check("learn forget", p.api(http.MethodPost, "/api/forget", url.Values{"id": {id}}), actions...)
		check("learn compact", p.api(http.MethodPost, "/api/compact", url.Values{}), actions...)
	})
}
