package sessionstate

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Kind is what a shell command was for, as far as its failure teaches
// anything: the kinds a failing-then-passing hint is about.
type Kind string

// The kinds of command whose failures are recorded. Anything else (git,
// ls, grep, cat, curl, ...) is exploration: its exit code says nothing
// about the work.
const (
	Test      Kind = "test"
	Build     Kind = "build"
	Lint      Kind = "lint"
	Typecheck Kind = "typecheck"
	Runtime   Kind = "runtime"
)

// Command is what a shell command line says about itself.
type Command struct {
	// Kind is the kind of its last classified pipeline ("" when none).
	Kind Kind
	// PassReliable is set when an exit code of 0 means that pipeline
	// succeeded: it is not piped into another command and nothing after
	// it can hide its failure (a ";", "||", "| tail").
	PassReliable bool
	// FailReliable is set when a non-zero exit code is that pipeline's:
	// nothing after it ran regardless ("go test; git status"), and it
	// is not piped into a filter whose own exit code says something else
	// ("go test | grep FAIL" exits 1 when nothing failed).
	FailReliable bool
	// Reads are the files it shows whole or in part (cat, head, tail,
	// less, sed -n, bat, ...).
	Reads []string
}

// ParseCommand reads a shell command line as far as the session needs:
// which kind of command it runs, and the files it shows. It splits on
// ;, &&, ||, | and newlines outside quotes, looks through environment
// assignments and wrappers (sudo, time, timeout, npx, uv run, bundle exec,
// python -m, bash -c, ...), and classifies each pipeline by its first
// command that has a kind.
func ParseCommand(line string) Command {
	var c Command
	pipes := splitPipelines(strings.ReplaceAll(line, "\\\n", " "))
	pipefail := strings.Contains(line, "pipefail")
	at := -1
	for i, p := range pipes {
		for j, stage := range p.stages {
			words := unwrap(shellWords(stage))
			if len(words) == 0 {
				continue
			}
			c.Reads = append(c.Reads, shownFiles(words)...)
			if k, inner := kindOf(words); k != "" || inner != nil {
				if inner != nil {
					if inner.Kind == "" {
						continue
					}
					k = inner.Kind
					c.Reads = append(c.Reads, inner.Reads...)
				}
				if at != i {
					c.Kind, at = k, i
					last := j == len(p.stages)-1
					c.PassReliable = (last || pipefail) && (inner == nil || inner.PassReliable)
					c.FailReliable = (last || pipefail || !filters[base(firstWord(p.stages[len(p.stages)-1]))]) && (inner == nil || inner.FailReliable)
				}
				break
			}
		}
	}
	if at < 0 {
		return c
	}
	// An exit code of 0 says the classified pipeline passed only when
	// nothing before it could have been the success ("a || go test") and
	// nothing after it ran regardless ("go test; echo", "go test || true").
	if pipes[at].before == "||" {
		c.PassReliable = false
	}
	for _, p := range pipes[at+1:] {
		if p.before != "&&" {
			c.PassReliable, c.FailReliable = false, false
		}
	}
	return c
}

// filters are commands whose exit code says something of their input,
// not of the command piped into them.
var filters = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true, "diff": true, "cmp": true, "test": true}

func firstWord(stage string) string {
	w := unwrap(shellWords(stage))
	if len(w) == 0 {
		return ""
	}
	return w[0]
}

type pipeline struct {
	// before is the operator that joins it to the previous one: "", ";",
	// "&&" or "||" (a newline is ";").
	before string
	stages []string
}

