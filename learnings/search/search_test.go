package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/terms"
)

// testSession is a session written out in a test: focus, project and
// learnings as category, text pairs.
type testSession struct {
	stamp, focus, project string
	learnings             [][2]string
}

// buildDoc makes a Document by hand so that search is tested apart from the
// reader. Offsets are invented but increase in file order.
func buildDoc(consolidated [][2]string, sessions ...testSession) *learnings.Document {
	doc := &learnings.Document{}
	pos := 0
	addTo := func(cats *[]*learnings.Category, s *learnings.Session, ls [][2]string) {
		byName := map[string]*learnings.Category{}
		for _, l := range ls {
			c := byName[l[0]]
			if c == nil {
				c = &learnings.Category{Name: l[0]}
				byName[l[0]] = c
				*cats = append(*cats, c)
			}
			pos += 10
			c.Learnings = append(c.Learnings, &learnings.Learning{
				ID: fmt.Sprintf("L%04d", pos), Category: l[0], Text: l[1], Session: s,
				Span: learnings.Span{Start: pos, End: pos + 5, Line: pos, EndLine: pos},
			})
		}
	}
	if consolidated != nil {
		doc.Consolidated = &learnings.Consolidated{Span: learnings.Span{Start: pos + 1}}
		addTo(&doc.Consolidated.Categories, nil, consolidated)
	}
	for _, ts := range sessions {
		s := &learnings.Session{Stamp: ts.stamp, Focus: ts.focus, Project: ts.project, Span: learnings.Span{Start: pos + 1}}
		addTo(&s.Categories, s, ts.learnings)
		doc.Sessions = append(doc.Sessions, s)
	}
	return doc
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Retries must cap", []string{"retry", "must", "cap"}},
		{"`client.Do` retries", []string{"client.do", "client", "do", "retry"}},
		{"run make gen first", []string{"run", "make", "gen", "first"}},
		{"ＧＯ ﬁle", []string{"go", "file"}},
		{"docs/api.md#retries", []string{"docs/api.md#retries", "doc", "api", "md", "retry"}},
		{"end. Next", []string{"end", "next"}},
		{"x-api-key header", []string{"x-api-key", "x", "api", "key", "header"}},
		{"日本語 tokenizer", []string{"日", "本", "語", "tokenizer"}},
		{"café résumé", []string{"café", "résumé"}},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []string
			tokenize(tt.in, func(tk token) {
				got = append(got, tk.term)
				if tk.start < 0 || tk.end > len(tt.in) || tk.start >= tk.end {
					t.Errorf("bad range %d..%d for %q", tk.start, tk.end, tk.term)
				}
			})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tokenize(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"retry", "retries", "retried", "retrying"},
		{"cache", "caches", "cached", "caching"},
		{"header", "headers"},
		{"stop", "stopping", "stopped"},
		{"update", "updates", "updated", "updating"},
	}
	for _, g := range groups {
		for _, w := range g[1:] {
			if terms.Stem(w) != terms.Stem(g[0]) {
				t.Errorf("stem(%q) = %q, want stem(%q) = %q", w, terms.Stem(w), g[0], terms.Stem(g[0]))
			}
		}
	}
	for _, w := range []string{"status", "class", "bus", "analysis", "go"} {
		if got := terms.Stem(w); got != w {
			t.Errorf("stem(%q) = %q, want it unchanged", w, got)
		}
	}
}

var sample = buildDoc(
	[][2]string{
		{"User Corrections", "Run `make gen` before `go test`; generated files are not committed."},
	},
	testSession{"2026-11-22 14:05 CET", "Retry logic for the sync client", "acme-sync", [][2]string{
		{"User Corrections", "Backoff must cap at 30 s; the API gateway drops idle connections at 60 s."},
		{"Fresh Discoveries", "`client.Do` retries only idempotent methods; POST needs an Idempotency-Key header."},
	}},
	testSession{"2026-11-20 09:00 CET", "Docs for the billing worker", "billing-api", [][2]string{
		{"Preference Clarifications", "Keep commit messages short and in the imperative mood."},
		{"Fresh Discoveries", "The billing worker caches invoices for an hour; clear the cache after a migration."},
	}},
)

