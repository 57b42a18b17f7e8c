// Package man implements "learn man", which writes the manual pages.
//
// The pages are generated from the command tree by cobra's doc generator
// and embedded in the binary; a test (internal/cmd/root's TestManPagesFresh)
// fails when they disagree with --help, and go test ./internal/cmd/root -run
// TestManPagesFresh -update rewrites them. They are not generated when learn
// runs because the generator's Markdown package (blackfriday, via go-md2man)
// builds an HTML entity table when the program starts: 210 KB, ~60 page faults
// and 1.5-3 ms of CPU (GODEBUG=inittrace=1) for every run of learn, each
// recall and each hook event, for a command install.sh runs once.
// install.sh writes them into $PREFIX/share/man/man1 so that 'man learn' and
// 'man learn-recall' work.
package man

import (
	"bytes"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

//go:embed pages/*.1
var pages embed.FS

// PageDate is the date the embedded pages were generated with; "learn man"
// writes the month and year the generator would have written instead: now,
// or $SOURCE_DATE_EPOCH for a reproducible build.
var PageDate = time.Date(2006, time.January, 2, 15, 4, 5, 0, time.UTC)

// thDate is the date field of a page's .TH line, where PageDate stands.
func thDate(date string) []byte { return []byte(`" "1" "` + date + `" "learn" "learn manual"`) }

// Options holds the flags of "learn man".
type Options struct {
	IO   *cmdutil.IO
	Dir  string
	JSON bool
}

// NewCmdMan builds the hidden "learn man" command.
func NewCmdMan(f *cmdutil.Factory) *cobra.Command {
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
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "write the pages into `DIR` (created if missing)")
	_ = cmd.MarkFlagDirname("dir")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.NoFileFlag(cmd)
	return cmd
}

func run(opts *Options) error {
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	date, err := monthYear(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		return fmt.Errorf("man pages in %s: %w", opts.Dir, err)
	}
	embedded, err := pages.ReadDir("pages")
	if err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	for _, e := range embedded {
		page, err := pages.ReadFile("pages/" + e.Name())
		if err != nil {
			return fmt.Errorf("man pages: %w", err)
		}
		page = bytes.Replace(page, thDate(PageDate.Format("Jan 2006")), thDate(date), 1)
		if err := os.WriteFile(filepath.Join(opts.Dir, e.Name()), page, 0o666); err != nil {
			return fmt.Errorf("man pages in %s: %w", opts.Dir, err)
		}
	}
	entries, err := os.ReadDir(opts.Dir)
	if err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "learn") && strings.HasSuffix(n, ".1") {
			names = append(names, n)
		}
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, map[string]any{"dir": opts.Dir, "pages": names})
	}
	fmt.Fprintf(opts.IO.Out, "Wrote %d manual pages to %s\n", len(names), opts.Dir)
	return nil
}

// monthYear is the date cobra's generator puts on a page: the month and
// year of epoch (SOURCE_DATE_EPOCH, in seconds) when set, else of now.
func monthYear(epoch string) (string, error) {
	now := time.Now()
	if epoch != "" {
		secs, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return "", fmt.Errorf("invalid SOURCE_DATE_EPOCH: %v", err)
		}
		now = time.Unix(secs, 0)
	}
	return now.Format("Jan 2006"), nil
}
