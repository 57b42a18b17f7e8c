// Package forget implements "learn forget".
package forget

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn forget".
type Options struct {
	IO          *cmdutil.IO
	File        func() (string, error)
	Display     func(path string) string
	Now         func() time.Time
	LockTimeout time.Duration

	JSON   bool
	DryRun bool
	Yes    bool
	// PurgeBackups also removes the forgotten learnings from the backups.
	PurgeBackups bool
	Limit        int
	// Category is the --category flag, one of selectors.Categories.
	Category string
	selectors
}

// NewCmdForget builds "learn forget". runF replaces the run function in tests.
func NewCmdForget(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, File: f.MemoryFile, Display: f.DisplayPath, Now: f.Now, LockTimeout: memfile.DefaultLockTimeout}
	cmd := &cobra.Command{
		Use:   "forget",
		Short: "Forget all learnings, or only some",
		Long: `Forget learnings, the spec's /learning-forget.

Without selectors, forget resets the learnings file to empty (zero bytes; the
file stays): every session, Consolidated Learnings and any hand-written section
go. With selectors it forgets only what they pick, and every other byte of the
file stays as it was:

  --session ID     a whole session (an ID or a unique prefix of one; repeatable)
  --match TEXT     learnings whose text contains TEXT, ignoring case and
                   punctuation (repeatable: all must match)
  --category NAME  learnings of that category
  --id ID          one learning, by its ID or a unique prefix (repeatable);
                   for a fact that is simply wrong. Not combined with the
                   selectors above.

Selectors narrow each other: --category with --match picks learnings that
satisfy both, and either of them with --session picks only inside those
sessions. A session whose learnings are all picked goes whole.

The file is first copied to .tmp/memory-learnings.backup.md and to a
timestamped copy in .tmp/backups/, so 'learn undo' brings it back. --dry-run
says what would go and writes nothing: the counts by category, then the
newest --limit sessions and learnings (default 10; 0 lists all, as --json
does), so the preview stays short whatever the file's size.

Learnings forgotten one by one (--id, --match, --category) stay in the
backups, and forget says which; --purge-backups removes them from every
backup too (the spec's backup file and the ring), for something that must
not be kept; at a terminal forget asks. learn undo cannot bring them back
then. Copies learn cannot reach (git history, other clones, transcripts) are
named.

At a terminal forget asks before forgetting. --yes answers for you; the
/learning-forget slash command passes it only after you confirmed in the chat.
Without a terminal and without --yes, forget refuses (exit 2) and changes
nothing.

Exit status: 0 forgotten, nothing to forget (missing or empty file), dry run,
or the question answered no (nothing changed); 1 failure: the selectors pick
nothing, an unknown session or learning ID, an unclosed block when selectors
are given; 2 usage error
(including a missing --yes without a terminal); 4 busy.`,
		Example: `  $ learn forget --dry-run
  $ learn forget --dry-run --limit 0
  $ learn forget --yes
  $ learn forget --session s3fa2c1 --yes
  $ learn forget --id l3f9a2c1 --yes
  $ learn forget --id l3f9a2c1 --yes --purge-backups
  $ learn forget --match "make gen" --category "Fresh Discoveries"`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmdutil.CheckLimit("limit", opts.Limit); err != nil {
				return err
			}
			if cmd.Flags().Changed("category") {
				opts.Categories = []string{opts.Category}
			}
			for _, c := range opts.Categories {
				if strings.TrimSpace(c) == "" {
					return cmdutil.UsageErrorf("--category needs a category name")
				}
			}
			for _, m := range opts.Matches {
				if strings.TrimSpace(m) == "" {
					return cmdutil.UsageErrorf("--match needs some text")
				}
			}
			if len(opts.IDs) > 0 && len(opts.Sessions)+len(opts.Matches)+len(opts.Categories) > 0 {
				return cmdutil.UsageErrorf("--id picks learnings by ID and is not combined with --session, --match or --category")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "say what would be forgotten and write nothing")
	cmdutil.LimitFlag(cmd, &opts.Limit, DefaultLimit, "sessions and learnings in the --dry-run list")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation")
	cmd.Flags().BoolVar(&opts.PurgeBackups, "purge-backups", false, "also remove the forgotten learnings from every backup (for something private)")
	cmd.Flags().StringArrayVar(&opts.Sessions, "session", nil, "forget the session with this `ID` (repeatable)")
	cmd.Flags().StringArrayVar(&opts.Matches, "match", nil, "forget learnings containing `TEXT` (repeatable)")
	cmdutil.CategoryFlag(cmd, &opts.Category, "forget learnings of this category", learnings.Priority)
	_ = cmd.RegisterFlagCompletionFunc("session", memview.CompleteSessions(opts.File))
	cmd.Flags().StringArrayVar(&opts.IDs, "id", nil, "forget the learning with this `ID` (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("match", cobra.NoFileCompletions)
	return cmd
}

// DefaultLimit is how many sessions and learnings the --dry-run list shows:
// a screenful, and a prompt an agent can afford.
const DefaultLimit = 10

// Report is the --json form of the result.
type Report struct {
	File       string         `json:"file"`
	DryRun     bool           `json:"dry_run"`
	Forgotten  bool           `json:"forgotten"`
	Everything bool           `json:"everything"`
	Reason     string         `json:"reason,omitempty"`
	Sessions   []SessionRef   `json:"sessions"`
	Learnings  []LearningRef  `json:"learnings"`
	Sections   []SectionRef   `json:"sections,omitempty"`
	Counts     map[string]int `json:"counts"`
	// ByCategory counts the learnings that go, in the spec's order.
	ByCategory  []CategoryCount `json:"by_category"`
	BytesBefore int             `json:"bytes_before"`
	BytesAfter  int             `json:"bytes_after"`
	Backup      string          `json:"backup,omitempty"`
	Ring        string          `json:"backup_copy,omitempty"`
	// Copies says where the learnings forgotten one by one remain.
	Copies *Copies `json:"copies,omitempty"`
}

// CategoryCount is how many learnings of one category go.
type CategoryCount struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// SectionRef names a hand-written section that goes with everything else.
type SectionRef struct {
	Title string `json:"title"`
	Line  int    `json:"line"`
}

// SessionRef names a session that goes.
type SessionRef struct {
	ID        string `json:"id"`
	Stamp     string `json:"stamp"`
	Focus     string `json:"focus"`
	Line      int    `json:"line"`
	Learnings int    `json:"learnings"`
}

// LearningRef names a single learning that goes.
type LearningRef struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
	Line     int    `json:"line"`
	// Session is the ID of the learning's session, empty for Consolidated.
	Session string `json:"session,omitempty"`
}

