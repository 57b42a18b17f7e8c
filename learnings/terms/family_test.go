package terms

import (
	"slices"
	"testing"
)

func TestFamily(t *testing.T) {
	// Each group is one family; the words of different groups, written
	// alike, must not join.
	groups := [][]string{
		{"deploy", "deploys", "deployed", "deploying", "deployment", "deployments"},
		{"pay", "paid", "pays", "payment", "payments", "payout", "payouts"},
		{"vaccine", "vaccines", "vaccinate", "vaccinated", "vaccinating", "vaccination", "vaccinations"},
		{"anaesthesia", "anaesthetic", "anaesthetics"},
		{"analysis", "analytic"},
		{"recover", "recovered", "recovering", "recovery"},
		{"delivered", "delivery", "deliveries", "deliverable", "deliverables"},
		{"access", "accessed", "accessible", "accessibility"},
		{"expense", "expenses", "expensive"},
		{"protect", "protected", "protective"},
		{"null", "nullable"},
		{"employ", "employed", "employee", "employees", "employment"},
		{"train", "trained", "trainee", "trainees"},
		{"attend", "attended", "attendee", "attendees"}, // one root since -ee, no longer by Near
		{"book", "booked", "bookable"},
		{"tell", "told"},
		{"lose", "lost", "losing", "loss", "losses"},
		{"drive", "drove", "driven"},
		{"withdraw", "withdrew", "withdrawn", "withdrawal"},
		{"overwrite", "overwrote", "overwritten"},
		{"notify", "notified", "notification", "notifications"},
		{"prescribe", "prescribed", "prescription", "prescriptions"},
		{"subscribe", "subscription"},
		{"store", "stored", "storage"},
		{"expire", "expired", "expiry", "expiration"},
		{"approve", "approved", "approval"},
		{"fail", "failed", "failure", "failures"},
		{"encrypt", "encrypted", "encryption"},
		{"delete", "deleted", "deletion"},
		{"renew", "renewal"},
		{"perform", "performance"},
		{"slow", "slowness"},
		{"night", "nightly"},
		{"clinic", "clinical"},
		{"settle", "settlement"},
		{"ship", "shipment"},
		{"translate", "translated", "translation", "translator"},
		{"validate", "validation", "valid", "validity"},
		{"sent", "send", "sending"},
		{"ran", "run", "running"},
		{"move", "moved", "moving", "movement"},
		{"note", "notes", "noted"},
		{"built", "build", "builds"},
		{"insurer", "insurers", "insurance"},
		{"operator", "operation", "operational"},
		{"cancel", "cancels", "cancelled", "cancelling", "cancellation", "canceled"},
		{"travel", "travelled", "travelling", "traveled"},
		{"label", "labels", "labelled", "labelling"},
		{"install", "installed", "installing", "installation"},
		{"permit", "permitted", "permission", "permissions"},
		{"submit", "submitted", "submission"},
		{"conclude", "concluded", "conclusion"},
		{"exclude", "excluded", "exclusion"},
		{"decide", "decided", "decision", "decisions"},
		{"divide", "divided", "division"},
		{"provide", "provided", "provision"},
		{"extend", "extended", "extension"},
		{"suspend", "suspended", "suspension"},
		{"expand", "expanded", "expansion"},
		{"resolve", "resolved", "resolution"},
		{"solve", "solved", "solution"},
		{"consume", "consumed", "consumption"},
		{"assume", "assumed", "assumption"},
		{"person", "people"},
		{"child", "children"},
		{"index", "indices"},
		{"criterion", "criteria"},
		{"config", "configure", "configured", "configuration", "configurable"},
		{"available", "availability"},
		{"scalable", "scalability"},
		{"reliable", "reliability"},
		{"explain", "explained", "explanation"},
		{"maintain", "maintained", "maintenance"},
		{"retain", "retained", "retention"},
		{"apply", "applied", "application", "applications"},
		{"sell", "sale", "sales", "sold"},
		{"choose", "chose", "choice"},
		{"succeed", "succeeded", "success"},
		{"respond", "responded", "response", "responses"},
		{"tenant", "tenants", "tenancy", "tenancies"},
		{"occupant", "occupants", "occupancy"},
		{"resident", "residents", "residency"},
		{"vacant", "vacancy", "vacancies"},
		{"urgent", "urgency"},
		{"frequent", "frequency"},
		{"idempotent", "idempotency"},
		{"redundant", "redundancy"},
	}
	root := map[string]string{}
	for _, g := range groups {
		want := Family(g[0])
		t.Run(g[0], func(t *testing.T) {
			for _, a := range g {
				for _, b := range g {
					if !sameFamily(a, b) {
						t.Errorf("%q and %q: want one family", a, b)
					}
				}
			}
		})
		if other, dup := root[want]; dup {
			t.Errorf("%q and %q are of other families but share the root %q", other, g[0], want)
		}
		root[want] = g[0]
	}
	// Words that look derived and are not of one family; a doer is not
	// of the bare word's ("reminder" and "remind" are lost with it).
	apart := [][2]string{
		{"reminder", "remind"},
		{"printer", "print"},
		{"format", "form"},
		{"ready", "read"},
		{"players", "play"},
		{"docker", "dock"},
		{"header", "head"},
		{"station", "state"},
		{"payroll", "pay"},
		{"payload", "pay"},
		{"timer", "time"},
		{"timeout", "time"},
		{"comment", "come"},
		{"outage", "out"},
		{"portal", "port"},
		{"appeal", "app"},
		{"partition", "part"},
		{"notes", "not"},
		{"update", "up"},
		{"archive", "arch"},
		{"active", "act"},
		{"capable", "cap"},
		{"table", "tab"},
		{"commission", "commit"},
		{"intense", "intend"},
		{"absolute", "absolve"},
		{"sense", "send"},
		{"prompt", "prom"},
		{"reception", "receive"},
		{"mission", "mit"},
		{"attention", "attain"},
		{"contention", "contain"},
		{"replication", "reply"},
		{"duration", "dur"},
		{"currency", "current"},
		{"currencies", "current"},
		{"latency", "latent"},
		{"agency", "agent"},
		{"fancy", "fant"},
	}
	for _, p := range apart {
		if sameFamily(p[0], p[1]) || sameFamily(p[1], p[0]) {
			t.Errorf("%q and %q: want other families", p[0], p[1])
		}
	}
	for _, w := range []string{"", "münchen", "x86", "e-paper", "not", "lat", "app"} {
		if got := Family(w); got != "" {
			t.Errorf("Family(%q) = %q, want none", w, got)
		}
	}
}