func ids(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Learning.ID)
	}
	return out
}

func TestQuery(t *testing.T) {
	ix := Build(sample)
	all := ix.docs
	id := func(i int) string { return all[i].ID }
	tests := []struct {
		name string
		q    string
		opts Options
		want []string
	}{
		{"single word", "backoff", Options{}, []string{id(1)}},
		{"stemmed", "retrying", Options{}, []string{id(2), id(1)}},
		{"compound", "client.Do", Options{}, []string{id(2), id(1)}},
		{"command", "make gen", Options{}, []string{id(0)}},
		{"case and stop words", "THE Cache", Options{}, []string{id(4)}},
		{"unknown words", "kubernetes helm", Options{}, nil},
		{"empty", "  ", Options{}, nil},
		{"category filter", "retry", Options{Category: "fresh discoveries"}, []string{id(2)}},
		{"category alias", "billing", Options{Category: "Preferences"}, []string{id(3)}},
		{"limit", "billing", Options{Limit: 1}, []string{id(4)}},
		{"no prefix by default", "idempot", Options{}, nil},
		{"prefix", "idempot", Options{Prefix: true}, []string{id(2)}},
		{"prefix only for last word", "idempot header", Options{Prefix: true}, []string{id(2)}},
		{"no prefix after a space", "idempot ", Options{Prefix: true}, nil},
		{"focus counts", "sync client", Options{}, []string{id(2), id(1)}},
		{"project counts, shorter first", "acme", Options{}, []string{id(2), id(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ids(ix.Query(tt.q, tt.opts))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Query(%q) (-want +got):\n%s", tt.q, diff)
			}
		})
	}
}

func TestQueryTiesKeepFileOrder(t *testing.T) {
	doc := buildDoc(nil,
		testSession{"a", "f", "p", [][2]string{{"Fresh Discoveries", "alpha beta"}}},
		testSession{"b", "f", "p", [][2]string{{"Fresh Discoveries", "alpha beta"}}},
		testSession{"c", "f", "p", [][2]string{{"Fresh Discoveries", "alpha beta"}}},
	)
	ix := Build(doc)
	got := ids(ix.Query("alpha", Options{}))
	want := []string{ix.docs[0].ID, ix.docs[1].ID, ix.docs[2].ID}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ties (-want +got):\n%s", diff)
	}
}

func TestSnippet(t *testing.T) {
	long := strings.Repeat("filler words here and there ", 20) +
		"the gateway drops idle connections\nat 60 s so keep-alive must be shorter " +
		strings.Repeat("more trailing text ", 20)
	tests := []struct {
		name   string
		text   string
		q      string
		want   string
		maxLen int
	}{
		{"short text whole", "Backoff must  cap\nat 30 s.", "cap", "Backoff must **cap** at 30 s.", 0},
		{"compound marked once", "`client.Do` retries", "client.Do retry", "`**client.Do**` **retries**", 0},
		{"part of compound", "`client.Do` retries", "client", "`**client**.Do` retries", 0},
		{"window around match", long, "gateway idle", "", 200},
		{"no match shows the start", "Only the focus matched here.", "zzz", "Only the focus matched here.", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := buildDoc(nil, testSession{"s", "zzz", "p", [][2]string{{"Fresh Discoveries", tt.text}}})
			hits := Build(doc).Query(tt.q, Options{})
			if len(hits) != 1 {
				t.Fatalf("got %d hits, want 1", len(hits))
			}
			h := hits[0]
			if tt.want != "" && h.Snippet != tt.want {
				t.Errorf("snippet = %q, want %q", h.Snippet, tt.want)
			}
			if tt.maxLen > 0 {
				if len(h.Plain) > tt.maxLen {
					t.Errorf("snippet is %d bytes, want at most %d: %q", len(h.Plain), tt.maxLen, h.Plain)
				}
				if !strings.Contains(h.Snippet, "**gateway**") || !strings.Contains(h.Snippet, "**idle**") {
					t.Errorf("snippet misses the match: %q", h.Snippet)
				}
				if !strings.HasPrefix(h.Plain, "… ") || !strings.HasSuffix(h.Plain, " …") {
					t.Errorf("cut snippet should show ellipses: %q", h.Plain)
				}
				if strings.Contains(h.Plain, "\n") || strings.Contains(h.Plain, "  ") {
					t.Errorf("snippet keeps raw whitespace: %q", h.Plain)
				}
			}
			for _, m := range h.Marks {
				if m[0] < 0 || m[1] > len(h.Plain) || m[0] >= m[1] {
					t.Errorf("bad mark %v in %q", m, h.Plain)
				}
			}
		})
	}
}

