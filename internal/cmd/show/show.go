// Package show implements "learn show".
package show

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/sanitize"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Options holds the flags of "learn show".
type Options struct {
	IO      *cmdutil.IO
	Path    func() (string, error)
	Display func(string) string
	ID      string
	JSON    bool
}

// NewCmdShow builds "learn show". runF replaces the run function in tests.
func NewCmdShow(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Path: f.MemoryFile, Display: f.DisplayPath}
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one learning or session in full",
		Long: `Show prints one learning or one whole session, found by its ID, with where
it came from: the session's date, focus and project, the documentation seen
in that session, and the file and lines it occupies.

IDs come from "learn search", "learn summarise" and "learn lint". They are
derived from the content, so they stay the same between runs: a learning's
ID comes from its text alone, so it names the learning for life, through
compact (which folds it into Consolidated Learnings, maybe under another
category), fmt, and moves to another session or category; only changing
the text gives a new ID. The same text stored twice gets "-2", "-3" on the
copies above the last one. An ID from older versions of learn (they hashed
the session and category too) still works, given in full, while the
learning is in that session or in Consolidated Learnings. Any unique
prefix of an ID is enough; when a prefix fits several, show lists them and
exits 1, and when nothing fits it exits 1 too.`,
		Example: `  $ learn show 3f9a2c1
  $ learn show 3f9a      # a unique prefix is enough
  $ learn show 3f9a2c1 --json`,
		Args:              cmdutil.ExactArgs(1, "one learning or session ID (find IDs with learn search)"),
		ValidArgsFunction: memview.CompleteIDs(opts.Path),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = strings.TrimSpace(args[0])
			if opts.ID == "" {
				return cmdutil.UsageErrorf("the ID is empty; find IDs with learn search")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.Paged(cmd)
	return cmd
}

// ErrNotFound is returned when no learning or session has the ID.
var ErrNotFound = errors.New("not found")

// match is a learning or a session whose ID fits the prefix.
type match struct {
	learning *learnings.Learning
	session  *learnings.Session
}

func (m match) id() string {
	if m.learning != nil {
		return m.learning.ID
	}
	return m.session.ID
}

// find returns what id names: an exact ID wins over prefixes; otherwise
// every learning and session whose ID starts with id (ignoring case).
func find(doc *learnings.Document, id string) []match {
	id = strings.ToLower(id)
	var exact, prefix []match
	consider := func(m match) {
		got := strings.ToLower(m.id())
		switch {
		case got == "":
		case got == id:
			exact = append(exact, m)
		case strings.HasPrefix(got, id):
			prefix = append(prefix, m)
		}
	}
	for _, s := range doc.Sessions {
		consider(match{session: s})
	}
	for _, l := range doc.Learnings() {
		consider(match{learning: l})
	}
	if len(exact) > 0 {
		return dedupe(exact)
	}
	if len(prefix) == 0 {
		if l := doc.FormerID(id); l != nil {
			return []match{{learning: l}}
		}
	}
	return dedupe(prefix)
}

