package similar

import "testing"

// TestPassiveAgent reads the agent of a passive up to the first
// preposition, mark or word that opens a clause, and none where "by" is
// no agent's.
func TestPassiveAgent(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"The release notes are written by the tech lead.", "the tech lead"},
		{"The gates are locked by the night guard at 10pm.", "the night guard"},
		{"The buckets are stirred by the technician before each class.", "the technician"},
		{"The boulder problems are reset by the front desk staff every Tuesday.", "the front desk staff"},
		{"The shop is open by 9am.", ""},
		{"Tests are run with `go test` in CI.", ""},
		{"The session cookie is not cleared by the logout handler.", ""},
		{"The stale branches get pruned by the nightly job, then the tags.", "the nightly job"},
	} {
		if got := passiveAgent(tt.in); got != tt.want {
			t.Errorf("passiveAgent(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestAgentPhrase holds a passive whose agent is named with a phrase of
// its own to the active that names the agent with it, and a changed
// phrase or roles swapped apart.
func TestAgentPhrase(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"The default timeout is overridden by the value in the config file.", "The value in the config file overrides the default timeout.", Same},
		{"The base styles are overridden by the rules in the theme folder.", "The rules in the theme folder override the base styles.", Same},
		{"The shop's opening hours are set by the manager on duty.", "The manager on duty sets the shop's opening hours.", Same},
		{"The session cookie is cleared by the handler for the logout route.", "The handler for the logout route clears the session cookie.", Same},
		{"The default timeout is overridden by the value in the config file.", "The default timeout is overridden by the value in the environment.", Update},
		{"The default timeout is overridden by the value in the config file.", "The value in the default timeout overrides the config file.", Update},
	})
}
