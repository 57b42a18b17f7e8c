// Package recall implements "learn recall".
package recall

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn recall".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdRecall builds "learn recall". runF replaces the run function in tests.
func NewCmdRecall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "recall",
		Short: "Print the learnings an agent needs, within a budget",
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

func run(opts *Options) error { return errors.New("recall: not implemented yet") }
