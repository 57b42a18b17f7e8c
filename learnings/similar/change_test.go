package similar

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wordCases are texts for the readers of oneChange's words: ASCII white
// space of every kind, marks, code spans, numbers glued to words and
// text outside ASCII, where wordSpace parts words at punctuation too.
var wordCases = []string{
	"Run `make gen` before `go test`.", " \t\n\v\f\r", "", "a", "  lead and trail  ",
	"v2 #123 vv #v1.5 v #x numpy<2 node18 python3.12 2x ms", "x\u00a0y\u0085z", "決済は「確認」が必要です。",
	"über-fast 30\u2009s", "tab\tsep\r\nline", "two three hundred", "#", "vv#",
}

// FuzzWordFields holds wordFields to strings.FieldsFuncSeq(s, wordSpace),
// which it stands for.
func FuzzWordFields(f *testing.F) {
	for _, s := range wordCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := slices.Collect(wordFields(s)), slices.Collect(strings.FieldsFuncSeq(s, wordSpace))
		if !slices.Equal(got, want) {
			t.Fatalf("wordFields(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzNumberLike holds numberLike to the rule it reads, as written with
// the strings package: the reference.
func FuzzNumberLike(f *testing.F) {
	for _, s := range wordCases {
		for w := range strings.FieldsSeq(s) {
			f.Add(w)
		}
	}
	for w := range numberWords {
		f.Add(w)
		f.Add("#" + w)
	}
	for w := range units {
		f.Add("v" + w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		trimmed := strings.TrimLeft(w, "#v")
		want := isNumber(trimmed) || units[trimmed] != "" || strings.ContainsAny(trimmed, "0123456789")
		if got := numberLike(w); got != want {
			t.Fatalf("numberLike(%q) = %v, want %v", w, got, want)
		}
	})
}

// kindPair is two texts and the verdict Compare gives them, either way
// round.
type kindPair struct {
	a, b string
	want Kind
}

// checkKindBothWays compares each pair both ways and shows the changes
// read on a wrong verdict.
func checkKindBothWays(t *testing.T, pairs []kindPair) {
	t.Helper()
	for _, tt := range pairs {
		t.Run(tt.a+" | "+tt.b, func(t *testing.T) {
			for _, p := range [2][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				if v := Compare(p[0], p[1]); v.Kind != tt.want {
					t.Errorf("%v (score %.2f, %s), want %v", v.Kind, v.Score, FormatChanges(Diff(p[0], p[1])), tt.want)
				}
			}
		})
	}
}

// TestNegationFormsOneChange holds an update whose negation is written
// another way beside its change ("doesn't show" and "does not display",
// "should not" and "must never", "mustn't" and "must not") to one change,
// and one that also drops or adds the negation to two (distinct).
func TestNegationFormsOneChange(t *testing.T) {
	tests := []kindPair{
		{"The fleet map doesn't show buses that stopped reporting more than an hour ago.", "The fleet map does not show buses that stopped reporting more than ten minutes ago.", Update},
		{"Do not run the fermentation backfill while the tanks are logging.", "Don't run the fermentation backfill while the tanks are cooling.", Update},
		{"The refill bot should not message patients after 9 pm.", "The refill bot must never message patients after 10 pm.", Update},
		{"Dispatch must not assign more than 3 orders to a driver.", "Dispatch mustn't assign more than 4 orders to a driver.", Update},
		{"The kiosk can't print receipts in French.", "The kiosk cannot print receipts in German.", Update},
		{"The exporter won't retry a batch after 5 failures.", "The exporter will not retry a batch after 8 failures.", Update},
		{"We never deploy the payments service on Fridays.", "We don't deploy the payments service on Mondays.", Update},
		{"The gym's check-in kiosk doesn't accept expired memberships.", "The gym check-in kiosk does accept expired memberships.", Update},
		{"The fleet map doesn't show buses that stopped reporting more than an hour ago.", "The fleet map shows buses that stopped reporting more than ten minutes ago.", Distinct},
		{"Don't run the fermentation backfill while the tanks are logging.", "Run the fermentation backfill while the tanks are cooling.", Distinct},
		{"The exporter never retries a batch after 5 failures.", "The exporter retries a batch after 8 failures.", Distinct},
	}
	checkKindBothWays(t, tests)
}

// TestFunctionStems holds functionStem to stopwords: every stop word's
// stem is one, and the words a change is made of are not.
func TestFunctionStems(t *testing.T) {
	for w := range stopwords {
		if !functionStem(stem(w)) {
			t.Errorf("functionStem(%q), the stem of the stop word %q, = false", stem(w), w)
		}
	}
	for _, w := range []string{"run", "not", "never", "before", "after", "below", "8", "scheduler", "send", "no", "without", "only"} {
		if functionStem(stem(w)) {
			t.Errorf("functionStem(%q) = true", stem(w))
		}
	}
}

// TestRewordedPlace holds an update worded apart around its change (a
// passive for an active clause, "B's A" for "A of B", a clause moved,
// "For Y, use X" for "Use X for Y") to one change, and
// texts that differ in two places, however worded, to none.
func TestRewordedPlace(t *testing.T) {
	tests := []kindPair{
		{"The invoices are generated by the billing worker at 2 am.", "The billing worker generates the invoices at 3 am.", Update},
		{"The nightly export of the orders table takes about 20 minutes.", "The orders table's nightly export takes about 45 minutes.", Update},
		{"Use `ruff` for linting the Python services.", "For linting the Python services, use `flake8`.", Update},
		{"Before you deploy the gateway, run `make smoke`.", "Run `make e2e` before you deploy the gateway.", Update},
		{"Release notes are reviewed by the docs team every Friday.", "The docs team reviews release notes every Monday.", Update},
		{"The staging database is refreshed from production by the ops bot.", "The ops bot refreshes the staging database from the backup.", Update},
		{"The retry budget of the payment client is 5 attempts.", "The payment client's retry budget is 3 attempts.", Update},

		{"The invoices are generated by the billing worker at 2 am.", "The receipts are generated by the billing worker at 3 am.", Distinct},
		{"Use `ruff` for linting the Python services.", "For formatting the Go services, use `gofmt`.", Distinct},
		{"The nightly export of the orders table takes about 20 minutes.", "The weekly export of the users table takes about 20 minutes.", Distinct},
		{"Name slow helpers `tryRenderPage` and keep them next to `cmd/server/main.go`.", "Name slow helpers `mustSyncCache` and keep them next to `cmd/worker/main.go`.", Distinct},
		{"Release notes are reviewed by the docs team every Friday.", "The security team reviews the threat model every Friday.", Distinct},
	}
	checkKindBothWays(t, tests)
}

// TestLooseSwapBesideChange holds an update that swaps words the same only
// in some sentences beside its change (looseGroups) to one change, the
// swap alone to an update at most (never the same learning), and a swap
// of opposites beside a change to two.
func TestLooseSwapBesideChange(t *testing.T) {
	tests := []kindPair{
		{"Stop the ingest worker before you rotate the Kafka certificates.", "End the ingest session before you rotate the Kafka certificates.", Update},
		{"The cache keeps a copy of every avatar for 7 days.", "The cache stores a copy of every avatar for 30 days.", Update},
		{"The migration drops the legacy `audit_v1` table after the backfill.", "The migration removes the legacy `audit_v2` table after the backfill.", Update},
		{"Each shipment record holds the carrier and the pickup time.", "Each shipment record contains the carrier and the delivery time.", Update},
		{"A cron job watches the inbox folder for new invoices.", "A cron job monitors the inbox folder for new receipts.", Update},
		{"Reload the routing table after changing a zone.", "Refresh the routing table after changing a region.", Update},
		{"The worker handles webhook retries in the `jobs` queue.", "The worker processes webhook retries in the `events` queue.", Update},
		{"The cache keeps a copy of every avatar for 7 days.", "The cache stores a copy of every avatar for 7 days.", Update},
		{"Stop the ingest worker before you rotate the Kafka certificates.", "Start the ingest session before you rotate the Kafka certificates.", Distinct},
		{"The uploader sends the report to the S3 bucket every night.", "The uploader receives the report from the S3 bucket every week.", Distinct},
		{"Open the admin console before running the seed script.", "Close the admin panel before running the seed script.", Distinct},
		{"The exporter sends the invoices to the accounting inbox at 6 am.", "The exporter emails the invoices to the accounting inbox at 7 am.", Update},
		{"Build logs are pushed to the archive bucket every 2 hours.", "Build logs are sent to the archive bucket every 4 hours.", Update},
		{"The ferry ramp runs on the backup hydraulics for 20 minutes.", "The ferry ramp operates on the backup hydraulics for 45 minutes.", Update},
		{"Patients can move an appointment online up to 24 hours before it.", "Patients can reschedule an appointment online up to 48 hours before it.", Update},
		{"The museum charges a 5 euro fee for late bag pickup.", "The museum charges a 7 euro surcharge for late bag pickup.", Update},
		{"Patients can move an appointment online up to 24 hours before it.", "Patients can cancel an appointment online up to 48 hours before it.", Distinct},
		{"The ferry ramp runs on the backup hydraulics for 20 minutes.", "The ferry ramp stops on the backup hydraulics after 20 minutes.", Distinct},
		{"Build logs are pushed to the archive bucket every 2 hours.", "Build logs are pulled from the archive bucket every 4 hours.", Distinct},
		{"Members can book a court online up to 7 days ahead.", "Members can cancel a court online up to 2 days ahead.", Distinct},
		{"The gateway accepts uploads of up to 20 MB.", "The gateway rejects uploads of over 20 MB.", Distinct},
	}
	checkKindBothWays(t, tests)
}

// TestAskedBesideChange holds a verb of finding out before "whether" or
// "if" to "check" there, beside a change and alone, and apart from it
// with an object between (a condition) or a change beside it.
func TestAskedBesideChange(t *testing.T) {
	tests := []kindPair{
		{"Check whether the dock is online before sending an unlock command.", "Find out whether the dock is online before sending a lock command.", Update},
		{"Find out whether the replica is in sync before the failover.", "Check whether the replica is in sync before the failover.", Same},
		{"See if the replica is in sync before the failover.", "Check if the replica is in sync before the failover.", Same},
		{"Determine whether the token expired before retrying.", "Verify if the token expired before retrying.", Same},
		{"Find out whether the replica is in sync before the failover.", "Find out whether the replica is in sync after the failover.", Update},
		{"Find the slow query logs if the nightly job fails.", "Check the slow query logs if the nightly job fails.", Update},
		{"Find out whether the replica is in sync before the failover.", "Find out why the replica is out of sync before the failover.", Distinct},
	}
	checkKindBothWays(t, tests)
}

// TestValueBesideSwap holds a changed value beside a one-word swap the
// same-learning reading takes as no change, or beside a swap of two
// common words the tables know in the same place (commonSwap), to one
// change, and a changed value beside another change to two: opposites,
// the names of other things, a second swap.
func TestValueBesideSwap(t *testing.T) {
	tests := []kindPair{
		{"The lift status page gets refreshed every five minutes.", "The lift status page is refreshed every ten minutes.", Update},
		{"Each tram can carry 180 passengers at peak times.", "Each tram can take 200 passengers at peak times.", Update},
		{"The thermostat keeps the server room at 21 °C overnight.", "The thermostat holds the server room at 19 °C overnight.", Update},
		{"The courier keeps parcels at the depot for 5 days.", "The courier holds parcels at the depot for 7 days.", Update},
		{"The morning report lists about 40 open tickets per team.", "The morning report shows about 60 open tickets per team.", Update},
		{"The pump runs for 20 minutes after each rain alarm.", "The pump works for 30 minutes after each rain alarm.", Update},
		{"The gallery opens at 10 am on Sundays.", "The gallery closes at 5 pm on Sundays.", Distinct},
		{"The museum shop starts its sale on 1 March.", "The museum shop ends its sale on 31 March.", Distinct},
		{"Uploads are capped at 50 MB per file on the portal.", "Downloads are capped at 500 MB per file on the portal.", Distinct},
		{"Dogs need a booster every 12 months at the clinic.", "Cats need a booster every 36 months at the clinic.", Distinct},
		{"The bakery oven heats the rye loaves to 230 °C.", "The bakery oven heats the spelt loaves to 210 °C.", Distinct},
		{"The tokenizer needs to validate emails with Unicode local parts (ticket #8596).", "The tokenizer should reject emails with Unicode local parts (ticket #2649).", Distinct},
		{"Name missing helpers `withStoreCheck` and keep them next to `cmd/server/main.go`.", "Name misleading helpers `newLoadScan` and keep them next to `cmd/server/main.go`.", Distinct},
		{"Deploys to the staging cluster get paused for 5 minutes after an alert.", "Deploys to the staging cluster are resumed for 10 minutes after an alert.", Distinct},
		{"Cache the map tiles for 5 minutes in `tiles/` on the edge.", "Cache the map tiles for 10 minutes in `maps/` on the edge.", Distinct},
		{"The nightly export gets slow above 5000 rows on the replica.", "The nightly export becomes fast above 9000 rows on the replica.", Distinct},
		// A unit on one side only: one verdict whichever text is stored
		// (numberRun once took a unit that valueRun, asked of the other
		// text first, did not).
		{"The courier keeps parcels at the depot for 5 days.", "The courier holds parcels at the depot for 7.", Distinct},
		{"The tram holds 180 people at peak times.", "The tram carries 200 at peak times.", Distinct},
		// A rate written with "a", "per" or "each" beside the changed
		// value is one change.
		{"A ride costs 1 euro to unlock plus 15 cents a minute.", "A ride costs 1 euro to unlock plus 20 cents per minute.", Update},
		{"The scanner reads 40 labels per second on the belt.", "The scanner reads 55 labels each second on the belt.", Update},
		{"Interns get 2 days of leave per month in their first year.", "Interns get 3 days of leave a month in their first year.", Update},
	}
	checkKindBothWays(t, tests)
}

// TestReadWordsThroughMemo holds the memo lint reads words through to
// reading each field afresh: on every text of the development pair sets,
// read in order with one memo per set (so later texts meet fields read
// before, in other sentences and spans) and then again backwards, and on
// texts where one field is in prose and in code, or starts or ends a run
// of phrases.
func TestReadWordsThroughMemo(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found %d development pair files, want the sets", len(files))
	}
	sets := map[string][]string{
		"code and prose": {
			"Don't run `don't` here; `it's` fine, it's not.",
			"`never` is a flag, never use it",
			"Run `make gen` before `go test`; make gen isn't cached.",
			"`cannot` cannot `can't` can't",
			"Run `echo it's never done` and it's never done.",
			"The `gym's can't cannot fail` check: the gym's tests can't fail.",
		},
		"phrases": {
			"The cache is out of date after a deploy.",
			"The date is out of range; out of date builds fail.",
			"Tests run in parallel; parallel runs are flaky.",
			"date out of",
		},
		"word cases": wordCases,
	}
	for _, f := range files {
		for _, p := range loadPairsFrom(t, f) {
			sets[f] = append(sets[f], p.stored, p.cand)
		}
	}
	for name, texts := range sets {
		t.Run(name, func(t *testing.T) {
			var memo changeMemo
			check := func(s string) {
				got, want := readWords(s, &memo), readWords(s, nil)
				if !slices.Equal(got.words, want.words) || !slices.Equal(got.span, want.span) ||
					got.insteadOf != want.insteadOf || got.not != want.not {
					t.Errorf("%q through the memo reads %q %v, afresh %q %v", s, got.words, got.span, want.words, want.span)
				}
				for _, c := range []*changeText{got, want} {
					for i, w := range c.words {
						if c.number[i] != numberLike(w) {
							t.Errorf("%q: word %d %q is read as a number %v, numberLike says %v", s, i, w, c.number[i], numberLike(w))
						}
					}
				}
			}
			for _, s := range texts {
				check(s)
			}
			for i := len(texts) - 1; i >= 0; i-- {
				check(texts[i])
			}
		})
	}
}

// TestCitedElsewhere holds a learning cited at another file and line to
// one fact cited twice (distinct, not an update), whether the file is a
// path or a name a repository writes without an extension ("Makefile",
// "Dockerfile"), both ways round; a host and port, or a line changed
// beside a changed value, is no citation alone.
func TestCitedElsewhere(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"`Queue.Push` drops the message when the buffer is full; size it for bursts (found in `internal/queue/push.go:77`).", "`Queue.Push` drops the message when the buffer is full; size it for bursts (found in `Makefile:12`).", Distinct},
		{"The release image must be rebuilt after a base image update (see `Dockerfile:3`).", "The release image must be rebuilt after a base image update (see `deploy/release.sh:40`).", Distinct},
		{"Bundler resolves the private gems from the mirror (found in `Gemfile:8`).", "Bundler resolves the private gems from the mirror (found in `Jenkinsfile:51`).", Distinct},
		{"The dev proxy listens on `localhost:8080`.", "The dev proxy listens on `localhost:9090`.", Update},
		{"The cache keeps 200 entries (found in `Makefile:12`).", "The cache keeps 500 entries (found in `Makefile:12`).", Update},
	})
}