// dedupe folds learnings that share an ID (the same text stored twice in one
// category has one ID): show prints the first and says where the others are.
func dedupe(ms []match) []match {
	var out []match
	for _, m := range ms {
		if slices.ContainsFunc(out, func(o match) bool { return o.id() == m.id() && (o.learning != nil) == (m.learning != nil) }) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// LearningJSON is a learning as --json prints it.
type LearningJSON struct {
	ID       string       `json:"id"`
	Category string       `json:"category"`
	Text     string       `json:"text"`
	Line     int          `json:"line"`
	EndLine  int          `json:"end_line"`
	Session  *SessionJSON `json:"session,omitempty"`
	// Copies lists the lines of other learnings with the same ID, the
	// same text stored again in the same category.
	Copies []int `json:"copies,omitempty"`
	// Chain links the learning to the versions that replaced it and that
	// it replaced (learn store --replaces).
	Chain *Chain `json:"chain,omitempty"`
}

// SessionJSON is a session as --json prints it.
type SessionJSON struct {
	ID        string         `json:"id"`
	Stamp     string         `json:"stamp"`
	Focus     string         `json:"focus"`
	Project   string         `json:"project"`
	Docs      []string       `json:"docs"`
	Line      int            `json:"line"`
	EndLine   int            `json:"end_line"`
	Learnings []LearningJSON `json:"learnings,omitempty"`
}

// Report is the whole --json output.
type Report struct {
	File     string        `json:"file"`
	Kind     string        `json:"kind"`
	Learning *LearningJSON `json:"learning,omitempty"`
	Session  *SessionJSON  `json:"session,omitempty"`
}

func run(opts *Options) error {
	file, err := memview.Open(opts.Path, opts.Display)
	if err != nil {
		return err
	}
	doc, display := file.Doc, file.Display
	memview.WarnDamage(opts.IO.Err, display, doc)
	if !file.Exists {
		return fmt.Errorf("no learning or session %q: %s does not exist yet (store learnings with learn store)", opts.ID, display)
	}
	ms := find(doc, opts.ID)
	switch len(ms) {
	case 0:
		hidden := ""
		if len(doc.Damage) > 0 {
			hidden = fmt.Sprintf(" (%s cannot be read, see above; the ID may be there)", memview.Plural(memview.DamagedLines(doc), "line", "lines"))
		}
		return cmdutil.Mark(fmt.Errorf("no learning or session has an ID starting with %q in %s%s; find IDs with: learn search WORDS", opts.ID, display, hidden), ErrNotFound)
	case 1:
	default:
		w := opts.IO.Err
		fmt.Fprintf(w, "learn: %q is ambiguous: %d learnings and sessions have IDs starting with it:\n", opts.ID, len(ms))
		for _, m := range ms {
			if m.learning != nil {
				fmt.Fprintf(w, "  %s  learning  %s  %s\n", m.learning.ID, display+fmt.Sprintf(":%d", m.learning.Span.Line), oneLine(shown(m.learning.Text), 60))
			} else {
				fmt.Fprintf(w, "  %s  session   %s  [%s] - %s\n", m.session.ID, display+fmt.Sprintf(":%d", m.session.Span.Line), m.session.Stamp, shown(m.session.Focus))
			}
		}
		fmt.Fprintln(w, "Give more of the ID.")
		return cmdutil.ErrSilent
	}
	m := ms[0]
	if opts.JSON {
		rep := Report{File: display}
		if m.learning != nil {
			rep.Kind = "learning"
			lj := learningJSON(m.learning, true)
			lj.Copies = copies(doc, m.learning)
			if ch := chainOf(doc, m.learning); ch.SupersededOn != "" || m.learning.Superseded != nil || len(ch.Newer)+len(ch.Older) > 0 {
				lj.Chain = &ch
			}
			rep.Learning = &lj
		} else {
			rep.Kind = "session"
			sj := sessionJSON(m.session, true)
			rep.Session = &sj
		}
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	if m.learning != nil {
		writeLearning(opts.IO.Out, display, m.learning, copies(doc, m.learning), chainOf(doc, m.learning))
	} else {
		writeSession(opts.IO.Out, display, m.session)
	}
	return nil
}

// copies are the lines of other learnings with l's ID.
func copies(doc *learnings.Document, l *learnings.Learning) []int {
	var lines []int
	for _, o := range doc.Learnings() {
		if o != l && o.ID == l.ID {
			lines = append(lines, o.Span.Line)
		}
	}
	return lines
}

func learningJSON(l *learnings.Learning, withSession bool) LearningJSON {
	lj := LearningJSON{ID: l.ID, Category: l.Category, Text: shown(l.Text), Line: l.Span.Line, EndLine: l.Span.EndLine}
	if withSession && l.Session != nil {
		sj := sessionJSON(l.Session, false)
		lj.Session = &sj
	}
	return lj
}

func sessionJSON(s *learnings.Session, withLearnings bool) SessionJSON {
	sj := SessionJSON{ID: s.ID, Stamp: s.Stamp, Focus: shown(s.Focus), Project: shown(s.Project), Docs: redactAll(s.Docs),
		Line: s.Span.Line, EndLine: s.Span.EndLine}
	if sj.Docs == nil {
		sj.Docs = []string{}
	}
	if withLearnings {
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				sj.Learnings = append(sj.Learnings, learningJSON(l, false))
			}
		}
	}
	return sj
}

func lines(display string, sp learnings.Span) string {
	if sp.EndLine > sp.Line {
		return fmt.Sprintf("%s:%d-%d", display, sp.Line, sp.EndLine)
	}
	return fmt.Sprintf("%s:%d", display, sp.Line)
}

func docsList(docs []string) string {
	if len(docs) == 0 {
		return "none recorded"
	}
	return strings.Join(redactAll(docs), ", ")
}

// shown is text from the file as show prints it: secrets stored before
// learn guarded the file redacted, terminal controls and frame tags
// neutralised.
func shown(text string) string { return sanitize.Text(secrets.Redact(text)) }

// redactAll redacts each of texts, which show prints for a person and an
// agent alike: secrets stored before learn guarded the file stay hidden.
func redactAll(texts []string) []string {
	if texts == nil {
		return nil
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = shown(t)
	}
	return out
}

func writeLearning(w io.Writer, display string, l *learnings.Learning, more []int, chain Chain) {
	fmt.Fprintf(w, "Learning %s (%s)\n", l.ID, sanitize.Text(l.Category))
	fmt.Fprintf(w, "File:     %s\n", lines(display, l.Span))
	if s := l.Session; s != nil {
		fmt.Fprintf(w, "Session:  %s  [%s] - %s\n", s.ID, s.Stamp, shown(s.Focus))
		fmt.Fprintf(w, "Project:  %s\n", orNone(shown(s.Project)))
		fmt.Fprintf(w, "Documentation seen: %s\n", docsList(s.Docs))
	} else {
		fmt.Fprintln(w, "Session:  none (in Consolidated Learnings, folded from older sessions)")
	}
	for _, line := range more {
		fmt.Fprintf(w, "Also at:  %s:%d (same text, same category)\n", display, line)
	}
	chain.write(w, display)
	fmt.Fprintf(w, "\n%s\n", shown(l.Text))
}

func writeSession(w io.Writer, display string, s *learnings.Session) {
	fmt.Fprintf(w, "Session %s: %s\n", s.ID, shown(s.Focus))
	fmt.Fprintf(w, "Date:     %s\n", orNone(s.Stamp))
	fmt.Fprintf(w, "Project:  %s\n", orNone(shown(s.Project)))
	fmt.Fprintf(w, "Documentation seen: %s\n", docsList(s.Docs))
	fmt.Fprintf(w, "File:     %s\n", lines(display, s.Span))
	n := 0
	for _, c := range s.Categories {
		if len(c.Learnings) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", sanitize.Text(c.Name))
		for _, l := range c.Learnings {
			n++
			fmt.Fprintf(w, "  %s (line %d): %s\n", l.ID, l.Span.Line, strings.ReplaceAll(shown(l.Text), "\n", "\n    "))
		}
	}
	if n == 0 {
		fmt.Fprintln(w, "\nNo learnings in this session.")
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// oneLine shortens text to about n runes on one line, for candidate lists.
func oneLine(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}
