// Package undo implements "learn undo".
package undo

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn undo".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdUndo builds "learn undo". runF replaces the run function in tests.
func NewCmdUndo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "undo",
		Short: "Restore the newest backup",
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

func run(opts *Options) error { return errors.New("undo: not implemented yet") }
