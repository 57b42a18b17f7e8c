// Package format implements "learn fmt".
package format

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn fmt".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdFmt builds "learn fmt". runF replaces the run function in tests.
func NewCmdFmt(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "fmt",
		Short: "Rewrite the learnings file in canonical form",
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

func run(opts *Options) error { return errors.New("fmt: not implemented yet") }
