package learnings

import (
	"math"
	"testing"
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

// similarityPairs are real-looking learnings: dup pairs say the same thing in
// other words; the others share words but state a different fact.
var similarityPairs = []struct {
	name string
	a, b string
	dup  bool
}{
	{"reordered clauses", "Run make gen before go test; generated files are not committed", "Generated files aren't committed, so run `make gen` before `go test`", true},
	{"because clause", "Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.", "Cap the backoff at 30 s because the API gateway drops idle connections at 60 s", true},
	{"identifier with backticks", "`client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.", "client.Do only retries idempotent methods, so POST requests need an Idempotency-Key header", true},
	{"instead of for over", "The user prefers tabs over spaces in Makefiles", "User prefers tabs instead of spaces in Makefiles", true},
	{"reworded migration", "Database migrations live in db/migrations and run with make migrate", "Run make migrate to apply the database migrations in db/migrations", true},
	{"one added word", "Integration tests need Docker running", "Integration tests need a running Docker daemon", true},
	{"tense and article", "Always run gofmt before committing", "Run gofmt before every commit", true},
	{"reordered with value", "The API returns 429 when rate limited; retry after the Retry-After header", "When rate limited the API returns 429, retry after the Retry-After header value", true},
	{"both negated", "Logs go to stderr, never stdout", "Write logs to stderr and never to stdout", true},
	{"error style", "Error messages are lower-case and wrapped with context", "Wrap errors with context; error messages start lower-case", true},
	{"path fact", "Config lives in ~/.config/acme/config.toml", "The config file is ~/.config/acme/config.toml", true},
	{"reordered versions", "The frontend uses React 18 with Vite", "The frontend is built with Vite and React 18", true},
	{"do not and don't", "Don't mock the database in integration tests", "Do not mock the database in integration tests", true},
	{"plural and case", "Feature flags are read from FLAGS_URL at startup", "feature flag is read from `FLAGS_URL` at start-up", true},
	{"retries stem", "The sync client retries failed uploads three times", "The sync client retry of failed uploads happens three times", true},
	{"markdown only", "**Never** push to `main` directly; open a PR", "Never push to main directly, open a PR.", true},
	{"numbers kept", "Keep PRs under 400 lines; reviewers reject larger ones", "Reviewers reject PRs larger than 400 lines, keep them under that", true},

	{"negation flips", "Use go test -race in CI", "Never use go test -race in CI", false},
	{"different number", "cap backoff at 30 s", "cap backoff at 60 s", false},
	{"stdout or stderr", "The CLI writes progress messages to stdout so pipes can parse them", "The CLI writes progress messages to stderr so pipes can parse them", false},
	{"staging or production", "Deploys to staging need the VPN and a signed tag from the release manager", "Deploys to production need the VPN and a signed tag from the release manager", false},
	{"before or after", "Run the migrations before restarting the API workers on deploy", "Run the migrations after restarting the API workers on deploy", false},
	{"different version", "Use Go 1.22", "Use Go 1.26", false},
	{"negated word differs", "Use pnpm, not npm", "Use npm, not pnpm", false},
	{"go test and go vet", "Run go test ./... before pushing", "Run go vet ./... before pushing", false},
	{"added requirement", "Database migrations live in db/migrations", "Database migrations live in db/migrations and must be reviewed by the DBA team before merge", false},
	{"other kind of test", "Integration tests need Docker running", "Unit tests need Docker running", false},
	{"other status code", "The API returns 429 when rate limited", "The API returns 503 when overloaded", false},
	{"other environment", "Use the staging cluster for load tests", "Use the production cluster for load tests", false},
	{"opposite advice", "Don't mock the database in integration tests", "Mock the database in unit tests", false},
	{"avoid against use", "Avoid global state in handlers", "Use global state in handlers", false},
	{"other tool", "Format SQL with sqlfluff", "Format SQL with pgformatter", false},
	{"same topic, other fact", "The sync client retries failed uploads three times", "The sync client logs failed uploads to sentry", false},
	{"other port", "The dev server listens on port 8080", "The dev server listens on port 3000", false},
	{"unrelated", "Prefer small PRs", "The staging database resets every night", false},
}

func TestSimilarityThreshold(t *testing.T) {
	for _, p := range similarityPairs {
		t.Run(p.name, func(t *testing.T) {
			s := Similarity(p.a, p.b)
			if got := s >= DuplicateThreshold; got != p.dup {
				t.Errorf("Similarity = %.3f, duplicate = %v, want %v\n a: %s\n b: %s", s, got, p.dup, p.a, p.b)
			}
		})
	}
}

func TestSimilarityProperties(t *testing.T) {
	texts := []string{"", "Use go test -race in CI", "Never use go test -race in CI", "cap backoff at 30 s", "ÄPI ﬁle", "`x`"}
	for _, p := range similarityPairs {
		texts = append(texts, p.a, p.b)
	}
	for _, a := range texts {
		if s := Similarity(a, "**"+a+"**  "); s != 1 {
			t.Errorf("Similarity(%q, itself in bold) = %v, want 1", a, s)
		}
		for _, b := range texts {
			ab, ba := Similarity(a, b), Similarity(b, a)
			if ab != ba {
				t.Errorf("not symmetric: %q, %q: %v != %v", a, b, ab, ba)
			}
			if ab < 0 || ab > 1 || math.IsNaN(ab) {
				t.Errorf("Similarity(%q, %q) = %v, out of [0,1]", a, b, ab)
			}
		}
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
}

func FuzzSimilarity(f *testing.F) {
	f.Add("Run make gen before go test", "Generated files aren't committed")
	f.Add("--", "n't")
	f.Add("'t 1.2.3. .. ..x", "\xff\xfe")
	f.Fuzz(func(t *testing.T, a, b string) {
		ab := Similarity(a, b)
		if ab != Similarity(b, a) || ab < 0 || ab > 1 || math.IsNaN(ab) {
			t.Fatalf("Similarity(%q, %q) = %v, not symmetric or out of range", a, b, ab)
		}
		if Canonical(a) == Canonical(b) && ab != 1 {
			t.Fatalf("canonically equal but Similarity = %v", ab)
		}
	})
}

func TestCoveredBy(t *testing.T) {
	const passage = "Backoff caps at 30 s because the gateway drops idle connections at 60 s. " +
		"Never use npm here; install with pnpm. Generated files are not committed."
	tests := []struct {
		name    string
		text    string
		covered bool
	}{
		{"reworded", "Cap the backoff at 30 s", true},
		{"number used about something else", "Backoff caps at 60 s", false},
		{"number missing", "Backoff caps at 45 s", false},
		{"negated the same way", "Don't use npm", true},
		{"asks for what the passage forbids", "Use npm", false},
		{"negates what the passage says", "Never install with pnpm", false},
		{"contraction", "Generated files aren't committed", true},
		{"extra specific word", "Backoff caps at 30 s with jitter and a circuit breaker", false},
		{"nothing to compare", "the", false},
	}
	q := NewProfile(passage)
	// 0.85 is docs.CoveredThreshold, which this package cannot import.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewProfile(tt.text).CoveredBy(q)
			if got := s >= 0.85; got != tt.covered || s < 0 || s > 1 {
				t.Errorf("CoveredBy = %.3f, covered = %v, want %v", s, got, tt.covered)
			}
		})
	}
}
