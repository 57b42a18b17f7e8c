package similar

import (
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

func TestCanonical(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"case and spacing", "  Run   MAKE Gen\n\tfirst ", "run make gen first"},
		{"markdown emphasis and backticks", "Run `make gen` **before** _go test_", "run make gen before go test"},
		{"punctuation collapses", "Retries: 3, backoff; capped!", "retries 3 backoff capped"},
		{"identifiers survive", "`client.Do` reads DB_PASSWORD from docs/api.md#retries", "client.do reads db_password from docs/api.md#retries"},
		{"flags and dotfiles keep their mark", "use `-race` and --json, never edit `.env`", "use -race and --json never edit .env"},
		{"trailing dots and dashes drop", "files end here. - a list -", "files end here a list"},
		{"contractions keep the apostrophe", "Generated files aren’t committed", "generated files aren't committed"},
		{"nfkc and case folding", "ＡＰＩ Straße ﬁle", "api strasse file"},
		{"numbers and versions", "Go 1.22 caps at 30s (v2.0.1)", "go 1.22 caps at 30s v2.0.1"},
		{"urls stay one token", "see https://example.com/a_b.", "see https://example.com/a_b"},
		{"empty", " \n*_`", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Canonical(tt.in); got != tt.want {
				t.Errorf("Canonical(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"retry", "retries"},
		{"commit", "commits", "committed", "committing"},
		{"cache", "caches", "cached", "caching"},
		{"generate", "generated", "generates"},
		{"use", "uses", "used", "using"},
		{"run", "runs", "running"},
		{"note", "notes", "noted", "noting"},
	}
	for _, g := range groups {
		t.Run(g[0], func(t *testing.T) {
			for _, w := range g[1:] {
				if stem(w) != stem(g[0]) {
					t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", w, stem(w), g[0], stem(g[0]))
				}
			}
		})
	}
	for _, w := range []string{"string", "status", "analysis", "client.do", "db_password", "1.22"} {
		if got := stem(w); got != w && got+"e" != w {
			t.Errorf("stem(%q) = %q, want the word kept", w, got)
		}
	}
	// A word that stems to "not" reads as a negation: "Errors are
	// noted in the log" and "Errors are not in the log" read alike.
	for _, w := range []string{"note", "notes", "noted", "noting"} {
		if stem(w) == stem("not") {
			t.Errorf("stem(%q) = stem(\"not\") = %q, want another", w, stem(w))
		}
	}
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           []Change
	}{
		{"one word", "Frontend unit tests run with jest.", "Frontend unit tests run with vitest.", []Change{{"jest", "vitest"}}},
		{"number word", "The queue has two consumers.", "The queue has four consumers.", []Change{{"two", "four"}}},
		{"name", "Run `go mod tidy` after editing go.sum.", "Run `go mod tidy` after editing go.mod.", []Change{{"go.sum", "go.mod"}}},
		{"swap", "The API on port 8080 and metrics on 9090", "The API on port 9090 and metrics on 8080", []Change{{"8080", "9090"}, {"9090", "8080"}}},
		{"swapped preference", "Prefer traces over logs when debugging latency.", "Prefer logs over traces when debugging latency.", []Change{{"traces", "logs"}, {"logs", "traces"}}},
		{"word and value", "Frontend unit tests run with jest.", "Frontend unit tests now run with vitest.", []Change{{"", "now"}, {"jest", "vitest"}}},
		{"negation added", "Commit the lockfile.", "Don't commit the lockfile.", []Change{{"", "Don't"}}},
		{"word added", "Retry POST requests", "Retry idempotent POST requests", []Change{{"", "idempotent"}}},
		{"word dropped", "Retry only idempotent requests", "Retry idempotent requests", []Change{{"only", ""}}},
		{"case and emphasis only", "**Never** push to `main`.", "never push to main", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Diff(tt.old, tt.new); !slices.Equal(got, tt.want) {
				t.Errorf("Diff = %q, want %q", got, tt.want)
			}
			// Diff reuses its working memory: a longer diff before must
			// leave nothing behind.
			Diff(strings.Repeat("a b c d e ", 20), strings.Repeat("a x c y e ", 21))
			if got := Diff(tt.old, tt.new); !slices.Equal(got, tt.want) {
				t.Errorf("Diff after a longer one = %q, want %q", got, tt.want)
			}
		})
	}
	if got := (Change{"jest", "vitest"}).String(); got != "`jest` → `vitest`" {
		t.Errorf("String = %q", got)
	}
}

func TestCompareGivesTheDiffOfAnUpdate(t *testing.T) {
	v := Compare("Frontend unit tests run with jest.", "Frontend unit tests run with vitest.")
	if v.Kind != Update || !slices.Equal(v.Changes, []Change{{"jest", "vitest"}}) {
		t.Errorf("Compare = %+v, want an update jest → vitest", v)
	}
	if v := Compare("Use pnpm.", "**use PNPM**"); v.Kind != Same || v.Score != 1 || v.Changes != nil {
		t.Errorf("Compare = %+v, want the same learning, score 1", v)
	}
	if v := Compare("Prefer small PRs", "The staging database resets every night"); v.Kind != Distinct {
		t.Errorf("Compare = %+v, want distinct", v)
	}
	if v := Compare("", ""); v.Kind != Distinct {
		t.Errorf("Compare of empty texts = %+v, want distinct", v)
	}
}

