package ops

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/similar"
)

// TopDocs is how many of the most often seen references the baseline lists.
const TopDocs = 10

// Verdicts for a candidate learning.
const (
	VerdictNew        = "NEW"
	VerdictDuplicate  = "DUPLICATE"
	VerdictUpdate     = "UPDATE"
	VerdictDocumented = "ALREADY DOCUMENTED"
)

// SummariseOptions says what Summarise checks.
type SummariseOptions struct {
	// Candidates are the candidate learnings as Markdown (stdin); nil asks
	// for the baseline instead.
	Candidates []byte
	// MaxChars is the baseline's budget (engine.DefaultMaxChars when 0).
	MaxChars int
	// Docs are more documentation files to check (--docs).
	Docs []string
}

// SummariseResult is the baseline, or the verdicts on the candidates: the
// JSON of learn summarise --json is the one that is set.
type SummariseResult struct {
	Baseline *BaselineResult
	Check    *CheckResult
}

// MarshalJSON writes the baseline or the check, whichever was asked for.
func (r SummariseResult) MarshalJSON() ([]byte, error) {
	if r.Check != nil {
		return json.Marshal(r.Check)
	}
	return json.Marshal(r.Baseline)
}

// DocCount is a documentation reference and how often sessions saw it.
type DocCount struct {
	Ref   string `json:"ref"`
	Count int    `json:"count"`
}

// BaselineResult is what the file and the project documentation already
// say, for an agent to check candidates against.
type BaselineResult struct {
	File       string     `json:"file"`
	FileReason string     `json:"file_reason"`
	Learnings  []Learning `json:"learnings"`
	// Total counts the live learnings, Stored every learning in the file.
	Total        int                    `json:"total"`
	Stored       int                    `json:"stored"`
	Omitted      []engine.CategoryCount `json:"omitted"`
	OmittedTotal int                    `json:"omitted_total"`
	Docs         []string               `json:"docs"`
	DocsTotal    int                    `json:"docs_total"`
	DocsSeen     []DocCount             `json:"docs_seen"`
	// AgentSession is what the agent session this runs in did (the
	// "This session" part); absent outside one or when it recorded nothing.
	AgentSession *SessionHints `json:"agent_session,omitempty"`
	// Text is the baseline's learnings as recall prints them.
	Text string `json:"-"`
}

// Verdict is what the stored learnings and the documentation say about
// one candidate.
type Verdict struct {
	Number   int     `json:"number"`
	Category string  `json:"category"`
	Text     string  `json:"text"`
	Verdict  string  `json:"verdict"`
	Score    float64 `json:"score,omitempty"`
	// DuplicateOf is the stored learning a DUPLICATE is the same as.
	DuplicateOf *Learning `json:"duplicate_of,omitempty"`
	// UpdateOf is the stored learning an UPDATE changes, and Changes what
	// changed.
	UpdateOf *Learning        `json:"update_of,omitempty"`
	Changes  []similar.Change `json:"changes,omitempty"`
	// DuplicateOfCandidate is the number of the earlier candidate a
	// DUPLICATE repeats.
	DuplicateOfCandidate int `json:"duplicate_of_candidate,omitempty"`
	// DocumentedIn is the passage that covers an ALREADY DOCUMENTED.
	DocumentedIn *DocPassage `json:"documented_in,omitempty"`
	// Secrets are the kinds of secret found: learn store would refuse it.
	Secrets []string `json:"secrets"`
	// Warnings say it looks ephemeral.
	Warnings []string `json:"warnings"`
}

// DocPassage is a passage of the project's documentation.
type DocPassage struct {
	Path string `json:"path"`
	// Line is the passage's first line, 1-based.
	Line int `json:"line"`
	// Heading is the enclosing heading trail, "Testing > Race detector".
	Heading string `json:"heading"`
	// Excerpt is the start of the passage on one line.
	Excerpt string  `json:"excerpt"`
	Score   float64 `json:"score"`
}

// CheckResult is the verdicts on the candidates.
type CheckResult struct {
	File           string      `json:"file"`
	FileReason     string      `json:"file_reason"`
	Candidates     int         `json:"candidates"`
	Compared       int         `json:"compared_learnings"`
	Sessions       int         `json:"sessions"`
	Consolidated   bool        `json:"consolidated"`
	DocsChecked    []string    `json:"docs_checked"`
	DocsTotal      int         `json:"docs_total"`
	Verdicts       []Verdict   `json:"verdicts"`
	Problems       []InputNote `json:"problems"`
	PrivateRemoved int         `json:"private_removed"`
}

