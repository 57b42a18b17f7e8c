package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// FlagError turns cobra's and pflag's flag parsing errors into usage errors
// (exit 2) that say in words what was wrong: "--limit wants a whole number,
// got "abc"" instead of "strconv.ParseInt: parsing "abc": invalid syntax".
// The root command installs it with SetFlagErrorFunc.
func FlagError(c *cobra.Command, err error) error {
	var inv *pflag.InvalidValueError
	if errors.As(err, &inv) {
		f := inv.GetFlag()
		err = fmt.Errorf("--%s %s, got %q", f.Name, wants(f.Value.Type()), inv.GetValue())
	}
	return Mark(fmt.Errorf("%w (see '%s --help')", err, c.CommandPath()), ErrUsage)
}

func wants(typ string) string {
	switch {
	case strings.HasPrefix(typ, "int"), strings.HasPrefix(typ, "uint"):
		return "wants a whole number"
	case strings.HasPrefix(typ, "float"):
		return "wants a number"
	case typ == "bool":
		return "is true or false"
	case typ == "duration":
		return "wants a duration such as 30s or 5m"
	default:
		return "has a value it cannot read"
	}
}

// CheckLimit refuses a negative --limit (0 means all) as a usage error.
func CheckLimit(name string, n int) error {
	if n < 0 {
		return UsageErrorf("--%s must be 0 (all) or more, got %d", name, n)
	}
	return nil
}

// LimitFlag adds the shared --limit/-n flag: how many items a report lists
// before it says how many more there are; 0 lists all.
func LimitFlag(cmd *cobra.Command, p *int, def int, what string) {
	cmd.Flags().IntVarP(p, "limit", "n", def, fmt.Sprintf("list at most `N` %s (0: all)", what))
}

// MaxCharsFlag adds the shared --max-chars flag: the budget of a report an
// agent reads, in characters.
func MaxCharsFlag(cmd *cobra.Command, p *int, def int, what string) {
	cmd.Flags().IntVar(p, "max-chars", def, fmt.Sprintf("keep %s within `N` characters", what))
}

// CategoryFlag adds the shared --category/-c flag, with the spec's names as
// completions. It takes one category in every command (a spec category or
// one in the file; anything else is a usage error, exit 2).
func CategoryFlag(cmd *cobra.Command, p *string, what string, names []string) {
	cmd.Flags().StringVarP(p, "category", "c", "", what+" (category `NAME`)")
	_ = cmd.RegisterFlagCompletionFunc("category", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return names, cobra.ShellCompDirectiveNoFileComp
	})
}

// JSONFlag adds --json, which every command has.
func JSONFlag(cmd *cobra.Command, p *bool) {
	cmd.Flags().BoolVar(p, "json", false, "print JSON")
}

// DocsFlag adds the shared --docs flag: documentation files or references,
// repeatable and comma-separated alike.
func DocsFlag(cmd *cobra.Command, p *[]string, what string) {
	cmd.Flags().StringArrayVar(p, "docs", nil, what+" (`PATH`s; comma-separated or repeated)")
	_ = cmd.MarkFlagFilename("docs")
}
