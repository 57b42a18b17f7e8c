package memgen

// The vocabulary is large enough that two generated learnings rarely
// coincide by chance, so duplicate detection in benchmarks sees a realistic
// mix: mostly distinct learnings plus the near-duplicates added on purpose.

var projects = []string{
	"acme-sync", "billing-api", "learn", "atlas-web", "ledger-core", "kiosk-app",
	"café-ops", "データ連携", "orbit-cli", "harbor-infra",
}

var focusVerbs = []string{
	"Retry logic for", "Refactor of", "Flaky tests in", "Migration of", "Performance work on",
	"Bug hunt in", "Docs for", "Security review of", "Caching for", "Logging in",
	"Error handling in", "Release prep for", "Onboarding notes on", "Cleanup of",
	"Observability for", "Pagination in", "Auth flow of", "Build speed of",
}

var components = []string{
	"the sync client", "the billing worker", "the CLI parser", "the HTTP router",
	"the session store", "the config loader", "the search index", "the import job",
	"the webhook handler", "the rate limiter", "the cache layer", "the migration runner",
	"the metrics exporter", "the auth middleware", "the PDF renderer", "the queue consumer",
	"the file watcher", "the template engine", "the retry policy", "the feature flags",
	"the payment gateway", "the résumé parser", "the i18n loader", "the 日本語 tokenizer",
	"the websocket hub", "the backup agent", "the scheduler", "the CSV exporter",
	"the diff viewer", "the notification service", "the plugin host", "the lock manager",
}

var identifiers = []string{
	"client.Do", "cfg.Load", "store.Put", "index.Rebuild", "queue.Ack", "auth.Verify",
	"router.Handle", "cache.Get", "job.Run", "db.BeginTx", "http.Client.Timeout",
	"ctx.Done", "os.Rename", "json.Unmarshal", "time.Now", "sync.Once", "errgroup.Go",
	"Parser.Next", "Writer.Flush", "Lock.TryLock", "Session.Close", "Limiter.Wait",
	"Exporter.Push", "Template.Execute", "Watcher.Add", "Hub.Broadcast", "Plan.Apply",
	"Migrator.Up", "Gateway.Charge", "Renderer.Page", "Loader.Locale", "Flags.Enabled",
}

var commands = []string{
	"make gen", "go test ./...", "go vet ./...", "npm run build", "npm ci", "pnpm lint",
	"docker compose up -d", "cargo clippy", "pytest -x", "make migrate", "buf generate",
	"terraform plan", "mix test", "bundle exec rspec", "go generate ./...", "make fixtures",
	"just check", "task lint", "uv sync", "poetry install", "golangci-lint run",
	"sqlc generate", "npx prettier --check .", "kubectl rollout status", "make e2e",
}

var files = []string{
	"README.md", "docs/api.md", "docs/architecture.md", "CONTRIBUTING.md", "Makefile",
	"internal/sync/client.go", "cmd/server/main.go", "config/default.yaml", "docs/deploy.md",
	"lib/auth.ex", "src/router.ts", "db/migrations/README.md", "docs/testing.md",
	"package.json", "docs/runbook.md", "pkg/cache/cache.go", "docs/i18n.md", "CHANGELOG.md",
	"docs/adr/0007-retries.md", "scripts/release.sh", ".github/workflows/ci.yml",
	"docs/security.md", "src/billing/invoice.py", "docs/glossary.md",
}

var anchors = []string{
	"retries", "usage", "setup", "testing", "timeouts", "auth", "errors", "deploy",
	"caching", "limits", "configuration", "migrations", "i18n", "release",
}

var constraints = []string{
	"cap at %d s", "retry at most %d times", "time out after %d ms", "keep pages under %d items",
	"hold the lock for less than %d ms", "batch at most %d rows", "keep payloads below %d KB",
	"expire after %d minutes", "use at most %d workers", "log at most %d lines per request",
	"stay under %d MB of memory", "flush every %d records",
}

