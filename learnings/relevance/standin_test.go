package relevance

import (
	"slices"
	"strings"
	"testing"
)

// TestStandIns holds that a learning a task names only in other words (a
// synonym, an everyday word or phrase), scoring under the floor from half
// of it up, is chosen after every other chosen match, a document its
// session read included; and that a learning sharing one word with the
// task in another form and another sense, under the floor as well, is
// not.
func TestStandIns(t *testing.T) {
	ls := memory(
		[]string{"Card payments at the front desk", "docs/payments.md",
			"Refunds are issued only on the original card through Stripe; cash refunds are written in the day sheet by hand.",
			"The card reader sleeps after ten minutes; wake it from the Stripe dashboard before the first patient."},
		[]string{"Outstanding balances", "",
			"Statements for outstanding balances go out on the 15th by email, and by post to patients with no email address."},
		[]string{"Double booking at reception", "",
			"Saving an appointment takes a row lock on the chair's day; a second receptionist saving the same slot waits for it."},
		[]string{"Family accounts", "",
			"One parent email can hold up to six patients; a child turning 16 gets their own login."},
		[]string{"Staff rota", "docs/rota.md",
			"Annual leave is booked in the rota by the practice manager at least four weeks ahead; nurses swap shifts among themselves and tell the manager, who changes the rota on the shared drive and prints it for the staff room on Fridays."},
		[]string{"Lab work", "",
			"Denture cases go back to the lab in the green box; the courier collects at four, and a box left on the desk waits a day."},
		[]string{"Sterilisation", "",
			"The autoclave log is printed daily and kept for two years."},
		[]string{"Decontamination", "",
			"Nobody may leave the decontamination room with gloves on; a failed autoclave cycle is run again before any instrument is used."},
		[]string{"Treatment bands", "",
			"Fillings are charged as Band 2; a white filling on a back tooth is private."},
		[]string{"Lab work", "",
			"A lab case two days late is chased by phone, never by email."},
		[]string{"Hygiene", "",
			"Hygienist visits are 30 minutes and can be booked online without seeing the dentist first."},
		[]string{"Practice shop", "",
			"Whitening kits are sold at reception and on the website at the same price.",
			"Shop stock levels are synced from the till every night at two."},
		[]string{"Accounts package", "",
			"The Xero package gets the day's takings as one journal at one in the morning."},
		[]string{"Charting", "",
			"A tooth extracted stays in the chart as missing with the date; deleting it loses the history the NHS claim needs."},
		[]string{"Website", "",
			"The booking page is translated into Polish and Romanian; new strings fall back to English until translated."},
	)
	ls = append(ls, memory(chores(96, "Step %d of the nightly job runs the %s task for every site.", "backup", "report", "reminder", "export")...)...)
	tests := []struct {
		task     string
		want     string   // the learning named in other words, chosen last
		first    []string // chosen before it
		unchosen []string // sharing one word in another sense
	}{
		// An everyday phrase for a refund.
		{task: "a lady gave us notes for her filling and now wants her money back", want: "Refunds are issued"},
		// An everyday word for outstanding balances.
		{task: "when do we chase people who owe us", want: "Statements for outstanding"},
		// An everyday word for a parent.
		{task: "my mum still does my hygienist visits, can I do that myself now", want: "One parent email"},
		// An everyday phrase for leave, after a document its session read.
		{task: "how do I put in for time off over easter, see docs/payments.md", want: "Annual leave", first: []string{"The card reader"}},
		// An everyday phrase for stock, from another session than the
		// learning on the task's other words.
		{task: "the whitening kits show as sold out on the website but we have loads", want: "Shop stock levels"},
		// Another form of a word in another sense is no stand-in.
		{task: "the nightly extraction to the accounts package keeps timing out", unchosen: []string{"A tooth extracted"}},
		{task: "the translation of the autoclave's error codes is wrong", unchosen: []string{"The booking page is translated"}},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			r := Rank(ls, Context{Task: tt.task})
			got := r.Relevant()
			var texts []string
			for _, m := range got {
				texts = append(texts, m.Learning.Text)
			}
			for _, p := range tt.unchosen {
				text := textStarting(t, ls, p)
				if slices.Contains(texts, text) {
					t.Errorf("%q is chosen on one word in another sense: %q", p, texts)
				}
				checkUnder(t, r, text)
			}
			if tt.want == "" {
				return
			}
			text := textStarting(t, ls, tt.want)
			checkUnder(t, r, text)
			at := slices.Index(texts, text)
			if at < 0 {
				t.Fatalf("%q is not chosen (chosen %q, matches %v, floor %.2f)", tt.want, texts, r.Matches, r.Floor)
			}
			if !got[at].standIn {
				t.Fatalf("%q is chosen, but not on a stand-in: %v", tt.want, got[at])
			}
			first := slices.IndexFunc(got, func(m Match) bool { return m.standIn })
			if slices.ContainsFunc(got[first:], func(m Match) bool { return !m.standIn }) {
				t.Errorf("a match on a stand-in is chosen before another: %q", texts)
			}
			for _, p := range tt.first {
				if !slices.Contains(texts[:at], textStarting(t, ls, p)) {
					t.Errorf("%q is not chosen before %q: %q", p, tt.want, texts)
				}
			}
		})
	}
}

// checkUnder fails t unless the learning whose text is text matches r
// under the floor, from half of it up: what the test is about.
func checkUnder(t *testing.T, r Ranking, text string) {
	t.Helper()
	for _, m := range r.Matches {
		if m.Learning.Text == text {
			if m.Score >= r.Floor || m.Score < standInShare*r.Floor {
				t.Fatalf("the test wants %q between half the floor and the floor %.2f: %.2f on %v", text[:min(len(text), 30)], r.Floor, m.Score, m.Terms)
			}
			return
		}
	}
	t.Fatalf("the test wants a match on %q: %v", strings.Fields(text)[:3], r.Matches)
}
