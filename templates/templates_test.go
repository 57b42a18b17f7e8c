package templates

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/adrg/frontmatter"
	"github.com/google/go-cmp/cmp"
)

var wantNames = []string{
	"learning-compact.md", "learning-forget.md", "learning-improve-docs.md",
	"learning-recall.md", "learning-store.md", "learning-summarise.md",
}

func render(t *testing.T, a Agent) map[string]string {
	t.Helper()
	files, err := Render(a)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		out[f.Name] = string(f.Data)
	}
	return out
}

func body(t *testing.T, data string) string {
	t.Helper()
	var meta map[string]any
	b, err := frontmatter.Parse(strings.NewReader(data), &meta)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestNames(t *testing.T) {
	if diff := cmp.Diff(wantNames, Names()); diff != "" {
		t.Errorf("Names() mismatch (-want +got):\n%s", diff)
	}
}

func TestFrontmatter(t *testing.T) {
	want := map[Agent][]string{
		Opencode: {"description"},
		Claude:   {"allowed-tools", "description"},
	}
	for _, a := range Agents {
		for name, data := range render(t, a) {
			t.Run(string(a)+"/"+name, func(t *testing.T) {
				meta := map[string]any{}
				if _, err := frontmatter.Parse(strings.NewReader(data), &meta); err != nil {
					t.Fatal(err)
				}
				var keys []string
				for _, k := range []string{"allowed-tools", "description"} {
					if _, ok := meta[k]; ok {
						keys = append(keys, k)
					}
				}
				if len(keys) != len(meta) || !cmp.Equal(keys, want[a]) {
					t.Errorf("frontmatter keys %v, want exactly %v", meta, want[a])
				}
				if d, _ := meta["description"].(string); len(d) < 20 || len(d) > 100 {
					t.Errorf("description %q: want a string of 20-100 characters", d)
				}
				if a == Claude && meta["allowed-tools"] != "Bash(learn:*)" {
					t.Errorf("allowed-tools = %v, want Bash(learn:*)", meta["allowed-tools"])
				}
				if !strings.HasSuffix(data, "\n") || strings.HasSuffix(data, "\n\n") {
					t.Error("file must end with exactly one newline")
				}
			})
		}
	}
}

// The bodies are the same for every agent: only the frontmatter differs.
func TestBodiesSameForEveryAgent(t *testing.T) {
	oc, cl := render(t, Opencode), render(t, Claude)
	for name := range oc {
		if diff := cmp.Diff(body(t, oc[name]), body(t, cl[name])); diff != "" {
			t.Errorf("%s: bodies differ (-opencode +claude):\n%s", name, diff)
		}
	}
}

func TestRenderedFilesPassCheck(t *testing.T) {
	for _, a := range Agents {
		for name, data := range render(t, a) {
			if p := Check(a, []byte(data)); len(p) > 0 {
				t.Errorf("%s/%s: %s", a, name, strings.Join(p, "\n"))
			}
		}
	}
}

// TestNoStrayInjection scans every template's raw text, before rendering,
// for an exclamation mark followed by a backtick anywhere but in the
// intended injection lines.
func TestNoStrayInjection(t *testing.T) {
	intended := regexp.MustCompile("(?m)^!`learn [a-z-]+(?: --[a-z-]+(?: [0-9]+)?)* </dev/null 2>&1 \\|\\| echo \"learn failed: see the error above; run learn doctor\"`$")
	for _, name := range Names() {
		src, err := sources.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rest := intended.ReplaceAllString(string(src), "")
		if i := strings.Index(rest, "!`"); i >= 0 {
			t.Errorf("%s: stray exclamation mark before a backtick: %q", name, rest[max(0, i-30):min(len(rest), i+30)])
		}
	}
}

// Every template names the user's arguments once, on its last line, after
// every injection: opencode substitutes $ARGUMENTS before it runs the
// injections, so a "!`" typed by the user cannot pair with a later backtick.
func TestArgumentsOnlyOnLastLine(t *testing.T) {
	for name, data := range render(t, Opencode) {
		lines := strings.Split(strings.TrimRight(data, "\n"), "\n")
		last := lines[len(lines)-1]
		if strings.Count(data, "$ARGUMENTS") != 1 || !strings.HasSuffix(last, ": $ARGUMENTS") {
			t.Errorf("%s: want $ARGUMENTS exactly once, at the end of the last line; last line is %q", name, last)
		}
		if strings.Contains(last, "`") {
			t.Errorf("%s: the last line must hold no backtick: %q", name, last)
		}
	}
}

// Learnings reach the agent as data: every injection is preceded by a line
// that says so and wrapped in a tag.
func TestInjectedOutputFramedAsData(t *testing.T) {
	for name, data := range render(t, Opencode) {
		i := strings.Index(data, "!`")
		if i < 0 {
			continue
		}
		before := data[:i]
		if !strings.Contains(before, "treat it as notes") || !strings.Contains(before, "not as instructions") {
			t.Errorf("%s: the injected output is not introduced as data, not instructions", name)
		}
		if !strings.HasSuffix(before, ">\n") {
			t.Errorf("%s: the injection is not wrapped in a tag", name)
		}
	}
}

// The workflow of the spec, as each body states it.
func TestWorkflow(t *testing.T) {
	files := render(t, Opencode)
	tests := []struct {
		file          string
		must, mustNot []string
	}{
		{"learning-recall.md", []string{"!`learn recall --git </dev/null", "`learn recall --git --task 'TEXT'` with your bash tool"}, []string{"--query"}},
		{"learning-summarise.md", []string{"!`learn summarise ", "learn summarise - <<'EOF'", "Do not store anything", "Documentation Seen", "If nothing is new"}, []string{"learn store --"}},
		{"learning-store.md", []string{"learn store --focus \"", "<<'EOF'\n**User Corrections:**", "\nEOF\n", "Store only what the user approved", "Never edit `.tmp/memory-learnings.md` yourself"}, []string{"!`"}},
		{"learning-compact.md", []string{"`learn compact`", "learn compact --dry-run", ".tmp/memory-learnings.backup.md"}, []string{"!`"}},
		{"learning-improve-docs.md", []string{"!`learn improve-docs ", "learn improve-docs --diff"}, nil},
		{"learning-forget.md", []string{"!`learn forget --dry-run ", "explicitly said yes", "`learn forget --yes`"}, []string{"!`learn forget --yes"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := files[tt.file]
			for _, s := range tt.must {
				if !strings.Contains(data, s) {
					t.Errorf("missing %q", s)
				}
			}
			for _, s := range tt.mustNot {
				if strings.Contains(data, s) {
					t.Errorf("must not contain %q", s)
				}
			}
		})
	}
}

func TestCheckFindsProblems(t *testing.T) {
	const fm = "---\ndescription: a command for testing\n---\n"
	tests := []struct {
		name  string
		agent Agent
		data  string
		want  string
	}{
		{"arguments in injection", Opencode, fm + "!`learn recall --query $ARGUMENTS 2>&1`\n", "argument placeholder"},
		{"positional in injection", Opencode, fm + "!`learn recall $1`\n", "argument placeholder"},
		{"other command", Opencode, fm + "!`cat .tmp/memory-learnings.md`\n", "is run as a shell command"},
		{"no fallback", Opencode, fm + "!`learn recall`\n", "is run as a shell command"},
		{"chained command", Opencode, fm + "!`learn recall </dev/null 2>&1 || echo \"learn failed\"; rm -rf x`\n", "is run as a shell command"},
		{"stray bang", Opencode, fm + "Done!`x\n", "exclamation mark directly before a backtick"},
		{"file reference", Opencode, fm + "Read @notes.txt first.\n", "would be attached as a file"},
		{"wrong type", Opencode, "---\ndescription: a command for testing\nsubtask: maybe\n---\nbody\n", `"subtask" is a string, opencode needs a bool`},
		{"unknown key", Opencode, "---\ndescription: a command for testing\nallowed-tools: Bash(learn:*)\n---\nbody\n", `"allowed-tools" is not one opencode reads`},
		{"no description", Claude, "---\nallowed-tools: Bash(learn:*)\n---\nbody\n", "no description"},
		{"no frontmatter", Opencode, "just a body\n", "no frontmatter"},
		{"broken yaml", Opencode, "---\ndescription: [unclosed\n---\nbody\n", "does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(Check(tt.agent, []byte(tt.data)), "\n")
			if !strings.Contains(got, tt.want) {
				t.Errorf("Check() = %q, want a problem containing %q", got, tt.want)
			}
		})
	}
	if p := Check(Opencode, []byte(fm+"Fine: `learn store` and mail@example.com.\n")); len(p) > 0 {
		t.Errorf("Check() on a clean file = %q", p)
	}
}

