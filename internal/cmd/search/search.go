// Package search implements "learn search".
package search

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn search".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdSearch builds "learn search". runF replaces the run function in tests.
func NewCmdSearch(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "search",
		Short: "Search learnings, ranked",
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func run(opts *Options) error { return errors.New("search: not implemented yet") }
