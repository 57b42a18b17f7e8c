package forget

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
)

// Copies is where the forgotten learnings still are, for the report.
type Copies struct {
	// Backups lists the backups that held them after the forget.
	Backups []string `json:"backups"`
	// Purged is set when they were removed from the backups.
	Purged *memfile.PurgeReport `json:"purged,omitempty"`
	// Elsewhere names the copies learn cannot reach.
	Elsewhere []string `json:"elsewhere"`
}

// purge finds the backups that still hold the learnings just forgotten one
// by one (--id, --match, --category) and, with --purge-backups or a yes at a
// terminal, removes them from those backups too.
func purge(opts *Options, path string, rep *Report) error {
	texts := make([]string, 0, len(rep.Learnings))
	for _, l := range rep.Learnings {
		texts = append(texts, l.Text)
	}
	if !rep.Forgotten || len(texts) == 0 {
		return nil
	}
	held, err := memfile.BackupsHolding(path, texts)
	if err != nil {
		return err
	}
	rep.Copies = &Copies{Backups: display(opts, held), Elsewhere: memfile.Elsewhere}
	ok := opts.PurgeBackups
	if !ok && len(held) > 0 && opts.IO.InTTY && !opts.Yes && !opts.JSON {
		fmt.Fprintf(opts.IO.Err, "Also remove %s from the %s that hold %s? learn undo could then not bring %s back. [y/N] ",
			pick(len(texts), "it", "them"), memview.Plural(len(held), "backup", "backups"), pick(len(texts), "it", "them"), pick(len(texts), "it", "them"))
		answer, err := bufio.NewReader(opts.IO.In).ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("read answer: %w", err)
		}
		a := strings.ToLower(strings.TrimSpace(answer))
		ok = a == "y" || a == "yes"
	}
	if !ok || len(held) == 0 {
		return nil
	}
	res, err := memfile.PurgeBackups(path, texts, opts.LockTimeout)
	if err != nil {
		return err
	}
	res.Cleaned, res.Failed = display(opts, res.Cleaned), display(opts, res.Failed)
	rep.Copies.Purged = &res
	rep.Copies.Backups = res.Failed
	return nil
}

func display(opts *Options, paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		out = append(out, opts.Display(p))
	}
	return out
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeCopies says plainly where copies of what was forgotten remain.
func writeCopies(w io.Writer, rep *Report) {
	c := rep.Copies
	if c == nil {
		return
	}
	if c.Purged != nil {
		fmt.Fprintf(w, "Removed from %s: %s. learn undo cannot bring it back now.\n",
			memview.Plural(len(c.Purged.Cleaned), "backup", "backups"), strings.Join(c.Purged.Cleaned, ", "))
	}
	if len(c.Backups) > 0 {
		fmt.Fprintf(w, "Copies remain in %s: %s", memview.Plural(len(c.Backups), "backup", "backups"), strings.Join(c.Backups, ", "))
		if c.Purged == nil {
			fmt.Fprint(w, " (learn undo brings it back from there; forget with --purge-backups removes it from them)")
		}
		fmt.Fprintln(w, ".")
	}
	fmt.Fprintf(w, "Copies learn cannot remove may remain in %s.\n", strings.Join(c.Elsewhere, "; "))
}
