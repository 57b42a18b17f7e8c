package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// reviewMemories are six small memories (a school, a web team, a farm, a
// law firm, a bike shop, a hospital ward) whose learnings share everyday
// words (register, pitch, branch, port, table, spring, plant, bank, seal,
// keys, frame, chain, stock, lights, cell, notes, beds, badge) with tasks
// about something else and with tasks about them, each beside forty chores
// so that a word of one or two learnings clears the floor. They were
// written for the review of commonWord, not fitted to it.
func reviewMemories() map[string][]*learnings.Learning {
	filler := func(words ...string) [][]string {
		return chores(40, "The nightly job %d must finish before the %s report runs.", words...)
	}
	return map[string][]*learnings.Learning{
		"school": memory(append([][]string{
			{"Registers", "", "Each class register is marked in Arbor by 09:10; the office chases gaps at 09:30."},
			{"Sports", "", "Sports day moves indoors when the pitch is waterlogged; the caretaker decides by 07:30."},
			{"Exams", "", "Grade boundaries for the mocks are set by each head of department, not the exams officer."},
			{"Devices", "", "Chromebook chargers live in the trolley in room 12; the trolley must be plugged in overnight."},
			{"Parents", "", "Parents' evening slots are booked through SchoolCloud; the link goes out a fortnight before."},
			{"Trips", "", "A trip needs an EV5 risk assessment signed off by the EVC three weeks ahead."},
			{"Canteen", "", "The canteen's card readers go offline when the Wi-Fi in the hall drops; meals are then logged on paper."},
		}, filler("attendance", "lessons", "pupils", "staff")...)...),
		"web": memory(append([][]string{
			{"Branches", "", "Feature branches are squashed on merge; release branches are cut from main on Tuesdays."},
			{"Cache", "", "The CDN cache is purged by the deploy script, never by hand in the Fastly console."},
			{"Ports", "", "The dev server listens on port 5173; the API proxy on 8080."},
			{"Tables", "", "Wide tables scroll sideways on mobile; never hide columns with CSS."},
			{"Keys", "", "API keys rotate every 90 days through Vault; the old key keeps working for a week."},
			{"Spring", "", "The legacy billing service is Spring Boot 2.7 and must not be upgraded before the audit."},
			{"Shell", "", "Scripts run under POSIX sh, not bash: no arrays."},
			{"Release", "", "A release note goes in CHANGELOG.md under Unreleased with the ticket number."},
		}, filler("builds", "tests", "deploys", "users")...)...),
		"farm": memory(append([][]string{
			{"Plant", "", "The bottling plant's filler is cleaned with caustic every Friday."},
			{"Bank", "", "The north bank of the pond floods after heavy rain; move the sheep to the top field."},
			{"Crops", "", "Seed potatoes are chitted in the barn from February."},
			{"Yard", "", "The yard gate code changes monthly; it is on the whiteboard in the office."},
			{"Records", "", "Medicine records for the flock are kept in the red binder for the vet's visit."},
			{"Shop", "", "The farm shop till closes at 17:00; cash goes in the safe behind the feed store."},
			{"Tenders", "", "Tenders for hedge cutting go out in August; the lowest bid from a FACTA contractor wins."},
		}, filler("ewes", "lambs", "tractors", "fences")...)...),
		"law": memory(append([][]string{
			{"Court", "", "Court bundles are filed through CE-File by 16:00 the day before the hearing."},
			{"Bills", "", "Bills over £5,000 need a partner's sign-off before they go to the client."},
			{"Notes", "", "Attendance notes are typed up the same day and saved to the matter in Clio."},
			{"Seal", "", "The company seal is kept in the safe; only the company secretary may use it."},
			{"Keys", "", "Office keys are signed out at reception; a lost key means the locks are changed."},
			{"Conflicts", "", "Every new matter needs a conflict check before the engagement letter goes out."},
		}, filler("matters", "clients", "hearings", "fees")...)...),
		"shop": memory(append([][]string{
			{"Frames", "", "Frame sizes are measured from the bottom bracket to the top of the seat tube."},
			{"Chains", "", "Chains are replaced at 0.5% wear on the Park Tool checker."},
			{"Stock", "", "Stock is counted on the last Sunday of the month; Lightspeed adjusts on upload."},
			{"Tubes", "", "Inner tubes are sold singly; the rack by the till holds 700c and 29er."},
			{"Workshop", "", "The workshop fan must be off before the compressor runs, or the breaker trips."},
			{"Lights", "", "Lights on hire bikes are charged overnight on the bench by the back door."},
			{"Tools", "", "Cordless drills live in the blue crate under the counter."},
		}, filler("repairs", "sales", "bikes", "orders")...)...),
		"ward": memory(append([][]string{
			{"Ward", "", "The ward's fridge log is checked twice a day; readings over 8 °C go to pharmacy."},
			{"Cells", "", "A red cell in the rota spreadsheet means the shift is unfilled."},
			{"Notes", "", "Handover notes go in EPIC under the nursing tab, not in free text."},
			{"Beds", "", "Bed state is updated in the bed board app every two hours."},
			{"Badges", "", "A new starter's badge takes three working days from the security office."},
		}, filler("patients", "shifts", "nurses", "audits")...)...),
	}
}

