package improve

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	"github.com/learn-memory/learn/learnings/secrets"
)

// fakeCorpus covers learnings containing "documented" and suggests the
// first seen doc, else README.md.
type fakeCorpus struct{}

func (fakeCorpus) Covered(text string) (docs.Match, bool) {
	if strings.Contains(text, "documented") {
		return docs.Match{Path: "README.md", Line: 7, Heading: "Usage", Score: 0.9}, true
	}
	return docs.Match{}, false
}

func (fakeCorpus) Suggest(text string, seen []string) docs.Suggestion {
	if len(seen) > 0 {
		return docs.Suggestion{Path: docs.RefPath(seen[0]), Heading: "Notes", Line: 1, InsertAfter: 2}
	}
	return docs.Suggestion{Path: "README.md", NewSection: "Conventions"}
}

const memory = `## Consolidated Learnings

**Fresh Discoveries:**
- Consolidated discovery about the queue.

**Documentation Seen** (compacted sessions): ` + "`docs/api.md`" + ` (5), ` + "`README.md`" + ` (1)

---

## Recent Sessions

## [2026-11-22 10:00 UTC] - Newest
**Documentation Seen**: ` + "`README.md#usage`, `README.md`" + `

### Learnings

**Fresh Discoveries:**
- Retry budget lives in the gateway config.

**Preference Clarifications:**
- Likes small commits.

---

## [2026-11-21 10:00 UTC] - Older
**Documentation Seen**: ` + "`docs/api.md#auth`, `lib/auth.ex:45`" + `

### Learnings

**Fresh Discoveries:**
- Tokens expire after one hour on staging.
- This one is documented already.

**User Corrections:**
- Never log request bodies.

**Fresh Discoveries:**
- Retry budget lives in the gateway config!

---
`

// analyse is AnalyseTop with no limit.
func analyse(doc *learnings.Document, corpus Corpus) *Report {
	return AnalyseTop(doc, RankDocs(doc), corpus, 0)
}

func TestAnalyse(t *testing.T) {
	rep := analyse(learnings.Parse([]byte(memory)), fakeCorpus{})

	// Learnings counts distinct ones: the older session repeats one.
	wantDocs := []DocRank{
		{Path: "docs/api.md", Seen: 6, Refs: []string{"docs/api.md#auth", "docs/api.md"}, Learnings: 3},
		{Path: "README.md", Seen: 2, Refs: []string{"README.md#usage", "README.md"}, Learnings: 2},
		{Path: "lib/auth.ex", Seen: 1, Refs: []string{"lib/auth.ex:45"}, Learnings: 3},
	}
	if diff := cmp.Diff(wantDocs, rep.Docs); diff != "" {
		t.Errorf("doc ranking (-want +got):\n%s", diff)
	}
	if rep.Learnings != 6 || rep.Duplicates != 1 {
		t.Errorf("learnings %d, duplicates %d; want 6 and 1", rep.Learnings, rep.Duplicates)
	}
	if len(rep.Covered) != 1 || rep.Covered[0].Covered.Path != "README.md" || rep.Covered[0].Covered.Line != 7 {
		t.Errorf("covered: %+v", rep.Covered)
	}

	var got []string
	for _, it := range rep.Suggestions {
		got = append(got, it.Text)
	}
	// Category first; among the discoveries, the one whose doc was seen
	// most (docs/api.md, 6) before README.md (2), then newest first.
	want := []string{
		"Never log request bodies.",
		"Tokens expire after one hour on staging.",
		"Retry budget lives in the gateway config.",
		"Consolidated discovery about the queue.",
		"Likes small commits.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("suggestion order (-want +got):\n%s", diff)
	}
	first := rep.Suggestions[0]
	if first.Session == "" || first.Stamp != "2026-11-21 10:00 UTC" || !cmp.Equal(first.Seen, []string{"docs/api.md#auth", "lib/auth.ex:45"}) {
		t.Errorf("learning not linked to its session's docs: %+v", first)
	}
	if first.Suggestion.Path != "docs/api.md" || first.Example != "- Never log request bodies." {
		t.Errorf("suggestion %+v, example %q", first.Suggestion, first.Example)
	}
}

