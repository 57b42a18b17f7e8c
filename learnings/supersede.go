package learnings

import (
	"fmt"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Superseded records that a learning was replaced on purpose ("learn store
// --replaces"). The file keeps the old learning as readable Markdown, struck
// through with a note:
//
//   - ~~Frontend unit tests run with jest.~~ (superseded by l1a2b3c4 on 2026-11-23)
//
// and ParseSuperseded reads that back, and what people write by hand in its
// place: the note without a date or ID, "replaced by", a dash instead of
// the parentheses, or the strike alone.
type Superseded struct {
	// Text is the learning without strike and note.
	Text string
	// By is the ID of the learning that replaced it; empty when the note
	// names none.
	By string
	// Date is the note's date as written ("2026-11-23"), or empty.
	Date string
}

// The note's expressions compile on first use: a file with no struck
// learning never needs them, and compiled at start-up they were the largest
// part of this package's initialisation, ~0.7 ms of every run of learn
// (perf over 60 runs of learn --version) and 30 KB (GODEBUG=inittrace=1).
var (
	supNote = lazyregexp.New(`(?i)^[\s,;:.–—-]*\(?\s*(?:superseded|replaced|outdated|obsolete)\b([^)]*)\)?\s*\.?\s*$`)
	supID   = lazyregexp.New(`\b(l[0-9a-f]{4,7}(?:-\d+)?)\b`)
	supDate = lazyregexp.New(`\b(\d{4}-\d{2}-\d{2})\b`)
)

// ParseSuperseded reads a learning's text as a superseded one: its first
// paragraph struck through whole ("~~...~~"), then nothing or a note saying
// it was superseded or replaced. Text that only contains a strike somewhere
// is a live learning.
func ParseSuperseded(text string) (*Superseded, bool) {
	if !strings.HasPrefix(text, "~~") || strings.HasPrefix(text, "~~~") {
		return nil, false
	}
	para, rest, _ := strings.Cut(text, "\n\n")
	end := strings.LastIndex(para, "~~")
	if end < 2 {
		return nil, false
	}
	inner, note := para[2:end], para[end+2:]
	if strings.TrimSpace(inner) == "" || strings.Contains(inner, "~~") {
		return nil, false
	}
	sup := &Superseded{}
	if by, date, ok := writtenNote(note); ok {
		sup.By, sup.Date = by, date
	} else if strings.TrimSpace(note) != "" {
		m := supNote().FindStringSubmatch(note)
		if m == nil {
			return nil, false
		}
		if id := supID().FindStringSubmatch(m[1]); id != nil {
			sup.By = id[1]
		}
		if d := supDate().FindStringSubmatch(m[1]); d != nil {
			sup.Date = d[1]
		}
	}
	sup.Text = inner
	if rest != "" {
		sup.Text += "\n\n" + rest
	}
	return sup, true
}

// writtenNote reads the note as SupersededText writes it, " (superseded by
// ID on DATE)" with a learning ID and a date of digits, without the
// expressions, and gives what they would: the ID and the date. Any other
// note is left to them (ok false). The three expressions cost 22,000
// instructions a struck learning, and parsing one is part of every
// command: on the agent 1 MB memory, with 181 struck learnings (callgrind,
// M instructions), recall 88.4 -> 84.0, store 96.2 -> 92.0.
// TestWrittenNoteAsExpressions holds it to them.
func writtenNote(note string) (by, date string, ok bool) {
	rest, ok := strings.CutPrefix(note, " (superseded by ")
	if !ok {
		return "", "", false
	}
	if rest, ok = strings.CutSuffix(rest, ")"); !ok {
		return "", "", false
	}
	by, date, ok = strings.Cut(rest, " on ")
	if !ok || !writtenID(by) || !writtenDate(date) {
		return "", "", false
	}
	return by, date, true
}

// writtenID reports whether s is a learning ID as learn gives them: "l",
// seven lower-case hex digits, and maybe "-" and a copy number.
func writtenID(s string) bool {
	if len(s) < 1+idHexDigits || s[0] != 'l' {
		return false
	}
	for i := 1; i < 1+idHexDigits; i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	copyNumber := s[1+idHexDigits:]
	if copyNumber == "" {
		return true
	}
	return copyNumber[0] == '-' && digits(copyNumber[1:])
}

// writtenDate reports whether s is a date as YYYY-MM-DD in digits.
func writtenDate(s string) bool {
	return len(s) == len("2006-01-02") && s[4] == '-' && s[7] == '-' &&
		digits(s[:4]) && digits(s[5:7]) && digits(s[8:])
}

// SupersededText is the text a superseded learning is written with: its
// first paragraph struck through and the note. text is the learning as
// stored (a multi-line learning keeps its later paragraphs and code as
// they are).
func SupersededText(text, by, date string) string {
	para, rest, more := strings.Cut(text, "\n\n")
	out := fmt.Sprintf("~~%s~~ (superseded by %s on %s)", strings.TrimSpace(para), by, date)
	if more {
		out += "\n\n" + rest
	}
	return out
}

// Live returns the learnings that are not superseded, in order.
func Live(ls []*Learning) []*Learning {
	out := make([]*Learning, 0, len(ls))
	for _, l := range ls {
		if l.Superseded == nil {
			out = append(out, l)
		}
	}
	return out
}