// errNothingSelected reports selectors that pick nothing (exit 1).
var errNothingSelected = errors.New("nothing matches")

func run(opts *Options) error {
	path, err := opts.File()
	if err != nil {
		return err
	}
	rep := &Report{File: opts.Display(path), DryRun: opts.DryRun, Everything: !opts.any()}

	src, err := memfile.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		rep.Reason = "the file does not exist"
		return finish(opts, rep)
	}
	if err != nil {
		return fmt.Errorf("read learnings: %w", err)
	}
	if _, err := plan(opts, rep, src); err != nil {
		return err
	}
	if opts.DryRun || rep.Reason != "" {
		return finish(opts, rep)
	}
	if ok, err := confirm(opts, rep); err != nil || !ok {
		return err
	}

	err = memfile.Update(path, opts.LockTimeout, func(current []byte, exists bool) ([]byte, error) {
		if !exists {
			rep.Reason = "the file does not exist"
			return current, nil
		}
		// Plan again on the bytes under the lock: another process may have
		// stored a session since the question was asked.
		out, err := plan(opts, rep, current)
		if err != nil || rep.Reason != "" {
			return current, err
		}
		ring, err := memfile.Backup(path, current, opts.Now())
		if err != nil {
			return nil, err
		}
		rep.Backup = opts.Display(memfile.BackupPath(path))
		rep.Ring = opts.Display(ring)
		rep.Forgotten = true
		rep.BytesAfter = len(out)
		return out, nil
	})
	if err != nil {
		return err
	}
	if err := purge(opts, path, rep); err != nil {
		return err
	}
	return finish(opts, rep)
}

