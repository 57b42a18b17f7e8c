// Package lint checks a learnings file's health: what the reader could not
// read, duplicates, secrets that predate learn's guard, sessions out of
// order, unreadable timestamps, an unclosed block and the size limit. Each
// finding names a line and says how to fix it, so "learn lint" can print
// "path:line: message" lines an editor jumps to.
package lint

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"unsafe"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/reformat"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// Severity says whether a finding makes lint fail.
type Severity string

// Errors make lint exit 1; warnings are reported but leave the file clean.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Finding kinds, stable for scripts reading --json.
const (
	KindParse    = "parse"
	KindUnclosed = "unclosed"
	// KindDamage is a part of the file not read as learnings although it
	// probably holds some: a fence or comment that swallowed sessions,
	// text outside every section, a category written as an H2 heading.
	KindDamage    = "damage"
	KindDuplicate = "duplicate"
	KindSecret    = "secret"
	KindOrder     = "order"
	KindTimestamp = "timestamp"
	KindSize      = "size"
	KindEmpty     = "empty-session"
	KindStray     = "stray"
	KindUpdate    = "unresolved-update"
	// KindCategory is a category label that misspells a spec one.
	KindCategory = "category"
	// KindUnread is a run of lines not read as learnings (see
	// learnings.Document.Unread), and the count of all of them.
	KindUnread = "unread"
)

// maxUnreadFindings caps the findings of single runs, so that a long log
// of entries learn cannot read gives a page, not thousands of lines; the
// count finding still covers all of them.
const maxUnreadFindings = 20

// Finding is one problem, at one line.
type Finding struct {
	Line     int      `json:"line"`
	Severity Severity `json:"severity"`
	Kind     string   `json:"kind"`
	Message  string   `json:"message"`
	Fix      string   `json:"fix"`
	// IDs names the learnings or sessions involved, when there are any.
	IDs []string `json:"ids,omitempty"`
	// Score is the similarity of a duplicate pair.
	Score float64 `json:"score,omitempty"`
}

// CheckLimit runs every check on doc against the size limit the user
// configured and returns the findings by line.
func CheckLimit(doc *learnings.Document, limit int) []Finding {
	return CheckScanned(doc, limit, ScanSecrets(doc.Source))
}

// CheckScanned is CheckLimit with the secret scan of doc.Source already
// under way (see ScanSecrets); a scan of other bytes is not used.
func CheckScanned(doc *learnings.Document, limit int, scan *SecretScan) []Finding {
	return CheckRead(doc, limit, scan, doc.Unread())
}

// CheckRead is CheckScanned given us, doc.Unread(), for a caller that
// reports the unread lines as well: working them out scans the whole file
// again, a third of the time of a parse of the default generator's 10 MB
// memory.
func CheckRead(doc *learnings.Document, limit int, scan *SecretScan, us []learnings.Unread) []Finding {
	if !scan.of(doc.Source) {
		scan = ScanSecrets(doc.Source)
	}
	var fs []Finding
	fs = append(fs, problems(doc)...)
	fs = append(fs, damage(doc)...)
	fs = append(fs, stray(doc)...)
	fs = append(fs, misspelt(doc)...)
	fs = append(fs, order(doc)...)
	fs = append(fs, emptySessions(doc)...)
	fs = append(fs, pairs(doc)...)
	fs = append(fs, scan.findings(doc)...)
	fs = append(fs, size(doc, limit)...)
	fs = append(fs, unread(us, fs)...)
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.Line, b.Line) })
	return fs
}

// Errors counts the findings that make the file fail.
func Errors(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == Error {
			n++
		}
	}
	return n
}

// problems turns what the reader reported into findings. A problem on the
// header line of a session that has no readable time is a timestamp problem
// and says how to write one.
func problems(doc *learnings.Document) []Finding {
	undated := map[int]*learnings.Session{}
	for _, s := range doc.Sessions {
		if s.Time.IsZero() {
			undated[s.Span.Line] = s
		}
	}
	var fs []Finding
	for _, p := range doc.Problems {
		if doc.Unclosed != nil && p.Line == doc.Unclosed.Line {
			continue
		}
		if dm := doc.DamageAt(p.Line, p.Line); dm != nil && dm.Kind != learnings.DamageHeading {
			continue // the damage finding names the cause
		}
		f := Finding{
			Line: p.Line, Severity: Error, Kind: KindParse, Message: p.Message,
			Fix: "edit it by hand as the message says, or remove it; until then learn keeps the text as written but no command reads it",
		}
		if s := undated[p.Line]; s != nil {
			f.Kind, f.IDs = KindTimestamp, []string{s.ID}
			f.Fix = `write the header as "## [YYYY-MM-DD HH:MM TZ] - focus", e.g. "## [2026-11-22 14:05 CET] - Retry logic"`
		}
		fs = append(fs, f)
	}
	return fs
}

