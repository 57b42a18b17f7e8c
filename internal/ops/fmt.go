package ops

import (
	"errors"
	"fmt"

	"github.com/learn-memory/learn/internal/udiff"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/reformat"
)

// FmtOptions says whether Fmt writes.
type FmtOptions struct {
	// DryRun checks the file as it is and writes nothing (learn fmt
	// --check, --dry-run).
	DryRun bool
	// Diff fills FmtResult.Diff on a dry run.
	Diff bool
}

// FmtResult is what Fmt found and did: the JSON of learn fmt --json.
type FmtResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	Exists     bool   `json:"exists"`
	// Formatted: the file is in canonical form already.
	Formatted bool `json:"formatted"`
	Written   bool `json:"written"`
	// Sorted: the sessions were (or would be) put newest first.
	Sorted bool `json:"sorted"`
	// KeptAsWritten are the lines of sections kept as written.
	KeptAsWritten []int   `json:"kept_as_written"`
	Backup        *Backup `json:"backup,omitempty"`
	// Diff is the change as a unified diff, with FmtOptions.Diff.
	Diff      string `json:"diff,omitempty"`
	Sessions  int    `json:"sessions"`
	Learnings int    `json:"learnings"`
}

// Fmt rewrites the file in the canonical form learn store writes, after a
// backup, or says whether it is in it (DryRun). A file the rewrite would
// change the meaning of, or with a block left open, is ErrConflict and
// nothing is written. A missing file is not an error: Exists is false.
func Fmt(m *Memory, opts FmtOptions) (*FmtResult, error) {
	res := &FmtResult{File: m.Display, FileReason: m.Reason, KeptAsWritten: []int{}}
	if opts.DryRun {
		snap, err := m.Load()
		if err != nil {
			return nil, err
		}
		res.Exists = snap.Exists
		m.warnDamage(snap.Doc)
		if !snap.Exists {
			return res, nil
		}
		out, err := formatDoc(m, res, snap.Doc)
		if err != nil {
			return nil, err
		}
		if opts.Diff && !res.Formatted {
			res.Diff = string(udiff.Unified("a/"+m.Display, "b/"+m.Display, snap.Src, out))
		}
		return res, nil
	}
	backup, err := m.write(func(current []byte, exists bool) ([]byte, bool, error) {
		res.Exists = exists
		res.KeptAsWritten = res.KeptAsWritten[:0]
		if !exists {
			return current, false, nil
		}
		doc := learnings.Parse(current)
		m.warnDamage(doc)
		out, err := formatDoc(m, res, doc)
		if err != nil || res.Formatted {
			return current, false, err
		}
		return out, true, nil
	})
	if err != nil {
		return nil, err
	}
	res.Backup = backup
	res.Written = backup != nil
	return res, nil
}

// formatDoc formats doc, filling res, and returns the canonical bytes.
func formatDoc(m *Memory, res *FmtResult, doc *learnings.Document) ([]byte, error) {
	out, err := reformat.Format(doc)
	if err != nil {
		return nil, fmtRefusal(m.Display, err)
	}
	res.Formatted = !out.Changed
	res.Sorted = out.Sorted
	res.KeptAsWritten = append(res.KeptAsWritten, out.KeptAsWritten...)
	res.Sessions = len(doc.Sessions)
	res.Learnings = len(doc.Learnings())
	return out.Output, nil
}

// fmtRefusal explains why fmt will not write.
func fmtRefusal(display string, err error) error {
	switch {
	case errors.Is(err, learnings.ErrUnclosed):
		return mark(fmt.Errorf("fmt refuses %s: %w; close it (learn lint shows where) and run learn fmt again", display, err), ErrConflict)
	case errors.Is(err, reformat.ErrWouldLose):
		return mark(fmt.Errorf("fmt refuses %s and writes nothing: %w", display, err), ErrConflict)
	}
	return fmt.Errorf("fmt %s: %w", display, err)
}
