package web

import (
	"html"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestServeHidesEverySpelling holds learn serve's pages and API to the
// spellings the commands and the MCP tools are held to
// (secretstest.Spellings): none of a file that holds them all is shown.
func TestServeHidesEverySpelling(t *testing.T) {
	e := newEnv(t, secretstest.SpellingsMemory())
	doc := e.doc()
	targets := []string{"/", "/session/" + doc.Sessions[0].ID, "/api/search?q=deploy", "/api/sessions", "/api/sessions/" + doc.Sessions[0].ID,
		"/fragment/main", "/fragment/rest", "/fragment/sessions", "/compact", "/api/compact", "/api/docs", "/fragment/problems", "/api/lint"}
	// A learning's page shows its whole session: the first one's shows
	// every spelling.
	targets = append(targets, "/learning/"+doc.Learnings()[0].ID)
	for _, l := range doc.Learnings() {
		targets = append(targets, "/api/learnings/"+l.ID)
	}
	for _, target := range targets {
		body := html.UnescapeString(e.get(target).Body.String())
		var shown []string
		for _, sp := range secretstest.Spellings() {
			if strings.Contains(body, sp.Secret) {
				shown = append(shown, sp.Name)
			}
		}
		if len(shown) > 0 {
			t.Errorf("%s shows %d secrets: %s", target, len(shown), strings.Join(shown, ", "))
		}
	}
}