// stray reports text outside every section, which the reader skips without
// a word. An unclosed block swallows the rest of the file, so there is
// nothing to add then.
func stray(doc *learnings.Document) []Finding {
	if doc.Unclosed != nil {
		return nil
	}
	reported := map[int]bool{}
	for _, p := range doc.Problems {
		reported[p.Line] = true
	}
	var fs []Finding
	for _, p := range reformat.Stray(doc) {
		if reported[p.Line] || doc.DamageAt(p.Line, p.Line) != nil {
			continue
		}
		fs = append(fs, Finding{
			Line: p.Line, Severity: Error, Kind: KindStray, Message: p.Message + " is not read by any command",
			Fix: "move it into a learning or a hand-written \"## \" section, or remove it; learn fmt refuses until then",
		})
	}
	return fs
}

// damage reports each part of the file the reader could not read as
// learnings once, at the line that caused it, instead of a finding for
// every line it swallowed.
func damage(doc *learnings.Document) []Finding {
	var fs []Finding
	for _, d := range doc.Damage {
		kind := KindDamage
		switch d.Kind {
		case learnings.DamageUnclosed:
			kind = KindUnclosed
		case learnings.DamageStray:
			kind = KindStray
		}
		fs = append(fs, Finding{
			Line: d.Line, Severity: Error, Kind: kind, Message: d.String(),
			Fix: d.Fix() + "; until then learn refuses to rewrite these lines",
		})
	}
	return fs
}

// misspelt reports each category label that is a near miss of a spec one.
// The reader already files its learnings under the spec category; the label
// in the file should say so too.
func misspelt(doc *learnings.Document) []Finding {
	var cats []*learnings.Category
	if doc.Consolidated != nil {
		cats = append(cats, doc.Consolidated.Categories...)
	}
	for _, s := range doc.Sessions {
		cats = append(cats, s.Categories...)
	}
	var fs []Finding
	for _, c := range cats {
		if !c.Misspelt {
			continue
		}
		fs = append(fs, Finding{
			Line: c.Span.Line, Severity: Error, Kind: KindCategory,
			Message: fmt.Sprintf("category label %q looks like a misspelling of %q; learn reads it as %q", c.Label, c.Name, c.Name),
			Fix:     fmt.Sprintf("write it as \"**%s:**\" (learn fmt does), or rename it if it is meant as a category of its own", c.Name),
		})
	}
	return fs
}

// order reports each dated session that is newer than the dated session
// above it: the spec keeps the newest first.
func order(doc *learnings.Document) []Finding {
	var fs []Finding
	var prev *learnings.Session
	for _, s := range doc.Sessions {
		if s.Time.IsZero() {
			continue
		}
		if prev != nil && s.Time.After(prev.Time) {
			fs = append(fs, Finding{
				Line: s.Span.Line, Severity: Error, Kind: KindOrder, IDs: []string{s.ID, prev.ID},
				Message: fmt.Sprintf("session %s (%s) is newer than session %s above it (line %d, %s); sessions go newest first",
					s.ID, s.Stamp, prev.ID, prev.Span.Line, prev.Stamp),
				Fix: "run learn fmt to sort the sessions",
			})
		}
		prev = s
	}
	return fs
}

func emptySessions(doc *learnings.Document) []Finding {
	var fs []Finding
	for _, s := range doc.Sessions {
		n := 0
		for _, c := range s.Categories {
			n += len(c.Learnings)
		}
		if n == 0 {
			fs = append(fs, Finding{
				Line: s.Span.Line, Severity: Warning, Kind: KindEmpty, IDs: []string{s.ID},
				Message: fmt.Sprintf("session %s (%s) has no learnings", s.ID, s.Stamp),
				Fix:     fmt.Sprintf("remove it with learn forget --session %s, or add its learnings under a category", s.ID),
			})
		}
	}
	return fs
}

// commonFloor and commonShare set similar.Index.Common for lint: a word
// in more than 1 in commonShare learnings (and more than commonFloor of
// them) is common.
const (
	commonFloor = 100
	commonShare = 1000
)

