package similar

import "testing"

// TestMovedNounPhrase: a noun phrase named in the condition by one text and
// in the main clause by the other, with a pronoun for it where it is not
// named, is the same learning; a phrase that moves without a pronoun, or
// between two main clauses, or a changed value, is not.
func TestMovedNounPhrase(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"When the disk fills up, the agent rotates its logs.", "The agent rotates its logs when the disk fills up.", true},
		{"When the queue exceeds 5000 messages, the consumer drops events.", "The consumer drops events from the queue when it exceeds 5000 messages.", true},
		{"When the queue exceeds 5000 messages, the consumer drops events.", "The consumer drops events from the queue when it exceeds 8000 messages.", false},
		{"If the token expires, the client refreshes it silently.", "The client refreshes the token silently if it expires.", true},
		{"When a migration times out, the runner retries it once.", "The runner retries a migration once when it times out.", true},
		{"Once the cache is warm, the proxy serves it from memory.", "The proxy serves the cache from memory once it is warm.", true},
		{"If the token expires, the client refreshes it silently.", "The client refreshes the token silently if it expires twice.", false},
		{"Run the api tests before deploying.", "Run the tests before deploying the api.", false},
		{"Lint the api and test the web app.", "Lint the web app and test the api.", false},
		{"When a webhook fails, the sender retries it with backoff.", "The sender retries a webhook without backoff when it fails.", false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" | "+tt.b, func(t *testing.T) {
			for _, p := range [2][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				if v := Compare(p[0], p[1]); (v.Kind == Same) != tt.same {
					t.Errorf("%v (score %.2f, %s), want same %v", v.Kind, v.Score, FormatChanges(Diff(p[0], p[1])), tt.same)
				}
			}
		})
	}
}
