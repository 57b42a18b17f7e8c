package show

import (
	"fmt"
	"io"

	"github.com/learn-memory/learn/internal/ops"
)

// writeChain prints where l stands among its versions (ops.ChainOf).
func writeChain(w io.Writer, display string, l *ops.ShownLearning) {
	c := l.Chain
	if c.Superseded {
		on := ""
		if c.SupersededOn != "" {
			on = " on " + c.SupersededOn
		}
		by := "a newer learning (the note names none)"
		if l.SupersededBy != "" {
			by = l.SupersededBy
		}
		fmt.Fprintf(w, "Status:   superseded by %s%s; recall, search and summarise leave it out\n", by, on)
	}
	for _, n := range c.Newer {
		if n.Missing {
			fmt.Fprintf(w, "Newer:    %s (not in the file any more)\n", n.ID)
			continue
		}
		fmt.Fprintf(w, "Newer:    %s  %s:%d  %s\n", n.ID, display, n.Line, oneLine(n.Text, 70))
	}
	for _, o := range c.Older {
		fmt.Fprintf(w, "Replaces: %s  %s:%d  %s\n", o.ID, display, o.Line, oneLine(o.Text, 70))
	}
}
