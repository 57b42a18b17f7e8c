package relevance

import (
	"slices"
	"testing"
)

// TestReadPasteKinds holds readPaste to pasted material its rules were not
// written on (review rev14a): what must stay a word of the task, because
// it is the subject (a library named in a frame or an exception, a level
// word or a greeting word in a sentence, a capitalised name after a
// closing word mid-sentence, a URL's path), and what must go, because
// every paste of its kind prints it (the frames of Elixir, Swift and
// Unity libraries, Terraform's and Postgres's boilerplate, a log's
// bracketed level, Slack's author lines and emoji codes, a shell
// prompt's user and host, a bundler's hashed file names).
func TestReadPasteKinds(t *testing.T) {
	tests := []struct {
		kind, task string
		keep       []string // words of the task, as shown
		drop       []string // no word of the task nor of a path at hand
		paths      []string // among the paths at hand
		noPaths    []string // none of the paths at hand
	}{
		// (a) A word that is the subject stays.
		{kind: "library named in the exception", task: "webhook 400s on every event\nstripe._error.SignatureVerificationError: No signatures found matching the expected signature for payload",
			keep: []string{"webhook", "stripe", "signatureverificationerror", "signature", "payload"}},
		{kind: "library named in the exception", task: "reminders fail\nsqlalchemy.orm.exc.DetachedInstanceError: Instance <Member at 0x7f3b2c91e4d0> is not bound to a Session",
			keep: []string{"reminders", "sqlalchemy", "detachedinstanceerror", "member", "session"}, drop: []string{"0x7f3b2c91e4d0"}},
		{kind: "library named in the exception", task: "** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2000ms",
			keep: []string{"dbconnection", "connectionerror", "connection", "queue"}},
		{kind: "level word in a sentence", task: "INFO desk iPad at the Mill won't print receipts",
			keep: []string{"info", "desk", "ipad", "receipts"}},
		{kind: "level word in a sentence", task: "the WARNING banner still says the garden is closed",
			keep: []string{"warning", "banner", "garden"}},
		{kind: "level word in a sentence", task: "we get an ERROR page when saving a draft",
			keep: []string{"error", "page", "saving", "draft"}},
		{kind: "level word in a sentence", task: "is a CRITICAL humidity alert a page or an email?",
			keep: []string{"critical", "humidity", "alert"}},
		{kind: "level word after a bracket", task: "[FIRING:1] CRITICAL Mill Gallery 2 relative humidity 67.4% for 30m",
			keep: []string{"firing", "humidity", "gallery"}},
		{kind: "level word in a sentence", task: "raise it as a Level 3 request with Soundwise",
			keep: []string{"level", "request", "soundwise"}},
		{kind: "greeting word in a sentence", task: "Thanks to the new cache, collection search is quick but new photos don't show",
			keep: []string{"cache", "collection", "search", "photos"}},
		{kind: "closing words mid-sentence", task: "after payment the site goes to the wrong Thank You Page",
			keep: []string{"payment", "page"}},
		{kind: "closing words mid-sentence", task: "the homepage no longer shows Best Sellers",
			keep: []string{"homepage", "sellers"}},
		{kind: "closing words mid-sentence", task: "rooms are double booked at the Best Western",
			keep: []string{"rooms", "western", "booked"}},
		{kind: "url path", task: "https://lantern-museums.org/whats-on/late-openings is empty for December",
			keep: []string{"late", "openings", "empty", "december"}, drop: []string{"lantern"}},
		{kind: "url path", task: "members say https://members.example.org/members/renewal?utm_source=email still shows last year's price",
			keep: []string{"renewal", "price"}, drop: []string{"utm", "source"}},
		{kind: "id-like product name", task: "Harbour gate scanners won't read the PDF417 on printed tickets; GA4 shows no views; H265 files stutter",
			keep: []string{"pdf417", "ga4", "h265", "scanners", "tickets"}},

		{kind: "elixir log level", task: "10:00:41.913 request_id=F4z8Xq2lW9kAAABh [error] GenServer Lantern.Holds terminating\n10:00:42.001 [info] Sent 500 in 2001ms",
			keep: []string{"genserver", "holds", "terminating"}, drop: []string{"error", "info"}},
		{kind: "level where a logger prints it", task: "2026/11/25 10:14:03 INFO listening on :8080\n10:14:03.221 [main] ERROR c.l.Checkout - basket lost",
			keep: []string{"listening", "basket", "lost"}, drop: []string{"info", "error"}},
		{kind: "bracketed log level", task: "[warn] pool exhausted, queueing checkout\n[ERROR] checkout failed for basket",
			keep: []string{"pool", "exhausted", "checkout", "basket"}, drop: []string{"warn", "error"}},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			q := newQuery(Context{Task: tt.task})
			var words []string
			for i, w := range q.shown {
				if q.base[i] < 0 && q.weights[i] > 0 {
					words = append(words, w)
				}
			}
			for _, w := range tt.keep {
				if !slices.Contains(words, w) {
					t.Errorf("%q is not a word of the task: %q", w, words)
				}
			}
			for _, w := range tt.drop {
				if slices.Contains(q.shown, w) {
					t.Errorf("%q is read as a word: %q", w, q.shown)
				}
			}
			var paths []string
			for _, p := range q.paths {
				paths = append(paths, p.trimmed)
			}
			for _, p := range tt.paths {
				if !slices.Contains(paths, p) {
					t.Errorf("%q is not a path at hand: %q", p, paths)
				}
			}
			for _, p := range tt.noPaths {
				if slices.Contains(paths, p) {
					t.Errorf("%q is a path at hand: %q", p, paths)
				}
			}
		})
	}
}