// pairs reports every learning that is the same learning as one stored
// before it in the file (similar.SameIndex), naming both, and every one that
// updates an earlier one (see unresolved). Each learning is prepared once
// for both. Superseded learnings are history, not repeats.
func pairs(doc *learnings.Document) []Finding {
	ls := learnings.Live(doc.Learnings())
	related := similar.NewIndex()
	// On a memory of thousands of learnings, not looking up a word
	// most of them share keeps lint linear in the file. It is not free:
	// where learnings are short and built on patterns, an update may
	// share only such words with what it updates, and on the 10 MB
	// memories of bench/ lint misses 69-79 % of the updates on
	// default, sparse and paths (similar.Index.Common counts them, and
	// similar.Index says why no exact search is as cheap).
	related.Common = max(commonFloor, len(ls)/commonShare)
	// Each learning's earlier repeat is found in file order as the
	// learnings are prepared and indexed: searched for, or that of the
	// earlier learning it copies word for word (see Index.RepeatOf).
	same := similar.NewSameIndex()
	same.Grow(len(ls))
	dupOf := make([]int, len(ls))
	texts := related.PrepareInOrder(len(ls), func(i int) string { return ls[i].Text }, func(i int, t *similar.Text) {
		dupOf[i] = -1
		first, search := related.RepeatOf(i)
		if first >= 0 {
			dupOf[i] = first
			if dupOf[first] >= 0 {
				dupOf[i] = dupOf[first]
			}
			return
		}
		if !search {
			return
		}
		if j, dup := same.Find(t); dup {
			dupOf[i] = j
		}
		same.Add(i, t)
	})
	// Each learning's finding, an update or a repeat, is worked out on
	// every CPU; they are gathered in file order.
	found := make([]*Finding, len(ls))
	similar.Parallel(len(ls), func(i int) {
		var f Finding
		ok := false
		if j := dupOf[i]; j >= 0 {
			f, ok = repeat(ls, i, j, texts[j], texts[i]), true
		} else {
			f, ok = unresolved(ls, related, i)
		}
		if ok {
			found[i] = &f
		}
	})
	var fs []Finding
	for _, f := range found {
		if f != nil {
			fs = append(fs, *f)
		}
	}
	return fs
}

// repeat reports learning i as the same learning as learning j, stored
// before it; ti and tj are the two prepared.
func repeat(ls []*learnings.Learning, i, j int, tj, ti *similar.Text) Finding {
	l, first := ls[i], ls[j]
	score := tj.CompareScore(ti) // the kind is known: a repeat
	where := "another session"
	switch {
	case first.Session == l.Session && l.Session == nil:
		where = "Consolidated Learnings"
	case first.Session == l.Session:
		where = "the same session"
	case first.Session == nil:
		where = "Consolidated Learnings"
	}
	what := "a rewording"
	if tj.Canonical() == ti.Canonical() {
		what = "a duplicate"
	}
	return Finding{
		Line: l.Span.Line, Severity: Error, Kind: KindDuplicate, IDs: []string{l.ID, first.ID}, Score: round(score),
		Message: fmt.Sprintf("learning %s is %s of %s at line %d in %s (similarity %.2f)",
			l.ID, what, first.ID, first.Span.Line, where, score),
		Fix: "keep one: learn compact merges duplicates, or remove one by hand",
	}
}

// SecretScan is the secret scan of a whole file, not only its learnings,
// since a credential in a focus line or a hand-written note leaks just the
// same. It runs on a goroutine of its own: started from the file's bytes
// before they are parsed, it takes no time of its own on a large file.
type SecretScan struct {
	src  []byte
	done chan struct{}
	// found and lines are set when done is closed.
	found []secrets.Finding
	lines lineIndex
}

// ScanSecrets starts the scan of src, the bytes a document is (or will be)
// parsed from; src must not change while it runs.
func ScanSecrets(src []byte) *SecretScan {
	s := &SecretScan{src: src, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		// src does not change while the scan runs, and the findings keep
		// offsets, not text: the scan reads the bytes in place. A copy of
		// a 10 MB file, in fresh memory and not interruptible, held up the
		// parser's garbage collections beside it by 30 ms.
		s.found = secrets.Scan(unsafe.String(unsafe.SliceData(src), len(src)))
		if len(s.found) > 0 {
			s.lines = newLines(src)
		}
	}()
	return s
}

