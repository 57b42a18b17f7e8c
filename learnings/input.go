package learnings

import (
	"bytes"
	"sort"
)

// ParseInput reads learnings the way an agent pipes them to `learn store`:
// a category label ("**User Corrections:**", "**User Corrections**:", any
// "#" heading, or a plain "User Corrections:" line) followed by "-", "*",
// "+" or numbered items, which may run over several lines and hold code
// blocks. It uses the same scanner and item reader as Parse. Items before
// any label are filed under GeneralCategory; text that is not an item is
// skipped. Both are reported as Problems with their line numbers, as are a
// code fence left open and bytes that are not UTF-8.
func ParseInput(src []byte) ([]NewLearning, []Problem) {
	ls, problems, _ := ParseInputNotes(src)
	return ls, problems
}

// ParseInputNotes is ParseInput that also says which category labels it
// corrected: a near miss of a spec label ("**User Corections:**") or another
// spelling of one ("### New requirement"), each stored under the spec's
// name. Notes are not problems: the input is fine.
func ParseInputNotes(src []byte) ([]NewLearning, []Problem, []Problem) {
	start := 0
	if bytes.HasPrefix(src, bom) {
		start = len(bom)
	}
	var problems, notes []Problem
	var b bodyParser
	var names categoryNames
	b.reset(src, bodyInput, &problems, &names)
	b.notes = &notes
	sc := newScanner(src, start, 1)
	for {
		l, ok := sc.next()
		if !ok {
			break
		}
		b.line(l)
	}
	b.finish()
	if sc.fenceOpen {
		problems = append(problems, Problem{Line: sc.fenceLine, Message: "code fence opened here is never closed"})
	} else if sc.unclosed != nil {
		problems = append(problems, *sc.unclosed)
	}
	if line := invalidUTF8Line(src); line > 0 {
		problems = append(problems, Problem{Line: line, Message: "not valid UTF-8 text"})
	}
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Line < problems[j].Line })
	var out []NewLearning
	for _, c := range b.cats {
		for _, l := range c.Learnings {
			out = append(out, NewLearning{Category: c.Name, Text: l.Text})
		}
	}
	return out, problems, notes
}
