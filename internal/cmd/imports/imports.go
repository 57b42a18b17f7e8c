// Package imports implements "learn import".
package imports

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/progress"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn import".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)
	Show   func(string) string
	Getwd  func() (string, error)

	Paths   []string
	JSON    bool
	DryRun  bool
	InPlace bool
	Project string
}

// NewCmdImport builds "learn import". runF replaces the run function in tests.
func NewCmdImport(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.NewMemory, Show: f.DisplayPath, Getwd: f.Getwd}
	cmd := &cobra.Command{
		Use:   "import PATH... | --in-place",
		Short: "Adopt memories other tools and agents wrote",
		Long: `Adopt the memories other tools wrote into this project's memory: the
learnings sections of CLAUDE.md, AGENTS.md and GEMINI.md; Claude Code's memory
folder (MEMORY.md and its topic files); Cline and Cursor memory banks; Cursor
.mdc rules and .cursorrules; Kiro steering and Copilot instruction files;
lessons, learnings and mistakes logs; session journals. A folder is read whole
(its Markdown and rule files). The sources are never changed.

Every list item, table row and entry of a source is either imported or listed
as skipped with its line and the reason: the file's own instructions (the
rest of a CLAUDE.md), an open task, an HTML comment, prose that introduces a
list, a learning already stored, a repeat, a secret. A heading that holds
labelled lines (Problem:, Root cause:, Fix:, Rule:) is one learning. Each
learning lands in one of the spec's categories, by its heading, its label, its
words, or the kind of file, and --json says why. Dated entries (2026-03-16,
"January 19, 2026", [LRN-20260606-001], 16 marzo 2026, 2026年3月16日) become
sessions of their date; undated ones a session "Imported from PATH".

Secrets are refused per learning (listed, never echoed) and the rest is
imported. Learnings already stored are skipped; a learning that changes a
stored one is imported and named, as 'learn store' does. The import is one
locked write after one backup: 'learn undo' takes it back. --dry-run shows
what would be stored and writes nothing.

--in-place rewrites the memory file itself, when another tool wrote it, into
learn's form: backup first, the learnings as sessions, and every line not
read as a learning kept verbatim in a section "Kept from the original file"
at its end.

Exit status: 0 imported (or nothing new), 1 failure, 2 usage error (no such
file), 4 busy.`,
		Example: `  $ learn import CLAUDE.md
  $ learn import ~/.claude/projects/-home-me-shop/memory/
  $ learn import memory-bank/ .cursorrules --dry-run
  $ learn import tasks/lessons.md --json
  $ learn import --in-place`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && !opts.InPlace {
				return cmdutil.UsageErrorf("name the files or folders to import (learn import CLAUDE.md), or --in-place for the memory file itself")
			}
			if len(args) > 0 && opts.InPlace {
				return cmdutil.UsageErrorf("--in-place rewrites the memory file itself: give no files with it")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "show what would be imported without writing")
	cmd.Flags().BoolVar(&opts.InPlace, "in-place", false, "rewrite the memory file itself, written by another tool, into learn's form")
	cmd.Flags().StringVar(&opts.Project, "project-name", "", "the project's `NAME` in the new sessions' headers (default: the project directory's name)")
	return cmd
}

// maxSource bounds one source: memories are kilobytes; a file far larger is
// not one.
const maxSource = 16 << 20

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	var sources []ops.ImportSource
	if opts.InPlace {
		data, err := os.ReadFile(m.Path)
		if errors.Is(err, fs.ErrNotExist) {
			return cmdutil.UsageErrorf("%s does not exist: there is nothing to rewrite in place", m.Display)
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", m.Display, err)
		}
		sources = append(sources, ops.ImportSource{Path: m.Path, Display: m.Display, Data: data})
	} else if sources, err = gather(opts, m); err != nil {
		return err
	}
	line := progress.Start(opts.IO.Err, opts.IO.ShowProgress(), fmt.Sprintf("importing %s", memview.Plural(len(sources), "file", "files")))
	res, err := ops.Import(m, ops.ImportOptions{Sources: sources, Project: opts.Project, DryRun: opts.DryRun, InPlace: opts.InPlace})
	line.Stop()
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	report(opts.IO.Out, opts.IO.Err, res, len(sources))
	return nil
}

