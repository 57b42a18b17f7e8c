package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/learn-memory/learn/internal/ops"
)

// Ops runs the tools through learn's operations on the memory that
// Memory finds, as the CLI finds it.
type Ops struct {
	Memory func() (*ops.Memory, error)
}

// defaultLimit is how many hits search returns when the model asks for no
// limit: enough to choose from, few enough for a context window.
const defaultLimit = 10

// Recall is learn recall (with task, paths and branch: learn recall --task
// --paths --branch).
func (o Ops) Recall(_ context.Context, in RecallInput) (Reply, error) {
	m, err := o.Memory()
	if err != nil {
		return Reply{}, err
	}
	opts := ops.SessionStart()
	opts.Work = ops.Work{Task: in.Task, Paths: in.Paths, Branch: in.Branch, Git: true}
	if in.MaxChars != 0 {
		opts.MaxChars = in.MaxChars
	}
	r, err := ops.Recall(m, opts)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: recallText(r), Data: r}, nil
}

func recallText(r *ops.RecallResult) string {
	if !r.Exists {
		return fmt.Sprintf("No learnings yet: %s does not exist, so this is the first session with a memory in this project.", r.File)
	}
	var b strings.Builder
	b.WriteString(r.Text())
	for _, w := range r.Warnings {
		b.WriteString("\n" + w)
	}
	return strings.TrimRight(b.String(), "\n")
}

// Search is learn search.
func (o Ops) Search(_ context.Context, in SearchInput) (Reply, error) {
	if strings.TrimSpace(in.Query) == "" {
		return Reply{}, fmt.Errorf("search needs words to find in query")
	}
	if in.Limit < 0 {
		return Reply{}, fmt.Errorf("limit must be 0 or more (got %d)", in.Limit)
	}
	m, err := o.Memory()
	if err != nil {
		return Reply{}, err
	}
	limit := in.Limit
	if limit == 0 {
		limit = defaultLimit
	}
	r, err := ops.Search(m, ops.SearchOptions{Query: in.Query, Limit: limit})
	if err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d matching learnings for %q:\n", len(r.Results), r.Matched, in.Query)
	for _, h := range r.Results {
		fmt.Fprintf(&b, "- [%s] (%s, %s) %s\n", h.ID, h.Category, h.Date, firstLine(h.Text))
	}
	if len(r.Results) == 0 {
		b.Reset()
		fmt.Fprintf(&b, "No learning matches %q (%d searched).", in.Query, r.Searched)
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: r}, nil
}

// Show is learn show.
func (o Ops) Show(_ context.Context, in ShowInput) (Reply, error) {
	m, err := o.Memory()
	if err != nil {
		return Reply{}, err
	}
	r, err := ops.Show(m, ops.ShowOptions{ID: strings.TrimSpace(in.ID)})
	if err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	switch {
	case r.Learning != nil:
		l := r.Learning
		fmt.Fprintf(&b, "[%s] %s", l.ID, l.Category)
		if l.Session != nil {
			fmt.Fprintf(&b, ", session [%s] - %s (%s)", l.Session.Stamp, l.Session.Focus, l.Session.ID)
		} else {
			b.WriteString(", Consolidated Learnings")
		}
		if l.SupersededBy != "" {
			fmt.Fprintf(&b, ", superseded by %s", l.SupersededBy)
		}
		b.WriteString("\n\n" + l.Text)
	case r.Session != nil:
		s := r.Session
		fmt.Fprintf(&b, "Session [%s] - %s (%s), project %s", s.Stamp, s.Focus, s.ID, s.Project)
		if len(s.Docs) > 0 {
			fmt.Fprintf(&b, "; documentation seen: %s", strings.Join(s.Docs, ", "))
		}
		b.WriteString("\n")
		for _, l := range s.Learnings {
			fmt.Fprintf(&b, "- [%s] (%s) %s\n", l.ID, l.Category, firstLine(l.Text))
		}
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: r}, nil
}