// cleanCounts is counts with each category cleaned (Clean), never nil: a
// custom category's name is the file's text.
func cleanCounts(counts []engine.CategoryCount) []engine.CategoryCount {
	out := make([]engine.CategoryCount, len(counts))
	for i, c := range counts {
		out[i] = engine.CategoryCount{Category: Clean(c.Category), Count: c.Count}
	}
	return out
}

// Summarise is the dedup half of /learning-summarise; it never writes.
// Without candidates it gives the baseline: the stored learnings within
// the budget and the documentation learn knows of. With candidates it says
// for each whether it is NEW, a DUPLICATE, an UPDATE of a stored learning
// or ALREADY DOCUMENTED. Superseded learnings are never matched or listed.
// What the reader could not read, and --docs files not read, go to m.Warn.
func Summarise(m *Memory, opts SummariseOptions) (*SummariseResult, error) {
	src, _, err := m.source()
	if err != nil {
		return nil, fmt.Errorf("read learnings: %w", err)
	}
	// The file's IDs are worked out when the result names a stored
	// learning: the baseline, a DUPLICATE or an UPDATE, not candidates
	// that are all new.
	doc := learnings.ParseWithoutIDs(src)
	if m.Warn != nil {
		memview.WriteProblems(m.Warn, m.Display, doc.Problems)
	}
	m.warnDamage(doc)
	var extra []string
	for _, d := range input.SplitRefs(opts.Docs) {
		if d = strings.TrimSpace(d); d != "" {
			extra = append(extra, projectRelative(m.Root, d))
		}
	}
	paths, err := docs.Discover(m.Root, extra)
	if err != nil {
		return nil, fmt.Errorf("find documentation: %w", err)
	}
	if paths == nil {
		paths = []string{}
	}
	if m.Warn != nil {
		for _, w := range unreadDocs(m.Root, extra, paths) {
			fmt.Fprintf(m.Warn, "warning: %s\n", w)
		}
	}
	total := docs.Total(m.Root, paths)
	if opts.Candidates != nil {
		c, err := check(m, doc, opts.Candidates, paths, total)
		if err != nil {
			return nil, err
		}
		return &SummariseResult{Check: c}, nil
	}
	maxChars := opts.MaxChars
	if maxChars == 0 {
		maxChars = engine.DefaultMaxChars
	}
	if maxChars < engine.MinMaxChars {
		return nil, usageErrorf("--max-chars must be at least %d (got %d)", engine.MinMaxChars, maxChars)
	}
	doc.AssignIDs()
	sel := engine.Select(doc, engine.Options{MaxChars: maxChars})
	out := &BaselineResult{File: m.Display, FileReason: m.Reason, Learnings: []Learning{}, Total: sel.Total, Stored: sel.Stored,
		Omitted: cleanCounts(sel.Omitted), OmittedTotal: sel.OmittedTotal, Docs: paths, DocsTotal: total,
		DocsSeen: docsSeen(doc), AgentSession: newSessionHints(m.agentSession())}
	for _, it := range sel.Shown {
		l := NewLearning(it.Learning)
		l.Category = Clean(it.Category)
		out.Learnings = append(out.Learnings, l)
	}
	if sel.Stored > 0 {
		out.Text = sel.Text()
	}
	return &SummariseResult{Baseline: out}, nil
}

