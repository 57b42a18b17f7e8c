package relevance

import (
	"slices"
	"testing"
)

// TestParticleOrPreposition holds that a task's "log in" (or "clock in",
// "sign in", "sign on") is read as the one word "login" where "in" or
// "on" is the verb's particle, and not where it is a preposition opening
// a noun phrase ("logged in the tank sheet", "sign on the duty sheet"),
// nor where a number or a path follows it (see terms.SplitJoins).
func TestParticleOrPreposition(t *testing.T) {
	tests := []struct {
		task, joined string
		want         bool
	}{
		{"relief driver can't log in to the drivers app", "login", true},
		{"a teacher's class got too many requests when they tried to log in on the first day back", "login", true},
		{"users can't log in since the release", "login", true},
		{"half the warehouse staff cannot log in", "login", true},
		{"some members can't log in, others can", "login", true},
		{"couldn't log in this morning after the password reset", "login", true},
		{"agents log in as admin by mistake", "login", true},
		{"drivers can't clock in at the depot", "clockin", true},
		{"agency staff clock in via the kiosk", "clockin", true},
		{"customers can't sign in with google", "signin", true},
		{"drivers sign in at the depot gate", "signin", true},
		{"staff can't log on to the till", "logon", true},
		{"drivers sign on at the depot", "signon", true},
		{"drivers sign on the duty sheet", "signon", false},
		{"where do we add on the delivery charge", "addon", false},
		{"dip readings are logged in the tank sheet", "loggedin", false},
		{"who can log in the returned parcels", "login", false},
		{"tank levels we log in our weekly sheet", "login", false},
		{"the temperatures they log in a paper book", "login", false},
		{"what we log in 2 places", "login", false},
		{"the clock in the canteen runs slow", "clockin", false},
		{"a drop in the pressure overnight", "dropin", false},
		{"staff sign in the visitors book", "signin", false},
		{"items we log in their folder", "login", false},
		{"shipments we log in each region's tracker", "login", false},
		{"the log in /var/log fills the disk", "login", false},
		{"can't log in, the portal says expired", "login", true},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			q := newQuery(Context{Task: tt.task})
			got := slices.ContainsFunc(q.joins, func(j join) bool { return j.term == tt.joined }) || slices.Contains(q.words, tt.joined)
			if got != tt.want {
				t.Errorf("%q read as %q: %v, want %v (joins %v)", tt.task, tt.joined, got, tt.want, q.joins)
			}
		})
	}
}
