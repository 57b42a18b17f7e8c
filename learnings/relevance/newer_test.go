package relevance

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/learnings"
)

// clinicMemory is a vet clinic's memory in which two facts changed: how
// locums are paid and how vaccination reminders go out, each an older and
// a newer learning in sessions a month apart; and two nearby facts that
// are not one restated: how often sensors are read and how often the PID
// runs.
func clinicMemory() []*learnings.Learning {
	ls := memory(append([][]string{
		{"Locum pay", "", "Locum vets are paid by bank transfer from Xero at the end of each month, from approved timesheets."},
		{"Locum payouts", "", "Locum vets now receive their fees as Adyen payouts every second Friday; the month-end bank transfer from Xero is gone."},
		{"Reminders", "", "Vaccination reminders are sent by email a month before the booster is due."},
		{"Reminder channels", "", "Vaccination reminders go out by SMS 14 days before the booster is due; owners who opted out get email."},
		{"Sensors", "", "Sensor reads run every 60 s in normal mode and every 10 s in boost mode."},
		{"PID", "", "The PID runs every 5 minutes, not on every sensor reading."},
	}, chores(40, "The nightly job %d must finish before the %s report runs.", "audit", "revenue", "occupancy", "staff")...)...)
	start := time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC)
	for _, l := range ls {
		// Each session a day after the one before it in the list.
		var i int
		for j, m := range ls {
			if m.Session == l.Session {
				i = j
				break
			}
		}
		l.Session.Time = start.AddDate(0, 0, i)
	}
	return ls
}

// TestRestatedNewerFirst holds that a newer learning restating an older
// match on the same subject is chosen right before it, though the task is
// in the older one's words, and that the older stays chosen.
func TestRestatedNewerFirst(t *testing.T) {
	ls := clinicMemory()
	tests := []struct {
		task, newer, older string
	}{
		{"locum hasn't been paid for two weeks", "Locum vets now receive", "Locum vets are paid"},
		{"are booster reminders sent by email or text", "Vaccination reminders go out", "Vaccination reminders are sent"},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			r := Rank(ls, Context{Task: tt.task})
			at := map[string]int{}
			for i, m := range r.Relevant() {
				for _, p := range []string{tt.newer, tt.older} {
					if strings.HasPrefix(m.Learning.Text, p) {
						at[p] = i
					}
				}
			}
			n, nok := at[tt.newer]
			o, ook := at[tt.older]
			if !nok || !ook || n > o {
				t.Errorf("relevant: %q at %d (%v), %q at %d (%v); want both, the newer first", tt.newer, n, nok, tt.older, o, ook)
			}
		})
	}
}

// TestRestatedNeedsTheSubject holds that a newer learning on a nearby
// subject, or an older one, is not moved: the PID's period is no
// restatement of how often sensors are read, though the two share most
// words.
func TestRestatedNeedsTheSubject(t *testing.T) {
	dated := clinicMemory()
	undated := clinicMemory()
	for _, l := range undated {
		l.Session.Time = time.Time{}
	}
	for _, task := range []string{"how often are sensor reads run", "the pid runs too often on sensor reading"} {
		a, b := Rank(dated, Context{Task: task}), Rank(undated, Context{Task: task})
		if len(a.Matches) != len(b.Matches) {
			t.Fatalf("%q: %d matches dated, %d undated", task, len(a.Matches), len(b.Matches))
		}
		for i := range a.Matches {
			if a.Matches[i].Learning.Text != b.Matches[i].Learning.Text || a.Matches[i].Score != b.Matches[i].Score {
				t.Errorf("%q: match %d is %q (%.3f) dated, %q (%.3f) undated", task, i,
					a.Matches[i].Learning.Text, a.Matches[i].Score, b.Matches[i].Learning.Text, b.Matches[i].Score)
			}
		}
	}
}

