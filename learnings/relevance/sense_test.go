package relevance

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/learnings/terms"
)

// bakeryMemory is a bakery chain's project memory in which a few words
// name two kinds of thing: bulk actions in the admin and the CI's
// workflow actions, a loyalty counter that resets and a password reset,
// receipt footers and a website's footer.
func bakeryMemory() [][]string {
	sessions := [][]string{
		{"Order list", "", "Bulk actions on the order list are limited to 100 rows; more time out."},
		{"Loyalty cards", "", "The loyalty stamp counter resets every January."},
		{"Receipts", "", "Receipt footers show the shop's VAT number."},
		{"Ticket printers", "", "Order tickets print on an Epson TM-T20 in every kitchen."},
		{"Flour", "", "Flour is delivered by Meyer on Tuesdays; their invoices come by post."},
		{"Accounts", "", "A password reset link expires after one hour."},
		{"Deploys", "", "Deploys run on GitHub Actions; third-party actions are pinned to a commit."},
		{"Mail", "", "We send emails through Postmark."},
		{"Sign-up", "", "The sign-up form must validate addresses before saving."},
		{"Staff discount", "", "Staff discount cards give 20% off at the till; the card carries the staff number."},
		{"Gift cards", "", "Gift cards never expire and are sold at the till."},
		{"Vans", "", "A market van permit is needed for the square; the permit hangs behind the windscreen."},
		{"Stock", "", "The stock count uses the handheld scanners; a scanner is charged overnight."},
		{"Staff rota", "", "The staff rota is published on Thursdays; shift swaps go through the manager."},
	}
	return append(sessions, chores(200, "The nightly job %d must finish before the %s export runs.", "orders", "stock", "staff", "shifts")...)
}

// TestAnotherKind holds that a learning sharing one word with the task is
// not chosen when it writes that word as another kind of thing than the
// task does ("bulk actions" for "github actions"), even when nothing else
// matches the task, and that it is chosen when it holds the task's word
// for the kind, writes the word bare somewhere ("an Epson", "by Meyer"),
// or the task writes it bare. Each "nil" case chose the learning before
// the rule.
func TestAnotherKind(t *testing.T) {
	ls := memory(bakeryMemory()...)
	tests := []struct {
		name   string
		task   string
		chosen []string
	}{
		{"github actions", "migrate the ci to github actions", []string{"Deploys run on GitHub Actions"}},
		{"absent subject", "our jenkins actions are slow", nil},
		{"password reset", "password reset mails never arrive", []string{"A password reset link expires"}},
		{"loyalty reset", "loyalty stamps reset too early", []string{"The loyalty stamp counter resets"}},
		{"reset bare", "when does the counter reset", []string{"The loyalty stamp counter resets"}},
		{"website footer", "add a newsletter box to the website footer", nil},
		{"receipt footer", "receipt footer is missing the vat number", []string{"Receipt footers show"}},
		{"actions bare", "which actions are limited", []string{"Bulk actions on the order list"}},
		{"name written bare", "the new epson jams every morning", []string{"Order tickets print on an Epson"}},
		{"name after a preposition", "meyer invoice is late", []string{"Flour is delivered by Meyer"}},
		// A verb before the word is no kind of it.
		{"verb after a pronoun", "welcome emails go to spam", []string{"We send emails through Postmark"}},
		{"verb after a modal", "shipping addresses come out garbled", []string{"The sign-up form must validate addresses"}},
		// A word of the task most of the memory holds ("staff", "stock")
		// is no second sign that another kind of thing is the task's.
		{"common word beside another kind", "staff gift card balance is wrong", []string{"Gift cards never expire"}},
		{"common word, the kind referred back to", "staff parking permit renewals", []string{"Staff discount cards give 20% off"}},
		{"common word, same kind", "staff discount card for a new baker", []string{"Staff discount cards give 20% off"}},
		{"two uncommon words", "market van permit for the square", []string{"A market van permit is needed"}},
		// A possessive says whose thing it is, not which kind: "Amy's
		// rota" is the staff rota, not another kind beside it.
		{"possessive before the word", "Amy's rota shows no shifts", []string{"The staff rota is published"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, m := range Rank(ls, Context{Task: tt.task}).Relevant() {
				got = append(got, m.Learning.Text)
			}
			var want []string
			for _, p := range tt.chosen {
				want = append(want, textStarting(t, ls, p))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%q: chosen (-want +got):\n%s", tt.task, diff)
			}
		})
	}
}

