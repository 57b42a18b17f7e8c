package web

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/search"
)

// TestSearchRanksAsLearnSearch checks that the page's search gives the
// learnings in learn search's order, on a generated memory with many ties
// and near duplicates, for queries written the way people type them
// (words, prefixes while typing, a command, an identifier).
func TestSearchRanksAsLearnSearch(t *testing.T) {
	src := memgen.Generate(11, 300_000)
	e := newEnv(t, string(src))
	doc := learnings.Parse(src)
	for _, q := range []string{"retry", "retr", "cache invalidation", "make gen", "go test ./...", "idempot", "config.yaml", "the", "migration rollback", "zzzznothing"} {
		t.Run(q, func(t *testing.T) {
			hits, _ := search.Search(doc, q, search.Options{Limit: searchLimit, Prefix: true})
			var want []string
			for _, h := range hits {
				want = append(want, h.Learning.ID)
			}
			w := e.get("/api/search?q=" + url.QueryEscape(q))
			if w.Code != http.StatusOK {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			var got []string
			for _, r := range decode[SearchReport](t, w).Results {
				got = append(got, r.ID)
			}
			if !slices.Equal(got, want) {
				t.Errorf("page order differs from learn search:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// benchEnv is a server over a generated memory of size bytes, with the
// file read once so that each run measures the request alone, as a page
// open after the first does.
func benchEnv(b *testing.B, size int) *env {
	e := newEnv(b, string(memgen.Generate(1, size)))
	e.srv.files.Current()
	return e
}

// BenchmarkMainPage is the main page's HTML on a 1 MB memory (the first
// paint; the lint findings come in a second request).
func BenchmarkMainPage(b *testing.B) {
	e := benchEnv(b, 1<<20)
	for b.Loop() {
		if w := e.get("/"); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkMainPageCold includes reading and parsing the file, as after a
// store from another process. The search index the page then builds in the
// background is waited for outside the timer.
func BenchmarkMainPageCold(b *testing.B) {
	e := benchEnv(b, 1<<20)
	for b.Loop() {
		e.srv.files = &loader{path: e.path, limit: e.srv.cfg.SizeLimit}
		if w := e.get("/"); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
		b.StopTimer()
		e.srv.files.Current().Index()
		b.StartTimer()
	}
}

// BenchmarkSearchAsYouType is the requests the page sends while someone
// types "retry backoff" into the search box on a 1 MB memory, one per
// keystroke after the first three letters.
func BenchmarkSearchAsYouType(b *testing.B) {
	e := benchEnv(b, 1<<20)
	e.get("/api/search?q=x") // the index is built on the first search
	word := "retry backoff"
	for b.Loop() {
		for i := 3; i <= len(word); i++ {
			if w := e.get("/api/search?q=" + url.QueryEscape(word[:i])); w.Code != http.StatusOK {
				b.Fatal(w.Code)
			}
		}
	}
}

// BenchmarkProblems is the lint fragment on a 1 MB memory, which the page
// loads after it has shown.
func BenchmarkProblems(b *testing.B) {
	e := benchEnv(b, 1<<20)
	for b.Loop() {
		e.srv.files = &loader{path: e.path, limit: e.srv.cfg.SizeLimit}
		if w := e.get("/fragment/problems"); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}
