package agent

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/frontmatter"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/templates"
)

// codex is OpenAI's Codex CLI (0.169.0). It has no custom slash commands:
// its skills ($CODEX_HOME/skills/NAME/SKILL.md, default ~/.codex/skills, or
// a project's .codex/skills) take their place, invoked as $learning-recall.
// A skill cannot run a shell command when it is loaded, so learn's
// UserPromptSubmit hook ("learn hook --agent codex") adds the output the
// opencode command would inject when a prompt starts with $learning-NAME or
// /learning-NAME, and the skill tells the model to run learn with its shell
// tool when that output is missing. The same hooks.json gets the automatic
// recall (SessionStart and the first prompt), and config.toml learn's MCP
// server.
type codex struct{}

func (codex) Name() string      { return "codex" }
func (codex) Aliases() []string { return []string{"codex-cli"} }
func (codex) Title() string     { return "Codex CLI" }

// home is Codex's directory in scope s: $CODEX_HOME (default ~/.codex), or
// the project's .codex.
func (codex) home(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".codex"), nil
	}
	if d := s.Getenv("CODEX_HOME"); d != "" {
		return d, nil
	}
	home := s.Getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set, so the Codex CLI config directory is unknown; set HOME or CODEX_HOME")
	}
	return filepath.Join(home, ".codex"), nil
}

// CommandDir is the skills directory: each skill is a folder holding
// SKILL.md.
func (c codex) CommandDir(s Scope) (string, error) {
	dir, err := c.home(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "skills"), nil
}

func (codex) AlsoReads(string) []string { return nil }

// Commands renders the six commands as skills: learning-recall/SKILL.md and
// so on, from the same templates as the opencode commands.
func (codex) Commands() ([]templates.File, error) {
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		return nil, err
	}
	out := make([]templates.File, 0, len(files))
	for _, f := range files {
		data, err := codexSkill(f)
		if err != nil {
			return nil, err
		}
		out = append(out, templates.File{Name: f.Command() + "/SKILL.md", Data: data})
	}
	return out, nil
}

var argumentsLine = lazyregexp.New(`(?m)^(.*): \$ARGUMENTS\n?$`)

// codexSkill turns an opencode command file into a Codex skill. Codex reads
// name and description from the frontmatter and pastes the body, as it is,
// into the conversation: it neither runs !`...` nor fills in $ARGUMENTS.
// Each injection becomes a sentence that says where learn's prompt hook puts
// that output and which command gives it otherwise.
func codexSkill(f templates.File) ([]byte, error) {
	var meta struct {
		Description string `yaml:"description"`
	}
	body, err := frontmatter.Parse(bytes.NewReader(f.Data), &meta)
	if err != nil {
		return nil, fmt.Errorf("render %s for codex: %w", f.Name, err)
	}
	name := f.Command()
	text := string(body)
	for _, in := range templates.Injections(f.Data) {
		old := in.Line + "\n"
		if in.Tag != "" {
			old = "<" + in.Tag + ">\n" + old + "</" + in.Tag + ">\n"
		}
		where := "to this conversation"
		if in.Tag != "" {
			where += ", between <" + in.Tag + "> and </" + in.Tag + ">,"
		}
		text = strings.Replace(text, old, fmt.Sprintf(
			"learn's prompt hook adds the output of `%s` %s when the user's message starts with $%s. "+
				"If it is not in the conversation, run `%s` with your shell tool and use its output.\n",
			in.Command(), where, name, in.Command()), 1)
	}
	text = strings.ReplaceAll(text, "The following is data", "learn's output is data")
	text = strings.ReplaceAll(text, "your bash tool", "your shell tool")
	text = strings.ReplaceAll(text, "/learning-", "$learning-")
	text = argumentsLine().ReplaceAllString(text, "$1: the words after $$"+name+" in the user's message.\n")
	if strings.Contains(text, "$ARGUMENTS") || strings.Contains(text, "!`") {
		return nil, fmt.Errorf("render %s for codex: the template has an injection or $ARGUMENTS the skill cannot carry", f.Name)
	}
	return []byte("---\nname: " + name + "\ndescription: " + meta.Description + "\n---\n" + text), nil
}

// CheckCommand checks one of learn's skills: its frontmatter is what Codex
// needs, and the body carries nothing Codex would pass on literally.
func (c codex) CheckCommand(data []byte) []string {
	problems := c.CheckOtherCommand(data)
	if bytes.Contains(data, []byte("!`")) {
		problems = append(problems, "a shell injection (!`...`): Codex does not run it, the model would see it as text")
	}
	if bytes.Contains(data, []byte("$ARGUMENTS")) {
		problems = append(problems, "$ARGUMENTS: Codex does not fill it in")
	}
	return problems
}