// TestHyphenatedCompounds holds a compound of prose to the same words
// written apart, synonyms and phrases included, and a flag or a compound
// in code to its own words.
func TestHyphenatedCompounds(t *testing.T) {
	for _, c := range []struct {
		stored, cand string
		want         Kind
	}{
		{"Read the quick-start guide before onboarding.", "Read the quick start guide before onboarding.", Same},
		{"Read the quick-start guide before onboarding.", "Read the fast-start guide before onboarding.", Same},
		{"Skip the large-file check in CI.", "Skip the large file check in CI.", Same},
		{"Skip the large-file check in CI.", "Skip the big file check in CI.", Same},
		{"The API docs are out-of-date for v2.", "The API docs are out of date for v2.", Same},
		{"Keep error messages lower-case.", "Keep error messages lower case.", Same},
		{"Keep error messages lower-case.", "Keep error messages upper-case.", Update},
		{"Retries run in a long-running worker.", "Retries run in a short-running worker.", Update},
		{"Run npm ci --prefer-offline in CI.", "Run npm ci --prefer-online in CI.", Update},
		{"Run npm ci --prefer-offline in CI.", "Run npm ci --prefer offline in CI.", Update},
		{"Use `git push --force-with-lease` after a rebase.", "Use `git push --force with lease` after a rebase.", Update},
		{"Call `fast-path` for small inputs.", "Call `quick-path` for small inputs.", Update},
	} {
		t.Run(c.stored+" | "+c.cand, func(t *testing.T) {
			if v := Compare(c.stored, c.cand); v.Kind != c.want {
				t.Errorf("Compare = %+v, want %v", v, c.want)
			}
		})
	}
}

// corpus is the learnings of a generated file, the table's texts and some
// edge cases, for checking the filter and the indexes against Compare.
func corpus(t testing.TB) []string {
	var out []string
	// The list items of the file, read by line: this package is below the
	// parser (learnings uses Canonical).
	for line := range strings.Lines(string(memgen.Generate(7, 20_000))) {
		if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
			out = append(out, text)
		}
	}
	for _, p := range loadPairs(t) {
		out = append(out, p.stored, p.cand)
	}
	return append(out, "Retries are capped at five; the gateway won't wait longer.",
		"Retry is capped at 5, the gateway will not wait longer.", "Die Zeitüberschreitung beträgt 30 s.",
		"Die Zeitüberschreitung beträgt dreißig s!", "the a an", "", "`./...`", "Timeout is thirty seconds", "Timeout: 30s")
}

// TestFilterNeverRulesOutARelatedPair compares every candidate with every
// stored text and checks the filter reports exactly the pairs Compare calls
// the same or an update, with the same verdict.
func TestFilterNeverRulesOutARelatedPair(t *testing.T) {
	texts := corpus(t)
	cands := texts[len(texts)-260:]
	f := NewFilter(cands)
	related := 0
	for _, s := range texts {
		got := map[int]Verdict{}
		f.Matches(s, func(i int, v Verdict) { got[i] = v })
		st := Prepare(s)
		for i, c := range cands {
			want := st.Compare(Prepare(c))
			if want.Kind == Distinct {
				if _, ok := got[i]; ok {
					t.Errorf("filter reported a distinct pair:\n %s\n %s", s, c)
				}
				continue
			}
			related++
			if g, ok := got[i]; !ok || g.Kind != want.Kind || g.Score != want.Score {
				t.Errorf("filter gave %+v (found %v), Compare %+v:\n stored: %s\n cand:   %s", g, ok, want, s, c)
			}
		}
	}
	if related < 200 {
		t.Errorf("only %d related pairs: the test checks too little", related)
	}
}

// TestIndexesAgreeWithCompare checks SameIndex and Index against comparing
// each text with every earlier one: the same learning first found, and the
// best update (ties to the earlier text), as lint asks for them.
func TestIndexesAgreeWithCompare(t *testing.T) {
	texts := corpus(t)
	same, rel := NewSameIndex(), NewIndex()
	visited := 0
	prepared := rel.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(i int, _ *Text) {
		if i != visited {
			t.Fatalf("visited %d after %d", i, visited-1)
		}
		visited++
	})
	for i, s := range texts {
		p := prepared[i]
		wantSame, bestScore, wantRel := -1, -1.0, -1
		for j := range i {
			v := prepared[j].Compare(p)
			if v.Kind == Same && wantSame < 0 {
				wantSame = j
			}
			if v.Kind == Update && v.Score > bestScore {
				bestScore, wantRel = v.Score, j
			}
		}
		if got, ok := same.Find(p); ok != (wantSame >= 0) || ok && got != wantSame {
			t.Errorf("SameIndex.Find(%q) = %d, %v; want %d", s, got, ok, wantSame)
		}
		if wantSame >= 0 && (!rel.mayRepeat[i] || !rel.mayRepeat[wantSame]) {
			t.Errorf("Index.mayRepeat leaves out %q or %q, the same learning", s, texts[wantSame])
		}
		if got, v, ok := rel.BestBefore(i); ok != (wantRel >= 0) || ok && (v.Score != bestScore || got != wantRel) {
			t.Errorf("Index.BestBefore(%q, %d) = %d %+v %v; want %d", s, i, got, v, ok, wantRel)
		}
		same.Add(i, p)
	}
	if visited != len(texts) {
		t.Errorf("%d of %d texts visited", visited, len(texts))
	}
}

