package search

import (
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestWordFormsFound holds Search to finding a learning by every form of a
// word it matches (stems, case, camelCase pieces, compounds, completions,
// runes that fold to ASCII, accents and text beyond ASCII, as the intl
// generator writes it), each among learnings that hold none of it, so
// that ruling learnings out by their bytes (holds) never drops one: the
// index, which reads every word, must find the same.
func TestWordFormsFound(t *testing.T) {
	cases := []struct{ query, text string }{
		{"retry", "Retry the upload twice"},
		{"retry", "RETRY on 503"},
		{"retry", "the client retries on timeouts"},
		{"retry", "it retried three times"},
		{"retry", "retrying fixed it"},
		{"retries", "one retry is enough"},
		{"Retried", "retry budget"},
		{"retry", "see retryPolicy in client.go"},
		{"retry", "the RetryPolicy struct"},
		{"policy", "see retryPolicy in client.go"},
		{"retry", "internal/sync/retry.go holds it"},
		{"retry", "pass --no-retry to skip"},
		{"retry", "foo_bar_retry is the flag"},
		{"retry", "re-try once"},
		{"retry", "Ｒｅｔｒｙ the upload"},
		{"retry", "東京retry設定"},
		{"retry", "café-retry in Paris"},
		{"ret", "Retention is 30 days"},
		{"retr", "retrieve the token first"},
		{"file", "the ﬁle watcher is slow"},
		{"kelvin", "\u212aelvin scale"},
		{"epaper", "the e-Paper display"},
		{"e-paper", "the ePaper driver"},
		{"e-pa", "the epaper driver"},
		{"front end", "the frontend sends it"},
		{"log in", "Log-ins fail"},
		{"login", "log-in page"},
		{"wifi", "Wi-Fi drops"},
		{"client.do", "wrap client.Do with it"},
		{"req", "DoRequest wraps it"},
		{"serv", "HTTPServer blocks"},
		{"x-api-key", "send X-Api-Key"},
		{"api", "send X-Api-Key"},
		{"dependencies", "a dependency cycle"},
		{"key", "two keys"},
		{"über", "Die Brücke über den Fluss"},
		{"über", "ÜBER alles"},
		{"über", "u\u0308ber den Fluss"},
		{"étude", "une e\u0301tude"},
		{"straße", "die Straße ist gesperrt"},
		{"größe", "Größe-Retry schlägt fehl"},
		{"東京", "東京の設定"},
		{"設定", "日本語の設定を変える"},
		{"カタ", "ｶﾀｶﾅ text"},
		{"istanbul", "the İstanbul office"},
		{"naïve", "a naïve cache"},
		{"deploy stag", "deployed to staging"},
		{"go", "Ｇｏ modules"},
		{"2fa", "enable 2FA first"},
		{"k8s", "the K8s cluster"},
		{"y", "y is the answer"},
		{"retry", "🚀 ships, then 𝐑etry"},
		{"retry", "✅ 😀retry"},
	}
	for _, c := range cases {
		t.Run(c.query+"/"+c.text, func(t *testing.T) {
			doc := buildDoc([][2]string{{"Fresh Discoveries", "nothing here matches at all"},
				{"Fresh Discoveries", c.text}, {"User Corrections", "still nothing"}})
			want := doc.Learnings()[1]
			for _, prefix := range []bool{false, true} {
				hits, n := Search(doc, c.query, Options{Prefix: prefix})
				if !hasLearning(hits, want) {
					if prefix || !hasLearning(Build(doc).Query(c.query, Options{Prefix: true}), want) {
						t.Fatalf("search %q (prefix %v) does not find %q (%d matched)", c.query, prefix, c.text, n)
					}
					continue // found only as a completion
				}
				if ix, _ := Build(doc).QueryCount(c.query, Options{Prefix: prefix}); len(ix) != len(hits) {
					t.Errorf("search %q (prefix %v): %d hits, the index %d", c.query, prefix, len(hits), len(ix))
				}
			}
		})
	}
}

func hasLearning(hits []Hit, l *learnings.Learning) bool {
	for _, h := range hits {
		if h.Learning == l {
			return true
		}
	}
	return false
}
