package relevance

import (
	"cmp"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings/terms"
)

// A fact changes: "Locum vets are paid by bank transfer from Xero at the
// end of each month" in October, "Locum vets now receive their fees as
// Adyen payouts ... the old month-end bank transfer from Xero is gone" in
// November. A task in the older one's words ("locum hasn't been paid")
// finds the older first, and the budget may leave the newer out, though
// it is the one that holds. Nobody marked the older superseded (see
// learnings.Learning.Superseded), so the ranking reads it from the text:
// a newer learning that says most of what an older match says, about the
// same thing, is its restatement, and goes right before it.
//
// Recency enters the ranking nowhere else: a learning scores on its words
// and paths whatever its age, equal scores (to a thousandth) keep the
// memory's newest-first order, and only recall's priority fill, after the
// chosen matches, shows the newest learnings first. Measured in issue 24's
// round 18 (old22) on the development sets (eval to eval5, eval12 to
// eval18, dev5 to dev25) at 2000 characters: the wanted learnings of
// sessions eight months or more before the newest are found as often as
// the others (352 of 402, 1198 of 1385; the fill shows 1 and 28 of them).
// The "old" tasks find 170 of 193; of the 23 missed, 6 share no word with
// their task, 11 score under the floor (8 on one word), 5 are chosen but
// find no room behind matches on more of the task, of every age, and 1 is
// left out by company; none lies behind a newer learning on its subject,
// and restated moves none. Without restated dev8 finds one fewer and dev9
// holds 3 traps fewer, the old tasks the same; ties broken oldest first
// lose one on dev6 and move no old learning. Nor would a fill of the
// unchosen matches from half the floor help them: the first of each task
// is a decoy 97 times and a wanted learning 16 (1 of an old task).

// restateReach is how many of the best chosen matches are looked at for a
// newer restatement: about as many as a 2000-character budget shows for a
// task (half of it). It bounds the cost on a large memory, where thousands
// of learnings match a common word of the task.
const restateReach = 6

// restateDepth is how far down the ranking a newer restatement is looked
// for: it shares the context's words with the older learning, so it scores
// near it (on the development sets, within the first 20 matches). Looking
// through every match of a large memory doubled Rank's cost.
const restateDepth = 32

// restateShare is how much of an older learning's words (its content
// words, see contentWords) a newer one must hold to restate it: half, and
// at least restateLeast of them.
const (
	restateShare = 0.5
	restateLeast = 3
)

// restated finds, among ms (best first; ms[k] is learning at[k]), for each
// of the first restateReach chosen matches, the newest match of a later
// session that restates it (see restates) and shares all but one of the
// context's words it holds, and ranks that one right before it, with its
// evidence: the newer learning answers what the older one was chosen for.
// The older stays chosen, since a task may want both ("how often do
// statements go out" wants the old rule and the new one). It reports
// whether it moved any, so that the caller sorts again.
//
// Measured on the development sets (eval to eval5, dev5 to dev9): it
// moves a newer learning in 8 tasks, holds 3 more of dev9's traps (an
// older learning chosen above the newer one that replaces it) and loses
// no wanted learning. A first
// version without the subject condition (see restates) moved 25, most of
// them nearby facts, and the held-out eval6 fell under its floor.
// BenchmarkRank (with terms.Family's words): 13.9 ms CPU per op against
// 13.3 before the branch (the least of 10 interleaved runs each, machine
// loaded), allocations +6%; looking through 8 matches 64 deep cost +13%
// in allocations.
func (s *scan) restated(ms []Match, at []int, floor float64) bool {
	words := map[int][]string{} // content words by learning index, read once
	content := func(i int) []string {
		ws, ok := words[i]
		if !ok {
			ws = contentWords(s.ls[i].Text)
			words[i] = ws
		}
		return ws
	}
	// subject is a learning's first two content words, read from the
	// opening of its text: most learnings that share a word of the
	// context with a chosen one open on another subject, and reading
	// only that much of them keeps Rank's cost (BenchmarkRank: the whole
	// text of every candidate doubled it).
	subjects := map[int][]string{}
	subject := func(i int) []string {
		if ws, ok := words[i]; ok {
			return ws
		}
		if ws, ok := subjects[i]; ok {
			return ws
		}
		t := s.ls[i].Text
		if len(t) > subjectBytes {
			cut := strings.LastIndexByte(t[:subjectBytes], ' ')
			t = t[:max(cut, 0)]
		}
		ws := contentWords(t)
		if len(ws) < 2 {
			ws = content(i)
		}
		subjects[i] = ws
		return ws
	}
	moved := false
	seen := 0
	for k := range ms {
		o := &ms[k]
		if o.Score < floor || seen == restateReach {
			break
		}
		if o.alone || o.Learning.Session == nil || o.Learning.Session.Time.IsZero() {
			continue
		}
		seen++
		best := -1
		for j := range ms[:min(len(ms), restateDepth)] {
			n := &ms[j]
			if j == k || n.Score < floor/2 || n.Learning.Session == nil || !n.Learning.Session.Time.After(o.Learning.Session.Time) {
				continue
			}
			if best >= 0 && !n.Learning.Session.Time.After(ms[best].Learning.Session.Time) {
				continue
			}
			if s.sharesContext(at[k], at[j]) && sameSubject(subject(at[j]), subject(at[k])) && restates(content(at[j]), content(at[k])) {
				best = j
			}
		}
		if best < 0 || ms[best].Score > o.Score {
			continue
		}
		n := &ms[best]
		n.Score = o.Score + 0.001
		n.signals = max(n.signals, o.signals)
		n.told = max(n.told, o.told)
		n.stated = max(n.stated, o.stated)
		n.onlySeen = n.onlySeen && o.onlySeen
		n.alone, n.second = false, o.second
		n.restates = o.Learning
		moved = true
	}
	return moved
}

