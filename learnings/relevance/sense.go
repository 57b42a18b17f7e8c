package relevance

// A word the task and a learning share can name two kinds of one thing:
// the task's "github actions" and a learning's "bulk actions", a
// "password reset" and "footnote numbering resets", a "website footer"
// and "running footers". The task says which kind with the word right
// before it; when the learning holds no such word and writes its own
// before every use of the shared one, it means another kind, and a match
// resting on that word alone is no evidence (see scan.anotherKind).

import (
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings/terms"
)

// modifiersOf returns, for each word of task (as a term), the words that
// stand right before it in every place the task writes it ("github" in
// "github actions", "password" in "password reset"), or no entry when it
// stands alone somewhere ("the actions", "reset it"): the words that say
// which kind of thing the task means. A request word, a number or
// punctuation before a word is no modifier of it, nor is a possessive's
// "s" ("Amy's rota" says whose rota, not which kind: see apostropheTail),
// and a request word has none ("firmware update" is left alone).
func modifiersOf(task string) map[string][]string {
	mods := map[string][]string{}
	bare := map[string]bool{}
	var prev terms.Token
	have := false
	terms.Tokenize(task, func(t terms.Token) {
		if t.Part {
			return
		}
		p, ok := prev, have
		prev, have = t, true
		if t.Compound || taskStopWord(t.Term) || isNumber(t.Term) {
			return
		}
		if ok && task[p.End:t.Start] == " " && !taskStopWord(p.Term) && !isNumber(p.Term) && !contractionTail(task, t) && !(p.Term == "s" && apostropheTail(task, p)) {
			if !slices.Contains(mods[t.Term], p.Term) {
				mods[t.Term] = append(mods[t.Term], p.Term)
			}
			return
		}
		bare[t.Term] = true
	})
	for w := range bare {
		delete(mods, w)
	}
	return mods
}

// otherKind reports whether text uses the task's word w only as a kind
// other than the task's: wherever text writes w, another word stands right
// before it, never one of the task's modifiers mods ("bulk actions" against
// "github actions", "numbering resets" against "password reset", "running
// footers" against "website footer"). A word text writes bare somewhere
// ("from Nielsen", "WeasyPrint needs"), or inside a name or path, may be
// the task's thing itself. Once text has named its kind, "the", "this",
// "that", "these" or "those" before the word refer back to it ("a van
// permit ... the permit is tied to the number plate"), so they leave it
// that kind. A word of the task before it (task, its other words: "staff"
// in "volunteer staff lock the cloakroom" for "two staff save ... row
// lock") is no other kind: it may be the task's words said together.
func otherKind(text, w string, mods, task []string) bool {
	found := false
	other := true
	var before, prev terms.Token
	have := false
	terms.Tokenize(text, func(t terms.Token) {
		if !other {
			return
		}
		if t.Part {
			if t.Term == w {
				other = false // a piece of a name or path: no modifier to read
			}
			return
		}
		pp, p, ok := before, prev, have
		before, prev, have = prev, t, true
		if t.Term != w || t.Compound {
			return
		}
		if found && ok && text[p.End:t.Start] == " " && anaphoric[strings.ToLower(text[p.Start:p.End])] {
			return // "the permit" after "a van permit": the same kind again
		}
		found = true
		if !ok || text[p.End:t.Start] != " " || taskStopWord(p.Term) || isNumber(p.Term) || slices.Contains(mods, p.Term) || slices.Contains(task, p.Term) ||
			p.Start > 0 && verbCue(text, pp, p) {
			other = false
		}
	})
	return found && other
}

// verbCue reports whether the word before p (pp, when it is the word
// right before) says p is a verb, not a modifier: "must log emails", "we
// send emails", "to validate tokens". A determiner, a preposition, a
// word of the subject or the start of a clause before p leave it a
// modifier ("the staging host", "footnote numbering resets", "Bulk
// actions").
func verbCue(text string, pp, p terms.Token) bool {
	if pp.End == 0 || text[pp.End:p.Start] != " " {
		return false
	}
	return taskStopWord(pp.Term) && !modifierCues[strings.ToLower(text[pp.Start:pp.End])]
}

// modifierCues are the request words after which a word is no verb.
var modifierCues = map[string]bool{"a": true, "an": true, "the": true, "this": true, "that": true,
	"these": true, "those": true, "each": true, "every": true, "my": true, "our": true, "your": true,
	"its": true, "their": true, "his": true, "her": true, "of": true, "in": true, "on": true, "at": true,
	"for": true, "from": true, "with": true, "by": true, "per": true, "into": true, "onto": true,
	"over": true, "under": true, "about": true, "and": true, "or": true, "new": true, "old": true,
	"some": true, "any": true, "all": true, "both": true, "no": true}

// anaphoric are the determiners that refer back to a thing already named.
var anaphoric = map[string]bool{"the": true, "this": true, "that": true, "these": true, "those": true}

// anotherKind marks alone (not chosen) the matches at or above the floor
// that rest on one word of the task, with no path at hand, when the
// learning uses that word as another kind of thing than the task does
// (see otherKind) and holds none of the words the task says the kind with.
// Beside the other-kind word, a match may hold words of the task that a
// sixth or more of the memory holds (see commonShare): in a council's
// memory every other learning says "residents", so "Residents need a van
// permit ..." for "residents' parking permit renewal emails" still rests
// on one word, the permit, and that of another kind.
// company leaves such a match chosen when no learning holds two of the
// task's words, as when the task's subject is absent from the memory
// ("migrate our CI from jenkins to github actions" against "Bulk actions in
// the title list are limited to 200 rows").
//
// Measured on the development sets (eval to eval5, dev5 to dev8): it
// fires only on dev8, on 6 tasks, each time on a learning no task wants,
// and holds 3 more of its traps; no set loses a wanted learning. Reading
// the words after the shared one too ("epubcheck complains" against
// "pass epubcheck") lost wanted learnings on dev8 and eval6: a subject's
// next word is mostly its verb. So is a verb before the word in the
// learning ("must log emails" is no kind of "password reset emails"): on
// generated 1 MB memories that read many learnings as another kind until
// verbCue. Only the few matches that qualify are tokenised again:
// BenchmarkRank's CPU is 22.0 ms before and 21.5 after (4 runs each,
// interleaved, machine loaded), allocations +0.8%. Counting the common
// words as no second signal and reading "the permit" as the kind named
// before (issue 24's round 11) held 1 more trap on eval13, 3 on dev10, 2
// on dev13 and 1 on dev16 (eval to eval5, eval12, eval13, dev5 to dev18),
// each a learning no task wants, and moved no wanted learning; the traps
// they hold are decoys that share one rare word with the task in another
// sense and a word the whole memory uses.
func (s *scan) anotherKind(ms []Match, at []int, df []float64, floor float64) {
	common := commonShare * float64(len(s.ls))
	for k := range ms {
		m := &ms[k]
		if m.Score < floor {
			break
		}
		if m.alone || m.signals == 0 || len(m.Paths) > 0 {
			continue
		}
		if m.signals > 1 && s.uncommonTold(at[k], df, common) > 1 {
			continue
		}
		hs := s.hits[s.off[at[k]]:s.off[at[k]+1]]
		for _, h := range hs {
			mods := s.q.mods[h.word]
			if h.read || len(mods) == 0 || m.signals > 1 && df[h.word] >= common {
				continue
			}
			held := slices.ContainsFunc(hs, func(o hit) bool { return slices.Contains(mods, s.q.words[o.word]) })
			if !held && otherKind(m.Learning.Text, s.q.words[h.word], mods, s.q.words) {
				m.alone = true
			}
		}
	}
}
