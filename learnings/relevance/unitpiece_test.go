package relevance

import "testing"

// TestWordsOfUnitsAndShortNames holds a unit, a short mixed-case name and a
// letter alone to no camelCase pieces, as people write them in tasks, and
// a longer camelCase word, a name and a plural of capitals to theirs.
func TestWordsOfUnitsAndShortNames(t *testing.T) {
	for _, tc := range []struct {
		task    string
		want    []string // words read, as shown
		without []string // pieces that must not be read
	}{
		{"the 7kW chargers stop at 80%", []string{"7kw", "chargers"}, []string{"k", "w", "7k"}},
		{"her colleague is getting a new 22 kW one fitted", []string{"kw", "22"}, []string{"k", "w"}},
		{"the cost per kWh on the charger's display", []string{"kwh"}, []string{"k", "wh"}},
		{"wifi on 2.4GHz drops every hour", []string{"2", "4ghz"}, []string{"g", "hz", "4"}},
		{"the scanner runs at 433MHz", []string{"433mhz"}, []string{"433", "m", "hz"}},
		{"battery is 5000mAh but dies by noon", []string{"5000mah"}, []string{"m", "ah", "5000"}},
		{"noise over 85dB in the plant room", []string{"85db"}, []string{"d", "b", "85"}},
		{"the iOS app crashes on launch", []string{"ios"}, []string{"i", "os"}},
		{"export the 3D model for the client", []string{"3d"}, []string{"3", "d"}},
		{"no 4G signal at the depot", []string{"4g"}, []string{"4", "g"}},
		{"upload is capped at 800MB", []string{"800mb"}, []string{"800", "mb"}},
		{"do the IDs look any different", []string{"ids"}, []string{"i", "ds"}},
		{"the PTs keep asking about rota swaps", []string{"pts"}, []string{"p", "ts"}},
		{"IoT sensors drop off at night", []string{"iot"}, []string{"io", "t"}},
		{"her PhD students cannot log in", []string{"phd"}, []string{"ph", "d"}},
		{"the 16GB instance runs out of memory", []string{"16gb"}, []string{"16", "g", "b"}},
		{"iPad kiosk freezes on the welcome screen", []string{"ipad", "pad"}, []string{"i"}},
		{"the iPhone app logs out", []string{"iphone", "phone"}, []string{"i"}},
		{"uploadFile fails for big PDFs", []string{"uploadfile", "upload", "file"}, nil},
		{"privateStripeFrame never loads", []string{"stripe", "frame", "private"}, nil},
		{"DynamoDB throttles the writes", []string{"dynamodb", "dynamo", "db"}, nil},
		{"the MacBook build fails", []string{"macbook", "mac", "book"}, nil},
		{"How many GCPs should I put out", []string{"gcps", "gc", "ps"}, nil},
		{"the DTOs lost a field", []string{"dtos", "dt", "os"}, nil},
		{"OOMKilled on the worker pod", []string{"oomkilled", "oom", "killed"}, nil},
		{"MinIO bucket is full", []string{"minio", "min", "io"}, nil},
	} {
		t.Run(tc.task, func(t *testing.T) {
			var got []string
			for _, w := range wordsOf(tc.task) {
				got = append(got, w.shown)
			}
			checkRead(t, got, tc.want, tc.without)
		})
	}
}
