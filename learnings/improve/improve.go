// Package improve turns stored learnings into documentation suggestions, the
// spec's /learning-improve-docs: which docs the sessions read most, which
// learnings those docs already cover, and where each remaining learning
// belongs, most valuable first.
package improve

import (
	"cmp"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// Corpus is the project's documentation as the docs package loads it.
type Corpus interface {
	Covered(text string) (docs.Match, bool)
	Suggest(text string, seenDocs []string) docs.Suggestion
}

// profiledCorpus is a Corpus that also takes a learning already profiled
// (as *docs.Corpus does), so that each learning is profiled once.
type profiledCorpus interface {
	CoveredProfile(p similar.Profile) (docs.Match, bool)
	SuggestProfile(p similar.Profile, seenDocs []string) docs.Suggestion
}

// DocRank is one documentation file and how often sessions saw it.
type DocRank struct {
	Path string `json:"path"`
	// Seen counts sessions that listed the file, compacted ones included.
	Seen int `json:"seen"`
	// Refs are the references as written (anchors, lines) that map here.
	Refs []string `json:"refs"`
	// Learnings counts learnings from sessions that saw the file.
	Learnings int `json:"learnings"`
}

// Item is one learning with what the docs say about it.
type Item struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
	// Session is the learning's session ID; empty for Consolidated.
	Session string `json:"session,omitempty"`
	Stamp   string `json:"stamp,omitempty"`
	// Seen are the docs the session read when the learning was made.
	Seen       []string   `json:"docs_seen"`
	Covered    *Coverage  `json:"covered_by,omitempty"`
	Suggestion *Placement `json:"suggestion,omitempty"`
	Example    string     `json:"example,omitempty"`
	DocFreq    int        `json:"doc_frequency"`
	order      int
}

// Coverage is the doc passage that already says a learning.
type Coverage struct {
	Path    string  `json:"path"`
	Line    int     `json:"line"`
	Heading string  `json:"heading,omitempty"`
	Score   float64 `json:"score"`
	Excerpt string  `json:"excerpt,omitempty"`
}

