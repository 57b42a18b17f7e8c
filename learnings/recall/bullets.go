package recall

import "strings"

// Bullets renders only the shown learnings, each tagged with its ID and
// category, for a caller that frames them with its own heading: the Claude
// Code prompt hook adds a few learnings to a session that already has the
// header and the closing line from its start.
func (r *Result) Bullets() string {
	var b strings.Builder
	for _, it := range r.Shown {
		b.WriteString(bullet(it, true))
	}
	return b.String()
}
