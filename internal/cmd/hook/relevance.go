package hook

import (
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/search"
)

// Relevance floors for a prompt's matches: a learning must score at least
// minScore (one word that is rare in the memory, not a common one) and at
// least relFloor of the best match, so a long prompt that brushes many
// learnings with one shared word adds only the ones it is about.
const (
	minScore = 0.8
	relFloor = 0.35
	maxHits  = 10
)

// SessionStart is the selection the SessionStart hook printed: what
// "learn recall --git" selects for this file. The same file gives the same
// selection, so it is computed again instead of being stored per session.
func SessionStart(doc *learnings.Document, root string) *engine.Result {
	return engine.Select(doc, engine.Options{MaxChars: engine.DefaultMaxChars})
}

// Relevant lists the learnings that match prompt, best first, above the
// relevance floors.
func Relevant(doc *learnings.Document, root, prompt string) []*learnings.Learning {
	hits, _ := search.Search(doc, prompt, search.Options{Limit: maxHits})
	var out []*learnings.Learning
	for _, h := range hits {
		if h.Score < minScore || h.Score < relFloor*hits[0].Score {
			break
		}
		out = append(out, h.Learning)
	}
	return out
}
