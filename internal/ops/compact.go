package ops

import (
	"fmt"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/udiff"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/compact"
)

// CompactOptions says how Compact folds the sessions.
type CompactOptions struct {
	// DryRun plans on the file as it is, writes nothing and fills Diff.
	DryRun bool
	// Keep leaves the newest Keep sessions in place.
	Keep int
}

// CompactResult is what Compact did, or would do on a dry run: the JSON of
// learn compact --json, of the page's compact and of GET /api/compact.
type CompactResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	DryRun     bool   `json:"dry_run"`
	Compacted  bool   `json:"compacted"`
	// Reason says why there was nothing to compact.
	Reason      string `json:"reason,omitempty"`
	BytesBefore int    `json:"bytes_before"`
	BytesAfter  int    `json:"bytes_after"`
	engine.Stats
	// Sections are the hand-written sections, kept as they are.
	Sections []string `json:"sections_kept"`
	Backup   *Backup  `json:"backup,omitempty"`
	// Diff is the change as a unified diff, on a dry run, secrets
	// redacted as recall redacts them (compacting keeps the bytes).
	Diff string `json:"diff,omitempty"`
	// Warnings say how much text the folded sessions held that is not
	// read as learnings: it is kept as written under "## Kept by compact".
	Warnings []string `json:"warnings,omitempty"`
	// UnreadKept counts those lines.
	UnreadKept int `json:"unread_kept,omitempty"`
	// Advice says what would bring a file still over its size limit under.
	Advice string `json:"advice,omitempty"`
	// Limit is the size limit Advice measures against.
	Limit int `json:"-"`
}

// Compact folds every session (but the newest opts.Keep) into Consolidated
// Learnings after a backup: learn compact and the page's compact. A missing
// file or one with nothing to fold is not an error: Reason says why
// nothing changed. A file with a block left open or damage the fold would
// rewrite is ErrConflict, and so is a result that would lose a learning.
func Compact(m *Memory, opts CompactOptions) (*CompactResult, error) {
	if opts.Keep < 0 {
		return nil, usageErrorf("--keep must be 0 or more (got %d)", opts.Keep)
	}
	res := &CompactResult{File: m.Display, FileReason: m.Reason, DryRun: opts.DryRun, Sections: []string{}, Limit: m.limit()}
	if m.missing() {
		res.Reason = "no learnings file yet"
		return res, nil
	}
	if opts.DryRun {
		// planCompact parses the bytes: a snapshot would parse them twice.
		src, exists, err := m.source()
		if err != nil {
			return nil, fmt.Errorf("read learnings: %w", err)
		}
		if !exists {
			res.Reason = "no learnings file yet"
			return res, nil
		}
		next, err := planCompact(m, opts, res, src, true)
		if err != nil {
			return nil, err
		}
		if res.Compacted {
			res.Diff = Clean(string(udiff.Files(m.DiffName, src, true, next, true)))
		}
		return res, nil
	}
	warn := true
	backup, err := m.write(func(current []byte, exists bool) ([]byte, bool, error) {
		res.Reason = ""
		if !exists {
			res.Reason = "no learnings file yet"
			return current, false, nil
		}
		next, err := planCompact(m, opts, res, current, warn)
		warn = false
		if err != nil || !res.Compacted {
			return current, false, err
		}
		return next, true, nil
	})
	if err != nil {
		return nil, err
	}
	res.Backup = backup
	return res, nil
}

// limit is the file's size limit, the spec's when none was set.
func (m *Memory) limit() int {
	if m.Limit > 0 {
		return m.Limit
	}
	return learnings.SizeLimit
}

// planCompact plans and applies the compaction of src, filling res. It
// leaves res.Compacted false when there is nothing to fold.
func planCompact(m *Memory, opts CompactOptions, res *CompactResult, src []byte, warn bool) ([]byte, error) {
	// Nothing compact reports or writes names a learning by its ID; the
	// plan asks Unread of the file.
	doc := learnings.ParseForUnread(src)
	res.BytesBefore, res.BytesAfter = len(src), len(src)
	res.Sections = res.Sections[:0]
	for _, s := range doc.Sections {
		res.Sections = append(res.Sections, s.Title)
	}
	if warn {
		m.warnDamage(doc)
	}
	if err := doc.Writable(); err != nil {
		return nil, mark(fmt.Errorf("cannot compact %s: %w", res.File, err), ErrConflict)
	}
	plan := engine.NewPlan(doc, engine.Options{Keep: opts.Keep})
	res.Stats = plan.Stats
	res.Advice = ""
	if len(src) > res.Limit {
		res.Advice = learnings.SizeAdvice(doc, res.Limit)
	}
	if len(plan.Folded) == 0 {
		res.Reason = "no sessions to fold"
		if len(doc.Sessions) > 0 {
			res.Reason = fmt.Sprintf("only %s, all kept by --keep %d", memview.Plural(len(doc.Sessions), "session", "sessions"), opts.Keep)
		}
		return src, nil
	}
	res.UnreadKept = plan.UnreadFolded()
	res.Warnings = nil
	if res.UnreadKept > 0 {
		res.Warnings = []string{fmt.Sprintf("%s the folded sessions held that %s not read as learnings %s kept as written under \"## %s\"",
			memview.Plural(res.UnreadKept, "line", "lines"), isAre(res.UnreadKept), isAre(res.UnreadKept), engine.KeptTitle)}
	}
	out, err := plan.Apply(doc)
	if err != nil {
		return nil, mark(fmt.Errorf("compact %s: %w", res.File, err), ErrConflict)
	}
	res.Compacted = true
	res.BytesAfter = len(out)
	res.Advice = ""
	if len(out) > res.Limit {
		res.Advice = learnings.SizeAdviceFor(len(out), plan.SessionsAfter(), res.Limit)
	}
	return out, nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