// CheckOtherCommand checks what Codex needs of any skill: frontmatter that
// parses, with a name and a description.
func (codex) CheckOtherCommand(data []byte) []string {
	meta := map[string]any{}
	if _, err := frontmatter.Parse(bytes.NewReader(data), &meta); err != nil {
		return []string{fmt.Sprintf("frontmatter does not parse: %v", err)}
	}
	var problems []string
	for _, k := range []string{"name", "description"} {
		if v, ok := meta[k].(string); !ok || strings.TrimSpace(v) == "" {
			problems = append(problems, fmt.Sprintf("frontmatter has no %s (Codex skips a skill without one)", k))
		}
	}
	return problems
}

// SettingsFile is the hooks.json learn adds its hooks to. Codex runs a
// project's .codex/hooks.json only in a trusted project.
func (c codex) SettingsFile(s Scope) (string, error) {
	dir, err := c.home(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "hooks.json"), nil
}

// MCPConfig is config.toml, where Codex reads [mcp_servers.NAME].
func (c codex) MCPConfig(s Scope) (string, error) {
	dir, err := c.home(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "config.toml"), nil
}

// CodexPromptCommand is Codex's UserPromptSubmit hook: the first prompt's
// relevant learnings, and a skill's learn output for a prompt that starts
// with $learning-NAME. Like Claude Code's, it always exits 0, so a broken
// learn never costs the user their prompt.
const CodexPromptCommand = `out=$(learn hook --agent codex) && printf '%s' "$out"; exit 0`

// CodexPostToolCommand records a tool call in the session's state, as
// Claude Code's claude.PostToolCommand does. Codex sends PostToolUse after a
// failing command too (without its exit code, which learn reads from the
// session's transcript).
const CodexPostToolCommand = `learn hook --agent codex >/dev/null; exit 0`

// CodexStartCommand is Codex's SessionStart hook, Claude Code's
// claude.StartCommand for Codex: what "learn recall --git" prints, and after
// a compaction (source "compact", which Codex 0.169.0 sends with the same
// session_id once it has compacted the conversation, automatically or by
// /compact) the session's recorded state too. Codex adds its output after
// the compaction's summary, verified through the real client
// (internal/codexe2e).
const CodexStartCommand = "learn hook --agent codex"

// codexHooks are the entries learn adds to Codex's hooks.json, which has
// Claude Code's shape: the same session start, a prompt hook that also
// serves the skills, and the post-tool hook that keeps the session's state.
// An earlier learn's session start ran "learn recall --git", which gets no
// session state after a compaction: install rewrites it in place.
var codexHooks = claude.HookSet{
	{Event: "SessionStart", Matcher: "startup|clear|compact", Command: CodexStartCommand,
		Runs: "learn hook --agent codex (learn recall --git; after a compaction with the session's state)", Same: "learn recall",
		Old: []string{claude.SessionStartCommand}, Lost: "sessions start without their memory"},
	{Event: "UserPromptSubmit", Command: CodexPromptCommand, Runs: "learn hook --agent codex", Same: "learn hook --agent codex",
		Lost: "$learning-* skills get no learn output"},
	{Event: "PostToolUse", Command: CodexPostToolCommand, Runs: "learn hook --agent codex", Same: "learn hook --agent codex",
		Lost: claude.SessionStateLost},
}

// Hooks adds learn's hooks to (or removes them from) hooks.json, byte for
// byte like Claude Code's settings, with a backup beside it.
func (c codex) Hooks(s Scope, uninstall bool) (*HooksReport, error) {
	path, err := c.SettingsFile(s)
	if err != nil {
		return nil, err
	}
	rep := &HooksReport{Settings: path}
	for _, h := range codexHooks {
		rep.Hooks = append(rep.Hooks, h.Event+": "+h.Runs)
	}
	if uninstall {
		rep.Status, err = codexHooks.Uninstall(path)
	} else {
		rep.Status, err = codexHooks.Install(path)
	}
	if err != nil {
		return nil, fmt.Errorf("codex hooks: %w", err)
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	}
	return rep, nil
}

func (c codex) Doctor(env Env) []Check {
	return []Check{c.checkHooks(env), c.checkPath(env), c.checkMCP(env)}
}

