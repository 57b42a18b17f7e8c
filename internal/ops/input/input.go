// Package input reads learnings the way an agent writes them and checks them
// before anything is stored or compared: private spans removed, secrets
// found and masked, session fields validated. ops.Store and ops.Summarise
// share it so both judge a candidate the same way.
package input

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/internal/ops/opserr"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/quality"
	"github.com/learn-memory/learn/learnings/secrets"
)

// FormatHelp explains the input format in usage errors.
const FormatHelp = `Give learnings as Markdown on stdin, a category label followed by a list:

  **User Corrections:**
  - Backoff must cap at 30 s; the gateway drops idle connections at 60 s.

  ### Fresh Discoveries
  - client.Do retries only idempotent methods; POST needs an Idempotency-Key.

Categories: User Corrections, New Requirements, Updated Conventions,
Fresh Discoveries, Preference Clarifications (custom names are kept too).`

// Limits for --docs references and --focus: a reference is a path or
// anchor, a focus a short title; anything longer is content, which the
// memory file must not hold.
const (
	MaxRefChars   = 160
	MaxRefWords   = 8
	MaxFocusChars = 200
)

// Input is one store's worth of learnings and session fields.
type Input struct {
	// Source is the Markdown read from stdin; nil when the learnings came
	// from flags.
	Source    []byte
	Focus     string
	Project   string
	Docs      []string
	Learnings []learnings.NewLearning
	// PrivateRemoved counts the <private> spans taken out.
	PrivateRemoved int
	// PrivateOnly counts the learnings that were nothing but private
	// spans; they are dropped, as the user asked, not refused as empty.
	PrivateOnly int
	// Notes says which category labels were corrected to the spec's names.
	Notes []learnings.Problem
}

// Prepare removes private spans from everything, parses Source and checks
// the session fields. Its errors are usage errors (exit 2), but for an
// unclosed <private>, which is refused (exit 3).
func (in *Input) Prepare() error {
	if err := in.checkPrivate(); err != nil {
		return err
	}
	in.Focus = in.strip(in.Focus)
	in.Project = in.strip(in.Project)
	if in.Source != nil {
		ls, problems, notes, removed, dropped := parse(in.Source)
		in.Notes = notes
		in.PrivateRemoved += removed
		in.PrivateOnly += dropped
		if len(problems) > 0 {
			return usageErrorf("stdin is not in the expected format:\n%s\n\n%s", Problems("stdin", problems), FormatHelp)
		}
		in.Learnings = ls
	} else {
		kept := in.Learnings[:0]
		for i, l := range in.Learnings {
			text, n := secrets.StripPrivate(l.Text)
			in.PrivateRemoved += n
			l.Text = strings.TrimSpace(text)
			switch {
			case l.Text == "" && n > 0:
				in.PrivateOnly++
				continue
			case l.Text == "":
				return usageErrorf("learning %d (%s) is empty", i+1, l.Category)
			}
			kept = append(kept, l)
		}
		in.Learnings = kept
	}
	if len(in.Learnings) == 0 && in.PrivateOnly > 0 {
		return usageErrorf("no learnings to store: all %d were entirely <private>", in.PrivateOnly)
	}
	if len(in.Learnings) == 0 {
		return usageErrorf("no learnings to store\n\n%s", FormatHelp)
	}
	if err := in.checkFocus(); err != nil {
		return err
	}
	if strings.ContainsAny(in.Project, "\r\n") {
		return usageErrorf("--project must be one line")
	}
	refs, err := References(in.Docs, in.strip)
	if err != nil {
		return err
	}
	in.Docs = refs
	return nil
}

// checkPrivate refuses an input with a <private> that is never closed:
// stripping it would drop everything after it without a word.
func (in *Input) checkPrivate() error {
	type field struct{ name, text string }
	var fields []field
	if in.Source != nil {
		fields = append(fields, field{"stdin", string(in.Source)})
	}
	for i, l := range in.Learnings {
		fields = append(fields, field{fmt.Sprintf("learning %d (%s)", i+1, l.Category), l.Text})
	}
	fields = append(fields, field{"--focus", in.Focus}, field{"--project-name", in.Project}, field{"--docs", strings.Join(in.Docs, ",")})
	for _, f := range fields {
		if err := CheckPrivate(f.name, f.text); err != nil {
			return fmt.Errorf("%w; nothing was written", err)
		}
	}
	return nil
}

