package install

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/claude"
)

// HooksReport is what install did to Claude Code's settings.json.
type HooksReport struct {
	Settings string        `json:"settings"`
	Status   claude.Change `json:"status"`
	Backup   string        `json:"backup,omitempty"`
	Hooks    []string      `json:"hooks"`
}

func addClaudeFlags(cmd *cobra.Command, opts *Options) {
	cmd.Flags().BoolVar(&opts.NoHooks, "no-hooks", false, "claude: only the commands, not the automatic-recall hooks in settings.json")
}

// claudeHooks adds learn's hooks to (or removes them from) the settings.json
// next to the commands: the user's, or the project's with --project. It
// runs before the command files are written, so settings that are not JSON
// stop the install before anything is written.
func claudeHooks(opts *Options, root string) (*HooksReport, error) {
	if opts.NoHooks {
		return nil, nil
	}
	path, err := claude.SettingsPath(opts.Getenv, root)
	if err != nil {
		return nil, err
	}
	rep := &HooksReport{Settings: path}
	for _, h := range claude.Hooks {
		rep.Hooks = append(rep.Hooks, h.Event+": "+h.Runs)
	}
	if opts.Uninstall {
		rep.Status, err = claude.UninstallHooks(path)
	} else {
		rep.Status, err = claude.InstallHooks(path)
	}
	if err != nil {
		return nil, fmt.Errorf("claude settings: %w", err)
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	}
	return rep, nil
}

func printHooks(w io.Writer, rep *HooksReport) {
	if rep == nil {
		return
	}
	line := fmt.Sprintf("  %-10s hooks in %s (%s)", rep.Status, rep.Settings, strings.Join(rep.Hooks, "; "))
	if rep.Status == claude.Restored {
		line = fmt.Sprintf("  %-10s %s as it was before learn added its hooks", rep.Status, rep.Settings)
	}
	if rep.Backup != "" {
		if _, err := os.Stat(rep.Backup); err == nil {
			line += "; the previous file is in " + rep.Backup
		}
	}
	fmt.Fprintln(w, line)
}