func TestNear(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"complained", "complaint", true},
		{"complaints", "complaining", true},
		{"pay", "payroll", false},      // too short a root
		{"secret", "secretary", false}, // too long an ending
		{"pocket", "pockets", false},   // one root already
		{"print", "printed", false},    // one family by Stem, not Near's
		{"station", "stationery", false},
	}
	for _, tt := range tests {
		ra, rb := Family(tt.a), Family(tt.b)
		if got := Near(ra, rb) && ra != rb; got != tt.want {
			t.Errorf("Near(%q, %q) (roots of %q and %q) = %v, want %v", ra, rb, tt.a, tt.b, got, tt.want)
		}
	}
}

func sameFamily(a, b string) bool {
	ra, fa := FamilyOf(a)
	rb, fb := FamilyOf(b)
	return ra == rb && Joins(fa, fb)
}

func TestMatcherFamily(t *testing.T) {
	tests := []struct {
		word string // the task's word the matcher looks for
		of   string // the form whose family it looks for too
		text string
		want []int // 0 is the word itself, 1 its family
	}{
		{"deploy", "deploy", "Deployments happen only at night", []int{1}},
		{"deploy", "deploy", "deploy with make deploy", []int{0, 0}},
		{"deploy", "deploy", "Locum payouts every second Friday", nil}, // "paid"'s family is not wanted here
		{"deploy", "deploy", "The redeployment", nil},
		{"deploy", "deploy", "DeploymentWindow is checked", []int{1}}, // its piece, not the whole
		// An irregular form passes the matcher's gate.
		{"paid", "paid", "Locum vets receive Adyen payouts, and a payment is paid", []int{1, 1, 0}},
		// A doer is found for another derived word, not for the bare one.
		{"insurer", "insurer", "Insurance claims; the insurers; insure it", []int{1, 0}},
		{"player", "players", "Entering play mode took 25 s; playing it back", nil},
		// A root near the word's (see Near), either way round.
		{"complained", "complained", "A complaint is open in Freshdesk", []int{1}},
		{"complaint", "complaint", "Customers complained twice", []int{1}},
		{"custom", "custom", "The customer's own IdP", nil},
	}
	for _, tt := range tests {
		t.Run(tt.word+"/"+tt.text, func(t *testing.T) {
			m := NewMatcher([]string{tt.word, ""})
			r, f := FamilyOf(tt.of)
			m.Family(r, f, 1)
			var got []int
			m.Scan(tt.text, func(k int) { got = append(got, k) })
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Scan reports %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMatcherInitials(t *testing.T) {
	tests := []struct {
		acronym string
		text    string
		want    int // how many times the phrase is found
	}{
		{"gsm", "Weight is in grams per square metre.", 1},
		{"gsm", "Grams Per Square Metre and grams per square metre", 2},
		{"pod", "Print on demand orders", 1},
		{"pod", "print-on-demand orders", 1},
		{"pod", "print on. Demand", 0},
		{"sla", "the service-level agreement", 1},
		{"sla", "the service agreement", 0},
		{"gsm", "grams, square metre", 0},
	}
	for _, tt := range tests {
		t.Run(tt.acronym+"/"+tt.text, func(t *testing.T) {
			m := NewMatcher([]string{tt.acronym})
			m.Initials(tt.acronym, 0)
			got := 0
			m.Scan(tt.text, func(k int) { got++ })
			if got != tt.want {
				t.Fatalf("found %d times, want %d", got, tt.want)
			}
		})
	}
}

func TestMatcherCapitals(t *testing.T) {
	tests := []struct {
		text string
		want []int
	}{
		{"POD orders are pulled", []int{0, 1}},
		{"pod orders are pulled", nil},
		{"Pod orders", nil},
		{"the PODS", nil},
		{"iPOD", nil},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			m := NewMatcher([]string{"print", "demand"})
			m.Capitals("pod", 0, 1)
			var got []int
			m.Scan(tt.text, func(k int) { got = append(got, k) })
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Scan reports %v, want %v", got, tt.want)
			}
		})
	}
}
