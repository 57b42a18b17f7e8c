package relevance

import "testing"

// spelledCases are tasks and learnings that write one word differently:
// joined ("setup", "frontend"), split ("set up", "front end"), hyphenated
// ("set-up") or in camelCase ("FrontEnd"), as people and agents write
// verbs with their particle, nouns of two nouns and product words; and
// pairs that look alike but are not one word ("every day" is not
// "everyday", "work out" the sum is no workout, "on line 40" is not
// online).
var spelledCases = []findCase{
	// A task's joined word in a learning that writes it split.
	{"setup takes forever on a new laptop", "Set up everything with the bootstrap script, not by hand.", true},
	{"the dev setup is broken", "To set up a fresh box, run make bootstrap first.", true},
	{"login broken after the deploy", "Users log in through Okta; the local form is gone.", true},
	{"login page blank", "Staff who log in with a password land on the old dashboard.", true},
	{"checkout hangs at payment", "Check out is slow when the basket has more than 50 lines.", true},
	{"backup restore failed", "Back up the volume before resizing it.", true},
	{"backups are missing", "The nightly back up job writes to the cold bucket.", true},
	{"rollout to the EU region stalled", "Roll out to one cluster at a time; Frankfurt goes last.", true},
	{"rollback took an hour", "Roll back by redeploying the previous tag, never by reverting.", true},
	{"cleanup job deletes too much", "Clean up only runs on buckets tagged ephemeral.", true},
	{"lookup takes ages for big tenants", "Look up customers by slug, which is indexed, not by name.", true},
	{"signup emails never arrive", "Sign up requires a verified domain on the mailer.", true},
	{"shutdown hangs", "Shut down drains the queue first, up to 30 s.", true},
	{"fallback font is wrong", "The fall back for Arabic text is Noto Naskh.", true},
	{"walkthrough for new hires is stale", "The walk through for new starters lives in the wiki.", true},
	{"handoff between shifts loses notes", "The hand off must be signed by both nurses.", true},
	{"kickoff meeting notes", "The kick off deck is in the shared drive.", true},
	{"the signoff is missing on the release", "Sign off needs two approvals on the PR.", true},
	{"the cutover weekend plan", "Cut over happens on Saturday night, with the old system read-only.", true},
	{"pickup slots are full", "Pick up windows open at 6 am each day.", true},
	{"the database is slow", "The data base is vacuumed every night at 02:00.", true},
	{"timestamp is off by an hour", "The time stamp is written in local time, not UTC.", true},
	{"timestamps drift", "Every time stamp comes from the NTP-synced host.", true},
	{"hardcoded prices in the template", "Tax rates are hard coded in the invoice footer.", true},
	{"webhook retries", "The web hook is signed with the shared secret.", true},
	{"username with spaces breaks", "A user name may hold a tab; quote it in the shell.", true},
	{"the filename has a colon", "The file name must not hold a backslash on Windows.", true},
	{"frontend build hangs", "The front end bundle uses Vite with a warm cache.", true},
	{"backend timeouts", "The back end times out at 30 s.", true},
	{"keyboard shortcuts stopped working", "Key board short cuts are off in kiosk mode.", true},
	{"the workflow is stuck", "The work flow waits for a manager's approval.", true},
	{"codebase is huge", "The code base is split into 40 modules.", true},
	{"namespace is missing", "Each tenant gets a name space of its own.", true},
	{"the endpoint returns 500", "The end point needs the API key header.", true},
	{"dataset is too big", "The data set is sampled to 10% for tests.", true},
	{"the dropdown is empty", "The drop down loads its options lazily.", true},
	{"the checkbox is disabled", "The check box stays greyed out until the terms are read.", true},
	{"payload too large", "The pay load limit is 6 MB on the gateway.", true},
	{"sidebar overlaps the map", "The side bar collapses under 800 px.", true},
	{"the toolbar icons are blurry", "Tool bar buttons are SVG sprites.", true},
	{"homepage loads slowly", "The home page preloads the hero image.", true},
	{"the breakpoint is not hit", "A break point in a goroutine needs dlv's follow mode.", true},
	{"lifecycle hooks run twice", "Life cycle callbacks fire once per mount.", true},
	{"email bounces", "E mail goes through Postmark.", true},
	// A task's split word in a learning that writes it joined,
	// hyphenated or in camelCase.
	{"can't set up the printer", "Setup needs the driver from the vendor site.", true},
	{"users can't log in", "Login sessions expire after 12 h.", true},
	{"how do I check out the branch", "Checkout of a detached tag needs -b.", true},
	{"back up the photos", "Backups go to Glacier every night.", true},
	{"roll out the new pricing", "The rollout is behind a flag.", true},
	{"the front end is slow", "FrontEnd bundles are split per route.", true},
	{"data base migrations", "Database migrations run in one transaction.", true},
	{"time stamp format", "Timestamps are ISO 8601.", true},
	{"web hook fails", "Webhooks are signed with HMAC-SHA256.", true},
	{"the user name field", "Usernames are lower-cased on save.", true},
	{"the sign-off step", "The signoff needs a manager.", true},
	{"set-up on macOS", "Setup needs Homebrew.", true},
	{"the e-mail template", "Email templates live in templates/mail.", true},
	{"hard-coded URL", "Never hardcode the URL; read it from env.", true},
	{"the web-hook secret", "Web hook secrets rotate monthly.", true},
	{"the check-out page", "Check out calls the tax service first.", true},
	{"the roll-out plan", "Roll out goes region by region.", true},
	{"the front-end build", "Front end builds run on the big runners.", true},
	{"the data-base is locked", "The data base lock is taken by the nightly job.", true},
	// A task that hyphenates a verb and its particle and also writes
	// them apart: the hyphen makes the word the task's own, whichever
	// comes first.
	{"the set-up on macOS: can't set up", "Set up needs Homebrew.", true},
	{"can't set up; the set-up on macOS", "Set up needs Homebrew.", true},
	{"the check-out page: check out fails", "Check out calls the tax service first.", true},
	// Not one word: the closed form says another thing, or the parts
	// are no compound.
	{"everyday carry list is empty", "Backups run every day at 02:00.", false},
	{"anyone can edit the roster", "Any one of the three replicas serves reads.", false},
	{"sometime this week the export broke", "Some time zones have no daylight saving.", false},
	{"nobody can see the invoice", "No body is sent with a 204 reply.", false},
	{"online payments fail", "On line 40 the parser trips on a tab.", false},
	{"the workout plan does not sync", "Work out the VAT before rounding the total.", false},
	{"makeup artist bookings", "Make up the shortfall from the float.", false},
	{"the turnover report is wrong", "Turn over the card to read the code.", false},
	{"login fails", "Keep the log in /var/log rotated daily.", false},
	{"login fails", "Readings are logged in the tank sheet.", false},
	{"login fails", "We log in the returned parcels by hand.", false},
	{"setup fails", "Set the timer up to 30 minutes.", false},
	{"timestamp is wrong", "The time, stamp and user go in the audit log.", false},
	{"database is slow", "The data is kept in the base image.", false},
	{"frontend build", "The end of the front page.", false},
	{"checkout is slow", "Check the cart out of hours.", false},
	{"upload fails", "Pick up loads from the depot.", false},
	{"income report", "Mail comes in come rain or shine.", false},
	{"the island view", "The cache is land-locked to one region.", false},
}

