package relevance

import "testing"

// TestRelatedWordsFindOtherWords holds that a task finds the learning that
// names its thing with another everyday word of relatedGroups, in either
// direction and in another inflection, and that a word of two senses
// left out of the groups does not.
func TestRelatedWordsFindOtherWords(t *testing.T) {
	tests := []findCase{
		{"client wants last year's statements again", "Customers download their invoices from the portal.", true},
		{"who signs off annual leave for the kitchen", "Holiday requests go to the head chef.", true},
		{"the depot van broke down on the ring road", "Trucks are serviced every 10,000 km.", true},
		{"gluten free lager failed its test", "Coeliac-safe batches must read under 20 ppm.", true},
		{"why is there vat on the posters", "Tax on printed books is zero-rated.", true},
		{"customer wants a refund for the smashed bottles", "A credit is issued once the photo arrives.", true},
		{"monthly takings look low", "Revenue is counted on the dispatch date.", true},
		{"the kids' lesson was cancelled", "A group needs at least four children.", true},
		{"nobody got a text when the alarm went off", "SMS alerts go through Twilio.", true},
		{"vendor sent the wrong paper", "Suppliers are paid on 60-day terms.", true},
		{"the flyers were printed on the wrong stock", "Leaflets ship in packs of 250.", true},
		// A word written as two has the joined word's synonyms.
		{"staff can't sign in on the tablets", "Logins expire after 8 hours.", true},
		{"my pay slip shows the wrong hours", "Payroll runs on the 25th.", true},
		{"customers get logged out after sign-in", "Logons go through the SSO broker.", true},
		// "register" (a till, or colour register) and "card" (a payment
		// card, or a business card) are in no group.
		{"the register at the counter is down", "The till prints receipts over Bluetooth.", false},
	}
	checkFinds(t, tests)
}
