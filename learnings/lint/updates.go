package lint

import (
	"fmt"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/shown"
	"github.com/learn-memory/learn/learnings/similar"
)

// unresolved reports learning i when it updates a learning stored before
// it in the file while neither is superseded: two versions of one fact (jest
// and vitest), of which recall shows both. Only the user knows which is
// true, so the finding names both lines and the two ways to settle it.
// related indexes the learnings in order; only those before i count.
func unresolved(ls []*learnings.Learning, related *similar.Index, i int) (Finding, bool) {
	j, v, ok := related.BestBefore(i)
	if !ok {
		return Finding{}, false
	}
	l, other := ls[i], ls[j]
	newer, older := newerOf(l, other)
	// The texts are shown as recall shows them (shown), the word diff
	// read from them: the finding goes to a terminal and to an agent's
	// context too.
	lText, otherText := shown.Text(l.Text), shown.Text(other.Text) // as recall and search show them
	olderText, newerText := otherText, lText
	if newer == other {
		olderText, newerText = lText, otherText
	}
	changes := similar.FormatChanges(similar.Diff(olderText, newerText))
	return Finding{
		Line: l.Span.Line, Severity: Warning, Kind: KindUpdate, IDs: []string{l.ID, other.ID}, Score: v.Score,
		Message: fmt.Sprintf("learnings %s (line %d) and %s (line %d) say different things about the same subject (%s):\n  %s: %s\n  %s: %s",
			l.ID, l.Span.Line, other.ID, other.Span.Line, changes, other.ID, oneLine(otherText), l.ID, oneLine(lText)),
		Fix: fmt.Sprintf("ask which is true: if %s replaces %s, store the text of %s again with learn store --replaces %s (or drop the old one with learn forget --id %s); if both hold, reword one so they no longer look alike",
			newer.ID, older.ID, newer.ID, older.ID, older.ID),
	}, true
}

// oneLine is the first line of a learning, for a finding's message.
func oneLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i] + " ..."
		}
	}
	return s
}

// newerOf orders two learnings, later first in the file than earlier, by
// age: a session's learning is newer than a consolidated one, and of two
// sessions with the same minute the one higher in the file (sessions are
// written newest first).
func newerOf(later, earlier *learnings.Learning) (newer, older *learnings.Learning) {
	switch {
	case later.Session == nil && earlier.Session == nil, earlier.Session == nil:
		return later, earlier
	case later.Session == nil, !later.Session.Time.After(earlier.Session.Time):
		return earlier, later
	}
	return later, earlier
}