// CheckPrivate refuses (exit 3) a text holding a <private> that is never
// closed, naming where: name, and the line when the text has several. It
// quotes nothing of the text, which may be the private part.
func CheckPrivate(name, text string) error {
	at := secrets.UnclosedPrivate(text)
	if at < 0 {
		return nil
	}
	where := name
	if strings.Contains(text, "\n") {
		where = fmt.Sprintf("%s:%d", name, strings.Count(text[:at], "\n")+1)
	}
	return opserr.Mark(fmt.Errorf("%s: <private> is never closed, so everything after it would be dropped; "+
		"close it with </private>, even inside backticks", where), opserr.Refused)
}

func (in *Input) strip(s string) string {
	out, n := secrets.StripPrivate(s)
	in.PrivateRemoved += n
	return strings.TrimSpace(out)
}

func (in *Input) checkFocus() error {
	switch {
	case in.Focus == "":
		return usageErrorf("--focus is empty once private spans are removed")
	case strings.ContainsAny(in.Focus, "\r\n"):
		return usageErrorf("--focus must be one line, a short title of the session")
	case utf8.RuneCountInString(in.Focus) > MaxFocusChars:
		return usageErrorf("--focus is %d characters; keep it a short title (at most %d)", utf8.RuneCountInString(in.Focus), MaxFocusChars)
	}
	// The header holds the title with single spaces; the report says it
	// as stored.
	in.Focus = strings.Join(strings.Fields(in.Focus), " ")
	return nil
}

// Parse strips private spans from src, then reads its learnings. A list
// item that was nothing but private spans is dropped, not reported empty.
func Parse(src []byte) ([]learnings.NewLearning, []learnings.Problem, int) {
	ls, problems, _, removed, _ := parse(src)
	return ls, problems, removed
}

// privateMark stands in for a private span that opens a list item, so that
// an item holding nothing else still reads as an item and can be dropped
// quietly after parsing. It is a private-use character, removed from every
// learning's text.
const privateMark = "\uE000"

// privateItemStart compiles on first use, by store and summarise: compiled
// at start-up it cost every run of learn 11 KB (GODEBUG=inittrace=1), about
// 0.15 ms.
var privateItemStart = lazyregexp.New(`(?im)^([ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)(<private\b)`)

// parse is Parse that also counts the learnings dropped as entirely private.
func parse(src []byte) (ls []learnings.NewLearning, problems, notes []learnings.Problem, removed, dropped int) {
	marked := privateItemStart().ReplaceAllString(string(src), "${1}"+privateMark+"${2}")
	text, removed := secrets.StripPrivate(marked)
	all, problems, notes := learnings.ParseInputNotes([]byte(text))
	for _, l := range all {
		if strings.Contains(l.Text, privateMark) {
			l.Text = strings.TrimSpace(strings.ReplaceAll(l.Text, privateMark, ""))
			if l.Text == "" {
				dropped++
				continue
			}
		}
		ls = append(ls, l)
	}
	return ls, problems, notes, removed, dropped
}

// Problems formats input problems one per line as "name:LINE: message",
// masking any secret a message quotes.
func Problems(name string, ps []learnings.Problem) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = fmt.Sprintf("%s:%d: %s", name, p.Line, Mask(p.Message))
	}
	return strings.Join(lines, "\n")
}

// References splits --docs values on commas, cleans them (backticks and
// blanks dropped, repeats merged) and refuses anything that reads like
// content instead of a reference.
func References(raw []string, clean func(string) string) ([]string, error) {
	var refs []string
	for _, r := range SplitRefs(raw) {
		if strings.ContainsAny(r, "\r\n") {
			return nil, usageErrorf("--docs takes references such as docs/api.md#retries, not content: %q has a line break", Preview(r))
		}
		r = strings.Trim(clean(r), "` \t")
		switch {
		case r == "":
			continue
		case utf8.RuneCountInString(r) > MaxRefChars, len(strings.Fields(r)) > MaxRefWords:
			return nil, usageErrorf("--docs takes references such as docs/api.md#retries or lib/auth.ex:45, not content: %q is too long", Preview(r))
		}
		if !slices.Contains(refs, r) {
			refs = append(refs, r)
		}
	}
	return refs, nil
}

// Quality is the ephemeral-content advice for one learning.
func Quality(text string) []quality.Warning { return quality.Check(text) }

// SplitRefs splits comma-separated --docs values into single references.
func SplitRefs(raw []string) []string {
	var out []string
	for _, r := range raw {
		out = append(out, strings.Split(r, ",")...)
	}
	return out
}

// Where names the place of a stored learning from its session stamp, empty
// for Consolidated Learnings.
func Where(stamp string) string {
	if stamp == "" {
		return "Consolidated Learnings"
	}
	return "session " + stamp
}

// usageErrorf is a usage error (exit 2 in the CLI, 400 on the page).
func usageErrorf(format string, a ...any) error {
	return opserr.Mark(fmt.Errorf(format, a...), opserr.Usage)
}