// Placement is where in the docs a learning belongs (docs.Suggestion).
type Placement struct {
	Path string `json:"path"`
	// Heading is the section to extend, "" when a new one is advised.
	Heading string `json:"heading,omitempty"`
	// Line is the heading's line, 0 for a new section.
	Line int `json:"line,omitempty"`
	// InsertAfter is the line after which the example goes.
	InsertAfter int `json:"insert_after"`
	// NewSection titles the section to create when Heading is "".
	NewSection string `json:"new_section,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

// Report is the whole analysis.
type Report struct {
	Docs        []DocRank `json:"docs"`
	Covered     []Item    `json:"covered"`
	Suggestions []Item    `json:"suggestions"`
	// Learnings counts distinct learnings considered; Duplicates those
	// skipped as near duplicates of a newer one.
	Learnings  int `json:"learnings"`
	Duplicates int `json:"duplicates"`
}

// Analyse ranks the docs doc's sessions saw and sorts each distinct learning
// into covered or suggested. Learnings are taken newest first (sessions in
// file order, then Consolidated) and near duplicates keep the newest.
func Analyse(doc *learnings.Document, corpus Corpus) *Report {
	rep := &Report{Docs: RankDocs(doc)}
	freq := make(map[string]int, len(rep.Docs))
	for _, d := range rep.Docs {
		freq[d.Path] = d.Seen
	}
	linked := make(map[string]int)

	covered := func(text string, _ similar.Profile) (docs.Match, bool) { return corpus.Covered(text) }
	suggest := func(text string, _ similar.Profile, seen []string) docs.Suggestion {
		return corpus.Suggest(text, seen)
	}
	if pc, ok := corpus.(profiledCorpus); ok {
		covered = func(_ string, p similar.Profile) (docs.Match, bool) { return pc.CoveredProfile(p) }
		suggest = func(_ string, p similar.Profile, seen []string) docs.Suggestion { return pc.SuggestProfile(p, seen) }
	}
	type entry struct {
		l        *learnings.Learning
		category string
		s        *learnings.Session
	}
	var all []entry
	for _, s := range doc.Sessions {
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				all = append(all, entry{l, c.Name, s})
			}
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			for _, l := range c.Learnings {
				all = append(all, entry{l, c.Name, nil})
			}
		}
	}
	// Preparing each text is independent work, most of it on a large
	// memory: it runs on every CPU; what follows keeps the file's order.
	texts := similar.PrepareAll(len(all), func(i int) string { return all[i].l.Text })
	index := similar.NewSameIndex()
	seq := 0
	for n, e := range all {
		l, category, s := e.l, e.category, e.s
		t := texts[n]
		if _, dup := index.Find(t); dup {
			rep.Duplicates++
			continue
		}
		index.Add(seq, t)
		p := similar.NewProfile(l.Text)
		it := Item{ID: l.ID, Category: category, Text: secrets.Redact(l.Text), order: seq, Seen: []string{}}
		seq++
		if s != nil {
			it.Session, it.Stamp, it.Seen = s.ID, s.Stamp, append(it.Seen, s.Docs...)
			for _, p := range uniquePaths(s.Docs) {
				linked[p]++
			}
		}
		rep.Learnings++
		if m, ok := covered(l.Text, p); ok {
			it.Covered = &Coverage{Path: m.Path, Line: m.Line, Heading: m.Heading, Score: m.Score, Excerpt: m.Excerpt}
			rep.Covered = append(rep.Covered, it)
			continue
		}
		sg := suggest(l.Text, p, it.Seen)
		it.Suggestion = &Placement{Path: sg.Path, Heading: sg.Heading, Line: sg.Line,
			InsertAfter: sg.InsertAfter, NewSection: sg.NewSection, Reason: sg.Reason}
		it.Example = Example(it.Text)
		it.DocFreq = freq[DocPath(sg.Path)]
		for _, p := range uniquePaths(it.Seen) {
			it.DocFreq = max(it.DocFreq, freq[p])
		}
		rep.Suggestions = append(rep.Suggestions, it)
	}
	for i := range rep.Docs {
		rep.Docs[i].Learnings = linked[rep.Docs[i].Path]
	}
	slices.SortStableFunc(rep.Suggestions, byValue)
	// A Documentation Seen reference can hold a credential (a URL with a
	// token): the report is read by people and agents, so it shows them
	// redacted, as recall does.
	for i := range rep.Docs {
		rep.Docs[i].Path = secrets.Redact(rep.Docs[i].Path)
		for j, ref := range rep.Docs[i].Refs {
			rep.Docs[i].Refs[j] = secrets.Redact(ref)
		}
	}
	for _, items := range [][]Item{rep.Covered, rep.Suggestions} {
		for i := range items {
			for j, ref := range items[i].Seen {
				items[i].Seen[j] = secrets.Redact(ref)
			}
		}
	}
	return rep
}

// byValue puts the most valuable suggestion first: the spec's category
// priority, then how often sessions read the doc it belongs in, then newest.
func byValue(a, b Item) int {
	if c := cmp.Compare(learnings.CategoryRank(a.Category), learnings.CategoryRank(b.Category)); c != 0 {
		return c
	}
	if c := cmp.Compare(b.DocFreq, a.DocFreq); c != 0 {
		return c
	}
	return cmp.Compare(a.order, b.order)
}

// RankDocs counts, per documentation file, the sessions that saw it: each
// session's Documentation Seen plus the tally left by compact. Most seen
// first, then by path.
func RankDocs(doc *learnings.Document) []DocRank {
	byPath := make(map[string]*DocRank)
	var order []*DocRank
	bump := func(ref string, n int) {
		p := DocPath(ref)
		if p == "" || n <= 0 {
			return
		}
		d := byPath[p]
		if d == nil {
			d = &DocRank{Path: p, Refs: []string{}}
			byPath[p] = d
			order = append(order, d)
		}
		d.Seen += n
		if !slices.Contains(d.Refs, ref) {
			d.Refs = append(d.Refs, ref)
		}
	}
	for _, s := range doc.Sessions {
		seen := make(map[string]bool)
		for _, ref := range s.Docs {
			ref = cleanRef(ref)
			// A session that lists README.md and README.md#usage saw the
			// file once.
			if p := DocPath(ref); !seen[p] {
				seen[p] = true
				bump(ref, 1)
			} else if d := byPath[p]; d != nil && !slices.Contains(d.Refs, ref) {
				d.Refs = append(d.Refs, ref)
			}
		}
	}
	if doc.Consolidated != nil {
		for _, t := range doc.Consolidated.Tally {
			bump(cleanRef(t.Ref), t.Count)
		}
	}
	out := make([]DocRank, len(order))
	for i, d := range order {
		out[i] = *d
	}
	slices.SortStableFunc(out, func(a, b DocRank) int {
		if c := cmp.Compare(b.Seen, a.Seen); c != 0 {
			return c
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}

func cleanRef(ref string) string { return strings.TrimSpace(strings.Trim(strings.TrimSpace(ref), "`")) }

// DocPath reduces a Documentation Seen reference to the file it names:
// "docs/api.md#retries" and "lib/auth.ex:45" name docs/api.md and
// lib/auth.ex, and "docstrings in lib/auth.ex" names lib/auth.ex.
func DocPath(ref string) string {
	ref = cleanRef(ref)
	if fields := strings.Fields(ref); len(fields) > 1 {
		ref = strings.Trim(fields[len(fields)-1], "`()")
	}
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndexByte(ref, ':'); i > 0 && isDigits(ref[i+1:]) {
		ref = ref[:i]
	}
	return strings.TrimPrefix(ref, "./")
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

func uniquePaths(refs []string) []string {
	var out []string
	for _, r := range refs {
		if p := DocPath(r); p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// Example turns a learning into a Markdown bullet ready to paste into a doc:
// first letter capitalised, a full stop when the text ends without
// punctuation, continuation lines (code blocks) indented under the bullet.
func Example(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	first := []rune(lines[0])
	if len(first) > 0 && first[0] >= 'a' && first[0] <= 'z' {
		first[0] -= 'a' - 'A'
	}
	lines[0] = string(first)
	if last := lines[len(lines)-1]; len(lines) == 1 && !strings.ContainsAny(last[len(last)-1:], ".!?:`)") {
		lines[0] += "."
	}
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
			b.WriteString("- " + l)
		case strings.TrimSpace(l) == "":
			b.WriteString("")
		default:
			b.WriteString("  " + l)
		}
		if i < len(lines)-1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}
