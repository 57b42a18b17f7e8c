package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/adrg/frontmatter"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/templates"
)

// gemini is Google's Gemini CLI (0.61.0). It reads TOML command files from
// ~/.gemini/commands/ or a project's .gemini/commands/ and runs the !{...}
// shell injections in them; learn's BeforeAgent hook in settings.json gives
// every session its memory on its first prompt, and mcpServers.learn in the
// same file starts "learn mcp". A user policy, ~/.gemini/policies/learn.toml,
// lets the commands' learn calls and the MCP server's read tools run without
// a confirmation, which headless runs (gemini -p) cannot give.
type gemini struct{}

func (gemini) Name() string      { return "gemini" }
func (gemini) Aliases() []string { return []string{"gemini-cli"} }
func (gemini) Title() string     { return "Gemini CLI" }

// home is Gemini's directory in scope s: ~/.gemini, or the project's
// .gemini.
func (gemini) home(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".gemini"), nil
	}
	home := s.Getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set, so the Gemini CLI config directory is unknown; set HOME")
	}
	return filepath.Join(home, ".gemini"), nil
}

func (g gemini) CommandDir(s Scope) (string, error) {
	dir, err := g.home(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "commands"), nil
}

func (gemini) AlsoReads(string) []string { return nil }

// Commands renders the six commands as Gemini's TOML command files, from
// the same templates as the opencode commands.
func (gemini) Commands() ([]templates.File, error) {
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		return nil, err
	}
	out := make([]templates.File, 0, len(files))
	for _, f := range files {
		data, err := geminiCommand(f)
		if err != nil {
			return nil, err
		}
		out = append(out, templates.File{Name: f.Command() + ".toml", Data: data})
	}
	return out, nil
}

// opencodeInjection is a template's injection line; its first group is the
// learn command, which Gemini runs as it is: the policy learn installs
// allows exactly these commands, and a compound command (the opencode
// fallback "|| echo") would need a second rule. Gemini shows a failing
// command's output and exit status itself.
var opencodeInjection = lazyregexp.New("(?m)^!`(learn [a-z-]+(?: --[a-z-]+(?: [0-9]+)?)*) </dev/null 2>&1 \\|\\| echo \"learn failed[^\"$`!]*\"`$")

// geminiInjections lists the shell injections of a Gemini command file,
// the text inside each !{...}, with braces balanced as Gemini reads them.
func geminiInjections(data []byte) []string {
	var out []string
	s := string(data)
	for {
		i := strings.Index(s, "!{")
		if i < 0 {
			return out
		}
		s = s[i+2:]
		depth, end := 1, -1
		for j, r := range s {
			switch r {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				end = j
				break
			}
		}
		if end < 0 {
			return append(out, s)
		}
		out = append(out, s[:end])
		s = s[end+1:]
	}
}

// geminiCommands are the learn commands learn's command files inject; the
// policy lets exactly these run without a confirmation.
func geminiCommands() []string {
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		return nil
	}
	var cmds []string
	seen := map[string]bool{}
	for _, f := range files {
		for _, m := range opencodeInjection().FindAllStringSubmatch(string(f.Data), -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				cmds = append(cmds, m[1])
			}
		}
	}
	return cmds
}

