package recall

import (
	"fmt"
	"strings"
	"time"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

// oldAge is how long before a memory's newest session a learning's session
// must be for the evaluation to call the learning old: the "old" tasks of
// the sets want learnings of sessions eight months or more before the
// newest.
const oldAge = 8 * 30 * 24 * time.Hour

// diagnose says why the wanted learning l is not in the output of res, for
// the miss lines of evalRecall: where it ranks against ctx and what it
// scores against the floor and the last chosen match shown, why it was not
// chosen or where the chosen ones ahead of it spent the budget (characters
// and the evidence each was chosen on: a path at hand, the task's words in
// its text, in its session's focus only, or a document its session read),
// and whether it is old.
func diagnose(doc *learnings.Document, res *Result, ctx relevance.Context, l *learnings.Learning) string {
	ranking := relevance.Rank(newestFirst(doc), ctx)
	var b strings.Builder
	if l.Session != nil && !l.Session.Time.IsZero() && newestTime(doc).Sub(l.Session.Time) >= oldAge {
		b.WriteString("old; ")
	}
	rank := -1
	for i, m := range ranking.Matches {
		if m.Learning == l {
			rank = i
			break
		}
	}
	lastScore := 0.0
	for _, it := range res.Shown {
		if it.Chosen {
			lastScore = it.Match.Score
		}
	}
	if rank < 0 {
		fmt.Fprintf(&b, "no match; %d chosen shown", res.Chosen)
		return b.String()
	}
	m := ranking.Matches[rank]
	fmt.Fprintf(&b, "rank %d of %d, score %.2f (floor %.2f, last chosen %.2f), %s", rank+1, len(ranking.Matches), m.Score, ranking.Floor, lastScore, evidence(m))
	switch {
	case !ranking.Chosen(m) && m.Score < ranking.Floor:
		b.WriteString(", under the floor")
	case !ranking.Chosen(m):
		b.WriteString(", left out (one word in another sense, off subject or scattered)")
	default:
		pos := 0
		for _, c := range ranking.Relevant() {
			if c.Learning == l {
				break
			}
			pos++
		}
		fmt.Fprintf(&b, ", chosen %d, did not fit (%d characters); ahead:", pos+1, rawCost(Item{Learning: l, Category: canonicalCategory(l.Category)}, true))
		for _, it := range res.Shown {
			if it.Chosen {
				fmt.Fprintf(&b, " [%.2f %s %d]", it.Match.Score, evidence(*it.Match), rawCost(it, true))
			}
		}
	}
	return b.String()
}

// evidence names what m was chosen on: a path at hand, the task's words in
// the learning's text, in its session's focus only, or a document its
// session read.
func evidence(m relevance.Match) string {
	if len(m.Paths) > 0 {
		for _, p := range m.Paths {
			if strings.Contains(m.Learning.Text, p.Ref) {
				return "path"
			}
		}
		if len(m.Terms) == 0 {
			return "document"
		}
	}
	text := strings.ToLower(m.Learning.Text)
	for _, t := range m.Terms {
		if strings.Contains(text, strings.ToLower(t)) {
			return "words"
		}
	}
	if len(m.Terms) > 0 && m.Learning.Session != nil && strings.Contains(strings.ToLower(m.Learning.Session.Focus), strings.ToLower(m.Terms[0])) {
		return "focus"
	}
	if len(m.Paths) > 0 {
		return "document"
	}
	return "other form"
}

// newestTime is the time of doc's newest session.
func newestTime(doc *learnings.Document) time.Time {
	var t time.Time
	for _, s := range doc.Sessions {
		if s.Time.After(t) {
			t = s.Time
		}
	}
	return t
}