// Summarise is learn summarise: the baseline without markdown, the verdicts
// with it.
func (o Ops) Summarise(_ context.Context, in SummariseInput) (Reply, error) {
	m, err := o.Memory()
	if err != nil {
		return Reply{}, err
	}
	opts := ops.SummariseOptions{}
	if strings.TrimSpace(in.Markdown) != "" {
		opts.Candidates = []byte(in.Markdown)
	}
	r, err := ops.Summarise(m, opts)
	if err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	if c := r.Check; c != nil {
		for _, v := range c.Verdicts {
			fmt.Fprintf(&b, "%d. %s", v.Number, v.Verdict)
			switch {
			case v.DuplicateOf != nil:
				fmt.Fprintf(&b, " of [%s]", v.DuplicateOf.ID)
			case v.UpdateOf != nil:
				fmt.Fprintf(&b, " of [%s] (%s)", v.UpdateOf.ID, firstLine(v.UpdateOf.Text))
			case v.DocumentedIn != nil:
				fmt.Fprintf(&b, " in %s:%d", v.DocumentedIn.Path, v.DocumentedIn.Line)
			case v.DuplicateOfCandidate > 0:
				fmt.Fprintf(&b, " of candidate %d", v.DuplicateOfCandidate)
			}
			fmt.Fprintf(&b, ": %s\n", firstLine(v.Text))
			if len(v.Secrets) > 0 {
				fmt.Fprintf(&b, "   holds a secret (%s): store would refuse it\n", strings.Join(v.Secrets, ", "))
			}
		}
		return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: c}, nil
	}
	base := r.Baseline
	b.WriteString(base.Text)
	if len(base.DocsSeen) > 0 {
		b.WriteString("\nDocumentation seen most:")
		for _, d := range base.DocsSeen {
			fmt.Fprintf(&b, " %s (%d)", d.Ref, d.Count)
		}
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: base}, nil
}

// Store is learn store with the Markdown on stdin.
func (o Ops) Store(_ context.Context, in StoreInput) (Reply, error) {
	if strings.TrimSpace(in.Focus) == "" {
		return Reply{}, fmt.Errorf("focus is required: say in a few words what the session was about")
	}
	if strings.TrimSpace(in.Markdown) == "" {
		return Reply{}, fmt.Errorf("markdown is empty: give the approved learnings as **Category:** labels, each followed by a list")
	}
	m, err := o.Memory()
	if err != nil {
		return Reply{}, err
	}
	r, err := ops.Store(m, ops.StoreOptions{Focus: in.Focus, Docs: in.Docs, Replaces: in.Replaces, Source: []byte(in.Markdown)})
	if err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	if len(r.Stored) == 0 {
		fmt.Fprintf(&b, "Nothing stored: every learning is already in %s.", r.File)
	} else {
		fmt.Fprintf(&b, "Stored %d in %s, session [%s] - %s:", len(r.Stored), r.File, r.Stamp, r.Focus)
		for _, l := range r.Stored {
			fmt.Fprintf(&b, "\n- [%s] (%s) %s", l.ID, l.Category, firstLine(l.Text))
		}
	}
	for _, s := range r.Skipped {
		if s.DuplicateOf != nil {
			fmt.Fprintf(&b, "\nSkipped learning %d: the same as [%s].", s.Number, s.DuplicateOf.ID)
		} else {
			fmt.Fprintf(&b, "\nSkipped learning %d: repeats learning %d.", s.Number, s.DuplicateOfInput)
		}
	}
	for _, u := range r.Updates {
		fmt.Fprintf(&b, "\nLearning %d updates [%s]; both are kept (store again with replaces to retire the old one, if the user says so).", u.Number, u.Stored.ID)
	}
	for _, rp := range r.Replaced {
		fmt.Fprintf(&b, "\nReplaced [%s]: struck through as superseded.", rp.ID)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "\nWarning: %s.", w)
	}
	return Reply{Text: b.String(), Data: r}, nil
}

// firstLine is text's first line, shortened for a listing.
func firstLine(text string) string { return ops.FirstLine(text, 160) }