// geminiCommand turns an opencode command file into a Gemini command:
// description and prompt in TOML, each injection as !{learn ...}, and
// $ARGUMENTS as {{args}}, which Gemini pastes as typed outside !{...} (it is
// never inside one, so the user's text never reaches a shell).
func geminiCommand(f templates.File) ([]byte, error) {
	var meta struct {
		Description string `yaml:"description"`
	}
	body, err := frontmatter.Parse(bytes.NewReader(f.Data), &meta)
	if err != nil {
		return nil, fmt.Errorf("render %s for gemini: %w", f.Name, err)
	}
	text := opencodeInjection().ReplaceAllString(string(body), "!{$1}")
	text = strings.ReplaceAll(text, "$ARGUMENTS", "{{args}}")
	text = strings.ReplaceAll(text, "your bash tool", "your shell tool")
	switch {
	case strings.Contains(text, "!`"):
		return nil, fmt.Errorf("render %s for gemini: an injection Gemini cannot run", f.Name)
	case strings.Contains(text, "'''"):
		return nil, fmt.Errorf("render %s for gemini: the body holds ''', which ends a TOML literal string", f.Name)
	}
	desc, err := tomlString(meta.Description)
	if err != nil {
		return nil, fmt.Errorf("render %s for gemini: %w", f.Name, err)
	}
	return []byte("description = " + desc + "\nprompt = '''\n" + text + "'''\n"), nil
}

// tomlString quotes s as a TOML basic string (JSON's escapes are TOML's).
func tomlString(s string) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

var (
	tomlDescription = lazyregexp.New(`(?m)^description\s*=\s*"(?:[^"\\\n]|\\.)*"\s*$`)
	tomlPrompt      = lazyregexp.New(`(?m)^prompt\s*=\s*('''|"""|'|")`)
)

// CheckCommand checks one of learn's command files: a description and a
// prompt, and no shell injection but a plain learn call, so that the user's
// {{args}} never reach a shell.
func (g gemini) CheckCommand(data []byte) []string {
	problems := g.CheckOtherCommand(data)
	if !tomlDescription().Match(data) {
		problems = append(problems, "no description line")
	}
	allowed := map[string]bool{}
	for _, c := range geminiCommands() {
		allowed[c] = true
	}
	for _, cmd := range geminiInjections(data) {
		switch {
		case strings.Contains(cmd, "{{args}}"):
			problems = append(problems, fmt.Sprintf("shell injection %q contains {{args}}: Gemini would run the user's text in a shell", cmd))
		case !allowed[cmd]:
			problems = append(problems, fmt.Sprintf("shell injection %q is not one of learn's read commands", cmd))
		}
	}
	return problems
}

// CheckOtherCommand checks what Gemini needs of any command file: a prompt.
// Gemini skips a command file it cannot load, with a warning, and keeps
// running, so nothing more about other files is worth a failed check.
func (gemini) CheckOtherCommand(data []byte) []string {
	if !tomlPrompt().Match(data) {
		return []string{"no prompt = ... line: Gemini CLI skips a command without a prompt"}
	}
	return nil
}

// SettingsFile is settings.json: the user's ~/.gemini/settings.json, or the
// project's .gemini/settings.json, which Gemini reads only in a trusted
// folder.
func (g gemini) SettingsFile(s Scope) (string, error) {
	dir, err := g.home(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "settings.json"), nil
}

// MCPConfig is settings.json too: mcpServers lives beside hooks.
func (g gemini) MCPConfig(s Scope) (string, error) { return g.SettingsFile(s) }

// geminiHookCommand runs learn's hook for both events. The shell around it
// keeps a broken learn from touching the session: Gemini drops the user's
// prompt when a BeforeAgent hook exits 2, so it always exits 0 and passes on
// learn's output only when learn succeeded.
const geminiHookCommand = `out=$(learn hook --agent gemini) && printf '%s' "$out"; exit 0`

// geminiAfterToolCommand records a tool call in the session's state, as
// Claude Code's claude.PostToolCommand does; it prints nothing, since
// Gemini would show plain text as a hook message.
const geminiAfterToolCommand = `learn hook --agent gemini >/dev/null; exit 0`

// geminiHookTimeout bounds each hook in milliseconds (Gemini's unit).
const geminiHookTimeout = 10000

