package ops

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// unsafeText is what sanitize.Text neutralises and no result may carry:
// C0 controls but newline and tab, DEL, C1 controls, bidi embeddings,
// overrides and isolates.
var unsafeText = regexp.MustCompile("[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069]")

// TestResultsNeutraliseText holds every operation's result, the JSON every
// front end (--json, the MCP tools, learn serve) gets, to what the text
// report shows: no bidi override or escape from the file (a learning, a
// custom category, a session's focus and documents) or from the input (a
// candidate, a focus, a project, --docs) reaches any of its strings.
func TestResultsNeutraliseText(t *testing.T) {
	const b, e = "\u202e", "\x1b]0;title\x07"
	mem := "## Consolidated Learnings\n\n**Deploy" + b + " Notes" + e + ":**\n- Consolidated: the worker pool caps at 8 threads" + e + " by default.\n\n" +
		"**Documentation Seen** (compacted sessions): `docs/po" + b + "ol.md` (2)\n\n---\n\n## Recent Sessions\n\n" +
		"## [2026-11-20 10:00 UTC] - Worker" + b + " pool tuning" + e + "\n**Project**: acme" + b + e + "\n**Documentation Seen**: `docs/wor" + b + "ker.md`, `README.md`\n\n" +
		"### Learnings\n\n**User Corrections:**\n- The worker pool size" + b + " must stay at 4 on staging" + e + "; the database allows 20 connections.\n" +
		"- Retry" + b + " uploads three times before giving up" + e + ".\n\n**Release" + b + " Steps:**\n- Tag the worker release after the staging soak" + e + ".\n\n---\n"
	cands := "**Release" + b + " Steps:**\n- The worker pool size must stay at 6 on staging" + e + "; the database allows 20 connections.\n" +
		"- Retry" + b + " uploads three times before giving up" + e + ".\n- Something new about the frobnicator" + b + e + " queue.\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "memory.md")
	if err := os.WriteFile(path, []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# Acme\n\nThe worker pool is tuned per environment.\n\n## Que"+b+"ues"+e+"\n\nThe frobnicator"+b+e+" queue drains every night at two and keeps a dead letter box.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lessons := []byte("# Lessons\n\n## 2026-10-01 Queue" + b + " work" + e + "\n\n- The billing" + b + " queue retries each message five times" + e + " before parking it.\n")
	m := &Memory{Path: path, Display: "memory.md", Root: dir, Reason: "--file",
		Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }}
	results := map[string]func() (any, error){
		"recall": func() (any, error) { return Recall(m, RecallOptions{All: true}) },
		"recall task": func() (any, error) {
			return Recall(m, RecallOptions{MaxChars: 2000, Work: Work{Task: "tune the worker pool"}})
		},
		"search":      func() (any, error) { return Search(m, SearchOptions{Query: "worker"}) },
		"search list": func() (any, error) { return Search(m, SearchOptions{Category: "Release" + b + " Steps"}) },
		"lint":        func() (any, error) { return Lint(m, LintOptions{}) },
		"stats":       func() (any, error) { return Stats(m, StatsOptions{}) },
		"improve":     func() (any, error) { return ImproveDocs(m, ImproveDocsOptions{}) },
		"baseline":    func() (any, error) { return Summarise(m, SummariseOptions{}) },
		"check":       func() (any, error) { return Summarise(m, SummariseOptions{Candidates: []byte(cands)}) },
		"check documented": func() (any, error) {
			res, err := Summarise(m, SummariseOptions{Candidates: []byte("- The frobnicator queue drains every night at two and keeps a dead letter box.\n")})
			if err == nil && (res.Check == nil || len(res.Check.Verdicts) != 1 || res.Check.Verdicts[0].DocumentedIn == nil) {
				t.Errorf("the candidate the README states was not found documented: %+v", res.Check)
			}
			return res, err
		},
		"import": func() (any, error) {
			return Import(m, ImportOptions{DryRun: true, Sources: []ImportSource{{Path: filepath.Join(dir, "tasks", "lessons.md"), Display: "tasks/lessons" + b + ".md", Data: lessons}}})
		},
		"store": func() (any, error) {
			return Store(m, StoreOptions{DryRun: true, Focus: "fo" + b + "cus" + e, Project: "p" + e, Docs: []string{"docs/a" + b + ".md"}, Source: []byte(cands)})
		},
	}
	if _, err := Search(m, SearchOptions{Category: "Releases"}); err == nil || unsafeText.MatchString(err.Error()) {
		t.Errorf("search --category Releases: %v, want an error naming the file's categories neutralised", err)
	}
	for name, run := range results {
		t.Run(name, func(t *testing.T) {
			res, err := run()
			if err != nil {
				t.Fatal(err)
			}
			checkStrings(t, res)
		})
	}
	search, err := Search(m, SearchOptions{Query: "worker"})
	if err != nil || len(search.Results) == 0 {
		t.Fatalf("search found nothing to show: %v", err)
	}
	for _, h := range search.Results {
		res, err := Show(m, ShowOptions{ID: h.ID})
		if err != nil {
			t.Fatal(err)
		}
		checkStrings(t, res)
		if h.Learning.Session != nil {
			res, err := Show(m, ShowOptions{ID: h.Learning.Session.ID})
			if err != nil {
				t.Fatal(err)
			}
			checkStrings(t, res)
		}
	}
}

// checkStrings fails for each string of res's JSON that holds unsafe text.
func checkStrings(t *testing.T, res any) {
	t.Helper()
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch x := v.(type) {
		case string:
			if unsafeText.MatchString(x) {
				t.Errorf("%s = %q: unsafe text from the file or the input", at, x)
			}
		case map[string]any:
			for k, y := range x {
				walk(y, at+"."+k)
			}
		case []any:
			for _, y := range x {
				walk(y, at+"[]")
			}
		}
	}
	walk(v, "")
}