// TestFamilyCountsOnce holds that another form of a task's word counts
// where a learning lacks the word, below the word itself, and adds
// nothing where the learning holds both.
func TestFamilyCountsOnce(t *testing.T) {
	ls := memory(append([][]string{
		{"A", "", "We deploy nightly builds to staging."},
		{"B", "", "Deployments nightly go to staging."},
		{"C", "", "We deploy deployment builds to staging."},
	}, chores(40, "The nightly job %d must finish before the %s report runs.", "audit", "revenue", "occupancy", "staff")...)...)
	r := Rank(ls, Context{Task: "can I deploy now"})
	score := map[string]float64{}
	for _, m := range r.Matches {
		score[m.Learning.Session.Focus] = m.Score
	}
	if exact, family := score["A"], score["B"]; family <= 0 || family >= exact {
		t.Errorf("%q scores %.3f, %q %.3f: want it found, below the word itself", ls[1].Text, family, ls[0].Text, exact)
	}
	if exact, both := score["A"], score["C"]; both != exact {
		t.Errorf("%q scores %.3f, %q %.3f: want the same, the other form counting once", ls[2].Text, both, ls[0].Text, exact)
	}
}

// TestSortByScoreKeepsLearnings holds that sorting the matches again after
// a restated learning moved up keeps each match with its learning's index:
// the stand-in rule after it reads a match's words through that index, and
// a stale one read a neighbour's ("survives" for the task's "reboot", on
// eval5).
func TestSortByScoreKeepsLearnings(t *testing.T) {
	tests := []struct {
		name   string
		scores []float64
	}{
		{"one moved up past two", []float64{9, 5, 4, 5.001, 3}},
		{"already in order", []float64{9, 5, 4, 3}},
		{"ties keep their order", []float64{4, 4, 6, 4}},
		{"last to first", []float64{1, 2, 3, 4, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := make([]Match, len(tt.scores))
			at := make([]int, len(tt.scores))
			for k, sc := range tt.scores {
				// Learning 10+k scored sc: at must follow it.
				ms[k] = Match{Learning: &learnings.Learning{Text: strings.Repeat("x", 10+k)}, Score: sc}
				at[k] = 10 + k
			}
			sortByScore(ms, at)
			for k := range ms {
				if k > 0 && ms[k].Score > ms[k-1].Score {
					t.Errorf("match %d scores %v after %v", k, ms[k].Score, ms[k-1].Score)
				}
				if want := len(ms[k].Learning.Text); at[k] != want {
					t.Errorf("match %d is learning %d, at says %d", k, want, at[k])
				}
			}
		})
	}
}

// TestRestatedNewerFirstInTheBestSession holds that a newer restatement
// stays before the older learning it restates when the older is of the
// best match's session and BestSessionFirst moves it up: the older fact,
// bank transfers from Xero, must not be shown before the Adyen payouts
// that replaced it.
func TestRestatedNewerFirstInTheBestSession(t *testing.T) {
	ls := memory(append([][]string{
		{"Locum pay", "", "Locum timesheets are approved in Rota by the practice manager before any locum is paid.", "Locum vets are paid by bank transfer from Xero at the end of each month."},
		{"Locum payouts", "", "Locum vets now receive their fees as Adyen payouts every second Friday; the month-end bank transfer from Xero is gone."},
	}, chores(40, "The nightly job %d must finish before the %s report runs.", "audit", "revenue", "occupancy", "staff")...)...)
	start := time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC)
	for i, l := range ls {
		l.Session.Time = start.AddDate(0, 0, i)
	}
	r := Rank(ls, Context{Task: "locum timesheets approved but the locum vets still not paid"})
	var got []string
	for _, m := range r.Relevant() {
		got = append(got, strings.Join(strings.Fields(m.Learning.Text)[:4], " "))
	}
	want := []string{"Locum timesheets are approved", "Locum vets now receive", "Locum vets are paid"}
	if !slices.Equal(got, want) {
		t.Errorf("relevant: %q, want %q", got, want)
	}
}
