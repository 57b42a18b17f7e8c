// Package doctor implements "learn doctor".
package doctor

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn doctor".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdDoctor builds "learn doctor". runF replaces the run function in tests.
func NewCmdDoctor(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the installation and the learnings file",
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

func run(opts *Options) error { return errors.New("doctor: not implemented yet") }