// TestOneWordSpelledManyWays holds spelledCases: a task finds a
// learning that writes one of its words joined, split, hyphenated or in
// camelCase where the task writes it another way, and no pair of words
// whose closed form says another thing.
func TestOneWordSpelledManyWays(t *testing.T) {
	checkFinds(t, spelledCases)
}

// TestOneWordOneSignal holds a word written split in the task ("front
// end") to one signal, as a word and its camelCase pieces are, where it
// is one word: the task hyphenates it, writes it joined elsewhere, or the
// memory writes it joined; two words that make no word the memory holds
// ("cache timeout") stay two.
func TestOneWordOneSignal(t *testing.T) {
	for _, tc := range []struct {
		task, learning, other string
		want                  int
	}{
		{"front end tests are flaky", "Frontend tests need TZ=UTC.", "The frontend router lazy-loads each page.", 2},
		{"front end tests are flaky", "Front end tests need TZ=UTC.", "The frontend router lazy-loads each page.", 2},
		{"front end tests are flaky", "Front-end tests need TZ=UTC.", "", 2},
		{"front-end tests are flaky", "Front end tests need TZ=UTC.", "", 2},
		{"the frontend and the front end tests both fail", "Front-end tests need TZ=UTC.", "", 2},
		{"the frontend tests fail", "Front end tests need TZ=UTC.", "", 2},
		{"the FrontEnd tests fail", "Front end tests need TZ=UTC.", "", 2},
		{"set up of the printer fails", "The setup of the printer needs the vendor driver.", "", 2},
		{"data base restore is slow", "Restore the data base from the nightly dump.", "The database has 40 tables.", 2},
		{"time stamp is wrong in exports", "Exports write each time stamp in UTC.", "Timestamps come from NTP.", 1},
		{"web hook fails on retry", "The webhook fails on a retry storm.", "", 3},
		{"cache timeout is too short", "The cache timeout is 30 s.", "", 2},
		{"cache timeout is too short", "The cache timeout is 30 s.", "Timeouts of the cache are set per route.", 2},
		{"user name is lost", "The user name is lost on a save.", "", 3},
		{"user name is lost", "The user name is lost on a save.", "Usernames are lower-cased.", 2},
		// "end" is a word of the task on its own too.
		{"the front end stalls at the end of an upload", "The front end stalls at the end of every upload.", "The frontend router lazy-loads each page.", 4},
		{"the front end stalls on an upload", "The front end stalls on every upload.", "The frontend router lazy-loads each page.", 3},
	} {
		t.Run(tc.task+" / "+tc.learning, func(t *testing.T) {
			sessions := [][]string{{"Work", "", tc.learning}}
			if tc.other != "" {
				sessions = append(sessions, []string{"Other", "", tc.other})
			}
			ls := memory(append(sessions, chores(100, "The nightly job %d must finish before the %s export runs.", "catalogue", "staff", "invoice", "report")...)...)
			wantSignals(t, Rank(ls, Context{Task: tc.task}), tc.learning, tc.want)
		})
	}
}
