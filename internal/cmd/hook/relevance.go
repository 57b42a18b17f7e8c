package hook

import (
	"context"

	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/relevance"
)

// gitContext is the context "learn recall --git" reads in the project at
// root: the changed, staged and untracked files and the branch.
func gitContext(root string) relevance.Context {
	f := taskflags.Flags{Git: true}
	return f.Context(context.Background(), func() (string, error) { return root, nil })
}

// sessionStart is the selection the SessionStart hook printed: what
// "learn recall --git" selects with the repository context ctx.
func sessionStart(doc *learnings.Document, ctx relevance.Context) *engine.Result {
	return engine.Select(doc, engine.Options{MaxChars: engine.DefaultMaxChars, Context: ctx})
}

func matched(ms []relevance.Match) []*learnings.Learning {
	out := make([]*learnings.Learning, len(ms))
	for i, m := range ms {
		out[i] = m.Learning
	}
	return out
}