func check(m *Memory, doc *learnings.Document, src []byte, paths []string, total int) (*CheckResult, error) {
	if err := input.CheckPrivate("stdin", string(src)); err != nil {
		return nil, fmt.Errorf("%w; nothing was checked", err)
	}
	cands, problems, removed := input.Parse(src)
	if len(cands) == 0 {
		msg := "no candidate learnings on stdin"
		if len(problems) > 0 {
			msg += ":\n" + input.Problems("stdin", problems)
		}
		return nil, usageErrorf("%s\n\n%s", msg, input.FormatHelp)
	}
	out := &CheckResult{File: m.Display, FileReason: m.Reason, Candidates: len(cands), Sessions: len(doc.Sessions),
		Consolidated: doc.Consolidated != nil && len(doc.Consolidated.Categories) > 0, DocsChecked: paths, DocsTotal: total,
		Verdicts: []Verdict{}, Problems: []InputNote{}, PrivateRemoved: removed}
	for _, p := range problems {
		out.Problems = append(out.Problems, InputNote{Line: p.Line, Message: input.Mask(p.Message)})
	}
	stored := doc.Learnings()
	out.Compared = len(learnings.Live(stored))
	texts := make([]string, len(cands))
	for i, c := range cands {
		texts[i] = c.Text
	}
	known := input.AgainstStored(stored, texts)
	assignIDsIfNamed(doc, known)
	candIx := similar.NewSameIndex()
	var corpus *docs.Corpus
	for i, c := range cands {
		// The candidate is echoed as the file's text is shown (cleanInput).
		text := cleanInput(input.Mask(c.Text))
		v := Verdict{Number: i + 1, Category: cleanInput(c.Category), Text: text, Verdict: VerdictNew,
			Secrets: append([]string{}, input.Kinds(c.Text)...), Warnings: []string{}}
		for _, w := range input.Quality(c.Text) {
			v.Warnings = append(v.Warnings, w.Message)
		}
		t := similar.Prepare(c.Text)
		if k := known[i].Same; k != nil {
			of := NewLearning(k)
			v.Verdict, v.Score, v.DuplicateOf = VerdictDuplicate, input.RoundScore(known[i].Score), &of
		} else if j, ok := candIx.Find(t); ok {
			v.Verdict, v.Score, v.DuplicateOfCandidate = VerdictDuplicate, 1, j+1
		} else if u := known[i].Update; u != nil {
			candIx.Add(i, t)
			of := NewLearning(u)
			v.Verdict, v.Score, v.UpdateOf = VerdictUpdate, input.RoundScore(known[i].Score), &of
			v.Changes = similar.Diff(Clean(u.Content()), text)
		} else {
			candIx.Add(i, t)
			if corpus == nil {
				var err error
				if corpus, err = docs.Load(m.Root, paths); err != nil {
					return nil, fmt.Errorf("read documentation: %w", err)
				}
			}
			if match, ok := corpus.Covered(c.Text); ok {
				score := input.RoundScore(match.Score)
				v.Verdict, v.Score = VerdictDocumented, score
				v.DocumentedIn = &DocPassage{Path: Clean(match.Path), Line: match.Line, Heading: Clean(match.Heading), Excerpt: Clean(match.Excerpt), Score: score}
			}
		}
		out.Verdicts = append(out.Verdicts, v)
	}
	return out, nil
}

// projectRelative turns an absolute --docs path inside root into the
// relative one Discover reads; anything else is returned as given.
func projectRelative(root, ref string) string {
	if !filepath.IsAbs(ref) {
		return ref
	}
	rel, err := filepath.Rel(root, ref)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ref
	}
	return filepath.ToSlash(rel)
}

// unreadDocs says, for each --docs value that is not among the files read,
// why not: the user asked for it, so skipping it silently would hide that
// the check ran without it.
func unreadDocs(root string, extra, paths []string) []string {
	var out []string
	for _, ref := range extra {
		p := docs.RefPath(ref)
		switch {
		case p == "" && (filepath.IsAbs(ref) || strings.HasPrefix(filepath.ToSlash(filepath.Clean(ref)), "../")):
			out = append(out, fmt.Sprintf("--docs %s: outside the project, not read", ref))
		case p == "":
			out = append(out, fmt.Sprintf("--docs %s: not a file path, not read", ref))
		case slices.Contains(paths, p):
		default:
			fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
			switch {
			case err != nil:
				out = append(out, fmt.Sprintf("--docs %s: no such file in the project, not read", ref))
			case !fi.Mode().IsRegular():
				out = append(out, fmt.Sprintf("--docs %s: not a regular file, not read", ref))
			default:
				out = append(out, fmt.Sprintf("--docs %s: not read, over the limit of %d documentation files", ref, docs.MaxDocs))
			}
		}
	}
	return out
}

// docsSeen tallies the Documentation Seen references of every session and of
// compacted ones, most often seen first, at most TopDocs.
func docsSeen(doc *learnings.Document) []DocCount {
	counts := map[string]int{}
	if doc.Consolidated != nil {
		for _, d := range doc.Consolidated.Tally {
			counts[d.Ref] += d.Count
		}
	}
	for _, s := range doc.Sessions {
		for _, d := range s.Docs {
			counts[d]++
		}
	}
	out := make([]DocCount, 0, len(counts))
	for ref, n := range counts {
		out = append(out, DocCount{Clean(ref), n})
	}
	slices.SortFunc(out, func(a, b DocCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Ref, b.Ref))
	})
	if len(out) > TopDocs {
		out = out[:TopDocs]
	}
	return out
}