// TestNumberedNames holds a change in two places of only the numbers in
// names ("python3.11" and "pip23" to "python3.12" and "pip24") to one
// change, an update, and a change of names that hold numbers but whose
// letters differ ("NRGBA64" and "RGBA64", "Float32x4" and "Int8x16") to
// two places: other things named, not a version changed; both ways round.
func TestNumberedNames(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"The CI image ships python3.11 with pip23 preinstalled for the lint job.", "The CI image ships python3.12 with pip24 preinstalled for the lint job.", Update},
		{"Build the firmware with gcc12 and link it against newlib4 for the sensor board.", "Build the firmware with gcc13 and link it against newlib5 for the sensor board.", Update},
		{"NRGBA64 is an in-memory image whose At method returns `color.NRGBA64` values.", "RGBA64 is an in-memory image whose At method returns `color.RGBA64` values.", Distinct},
		{"`SplatFloat32x4` fills every lane with x; `Mask32x4` is set where the lane is non-zero.", "`SplatInt8x16` fills every lane with x; `Mask8x16` is set where the lane is non-zero.", Distinct},
	})
}

// TestClauseWithoutSpaces holds a changed clause of a script written
// without spaces, which oneChange reads as one word, to another thing
// said (distinct), and a changed name in it to a value (an update), both
// ways round.
func TestClauseWithoutSpaces(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"決済サービスの設定は起動時に一度だけ読む。本番の鍵はテストで使わないこと（チケット #4410）。", "決済サービスの設定は起動時に一度だけ読む。ログの日付は協定世界時で書くこと（チケット #4410）。", Distinct},
		{"Der Export scheitert bei langen Dateinamen (アップロードは五回まで再試行する), siehe PR #88.", "Der Export scheitert bei langen Dateinamen (通知メールは英語で送信する), siehe PR #88.", Distinct},
		{"The shipping API rejects addresses in 東京 without a postcode.", "The shipping API rejects addresses in 大阪 without a postcode.", Update},
	})
}

// TestGetInCodeStaysGet holds "get" to a word of prose before it reads as
// the "be" of a passive: "`go get` updated the modules" runs a command, it
// is not "the modules were updated".
func TestGetInCodeStaysGet(t *testing.T) {
	for _, tc := range []struct {
		text string
		be   bool
	}{
		{"Staff get told a week ahead.", true},
		{"Run `go get` updated modules in CI.", false},
		{"`go get` updated the lock file.", false},
		{"The `get` paid endpoint is cached.", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			ws := readWords(tc.text, nil).words
			if got := slices.Contains(ws, beReading); got != tc.be {
				t.Errorf("words %q: reads get as be %v, want %v", ws, got, tc.be)
			}
		})
	}
}
