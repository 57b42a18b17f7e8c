// Package forget implements "learn forget".
package forget

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn forget".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)

	JSON   bool
	DryRun bool
	Yes    bool
	// PurgeBackups also removes the forgotten learnings from the backups.
	PurgeBackups bool
	Limit        int
	// Category is the --category flag, one of ForgetSelectors.Categories.
	Category string
	ops.ForgetSelectors

	// SessionState is --session-state: forget what learn recorded of agent
	// sessions (AgentSession one of them, AllProjects every project's)
	// instead of learnings.
	SessionState bool
	AgentSession string
	AllProjects  bool
	SessionStore func() (*sessionstate.Store, error)
	Root         func() (string, error)
}

// NewCmdForget builds "learn forget". runF replaces the run function in tests.
func NewCmdForget(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory, SessionStore: f.SessionStore, Root: f.ProjectRoot}
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

--session-state forgets what "learn hook" recorded of agent sessions instead
(the files they read and changed, the documents they opened, the commands that
failed), kept under the user's cache directory, never in the learnings file:
every session of this project, the one --agent-session ID names, or with
--all-projects every project's. The learnings file is not touched, so it needs
neither a backup nor a confirmation. A state also goes by itself a week after
its session's last tool call, and when opencode deletes the session.

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
  $ learn forget --match "make gen" --category "Fresh Discoveries"
  $ learn forget --session-state
  $ learn forget --session-state --agent-session ses_5d1f0c2a
  $ learn forget --session-state --all-projects --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmdutil.CheckLimit("limit", opts.Limit); err != nil {
				return err
			}
			if cmd.Flags().Changed("category") {
				opts.Categories = []string{opts.Category}
			}
			if !opts.SessionState && (opts.AgentSession != "" || opts.AllProjects) {
				return cmdutil.UsageErrorf("--agent-session and --all-projects go with --session-state")
			}
			if opts.SessionState {
				if len(opts.Sessions)+len(opts.Matches)+len(opts.Categories)+len(opts.IDs) > 0 || opts.PurgeBackups {
					return cmdutil.UsageErrorf("--session-state forgets agent sessions' recorded state, not learnings: use it without --session, --match, --category, --id and --purge-backups")
				}
				if opts.AgentSession != "" && opts.AllProjects {
					return cmdutil.UsageErrorf("--agent-session and --all-projects cannot be used together")
				}
			}
			if runF != nil {
				return runF(opts)
			}
			if opts.SessionState {
				return runState(opts)
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
	_ = cmd.RegisterFlagCompletionFunc("session", memview.CompleteSessions(f.MemoryFile))
	cmd.Flags().StringArrayVar(&opts.IDs, "id", nil, "forget the learning with this `ID` (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("match", cobra.NoFileCompletions)
	cmd.Flags().BoolVar(&opts.SessionState, "session-state", false, "forget what learn recorded of this project's agent sessions instead of learnings")
	cmd.Flags().StringVar(&opts.AgentSession, "agent-session", "", "with --session-state: only the agent session with this `ID`")
	cmd.Flags().BoolVar(&opts.AllProjects, "all-projects", false, "with --session-state: every project's agent sessions")
	return cmd
}

// runState forgets agent sessions' recorded state.
func runState(opts *Options) error {
	store, err := opts.SessionStore()
	if err != nil {
		return err
	}
	root, err := opts.Root()
	if err != nil {
		return err
	}
	res, err := ops.ForgetSessionState(store, root, ops.ForgetStateOptions{Session: opts.AgentSession, AllProjects: opts.AllProjects, DryRun: opts.DryRun})
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	what := "this project's agent sessions"
	switch res.Scope {
	case "session":
		what = "agent session " + res.Session
	case "all":
		what = "every project's agent sessions"
	}
	n := memview.Plural(res.Removed, "recorded session state", "recorded session states")
	switch {
	case res.DryRun:
		fmt.Fprintf(opts.IO.Out, "Dry run: nothing removed. Forgetting would remove %s of %s (under %s).\n", n, what, res.Dir)
	case res.Removed == 0:
		fmt.Fprintf(opts.IO.Out, "Nothing to forget: learn recorded nothing of %s.\n", what)
	default:
		fmt.Fprintf(opts.IO.Out, "Forgot %s of %s. The learnings file is unchanged.\n", n, what)
	}
	return nil
}

// DefaultLimit is how many sessions and learnings the --dry-run list shows:
// a screenful, and a prompt an agent can afford.
const DefaultLimit = 10

// run plans, asks, then forgets: Forget plans again under the lock, on the
// bytes as they are then, since another process may have stored a session
// while the question was asked.
func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	m.Warn = opts.IO.Err
	req := ops.ForgetOptions{ForgetSelectors: opts.ForgetSelectors, DryRun: true}
	res, err := ops.Forget(m, req)
	if err != nil {
		return err
	}
	if opts.DryRun || res.Reason != "" {
		res.DryRun = opts.DryRun
		return finish(opts, res)
	}
	if ok, err := confirm(opts, res); err != nil || !ok {
		return err
	}
	req.DryRun, req.PurgeBackups = false, opts.PurgeBackups
	if res, err = ops.Forget(m, req); err != nil {
		return err
	}
	if err := askPurge(opts, m, res); err != nil {
		return err
	}
	return finish(opts, res)
}