func TestAnalyseTop(t *testing.T) {
	doc := learnings.Parse([]byte(memory))
	all := analyse(doc, fakeCorpus{})
	for limit, want := range map[int]int{0: 0, 2: 3, 5: 0, 9: 0} {
		rep := AnalyseTop(doc, RankDocs(doc), fakeCorpus{}, limit)
		top := all.Suggestions
		if limit > 0 {
			top = top[:min(limit, len(top))]
		}
		if !reflect.DeepEqual(rep.Suggestions, top) || rep.Omitted != want || !reflect.DeepEqual(rep.Covered, all.Covered) {
			t.Errorf("AnalyseTop(%d): %d suggestions, %d omitted; want the first %d of Analyse's, %d omitted", limit, len(rep.Suggestions), rep.Omitted, len(top), want)
		}
	}
}

func TestAnalyseEmpty(t *testing.T) {
	rep := analyse(learnings.Parse(nil), fakeCorpus{})
	if rep.Learnings != 0 || len(rep.Docs) != 0 || len(rep.Suggestions) != 0 {
		t.Errorf("empty document gave %+v", rep)
	}
}

// TestSecretsAreRedacted: a key stored before learn refused secrets must not
// be suggested for pasting into the project's docs.
func TestSecretsAreRedacted(t *testing.T) {
	key := strings.Join([]string{"ghp_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8"}, "")
	src := "## Recent Sessions\n\n## [2026-11-02 10:00 UTC] - CI\n**Project**: p\n**Documentation Seen**: `README.md`\n\n### Learnings\n\n**Fresh Discoveries:**\n- The CI token is " + key + " and it rotates monthly.\n"
	rep := analyse(learnings.Parse([]byte(src)), fakeCorpus{})
	for _, it := range rep.Suggestions {
		if strings.Contains(it.Text, key) || strings.Contains(it.Example, key) {
			t.Fatalf("suggestion shows the key: %+v", it)
		}
	}
}

// TestSeenRedacted: the references a reported item shows are its session's,
// redacted, whether the item is covered or suggested and whatever the limit,
// though only the reported items' sessions are redacted.
func TestSeenRedacted(t *testing.T) {
	key := strings.Join([]string{"ghp_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8"}, "")
	refs := [][]string{
		{"README.md"},
		{"https://ci:" + key + "@git.example.com/docs/api.md", "README.md"},
		{"docs/api.md:12", "`https://ci:" + key + "@git.example.com/docs/api.md`"},
		{},
		{"https://ci:" + key + "@git.example.com/docs/api.md"},
	}
	texts := []string{
		"The sync client retries on gateway timeouts, as documented.",
		"Run the migrations before the integration tests or they hang.",
		"Set GOFLAGS=-mod=mod when the vendor directory is stale.",
		"The cache keys carry the tenant id since the March outage.",
		"Deploys to staging need the VPN up, as documented in the runbook.",
	}
	var src strings.Builder
	src.WriteString("## Recent Sessions\n")
	for i, text := range texts {
		quoted := make([]string, len(refs[i]))
		for j, r := range refs[i] {
			quoted[j] = "`" + strings.Trim(r, "`") + "`"
		}
		fmt.Fprintf(&src, "\n## [2026-11-0%d 10:00 UTC] - s%d\n**Project**: p\n", i+1, i)
		if len(quoted) > 0 {
			fmt.Fprintf(&src, "**Documentation Seen**: %s\n", strings.Join(quoted, ", "))
		}
		fmt.Fprintf(&src, "\n### Learnings\n\n**Fresh Discoveries:**\n- %s\n", text)
	}
	doc := learnings.Parse([]byte(src.String()))
	for _, limit := range []int{0, 1, 2, 20} {
		t.Run(fmt.Sprint("limit ", limit), func(t *testing.T) {
			rep := AnalyseTop(doc, RankDocs(doc), fakeCorpus{}, limit)
			if len(rep.Covered) != 2 {
				t.Fatalf("%d covered, want 2", len(rep.Covered))
			}
			for _, it := range append(append([]Item{}, rep.Covered...), rep.Suggestions...) {
				var want []string
				for _, s := range doc.Sessions {
					if s.ID == it.Session {
						want = s.Docs
					}
				}
				if len(it.Seen) != len(want) {
					t.Fatalf("item %s shows %q, want %d references", it.ID, it.Seen, len(want))
				}
				for j, r := range it.Seen {
					if strings.Contains(r, key) {
						t.Errorf("item %s shows the key: %q", it.ID, r)
					}
					if r != secrets.Redact(want[j]) {
						t.Errorf("item %s shows %q, want %q", it.ID, r, secrets.Redact(want[j]))
					}
				}
			}
		})
	}
}