// splitPipelines splits a command line on the shell's list operators and
// pipes outside quotes. It is no shell parser: a quote left open runs to
// the end, which is what the shell would complain about anyway.
func splitPipelines(s string) []pipeline {
	var out []pipeline
	cur := pipeline{}
	var b strings.Builder
	flushStage := func() {
		cur.stages = append(cur.stages, b.String())
		b.Reset()
	}
	flushPipe := func(op string) {
		flushStage()
		out = append(out, cur)
		cur = pipeline{before: op}
	}
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' && i+1 < len(s) {
				b.WriteByte(ch)
				i++
				ch = s[i]
			}
			b.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote = ch
			b.WriteByte(ch)
		case ch == '\\' && i+1 < len(s):
			b.WriteByte(ch)
			b.WriteByte(s[i+1])
			i++
		case ch == '&' && i+1 < len(s) && s[i+1] == '&':
			flushPipe("&&")
			i++
		case ch == '|' && i+1 < len(s) && s[i+1] == '|':
			flushPipe("||")
			i++
		case ch == '|' && i+1 < len(s) && s[i+1] == '&':
			flushStage()
			i++
		case ch == '|':
			flushStage()
		case ch == ';' || ch == '\n':
			flushPipe(";")
		case ch == '&' && (i == 0 || s[i-1] != '>' && s[i-1] != '<') && (i+1 >= len(s) || s[i+1] != '>'):
			// A background job: its exit code is not the line's.
			flushPipe(";")
		default:
			b.WriteByte(ch)
		}
	}
	flushPipe("")
	// Drop empty pipelines (a trailing ";", a blank line), keeping the
	// operator that matters: the one before the next real command.
	var keep []pipeline
	for _, p := range out {
		empty := true
		for _, st := range p.stages {
			if strings.TrimSpace(st) != "" {
				empty = false
			}
		}
		if !empty {
			keep = append(keep, p)
		}
	}
	return keep
}

