package memgen

import (
	"bytes"
	"io"
	"time"
)

// FillSessions writes sessions into buf, each older than the last by
// gap(), until buf holds size bytes, dropping the last session when leaving
// it out lands closer to size. Every generator ends its file this way, so
// that files of one size from different generators compare.
func FillSessions(buf *bytes.Buffer, size int, at time.Time, session func(at time.Time), gap func() time.Duration) {
	for buf.Len() < size {
		before := buf.Len()
		session(at)
		if buf.Len() > size && buf.Len()-size > size-before && before > 0 {
			buf.Truncate(before)
			return
		}
		at = at.Add(-gap())
	}
}

// WriteCategories writes learnings under their category labels, in the
// categories' order, as a session lists them: byCat[c] are category c's,
// and a category without any is left out.
func WriteCategories(w io.StringWriter, byCat [][]string) {
	for c, name := range Categories {
		if len(byCat[c]) == 0 {
			continue
		}
		w.WriteString("**" + name + ":**\n")
		for _, l := range byCat[c] {
			w.WriteString("- " + l + "\n")
		}
		w.WriteString("\n")
	}
}
