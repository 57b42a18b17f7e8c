// Package improvedocs implements "learn improve-docs".
package improvedocs

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn improve-docs".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdImproveDocs builds "learn improve-docs". runF replaces the run function in tests.
func NewCmdImproveDocs(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "improve-docs",
		Short: "Suggest where learnings belong in the project's docs",
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

func run(opts *Options) error { return errors.New("improve-docs: not implemented yet") }
