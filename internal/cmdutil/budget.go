package cmdutil

import (
	"strings"
	"unicode/utf8"
)

// InjectBudget is the most a slash command may put into an agent's prompt
// through one command's output, in characters: about 2,000 tokens. Reports
// that an agent reads are cut to it and end with a line naming the command
// that shows everything.
const InjectBudget = 8000

// DefaultReportChars is the default --max-chars of reports an agent reads
// (recall, summarise, improve-docs): well inside InjectBudget, leaving room
// for the headings and the closing line.
const DefaultReportChars = 6000

// Budget keeps a report within a number of characters, whole items at a
// time, so a report on a 10 MB file costs the reader what one on 100 KB
// does. A Max of 0 or less means no budget.
type Budget struct {
	Max  int
	used int
	// Left counts the items that did not fit.
	Left int
}

// Take reports whether s fits in what is left of the budget and, if so,
// counts it as used. Once one item did not fit, no later one does, so a
// report never skips an item to show a smaller one after it.
func (b *Budget) Take(s string) bool {
	if b.Max <= 0 {
		return true
	}
	n := utf8.RuneCountInString(s)
	if b.Left > 0 || b.used+n > b.Max {
		b.Left++
		return false
	}
	b.used += n
	return true
}

// Used is how many characters the items taken so far hold.
func (b *Budget) Used() int { return b.used }

// CutLines keeps the whole lines of text that fit in max characters and
// says how many lines it left out; a max of 0 or less keeps everything.
func CutLines(text string, max int) (kept string, more int) {
	if max <= 0 || utf8.RuneCountInString(text) <= max {
		return text, 0
	}
	b := Budget{Max: max}
	end := 0
	for end < len(text) {
		next := strings.IndexByte(text[end:], '\n')
		if next < 0 {
			next = len(text) - end
		} else {
			next++
		}
		if !b.Take(text[end : end+next]) {
			break
		}
		end += next
	}
	rest := text[end:]
	return text[:end], strings.Count(rest, "\n") + boolInt(!strings.HasSuffix(rest, "\n") && rest != "")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
