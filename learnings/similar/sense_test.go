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
