// Package lint implements "learn lint".
package lint

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn lint".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdLint builds "learn lint". runF replaces the run function in tests.
func NewCmdLint(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "lint",
		Short: "Report problems in the learnings file",
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

func run(opts *Options) error { return errors.New("lint: not implemented yet") }
