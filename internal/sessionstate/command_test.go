package sessionstate

import (
	"slices"
	"testing"
)

func TestParseCommandKind(t *testing.T) {
	cases := []struct {
		line     string
		kind     Kind
		reliable bool
	}{
		// tests, as agents write them
		{"go test ./...", Test, true},
		{"go test -race -run TestParse ./internal/ops/", Test, true},
		{"cd internal/ops && go test ./...", Test, true},
		{"CGO_ENABLED=0 go test -count=1 ./...", Test, true},
		{"go test ./... 2>&1 | tail -30", Test, false},
		{"go test ./... | tee /tmp/test.log", Test, false},
		{"go test ./... || true", Test, false},
		{"go test ./...; echo done", Test, false},
		{"go test ./... && echo ok", Test, true},
		{"npm test", Test, true},
		{"npm run test -- --watch=false", Test, true},
		{"npm run test:unit", Test, true},
		{"yarn test", Test, true},
		{"pnpm test --filter web", Test, true},
		{"pnpm run e2e", Test, true},
		{"bun test", Test, true},
		{"npx jest src/app.test.ts", Test, true},
		{"npx vitest run", Test, true},
		{"pytest", Test, true},
		{"pytest -x tests/test_api.py::test_retry", Test, true},
		{"python -m pytest -q", Test, true},
		{"python3 -m unittest discover", Test, true},
		{"uv run pytest tests/", Test, true},
		{"poetry run pytest", Test, true},
		{"tox -e py311", Test, true},
		{"cargo test", Test, true},
		{"cargo nextest run", Test, true},
		{"bundle exec rspec spec/models/user_spec.rb", Test, true},
		{"rails test", Test, true},
		{"mvn test", Test, true},
		{"./gradlew test", Test, true},
		{"./gradlew check", Test, true},
		{"dotnet test", Test, true},
		{"make test", Test, true},
		{"make check", Test, true},
		{"./test.sh", Test, true},
		{"bash scripts/run_tests.sh", Test, true},
		{"sh -c 'go test ./...'", Test, true},
		{"bash -lc \"cd app && npm test\"", Test, true},
		{"timeout 300 go test ./...", Test, true},
		{"python manage.py test", Test, true},
		{"php artisan test", Test, true},
		{"node --test", Test, true},
		{"deno test", Test, true},
		{"mix test", Test, true},
		{"swift test", Test, true},
		{"ctest --output-on-failure", Test, true},
		{"npm run test:e2e -- --headed", Test, true},
		{"pnpm vitest run src/", Test, true},
		{"npx playwright test", Test, true},
		{"./node_modules/.bin/jest --ci", Test, true},
		{"php vendor/bin/phpunit --filter RetryTest", Test, true},
		{"vendor/bin/phpunit", Test, true},
		{"node --test test/", Test, true},
		{"node test.js", Test, true},
		{"deno task test", Test, true},
		{"env NODE_ENV=test npm test", Test, true},
		{"FOO=1 BAR=2 pytest -x", Test, true},
		{"./gradlew :app:testDebugUnitTest", Test, true},
		{"mvn verify", Test, true},
		{"xcodebuild test -scheme App", Test, true},
		{"go test -run 'TestA|TestB' ./...", Test, true},
		{"make -C backend test", Test, true},
		{"bundle exec rake", Test, true},
		{"python tests/test_api.py", Test, true},
		// builds
		{"go build ./...", Build, true},
		{"bun run build", Build, true},
		{"sudo -E make install", Build, true},
		{"time go build ./...", Build, true},
		{"python -m build", Build, true},
		{"python -m pip install -e .", Build, true},
		{"gradle assemble", Build, true},
		{"xcodebuild -scheme App build", Build, true},
		{"node scripts/build.js", Build, true},
		{"cargo build --release", Build, true},
		{"npm run build", Build, true},
		{"yarn build", Build, true},
		{"npm ci", Build, true},
		{"pip install -r requirements.txt", Build, true},
		{"make", Build, true},
		{"make -j8", Build, true},
		{"cmake --build build", Build, true},
		{"mvn package -DskipTests", Build, true},
		{"docker build -t app .", Build, true},
		{"gcc -o main main.c", Build, true},
		{"dotnet build", Build, true},
		// lint
		{"eslint .", Lint, true},
		{"npx eslint src --ext .ts", Lint, true},
		{"npm run lint", Lint, true},
		{"ruff check .", Lint, true},
		{"ruff format --check", Lint, true},
		{"flake8 src", Lint, true},
		{"uv run ruff check .", Lint, true},
		{"cargo fmt --check", Lint, true},
		{"make vet", Lint, true},
		{"golangci-lint run", Lint, true},
		{"go vet ./...", Lint, true},
		{"gofmt -l .", Lint, true},
		{"cargo clippy -- -D warnings", Lint, true},
		{"black --check .", Lint, true},
		{"prettier --check .", Lint, true},
		{"make lint", Lint, true},
		{"pre-commit run --all-files", Lint, true},
		{"shellcheck install.sh", Lint, true},
		// typecheck
		{"tsc", Typecheck, true},
		{"yarn tsc --noEmit", Typecheck, true},
		{"python -m mypy .", Typecheck, true},
		{"uv run mypy src", Typecheck, true},
		{"npx tsc --noEmit", Typecheck, true},
		{"tsc -p tsconfig.json --noEmit", Typecheck, true},
		{"npm run typecheck", Typecheck, true},
		{"pnpm type-check", Typecheck, true},
		{"mypy src", Typecheck, true},
		{"pyright", Typecheck, true},
		{"cargo check", Typecheck, true},
		{"vue-tsc --noEmit", Typecheck, true},
		// runtime
		{"python app.py", Runtime, true},
		{"npx tsx src/index.ts", Runtime, true},
		{"node dist/index.js", Runtime, true},
		{"python3 -c 'import acme; acme.main()'", Runtime, true},
		{"go run main.go", Runtime, true},
		{"python3 scripts/migrate.py --dry-run", Runtime, true},
		{"node server.js", Runtime, true},
		{"go run ./cmd/learn recall", Runtime, true},
		{"cargo run -- --help", Runtime, true},
		{"npm start", Runtime, true},
		{"npm run dev", Runtime, true},
		{"./bin/server --port 8080", Runtime, true},
		{"docker compose up", Runtime, true},
		// no kind: exploration
		{"git log --oneline -20", "", false},
		{"git status", "", false},
		{"ls -la", "", false},
		{"grep -rn error src/", "", false},
		{"rg TODO", "", false},
		{"cat README.md", "", false},
		{"find . -name '*.go'", "", false},
		{"curl -s http://localhost:8080/health", "", false},
		{"echo 'npm test'", "", false},
		{"", "", false},
		{"npm ls", "", false},
		{"python", "", false},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			got := ParseCommand(c.line)
			if got.Kind != c.kind {
				t.Errorf("kind %q, want %q", got.Kind, c.kind)
			}
			if c.kind != "" && got.PassReliable != c.reliable {
				t.Errorf("pass reliable %v, want %v", got.PassReliable, c.reliable)
			}
		})
	}
}

