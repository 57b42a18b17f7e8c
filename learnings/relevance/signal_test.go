package relevance

import (
	"fmt"
	"strings"
	"testing"
)

// TestOneSignalPerWord holds a word of the task and its camelCase pieces
// to one signal in a learning that writes the word ("GCPs" holds "gcps",
// "gc" and "ps"), as people and agents write identifiers, acronyms and
// their plurals and product names in tasks; a piece the task also writes
// on its own is a signal of its own, and a piece found alone stands for
// its word.
func TestOneSignalPerWord(t *testing.T) {
	for _, tc := range []struct {
		task, learning string
		paths          []string
		want           int
	}{
		{"How many GCPs should I put out for a 22 hectare site", "Use at least 5 GCPs for a survey under 10 ha.", nil, 1},
		{"How many GCPs should I put out for a 22 hectare site", "GCPs within 50 m of the site edge are dropped.", nil, 2},
		{"the DTOs lost a field after the mapper change", "DTOs are generated from the OpenAPI spec on every build.", nil, 1},
		{"the DTOs lost a field after the mapper change", "The mapper copies DTOs field by field.", nil, 3},
		{"URLs in the newsletter are broken", "URLs are rewritten by the click tracker.", nil, 1},
		{"uploadFile fails for big PDFs", "uploadFile retries three times before it gives up.", nil, 1},
		{"uploadFile fails for big PDFs", "uploadFile rejects PDFs over 20 MB.", nil, 2},
		{"DynamoDB throttles the nightly import", "DynamoDB on-demand mode costs more per write.", nil, 1},
		{"DynamoDB throttles the nightly import", "Dynamo streams lag by a minute under load.", nil, 1},
		{"DynamoDB throttles the nightly import", "DynamoDB throttles the import when it runs at peak.", nil, 3},
		{"OOMKilled on the worker pod again", "Pods get OOMKilled after the 1.29 upgrade.", nil, 2},
		{"OOMKilled on the worker pod again", "OOMKilled containers restart with backoff.", nil, 1},
		{"MinIO bucket is full", "MinIO needs a disk of its own.", nil, 1},
		{"the MacBook build fails on the signing step", "MacBook keychains lock after sleep.", nil, 1},
		{"getUserById returns null", "getUserById filters out soft-deleted rows.", nil, 1},
		{"getUserById returns null for deleted users", "getUserById filters out soft-deleted rows.", nil, 3},
		{"uploadFile and downloadFile both time out", "downloadFile streams in 1 MB chunks.", nil, 1},
		{"uploadFile and downloadFile both time out", "uploadFile and downloadFile share one HTTP client.", nil, 2},
		{"the upload fails in uploadFile", "uploadFile retries three times before it gives up.", nil, 2},
		{"retries pile up when offline", "UploadQueue retries forever when offline.", []string{"ios/UploadQueue.swift"}, 3},
		{"sync stalls", "SyncEngine stalls on a conflict.", []string{"app/SyncEngine.kt"}, 3},
		{"the ThermoStat setpoint resets", "ThermoStat reboots clear the setpoint.", nil, 2},
	} {
		t.Run(tc.task+" / "+tc.learning, func(t *testing.T) {
			ls := memory(append([][]string{{"Work", "", tc.learning}},
				chores(100, "The nightly job %d must finish before the %s export runs.", "catalogue", "staff", "invoice", "report")...)...)
			wantSignals(t, Rank(ls, Context{Task: tc.task, Paths: tc.paths}), tc.learning, tc.want)
		})
	}
}

// TestSignalsOfTheContext holds the context's own count of signals (what
// a match needs to be corroborated) to a word once with its camelCase
// pieces: a context counts as many as it does written in lower case.
func TestSignalsOfTheContext(t *testing.T) {
	for _, tc := range []struct {
		task  string
		paths []string
	}{
		{"GCPs", nil},
		{"How many GCPs should I put out", nil},
		{"uploadFile", nil},
		{"uploadFile fails, the upload never starts", nil},
		{"DynamoDB throttling", nil},
		{"OOMKilled", nil},
		{"MinIO bucket is full", nil},
		{"getUserById returns null for deleted users", nil},
		{"uploadFile and downloadFile both time out", nil},
		{"", []string{"ios/UploadQueue.swift"}},
		{"retries pile up", []string{"app/SyncEngine.kt", "app/SyncQueue.kt"}},
	} {
		t.Run(fmt.Sprint(tc.task, tc.paths), func(t *testing.T) {
			lower := make([]string, len(tc.paths))
			for i, p := range tc.paths {
				lower[i] = strings.ToLower(p)
			}
			got := newQuery(Context{Task: tc.task, Paths: tc.paths}).signals()
			want := newQuery(Context{Task: strings.ToLower(tc.task), Paths: lower}).signals()
			if got != want {
				t.Errorf("%d signals, %d written in lower case", got, want)
			}
		})
	}
}

// TestWrittenPathNamedAtHand holds a file name the task writes to the path
// at hand it names: one path, not two, so that a learning that names the
// file matches it once.
func TestWrittenPathNamedAtHand(t *testing.T) {
	for _, tc := range []struct {
		task  string
		paths []string
		want  []string // the paths at hand, as given
	}{
		{"Can you look at prepare.py and see why it drops images?", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py"}},
		{"prepare.py:147 raises KeyError on a job without GCPs", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py"}},
		{"odm/prepare.py is slow on big jobs", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py"}},
		{"see proc/odm/prepare.py", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py"}},
		{"see ./proc/odm/prepare.py", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py"}},
		{"Prepare.py fails", []string{"Proc/ODM/prepare.py"}, []string{"Proc/ODM/prepare.py"}},
		{"the bug is in Uploader.swift line 40", []string{`ios\Uploader.swift`}, []string{`ios\Uploader.swift`}},
		{"check `settings.yaml` first", []string{"proc/odm/prepare.py"}, []string{"proc/odm/prepare.py", "settings.yaml"}},
		{"prepare.py fails", []string{"proc/odm/prepare_test.py"}, []string{"proc/odm/prepare_test.py", "prepare.py"}},
		{"prepare.py fails", []string{"proc/odm/notprepare.py"}, []string{"proc/odm/notprepare.py", "prepare.py"}},
		{"api/handlers.go and handlers.go disagree", nil, []string{"api/handlers.go"}},
		{"handlers.go calls store.go", nil, []string{"handlers.go", "store.go"}},
		{"handlers.go:88 panics", []string{"internal/api/handlers.go", "internal/api/routes.go"}, []string{"internal/api/handlers.go", "internal/api/routes.go"}},
	} {
		t.Run(tc.task, func(t *testing.T) {
			var got []string
			for _, p := range newQuery(Context{Task: tc.task, Paths: tc.paths}).paths {
				got = append(got, p.given)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("paths at hand %q, want %q", got, tc.want)
			}
		})
	}
}

// wantSignals fails t unless r matches the learning whose text is text
// on want signals.
func wantSignals(t *testing.T, r Ranking, text string, want int) {
	t.Helper()
	for _, m := range r.Matches {
		if m.Learning.Text == text {
			if m.signals != want {
				t.Errorf("%d signals (%q), want %d", m.signals, m.Terms, want)
			}
			return
		}
	}
	t.Errorf("no match")
}