// geminiHooks are learn's hooks in Gemini's settings.json: on the first prompt
// of a session, BeforeAgent adds what "learn recall --git" prints and the
// learnings relevant to that prompt. There is no SessionStart hook: gemini -p
// puts its context before the prompt, so that a /learning-* command no
// longer starts the prompt and is not run. Gemini needs the JSON answer
// "learn hook --agent gemini" gives; plain text from a hook never reaches
// its model. AfterTool records each tool call in the session's state.
var geminiHooks = claude.HookSet{
	{Event: "BeforeAgent", Command: geminiHookCommand, Runs: "learn hook --agent gemini (learn recall --git and the first prompt's learnings)", Same: "learn hook --agent gemini", Timeout: geminiHookTimeout,
		Lost: "sessions start without their memory"},
	{Event: "AfterTool", Command: geminiAfterToolCommand, Runs: "learn hook --agent gemini (records the session's files and commands)", Same: "learn hook --agent gemini", Timeout: geminiHookTimeout,
		Lost: claude.SessionStateLost},
}

// geminiMCP is learn's entry under mcpServers. Its read tools are trusted
// by the policy, not by "trust": true, so that store still asks. It serves
// no prompts: Gemini would rename both a prompt and the command file of the
// same name (user.learning-recall, learn.learning-recall), and
// /learning-recall would be no command at all.
var geminiMCP = claude.Entry{Parent: "mcpServers", Name: "learn", Value: geminiServer{Command: "learn", Args: []string{"mcp", "--no-prompts"}}}

// geminiServer is an entry of Gemini's mcpServers, in the order gemini mcp
// add writes it.
type geminiServer struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// geminiReadTools are learn's MCP tools the policy lets the model call
// without asking: they only read the memory.
var geminiReadTools = []string{"recall", "search", "show", "summarise"}

// geminiPolicy is ~/.gemini/policies/learn.toml. Gemini reads policies only
// from the user's directory (the project tier is disabled in 0.61.0).
func geminiPolicy() templates.File {
	var b strings.Builder
	b.WriteString("# learn's policy for Gemini CLI, written by \"learn install --agent gemini\";\n")
	b.WriteString("# \"learn install --agent gemini --uninstall\" removes it. It lets learn's /learning-*\n")
	b.WriteString("# commands run their read-only learn calls, and the model call learn's read-only\n")
	b.WriteString("# MCP tools, without a confirmation. learn store and learn forget still ask.\n")
	var alts []string
	for _, c := range geminiCommands() {
		alts = append(alts, regexp.QuoteMeta(c))
	}
	// Gemini matches the regex against the call's arguments as JSON, after
	// "command":" — the closing quote ends the command, so nothing can follow.
	re, _ := tomlString("(?:" + strings.Join(alts, "|") + `)"`)
	fmt.Fprintf(&b, "\n[[rule]]\ntoolName = \"run_shell_command\"\ncommandRegex = %s\ndecision = \"allow\"\npriority = 100\n", re)
	for _, t := range geminiReadTools {
		fmt.Fprintf(&b, "\n[[rule]]\ntoolName = \"mcp_learn_%s\"\ndecision = \"allow\"\npriority = 100\n", t)
	}
	return templates.File{Name: "learn.toml", Data: []byte(b.String())}
}

func (g gemini) policyDir(s Scope) (string, error) {
	dir, err := g.home(Scope{Getenv: s.Getenv})
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "policies"), nil
}

// Hooks adds learn's hooks to (or removes them from) settings.json, and
// installs (or removes) the user policy beside them.
func (g gemini) Hooks(s Scope, uninstall bool) (*HooksReport, error) {
	path, err := g.SettingsFile(s)
	if err != nil {
		return nil, err
	}
	rep := &HooksReport{Settings: path}
	for _, h := range geminiHooks {
		rep.Hooks = append(rep.Hooks, h.Event+": "+h.Runs)
	}
	if uninstall {
		rep.Status, err = geminiHooks.Uninstall(path)
	} else {
		rep.Status, err = geminiHooks.Install(path)
	}
	if err != nil {
		return nil, fmt.Errorf("gemini settings: %w", err)
	}
	if rep.Status == claude.Removed {
		dropRedundantBackup(path, func(path string, data []byte) ([]byte, error) {
			out, _, err := geminiHooks.AddHooks(path, data)
			return out, err
		})
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	}
	policy, err := g.policy(s, uninstall)
	if err != nil {
		return nil, err
	}
	rep.Hooks = append(rep.Hooks, policy)
	return rep, nil
}