var reasons = []string{
	"the API gateway drops idle connections at 60 s",
	"the upstream rate limit is per IP, not per token",
	"CI runs on 2 cores and times out otherwise",
	"the database replica lags by a few seconds",
	"production logs are billed per GB",
	"the mobile client retries on its own",
	"the vendor SDK is not thread-safe",
	"old clients still send the v1 payload",
	"the staging cluster shares one Redis",
	"users on slow networks hit the timeout first",
	"the legal team requires an audit trail",
	"generated files are not committed",
	"the cron job overlaps with the nightly backup",
	"the linter in CI is stricter than the local one",
	"Windows checkouts use CRLF line endings",
	"the cache key ignores the locale (ça casse les accents)",
	"the tokenizer splits 東京 into two tokens",
	"the queue redelivers after 30 s without an ack",
	"the team reviews every migration by hand",
	"emoji like 🚀 and ✅ break the old CSV export",
}

var behaviours = []string{
	"retries only idempotent methods",
	"returns a nil error on a partial write",
	"is not safe for concurrent use",
	"reads the whole body into memory",
	"silently ignores unknown fields",
	"holds a global lock while it runs",
	"panics on an empty slice",
	"caches the result for the process lifetime",
	"swallows context cancellation",
	"allocates a new buffer per call",
	"sorts keys only when asked to",
	"returns times in UTC, not local time",
	"follows symlinks unless told otherwise",
	"normalises Unicode to NFC (é stays one rune)",
	"blocks until the first message arrives",
	"does not close the underlying reader",
}

var consequences = []string{
	"POST needs an Idempotency-Key header",
	"wrap it in a mutex before sharing it",
	"stream large uploads instead",
	"check the byte count, not only the error",
	"call it once at startup",
	"pass a context with a deadline",
	"guard the call with a length check",
	"convert to local time before printing",
	"close the reader yourself",
	"use the pooled variant in hot paths",
	"set DisallowUnknownFields in handlers",
	"resolve the path with EvalSymlinks first",
	"add a regression test before touching it",
	"document the behaviour in the runbook",
}

var preferences = []string{
	"prefers table-driven tests over one test per case",
	"wants error messages in lower case without trailing punctuation",
	"prefers small pull requests, one concern each",
	"wants `--json` output on every new command",
	"prefers early returns over nested if blocks",
	"wants comments that explain why, not what",
	"prefers British spelling in user-facing text (summarise, colour)",
	"wants commit messages in the imperative mood",
	"prefers `errors.Is` over string matching",
	"wants new dependencies discussed before adding them",
	"prefers golden files for long outputs",
	"wants the changelog updated in the same PR",
	"prefers explicit names over abbreviations",
	"wants benchmarks for anything on the hot path",
}

var requirements = []string{
	"must support", "has to accept", "should reject", "must log", "must expose",
	"needs to validate", "must never store", "has to keep", "must report",
}

var requirementObjects = []string{
	"ISO 8601 dates with a time zone", "uploads larger than 2 GB", "passwords in plain text",
	"a request ID on every line", "a health endpoint at /healthz", "emails with Unicode local parts (josé@exemple.fr)",
	"tokens in the log output", "the original file order", "which line failed to parse",
	"names in any script (Ελληνικά, 中文, العربية)", "an audit entry per change", "partial results on timeout",
}

var linkTargets = []string{
	"https://go.dev/doc/effective_go", "https://example.com/docs/retries",
	"https://pkg.go.dev/context", "https://semver.org", "https://12factor.net/config",
	"https://docs.github.com/actions", "https://www.rfc-editor.org/rfc/rfc9110",
}

var codeLangs = []string{"go", "bash", "json", "yaml", "python", "sql"}

var emoji = []string{"🚀", "✅", "⚠️", "🐛", "🔒", "📦", "🧪", "💡"}

var adjectives = []string{
	"flaky", "slow", "stale", "broken", "missing", "duplicated", "unbounded", "racy",
	"misleading", "outdated", "noisy", "fragile",
}
