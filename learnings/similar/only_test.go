package similar

import "testing"

// TestOnlyScope holds the reading of "only" to what it limits: the words
// next to it, which no rotation of a clause parts (onlyGlued), and the
// agent of a passive when it stands before the verb or after the agent
// ("can only be changed by the head brewer", "by admins only").
func TestOnlyScope(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want Kind
	}{
		{"Only the head brewer can change the fermentation profile.", "The fermentation profile can only be changed by the head brewer.", Same},
		{"Only admins can delete a published episode.", "A published episode can be deleted by admins only.", Same},
		{"Only the harbour master may close the north gate.", "The north gate may be closed by the harbour master only.", Same},
		{"Only the charge nurse can sign the controlled drugs book.", "The controlled drugs book can only be signed by the charge nurse.", Same},
		{"Only the head brewer can change the recipe on weekdays.", "The head brewer can change the recipe on weekdays only.", Update},
		{"Only admins can delete published episodes.", "Admins can only delete published episodes.", Update},
		{"Only the night porter locks the side door at midnight.", "The night porter locks the side door at midnight only.", Update},
		// "Only deploy the API" may limit the API as well as the day.
		{"Deploy the API on Fridays only.", "Only deploy the API on Fridays.", Update},
	} {
		t.Run(c.a+" / "+c.b, func(t *testing.T) {
			for _, v := range []Verdict{Compare(c.a, c.b), Compare(c.b, c.a)} {
				if v.Kind != c.want {
					t.Errorf("%v (score %.2f), want %v", v.Kind, v.Score, c.want)
				}
			}
		})
	}
}
