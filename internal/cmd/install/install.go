// Package install implements "learn install".
package install

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn install".
type Options struct {
	IO   *cmdutil.IO
	JSON bool
}

// NewCmdInstall builds "learn install". runF replaces the run function in tests.
func NewCmdInstall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "install",
		Short: "Install the slash commands into opencode",
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

func run(opts *Options) error { return errors.New("install: not implemented yet") }
