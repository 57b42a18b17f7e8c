// Package man implements "learn man", which writes the manual pages.
//
// The pages are generated from the command tree (cobra's doc generator), so
// they can never disagree with --help; install.sh writes them into
// $PREFIX/share/man/man1 so that 'man learn' and 'man learn-recall' work.
package man

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn man".
type Options struct {
	IO   *cmdutil.IO
	Dir  string
	JSON bool
}

// NewCmdMan builds the hidden "learn man" command. root is the command
// tree to document.
func NewCmdMan(f *cmdutil.Factory, root func() *cobra.Command) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:    "man --dir DIR",
		Short:  "Write the manual pages (section 1) into a directory",
		Hidden: true,
		Long: `Write one manual page per command (learn.1, learn-recall.1, ...) into --dir,
generated from the same command tree as --help. install.sh runs it to put them
in $PREFIX/share/man/man1. It is hidden because people read the pages, not
write them.`,
		Example: `  $ learn man --dir ~/.local/share/man/man1`,
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Dir == "" {
				return cmdutil.UsageErrorf("learn man needs --dir DIR")
			}
			return run(opts, root())
		},
	}
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "write the pages into `DIR` (created if missing)")
	_ = cmd.MarkFlagDirname("dir")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.NoFileFlag(cmd)
	return cmd
}

func run(opts *Options, root *cobra.Command) error {
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	root.DisableAutoGenTag = true
	// No Title: each page gets its own (LEARN-RECALL), as man shows it.
	header := &doc.GenManHeader{Section: "1", Source: "learn", Manual: "learn manual"}
	if err := doc.GenManTree(root, header, opts.Dir); err != nil {
		return fmt.Errorf("man pages in %s: %w", opts.Dir, err)
	}
	entries, err := os.ReadDir(opts.Dir)
	if err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	var pages []string
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "learn") && strings.HasSuffix(n, ".1") {
			pages = append(pages, n)
		}
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, map[string]any{"dir": opts.Dir, "pages": pages})
	}
	fmt.Fprintf(opts.IO.Out, "Wrote %d manual pages to %s\n", len(pages), opts.Dir)
	return nil
}