// policy installs (or removes) learn's policy; both the hook step and the
// MCP step do, since the commands and the MCP read tools each need it, and
// either step may be skipped. It says what it did, for the report.
func (g gemini) policy(s Scope, uninstall bool) (string, error) {
	dir, err := g.policyDir(s)
	if err != nil {
		return "", err
	}
	files := []templates.File{geminiPolicy()}
	var acts []Action
	if uninstall && s.Project != "" && g.userInstalled(s) {
		// The policy lives in the user's directory, and the user's own
		// install still needs it.
		return "policy " + filepath.Join(dir, files[0].Name) + ": kept for the user's install", nil
	}
	if uninstall {
		acts, err = UninstallFiles(dir, files, false)
		removeIfEmpty(dir)
	} else {
		acts, err = InstallFiles(dir, files, false)
	}
	if err != nil {
		return "", fmt.Errorf("gemini policy: %w", err)
	}
	return fmt.Sprintf("policy %s: %s", acts[0].Path, acts[0].Status), nil
}

// userInstalled reports whether learn's commands are in the user's command
// directory.
func (g gemini) userInstalled(s Scope) bool {
	dir, err := g.CommandDir(Scope{Getenv: s.Getenv})
	if err != nil {
		return false
	}
	files, err := g.Commands()
	if err != nil {
		return false
	}
	states, err := Inspect(dir, files)
	if err != nil {
		return false
	}
	for _, st := range states {
		if st.Kind != "missing" {
			return true
		}
	}
	return false
}

// MCP registers "learn mcp" under mcpServers in settings.json, or removes
// exactly that entry.
func (g gemini) MCP(s Scope, uninstall bool) (*MCPReport, error) {
	path, err := g.MCPConfig(s)
	if err != nil {
		return nil, err
	}
	rep := &MCPReport{Config: path, Server: "learn mcp --no-prompts"}
	if uninstall {
		rep.Status, err = geminiMCP.Uninstall(path)
	} else {
		rep.Status, err = geminiMCP.Install(path)
	}
	if err != nil {
		return nil, fmt.Errorf("gemini settings: %w", err)
	}
	if rep.Status == claude.Removed {
		dropRedundantBackup(path, func(path string, data []byte) ([]byte, error) {
			out, _, err := geminiMCP.Add(path, data)
			return out, err
		})
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	case claude.Left:
		rep.Status = MCPLeft
		rep.Detail = "an MCP server named learn that learn did not write is there; left alone"
	}
	policy, err := g.policy(s, uninstall)
	if err != nil {
		return nil, err
	}
	if rep.Detail != "" {
		rep.Detail += "; "
	}
	rep.Detail += policy
	return rep, nil
}

// dropRedundantBackup removes the backup an uninstall just wrote when it is
// exactly the settings file with learn's entries added back: it holds
// nothing of the user's. Hooks and the MCP server share settings.json, so
// the second uninstall would otherwise leave the first one's state behind.
func dropRedundantBackup(path string, add func(string, []byte) ([]byte, error)) {
	cur, err := os.ReadFile(path)
	if err != nil {
		return
	}
	backup, err := os.ReadFile(path + claude.BackupSuffix)
	if err != nil {
		return
	}
	if again, err := add(path, cur); err == nil && bytes.Equal(again, backup) {
		_ = os.Remove(path + claude.BackupSuffix)
	}
}

func (g gemini) Doctor(env Env) []Check {
	return []Check{g.checkHooks(env), g.checkMCP(env), g.checkPolicy(env), g.checkPath(env)}
}

