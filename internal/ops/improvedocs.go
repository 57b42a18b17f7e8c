package ops

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/learn-memory/learn/internal/udiff"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	"github.com/learn-memory/learn/learnings/improve"
)

// ImproveDocsOptions asks ImproveDocs for its suggestions.
type ImproveDocsOptions struct {
	// Limit keeps the most valuable suggestions (0: all of them).
	Limit int
	// Docs are more docs to check, beside those the project has and the
	// sessions saw.
	Docs []string
	// Diff asks for the suggestions as a unified diff over the docs.
	Diff bool
	// Busy, when set, is told the long part starts and returns the
	// function that says it ended (a front end's progress line).
	Busy func(what string) (done func())
}

// ImproveDocsResult is what the docs already say and what they could add,
// and its JSON shape.
type ImproveDocsResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	Exists     bool   `json:"-"`
	// Docs are the docs the sessions read, most seen first.
	Docs []improve.DocRank `json:"docs"`
	// Covered are the learnings the docs already say; Suggestions those
	// they could add, most valuable first.
	Covered     []DocItem `json:"covered"`
	Suggestions []DocItem `json:"suggestions"`
	// Learnings counts the live, distinct learnings considered;
	// Duplicates those skipped as near duplicates of a newer one.
	Learnings  int `json:"learnings"`
	Duplicates int `json:"duplicates"`
	// MoreSuggestions counts the suggestions Limit left out.
	MoreSuggestions int      `json:"more_suggestions"`
	DocsChecked     []string `json:"docs_checked"`
	Diff            string   `json:"diff,omitempty"`
	// Damage and Problems are what the reader found in the file.
	Damage   []learnings.Damage `json:"-"`
	Problems []Problem          `json:"-"`
}

// DocItem is a learning with what the docs say about it.
type DocItem struct {
	Learning
	// DocsSeen are the docs its session read when it was learnt.
	DocsSeen []string `json:"docs_seen"`
	// DocFrequency is how often the sessions saw those docs.
	DocFrequency int               `json:"doc_frequency"`
	CoveredBy    *improve.Coverage `json:"covered_by,omitempty"`
	// Suggestion is where it belongs in the docs, Example the text to add.
	Suggestion *improve.Placement `json:"suggestion,omitempty"`
	Example    string             `json:"example,omitempty"`
}