// TestSearchQuality plants a few specific learnings among thousands of
// generated ones and checks that paraphrased queries, which share only some
// words with the planted text, find them first.
func TestSearchQuality(t *testing.T) {
	planted := []struct {
		category, text string
		queries        []string
	}{
		{"User Corrections", "Backoff must cap at 30 seconds because the API gateway drops idle connections after 60 seconds.",
			[]string{"gateway idle connection", "how long may backoff be", "backoff cap"}},
		{"Fresh Discoveries", "`client.Do` retries only idempotent methods; POST requests need an Idempotency-Key header.",
			[]string{"retrying POST requests", "idempotency key", "client.Do"}},
		{"New Requirements", "Invoices must be rendered as PDF/A-3 so the tax office accepts the embedded XML.",
			[]string{"pdf tax office", "invoice XML embedding"}},
		{"Updated Conventions", "Database migrations are numbered by date (YYYYMMDDHHMM), never by sequence number.",
			[]string{"migration numbering", "how are migrations named by date"}},
		{"Preference Clarifications", "The user wants table-driven tests with t.Run and go-cmp diffs, never testify.",
			[]string{"testify", "table driven tests"}},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	words := strings.Fields(`the a service handler request response config value cache store index
		queue worker job retry timeout error log metric trace deploy build test lint format
		module package function method struct field type interface channel goroutine lock
		file path directory user session token header body query param route server client
		api schema table column row record event message topic stream batch window limit`)
	sentence := func() string {
		n := 8 + rng.IntN(14)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(ws, " ") + "."
	}
	var sessions []testSession
	for i := range 600 {
		ts := testSession{stamp: fmt.Sprintf("2026-01-%02d", i%28+1), focus: sentence(), project: "proj"}
		for range 5 {
			ts.learnings = append(ts.learnings, [2]string{learnings.Priority[rng.IntN(5)], sentence()})
		}
		if i%120 == 60 {
			p := planted[i/120]
			ts.learnings = append(ts.learnings, [2]string{p.category, p.text})
		}
		sessions = append(sessions, ts)
	}
	ix := Build(buildDoc(nil, sessions...))
	if len(ix.docs) < 3000 {
		t.Fatalf("corpus has %d learnings, want thousands", len(ix.docs))
	}
	for _, p := range planted {
		for _, q := range p.queries {
			hits := ix.Query(q, Options{Limit: 3, Prefix: true})
			if len(hits) == 0 || hits[0].Learning.Text != p.text {
				var got []string
				for _, h := range hits {
					got = append(got, h.Snippet)
				}
				t.Errorf("query %q: top hits %q, want %q first", q, got, p.text)
			}
		}
	}
}

// sameHits compares two rankings by learning and score.
// TestQueryStopWordStemmed: "where" is a stop word in the form Tokenize
// gives it ("wher"), so a learning that only says "where" is not found by
// a question that has other words.
func TestQueryStopWordStemmed(t *testing.T) {
	doc := buildDoc(nil, testSession{stamp: "2026-01-02 10:00", learnings: [][2]string{
		{"Fresh Discoveries", "Logs go wherever the build dir points, which is where CI looks."},
		{"Fresh Discoveries", "The cache is warmed by `make warm`."},
	}})
	ix := Build(doc)
	for _, q := range []string{"where is the cache", "Where's the cache?", "cache: where"} {
		if got, want := ids(ix.Query(q, Options{})), ids(ix.Query("cache", Options{})); !slices.Equal(got, want) {
			t.Errorf("Query(%q) = %v, want %v as for \"cache\"", q, got, want)
		}
	}
}

func sameHits(t *testing.T, q string, a, b []Hit) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("query %q: %d hits from the index, %d from the scan", q, len(a), len(b))
	}
	for i := range a {
		if a[i].Learning != b[i].Learning || math.Abs(a[i].Score-b[i].Score) > 1e-9 || a[i].Snippet != b[i].Snippet {
			t.Fatalf("query %q, hit %d: index %s %.6f %q, scan %s %.6f %q", q, i,
				a[i].Learning.ID, a[i].Score, a[i].Snippet, b[i].Learning.ID, b[i].Score, b[i].Snippet)
		}
	}
}