// plan works out what forgetting does to src, filling rep, and returns the
// new content. rep.Reason is set when there is nothing to forget.
func plan(opts *Options, rep *Report, src []byte) ([]byte, error) {
	rep.BytesBefore, rep.BytesAfter = len(src), len(src)
	rep.Sessions, rep.Learnings = []SessionRef{}, []LearningRef{}
	doc := learnings.Parse(src)
	if opts.any() && opts.IO != nil {
		memview.WarnDamage(opts.IO.Err, rep.File, doc)
	}
	if !opts.any() {
		if len(src) == 0 {
			rep.Reason = "the file is already empty"
			return src, nil
		}
		for _, s := range doc.Sessions {
			rep.Sessions = append(rep.Sessions, sessionRef(s))
		}
		for _, s := range doc.Sections {
			rep.Sections = append(rep.Sections, SectionRef{Title: s.Title, Line: s.Span.Line})
		}
		rep.Counts = map[string]int{"sessions": len(doc.Sessions), "learnings": len(doc.Learnings()), "sections": len(doc.Sections)}
		rep.ByCategory = byCategory(doc.Learnings())
		rep.BytesAfter = 0
		return []byte{}, nil
	}
	for _, c := range opts.Categories {
		if err := memview.CheckCategory(doc, c); err != nil {
			return nil, err
		}
	}
	if err := doc.Writable(); err != nil {
		return nil, fmt.Errorf("cannot forget part of %s: %w (or forget everything)", rep.File, err)
	}
	sel, err := choose(doc, opts.selectors)
	if err != nil {
		return nil, err
	}
	if sel.empty() {
		return nil, fmt.Errorf("%w %s in %s; nothing forgotten", errNothingSelected, describe(opts.selectors), rep.File)
	}
	e := doc.Edit()
	for _, s := range sel.Sessions {
		rep.Sessions = append(rep.Sessions, sessionRef(s))
		e.RemoveSession(s)
	}
	gone := slices.Clone(sel.Learnings)
	for _, s := range sel.Sessions {
		for _, c := range s.Categories {
			gone = append(gone, c.Learnings...)
		}
	}
	rep.ByCategory = byCategory(gone)
	for _, l := range sel.Learnings {
		rep.Learnings = append(rep.Learnings, learningRef(l))
		e.RemoveLearning(l)
	}
	sessions, n := sel.count()
	rep.Counts = map[string]int{"sessions": sessions, "learnings": n}
	out, err := e.Bytes()
	if err != nil {
		return nil, fmt.Errorf("forget in %s: %w", rep.File, err)
	}
	rep.BytesAfter = len(out)
	return out, nil
}

func describe(sel selectors) string {
	var parts []string
	for _, s := range sel.Sessions {
		parts = append(parts, fmt.Sprintf("--session %q", s))
	}
	for _, m := range sel.Matches {
		parts = append(parts, fmt.Sprintf("--match %q", m))
	}
	for _, c := range sel.Categories {
		parts = append(parts, fmt.Sprintf("--category %q", c))
	}
	return strings.Join(parts, " ")
}

// confirm asks at a terminal and refuses without one, unless --yes. A "no"
// is the user's choice, not a failure: ok is false and err nil (exit 0).
func confirm(opts *Options, rep *Report) (ok bool, err error) {
	if opts.Yes {
		return true, nil
	}
	if !opts.IO.InTTY {
		return false, cmdutil.UsageErrorf("refusing to forget without confirmation: pass --yes " +
			"(the /learning-forget command passes it only after you confirmed); nothing changed")
	}
	w := opts.IO.Err
	fmt.Fprintf(w, "This forgets %s:\n", what(rep))
	writeList(w, rep, DefaultLimit, "see them all with --dry-run --limit 0")
	fmt.Fprintf(w, "A backup is kept and 'learn undo' restores it. Forget? [y/N] ")
	answer, err := bufio.NewReader(opts.IO.In).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return false, fmt.Errorf("read answer: %w", err)
	}
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "y", "yes":
		return true, nil
	}
	fmt.Fprintln(w, "Nothing forgotten.")
	return false, nil
}

// what summarises the plan in a phrase.
func what(rep *Report) string {
	c := rep.Counts
	if rep.Everything {
		s := fmt.Sprintf("everything in %s: %s and %s", rep.File,
			memview.Plural(c["sessions"], "session", "sessions"), memview.Plural(c["learnings"], "learning", "learnings"))
		if c["sections"] > 0 {
			s += fmt.Sprintf(", and %s", memview.Plural(c["sections"], "hand-written section", "hand-written sections"))
		}
		return s
	}
	var parts []string
	if c["sessions"] > 0 {
		parts = append(parts, fmt.Sprintf("%s (%s)", memview.Plural(c["sessions"], "session", "sessions"), memview.Plural(sessionLearnings(rep), "learning", "learnings")))
	}
	if single := c["learnings"] - sessionLearnings(rep); single > 0 {
		parts = append(parts, memview.Plural(single, "learning", "learnings"))
	}
	return fmt.Sprintf("%s from %s", strings.Join(parts, " and "), rep.File)
}

