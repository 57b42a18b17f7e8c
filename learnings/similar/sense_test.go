package similar

import "testing"

// TestSenseClash holds senseClash to the sense of "place" it reads as
// "put": a thing placed somewhere, not an order, a bid or a call placed,
// nor a thing placed at a time.
func TestSenseClash(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Put the printer profiles in `config/profiles/`.", "Place the printer profiles in `config/profiles/`.", true},
		{"Put the large banners on the second printer.", "Place the big banners on the second printer.", true},
		{"The build placed the artifacts in the wrong bucket.", "The build put the artifacts in the wrong bucket.", true},
		{"Put the bike on hold when the battery is low.", "Place the bike on hold when the battery is low.", true},
		{"Put the spare keys into the grey box behind the till.", "Place the spare keys into the grey box behind the till.", true},
		{"Place the stationery order before noon on Thursdays.", "Put the stationery order before noon on Thursdays.", false},
		{"Place a bid for the lot before the auction closes.", "Put a bid for the lot before the auction closes.", false},
		{"Place the supplier call at 9am.", "Put the supplier call at 9am.", false},
		{"Place the seed order in March.", "Put the seed order in March.", false},
		{"Place the flour order on Mondays; the mill delivers on Wednesdays.", "Put the flour order on Mondays; the mill delivers on Wednesdays.", false},
		{"Place the bulk order in the morning, then put the crates in the cold room.", "Put the bulk order in the morning, then put the crates in the cold room.", false},
		{"Orders placed before 2 pm ship the same day.", "Orders placed before 2 pm are shipped the same day.", true},
	} {
		t.Run(c.a, func(t *testing.T) {
			for _, got := range []bool{!senseClash(c.a, c.b), !senseClash(c.b, c.a)} {
				if got != c.same {
					t.Errorf("senseClash(%q, %q) reads them alike: %v, want %v", c.a, c.b, got, c.same)
				}
			}
		})
	}
}

// TestMiddleSense holds the group of "middle" and "centre" to the place in
// the middle of a thing: a value of a setting, a name ("the middle
// locker", "the cost centre") or "middle" beside "center" in two settings
// are not read alike.
func TestMiddleSense(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Put the probe thermometer in the middle of the loaf.", "Put the probe thermometer in the centre of the loaf.", true},
		{"The fire assembly point is in the middle of the car park.", "The fire assembly point is in the center of the car park.", true},
		{"Stack the heavy crates in the middle.", "Stack the heavy crates in the centre.", true},
		{"The tooltip appears in the middle of the screen; the banner at the top.", "The tooltip appears in the centre of the screen; the banner at the top.", true},
		{"Set align-items to center on the toolbar.", "Set align-items to middle on the toolbar.", false},
		{"Set vertical-align to middle for the icons.", "Set vertical-align to center for the icons.", false},
		{"The spare sails are kept in the middle locker.", "The spare sails are kept in the centre locker.", false},
		{"Tag every resource with the cost centre.", "Tag every resource with the cost middle.", false},
		{"The logo is middle aligned in the header.", "The logo is centre aligned in the header.", false},
	} {
		t.Run(c.a, func(t *testing.T) {
			for _, got := range []bool{!senseClash(c.a, c.b), !senseClash(c.b, c.a)} {
				if got != c.same {
					t.Errorf("senseClash(%q, %q) reads them alike: %v, want %v", c.a, c.b, got, c.same)
				}
			}
		})
	}
}
