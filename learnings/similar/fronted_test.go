package similar

import "testing"

// TestFrontedPassive holds a time or place fronted before a passive clause
// to the active clause that says it last, and a changed time, the roles
// swapped or another act beside it apart.
func TestFrontedPassive(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"On Mondays the PRs are opened by Dependabot.", "Dependabot opens the PRs on Mondays.", Same},
		{"On Mondays the security PRs are opened by Dependabot.", "Dependabot opens the security PRs on Mondays.", Same},
		{"Every Monday the recall letters are sent by the hygienist.", "The hygienist sends the recall letters every Monday.", Same},
		{"In winter the ski racks are waxed by the hire staff.", "The hire staff wax the ski racks in winter.", Same},
		{"At the end of each lesson the logbook is signed by the instructor.", "The instructor signs the logbook at the end of each lesson.", Same},
		{"During the breakfast show the playlist is picked by the producer.", "The producer picks the playlist during the breakfast show.", Same},
		{"On the wedding morning the bouquets are delivered by the florist's driver.", "The florist's driver delivers the bouquets on the wedding morning.", Same},
		{"On Mondays the PRs are opened by Dependabot.", "Dependabot opens the PRs on Tuesdays.", Distinct},
		{"In winter the ski racks are waxed by the hire staff.", "The ski racks wax the hire staff in winter.", Update},
		{"During the breakfast show the playlist is picked by the producer.", "The producer reads the traffic news during the breakfast show.", Distinct},
	})
	for _, tt := range []struct{ in, want string }{
		{"On Mondays the PRs are opened by Dependabot.", "the PRs are opened by Dependabot On Mondays."},
		{"In the lobby the kiosk is restarted by the night porter, then the tills.", "the kiosk is restarted by the night porter In the lobby, then the tills."},
		{"On Mondays PRs are opened by Dependabot.", ""},
		{"On Mondays, the PRs are opened by Dependabot.", ""},
		{"The PRs are opened by Dependabot on Mondays.", ""},
		{"In winter the ski racks are waxed with the hot iron.", ""},
	} {
		if got := frontedLast(tt.in); got != tt.want {
			t.Errorf("frontedLast(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