// TestSearchMatchesIndex checks that the one-shot scan ranks exactly as the
// index does.
func TestSearchMatchesIndex(t *testing.T) {
	src := memgen.Generate(3, 256<<10)
	doc := learnings.Parse(src)
	ix := Build(doc)
	queries := []string{"retry", "client.Do", "make gen", "the", "cache inval", "caching layer", "docs/api.md",
		"café", "日本語", "c", "re", "timeout ", "User", "go test ./...", "zzzz nothing", ""}
	for _, q := range queries {
		for _, opts := range []Options{{}, {Prefix: true}, {Limit: 5, Prefix: true}, {Category: "Fresh Discoveries", Prefix: true}} {
			sameHits(t, q, ix.Query(q, opts), first(Search(doc, q, opts)))
		}
	}
	for _, q := range []string{"retry", "idempot", "client.Do"} {
		sameHits(t, q, Build(sample).Query(q, Options{Prefix: true}), first(Search(sample, q, Options{Prefix: true})))
	}
}

func FuzzSearchMatchesIndex(f *testing.F) {
	for _, q := range []string{"retry", "client.Do", "idempot", "make gen", "ＧＯ", "a-b_c", "  x  "} {
		f.Add(q, true)
	}
	ix := Build(sample)
	f.Fuzz(func(t *testing.T, q string, prefix bool) {
		opts := Options{Prefix: prefix}
		sameHits(t, q, ix.Query(q, opts), first(Search(sample, q, opts)))
	})
}

// TestSearchQualityGenerated plants learnings in a generated memory file,
// whose learnings use the same project vocabulary (retries, caches,
// client.Do, make gen), and checks that paraphrased queries find each
// planted learning first, through both the index and the one-shot scan.
func TestSearchQualityGenerated(t *testing.T) {
	planted := []struct {
		text    string
		queries []string
	}{
		{"The webhook signature check must use the raw request body, before any JSON decoding, or the HMAC never matches.",
			[]string{"webhook hmac signature", "why does the signature not match raw body"}},
		{"Staging shares its Redis with the load tests, so flush only keys under the `stg:` prefix.",
			[]string{"flushing redis on staging", "load tests redis keys"}},
		{"Invoices must be rendered as PDF/A-3 so the tax office accepts the embedded XML.",
			[]string{"tax office pdf", "embedded xml invoice"}},
		{"Translators work from `locales/en.yaml`; never edit the generated `locales/*.json` by hand.",
			[]string{"translations yaml", "generated locale json"}},
	}
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i, p := range planted {
		fmt.Fprintf(&b, "## [2030-01-%02d 10:00 UTC] - Planted %d\n**Project**: planted\n\n### Learnings\n\n**Fresh Discoveries:**\n- %s\n\n---\n\n", 10-i, i, p.text)
	}
	gen := memgen.Generate(5, 512<<10)
	if i := strings.Index(string(gen), "## ["); i >= 0 {
		gen = gen[i:]
	}
	doc := learnings.Parse(append([]byte(b.String()), gen...))
	ix := Build(doc)
	if len(ix.docs) < 2000 {
		t.Fatalf("corpus has %d learnings, want thousands", len(ix.docs))
	}
	for _, p := range planted {
		for _, q := range p.queries {
			opts := Options{Limit: 3, Prefix: true}
			for name, hits := range map[string][]Hit{"index": ix.Query(q, opts), "scan": first(Search(doc, q, opts))} {
				if len(hits) == 0 || hits[0].Learning.Text != p.text {
					var got []string
					for _, h := range hits {
						got = append(got, h.Snippet)
					}
					t.Errorf("%s, query %q: top hits %q, want %q first", name, q, got, p.text)
				}
			}
		}
	}
}

