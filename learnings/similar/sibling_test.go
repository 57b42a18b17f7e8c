package similar

import "testing"

// TestOtherSubject holds Compare to otherSubject on fresh pairs written
// for it, in other domains than siblings.txt and siblings2.txt: a frame
// said of another subject is two facts, both ways round; a subject
// replaced with a word that says so, a name doing a job, a charge given
// to another holder, a reversed or another instruction, and a change
// after the subject stay updates; none is the same learning.
func TestOtherSubject(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		// Another subject in one frame: two facts.
		{"Tomatoes are watered every morning.", "Peppers are watered every morning.", Distinct},
		{"The east gate closes at 9 pm.", "The west gate closes at 9 pm.", Distinct},
		{"The `reindex` job runs on the batch queue.", "The `backfill` job runs on the batch queue.", Distinct},
		{"Loose tea is kept in the tin by the window.", "Coffee beans are kept in the tin by the window.", Distinct},
		{"Contractors must sign in at the front desk.", "Volunteers must sign in at the front desk.", Distinct},
		{"Grafana alerts go to the on-call channel.", "Sentry alerts go to the on-call channel.", Distinct},
		{"Dairy deliveries are checked against the order sheet and any short items are noted on the invoice before the driver leaves.", "Meat deliveries are checked against the order sheet and any short items are noted on the invoice before the driver leaves.", Distinct},

		// The second says it replaces the first: an update.
		{"Jenkins builds the release artefacts.", "GitHub Actions builds the release artefacts now.", Update},
		{"Nginx terminates TLS for the API.", "Caddy terminates TLS for the API instead of Nginx.", Update},
		{"The mailer sends through Mailgun.", "The mailer sends through Postmark instead of Mailgun.", Update},

		// A name alone doing a job: one holder replaced.
		{"Priya reviews every schema change.", "Tomasz reviews every schema change.", Update},
		{"Memcached is used for the page cache.", "Valkey is used for the page cache.", Update},

		// A frame that gives one holder a charge.
		{"The search team owns the ranking service.", "The catalogue team owns the ranking service.", Update},
		{"The infra team maintains the VPN.", "The security team maintains the VPN.", Update},

		// Opposites or an undo word: one instruction reversed.
		{"Enable query logging on the replica.", "Disable query logging on the replica.", Update},
		{"Prefer table-driven tests.", "Avoid table-driven tests.", Update},

		// The verb of an instruction, not a subject.
		{"Double the worker count before the sale.", "Halve the worker count before the sale.", Update},

		// A value, or a change after the subject: as before.
		{"Two cashiers open the store on Sundays.", "Three cashiers open the store on Sundays.", Update},
		{"The east gate closes at 9 pm.", "The east gate closes at 10 pm.", Update},
		{"Invoices are generated with Stripe Billing.", "Invoices are generated with Chargebee.", Update},
	})
}

// TestOtherAlternative holds Compare to otherAlternative on fresh pairs:
// two texts that reject different things for one choice are two facts,
// both ways round; the choice changed, or a rejection added, is an
// update; none is the same learning.
func TestOtherAlternative(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"Bundle the assets with esbuild instead of webpack for the admin app.", "Bundle the assets with esbuild instead of Parcel for the admin app.", Distinct},
		{"Use `httpx` instead of `requests` in the sync worker; it needs HTTP/2.", "Use `httpx` instead of `urllib3` in the sync worker; it needs HTTP/2.", Distinct},
		{"Page the on-call engineer rather than the team lead after midnight.", "Page the on-call engineer rather than the product owner after midnight.", Distinct},
		{"Not `time.Now` but `clock.Now` in the billing tests: the first one makes them flaky.", "Not `time.Since` but `clock.Now` in the billing tests: the first one makes them flaky.", Distinct},
		{"Order the flour from Millers & Co, not Bakeright.", "Order the flour from Millers & Co, not Grainhouse.", Distinct},

		{"Bundle the assets with esbuild instead of webpack for the admin app.", "Bundle the assets with Vite instead of webpack for the admin app.", Update},
		{"Not `time.Now` but `clock.Now` in the billing tests.", "Not `time.Now` but `fakeclock.Now` in the billing tests.", Update},
		{"Bundle the assets with webpack for the admin app.", "Bundle the assets with esbuild instead of webpack for the admin app.", Update},
		{"Order the flour from Millers & Co, not Bakeright.", "Order the flour from Grainhouse, not Bakeright.", Update},
	})
}