func TestParseCommandReads(t *testing.T) {
	cases := []struct {
		line string
		want []string
	}{
		{"cat README.md", []string{"README.md"}},
		{"cat docs/setup.md notes/NOTES.txt", []string{"docs/setup.md", "notes/NOTES.txt"}},
		{"head -50 CONTRIBUTING.md", []string{"CONTRIBUTING.md"}},
		{"tail -n 20 CHANGELOG.md", []string{"CHANGELOG.md"}},
		{"sed -n '1,80p' guide/install.rst", []string{"guide/install.rst"}},
		{"sed -n 1,80p internal/ops/store.go", []string{"internal/ops/store.go"}},
		{"cd docs && cat api.md | head -40", []string{"api.md"}},
		{"less README", []string{"README"}},
		{"git log --oneline", nil},
		{"grep -n retry docs/api.md", nil},
		{"cat > NOTES.md <<'EOF'", nil},
		{"echo hi > README.md", nil},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			if got := ParseCommand(c.line).Reads; !slices.Equal(got, c.want) {
				t.Errorf("reads %q, want %q", got, c.want)
			}
		})
	}
}

func TestIsDoc(t *testing.T) {
	cases := map[string]bool{
		"README.md": true, "docs/api.md": true, "NOTES.txt": true, "guide/setup.rst": true, "ARCHITECTURE.adoc": true,
		"notes/meeting.org": true, "README": true, "site/page.mdx": true, "/home/u/other/HOWTO.markdown": true,
		"CLAUDE.md": true, "AGENTS.md": true, "llms.txt": true, "docs/Runbook.MD": true,
		"main.go": false, "package.json": false, "requirements.txt": false, "requirements-dev.txt": false,
		"CMakeLists.txt": false, "LICENSE": false, "LICENSE.txt": false, "LICENSE.md": false, "robots.txt": false,
		".tmp/memory-learnings.md": false, ".tmp/backups/memory-learnings.2026.md": false, "Makefile": false, "": false,
		"/abs/project/.tmp/memory-learnings.backup.md": false, "src/app.tsx": false,
	}
	for p, want := range cases {
		if got := IsDoc(p); got != want {
			t.Errorf("IsDoc(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	cases := []struct{ name, output, want string }{
		{"go test", "=== RUN   TestParse\n--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 1, want 2\nFAIL\nFAIL\tgithub.com/x/y\t0.003s\nFAIL\n", "--- FAIL: TestParse (0.00s)"},
		{"tsc", "src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.\n\nFound 1 error.\n", "src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'."},
		{"cargo", "   Compiling app v0.1.0\nerror[E0425]: cannot find value `x` in this scope\n --> src/main.rs:2:5\n", "error[E0425]: cannot find value `x` in this scope"},
		{"colours", "\x1b[31mFAIL\x1b[0m src/a.test.js\n  ● adds › one\n", "FAIL src/a.test.js"},
		{"npm noise", "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! app@1.0.0 test: `jest`\n", "npm ERR! code ELIFECYCLE"},
		{"only summary", "lots of output\nFAIL\n", "FAIL"},
		{"nothing marked", "line one\nsomething odd happened\n\n", "something odd happened"},
		{"empty", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Excerpt(c.output); got != c.want {
				t.Errorf("Excerpt = %q, want %q", got, c.want)
			}
		})
	}
}

func TestFingerprint(t *testing.T) {
	same := []struct{ name, a, b string }{
		{"durations", "--- FAIL: TestParse (0.00s)", "--- FAIL: TestParse (1.32s)"},
		{"temp dirs", "open /tmp/TestStore123456/001/memory.md: permission denied", "open /tmp/TestStore987/002/memory.md: permission denied"},
		{"go-build", "go-build3344/b001/x.test: signal: killed", "go-build99/b007/x.test: signal: killed"},
		{"timestamps", "2026-11-25T21:40:01Z error: connection refused", "2026-11-26T08:02:59Z error: connection refused"},
		{"line numbers", "src/app.ts(3,5): error TS2322: Type 'string' is not assignable", "src/app.ts(14,9): error TS2322: Type 'string' is not assignable"},
		{"ports and pids", "listen tcp 127.0.0.1:8080: address already in use (pid 4242)", "listen tcp 127.0.0.1:9090: address already in use (pid 17)"},
		{"hashes", "object 3f2a1b9c0d not found", "object 77aa01bc9e not found"},
		{"colours and spaces", "\x1b[31mFAIL\x1b[0m   src/a.test.js", "FAIL src/b.test.js"},
	}
	for _, c := range same {
		t.Run("same/"+c.name, func(t *testing.T) {
			if a, b := Fingerprint(Test, "x", c.a), Fingerprint(Test, "x", c.b); a != b {
				t.Errorf("%q and %q fingerprint %s and %s, want the same", c.a, c.b, a, b)
			}
		})
	}
	differ := []struct{ name, a, b string }{
		{"other test", "--- FAIL: TestParse (0.00s)", "--- FAIL: TestRender (0.00s)"},
		{"test names with digits", "--- FAIL: TestX1 (0.00s)", "--- FAIL: TestX10 (0.00s)"},
		{"utf8 and utf16", "undefined: utf8.Valid", "undefined: utf16.Valid"},
		{"other error code", "error TS2322: Type 'string' is not assignable", "error TS2304: Cannot find name 'foo'"},
	}
	for _, c := range differ {
		t.Run("differ/"+c.name, func(t *testing.T) {
			if a, b := Fingerprint(Test, "x", c.a), Fingerprint(Test, "x", c.b); a == b {
				t.Errorf("%q and %q both fingerprint %s", c.a, c.b, a)
			}
		})
	}
	if Fingerprint(Test, "go test", "") == Fingerprint(Build, "go test", "") {
		t.Error("a test and a build failure share a fingerprint")
	}
	if a, b := Fingerprint(Test, "go test ./pkg/a -count=1", ""), Fingerprint(Test, "go test ./pkg/b -count=3", ""); a != b {
		t.Errorf("with no output, the command normalised: %s and %s", a, b)
	}
}

// TestFailReliable: a non-zero exit code counts against the classified
// command only when it is that command's.
func TestFailReliable(t *testing.T) {
	cases := []struct {
		line string
		want bool
	}{
		{"go test ./...", true},
		{"cd app && npm test", true},
		{"go test ./... 2>&1 | tail -30", true},
		{"go test ./... | tee test.log", true},
		{"go test ./... && echo ok", true},
		{"go test ./... -v 2>&1 | grep -E 'FAIL|ok'", false},
		{"set -o pipefail; go test ./... | grep FAIL", true},
		{"pytest; echo done", false},
		{"npm test; git status", false},
		{"bash -c 'go test ./... | grep -v ok'", false},
		{"bash -c 'go test ./...'", true},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			if got := ParseCommand(c.line).FailReliable; got != c.want {
				t.Errorf("FailReliable %v, want %v", got, c.want)
			}
		})
	}
}
