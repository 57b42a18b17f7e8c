package relevance

import (
	"slices"
	"testing"
)

// TestOneWordWrittenTwoWays holds that a word a task writes joined,
// hyphenated or (where both parts are its words) spaced finds the learning
// that writes it another way, and that two words a learning happens to put
// side by side are not read as the task's one.
func TestOneWordWrittenTwoWays(t *testing.T) {
	tests := []findCase{
		{"epaper display ghosts after a partial refresh", "The e-paper panel needs a full refresh every 20 partial ones.", true},
		{"e-paper ghosting in the cold", "Epaper ghosting below 5 °C is the panel, not the driver.", true},
		{"preroll ad plays twice", "The pre-roll is skipped for subscribers.", true},
		{"the pre-roll is too loud", "Prerolls are normalised to -16 LUFS.", true},
		{"wifi credentials lost after reboot", "Wi-Fi credentials live in NVS, not in the config file.", true},
		{"Wi-Fi drops on the hub", "WiFi reconnects with exponential backoff.", true},
		{"users can't log in since the release", "Login sessions expire after 12 h of inactivity.", true},
		{"the log-in page is blank", "The login form needs the CSRF cookie.", true},
		{"login throttling", "Log-in attempts are limited to 5 per minute per IP.", true},
		{"dev env set-up on macOS", "The setup script needs Homebrew bash.", true},
		{"setup takes forever", "Set up nothing by hand.", true},
		{"email bounces from the invoicer", "E-mail goes through Postmark; bounces hit /hooks/postmark.", true},
		{"e-mail templates", "Email templates live in templates/mail.", true},
		{"frontend build is slow", "The front-end build uses Vite with a warm cache.", true},
		{"front end tests flaky", "Frontend tests need TZ=UTC.", true},
		{"front-end routing", "The frontend router lazy-loads each page.", true},
		{"backend timeouts", "Back-end calls time out at 30 s.", true},
		{"real-time updates lag", "Realtime updates go over SSE, not websockets.", true},
		{"realtime dashboard", "The real-time feed batches every 200 ms.", true},
		{"multi-tenant schema migration", "The multitenant schema keeps one database per customer.", true},
		{"multitenant billing", "Multi-tenant invoices carry the tenant id in the number.", true},
		{"rerun the flaky job", "Re-running the job clears its cache.", true},
		{"re-run migrations", "A rerun of the migrations must be idempotent.", true},
		{"precommit hook too slow", "The pre-commit hook runs gofmt and vet only.", true},
		{"pre-commit config", "Precommit runs ruff before mypy.", true},
		{"dropdown shows archived projects", "The drop-down lists only active projects.", true},
		{"drop-down keyboard navigation", "The dropdown traps focus until Escape.", true},
		{"sign in with google fails", "Signin with Google needs the consent screen published.", true},
		// Two words a learning puts side by side are not the task's one.
		{"login fails", "Keep the log in /var/log rotated daily.", false},
		// The parts alone are not the joined word.
		{"epaper refresh", "Paper invoices are posted monthly.", false},
		{"frontend build", "The end of the front page.", false},
	}
	checkFinds(t, tests)
}

// findCase is a task, a learning and whether the task should find it.
type findCase struct {
	task, learning string
	found          bool
}

// checkFinds ranks each case's learning among thirty chores of another
// subject and checks whether the task finds it.
func checkFinds(t *testing.T, tests []findCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			ls := memory(append([][]string{{"a session", "", tt.learning}}, chores(30, "Step %d of the release runs the %s job.", "lint", "unit", "docs", "deploy")...)...)
			r := Rank(ls, Context{Task: tt.task})
			found := slices.ContainsFunc(r.Matches, func(m Match) bool { return m.Learning.ID == "l0.0" })
			if found != tt.found {
				t.Errorf("%q matched %q: %v, want %v (matches %v)", tt.task, tt.learning, found, tt.found, r.Matches)
			}
		})
	}
}