// reviewCase is a task, the learning (by its text's start) it matches on
// one everyday word at or above the floor, and whether it must be chosen.
type reviewCase struct {
	name, mem, task, prefix string
	chosen                  bool
}

// checkReview runs each case on its memory and fails where the learning
// scores under the floor (soleBest's business, not commonWord's) or its
// choice is not the one wanted.
func checkReview(t *testing.T, cases []reviewCase) {
	t.Helper()
	mems := reviewMemories()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			ls := mems[tt.mem]
			r := Rank(ls, Context{Task: tt.task})
			text := textStarting(t, ls, tt.prefix)
			i := slices.IndexFunc(r.Matches, func(m Match) bool { return m.Learning.Text == text })
			if i < 0 {
				t.Fatalf("%q matches nothing of %q", tt.prefix, tt.task)
			}
			m := r.Matches[i]
			if m.Score < r.Floor {
				t.Fatalf("%q scores %.2f, under the floor %.2f", tt.prefix, m.Score, r.Floor)
			}
			if r.Chosen(m) != tt.chosen {
				t.Errorf("%q for %q: chosen %v, want %v (told %d, terms %v)", tt.prefix, tt.task, r.Chosen(m), tt.chosen, m.Told(), m.Terms)
			}
		})
	}
}

// TestCommonWordAbsentVerb holds that a word the memory lacks but the task
// uses as a verb ("can we bump", "how do I degrease") is what the task
// does, not the thing it is about: the everyday noun it shares with a
// learning is its subject, and the learning stays chosen.
func TestCommonWordAbsentVerb(t *testing.T) {
	checkReview(t, []reviewCase{
		{"bump", "web", "Can we bump Spring to 3.x now?", "The legacy billing", true},
		{"degrease", "shop", "how do I degrease a chain", "Chains are replaced", true},
		{"notarise", "law", "can I notarise with the seal", "The company seal", true},
		{"reupholster", "ward", "we need to reupholster the beds", "Bed state is", true},
	})
}

// TestCommonWordPlural holds that a task writing the everyday word in the
// plural ("fire drills", "tenders") is weighed as one writing it in the
// singular, though SCOWL grades the plural apart (see english.Level).
func TestCommonWordPlural(t *testing.T) {
	checkReview(t, []reviewCase{
		{"fire drills", "shop", "fire drills for the apprentices next week", "Cordless drills live", false},
		{"dinghy tenders", "farm", "tenders for the dinghy race at the sailing club", "Tenders for hedge", false},
		{"drills kept", "shop", "where are the drills kept?", "Cordless drills live", true},
		{"tenders out", "farm", "have the tenders gone out yet?", "Tenders for hedge", true},
	})
}
