package similar

import "testing"

// TestCoordinatedLists reads a list of things joined by "and" or "or"
// under one verb or one predicate in any order, in other sentences than
// synonyms6.txt's, each way round; and holds apart lists whose things
// trade words or values, clauses with verbs of their own, and an order
// that "then" states.
func TestCoordinatedLists(t *testing.T) {
	tests := []samePair{
		{"Run the e2e suite and the smoke tests on release branches.", "Run the smoke tests and the e2e suite on release branches.", true},
		{"Staging and production use separate Redis instances.", "Production and staging use separate Redis instances.", true},
		{"The backup covers the user uploads and the audit log.", "The backup covers the audit log and the user uploads.", true},
		{"Access tokens or API keys must never be logged.", "API keys or access tokens must never be logged.", true},
		{"The exporter writes refunds, chargebacks and payouts to the ledger.", "The exporter writes payouts, refunds and chargebacks to the ledger.", true},
		{"Run the linter on the API and the tests on the web app.", "Run the linter on the web app and the tests on the API.", false},
		{"Store uploads in S3 and metadata in Postgres.", "Store metadata in S3 and uploads in Postgres.", false},
		{"Deploy the API and test the web app.", "Deploy the web app and test the API.", false},
		{"Staging uses Redis 6 and production uses Redis 7.", "Staging uses Redis 7 and production uses Redis 6.", false},
		{"Run lint and then the unit tests.", "Run the unit tests and then lint.", false},
		{"Use pnpm and not npm.", "Use npm and not pnpm.", false},
		{"The api tests and the web lint run on push.", "The web tests and the api lint run on push.", false},
		{"Keep 2 replicas and 3 shards per region.", "Keep 3 replicas and 2 shards per region.", false},
		{"Admins can edit invoices and view payouts.", "Admins can view invoices and edit payouts.", false},
	}
	checkSameBothWays(t, tests)
}