// checkHooks checks the automatic-recall hooks (the user's settings or the
// project's; either counts).
func (g gemini) checkHooks(env Env) Check {
	c := Check{Name: "gemini hooks", Status: CheckOK}
	files := readHookFiles(&c, scopePaths(env, g.SettingsFile), geminiHooks, "Gemini CLI cannot use a settings file it cannot parse", func(p string, data []byte) {
		if geminiHooksDisabled(data) {
			c.Status = CheckFail
			c.Details = append(c.Details, p+` turns hooks off ("hooksConfig": {"enabled": false})`)
		}
	})
	files.judge(&c, geminiHooks, g, "; Gemini runs project hooks only in a trusted folder", "Gemini CLI", "fix the settings named above")
	return c
}

func geminiHooksDisabled(data []byte) bool {
	var s struct {
		HooksConfig struct {
			Enabled *bool `json:"enabled"`
		} `json:"hooksConfig"`
	}
	return json.Unmarshal(data, &s) == nil && s.HooksConfig.Enabled != nil && !*s.HooksConfig.Enabled
}

// checkMCP checks that some settings.json starts learn's MCP server.
func (g gemini) checkMCP(env Env) Check {
	c := Check{Name: "gemini MCP server"}
	paths := scopePaths(env, g.SettingsFile)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue // missing, or noted by checkHooks as unreadable
		}
		found, ours, err := geminiMCP.Find(p, data)
		switch {
		case err != nil:
			c.Status, c.Message = CheckFail, err.Error()
			return c
		case ours:
			c.Status, c.Message = CheckOK, `mcpServers.learn in `+p+` runs "learn mcp --no-prompts"`
			return c
		case found:
			c.Status, c.Message = CheckWarn, `mcpServers.learn in `+p+` is not learn's entry (command "learn", args ["mcp", "--no-prompts"]); left as it is`
			return c
		}
	}
	c.Status = CheckWarn
	c.Message = "learn's MCP server is not registered in " + strings.Join(paths, " or ") + ", so the model cannot look learnings up through tools"
	c.Fix = installCommand(g)
	return c
}

// checkPolicy checks the user policy that lets the commands' learn calls
// run without a confirmation.
func (g gemini) checkPolicy(env Env) Check {
	c := Check{Name: "gemini policy"}
	dir, err := g.policyDir(Scope{Getenv: env.Getenv})
	if err != nil {
		c.Status, c.Message = CheckFail, err.Error()
		return c
	}
	states, err := Inspect(dir, []templates.File{geminiPolicy()})
	switch {
	case err != nil:
		c.Status, c.Message = CheckFail, err.Error()
	case states[0].Kind == "missing":
		c.Status = CheckWarn
		c.Message = states[0].Path + " is missing, so Gemini asks before each learn call of a /learning-* command, and gemini -p refuses them"
		c.Fix = installCommand(g) + " (or " + installCommand(g) + " --project: the policy goes to your home either way)"
	case !states[0].Current:
		c.Status = CheckFail
		c.Message = states[0].Path + " differs from what this learn installs"
		c.Fix = installCommand(g) + " --force"
	default:
		c.Status, c.Message = CheckOK, "current, "+states[0].Path
	}
	return c
}

// checkPath checks that the shell Gemini runs hooks and injections in finds
// learn.
func (gemini) checkPath(env Env) Check {
	c := Check{Name: "learn on Gemini CLI's PATH", Status: CheckOK}
	if p, err := env.lookPath("learn"); err == nil {
		c.Message = p + ", found on this shell's PATH (Gemini CLI started from it runs hooks and commands with it)"
		return c
	}
	c.Status = CheckFail
	c.Message = "learn is not on this shell's PATH, so the hooks, commands and MCP server cannot run it"
	c.Fix = "put the directory holding learn on PATH (install.sh uses ~/.local/bin)"
	return c
}
