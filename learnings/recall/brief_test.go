package recall

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

func TestFirstClauseEnd(t *testing.T) {
	tests := []struct {
		name, text string
		limit      int
		want       string // the text up to the cut; "" for no cut
	}{
		{"semicolon", "Tag releases from main only; the release job refuses others.", 100, "Tag releases from main only"},
		{"sentence", "Photos are sorted by capture time. The clock drifted, so GPS time is used.", 100, "Photos are sorted by capture time."},
		{"one sentence is not cut", "Run the linter before pushing.", 100, ""},
		{"clause over the limit", "Tag releases from main only; the release job refuses others.", 20, ""},
		{"clause at the limit", "Tag releases from main only; the release job refuses others.", 27, "Tag releases from main only"},
		{"clause one over the limit", "Tag releases from main only; the release job refuses others.", 26, ""},
		{"sentence at the limit", "Photos are sorted by capture time. Then GPS time.", 34, "Photos are sorted by capture time."},
		{"sentence one over the limit", "Photos are sorted by capture time. Then GPS time.", 33, ""},
		{"no limit", "Tag releases from main only; the release job refuses others.", math.MaxInt, "Tag releases from main only"},
		{"inside a code span", "Run `a; b` first; then c.", 100, "Run `a; b` first"},
		{"inside a double-backtick code span", "Use ``a; b`` as the separator; never a comma.", 100, "Use ``a; b`` as the separator"},
		{"a backtick inside a double-backtick span", "Quote it as ``a`b; c`` here; then go.", 100, "Quote it as ``a`b; c`` here"},
		{"stop inside a double-backtick span", "Ask ``x. Then`` first. Then go.", 100, "Ask ``x. Then`` first."},
		{"inside a link's text", "See [setup; Windows](docs/setup.md) first; then run make.", 100, "See [setup; Windows](docs/setup.md) first"},
		{"stop inside a link's text", "Read [the guide. Then](docs/g.md) twice. Then go.", 100, "Read [the guide. Then](docs/g.md) twice."},
		{"stop inside parentheses", "Retry (it fails once. Then works) and log it; always.", 100, "Retry (it fails once. Then works) and log it"},
		{"a list's closing parenthesis", "1) Build it; 2) ship it.", 100, "1) Build it"},
		{"inside parentheses", "Lien notices (mail in Texas; email in Ohio) go on day 30; sales wait.", 100, "Lien notices (mail in Texas; email in Ohio) go on day 30"},
		{"short form", "Use a short form, e.g. Kubernetes, for names. Then go.", 100, "Use a short form, e.g. Kubernetes, for names."},
		{"initial", "Ask J. Smith before a deploy. Then go.", 100, "Ask J. Smith before a deploy."},
		{"number", "Set it to 2.5 GB. Then restart.", 100, "Set it to 2.5 GB."},
		{"lower case after a stop", "See approx. ten rows. Then stop.", 100, "See approx. ten rows."},
		{"line break first", "Run this:\n```sh\nmake; make test\n```", 100, ""},
		{"at the end", "Nothing after it;", 100, ""},
		{"not a clause", "Escape it as &amp;x in HTML.", 100, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if e := firstClauseEnd(tt.text, tt.limit); e > 0 {
				got = tt.text[:e]
			}
			if got != tt.want {
				t.Errorf("firstClauseEnd(%q, %d) cuts to %q, want %q", tt.text, tt.limit, got, tt.want)
			}
		})
	}
}

