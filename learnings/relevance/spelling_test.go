package relevance

import "testing"

// TestSpellingsFindEachOther holds that a task finds the learning that
// spells its word the other side of the Atlantic, in either direction and
// in any inflection, and that a word spelt one way only finds no look-alike.
func TestSpellingsFindEachOther(t *testing.T) {
	tests := []findCase{
		{"change the colour of the grade badges", "Grade badge colors come from the theme.", true},
		{"which color is the warning banner", "The warning banner's colour is set per tenant.", true},
		{"a cancelled order still shows in the list", "Canceled orders are hidden after 24 hours.", true},
		{"when do we anonymise old records", "Records are anonymized after six years.", true},
		{"optimize the image pipeline", "Images are optimised on upload with sharp.", true},
		{"the data centre failover", "The secondary data center takes over in 90 s.", true},
		{"the licence key for the editor", "Editor license keys live in 1Password.", true},
		{"labeling the parcels", "Parcel labelling runs on the Zebra printer.", true},
		{"the product catalog import", "The catalogue import reads the supplier's CSV.", true},
		// One spelling only: "motor" is no "motour", "size" no "sise".
		{"the motor overheats", "The meter reading is wrong.", false},
		{"resize the uploads", "Prices are revised weekly.", false},
	}
	checkFinds(t, tests)
}
