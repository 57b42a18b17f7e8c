package search

import (
	"testing"
)

// TestWordWrittenTwoWays holds that a query finds a word written joined,
// hyphenated or (for a query of two words) spaced, through both the index
// and the one-shot scan, and that neighbouring words of a learning are not
// read as one.
func TestWordWrittenTwoWays(t *testing.T) {
	tests := []struct {
		q, text string
		found   bool
	}{
		{"epaper", "The e-paper panel ghosts below 5 °C.", true},
		{"e-paper", "Epaper ghosting is the panel, not the driver.", true},
		{"E-Paper", "the e-paper driver needs a full refresh", true},
		{"preroll", "Skip the pre-roll for subscribers.", true},
		{"pre-roll", "Prerolls are normalised to -16 LUFS.", true},
		{"wifi", "Wi-Fi credentials live in NVS.", true},
		{"Wi-Fi", "WiFi reconnects with backoff.", true},
		{"login", "Log-ins are limited to 5 per minute.", true},
		{"log-in", "The login form needs the CSRF cookie.", true},
		{"setup", "The set-up script needs bash 5.", true},
		{"email", "E-mail goes through Postmark.", true},
		{"frontend", "The front-end build uses Vite.", true},
		{"front end", "Frontend tests need TZ=UTC.", true},
		{"front-end", "The front end router lazy-loads pages.", true},
		{"backend", "Back-end calls time out at 30 s.", true},
		{"realtime", "Real-time updates go over SSE.", true},
		{"real-time", "Realtime updates go over SSE.", true},
		{"multitenant", "The multi-tenant schema has one database per customer.", true},
		{"rerun", "Re-running the job clears its cache.", true},
		{"re-run", "A rerun must be idempotent.", true},
		{"precommit", "The pre-commit hook runs gofmt.", true},
		{"dropdown", "The drop-down lists active projects.", true},
		{"drop-down", "The dropdown traps focus.", true},
		// Not one word.
		{"login", "Keep the log in /var/log.", false},
		{"epaper", "Paper invoices are posted.", false},
		{"frontend", "front/end", false},
		{"x-api-key", "xapikey", false},
		{"1020", "ports 10-20", false},
	}
	for _, tt := range tests {
		t.Run(tt.q+"/"+tt.text, func(t *testing.T) {
			doc := buildDoc(nil, testSession{stamp: "2026-11-20 10:00 UTC", focus: "misc", project: "acme",
				learnings: [][2]string{{"Fresh Discoveries", tt.text}, {"Fresh Discoveries", "Unrelated: deploys run on Fridays."}}})
			for _, opts := range []Options{{}, {Prefix: true}} {
				hits, _ := Search(doc, tt.q, opts)
				if got := len(hits) > 0 && hits[0].Learning.Text == tt.text; got != tt.found {
					t.Errorf("Search(%q, %+v) found %q: %v, want %v", tt.q, opts, tt.text, got, tt.found)
				}
				sameHits(t, tt.q, Build(doc).Query(tt.q, opts), hits)
			}
		})
	}
}

// TestPrefixCompletesJoined holds that a hyphenated word being typed
// completes to the term of the word it is.
func TestPrefixCompletesJoined(t *testing.T) {
	doc := buildDoc(nil, testSession{stamp: "2026-11-20 10:00 UTC", focus: "misc", project: "acme",
		learnings: [][2]string{{"Fresh Discoveries", "The e-paper panel ghosts."}, {"Fresh Discoveries", "Deploys run on Fridays."}}})
	for _, q := range []string{"e-pa", "epa", "e-paper", "epaper"} {
		hits, _ := Search(doc, q, Options{Prefix: true})
		if len(hits) != 1 || hits[0].Learning.Text != "The e-paper panel ghosts." {
			t.Errorf("Search(%q, prefix) = %d hits, want the e-paper learning", q, len(hits))
		}
		sameHits(t, q, Build(doc).Query(q, Options{Prefix: true}), hits)
	}
}
