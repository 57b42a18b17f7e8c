package relevance

import (
	"fmt"
	"slices"
	"testing"
)

// kindsMemory is a small project memory: an invoicing service, a mobile
// app and a CI setup, with sessions that read files while learning
// something else, and fillers sharing the common words.
func kindsMemory() []*kindsFixture {
	return []*kindsFixture{
		{"Invoice PDF layout", "invoicer/templates/invoice.html", []string{
			"Rendering invoices uses WeasyPrint; page breaks need `break-inside: avoid` on table rows.",
			"The render step embeds fonts from `invoicer/fonts/`; a missing font renders boxes.",
		}},
		{"Formatting sweep", "invoicer/render.py,pyproject.toml", []string{
			"Run `ruff format` before committing; CI rejects unformatted Python.",
			"Invoice numbers are formatted as INV-YYYY-NNNN with a per-year counter.",
		}},
		{"Mobile push", "app/ios/PushManager.swift,docs/push.md", []string{
			"APNs tokens change after a reinstall; re-register on every launch.",
			"Silent pushes are throttled by iOS when the app is in low power mode.",
		}},
		{"Slack integration", "services/slack/client.go", []string{
			"The Slack integration posts through a bot token stored in Vault, never a user token.",
		}},
		{"Test database", "docker-compose.test.yml", []string{
			"Integration tests run against Postgres in docker compose; start it with `make db-up`.",
			"Failing integration tests after a migration usually mean the test database was not reset: run `make db-reset`.",
		}},
		{"Money", "", []string{
			"Line totals are rounded per line before the invoice sum; rounding the sum differed by a cent.",
		}},
		{"Retries", "sync/client.go", []string{
			"The sync client retries idempotent requests three times with jittered backoff.",
		}},
	}
}

type kindsFixture struct {
	focus, docs string
	texts       []string
}

func kindsLearnings() []string {
	var out []string
	for _, f := range kindsMemory() {
		out = append(out, f.texts...)
	}
	return out
}

func buildKinds() rankingInput {
	var sessions [][]string
	for _, f := range kindsMemory() {
		sessions = append(sessions, append([]string{f.focus, f.docs}, f.texts...))
	}
	sessions = append(sessions, chores(40, "The build must run step %d before the test run; the %s job must pass.", "lint", "unit", "docs", "deploy")...)
	return rankingInput{sessions: sessions}
}

type rankingInput struct{ sessions [][]string }

// TestContextKinds holds the ranking to the kinds of first prompts issue 24
// names, several of each, written the way people type them: a task that
// is only a path, a path whose sessions read it while learning something
// else, a task sharing one rare word with an unrelated learning, and tasks
// in other words than the learnings. For each, the learnings it needs
// rank above the ones it must not be offered first.
func TestContextKinds(t *testing.T) {
	ls := memory(buildKinds().sessions...)
	text := func(prefix string) string {
		for _, s := range kindsLearnings() {
			if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
				return s
			}
		}
		t.Fatalf("no learning starts %q", prefix)
		return ""
	}
	tests := []struct {
		kind  string
		ctx   Context
		above []string // each one chosen ranks above every learning of below; one at least is chosen
		below []string
	}{
		// A path at hand: learnings that name it or share its words
		// beat those whose session only read it.
		{"doc-only", Context{Paths: []string{"invoicer/render.py"}},
			[]string{"Rendering invoices", "The render step"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		{"doc-only", Context{Task: "invoicer/render.py"},
			[]string{"Rendering invoices", "The render step"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		{"doc-only", Context{Task: "page breaks look wrong", Paths: []string{"invoicer/render.py"}},
			[]string{"Rendering invoices"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		{"doc-only", Context{Task: "fix the font in invoicer/render.py"},
			[]string{"The render step"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		// A task word in one learning, a path at hand in the reading of
		// another's session: the word wins, whatever the two score.
		{"doc-only", Context{Task: "rounding", Paths: []string{"invoicer/render.py"}},
			[]string{"Line totals are rounded"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		{"doc-only", Context{Task: "totals rounded wrong", Paths: []string{"invoicer/render.py", "pyproject.toml"}},
			[]string{"Line totals are rounded"}, []string{"Run `ruff format`", "Invoice numbers are formatted"}},
		// A task that is only a path: what is learnt about that place
		// comes first.
		{"path-only", Context{Paths: []string{"app/ios/PushManager.swift"}},
			[]string{"APNs tokens", "Silent pushes"}, []string{"The sync client"}},
		{"path-only", Context{Task: "sync/client.go"},
			[]string{"The sync client"}, []string{"APNs tokens"}},
		{"path-only", Context{Paths: []string{"services/slack/client.go"}},
			[]string{"The Slack integration"}, []string{"Integration tests run"}},
		// One rare word in common is weaker than two signals.
		{"rare-word", Context{Task: "failing integration tests"},
			[]string{"Failing integration tests", "Integration tests run"}, []string{"The Slack integration"}},
		{"rare-word", Context{Task: "failing integration tests after the migration"},
			[]string{"Failing integration tests"}, []string{"The Slack integration"}},
		{"rare-word", Context{Task: "slack bot token rotation"},
			[]string{"The Slack integration"}, []string{"Failing integration tests"}},
		// Other words than the learnings: what they share still wins.
		{"other-words", Context{Task: "tables get split across pages in the invoice pdf"},
			[]string{"Rendering invoices"}, []string{"Run `ruff format`"}},
		{"other-words", Context{Task: "push notifications stop after reinstalling the app"},
			[]string{"APNs tokens"}, []string{"The Slack integration"}},
		{"other-words", Context{Task: "requests to the sync server fail now and then"},
			[]string{"The sync client"}, []string{"APNs tokens"}},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.kind, i), func(t *testing.T) {
			r := Rank(ls, tt.ctx)
			order := r.Relevant()
			pos := func(prefix string) int {
				want := text(prefix)
				return slices.IndexFunc(order, func(m Match) bool { return m.Learning.Text == want })
			}
			chosen := 0
			for _, a := range tt.above {
				pa := pos(a)
				if pa < 0 {
					continue // under the floor: the word is not rare here
				}
				chosen++
				for _, b := range tt.below {
					if pb := pos(b); pb >= 0 && pb < pa {
						t.Errorf("%q (%.3f) ranks above %q (%.3f) for %+v", b, order[pb].Score, a, order[pa].Score, tt.ctx)
					}
				}
			}
			if chosen == 0 {
				t.Errorf("none of %q is chosen for %+v", tt.above, tt.ctx)
			}
		})
	}
}
