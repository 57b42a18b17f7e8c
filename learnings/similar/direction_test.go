package similar

import "testing"

// TestDirectionClash holds directionClash to its cases: a direction
// turned round between the same words clashes, an infinitive "to" added
// or dropped, "from" for "off", "in to" for "into", and a word that takes
// its own preposition do not.
func TestDirectionClash(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Copy the file from the server.", "Copy the file to the server.", true},
		{"The vans arrive from the depot at 7am.", "The vans come to the depot at 7am.", true},
		{"Move the invoices into the archive.", "Move the invoices out of the archive.", true},
		{"The ferry to Dover leaves from berth 4.", "The ferry from Dover leaves from berth 4.", true},
		{"Remember to copy the logs from the server.", "Copy the logs from the server.", false},
		{"To rebuild the index, run make index.", "Run make index to rebuild the index.", false},
		{"Take the pan off the heat.", "Take the pan from the heat.", false},
		{"Log into the admin panel.", "Log in to the admin panel.", false},
		{"Draft posts are invisible to subscribers.", "Draft posts are hidden from subscribers.", false},
		{"Customers drop off their guitars at the desk.", "Customers deliver their guitars to the desk.", false},
		{"Copy the file from the server to your laptop.", "Copy the file to your laptop from the server.", false},
	} {
		t.Run(tc.a+"|"+tc.b, func(t *testing.T) {
			if got := directionClash(Prepare(tc.a), Prepare(tc.b)); got != tc.want {
				t.Errorf("directionClash(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
			if got := directionClash(Prepare(tc.b), Prepare(tc.a)); got != tc.want {
				t.Errorf("directionClash(%q, %q) = %v, want %v", tc.b, tc.a, got, tc.want)
			}
		})
	}
}
