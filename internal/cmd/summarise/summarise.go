// Package summarise implements "learn summarise".
package summarise

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn summarise".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdSummarise builds "learn summarise". runF replaces the run function in tests.
func NewCmdSummarise(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "summarise",
		Short: "Check candidate learnings against what is already known",
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

func run(opts *Options) error { return errors.New("summarise: not implemented yet") }
