package cmdutil

import "github.com/spf13/cobra"

// A command declares its traits itself, in its constructor, as the GitHub
// CLI's commands do; the root command reads the declarations (Paged starts
// the pager, NoFileFlag takes --file away), so that adding a command never
// means adding its name to a list elsewhere.

// NoFileAnnotation marks a command that never reads the learnings file.
const NoFileAnnotation = "learn/no-file"

// Paged declares that cmd's output can run to pages: the root command starts
// the pager before it runs.
func Paged(cmd *cobra.Command) { annotate(cmd, PagerAnnotation) }

// NoFileFlag declares that cmd never reads the learnings file: the root
// command takes the global --file away from it and its subcommands, so that
// it is not in their help and giving it is a usage error rather than
// silently ignored.
func NoFileFlag(cmd *cobra.Command) { annotate(cmd, NoFileAnnotation) }

// IsPaged reports whether cmd declared Paged.
func IsPaged(cmd *cobra.Command) bool { return cmd.Annotations[PagerAnnotation] != "" }

// HasNoFileFlag reports whether cmd declared NoFileFlag.
func HasNoFileFlag(cmd *cobra.Command) bool { return cmd.Annotations[NoFileAnnotation] != "" }

func annotate(cmd *cobra.Command, key string) {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[key] = "true"
}
