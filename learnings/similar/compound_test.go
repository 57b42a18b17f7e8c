package similar

import "testing"

// TestCompounds holds the decision to testdata/compounds.txt, each way
// round: a restatement that writes one compound closed, hyphenated or open
// where the other writes it another way is the same learning; a pair with a
// real change beside the compound, or whose hyphen belongs to a value or a
// word in backticks, is never the same, and new learnings that share a
// compound stay distinct.
func TestCompounds(t *testing.T) {
	want := map[string]Kind{"same": Same, "update": Update, "new": Distinct}
	got, total := map[string]int{}, map[string]int{}
	for _, p := range loadPairsFrom(t, "testdata/compounds.txt") {
		k, ok := want[p.kind]
		if !ok {
			t.Fatalf("compounds.txt:%d: unknown kind %q", p.line, p.kind)
		}
		for _, q := range [2][2]string{{p.stored, p.cand}, {p.cand, p.stored}} {
			total[p.kind]++
			v := Compare(q[0], q[1])
			if v.Kind == k {
				got[p.kind]++
				continue
			}
			report := t.Logf
			if k == Distinct || v.Kind == Same || k == Same {
				report = t.Errorf
			}
			report("compounds.txt:%d: %v (score %.2f, %s), want %v:\n  %s\n  %s", p.line, v.Kind, v.Score, FormatChanges(Diff(q[0], q[1])), k, q[0], q[1])
		}
	}
	for _, k := range []string{"same", "update", "new"} {
		t.Logf("%-6s %d of %d", k, got[k], total[k])
	}
}

// TestCompoundsKeptApart checks what joining never reads as one word: a
// word in backticks as typed, a hyphen that belongs to a value, a version
// or a date, a closed form that is not both parts concatenated ("non-zero"
// and "zero"), and pairs of words whose closed form says another thing.
func TestCompoundsKeptApart(t *testing.T) {
	tests := []struct{ a, b string }{
		{"Run `re-run` after the migration.", "Run `rerun` after the migration."},
		{"Run `re-run` after the migration.", "Run rerun after the migration."},
		{"Run `make set-up` first.", "Run `make setup` first."},
		{"The binary targets x86-64.", "The binary targets x8664."},
		{"Files are read as utf-8.", "Files are read as utf8."},
		{"The freeze started on 2024-06-01.", "The freeze started on 20240601."},
		{"Call the v1-beta endpoint.", "Call the v1beta endpoint."},
		{"Accounts created pre-2020 keep the old hash.", "Accounts created pre2020 keep the old hash."},
		{"The CLI exits with a non-zero status.", "The CLI exits with a zero status."},
		{"Keep the fixtures a part of the repo.", "Keep the fixtures apart of the repo."},
		{"The cache may be stale after a deploy.", "The cache maybe stale after a deploy."},
		{"Log in to the console.", "Log into the console."},
		{"Hold on to the lock.", "Hold onto the lock."},
		{"The time, stamp and user go in the log.", "The timestamp and user go in the log."},
		{"Pass --dry-run first.", "Pass --dryrun first."},
		{"Run the full suite every day.", "Run the full suite everyday."},
		{"Any one of the replicas can take writes.", "Anyone of the replicas can take writes."},
		{"It takes some time to warm the cache.", "It takes sometime to warm the cache."},
		{"No one reviews the nightly diff.", "Noone reviews the nightly diff."},
		{"On line 40 the parser trips on a tab.", "Online 40 the parser trips on a tab."},
		{"The flags are all ready before the deploy.", "The flags are already before the deploy."},
		{"Over time the cache grows past 2 GB.", "Overtime the cache grows past 2 GB."},
		{"Work out the fee before the refund.", "Workout the fee before the refund."},
		{"Make up the shortfall from the float.", "Makeup the shortfall from the float."},
		{"Turn over the card to read the code.", "Turnover the card to read the code."},
		{"Pick up loads from the depot at six.", "Pick uploads from the depot at six."},
		{"Keep the log in /var/log for a week.", "Keep the login /var/log for a week."},
		{"Readings we log in the tank sheet are checked.", "Readings we login the tank sheet are checked."},
	}
	for _, tt := range tests {
		t.Run(tt.a, func(t *testing.T) {
			for _, q := range [2][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				if a, b, ok := joinCompounds(q[0], q[1]); ok {
					t.Errorf("joined %q and %q into %q and %q", q[0], q[1], a, b)
				}
			}
		})
	}
}

// TestJoinCompounds checks how the texts are written once joined: every
// hyphenated or open form of a compound the texts write two ways is
// written closed, its parts as written, in both, and nothing else moves.
func TestJoinCompounds(t *testing.T) {
	tests := []struct{ a, b, wantA, wantB string }{
		{"The Back-end is slow.", "The backend is slow.", "The Backend is slow.", "The backend is slow."},
		{"Set a time out (30 s).", "Set a time-out (30 s).", "Set a timeout (30 s).", "Set a timeout (30 s)."},
		{"Users log in via SSO.", "Users login via SSO.", "Users login via SSO.", "Users login via SSO."},
		{"Re-run the back end tests.", "Rerun the backend tests.", "Rerun the backend tests.", "Rerun the backend tests."},
		{"The **file name** is logged.", "The filename is logged.", "The **filename** is logged.", "The filename is logged."},
	}
	for _, tt := range tests {
		t.Run(tt.a, func(t *testing.T) {
			a, b, ok := joinCompounds(tt.a, tt.b)
			if !ok || a != tt.wantA || b != tt.wantB {
				t.Errorf("joinCompounds(%q, %q) = %q, %q, %v; want %q, %q", tt.a, tt.b, a, b, ok, tt.wantA, tt.wantB)
			}
		})
	}
}
