package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Brief learnings. With a task, the learnings chosen for it are shown
// whole, and so is every learning of the priority fill that the task
// touches (any word, path or document of it: Item.Match set); when the
// budget cannot hold every learning whole (see fit), a learning of the
// fill the task does not touch at all is shown up to the end of its first
// clause or sentence, an ellipsis and its ID, the rest one `learn show ID`
// away. A User Correction stays in its place, first, so that the
// agent still sees every correction the budget holds and what each is
// about; the room its other clauses took shows more of the fill.
//
// Where recall's 2000 characters went per development task (issue 24
// round 19, room23): User Corrections 683, most of them (502 a task)
// corrections that match nothing of the task, beside 740 for the chosen
// learnings; of the 1685 wanted learnings found on the development sets
// (eval to eval5, eval12 to eval20, dev5 to dev26) 1652 were chosen and 5
// were in such a correction. Brief untouched learnings found 13 more
// (1698 of 1944: dev14 four, dev16, dev18 and eval12 two, dev12, eval4
// and eval20 one), more untouched corrections and newer learnings of the
// other categories, each found by words in its first clause; traps held
// 399 of 493 either way, since the chosen learnings are as before. The
// held-out sets found 5 more, traps as before. Cutting only at a
// sentence's end found one more: most learnings are one sentence whose
// clauses a semicolon joins. The cost: a clause may leave out what the
// correction asks ("The integration job needs the Postgres service
// container …" drops "do not drop it from the matrix"), which the
// ellipsis and the ID point to.
//
// Tried and dropped (room24): cutting a chosen learning that does not fit
// its share, when the clause holds a word it was matched on, in order let
// one fewer in and held one more trap; cutting those left out after the
// others, in what the share still had, let 2 of the 42 "no room" misses in
// and found one more (eval16), no trap lost. Giving the room the brief
// fill frees to the chosen learnings by a larger share found, beside the
// brief fill, 1 more at 0.75 for those stating the task, 3 more and a
// trap lost at 0.8, 3 more at 0.55 and 0.7, 5 more and a trap lost at
// 0.6 and 0.75: the room's misses and decoys lack about as much, as round
// 19 found, and larger shares lost held-out traps before.

// briefly reports whether it, an item of the priority fill, is shown cut
// to its first clause: when learnings were chosen for a task in the
// user's words and the task touches nothing of it. A branch or paths
// alone (a session start's `learn recall --git`, which the Claude hook and
// the opencode plugin run before any task is known) cut nothing: with no
// task to say what matters, a correction's second clause may be the one
// the session needs, and the rule was measured on tasks only.
func (r *Result) briefly(it Item) bool {
	return r.Chosen > 0 && r.opts.Ranked == nil && r.opts.Context.Task != "" && it.Match == nil
}

// briefTag is what a brief bullet of it costs besides its clause: the
// bullet, the ellipsis and the ID.
func briefTag(it Item) int { return 4 + 2 + runes(it.Learning.ID) + runes(cutMark) }

// firstClauseEnd returns the byte offset where text is cut to show its
// first clause: after the full stop, question or exclamation mark that
// ends its first sentence, or before the semicolon that ends its first
// clause. It is 0 when the first clause is the whole first line (nothing
// to cut) or runs over limit characters. A sentence ends at such a mark
// followed by a space and a capital, a digit, a code span or a quote, not
// after a short form ("e.g.", "etc.", "vs.") or an initial; a mark or a
// semicolon inside a code span (opened and closed by runs of as many
// backticks, as Markdown reads them), parentheses or square brackets (a
// link's text, a "[REDACTED kind]") ends nothing, so the cut never leaves
// one open; a line break ends the search, so a code block or list under
// the first line is never cut into.
func firstClauseEnd(text string, limit int) int {
	codeRun, parens, chars := 0, 0, 0
	// Every mark looked for is ASCII, so the text is read a byte at a
	// time and a character counted at each byte that starts one: the
	// priority fill looks at every learning while room is left.
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c&0xC0 != 0x80 {
			chars++
			// A semicolon is not shown: the clause before the
			// limit+1-th character may end there.
			if chars-1 > limit {
				return 0
			}
		}
		switch c {
		case '\n':
			return 0
		case '`':
			if i > 0 && text[i-1] == '`' {
				break // within a run, which its first backtick weighed
			}
			n := len(text[i:]) - len(strings.TrimLeft(text[i:], "`"))
			switch codeRun {
			case 0:
				codeRun = n
			case n:
				codeRun = 0
			}
		case '(', '[':
			parens++
		case ')', ']':
			parens--
		case ';':
			if codeRun == 0 && parens <= 0 && i+2 < len(text) && text[i+1] == ' ' {
				return i
			}
		case '.', '!', '?':
			if chars <= limit && codeRun == 0 && parens <= 0 && i+2 < len(text) && text[i+1] == ' ' && opensSentence(text[i+2:]) && !shortForm(text[:i]) {
				return i + 1
			}
		}
	}
	return 0
}

// opensSentence reports whether s starts the way a sentence does.
func opensSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("`\"'“‘(*", r)
}

// shortForm reports whether before, the text up to a full stop, ends in a
// short form or an initial, which a full stop follows inside a sentence.
func shortForm(before string) bool {
	word := before[strings.LastIndexAny(before, " (")+1:]
	switch strings.ToLower(word) {
	case "e.g", "i.e", "etc", "vs", "approx", "cf", "no", "nr", "mr", "mrs", "ms", "dr", "st", "incl", "fig":
		return true
	}
	return utf8.RuneCountInString(word) == 1
}