// ImproveDocs ranks the docs the sessions read, says which learnings the
// docs already cover and where each other one belongs, with example text.
// Superseded learnings are neither suggested nor counted: their text is an
// old, wrong fact. It never edits a doc.
func ImproveDocs(m *Memory, opts ImproveDocsOptions) (*ImproveDocsResult, error) {
	// It never asks which lines were left unread: the file is read
	// without the scan's log of every line (readUnlogged).
	snap, err := m.readUnlogged()
	if err != nil {
		return nil, fmt.Errorf("read learnings: %w", err)
	}
	doc := snap.Doc
	out := &ImproveDocsResult{File: m.Display, FileReason: m.Reason, Exists: snap.Exists, Damage: doc.Damage,
		Covered: []DocItem{}, Suggestions: []DocItem{}, DocsChecked: []string{}}
	for _, p := range doc.Problems {
		out.Problems = append(out.Problems, Problem{Line: p.Line, Message: p.Message})
	}
	// The docs sessions saw are checked too, docstring files included.
	// AnalyseTop leaves the superseded learnings out.
	extra := slices.Clone(opts.Docs)
	seen := improve.RankDocs(doc)
	for _, d := range seen {
		extra = append(extra, d.Path)
	}
	paths, err := docs.Discover(m.Root, extra)
	if err != nil {
		return nil, fmt.Errorf("find docs: %w", err)
	}
	corpus, err := docs.Load(m.Root, paths)
	if err != nil {
		return nil, fmt.Errorf("load docs: %w", err)
	}
	done := func() {}
	if opts.Busy != nil {
		done = opts.Busy(fmt.Sprintf("matching %s against %s", plural(liveLearnings(doc), "learning", "learnings"), plural(len(paths), "doc", "docs")))
	}
	rep := improve.AnalyseTop(doc, seen, corpus, opts.Limit)
	done()
	out.Docs, out.Learnings, out.Duplicates, out.MoreSuggestions = rep.Docs, rep.Learnings, rep.Duplicates, rep.Omitted
	for i, d := range out.Docs {
		// The references are the file's text (Documentation Seen).
		out.Docs[i].Path, out.Docs[i].Refs = Clean(d.Path), cleanAll(d.Refs)
	}
	if paths != nil {
		out.DocsChecked = paths
	}
	// Only the items reported need their learning's session: a map of
	// those, filled in one pass, rather than of every learning of the file
	// (tens of thousands on a 10 MB memory, for a report of twenty).
	byID := make(map[string]*learnings.Learning, len(rep.Covered)+len(rep.Suggestions))
	for _, items := range [][]improve.Item{rep.Covered, rep.Suggestions} {
		for _, it := range items {
			byID[it.ID] = nil
		}
	}
	for _, l := range doc.Learnings() {
		if found, wanted := byID[l.ID]; wanted && found == nil {
			byID[l.ID] = l
		}
	}
	for _, it := range rep.Covered {
		out.Covered = append(out.Covered, docItem(it, byID))
	}
	for _, it := range rep.Suggestions {
		out.Suggestions = append(out.Suggestions, docItem(it, byID))
	}
	if opts.Diff {
		if out.Diff, err = improveDiff(m.Root, rep.Suggestions); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func docItem(it improve.Item, byID map[string]*learnings.Learning) DocItem {
	d := DocItem{Learning: Learning{ID: it.ID, Category: Clean(it.Category), Text: Clean(it.Text)}, DocsSeen: it.Seen, DocFrequency: it.DocFreq,
		Example: Clean(it.Example)}
	// The passage and the place are the docs' text, copied so that the
	// diff still reads the paths as they are.
	if c := it.Covered; c != nil {
		d.CoveredBy = &improve.Coverage{Path: Clean(c.Path), Line: c.Line, Heading: Clean(c.Heading), Score: c.Score, Excerpt: Clean(c.Excerpt)}
	}
	if p := it.Suggestion; p != nil {
		clean := *p
		clean.Path, clean.Heading, clean.NewSection, clean.Reason = Clean(p.Path), Clean(p.Heading), Clean(p.NewSection), Clean(p.Reason)
		d.Suggestion = &clean
	}
	if l := byID[it.ID]; l != nil && l.Session != nil {
		ref := NewSessionRef(l.Session)
		d.Session = &ref
	}
	d.DocsSeen = cleanAll(d.DocsSeen)
	return d
}

// improveDiff renders the suggestions as one unified diff over the doc
// files, in the order the files first appear among the suggestions.
func improveDiff(root string, items []improve.Item) (string, error) {
	byFile := make(map[string][]improve.Addition)
	var files []string
	for _, it := range items {
		sg := *it.Suggestion
		sg.Path = filepath.ToSlash(filepath.Clean(orDefault(sg.Path, "AGENTS.md")))
		if filepath.IsAbs(sg.Path) || strings.HasPrefix(sg.Path, "../") {
			return "", fmt.Errorf("suggested doc %s is outside the project %s", sg.Path, root)
		}
		if !slices.Contains(files, sg.Path) {
			files = append(files, sg.Path)
		}
		byFile[sg.Path] = append(byFile[sg.Path], improve.Addition{Suggestion: sg, Text: Clean(it.Example)})
	}
	var b strings.Builder
	for _, f := range files {
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		exists := err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("read %s: %w", f, err)
		}
		if !exists {
			old = nil
		}
		b.Write(udiff.Files(f, old, exists, improve.Insert(f, old, byFile[f]), true))
	}
	return b.String(), nil
}

func orDefault(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}