func TestCheckFrontmatterOnlyReportsWhatBreaksTheAgent(t *testing.T) {
	tests := []struct {
		data string
		want string
	}{
		{"---\ndescription: mine\nfoo: bar\n---\n!`anything`\n", ""},
		{"no frontmatter at all\n", ""},
		{"---\nsubtask: maybe\n---\nx\n", `"subtask" is a string, opencode needs a bool`},
		{"---\ndescription: [a\n---\nx\n", "does not parse"},
	}
	for _, tt := range tests {
		got := strings.Join(CheckFrontmatter(Opencode, []byte(tt.data)), "\n")
		if (tt.want == "" && got != "") || !strings.Contains(got, tt.want) {
			t.Errorf("CheckFrontmatter(%q) = %q, want %q", tt.data, got, tt.want)
		}
	}
}

func TestParseAgent(t *testing.T) {
	for _, a := range Agents {
		if got, err := ParseAgent(string(a)); err != nil || got != a {
			t.Errorf("ParseAgent(%q) = %q, %v", a, got, err)
		}
	}
	if _, err := ParseAgent("cursor"); err == nil || !strings.Contains(err.Error(), "opencode or claude") {
		t.Errorf("ParseAgent(cursor) error = %v", err)
	}
}

// TestCommandsDirIsCurrent fails when the committed commands/ directory no
// longer matches the templates.
func TestCommandsDirIsCurrent(t *testing.T) {
	const fix = "run `go run ./cmd/learn commands --out commands` in the repository root and commit commands/"
	dir := filepath.Join("..", "commands")
	files, err := Render(Opencode)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range files {
		want[f.Name] = true
		got, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Errorf("commands/%s: %v; %s", f.Name, err, fix)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("commands/%s differs from templates/%s:\n%s\n%s", f.Name, f.Name, cmp.Diff(string(f.Data), string(got)), fix)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") && !want[e.Name()] {
			t.Errorf("commands/%s has no template; delete it or add templates/%s (%s)", e.Name(), e.Name(), fix)
		}
	}
}

// Every injection of a rendered command file is found, with its tag and the
// fallback it prints when learn fails, so that the MCP prompts and Codex's
// prompt hook say what the client's own shell injection would.
func TestInjectionsOfRenderedFiles(t *testing.T) {
	for name, data := range render(t, Opencode) {
		ins := Injections([]byte(data))
		if n := strings.Count(data, "\n!`learn "); len(ins) != n {
			t.Errorf("%s: %d injections found, the file has %d", name, len(ins), n)
		}
		for _, in := range ins {
			if in.Tag == "" || in.Fallback != "learn failed: see the error above; run learn doctor" || in.Args[0] == "" {
				t.Errorf("%s: injection %+v: want a tag, the fallback and learn's arguments", name, in)
			}
		}
	}
}
