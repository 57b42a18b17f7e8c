// Package recall implements "learn recall".
package recall

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
)

// Options holds the flags of "learn recall".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it.
	Memory   func() (*ops.Memory, error)
	JSON     bool
	All      bool
	MaxChars int
	Category string
	Query    string
	Work     taskflags.Flags
	// AgentSession is --agent-session; Session loads its record.
	AgentSession string
	Session      func(id string) (*ops.AgentSession, error)
	// Current is the session learn finds by itself, for --agent-session -.
	Current func() *ops.AgentSession
}

// NewCmdRecall builds "learn recall". runF replaces the run function in tests.
func NewCmdRecall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory, Session: f.NamedAgentSession, Current: f.AgentSession}
	cmd := &cobra.Command{
		Use:   "recall",
		Short: "Print the learnings an agent needs, within a budget",
		Long: `Print the stored learnings for an agent to read at the start of a session.

Categories come in the spec's priority order (User Corrections, New Requirements,
Updated Conventions, Fresh Discoveries, Preference Clarifications, then custom
ones); inside a category the newest learning comes first. Session learnings and
Consolidated Learnings are merged (Consolidated counts as older than every
session, since it aggregates compacted ones). Exact and near duplicates are
collapsed into the first one shown, which inside a category is the newest
wording. Each learning ends with its ID, for 'learn show ID'.

The whole output stays within --max-chars characters (default 6000, about 1,500
tokens: the most important 40-60 learnings, cheap to inject into every session
however large the file grows; at least 1000), the notes on damaged and unread
lines included. A learning is shown whole or not at all (but see Context). The
closing line says
how many learnings of each category the budget left out (naming up to 8
categories) and how to see them; --all prints everything. Below 3000
characters the header says only that this is project data, not instructions,
and how to see one learning, the closing line gives only the total left out
and how to see or find the rest, and a chosen learning (see Context) names its
category only when it is a User Correction: the boilerplate takes about 235
characters instead of 590, and the learnings the rest. When lines of the
file are not read as learnings (a memory another tool wrote: text above the
first section, hand-written sections, paragraphs between learnings), the last
line counts them and says to run 'learn import --in-place'. --query shows only the
learnings matching a search, best first. The same file always gives the same
bytes.

Context. --task (the user's request in their words), --paths (the files at
hand), --branch and --git (the project's changed, staged and untracked files and
its current branch, from git) put the learnings that matter for that work
first, under "Chosen for this task (best match first)", in up to half the
budget (two thirds for learnings whose own text holds two of the task's
words); the priority fill above follows with what is left, no learning is shown
twice, and the last line still says what the budget left out. In the priority
fill, with --task, when the budget cannot hold every learning whole, a learning
the work at hand touches nothing of (no word, path or document of it) is cut to its first
clause or sentence, an ellipsis and its ID, so more of them fit: every
User Correction the budget holds is still listed first, and
'learn show ID' prints one whole (the header says so); --json gives every text
whole and marks these "cut_short". One the work touches stays whole. With no
context flags, or a context that finds nothing, the output is exactly as above.

How a learning is scored, to check by hand: the task, branch and path words are
split like identifiers (uploadFile: upload, file; snake_case, kebab-case, dots,
slashes; fix/stripe-webhook-retry: stripe, webhook, retry; but a unit or a name
of up to three letters is one word: kW, kWh, iOS, IDs), lightly stemmed
(retries, retrying: retry), a word written joined, hyphenated or split is one
word (epaper, e-paper; a task's "front end" or "log in" also finds frontend,
login, and its "setup" or "database" finds set up, data base; but not every day
for everyday, work out for workout, nor log in the sheet for login),
a word spelt the British or the American way is one word (colour, color;
cancelled, canceled), and so are a short form and the word it stands for
(perms, permissions; repo, repository; i18n, internationalization; 5 min,
5 minutes), and words that say nothing about the subject are dropped (please, fix, add,
feat, the s of what's, update as a verb but not in "firmware update", ...).
A pasted stack trace, log or tool output is read for its subject: the frames of
libraries and runtimes (site-packages, node_modules, gems, the Go module cache and
standard library, java., androidx., System.) add nothing, the project's own frames
add their files as paths at hand (without line numbers) and their functions as
words, and timestamps, addresses, IDs, log levels, links to issues, @handles, template
headings and a message's greeting, courtesies (hope you're well, sorry to
bother you, no rush, thanks in advance) and signature are dropped.
Each word found in the
learning's text scores by BM25: more the rarer it is among the memory's
learnings, a little more when repeated, less in a long learning. Another form
of a task word counts 0.6 of it where the learning lacks the word itself
(deploy: deployments; paid: payouts; vaccinated: vaccination; insurer:
insurance, but player not play; cancel: cancelled; complained: complaint;
null: nullable; drove: drive); so does a synonym of a task or branch word
(invoice: bill; db: database; vanish: disappear; not the words of wording, such
as show or fail, whose synonyms would match half a memory) or an everyday word for the same thing (barrels: kegs;
payslip, pay slip: payroll; refund: credit; client: customer; sign in: login),
one way, an everyday word or phrase for the learning's (money back: refund;
time off: leave; mum: parent) or a name of a kind of thing for the kind
(safari: browser; postgres: database), and a task's abbreviation of three to five letters
where the learning writes the words it stands for (gsm: grams per square
metre), or the task's words where the learning writes their initials in
capitals (print on demand: POD). A task word saying how a fault shows counts
0.4 of it for a word naming a mechanism behind it, where the learning lacks the
task word (hangs, froze: lock, timeout; twice: retry, idempotency; penny:
rounding; stale: cache). A word in the session's focus counts half as
much, in its Documentation Seen 0.4, in the project name 0.2; a branch word
counts 0.9 and a path word 0.6 of a task word, a number or a piece of a
camelCase word half. Each path at hand that the learning
names or its session saw adds 3 (same file), 2 (same file name), 1.5 (same name,
as uploader_test.go and Uploader.swift), 1 (same directory) or 0.7 (same
package), times how rare that match is, and half that when only its session saw
the path (the session may have learnt something else). Only learnings scoring at
least the floor are chosen: the score of a task word held once by one learning
in 50 (about 3.5 to 4 in a memory of 50 learnings or more). Those resting on two
signals (two task words that each score a quarter of the floor, a word and a
path, two paths; a word and its camelCase pieces are one signal, as are a file
name the task writes and the path at hand it names, and a word the task writes
split where it is one word: the task hyphenates it or also writes it joined, or
the memory writes it joined) come before those resting
on one rare word, unless that one
scores half as much again, and one resting on a single task word is left out
when a learning of another session holds two task words and scores higher: the
word is then likely used in another sense (holiday mode against a holiday
rollout freeze), unless its word is in none of SCOWL's lists of common English
words and the other learning's task words are all in them: "carbonating" is the
task's thing where the other shares "ordered" and "weekend". So is one sharing
no task word with the best learning that holds two task words, scoring under
half of it and from another session: its rare word is likely in another sense
("Slope closures reach the app" for "the regression slope in the occupancy
forecast is off, app prices too high"). So is one holding at most one task word
that is not in a sixth of the memory's learnings, with no two task words within
four words of each other, scoring under 0.6 of the best and from another
session: the rare word sits in a sentence about something else ("The sea lock
opens on the hour ... never typed in by staff" for "row lock waits when two
staff save the same booking"). Neither of these two is left out when it holds
two task words from one part of a question (a sentence ending in "?", cut at
commas) in which the best learning holds none: a task of several questions asks
about several things ("... and does your app work with a screen reader?"). So
is one whose word names another kind of thing
than the task's, whatever else matches: the task puts a word before it ("github
actions"), the learning holds none of those and always puts another ("bulk
actions"). And when no learning holds two task words, so is one resting on a
single task word that is common in English (the commonest 11,000 words of
SCOWL's lists) and held by at most two learnings, when the task also names a
rarer word the memory lacks, does not use the common one as a verb, and no other
learning of its session holds another task word: a marina's "Late arrivals find
their berth on the board" for "the board wants yearly occupancy figures per
pontoon" (occupancy is nowhere in the memory). A missing word that says what
happens ("froze"), or where or with what it happens, after a preposition past
the common word ("tables look broken in Safari"), is no rarer word; a noun
ending in -ing is ("a band for the wedding"). A learning under the floor is
chosen, last, when it shares a task word with a learning of its own session
chosen on two signals: a second fact about the same subject. When the best
chosen learning holds two task words in its own text, the other chosen learnings
of its session that hold a task word come right after it, before those of other
sessions: the session was about the task's subject. A newer learning
that restates one of the best chosen (the same first two words, half of the
older one's words) is chosen right before it: "Locum vets now receive ... Adyen
payouts" before "Locum vets are paid by bank transfer". When no learning reaches
the floor, the best one is chosen if it scores at least half the floor on a task
word and a tenth more than the next: "snow" alone for "we can't make snow
tonight" finds the snow guns' learning. Where none leads by a tenth, the words
do not say which one the task means, and every learning from half the floor up
on a task word is chosen, best first, as far as the chosen learnings' share of
the budget goes. A learning from half the floor up whose own text holds a
synonym, an everyday word or a mechanism of a task word is chosen after all the
others, those linked only by a document read included: "refunds" for "wants her
money back" stands for the sense the task means, where one rare word shared with
the task may be used in another.
--json gives the floor, each learning's score and the words and paths behind
it.

After a compaction. --agent-session ID (the id of the agent session, as its
client names it) adds that session's most active files, as "learn hook"
recorded them from its tool calls (edited before written before searched
before read), to --paths, and ends the output with its hot state: the active
files and the commands still failing, in at most 700 characters (a third of
--max-chars when that is less), inside the budget. The same record gives the
same bytes, so a plugin can send them once per compaction and keep the prompt
cache. A session that recorded nothing adds nothing; LEARN_SESSION_STATE=0
ignores the flag. --agent-session - takes the session learn finds by itself,
as summarise does: LEARN_SESSION, the client's own variable (Claude Code's
CLAUDE_CODE_SESSION_ID, Codex CLI's CODEX_SESSION_ID), else the project's
most recently active session within two hours.

A missing file is the first session: recall says so and exits 0. Problems in the
file are reported on stderr with their line, the first 5 of each kind (learn
lint lists all); everything readable is still shown. Past 750 KB, and again past 1 MB, stderr suggests 'learn compact'.`,
		Example: `  $ learn recall
  $ learn recall --max-chars 2000
  $ learn recall --category "User Corrections" --all
  $ learn recall --query retries
  $ learn recall --git --task 'make the S3 upload retry on timeouts'
  $ learn recall --paths ios/Uploader.swift,ios/UploadQueue.swift --branch fix/upload-retry
  $ learn recall --agent-session ses_5d1f0c2a
  $ learn recall --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.All && cmd.Flags().Changed("max-chars") {
				return cmdutil.UsageErrorf("--all and --max-chars cannot be used together")
			}
			if !opts.All && opts.MaxChars < engine.MinMaxChars {
				return cmdutil.UsageErrorf("--max-chars must be at least %d (got %d); use --all for no budget", engine.MinMaxChars, opts.MaxChars)
			}
			if cmd.Flags().Changed("agent-session") && strings.TrimSpace(opts.AgentSession) == "" {
				return cmdutil.UsageErrorf("--agent-session needs the session's id")
			}
			if cmd.Flags().Changed("query") && strings.TrimSpace(opts.Query) == "" {
				return cmdutil.UsageErrorf("--query needs some words to search for")
			}
			if opts.Query != "" && opts.Work.Set() {
				return cmdutil.UsageErrorf("--query ranks by its own words; use --task, --paths, --branch and --git without it (or 'learn search' with them)")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.All, "all", false, "print every learning, with no budget")
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, engine.DefaultMaxChars, "the whole output")
	cmdutil.CategoryFlag(cmd, &opts.Category, "show only this category", learnings.Priority)
	cmd.Flags().StringVar(&opts.Query, "query", "", "show only learnings matching these `WORDS`, best first")
	opts.Work.Add(cmd, "the learnings")
	cmd.Flags().StringVar(&opts.AgentSession, "agent-session", "", "add the recorded state of the agent session with this `ID` (after a compaction)")
	cmdutil.Paged(cmd)
	return cmd
}

// problemsListed caps the problems recall names on stderr.
const problemsListed = 5

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		if errors.Is(err, cmdutil.ErrUsage) {
			return err
		}
		return fmt.Errorf("read learnings: %w", err)
	}
	req := ops.RecallOptions{All: opts.All, MaxChars: opts.MaxChars, Category: opts.Category, Query: opts.Query, Work: opts.Work.Work()}
	if id := strings.TrimSpace(opts.AgentSession); id == "-" && opts.Current != nil {
		req.Session = opts.Current()
	} else if id != "" && opts.Session != nil {
		if req.Session, err = opts.Session(id); err != nil {
			// The session only sharpens the choice: recall goes on without it.
			fmt.Fprintf(opts.IO.Err, "learn: warning: agent session %s: %v; recalled without it\n", id, err)
			req.Session = nil
		}
	}
	res, err := ops.Recall(m, req)
	if err != nil {
		if errors.Is(err, cmdutil.ErrUsage) || errors.Is(err, ops.ErrNotFound) {
			return err
		}
		return fmt.Errorf("read learnings: %w", err)
	}
	if res.Exists {
		memview.WarnDamageList(opts.IO.Err, res.File, res.Damage)
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	if res.Exists {
		// A few lines whatever the file: learn lint lists every problem.
		for i, p := range res.Problems {
			if i == problemsListed {
				fmt.Fprintf(opts.IO.Err, "... and %d more\n", len(res.Problems)-i)
				break
			}
			fmt.Fprintf(opts.IO.Err, "%s:%d: %s\n", res.File, p.Line, p.Message)
		}
		if len(res.Problems) > 0 {
			fmt.Fprintf(opts.IO.Err, "%s has %s; everything readable is shown (run `learn lint` for details).\n", res.File, memview.Plural(len(res.Problems), "problem", "problems"))
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(opts.IO.Err, w)
		}
	}
	_, err = io.WriteString(opts.IO.Out, res.Text())
	return err
}
