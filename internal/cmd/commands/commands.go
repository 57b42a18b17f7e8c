// Package commands implements "learn commands".
package commands

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn commands".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdCommands builds "learn commands". runF replaces the run function in tests.
func NewCmdCommands(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "commands",
		Short: "Write the opencode command files",
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

func run(opts *Options) error { return errors.New("commands: not implemented yet") }
