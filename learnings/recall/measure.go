package recall

import "github.com/learn-memory/learn/learnings"

// Estimate is the size of `recall --all`'s output weighed without its two
// costly steps: every learning shown (none folded into a near duplicate)
// and every text counted as written (no secret redacted). Folding makes the
// real output shorter and redaction changes a secret's length, so Chars is
// off by what those take (under 5% on the generated memories, where 5% of
// the learnings repeat one); on a file with neither it is exact. The figure
// is for telling whether a full recall fits a model's context, and the two
// steps were two thirds of learn stats' work: without them stats on the
// generated long 1 MB memory takes 84 M instructions instead of 270 M
// (callgrind, GOMAXPROCS=1), recall 78 M. Stats weighs a small memory's
// full recall exactly instead (Measure's budget 0), where the two steps
// cost little.
type Estimate struct {
	// Chars is the output's length in characters (runes).
	Chars int
	// Shown is the number of learnings it shows before folding: at least
	// the number the real output shows.
	Shown int
}

// Measure weighs what recalls of doc would show, for a caller that weighs
// them rather than showing one (learn stats): Select(doc, Options{MaxChars:
// b}) for each budget b (0: no budget, folded and redacted, exact), in
// order, and estimate, which weighs the full recall as an Estimate when
// called: a caller that weighs a small memory's full recall exactly does
// not pay for the estimate too. The file's learnings are ordered, grouped
// by category and its unread lines found once for all, not once per
// Select: on the 8 generated 10 MB memories (CPU after parsing,
// GOMAXPROCS=1, medians of 5 runs on a loaded machine, issue 24's round
// 17) that is 3-11 ms of the 4-23 ms a Select takes, and two budgets cost
// about 1.2 times one Select (1.0 to 1.9), not twice.
func Measure(doc *learnings.Document, budgets ...int) (estimate func() Estimate, recalls []*Result) {
	base, items, names := gather(doc, Options{})
	result := func(b int) *Result {
		r := *base
		r.MaxChars, r.opts.MaxChars = max(b, 0), b
		return &r
	}
	estimate = func() Estimate {
		full := result(0)
		full.Shown = items
		return Estimate{Chars: full.chars(unredactedCost), Shown: len(items)}
	}
	recalls = make([]*Result, len(budgets))
	for i, b := range budgets {
		r := result(b)
		if r.MaxChars == 0 {
			r.Shown = collapse(items, &r.Duplicates)
		} else {
			r.fit(items, names)
		}
		recalls[i] = r
	}
	return estimate, recalls
}
