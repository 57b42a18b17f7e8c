// Package stats implements "learn stats".
package stats

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn stats".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdStats builds "learn stats". runF replaces the run function in tests.
func NewCmdStats(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Summarise the size and shape of the memory",
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

func run(opts *Options) error { return errors.New("stats: not implemented yet") }