// TestAnalyseParallel: the items are made on several goroutines against a
// shared corpus (run with -race); the report is the one a single CPU gives.
func TestAnalyseParallel(t *testing.T) {
	doc := learnings.Parse(memgen.Generate(3, 256<<10))
	// The README says some of the learnings, so that learnings from all
	// over the file are scored against the same passages.
	readme := append([]byte("# Project\n\n## Notes\n\n"), memgen.Learnings(2001, 40)...)
	for i, l := range doc.Learnings() {
		if i%40 == 0 && !strings.Contains(l.Text, "\n") {
			readme = append(readme, "\n"+l.Text+"\n"...)
		}
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "README.md"), readme, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(procs int) *Report {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		corpus, err := docs.Load(root, []string{"README.md"})
		if err != nil {
			t.Fatal(err)
		}
		return analyse(doc, corpus)
	}
	one, many := run(1), run(4)
	if one.Learnings < 1000 || len(one.Covered) == 0 {
		t.Fatalf("%d learnings, %d covered: too few to spread over CPUs", one.Learnings, len(one.Covered))
	}
	if !reflect.DeepEqual(one, many) {
		t.Error("the report on 4 CPUs differs from the one on 1")
	}
}

// TestAnalyseTopGenerated holds AnalyseTop, which places only the
// suggestions that may rank among the first limit, to the first limit of
// the full analysis, on memories of every generator, against docs the
// sessions read (some often, some never) and against a Corpus that is not
// *docs.Corpus.
func TestAnalyseTopGenerated(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"README.md":       "# Project\n\nRun `make gen` before `go test`.\n\n## Retries\n\nThe sync client retries idempotent calls; backoff caps at 30 s.\n",
		"docs/testing.md": "# Testing\n\n## Race detector\n\nRun the tests with -race; the cache tests need a running Redis.\n\n## Fixtures\n\nGolden files are refreshed with -update.\n",
		"docs/deploy.md":  "# Deploy\n\nThe deploy needs the staging cluster and kubectl rollout status.\n",
		"AGENTS.md":       "# Agents\n\n## Conventions\n\nKeep commits small.\n",
	}
	var paths []string
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	corpus, err := docs.Load(root, paths)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 11, Size: 200 << 10, Mode: mode}))
		for name, c := range map[string]Corpus{"docs": corpus, "fake": fakeCorpus{}} {
			all := AnalyseTop(doc, RankDocs(doc), c, 0)
			for _, limit := range []int{1, 3, 20, 64, 65, 300} {
				rep := AnalyseTop(doc, RankDocs(doc), c, limit)
				top := all.Suggestions[:min(limit, len(all.Suggestions))]
				if !reflect.DeepEqual(rep.Suggestions, top) {
					t.Errorf("%s/%s limit %d: the suggestions differ from the first %d of all of them", mode, name, limit, limit)
				}
				if want := len(all.Suggestions) - len(top); rep.Omitted != want {
					t.Errorf("%s/%s limit %d: %d omitted, want %d", mode, name, limit, rep.Omitted, want)
				}
				if !reflect.DeepEqual(rep.Covered, all.Covered) || rep.Learnings != all.Learnings || !reflect.DeepEqual(rep.Docs, all.Docs) {
					t.Errorf("%s/%s limit %d: covered, counts or docs differ", mode, name, limit)
				}
			}
		}
	}
}

// TestCleanRefOnce holds cleanRef to one reading of a reference however
// many times it is cleaned: RankDocs cleans a reference before docPath,
// which cleans it again, while entries calls docPath alone, and the two
// must name the same file for a session's count to be found.
func TestCleanRefOnce(t *testing.T) {
	for _, ref := range []string{"README.md", " `README.md` ", "`` `README.md` ``", "` docs/api.md#retries `", "`lib/auth.ex:45`", "docstrings in `lib/auth.ex`", "``", " "} {
		if once, twice := cleanRef(ref), cleanRef(cleanRef(ref)); once != twice {
			t.Errorf("cleanRef(%q) = %q, cleaned again %q", ref, once, twice)
		}
		if a, b := docPath(ref), docPath(cleanRef(ref)); a != b {
			t.Errorf("docPath(%q) = %q, after cleanRef %q", ref, a, b)
		}
	}
}