func TestQueryConcurrent(t *testing.T) {
	ix := Build(sample)
	done := make(chan []string)
	for range 4 {
		go func() { done <- ids(ix.Query("idempot", Options{Prefix: true})) }()
	}
	for range 4 {
		if got := <-done; len(got) != 1 {
			t.Errorf("concurrent query: %v", got)
		}
	}
}

func first(hits []Hit, _ int) []Hit { return hits }

func TestSearchCountsBeyondLimit(t *testing.T) {
	hits, matched := Search(sample, "retry", Options{Limit: 1})
	if len(hits) != 1 || matched != 2 {
		t.Errorf("got %d hits of %d matched, want 1 of 2", len(hits), matched)
	}
}

// FuzzSnippet checks that any learning text and query give a snippet whose
// marks lie inside it, on rune boundaries, in order, and cover matched words.
func FuzzSnippet(f *testing.F) {
	f.Add("`client.Do` retries only idempotent methods", "client.Do retry")
	f.Add(strings.Repeat("word ", 100)+"needle "+strings.Repeat("x ", 100), "needle")
	f.Add("日本語 tokenizer ＧＯ", "語 go")
	f.Add("a\n\n  b\tc", "b")
	f.Fuzz(func(t *testing.T, text, q string) {
		doc := buildDoc(nil, testSession{"s", "f", "p", [][2]string{{"Fresh Discoveries", text}}})
		hits, _ := Search(doc, q, Options{Prefix: true})
		for _, h := range hits {
			if !utf8.ValidString(text) {
				continue
			}
			prev := 0
			for _, m := range h.Marks {
				if m[0] < prev || m[0] >= m[1] || m[1] > len(h.Plain) {
					t.Fatalf("bad mark %v (after %d) in %q", m, prev, h.Plain)
				}
				if !utf8.RuneStart(h.Plain[m[0]]) || (m[1] < len(h.Plain) && !utf8.RuneStart(h.Plain[m[1]])) {
					t.Fatalf("mark %v splits a rune in %q", m, h.Plain)
				}
				prev = m[1]
			}
			if len(h.Plain) > snippetLen+2*24+16 {
				t.Fatalf("snippet of %d bytes: %q", len(h.Plain), h.Plain)
			}
		}
	})
}

// TestSnippetRedactsSecrets covers a file written before learn refused
// secrets: a hit shows the learning with the key replaced by a marker.
func TestSnippetRedactsSecrets(t *testing.T) {
	key := strings.Join([]string{"ghp_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8"}, "")
	doc := buildDoc(nil, testSession{"s", "f", "p", [][2]string{{"Fresh Discoveries", "Token for CI is " + key + " keep it."}}})
	hits, _ := Search(doc, "ci", Options{})
	if len(hits) != 1 {
		t.Fatalf("got %d hits, want 1", len(hits))
	}
	for _, s := range []string{hits[0].Snippet, hits[0].Plain} {
		if strings.Contains(s, key) || !strings.Contains(s, "[REDACTED GitHub token]") {
			t.Errorf("snippet %q is not redacted", s)
		}
	}
}

func TestQueryCountKeepsBeforeTheLimit(t *testing.T) {
	ix := Build(sample)
	all, matched := ix.QueryCount("retry", Options{})
	if len(all) < 2 || matched != len(all) {
		t.Fatalf("need two hits for retry, got %d (matched %d)", len(all), matched)
	}
	last := all[len(all)-1].Learning
	keep := func(l *learnings.Learning) bool { return l == last }
	hits, matched := ix.QueryCount("retry", Options{Limit: 1, Keep: keep})
	if matched != 1 || len(hits) != 1 || hits[0].Learning != last {
		t.Errorf("Keep with Limit 1: %v (matched %d), want only %s", ids(hits), matched, last.ID)
	}
	hits, matched = ix.QueryCount("retry", Options{Limit: 1})
	if matched != len(all) || len(hits) != 1 {
		t.Errorf("Limit 1: %d hits, matched %d, want 1 and %d", len(hits), matched, len(all))
	}
}
