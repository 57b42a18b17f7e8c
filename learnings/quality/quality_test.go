package quality

import (
	"strings"
	"testing"
)

func TestCheckWarns(t *testing.T) {
	tests := []struct{ text, kind string }{
		{"Reverted 3f9a2c1 because it broke the retry loop", "commit-hash"},
		{"The fix is in commit 4f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 on main", "commit-hash"},
		{"panic: runtime error: index out of range [3] with length 3", "error-output"},
		{"Error: Cannot find module 'left-pad' when running the build", "error-output"},
		{"FAIL\tgithub.com/acme/sync/client\t0.412s", "error-output"},
		{"--- FAIL: TestRetry (0.00s) means the fake clock was not advanced", "error-output"},
		{"Traceback (most recent call last) shows the import failing", "error-output"},
		{"the linter exits with exit status 1 on warnings too", "error-output"},
		{"TypeError: cannot read properties of undefined (reading 'map')", "error-output"},
		{"npm ERR! code ERESOLVE while installing peer dependencies", "error-output"},
		{"goroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1d", "stack-trace"},
		{"the crash is at Object.<anonymous> (/app/src/index.js:12:3) in the loader", "stack-trace"},
		{"The handler throws at foo.js:12:3 when the body is empty", "stack-trace"},
		{"File \"/app/sync.py\", line 42, in upload is where the retry starts", "stack-trace"},
		{"it fails at com.acme.sync.Client.upload(Client.java:88) on empty bodies", "stack-trace"},
		{"Tests pass now.", "status-report"},
		{"fixed it", "status-report"},
		{"Done", "status-report"},
		{"All tests passing", "status-report"},
		{"The build works now after the cache was cleared", "status-report"},
		{"We fixed the login bug by clearing the session cookie", "status-report"},
		{"internal/cmd/root.go, learnings/parse.go and README.md", "path-list"},
		{"`docs/api.md` `docs/retries.md`", "path-list"},
		{"Prefer tabs", "too-short"},
		{"Use pnpm.", "too-short"},
		{"The staging database was reset today, so reseed it", "relative-time"},
		{"Yesterday the deploy pipeline switched to the new runner", "relative-time"},
		{"The API is down right now, use the mock server", "relative-time"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			ws := Check(tt.text)
			var kinds []string
			for _, w := range ws {
				kinds = append(kinds, w.Kind)
				if w.Message == "" || strings.Contains(w.Message, tt.text) {
					t.Errorf("warning %q has an empty message or repeats the learning", w.Kind)
				}
			}
			if !strings.Contains(" "+strings.Join(kinds, " ")+" ", " "+tt.kind+" ") {
				t.Errorf("Check = %v, want a %s warning", kinds, tt.kind)
			}
		})
	}
}

func TestCheckAcceptsLastingLearnings(t *testing.T) {
	texts := []string{
		"Run `make gen` before `go test`; generated files are not committed.",
		"Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.",
		"`client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.",
		"Use pnpm, not npm",
		"Integration tests pass only with TZ=UTC because fixtures hold local times",
		"Error messages are lower-case and wrapped with context",
		"Wrap errors with fmt.Errorf and %w so callers can use errors.Is",
		"The CLI prints a usage error and exits 2 when a flag is unknown",
		"Config lives in ~/.config/acme/config.toml and is read once at startup",
		"Store timestamps in UTC and render them in the user's zone",
		"The sync client retries failed uploads three times with jitter",
		"Use sha256 for content IDs, never md5, because IDs must be stable across machines",
		"Never edit files under gen/; they come from `make gen` and proto/*.proto",
		"Port 8080 is taken by the proxy, so the dev server listens on 3000",
		"The staging cluster resets every night at 02:00 UTC",
		"Database migrations live in db/migrations and need review by the DBA team",
		"Keep PRs under 400 lines; reviewers reject larger ones",
		"When a test fails with a data race, rerun with -count=1 to bypass the cache",
		"Feature flags are read from FLAGS_URL at startup, not per request",
		"Python tests use pytest fixtures from conftest.py; do not import them directly",
	}
	for _, text := range texts {
		t.Run(text, func(t *testing.T) {
			for _, w := range Check(text) {
				t.Errorf("unexpected %s warning: %s", w.Kind, w.Message)
			}
		})
	}
}

func FuzzCheck(f *testing.F) {
	f.Add("Tests pass now")
	f.Add("at x.js:1:2 \xff goroutine 1 [")
	f.Fuzz(func(t *testing.T, text string) {
		for _, w := range Check(text) {
			if w.Kind == "" || w.Message == "" {
				t.Fatalf("empty warning for %q", text)
			}
		}
	})
}
