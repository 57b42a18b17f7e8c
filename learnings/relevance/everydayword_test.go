package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/english"
)

// TestEverydaySubject holds that a task whose subject is a word common in
// English (SCOWL 10 or 20: build, van, charge, reception) chooses
// the learning about it when the memory holds that word in one or two
// learnings and another learning holds a rarer word of the task (laptop,
// sheeter, audiobook, orthodontist), on memories of several trades. A
// task word's weight is its rarity in the memory alone: weighing such a
// word less by its rarity in English (see the note on idfs in scan.rank)
// left these under the floor, where the rarer word's match at the floor
// keeps soleBest from choosing them.
func TestEverydaySubject(t *testing.T) {
	filler := func(words ...string) [][]string {
		return chores(40, "The nightly job %d must finish before the %s report runs.", words...)
	}
	coder := memory(append([][]string{
		{"Builds", "", "The build was slow because GOFLAGS set -race in the Makefile; drop it for local builds."},
		{"Tests", "", "Flaky specs came from the wall clock; inject a fake clock instead."},
		{"Laptops", "", "Laptops get a fresh disk image from IT every spring."},
		{"Storage", "", "Orthanc keeps DICOM studies on the second disk; prune it with the retention job."},
	}, filler("audit", "revenue", "orders", "stock")...)...)
	bakery := memory(append([][]string{
		{"Deliveries", "", "The van leaves at 06:15 with the shop orders."},
		{"Sheeter", "", "The dough sheeter's belt is replaced every March."},
		{"Proofing", "", "Sourdough proofs 14 hours in the retarder at 4 °C."},
		{"Allergens", "", "Coeliac customers get the gluten-free batch baked first, before any wheat flour is out."},
	}, filler("audit", "wages", "orders", "flour")...)...)
	library := memory(append([][]string{
		{"Charges", "", "Late charges are capped at 5 pounds per item; the cap lives in the loans policy."},
		{"Audiobooks", "", "Audiobooks are lent through BorrowBox, not the catalogue."},
		{"Holds", "", "A patron may have at most 15 active holds."},
		{"Kiosks", "", "Self-service kiosks read RFID tags at 13.56 MHz; metal shelves detune them."},
	}, filler("audit", "loans", "members", "events")...)...)
	dental := memory(append([][]string{
		{"Front desk", "", "Reception is covered by the hygienist on Tuesdays."},
		{"Handpieces", "", "Handpieces are oiled after every patient and logged against the chair."},
		{"Orthodontics", "", "The orthodontist sees patients here on the first Monday of the month."},
		{"X-rays", "", "Every radiograph needs a justification and a quality grade before the appointment closes."},
	}, filler("audit", "recalls", "invoices", "plans")...)...)
	tests := []struct {
		name   string
		ctx    Context
		prefix string
		memory string
	}{
		{"a build takes forever", Context{Task: "go build takes forever on my laptop"}, "The build was slow", "coder"},
		{"flaky tests", Context{Task: "flaky tests?"}, "Flaky specs came", "coder"},
		{"the van", Context{Task: "is the van gone before the sheeter is cleaned"}, "The van leaves", "bakery"},
		{"a charge", Context{Task: "her charge for the audiobook seems wrong"}, "Late charges are capped", "library"},
		{"reception", Context{Task: "who is on reception when the orthodontist is in?"}, "Reception is covered", "dental"},
		{"jargon beside", Context{Task: "orthanc is slow to load studies"}, "Orthanc keeps DICOM", "coder"},
	}
	memories := map[string][]*learnings.Learning{"coder": coder, "bakery": bakery, "library": library, "dental": dental}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := memories[tt.memory]
			r := Rank(ls, tt.ctx)
			text := textStarting(t, ls, tt.prefix)
			i := slices.IndexFunc(r.Matches, func(m Match) bool { return m.Learning.Text == text })
			if i < 0 {
				t.Fatalf("%q matches nothing of %q", tt.prefix, tt.ctx.Task)
			}
			if m := r.Matches[i]; !r.Chosen(m) {
				t.Errorf("%q not chosen for %q (terms %v, score %.2f, floor %.2f)", tt.prefix, tt.ctx.Task, m.Terms, m.Score, r.Floor)
			}
		})
	}
	// The tasks' subjects are common English words, else the test holds
	// nothing about them.
	for _, w := range []string{"build", "van", "charge", "reception"} {
		if english.Level(w) == 0 {
			t.Errorf("%q is no common English word (english.Level 0)", w)
		}
	}
}