// TestBriefUntouched holds recall with a task to its rule for the rest of
// the output: a learning the task touches nothing of is cut to its first
// clause, an ellipsis and its ID; one it touches stays whole; with no task
// nothing is cut.
func TestBriefUntouched(t *testing.T) {
	corrections := [][2]string{
		{"User Corrections", "Tag releases from main only; the release job refuses other branches."},
		{"User Corrections", "Run the linter before pushing; CI fails the build on any warning."},
	}
	doc := overflowing(corrections)
	ctx := relevance.Context{Task: "large video uploads to S3 fail halfway"}
	text := Select(doc, Options{MaxChars: 2000, Context: ctx}).Text()
	for _, want := range []string{
		"- Tag releases from main only" + cutMark + " [",
		"- Run the linter before pushing; CI fails the build on any warning. [",
		"- S3 multipart parts must be at least 5 MB except the last one. [",
		"prints one whole, with its session",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	plain := Select(doc, Options{MaxChars: 2000}).Text()
	if strings.Contains(plain, cutMark) || !strings.Contains(plain, "the release job refuses other branches. [") {
		t.Errorf("without a task a learning is cut:\n%s", plain)
	}
	// A branch alone chooses learnings but cuts none: a session start's
	// recall knows no task yet.
	res := Select(doc, Options{MaxChars: 2000, Context: relevance.Context{Branch: "fix/s3-multipart-uploads"}})
	if text := res.Text(); res.Chosen == 0 || strings.Contains(text, cutMark) || !strings.Contains(text, "the release job refuses other branches. [") {
		t.Errorf("with a branch alone (%d chosen) a learning is cut:\n%s", res.Chosen, text)
	}
	// Where the budget holds every learning whole, none is cut: a session
	// start's recall whose branch matched one learning showed every
	// correction cut short though all fitted.
	small := fixture(nil,
		fixtureSession{"2026-10-02 10:00", corrections},
		fixtureSession{"2025-03-01 09:00", [][2]string{
			{"Fresh Discoveries", "S3 multipart parts must be at least 5 MB except the last one."},
		}},
	)
	res = Select(small, Options{MaxChars: 2000, Context: ctx})
	if text := res.Text(); res.Chosen == 0 || strings.Contains(text, cutMark) || !strings.Contains(text, "the release job refuses other branches. [") {
		t.Errorf("a learning is cut though every one fits whole:\n%s", text)
	}
}

// TestBriefShowsNoSecret: a learning cut to its first clause shows no
// more of a secret than it would whole: a secret inside the first clause
// is redacted, and a clause end that the text as written has inside a
// secret (a stop or a semicolon within a quoted password or a key block)
// cuts nothing of it, since the clause is looked for in the shown text.
func TestBriefShowsNoSecret(t *testing.T) {
	secretWords := []string{"ghp_", "A1b2C3", "Zx9", "Qw8r", "qw8r", "MIIEow", "IBAAKCAQEA"}
	corrections := [][2]string{
		{"User Corrections", "Deploy with GITHUB_TOKEN=ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 from the vault; the old one was revoked."},
		{"User Corrections", `Set password="Zx9. Qw8rT7yU6iO5pA4s" in staging; rotate it monthly.`},
		{"User Corrections", "Set DB_PASSWORD='Zx9; qw8rT7yU6iO5pA4s' in staging. Then rotate it monthly."},
		{"User Corrections", "Sign with -----BEGIN RSA PRIVATE KEY----- MIIEow. IBAAKCAQEA -----END RSA PRIVATE KEY----- first; then push the tag."},
	}
	briefs := []string{
		"- Deploy with GITHUB_TOKEN=[REDACTED GitHub token] from the vault" + cutMark + " [",
		`- Set password="[REDACTED password assignment]" in staging` + cutMark + " [",
		"- Set DB_PASSWORD='[REDACTED password assignment]' in staging." + cutMark + " [",
		"- Sign with [REDACTED private key] first" + cutMark + " [",
	}
	doc := overflowing(corrections)
	for _, c := range corrections {
		if e := firstClauseEnd(c[1], 200); e == 0 {
			t.Fatalf("the text as written of %q has no first clause to cut", c[1])
		}
	}
	text := Select(doc, Options{MaxChars: 2000, Context: relevance.Context{Task: "large video uploads to S3 fail halfway"}}).Text()
	for _, want := range briefs {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	for _, w := range secretWords {
		if strings.Contains(text, w) {
			t.Errorf("a cut learning shows %q of a secret:\n%s", w, text)
		}
	}
}

// overflowing is a memory of the corrections given (the newest session),
// a learning about S3 uploads, and 30 old conventions that the tasks of
// these tests touch nothing of: enough that a 2000-character budget cannot
// hold them all whole, which is when recall with a task cuts one.
func overflowing(corrections [][2]string) *learnings.Document {
	var older [][2]string
	for i := range 30 {
		older = append(older, [2]string{"Updated Conventions", fmt.Sprintf("Convention %d of the style guide holds; the reviewers check it on every pull request.", i)})
	}
	return fixture(nil,
		fixtureSession{"2026-10-02 10:00", corrections},
		fixtureSession{"2025-03-01 09:00", [][2]string{
			{"Fresh Discoveries", "S3 multipart parts must be at least 5 MB except the last one."},
		}},
		fixtureSession{"2024-01-01 09:00", older},
	)
}
