// Package store implements "learn store".
package store

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn store".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdStore builds "learn store". runF replaces the run function in tests.
func NewCmdStore(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "store",
		Short: "Store a session's validated learnings",
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

func run(opts *Options) error { return errors.New("store: not implemented yet") }
