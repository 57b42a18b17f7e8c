package memview

import (
	"strings"

	"github.com/spf13/cobra"
)

// maxCompletions keeps a shell's completion list usable on a big file.
const maxCompletions = 200

// CompleteSessions completes session IDs from the learnings file, each
// with its timestamp and focus as the description, newest first.
func CompleteSessions(path func() (string, error)) cobra.CompletionFunc {
	return complete(path, true, false)
}

// CompleteIDs completes learning and session IDs, for 'learn show'.
func CompleteIDs(path func() (string, error)) cobra.CompletionFunc {
	return complete(path, true, true)
}

func complete(path func() (string, error), sessions, learningIDs bool) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		p, err := path()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		doc, _, err := Load(p)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		// IDs are lower case; show and forget take them in any case.
		prefix := strings.ToLower(toComplete)
		var out []string
		add := func(id, desc string) {
			if len(out) < maxCompletions && strings.HasPrefix(id, prefix) {
				out = append(out, id+"\t"+FirstLine(desc, 60))
			}
		}
		if sessions {
			for _, s := range doc.Sessions {
				add(s.ID, s.Stamp+" "+s.Focus)
			}
		}
		if learningIDs {
			for _, l := range doc.Learnings() {
				add(l.ID, l.Category+": "+l.Text)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
