// Package forget implements "learn forget".
package forget

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn forget".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdForget builds "learn forget". runF replaces the run function in tests.
func NewCmdForget(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "forget",
		Short: "Forget all learnings, or only some",
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

func run(opts *Options) error { return errors.New("forget: not implemented yet") }
