package cmdutil

import (
	"fmt"

	"github.com/spf13/cobra"
)

// NoArgs rejects positional arguments as a usage error (exit 2).
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Mark(fmt.Errorf("%s takes no arguments, got %q", cmd.CommandPath(), args[0]), ErrUsage)
	}
	return nil
}

// ExactArgs requires exactly n positional arguments, named in the error.
func ExactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return Mark(fmt.Errorf("%s needs %s (got %d arguments)", cmd.CommandPath(), what, len(args)), ErrUsage)
		}
		return nil
	}
}

// RangeArgs requires between min and max positional arguments.
func RangeArgs(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return Mark(fmt.Errorf("%s takes %s (got %d arguments)", cmd.CommandPath(), what, len(args)), ErrUsage)
		}
		return nil
	}
}

// UsageErrorf builds an error that exits 2.
func UsageErrorf(format string, a ...any) error {
	return Mark(fmt.Errorf(format, a...), ErrUsage)
}