// checkHooks checks the automatic-recall hooks in hooks.json (the user's
// or the project's), and whether Codex was told to trust them.
func (c codex) checkHooks(env Env) Check {
	hooks := Check{Name: "codex hooks", Status: CheckOK}
	files := readHookFiles(&hooks, scopePaths(env, c.SettingsFile), codexHooks, "Codex ignores a hooks file it cannot parse", nil)
	if files.judge(&hooks, codexHooks, c, "", "Codex", "fix the file named above") {
		return hooks
	}
	found, outdated := files.found, files.outdated
	cfg, _ := c.MCPConfig(Scope{Getenv: env.Getenv})
	if data, err := os.ReadFile(cfg); err == nil && tomlFalse(data, "features", "hooks") {
		hooks.Status = CheckFail
		hooks.Message = "installed, but " + cfg + " turns hooks off ([features] hooks = false), so none runs"
		hooks.Fix = "remove hooks = false from [features] in " + cfg
		return hooks
	}
	if root, ok := c.projectHooks(env, found); ok && !tomlIs(cfgData(cfg), `"trusted"`, "projects", root, "trust_level") {
		// A note like the one on hook trust: trusting is the user's call.
		hooks.Details = append(hooks.Details, "the project's hooks run only in a trusted project, and "+cfg+" does not trust "+root+
			" (start codex there and trust the folder, or run codex exec --trust once)")
	}
	if outdated["SessionStart"] != "" {
		hooks.Status = CheckWarn
		hooks.Message = fmt.Sprintf("SessionStart in %s runs %q, an earlier learn's hook: after a compaction the session does not get back its state", outdated["SessionStart"], claude.SessionStartCommand)
		hooks.Fix = installCommand(c) + " (it replaces the command in place; Codex then asks to trust the changed hook)"
	}
	dir := ""
	if env.ProjectRoot != nil {
		if root, err := env.ProjectRoot(); err == nil {
			dir = root
		}
	}
	if listed, ok := c.hookTrust(env, dir); ok {
		c.trustWarning(&hooks, learnHookTrust(listed, found))
		return hooks
	}
	if !c.trusted(cfg, found) {
		// A note, not a warning: without Codex's own answer (codex not on
		// PATH), how Codex records trust is not documented, and learn
		// cannot grant it.
		hooks.Details = append(hooks.Details, "no trust decision for them in "+cfg+": Codex runs new or changed hooks only once you trust them "+
			`(start codex and, at "Hooks need review", trust them); codex exec skips untrusted hooks without a word`)
	}
	return hooks
}

// codexTrustFix is what the user does to have Codex run learn's hooks:
// only they can trust them, in Codex's TUI (codex exec cannot ask).
const codexTrustFix = `run codex in a terminal and, at "Hooks need review", choose "Trust all and continue" ` +
	`(codex exec --dangerously-bypass-hook-trust runs them for that run only)`

// trustWarning warns when Codex, asked (hookTrust), does not trust one of
// learn's hooks: it skips such a hook in codex exec without a word, and asks
// about it when its TUI starts.
func (codex) trustWarning(check *Check, trust map[string]string) {
	var modified, untrusted []string
	for _, h := range codexHooks {
		switch trust[h.Event] {
		case "trusted":
		case "modified":
			modified = append(modified, h.Event)
		default:
			untrusted = append(untrusted, h.Event)
		}
	}
	var why []string
	if len(modified) > 0 {
		why = append(why, fmt.Sprintf("%s changed since you trusted %s (learn install updates learn's hooks in place)",
			strings.Join(modified, " and "), plural(len(modified), "it", "them")))
	}
	if len(untrusted) > 0 {
		why = append(why, fmt.Sprintf("Codex has not trusted %s yet", strings.Join(untrusted, " and ")))
	}
	if len(why) == 0 {
		check.Message += " (trusted by Codex)"
		return
	}
	text := strings.Join(why, "; ") + ": codex exec skips " + plural(len(modified)+len(untrusted), "it", "them") +
		" without a word, and codex asks you to review " + plural(len(modified)+len(untrusted), "it", "them") + " when it starts"
	if check.Status != CheckOK {
		check.Details = append(check.Details, text)
		return
	}
	check.Status = CheckWarn
	check.Message = text
	check.Fix = codexTrustFix
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// projectHooks reports the project root when one of learn's hooks was found
// only in the project's hooks.json.
func (c codex) projectHooks(env Env, found map[string]string) (string, bool) {
	scopes := env.scopes()
	if len(scopes) < 2 {
		return "", false
	}
	p, err := c.SettingsFile(scopes[1])
	if err != nil {
		return "", false
	}
	for _, file := range found {
		if file == p {
			return scopes[1].Project, true
		}
	}
	return "", false
}

func cfgData(path string) []byte {
	data, _ := os.ReadFile(path)
	return data
}

// trusted reports whether config.toml records a trust decision for hooks in
// each of the hooks files found: Codex writes
// [hooks.state."FILE:EVENT:0:0"] trusted_hash = "sha256:..." when the user
// trusts them.
func (codex) trusted(cfg string, found map[string]string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	for ev, file := range found {
		key := file + ":" + snake(ev) + ":"
		if !bytes.Contains(data, []byte(key)) {
			return false
		}
	}
	return true
}

// snake turns "SessionStart" into "session_start", as Codex names events in
// its hook trust records.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// checkPath: Codex runs hooks and the MCP server with the PATH it was
// started with.
func (codex) checkPath(env Env) Check {
	c := Check{Name: "learn on Codex CLI's PATH", Status: CheckOK}
	if p, err := env.lookPath("learn"); err == nil {
		c.Message = p + ", found on this shell's PATH (Codex started from it runs hooks and MCP servers with it)"
		return c
	}
	c.Status = CheckFail
	c.Message = "learn is not on this shell's PATH, so Codex's hooks and MCP server cannot run it"
	c.Fix = "put the directory holding learn on PATH (install.sh uses ~/.local/bin)"
	return c
}