// shellWords splits a command into words, removing quotes and redirections.
func shellWords(s string) []string {
	var words []string
	var b strings.Builder
	in := false
	var quote byte
	flush := func() {
		if in {
			words = append(words, b.String())
		}
		b.Reset()
		in = false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				b.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			in = true
			i++
		case ch == ' ' || ch == '\t' || ch == '\r':
			flush()
		case ch == '(' || ch == ')' || ch == '{' || ch == '}':
			flush()
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	flush()
	out := words[:0]
	skipNext := false
	for _, w := range words {
		if skipNext {
			skipNext = false
			continue
		}
		if redirect().MatchString(w) {
			// "2>&1", ">out.log", "> out.log": the target is no argument.
			skipNext = redirectOnly().MatchString(w)
			continue
		}
		out = append(out, w)
	}
	return out
}

var (
	jvmRun       = lazyregexp.New(`(?i)\b(run|bootrun|exec:java|spring-boot:run)\b`)
	jvmLint      = lazyregexp.New(`(?i)(lint|checkstyle|spotless|ktlint|detekt|pmd|spotbugs|scalafmt)`)
	jvmTest      = lazyregexp.New(`(?i)(test|\bcheck\b|\bverify\b|connectedcheck)`)
	lineRange    = lazyregexp.New(`^[0-9,.$p]+$`)
	redirect     = lazyregexp.New(`^[0-9&]?(>>?|<<?<?|>&|<&)`)
	redirectOnly = lazyregexp.New(`^[0-9&]?(>>?|<<?<?|>&|<&)$`)
	assignment   = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*=`)
)

// unwrap drops what runs the real command: environment assignments and
// wrappers such as sudo, time, timeout 60, env, nice, npx, bunx, uv run,
// poetry run, bundle exec. "python -m pytest" becomes "pytest".
func unwrap(w []string) []string {
	for len(w) > 0 {
		switch name := base(w[0]); {
		case assignment().MatchString(w[0]):
			w = w[1:]
		case name == "sudo" || name == "time" || name == "nice" || name == "nohup" || name == "command" || name == "exec" ||
			name == "xvfb-run" || name == "stdbuf" || name == "caffeinate" || name == "dotenv" || name == "npx" || name == "bunx" ||
			name == "pnpx" || name == "env":
			w = dropFlags(w[1:])
			if len(w) > 0 && w[0] == "--" {
				w = w[1:]
			}
		case name == "timeout" || name == "gtimeout":
			w = dropFlags(w[1:])
			if len(w) > 0 {
				w = w[1:] // the duration
			}
		case (name == "uv" || name == "poetry" || name == "pipenv" || name == "pdm" || name == "rye" || name == "hatch" || name == "conda") && len(w) > 1 && w[1] == "run",
			(name == "bundle" || name == "pnpm" || name == "yarn") && len(w) > 1 && (w[1] == "exec" || w[1] == "dlx"),
			name == "npm" && len(w) > 1 && w[1] == "exec":
			w = dropFlags(w[2:])
			if len(w) > 0 && w[0] == "--" {
				w = w[1:]
			}
		case isPython(name) && len(w) > 2 && w[1] == "-m":
			w = w[2:]
		default:
			return w
		}
	}
	return w
}

// dropFlags drops leading flags (and the value of "-u root" style ones
// written as one word only).
func dropFlags(w []string) []string {
	for len(w) > 0 && strings.HasPrefix(w[0], "-") && w[0] != "--" {
		w = w[1:]
	}
	for len(w) > 0 && assignment().MatchString(w[0]) {
		w = w[1:]
	}
	return w
}

func base(w string) string { return path.Base(strings.ReplaceAll(w, "\\", "/")) }

func isPython(name string) bool {
	return name == "python" || name == "python3" || strings.HasPrefix(name, "python3.") || name == "py"
}

// kindOf classifies one command (its words, unwrapped). A shell running a
// string (bash -c "...") is classified by that string, returned as inner.
func kindOf(w []string) (Kind, *Command) {
	name := base(w[0])
	args := w[1:]
	sub := firstArg(args)
	switch name {
	case "bash", "sh", "zsh", "dash", "ksh":
		for i, a := range args {
			if strings.HasPrefix(a, "-") && strings.Contains(a, "c") && i+1 < len(args) {
				inner := ParseCommand(args[i+1])
				return inner.Kind, &inner
			}
		}
		if sub != "" {
			return byWords(base(sub), Runtime), nil
		}
		return "", nil
	case "go":
		switch sub {
		case "test":
			return Test, nil
		case "build", "install", "generate", "mod":
			return Build, nil
		case "vet":
			return Lint, nil
		case "run":
			return Runtime, nil
		}
	case "cargo":
		switch sub {
		case "test", "nextest", "bench":
			return Test, nil
		case "build", "b", "install":
			return Build, nil
		case "check", "c":
			return Typecheck, nil
		case "clippy", "fmt", "deny", "audit":
			return Lint, nil
		case "run", "r":
			return Runtime, nil
		}
	case "npm", "pnpm", "yarn", "bun":
		return packageScript(name, args), nil
	case "deno":
		switch sub {
		case "test", "bench":
			return Test, nil
		case "lint", "fmt":
			return Lint, nil
		case "check":
			return Typecheck, nil
		case "compile", "install":
			return Build, nil
		case "run", "task", "serve":
			return byWords(strings.Join(args, " "), Runtime), nil
		}
	case "node":
		if slicesContains(args, "--test") || len(args) > 1 && args[0] == "--run" && strings.Contains(args[1], "test") {
			return Test, nil
		}
		if sub != "" {
			return script(sub), nil
		}
	case "make", "gmake", "just", "task", "mage", "rake", "invoke", "ninja":
		if sub == "" {
			if name == "rake" {
				return Test, nil // rake's default task is the test suite
			}
			return Build, nil
		}
		return byWords(strings.Join(nonFlags(args), " "), Build), nil
	case "gradle", "gradlew", "mvn", "mvnw", "sbt", "lein", "ant":
		words := strings.Join(nonFlags(args), " ")
		switch {
		case jvmRun().MatchString(words):
			return Runtime, nil
		case jvmLint().MatchString(words):
			return Lint, nil
		case jvmTest().MatchString(words):
			return Test, nil
		}
		return Build, nil
	case "dotnet", "swift", "flutter", "dart", "mix", "zig", "bazel", "bazelisk", "buck", "buck2", "pants", "stack", "cabal", "elm", "gleam":
		switch {
		case sub == "test" || sub == "bench" || name == "zig" && sub == "build" && slicesContains(args, "test"):
			return Test, nil
		case sub == "analyze" || sub == "format" || sub == "fmt" || sub == "credo" || sub == "lint":
			return Lint, nil
		case sub == "dialyzer" || sub == "check" || sub == "typecheck":
			return Typecheck, nil
		case sub == "run" || sub == "phx.server" || sub == "watch":
			return Runtime, nil
		case sub == "build" || sub == "compile" || sub == "publish" || sub == "pack" || sub == "restore" || sub == "get" || sub == "deps.get" || sub == "make" || sub == "install":
			return Build, nil
		}
	case "php":
		if sub == "artisan" && len(args) > 1 {
			if args[1] == "test" {
				return Test, nil
			}
			return Runtime, nil
		}
		if sub != "" {
			return script(sub), nil
		}
	case "rails", "bin/rails":
		switch sub {
		case "test", "spec":
			return Test, nil
		case "server", "s", "runner", "console", "c":
			return Runtime, nil
		case "assets:precompile":
			return Build, nil
		}
	case "docker", "podman", "nerdctl":
		if sub == "compose" || sub == "buildx" {
			args = args[1:]
			sub = firstArg(args)
		}
		switch sub {
		case "build", "bake":
			return Build, nil
		case "run", "up", "exec", "start":
			return Runtime, nil
		}
	case "terraform", "tofu":
		switch sub {
		case "fmt", "validate":
			return Lint, nil
		case "plan", "apply":
			return Runtime, nil
		}
	case "pip", "pip3", "pipx", "uv", "poetry", "pdm", "gem", "bundle", "composer", "conan", "vcpkg":
		switch sub {
		case "install", "sync", "add", "lock", "update", "build", "compile", "i":
			return Build, nil
		case "test":
			return Test, nil
		}
		if name == "bundle" && sub == "" {
			return Build, nil
		}
	case "cmake":
		return Build, nil
	case "ctest":
		return Test, nil
	case "pre-commit", "lefthook", "husky":
		return Lint, nil
	case "ruby", "perl", "java", "kotlin", "scala", "elixir", "Rscript", "julia", "lua", "uvicorn", "gunicorn", "flask", "streamlit", "hypercorn", "ts-node", "tsx":
		if sub != "" {
			return script(sub), nil
		}
		return Runtime, nil
	case "xcodebuild":
		return byWords(strings.Join(nonFlags(args), " "), Build), nil
	}
	if isPython(name) {
		if sub == "" {
			return "", nil
		}
		if base(sub) == "manage.py" && len(args) > 1 {
			switch args[1] {
			case "test":
				return Test, nil
			case "check", "makemigrations":
				return Lint, nil
			}
			return Runtime, nil
		}
		if base(sub) == "setup.py" {
			if slicesContains(args, "test") {
				return Test, nil
			}
			return Build, nil
		}
		return script(sub), nil
	}
	if k, ok := tools()[name]; ok {
		return k, nil
	}
	// A script the project runs: ./test.sh, scripts/lint, bin/server.
	if strings.Contains(w[0], "/") {
		return byWords(name, Runtime), nil
	}
	return "", nil
}

// script is the kind of a script an interpreter runs: a tool's own entry
// point (vendor/bin/phpunit, node_modules/.bin/jest) by the tool, else by
// the words of its name (test_api.py, build.js), else runtime.
func script(path string) Kind {
	if k, ok := tools()[base(path)]; ok {
		return k
	}
	return byWords(base(path), Runtime)
}

// tools are the commands whose name says their kind; built on first use,
// as only hook events that ran a command read it.
var tools = sync.OnceValue(func() map[string]Kind {
	return map[string]Kind{
		// tests
		"pytest": Test, "py.test": Test, "unittest": Test, "nose2": Test, "nosetests": Test, "tox": Test, "nox": Test,
		"jest": Test, "vitest": Test, "mocha": Test, "ava": Test, "tap": Test, "karma": Test, "jasmine": Test, "cypress": Test,
		"playwright": Test, "rspec": Test, "minitest": Test, "phpunit": Test, "pest": Test, "bats": Test, "ginkgo": Test,
		"gotestsum": Test, "richgo": Test, "ward": Test, "behave": Test, "cucumber": Test, "prove": Test, "busted": Test,
		"hardhat": Test, "forge": Test, "meson": Build, "coverage": Test, "web-test-runner": Test, "build": Build,
		// type checkers
		"tsc": Typecheck, "vue-tsc": Typecheck, "svelte-check": Typecheck, "mypy": Typecheck, "dmypy": Typecheck, "pyright": Typecheck,
		"basedpyright": Typecheck, "pytype": Typecheck, "pyre": Typecheck, "flow": Typecheck, "phpstan": Typecheck, "psalm": Typecheck,
		"srb": Typecheck, "steep": Typecheck, "ty": Typecheck, "tsgo": Typecheck,
		// linters and formatters run as checks
		"eslint": Lint, "ruff": Lint, "flake8": Lint, "pylint": Lint, "pycodestyle": Lint, "pydocstyle": Lint, "black": Lint,
		"isort": Lint, "prettier": Lint, "biome": Lint, "oxlint": Lint, "golangci-lint": Lint, "staticcheck": Lint, "revive": Lint,
		"gofmt": Lint, "goimports": Lint, "gofumpt": Lint, "govulncheck": Lint, "rubocop": Lint, "standardrb": Lint, "shellcheck": Lint,
		"shfmt": Lint, "hadolint": Lint, "stylelint": Lint, "markdownlint": Lint, "markdownlint-cli2": Lint, "yamllint": Lint,
		"ktlint": Lint, "swiftlint": Lint, "swiftformat": Lint, "clang-tidy": Lint, "clang-format": Lint, "cpplint": Lint,
		"rustfmt": Lint, "actionlint": Lint, "tflint": Lint, "buf": Lint, "vale": Lint, "codespell": Lint, "bandit": Lint,
		"semgrep": Lint, "xo": Lint, "standard": Lint, "tslint": Lint, "jshint": Lint, "htmlhint": Lint, "sqlfluff": Lint,
		"autopep8": Lint, "yapf": Lint, "mdformat": Lint, "dprint": Lint, "lint-staged": Lint,
		// builds
		"gcc": Build, "g++": Build, "cc": Build, "c++": Build, "clang": Build, "clang++": Build, "javac": Build, "kotlinc": Build,
		"rustc": Build, "webpack": Build, "rollup": Build, "esbuild": Build, "parcel": Build, "tsup": Build, "vite": Build,
		"next": Build, "nuxt": Build, "turbo": Build, "nx": Build, "lerna": Build, "hugo": Build, "mkdocs": Build,
		"sphinx-build": Build, "protoc": Build, "msbuild": Build, "scons": Build, "autoreconf": Build, "configure": Build,
		"wasm-pack": Build, "maturin": Build, "goreleaser": Build, "ko": Build, "earthly": Build, "nix": Build, "nix-build": Build,
	}
})

// packageScript classifies npm, pnpm, yarn and bun commands by the script
// they run ("npm test", "npm run build", "yarn lint", "bun run dev").
func packageScript(tool string, args []string) Kind {
	sub := firstArg(args)
	switch sub {
	case "":
		if tool == "yarn" || tool == "bun" {
			return Build // a bare yarn installs
		}
		return ""
	case "install", "i", "ci", "add", "update", "upgrade", "rebuild", "pack", "publish", "link":
		return Build
	case "test", "t", "tst":
		return Test
	case "start":
		return Runtime
	case "run", "run-script", "x", "exec", "dlx":
		rest := nonFlags(args[1:])
		if len(rest) == 0 {
			return ""
		}
		if tool == "bun" && strings.Contains(rest[0], ".") {
			return byWords(base(rest[0]), Runtime)
		}
		if k, ok := tools()[base(rest[0])]; ok && sub != "run" && sub != "run-script" {
			return k
		}
		return byWords(rest[0], Runtime)
	}
	if tool == "bun" && strings.Contains(sub, ".") {
		return byWords(base(sub), Runtime)
	}
	if k, ok := tools()[sub]; ok && tool != "npm" {
		return k // "yarn jest", "pnpm tsc"
	}
	if tool == "npm" {
		return "" // npm ls, npm view, npm config ...: no script
	}
	return byWords(sub, Runtime) // "yarn build", "pnpm lint"
}

// scriptWords tell a script's or target's kind from its name.
var scriptWords = []struct {
	re   func() *regexp.Regexp
	kind Kind
}{
	{lazyregexp.New(`(?i)(type-?check|check-?types|typecheck|\btypes\b|\btsc\b|mypy|pyright)`), Typecheck},
	{lazyregexp.New(`(?i)(lint|eslint|prettier|format[:_-]?check|check[:_-]?format|\bfmt\b|\bvet\b|style|ruff|flake8|clippy|\bcredo\b)`), Lint},
	{lazyregexp.New(`(?i)(test|spec\b|specs\b|\be2e\b|jest|vitest|cypress|playwright|\bcheck\b|coverage|\bcov\b|\bunit\b|integration)`), Test},
	{lazyregexp.New(`(?i)(build|compile|bundle|install|dist|package|release|generate|\bgen\b|\ball\b)`), Build},
	{lazyregexp.New(`(?i)(start|serve|server|\bdev\b|\brun\b|watch|preview)`), Runtime},
}

// byWords is the kind a script or target name says, else def.
func byWords(name string, def Kind) Kind {
	for _, sw := range scriptWords {
		if sw.re().MatchString(name) {
			return sw.kind
		}
	}
	return def
}

func firstArg(args []string) string {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		return a
	}
	return ""
}

func nonFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !assignment().MatchString(a) {
			out = append(out, a)
		}
	}
	return out
}

func slicesContains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// shownFiles are the files a pager or printer command shows: "cat
// README.md", "sed -n 1,80p docs/setup.md", "head -50 NOTES.txt".
func shownFiles(w []string) []string {
	switch base(w[0]) {
	case "cat", "bat", "batcat", "less", "more", "head", "tail", "nl", "view", "glow", "mdcat", "sed", "awk", "most":
	default:
		return nil
	}
	var out []string
	for i := 1; i < len(w); i++ {
		a := w[i]
		if strings.HasPrefix(a, "-") {
			// "-n 50", "-e s/x/y/": a flag's value is not a file.
			if (a == "-n" || a == "-c" || a == "-e" || a == "-f" || a == "-l" || a == "-r") && i+1 < len(w) && base(w[0]) != "cat" {
				i++
			}
			continue
		}
		if looksLikeFile(a) {
			out = append(out, a)
		}
	}
	return out
}

// looksLikeFile is a word naming a file rather than a sed script or a
// count: it has an extension or a slash, no shell metacharacter.
func looksLikeFile(a string) bool {
	if strings.ContainsAny(a, "*?$`{}[]<>|;'\"") || strings.HasPrefix(a, "+") {
		return false
	}
	b := base(a)
	return IsDoc(a) || strings.Contains(b, ".") && !strings.HasSuffix(b, ".") && !lineRange().MatchString(b)
}
