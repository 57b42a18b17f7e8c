// Package doctor implements "learn doctor": it checks that the slash
// commands can work (learn on PATH, the command files installed, current and
// readable by the agent) and that the learnings file parses, and says how to
// fix each problem.
package doctor

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmd/install"
	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/templates"
)

// Options holds the flags of "learn doctor".
type Options struct {
	IO          *cmdutil.IO
	Getenv      func(string) string
	ProjectRoot func() (string, error)
	MemoryFile  func() (string, error)
	SizeLimit   func() (int, error)
	// LookPath and Executable locate the learn on PATH and this binary;
	// nil uses exec.LookPath and os.Executable.
	LookPath   func(string) (string, error)
	Executable func() (string, error)

	Agent string
	JSON  bool
}

// NewCmdDoctor builds "learn doctor". runF replaces the run function in tests.
func NewCmdDoctor(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot, MemoryFile: f.MemoryFile, SizeLimit: f.SizeLimit}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the installation and the learnings file",
		Long: `Check everything the slash commands need, and say how to fix what is wrong:

  - learn is on PATH (the commands run it through the shell), and it is this
    binary rather than an older copy;
  - the six /learning-* command files are installed, in your user config or in
    the project (.opencode/command/), and are current: byte for byte what this
    binary would install;
  - every command file in those directories has frontmatter the agent accepts
    (opencode stops entirely when one file has a wrongly typed value);
  - for opencode, the plugin that recalls the learnings at the start of every
    session (learn-recall.js in opencode's plugin directory, user or project)
    is installed and is this binary's version;
  - the learnings file parses; problems are counted with their first line.
  - with --agent claude: the automatic-recall hooks are in Claude Code's
    settings.json (yours or the project's) and not switched off, and learn is
    on the PATH Claude Code runs them with (the settings' env.PATH if set).

Exit status 1 when a check fails; warnings alone exit 0.`,
		Example: `  $ learn doctor
  $ learn doctor --agent claude
  $ learn doctor --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := templates.ParseAgent(opts.Agent); err != nil {
				return cmdutil.Mark(fmt.Errorf("--agent: %w", err), cmdutil.ErrUsage)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Agent, "agent", string(templates.Opencode), "the client to check, by `NAME`: opencode or claude")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	_ = cmd.RegisterFlagCompletionFunc("agent", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, a := range templates.Agents {
			names = append(names, string(a))
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// Status of one check.
type Status string

// Check statuses: only StatusFail makes doctor exit 1.
const (
	StatusOK   Status = "ok"
	StatusWarn Status = "warn"
	StatusFail Status = "fail"
)

// Check is one finding, the --json form.
type Check struct {
	Name    string   `json:"name"`
	Status  Status   `json:"status"`
	Message string   `json:"message"`
	Details []string `json:"details,omitempty"`
	Fix     string   `json:"fix,omitempty"`
}

type report struct {
	OK     bool    `json:"ok"`
	Checks []Check `json:"checks"`
}

func run(opts *Options) error {
	agent := templates.Agent(opts.Agent)
	checks := []Check{checkBinary(opts)}
	checks = append(checks, checkCommands(opts, agent)...)
	if agent == templates.Opencode {
		checks = append(checks, checkPlugin(opts))
	}
	if agent == templates.Claude {
		checks = append(checks, checkClaude(opts)...)
	}
	checks = append(checks, checkMemory(opts))

	rep := report{OK: true, Checks: checks}
	for _, c := range checks {
		if c.Status == StatusFail {
			rep.OK = false
		}
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		printHuman(opts.IO.Out, opts.IO.ColorScheme(), rep)
	}
	if !rep.OK {
		return cmdutil.ErrSilent
	}
	return nil
}

func printHuman(w io.Writer, cs cmdutil.ColorScheme, rep report) {
	label := map[Status]string{StatusOK: cs.Good("ok") + "  ", StatusWarn: cs.Warn("warn"), StatusFail: cs.Bad("FAIL")}
	for _, c := range rep.Checks {
		fmt.Fprintf(w, "%s  %s: %s\n", label[c.Status], c.Name, c.Message)
		for _, d := range c.Details {
			fmt.Fprintf(w, "        %s\n", d)
		}
		if c.Fix != "" {
			fmt.Fprintf(w, "        fix: %s\n", c.Fix)
		}
	}
	if rep.OK {
		fmt.Fprintln(w, "All checks passed.")
	} else {
		fmt.Fprintln(w, "Some checks failed; each says how to fix it.")
	}
}

func checkBinary(opts *Options) Check {
	c := Check{Name: "learn on PATH"}
	look, exe := opts.LookPath, opts.Executable
	if look == nil {
		look = exec.LookPath
	}
	if exe == nil {
		exe = os.Executable
	}
	onPath, err := look("learn")
	if err != nil {
		c.Status = StatusFail
		c.Message = "not found, so the slash commands and automatic recall cannot run learn"
		c.Fix = "put the directory holding learn on PATH (./install.sh installs to ~/.local/bin), or run go install ./cmd/learn in a clone of learn (it installs to $(go env GOPATH)/bin)"
		return c
	}
	c.Status, c.Message = StatusOK, onPath
	self, err := exe()
	if err != nil {
		return c
	}
	if !sameFile(onPath, self) {
		c.Status = StatusWarn
		c.Message = fmt.Sprintf("%s is not this binary (%s): the slash commands run the one on PATH", onPath, self)
		c.Fix = "reinstall (./install.sh or go install), or put this binary's directory first on PATH"
	}
	return c
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

// checkCommands looks for learn's command files in the user's config and in
// the project; installed in either place counts.
func checkCommands(opts *Options, agent templates.Agent) []Check {
	files, err := templates.Render(agent)
	if err != nil {
		return []Check{{Name: "command files", Status: StatusFail, Message: err.Error()}}
	}
	userDir, err := install.Dir(opts.Getenv, agent, "")
	if err != nil {
		return []Check{{Name: "command files", Status: StatusFail, Message: err.Error()}}
	}
	dirs := []string{userDir}
	if root, err := opts.ProjectRoot(); err == nil {
		if d, err := install.Dir(opts.Getenv, agent, root); err == nil && d != userDir {
			dirs = append(dirs, d)
		}
	}
	installFix := "learn install"
	if agent != templates.Opencode {
		installFix += " --agent " + string(agent)
	}

	// found[name] is the first place the file was found, in dirs order.
	found := map[string]install.State{}
	for _, dir := range dirs {
		states, err := install.Inspect(dir, files)
		if err != nil {
			return []Check{{Name: "command files", Status: StatusFail, Message: err.Error(), Fix: installFix + " --force"}}
		}
		for _, s := range states {
			if _, ok := found[s.Name]; !ok && s.Kind != "missing" {
				found[s.Name] = s
			}
		}
	}

	installed := Check{Name: "command files installed", Status: StatusOK}
	current := Check{Name: "command files current", Status: StatusOK}
	safe := Check{Name: "command files readable", Status: StatusOK}
	var places []string
	usable := 0 // files found and readable, whose content can be compared
	for _, f := range files {
		s, ok := found[f.Name]
		if !ok {
			installed.Details = append(installed.Details, f.Name+": not found in "+strings.Join(dirs, " or "))
			continue
		}
		places = append(places, filepath.Dir(s.Path))
		switch {
		case s.Err != nil || s.Kind == "other":
			installed.Details = append(installed.Details, s.Path+": "+s.Problem())
			continue
		}
		usable++
		switch {
		case !s.Current:
			current.Details = append(current.Details, s.Path+": differs from what this learn installs")
		}
		for _, p := range templates.Check(agent, s.Data) {
			safe.Details = append(safe.Details, s.Path+": "+p)
		}
	}
	if len(installed.Details) > 0 {
		installed.Status = StatusFail
		installed.Message = fmt.Sprintf("%d of %d missing or unreadable", len(installed.Details), len(files))
		if len(found) == 0 {
			installed.Details = []string{"none found in " + strings.Join(dirs, " or ")}
		}
		installed.Fix = installFix + " (or, for this project only, " + installFix + " --project)"
	} else {
		installed.Message = fmt.Sprintf("all %d in %s", len(files), strings.Join(uniq(places), " and "))
	}
	if len(current.Details) > 0 {
		current.Status = StatusFail
		current.Message = fmt.Sprintf("%d out of date or edited", len(current.Details))
		current.Fix = installFix + " updates files it wrote; add --force to replace the others (./install.sh --force for links)"
	} else {
		current.Message = "identical to this binary's templates"
	}
	checks := []Check{installed}
	// With no file to read (all missing, or links into a moved clone),
	// "identical" would be a claim about nothing.
	if usable > 0 {
		checks = append(checks, current)
	}
	if dup := duplicates(dirs, files); len(dup) > 0 {
		checks = append(checks, Check{
			Name: "duplicate command files", Status: StatusWarn,
			Message: fmt.Sprintf("%d command files are defined twice", len(dup)),
			Details: dup,
			Fix:     "remove the copies in the commands/ folders (opencode reads command/ and commands/ alike)",
		})
	}
	safe.Details = append(safe.Details, otherCommandFiles(agent, dirs)...)
	if len(safe.Details) > 0 {
		safe.Status = StatusFail
		safe.Message = memview.Plural(len(safe.Details), "problem", "problems") + " (opencode refuses to start on a wrongly typed frontmatter value)"
		safe.Fix = "fix the frontmatter named above; for learn's own files: " + installFix + " --force"
	} else {
		safe.Message = "frontmatter and shell injections check out"
	}
	return append(checks, safe)
}

// duplicates lists learn's command files that also sit in the plural
// commands/ folder next to a command/ folder, where opencode loads them too.
func duplicates(dirs []string, files []templates.File) []string {
	var out []string
	for _, dir := range dirs {
		if filepath.Base(dir) != "command" {
			continue
		}
		plural := filepath.Join(filepath.Dir(dir), "commands")
		for _, f := range files {
			if _, err := os.Lstat(filepath.Join(plural, f.Name)); err == nil {
				out = append(out, filepath.Join(plural, f.Name)+" (besides "+filepath.Join(dir, f.Name)+")")
			}
		}
	}
	return out
}

// otherCommandFiles checks the frontmatter of every command file the agent
// would load from dirs and their plural siblings, since one bad value in any
// of them stops opencode.
func otherCommandFiles(agent templates.Agent, dirs []string) []string {
	ours := map[string]bool{}
	for _, n := range templates.Names() {
		ours[n] = true
	}
	seen := map[string]bool{}
	var problems []string
	for _, dir := range dirs {
		scan := []string{dir}
		if filepath.Base(dir) == "command" {
			scan = append(scan, filepath.Join(filepath.Dir(dir), "commands"))
		}
		for _, d := range scan {
			if seen[d] {
				continue
			}
			seen[d] = true
			_ = filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
				if err != nil || e.IsDir() || !strings.HasSuffix(path, ".md") || (filepath.Dir(path) == dir && ours[e.Name()]) {
					return nil
				}
				data, err := os.ReadFile(path)
				if err != nil {
					return nil
				}
				for _, p := range templates.CheckFrontmatter(agent, data) {
					problems = append(problems, path+": "+p)
				}
				return nil
			})
		}
	}
	return problems
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func checkMemory(opts *Options) Check {
	c := Check{Name: "learnings file"}
	path, err := opts.MemoryFile()
	if err != nil {
		c.Status, c.Message = StatusFail, err.Error()
		return c
	}
	data, err := memfile.Read(path) // refuses a binary file, naming the line
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Status = StatusOK
		c.Message = path + " does not exist yet (first session); /learning-store creates it"
		return c
	case err != nil:
		c.Status, c.Message = StatusFail, err.Error()
		c.Fix = "check the path and its permissions"
		if errors.Is(err, memfile.ErrNotFile) && strings.Contains(err.Error(), "NUL byte") {
			c.Fix = "restore it with learn undo, or remove the NUL bytes by hand"
		}
		return c
	}
	doc := learnings.Parse(data)
	c.Status = StatusOK
	problems := memview.ProblemCount(doc)
	c.Message = fmt.Sprintf("%s: %s, %s, %s, %s", path,
		memview.Plural(len(doc.Sessions), "session", "sessions"),
		memview.Plural(len(doc.Learnings()), "learning", "learnings"),
		learnings.HumanSize(len(data)),
		memview.Plural(problems, "problem", "problems"))
	if len(doc.Damage) > 0 {
		c.Status = StatusFail
		c.Details = append(c.Details, memview.DamageHeadline(path, doc))
		for _, d := range doc.Damage {
			c.Details = append(c.Details, d.String())
		}
		c.Fix = doc.Damage[0].Fix() + "; learn lint lists every problem"
		return c
	}
	if len(doc.Problems) > 0 {
		c.Status = StatusWarn
		for i, p := range doc.Problems {
			if i == 3 {
				c.Details = append(c.Details, fmt.Sprintf("... and %d more", len(doc.Problems)-3))
				break
			}
			c.Details = append(c.Details, p.String())
		}
		c.Fix = "learn lint lists every problem; learn fmt rewrites the file in the canonical form (backup first)"
	}
	limit := learnings.SizeLimit
	if opts.SizeLimit != nil {
		if limit, err = opts.SizeLimit(); err != nil {
			c.Status, c.Message = StatusFail, err.Error()
			return c
		}
	}
	if len(data) > limit {
		c.Status = StatusWarn
		c.Details = append(c.Details, "the file is "+learnings.OverLimit(len(data), limit))
		c.Fix = strings.TrimPrefix(c.Fix+"; ", "; ") + learnings.SizeAdvice(doc, limit)
	}
	return c
}