// FuzzDiff checks that a diff does not depend on the diffs before it,
// whose working memory it reuses, and that it names only words of the two
// texts.
func FuzzDiff(f *testing.F) {
	f.Add("Frontend unit tests run with jest.", "Frontend unit tests now run with vitest.", "a b c d e f g h")
	f.Add("The API on port 8080 and metrics on 9090", "The API on port 9090 and metrics on 8080", "")
	f.Fuzz(func(t *testing.T, a, b, other string) {
		first := Diff(a, b)
		Diff(other, b+" "+a)
		Diff(a+" "+other, other)
		if again := Diff(a, b); !slices.Equal(first, again) {
			t.Fatalf("Diff(%q, %q) = %q, then %q", a, b, first, again)
		}
		for _, c := range first {
			for _, w := range strings.Fields(c.Old) {
				if !strings.Contains(a, w) {
					t.Fatalf("Diff(%q, %q) drops %q, not a word of the old text", a, b, w)
				}
			}
			for _, w := range strings.Fields(c.New) {
				if !strings.Contains(b, w) {
					t.Fatalf("Diff(%q, %q) adds %q, not a word of the new text", a, b, w)
				}
			}
		}
	})
}

func FuzzCompare(f *testing.F) {
	f.Add("Run make gen before go test", "Generated files aren't committed")
	f.Add("--", "n't")
	f.Add("'t 1.2.3. .. ..x", "\xff\xfe")
	f.Add("X is owned by Y, not Z", "Y owns X instead of Z")
	f.Fuzz(func(t *testing.T, a, b string) {
		ab, ba := Compare(a, b), Compare(b, a)
		if ab.Kind != ba.Kind || ab.Score != ba.Score || ab.Score < 0 || ab.Score > 1 {
			t.Fatalf("Compare(%q, %q) = %+v, reversed %+v", a, b, ab, ba)
		}
		if strings.TrimSpace(a) != "" && Canonical(a) != "" {
			if v := Compare(a, "**"+a+"**  "); v.Kind != Same {
				t.Fatalf("Compare(%q, itself in bold) = %+v", a, v)
			}
		}
	})
}

// FuzzTrimWord checks trimWord's shortcut against trimming every word.
func FuzzTrimWord(f *testing.F) {
	for _, w := range []string{"go.mod", "**retries**", "`./...`", "done.", "“quoted”", "x", "", "3s;", "a_b", "é"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if got, want := trimWord(w), trimWordEnds(w); got != want {
			t.Fatalf("trimWord(%q) = %q, want %q", w, got, want)
		}
	})
}

// TestUpdateUnderSureScore holds the band from UpdateThreshold to
// sureUpdateScore: a short learning with one word or value changed is an
// update there, and two learnings that share a frame but change a subject
// and its verb, or a verb and its object, are not. Every pair scores in
// the band, so the test fails if the band's rule is dropped either way.
func TestUpdateUnderSureScore(t *testing.T) {
	tests := []struct {
		stored, cand string
		want         Kind
	}{
		{"Tests must not hit the network.", "Tests must not hit the filesystem.", Update},
		{"Secrets come from Vault.", "Secrets come from AWS Secrets Manager.", Update},
		{"Bump the version in package.json.", "Bump the version in pyproject.toml.", Update},
		{"Lint with eslint.", "Lint with biome.", Update},
		{"CSS is written with Tailwind.", "CSS is written with styled-components.", Update},
		{"Back up the SQLite database before the migration.", "Back off the retries before the migration.", Distinct},
		{"The retry policy must support the original file order (ticket #8062).", "The scheduler needs to validate the original file order (ticket #8062).", Distinct},
		{"The auth middleware must support the original file order (ticket #8976).", "the rate limiter must expose the original file order (ticket #8976).", Distinct},
		{"The billing worker must support tokens in the log output (ticket #686).", "The cache layer needs to validate tokens in the log output (ticket #686).", Distinct},
	}
	for _, tt := range tests {
		t.Run(tt.cand, func(t *testing.T) {
			for _, v := range []Verdict{Compare(tt.stored, tt.cand), Compare(tt.cand, tt.stored)} {
				if v.Score < UpdateThreshold || v.Score > sureUpdateScore {
					t.Errorf("score %.2f, want it in [%.2f, %.2f] (two decimals) for the test to hold the band", v.Score, UpdateThreshold, sureUpdateScore)
				}
				if v.Kind != tt.want {
					t.Errorf("%v (score %.2f), want %v:\n  %s\n  %s", v.Kind, v.Score, tt.want, tt.stored, tt.cand)
				}
			}
		})
	}
}