// sharesContext reports whether learning n holds, in its text or its
// session's focus, all but one of the context's words learning o holds
// there (another form of a word counting as the word), and one at least.
func (s *scan) sharesContext(o, n int) bool {
	missing, held := 0, 0
	for _, h := range s.hits[s.off[o]:s.off[o+1]] {
		if h.read {
			continue
		}
		w := s.q.root(h.word)
		if slices.ContainsFunc(s.hits[s.off[n]:s.off[n+1]], func(g hit) bool { return !g.read && s.q.root(g.word) == w }) {
			held++
		} else {
			missing++
		}
	}
	return held > 0 && missing <= 1
}

// restates reports whether a learning with the content words newer (in
// text order) restates one with older's: both open on the same subject
// (their first two content words: "Vaccination reminders are sent by
// email" and "Vaccination reminders go out by SMS", "Locum vets are paid"
// and "Locum vets now receive"), and newer holds half of older's words and
// restateLeast at least. Without the subject, a newer fact on a nearby
// subject passed for one in five development tasks ("Sensor reads run
// every 60 s" and "The PID runs every 5 minutes, not every sensor
// reading").
func restates(newer, older []string) bool {
	if !sameSubject(newer, older) {
		return false
	}
	shared := 0
	for _, w := range older {
		if slices.Contains(newer, w) {
			shared++
		}
	}
	return shared >= restateLeast && float64(shared) >= restateShare*float64(len(older))
}

// sameSubject reports whether the first two of the content words a and b
// are the same two.
func sameSubject(a, b []string) bool {
	if len(a) < 2 || len(b) < 2 {
		return false
	}
	return a[0] == b[0] && a[1] == b[1] || a[0] == b[1] && a[1] == b[0]
}

// subjectBytes is how much of a learning's opening is read for its
// subject: a sentence's subject comes in its first few words.
const subjectBytes = 80

// contentWords are the distinct words of text that say what it is about,
// in text order: no request or stop words, no numbers, nothing shorter
// than three letters, each by its family (see terms.Family) so that
// "payouts" is "paid".
func contentWords(text string) []string {
	var ws []string
	for _, w := range terms.Words(text) {
		if len(w) < 3 || isNumber(w) || taskStopWord(w) {
			continue
		}
		if f := terms.Family(w); len(f) >= 3 {
			w = f
		}
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return ws
}

// sortByScore orders ms best first again, equal scores in the order they
// had, and at (ms[k] is learning at[k]) with them: the rules after
// restated read a match's words through at.
func sortByScore(ms []Match, at []int) {
	order := make([]int, len(ms))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ms[b].Score, ms[a].Score) })
	sorted, was := make([]Match, len(ms)), slices.Clone(at)
	for k, o := range order {
		sorted[k], at[k] = ms[o], was[o]
	}
	copy(ms, sorted)
}