func sessionLearnings(rep *Report) int {
	n := 0
	for _, s := range rep.Sessions {
		n += s.Learnings
	}
	return n
}

func writeList(w io.Writer, rep *Report, limit int, seeAll string) {
	shown := 0
	for _, s := range rep.Sessions {
		if limit > 0 && shown == limit {
			break
		}
		fmt.Fprintf(w, "  session %s  [%s] %s (%s, line %d)\n", s.ID, s.Stamp, s.Focus, memview.Plural(s.Learnings, "learning", "learnings"), s.Line)
		shown++
	}
	for _, l := range rep.Learnings {
		if limit > 0 && shown == limit {
			break
		}
		where := "Consolidated"
		if l.Session != "" {
			where = "session " + l.Session
		}
		fmt.Fprintf(w, "  learning %s  %s: %s (%s, line %d)\n", l.ID, l.Category, memview.FirstLine(l.Text, 70), where, l.Line)
		shown++
	}
	if rep.Everything {
		if n := rep.Counts["learnings"] - sessionLearnings(rep); n > 0 {
			fmt.Fprintf(w, "  Consolidated Learnings (%s)\n", memview.Plural(n, "learning", "learnings"))
		}
		for _, s := range rep.Sections {
			fmt.Fprintf(w, "  hand-written section %q (line %d)\n", s.Title, s.Line)
		}
	}
	if total := len(rep.Sessions) + len(rep.Learnings); limit > 0 && total > shown {
		fmt.Fprintf(w, "  … and %d more (%s)\n", total-shown, seeAll)
	}
}

func finish(opts *Options, rep *Report) error {
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	out := opts.IO.Out
	switch {
	case rep.Reason != "":
		fmt.Fprintf(out, "Nothing to forget: %s (%s).\n", rep.Reason, rep.File)
	case rep.DryRun:
		fmt.Fprintf(out, "Dry run: nothing written. Forgetting would remove %s:\n", what(rep))
		if line := categoryLine(rep.ByCategory); line != "" && rep.Counts["learnings"] > 1 {
			fmt.Fprintf(out, "  by category: %s\n", line)
		}
		writeList(out, rep, opts.Limit, fmt.Sprintf("'learn forget --dry-run%s --limit 0' lists them all", strings.TrimRight(" "+describe(opts.selectors), " ")))
		if rep.Everything {
			fmt.Fprintf(out, "The file would be left empty (%s → 0 bytes).\n", learnings.HumanSize(rep.BytesBefore))
		} else {
			fmt.Fprintf(out, "Size: %s → %s.\n", learnings.HumanSize(rep.BytesBefore), learnings.HumanSize(rep.BytesAfter))
		}
	default:
		fmt.Fprintf(out, "Forgot %s.\n", what(rep))
		if rep.Everything {
			fmt.Fprintln(out, "The file is now empty.")
		} else {
			fmt.Fprintf(out, "Size: %s → %s.\n", learnings.HumanSize(rep.BytesBefore), learnings.HumanSize(rep.BytesAfter))
		}
		fmt.Fprintf(out, "Backup: %s (and %s). To get it back: learn undo\n", rep.Backup, rep.Ring)
		writeCopies(out, rep)
	}
	return nil
}

// byCategory counts ls by canonical category, the spec's five first in
// their order, then custom ones as they come.
func byCategory(ls []*learnings.Learning) []CategoryCount {
	out := []CategoryCount{}
	index := map[string]int{}
	for _, name := range learnings.Priority {
		index[name] = len(out)
		out = append(out, CategoryCount{Category: name})
	}
	for _, l := range ls {
		name, _ := learnings.NormalizeCategory(l.Category)
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, CategoryCount{Category: name})
		}
		out[i].Count++
	}
	return slices.DeleteFunc(out, func(c CategoryCount) bool { return c.Count == 0 })
}

func categoryLine(cs []CategoryCount) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s %d", c.Category, c.Count))
	}
	return strings.Join(parts, ", ")
}

func sessionRef(s *learnings.Session) SessionRef {
	return SessionRef{ID: s.ID, Stamp: s.Stamp, Focus: s.Focus, Line: s.Span.Line, Learnings: learningCount(s.Categories)}
}

func learningRef(l *learnings.Learning) LearningRef {
	r := LearningRef{ID: l.ID, Category: l.Category, Text: l.Text, Line: l.Span.Line}
	if l.Session != nil {
		r.Session = l.Session.ID
	}
	return r
}
