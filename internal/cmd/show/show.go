// Package show implements "learn show".
package show

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn show".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdShow builds "learn show". runF replaces the run function in tests.
func NewCmdShow(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Show one learning or session in full",
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

func run(opts *Options) error { return errors.New("show: not implemented yet") }