// askPurge asks at a terminal whether the learnings just forgotten one by
// one go from the backups that still hold them too, unless --purge-backups
// or --yes already answered.
func askPurge(opts *Options, m *ops.Memory, res *ops.ForgetResult) error {
	c := res.Copies
	if opts.PurgeBackups || c == nil || len(c.Backups) == 0 || !opts.IO.InTTY || opts.Yes || opts.JSON {
		return nil
	}
	n := len(res.Learnings)
	fmt.Fprintf(opts.IO.Err, "Also remove %s from the %s that hold %s? learn undo could then not bring %s back. [y/N] ",
		pick(n, "it", "them"), memview.Plural(len(c.Backups), "backup", "backups"), pick(n, "it", "them"), pick(n, "it", "them"))
	answer, err := bufio.NewReader(opts.IO.In).ReadString('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("read answer: %w", err)
	}
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return nil
	}
	return ops.PurgeForgotten(m, res)
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeCopies says plainly where copies of what was forgotten remain.
func writeCopies(w io.Writer, rep *ops.ForgetResult) {
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

// confirm asks at a terminal and refuses without one, unless --yes. A "no"
// is the user's choice, not a failure: ok is false and err nil (exit 0).
func confirm(opts *Options, rep *ops.ForgetResult) (ok bool, err error) {
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
func what(rep *ops.ForgetResult) string {
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
		parts = append(parts, fmt.Sprintf("%s (%s)", memview.Plural(c["sessions"], "session", "sessions"), memview.Plural(rep.SessionLearnings(), "learning", "learnings")))
	}
	if single := c["learnings"] - rep.SessionLearnings(); single > 0 {
		parts = append(parts, memview.Plural(single, "learning", "learnings"))
	}
	return fmt.Sprintf("%s from %s", strings.Join(parts, " and "), rep.File)
}

func writeList(w io.Writer, rep *ops.ForgetResult, limit int, seeAll string) {
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
		if l.Session != nil {
			where = "session " + l.Session.ID
		}
		fmt.Fprintf(w, "  learning %s  %s: %s (%s, line %d)\n", l.ID, l.Category, memview.FirstLine(l.Text, 70), where, l.Line)
		shown++
	}
	if rep.Everything {
		if n := rep.Counts["learnings"] - rep.SessionLearnings(); n > 0 {
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

func finish(opts *Options, rep *ops.ForgetResult) error {
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
		writeList(out, rep, opts.Limit, fmt.Sprintf("'learn forget --dry-run%s --limit 0' lists them all", strings.TrimRight(" "+ops.DescribeForget(opts.ForgetSelectors), " ")))
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
		fmt.Fprintf(out, "Backup: %s (and %s). To get it back: learn undo\n", rep.Backup.File, rep.Backup.Ring)
		writeCopies(out, rep)
	}
	return nil
}

func categoryLine(cs []ops.ForgottenCount) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s %d", c.Category, c.Count))
	}
	return strings.Join(parts, ", ")
}