// TestOtherScope holds Compare to otherScope on fresh pairs, in other
// domains than siblings3.txt: a learning said of another scope ("for",
// an opening phrase of place, "also in", "in" after a name in code) is
// two facts, both ways round; a value in the same places (a span of
// time, a number, opposites), a place where a thing is kept, or a scope
// replaced with a word that says so stay updates; none is the same
// learning.
func TestOtherScope(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		// Another scope: two facts.
		{"Use `zod` for the signup form; the old validators miss empty strings.", "Use `zod` for the checkout form; the old validators miss empty strings.", Distinct},
		{"Permits for the marquee are filed with the council.", "Permits for the fireworks are filed with the council.", Distinct},
		{"On the night shift, the porter locks the side gate at 11 pm.", "On the weekend shift, the porter locks the side gate at 11 pm.", Distinct},
		{"In the Berlin office, visitors sign in on the tablet.", "In the Lisbon office, visitors sign in on the tablet.", Distinct},
		{"Run the linter before committing, also in the mobile app.", "Run the linter before committing, also in the admin dashboard.", Distinct},
		{"Use `freezegun` instead of `time.sleep` in the billing tests.", "Use `freezegun` instead of `time.sleep` in the reminder tests.", Distinct},
		{"Keep a spare key for the boiler room in the office safe.", "Keep a spare key for the plant room in the office safe.", Distinct},

		// A value in the same places: an update.
		{"Keep the audit logs for a week.", "Keep the audit logs for a month.", Update},
		{"Use `zod` for the signup form.", "Use `yup` for the signup form.", Update},
		{"On the night shift, the porter locks the side gate at 11 pm.", "On the night shift, the porter locks the side gate at midnight.", Update},
		{"Session data is cached in Redis.", "Session data is cached in Memcached.", Update},
		{"The gate opens for cars on the allow list.", "The gate opens for cars on the deny list.", Update},
		{"In the Berlin office, visitors sign in on the tablet.", "In the Berlin office, visitors sign in at the front desk.", Update},

		// The scope replaced, said so: an update.
		{"Use `zod` for the signup form.", "Use `zod` for the checkout form now.", Update},
	})
}

// TestOtherInstance holds Compare to otherInstance on fresh pairs: a name
// in code after a plural noun of its kind, changed, is another thing of
// that kind (two facts), both ways round, also with the words before the
// noun worded apart; a value in code after a verb, a version, or the
// name changed with a word that says so stay updates.
func TestOtherInstance(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"Name cache helpers `memoKey` and keep them in `pkg/cache`.", "Name cache helpers `evictOld` and keep them in `pkg/cache`.", Distinct},
		{"Register health checks `checkDB` in `cmd/api/main.go`.", "Register health checks `checkQueue` in `cmd/api/main.go`.", Distinct},
		{"Tag slow tests `TestImportLarge` with `//go:build slow`.", "Tag sluggish tests `TestExportAll` with `//go:build slow`.", Distinct},

		{"The importer reads `rows.csv` on start.", "The importer reads `rows_v2.csv` on start.", Update},
		{"The team prefers `pnpm` for the docs site.", "The team prefers `bun` for the docs site.", Update},
		{"Pin plugins `v1.4` in the lock file.", "Pin plugins `v1.6` in the lock file.", Update},
		{"Name cache helpers `memoKey` and keep them in `pkg/cache`.", "Name cache helpers `cacheKey` now and keep them in `pkg/cache`.", Update},
	})
}

// TestOtherClause holds Compare to otherClause on fresh pairs: the
// subject and the verb after a modal changed together, the rest kept, is
// two facts, both ways round; the modal alone, the subject alone with the
// modal reworded, or a value after the kept frame changed stay updates.
func TestOtherClause(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"The importer must skip rows without an order number (ticket #5120).", "The exporter has to flag rows without an order number (ticket #5120).", Distinct},
		{"The mobile app should cache invoices older than a year.", "The web client must hide invoices older than a year.", Distinct},
		{"Night porters must check the fire doors before midnight.", "Day staff should lock the fire doors before midnight.", Distinct},

		{"The importer must skip rows without an order number.", "The importer may skip rows without an order number.", Update},
		{"The importer must retry a failed batch 3 times.", "The importer should retry a failed batch 5 times.", Update},
	})
}