// TestOtherKind holds that a text which names another kind of the task's
// thing once and then refers back to it ("a van permit ... the permit")
// still means that kind, while a bare first mention, the task's own
// modifier anywhere or a verb before the word leave it the task's.
func TestOtherKind(t *testing.T) {
	tests := []struct {
		text, word string
		mods       []string
		task       []string // the task's other words
		want       bool
	}{
		{"Residents need a van permit to bring a van; the permit is tied to the number plate.", "permit", []string{"parking"}, nil, true},
		{"The permit is tied to the number plate; a van permit allows 12 visits.", "permit", []string{"parking"}, nil, false},
		{"A van permit allows 12 visits a year; a parking permit is separate.", "permit", []string{"parking"}, nil, false},
		{"Bulk actions are limited to 100 rows; these actions time out on large lists.", "actions", []string{"github"}, nil, true},
		{"Bulk actions are limited to 100 rows; actions time out on large lists.", "actions", []string{"github"}, nil, false},
		{"A season pass costs 400 euros; this pass ends on the last day of April.", "pass", []string{"ski"}, nil, true},
		{"A season pass costs 400 euros and the pass is personal.", "pass", []string{"season"}, nil, false},
		{"The loyalty counter resets in January; that reset also clears the vouchers.", "reset", []string{"password"}, nil, true},
		{"The printer jams on thick card; the printer in the office is fine.", "printer", []string{"label"}, nil, false},
		// A word of the task before it is no other kind: "staff" in
		// "staff lock" for "row lock waits when two staff save".
		{"Volunteer staff lock the cloakroom at the interval.", "lock", []string{"row"}, []string{"staff", "save"}, false},
		{"Volunteer staff lock the cloakroom at the interval.", "lock", []string{"row"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var mods []string
			for _, m := range tt.mods {
				mods = append(mods, terms.Stem(m))
			}
			var task []string
			for _, w := range tt.task {
				task = append(task, terms.Stem(w))
			}
			if got := otherKind(tt.text, terms.Stem(tt.word), mods, task); got != tt.want {
				t.Errorf("otherKind(%q, %q, %q) = %v, want %v", tt.text, tt.word, tt.mods, got, tt.want)
			}
		})
	}
}

func TestModifiersOf(t *testing.T) {
	tests := []struct {
		task string
		want map[string][]string
	}{
		{"github actions", map[string][]string{"action": {"github"}}},
		{"the actions", map[string][]string{}},
		{"password reset mails, reset it", map[string][]string{"mail": {"reset"}}},
		{"firmware update", map[string][]string{}},
		{"fix the 2 footers", map[string][]string{}},
		{"website footer and mobile footer", map[string][]string{"footer": {"websit", "mobil"}}},
		// A possessive says whose thing it is, not which kind: the "s" of
		// "Sophie's" is no modifier of "badge", and the thing stands bare.
		{"Sophie's badge", map[string][]string{}},
		{"the teacher’s tablet", map[string][]string{}},
		{"the kiosk tablet", map[string][]string{"tablet": {"kiosk"}}},
		{"the car park's height limit", map[string][]string{"park": {"car"}, "limit": {"height"}}},
		{"Ben's teacher and the swim teacher", map[string][]string{}},
		{"the kids' swim caps", map[string][]string{"cap": {"swim"}}},
		{"the 'swim badge' page", map[string][]string{"badg": {"swim"}}},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, modifiersOf(tt.task)); diff != "" {
				t.Errorf("modifiersOf(%q) (-want +got):\n%s", tt.task, diff)
			}
		})
	}
}