// gather reads the paths given: files as they are, folders whole.
func gather(opts *Options, m *ops.Memory) ([]ops.ImportSource, error) {
	wd, err := opts.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	var out []ops.ImportSource
	seen := map[string]bool{}
	add := func(path string) error {
		abs := path
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, abs)
		}
		abs = filepath.Clean(abs)
		if seen[abs] {
			return nil
		}
		seen[abs] = true
		if abs == filepath.Clean(m.Path) {
			return cmdutil.UsageErrorf("%s is the memory file itself: use learn import --in-place to rewrite it", opts.Show(abs))
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return cmdutil.UsageErrorf("cannot import %s: %v", path, errors.Unwrap(err))
		}
		if fi.Size() > maxSource {
			return cmdutil.UsageErrorf("cannot import %s: it is %s, far larger than a memory; import the part that holds learnings", opts.Show(abs), learnings.HumanSize(int(fi.Size())))
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			return fmt.Errorf("read %s: %w", opts.Show(abs), err)
		}
		out = append(out, ops.ImportSource{Path: abs, Display: opts.Show(abs), Data: data})
		return nil
	}
	for _, p := range opts.Paths {
		fi, err := os.Stat(p)
		if err == nil && fi.IsDir() {
			files, err := memoryFiles(p)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, cmdutil.UsageErrorf("%s holds no Markdown or rule files to import", p)
			}
			for _, f := range files {
				if err := add(f); err != nil {
					return nil, err
				}
			}
			continue
		}
		if err := add(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// memoryFiles lists the files of a folder that can hold memories:
// Markdown, .mdc rules, text, and the rule files agents keep as dotfiles;
// never inside .git or node_modules.
func memoryFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != dir && (name == ".git" || name == "node_modules" || name == ".tmp") {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".md", ".mdc", ".markdown", ".txt":
			out = append(out, p)
		default:
			if slices.Contains([]string{".cursorrules", ".windsurfrules", ".clinerules"}, d.Name()) {
				out = append(out, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	// MEMORY.md first, then the rest by name: an index before its topics.
	slices.SortStableFunc(out, func(a, b string) int {
		ai, bi := strings.EqualFold(filepath.Base(a), "MEMORY.md"), strings.EqualFold(filepath.Base(b), "MEMORY.md")
		switch {
		case ai && !bi:
			return -1
		case bi && !ai:
			return 1
		}
		return strings.Compare(a, b)
	})
	return out, nil
}

// skippedShown bounds the skipped parts listed; --json lists them all.
const skippedShown = 20

func report(out, errw io.Writer, r *ops.ImportResult, files int) {
	for _, w := range r.Warnings {
		fmt.Fprintf(errw, "warning: %s.\n", w)
	}
	switch {
	case len(r.Imported) == 0:
		fmt.Fprintf(out, "Nothing imported from %s into %s.\n", memview.Plural(files, "file", "files"), r.File)
	case r.DryRun:
		fmt.Fprintf(out, "Dry run: would import %s from %s into %s as %s (nothing written):\n",
			memview.Plural(len(r.Imported), "learning", "learnings"), memview.Plural(files, "file", "files"), r.File, memview.Plural(len(r.Sessions), "session", "sessions"))
	default:
		fmt.Fprintf(out, "Imported %s from %s into %s as %s:\n",
			memview.Plural(len(r.Imported), "learning", "learnings"), memview.Plural(files, "file", "files"), r.File, memview.Plural(len(r.Sessions), "session", "sessions"))
	}
	for _, s := range r.Sessions {
		n := 0
		for _, l := range r.Imported {
			if l.Session != nil && l.Session.Stamp == s.Stamp && l.Session.Focus == s.Focus {
				n++
			}
		}
		id := ""
		if s.ID != "" {
			id = " (" + s.ID + ")"
		}
		fmt.Fprintf(out, "  [%s] - %s%s: %s\n", s.Stamp, s.Focus, id, memview.Plural(n, "learning", "learnings"))
	}
	if r.Kept > 0 {
		fmt.Fprintf(out, "Kept %s not read as learnings verbatim under \"Kept from the original file\".\n", memview.Plural(r.Kept, "line", "lines"))
	}
	if r.Backup != nil {
		fmt.Fprintf(out, "Backup: %s (and %s); 'learn undo' takes the import back.\n", r.Backup.File, r.Backup.Ring)
	}
	if len(r.Updates) > 0 {
		fmt.Fprintf(out, "%s a stored learning; both are kept (learn store --replaces ID or learn forget --id ID settles it):\n",
			memview.Plural(len(r.Updates), "imported learning updates", "imported learnings update"))
		for i, u := range r.Updates {
			if i == skippedShown {
				fmt.Fprintf(out, "  … and %d more (--json lists them all)\n", len(r.Updates)-i)
				break
			}
			fmt.Fprintf(out, "  - %s:%d updates [%s]\n", u.Source, u.Line, u.Stored.ID)
		}
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(out, "Skipped %d:\n", len(r.Skipped))
		for i, s := range r.Skipped {
			if i == skippedShown {
				fmt.Fprintf(out, "  … and %d more (--json lists them all)\n", len(r.Skipped)-i)
				break
			}
			fmt.Fprintf(out, "  - %s:%d: %s\n", s.Source, s.Line, s.Reason)
		}
	}
}