// of reports whether s scans src itself, not a copy or other bytes.
func (s *SecretScan) of(src []byte) bool {
	return s != nil && len(s.src) == len(src) && (len(src) == 0 || &s.src[0] == &src[0])
}

// findings waits for the scan and names the kind and line of each secret,
// and the learning holding it, never the value.
func (s *SecretScan) findings(doc *learnings.Document) []Finding {
	<-s.done
	if len(s.found) == 0 {
		return nil
	}
	// Learnings by position, to find the one holding each secret without
	// reading them all for every secret of a file full of them.
	ls := slices.SortedFunc(slices.Values(doc.Learnings()), func(a, b *learnings.Learning) int {
		return cmp.Compare(a.Span.Start, b.Span.Start)
	})
	var fs []Finding
	for _, f := range s.found {
		where := ""
		var ids []string
		i, _ := slices.BinarySearchFunc(ls, f.Start+1, func(l *learnings.Learning, pos int) int { return cmp.Compare(l.Span.Start, pos) })
		if i > 0 && f.Start < ls[i-1].Span.End {
			l := ls[i-1]
			where = " in learning " + l.ID
			ids = []string{l.ID}
		}
		fs = append(fs, Finding{
			Line: s.lines.line(f.Start), Severity: Error, Kind: KindSecret, IDs: ids,
			Message: fmt.Sprintf("possible secret (%s)%s", f.Kind, where),
			Fix:     "remove it from the file (learn forget --match, or by hand) and rotate the credential; it has been on disk in plain text",
		})
	}
	return fs
}

func size(doc *learnings.Document, limit int) []Finding {
	n := len(doc.Source)
	switch {
	case n > limit:
		return []Finding{{Line: 1, Severity: Error, Kind: KindSize,
			Message: "the file is " + learnings.OverLimit(n, limit),
			Fix:     learnings.SizeAdvice(doc, limit)}}
	case n > learnings.WarnAt(limit):
		return []Finding{{Line: 1, Severity: Warning, Kind: KindSize,
			Message: fmt.Sprintf("the file is %s, approaching %s", learnings.HumanSize(n), learnings.LimitText(limit)),
			Fix:     learnings.SizeAdvice(doc, limit)}}
	}
	return nil
}

func round(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex []int

func newLines(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (idx lineIndex) line(off int) int {
	return sort.Search(len(idx), func(i int) bool { return idx[i] > off })
}

// unread reports the lines no command reads as learnings: one finding that
// counts them all, and one for each run no other finding already names
// (hand-written sections, text above the first section, headings that
// hold nothing), so lint says "no problems" only when the whole file is
// read.
func unread(us []learnings.Unread, others []Finding) []Finding {
	if len(us) == 0 {
		return nil
	}
	var single []Finding
	left := 0
	for _, u := range us {
		if u.Kind == learnings.UnreadDamage || coveredBy(others, u) {
			continue
		}
		if len(single) == maxUnreadFindings {
			left++
			continue
		}
		single = append(single, Finding{Line: u.Line, Severity: Error, Kind: KindUnread, Message: u.String(), Fix: learnings.ImportAdvice})
	}
	if len(us) == 1 {
		return single // the run's own finding, or the one that names it, says it all
	}
	total := learnings.UnreadLines(us)
	msg := fmt.Sprintf("%d %s not read as learnings, in %d %s: %s", total, pluralOf(total, "line is", "lines are"), len(us), pluralOf(len(us), "place", "places"), ranges(us, 8))
	if left > 0 {
		msg += fmt.Sprintf(" (%d of the places are not listed one by one)", left)
	}
	return append([]Finding{{Line: us[0].Line, Severity: Error, Kind: KindUnread, Message: msg, Fix: learnings.ImportAdvice}}, single...)
}

// coveredBy reports whether a finding already names a line of u.
func coveredBy(fs []Finding, u learnings.Unread) bool {
	for _, f := range fs {
		if f.Kind != KindSize && u.Line <= f.Line && f.Line <= u.EndLine {
			return true
		}
	}
	return false
}

// ranges words the first n runs' lines: "lines 3-9, 12, 15-40, …".
func ranges(us []learnings.Unread, n int) string {
	var b []byte
	for i, u := range us {
		if i == n {
			b = append(b, ", …"...)
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		if u.Line == u.EndLine {
			b = fmt.Appendf(b, "%d", u.Line)
		} else {
			b = fmt.Appendf(b, "%d-%d", u.Line, u.EndLine)
		}
	}
	return "lines " + string(b)
}

func pluralOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
