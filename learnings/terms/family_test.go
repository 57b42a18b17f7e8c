package terms

import "testing"

func TestFamily(t *testing.T) {
	// Each group is one family; the words of different groups, written
	// alike, must not join.
	groups := [][]string{
		{"deploy", "deploys", "deployed", "deploying", "deployment", "deployments"},
		{"pay", "paid", "pays", "payment", "payments", "payout", "payouts"},
		{"vaccine", "vaccines", "vaccinate", "vaccinated", "vaccinating", "vaccination", "vaccinations"},
		{"anaesthesia", "anaesthetic", "anaesthetics"},
		{"analysis", "analytic"},
		{"recovered", "recovering", "recovery"},
		{"delivered", "delivery", "deliveries"},
		{"notify", "notified", "notification", "notifications"},
		{"prescribe", "prescribed", "prescription", "prescriptions"},
		{"subscribe", "subscription"},
		{"dose", "doses", "dosage"},
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
		{"translate", "translated", "translation"},
		{"validate", "validation", "valid", "validity"},
		{"sent", "send", "sending"},
		{"built", "build", "builds"},
	}
	root := map[string]string{}
	for _, g := range groups {
		want := Family(g[0])
		t.Run(g[0], func(t *testing.T) {
			for _, w := range g {
				if got := Family(w); got != want {
					t.Errorf("Family(%q) = %q, Family(%q) = %q: want one root", w, got, g[0], want)
				}
			}
		})
		if other, dup := root[want]; dup {
			t.Errorf("%q and %q are of other families but share the root %q", other, g[0], want)
		}
		root[want] = g[0]
	}
	// Words that look derived and are not of one family.
	apart := [][2]string{
		{"format", "form"},
		{"ready", "read"},
		{"players", "play"},
		{"docker", "dock"},
		{"header", "head"},
		{"station", "state"},
		{"payroll", "pay"},
		{"payload", "pay"},
		{"timer", "time"},
		{"update", "up"},
	}
	for _, p := range apart {
		if Family(p[0]) == Family(p[1]) {
			t.Errorf("Family(%q) = Family(%q) = %q: want other roots", p[0], p[1], Family(p[0]))
		}
	}
	for _, w := range []string{"", "münchen", "x86", "e-paper"} {
		if got := Family(w); got != "" {
			t.Errorf("Family(%q) = %q, want none", w, got)
		}
	}
}

func TestMatcherFamily(t *testing.T) {
	tests := []struct {
		text string
		want []int // 0 is the word itself, 1 its family
	}{
		{"Deployments happen only at night", []int{1}},
		{"deploy with make deploy", []int{0, 0}},
		{"Locum payouts every second Friday", nil}, // "paid"'s family is not wanted here
		{"The redeployment", nil},
		{"DeploymentWindow is checked", []int{1}}, // its piece, not the whole
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			m := NewMatcher([]string{"deploy", ""})
			m.Family(Family("deploy"), 1)
			var got []int
			m.Scan(tt.text, func(k int) { got = append(got, k) })
			if len(got) != len(tt.want) {
				t.Fatalf("Scan reports %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("Scan reports %v, want %v", got, tt.want)
				}
			}
		})
	}
	m := NewMatcher([]string{"paid", ""})
	m.Family(Family("paid"), 1)
	var got []int
	m.Scan("Locum vets receive Adyen payouts, and a payment is paid", func(k int) { got = append(got, k) })
	if want := []int{1, 1, 0}; len(got) != 3 || got[0] != 1 || got[1] != 1 || got[2] != 0 {
		t.Errorf("Scan reports %v, want %v", got, want)
	}
}
