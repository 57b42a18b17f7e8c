// Package compact implements "learn compact".
package compact

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn compact".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdCompact builds "learn compact". runF replaces the run function in tests.
func NewCmdCompact(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "compact",
		Short: "Fold every session into Consolidated Learnings",
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

func run(opts *Options) error { return errors.New("compact: not implemented yet") }
