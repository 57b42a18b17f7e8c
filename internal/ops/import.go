package ops

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/foreign"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// ImportSource is one file to import: its bytes and how messages name it.
type ImportSource struct {
	// Path is the file's path; its name and folders say what kind of
	// memory it is (CLAUDE.md, a memory bank, a lessons log).
	Path    string
	Display string
	Data    []byte
}

// ImportOptions says what to import and how.
type ImportOptions struct {
	Sources []ImportSource
	// Project names the project in the new sessions' headers; the project
	// root's name when empty.
	Project string
	// DryRun reads and decides everything and writes nothing.
	DryRun bool
	// InPlace rewrites the memory file itself, written by another tool,
	// into learn's form: its one source is the memory file.
	InPlace bool
	// Progress, when set, is told how many entries were checked of how
	// many, for a progress line on large files.
	Progress func(done, total int)
}

// ImportResult is what Import did: the JSON of learn import --json. Every
// list item or entry of every source is either in Imported or in Skipped,
// with its source and line.
type ImportResult struct {
	File       string             `json:"file"`
	FileReason string             `json:"file_reason"`
	DryRun     bool               `json:"dry_run"`
	Written    bool               `json:"written"`
	Imported   []ImportedLearning `json:"imported"`
	Skipped    []ImportSkip       `json:"skipped"`
	// Updates are imported learnings that change a stored one: both are
	// kept, as store keeps them; 'learn store --replaces' or
	// 'learn forget --id' settles which one stays.
	Updates []ImportUpdate `json:"updates"`
	// Sessions are the sessions the import adds, newest first.
	Sessions []SessionRef `json:"sessions"`
	Backup   *Backup      `json:"backup,omitempty"`
	Warnings []string     `json:"warnings"`
	// Kept counts the lines of an in-place source that were not read as
	// learnings and are kept verbatim at the end of the file.
	Kept int `json:"kept_lines,omitempty"`
}

// ImportedLearning is one learning the import stores, with where it came
// from and why it went to its category.
type ImportedLearning struct {
	Learning
	Source         string `json:"source"`
	Line           int    `json:"line"`
	EndLine        int    `json:"end_line"`
	CategoryReason string `json:"category_reason"`
	Family         string `json:"family"`
}

// ImportSkip is a part of a source not imported, and why. A skip for a
// secret carries no text.
type ImportSkip struct {
	Source  string `json:"source"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	Reason  string `json:"reason"`
	Text    string `json:"text,omitempty"`
}

// ImportUpdate is an imported learning that updates a stored one.
type ImportUpdate struct {
	Source  string           `json:"source"`
	Line    int              `json:"line"`
	Stored  Learning         `json:"stored"`
	Score   float64          `json:"score"`
	Changes []similar.Change `json:"changes"`
}

// candidate is an entry on its way in, with its session.
type candidate struct {
	src   *ImportSource
	entry foreign.Entry
	text  string
	key   sessionKey
}

type sessionKey struct {
	date  string // YYYY-MM-DD, empty for undated
	focus string
}

// Import adopts memories other tools wrote: it reads each source
// (foreign.Read), refuses secrets per learning, skips what is already
// stored or repeated, and stores the rest as sessions, one per dated
// heading (of its date) and one "Imported from PATH" for undated entries,
// in one locked write after one backup, so learn undo takes the import
// back. The sources are never changed, except with InPlace, where the
// memory file is rewritten into learn's form with what was not read kept
// verbatim at its end.
func Import(m *Memory, opts ImportOptions) (*ImportResult, error) {
	if len(opts.Sources) == 0 {
		return nil, mark(fmt.Errorf("nothing to import: name the files (learn import CLAUDE.md .claude/memory/)"), ErrUsage)
	}
	if opts.InPlace && (len(opts.Sources) != 1 || filepath.Clean(opts.Sources[0].Path) != filepath.Clean(m.Path)) {
		return nil, mark(fmt.Errorf("--in-place rewrites the memory file itself (%s): give no other file", m.Display), ErrUsage)
	}
	project := opts.Project
	if project == "" {
		project = filepath.Base(m.Root)
	}
	res := &ImportResult{File: m.Display, FileReason: m.Reason, DryRun: opts.DryRun,
		Imported: []ImportedLearning{}, Skipped: []ImportSkip{}, Updates: []ImportUpdate{}, Sessions: []SessionRef{}, Warnings: []string{}}

	var cands []candidate
	families := map[*ImportSource]string{}
	for i := range opts.Sources {
		src := &opts.Sources[i]
		read := foreign.Read(src.Path, src.Data)
		families[src] = read.Family
		for _, s := range read.Skipped {
			res.Skipped = append(res.Skipped, ImportSkip{Source: cleanInput(src.Display), Line: s.Line, EndLine: s.EndLine, Reason: s.Reason, Text: Clean(s.Text)})
		}
		for _, e := range read.Entries {
			c := candidate{src: src, entry: e}
			if target := indexTarget(e.Text); target != "" && importing(opts.Sources, src.Path, target) {
				res.skip(c, fmt.Sprintf("an index line pointing to %s, which is imported on its own", target), true)
				continue
			}
			text, removed, err := stripPrivate(e.Text)
			switch {
			case err != nil:
				res.skip(c, err.Error(), false)
				continue
			case strings.TrimSpace(text) == "" && removed > 0:
				res.skip(c, "entirely <private>: not imported", false)
				continue
			}
			if kinds := input.Kinds(text); len(kinds) > 0 {
				res.skip(c, fmt.Sprintf("holds a secret (%s): not imported; remove it from the source, or import the rest as it is", strings.Join(kinds, ", ")), false)
				continue
			}
			c.text = text
			c.key = sessionKey{date: e.Date, focus: "Imported from " + src.Display}
			if e.Date != "" && e.Topic != "" {
				c.key.focus = e.Topic
			}
			cands = append(cands, c)
		}
	}

	var next []byte
	var ids map[string]string
	var created *Backup
	read := len(res.Skipped) // what the reading skipped; the plan adds the rest
	plan := func(current []byte, exists bool) ([]byte, bool, error) {
		res.Imported, res.Updates, res.Sessions, res.Skipped = res.Imported[:0], res.Updates[:0], res.Sessions[:0], res.Skipped[:read]
		base := current
		if opts.InPlace {
			if own := learnings.Parse(current); len(own.Sessions) > 0 || own.Consolidated != nil {
				return nil, false, mark(fmt.Errorf("%s already holds learn's own sessions or Consolidated Learnings: --in-place rewrites a file "+
					"another tool wrote, and would read learn's part as foreign; move the other tool's part to a file of its own and "+
					"run learn import FILE (learn lint shows which lines are not read)", m.Display), ErrUsage)
			}
			base = nil
		}
		doc := learnings.Parse(base)
		if err := doc.Writable(); err != nil && len(base) > 0 {
			return nil, false, mark(fmt.Errorf("cannot import into %s: %w", m.Display, err), ErrConflict)
		}
		keep := dedupImport(doc, cands, res, opts.Progress)
		sessions := groupSessions(keep, m.Now(), project)
		if len(sessions) == 0 {
			next = current
			return current, false, nil
		}
		var add bytes.Buffer
		add.WriteString("## Recent Sessions\n\n")
		for i, s := range sessions {
			if i > 0 {
				add.WriteString("\n")
			}
			add.Write(learnings.RenderSession(s.session, "\n"))
		}
		merged, _, err := learnings.Merge(base, add.Bytes())
		if err != nil {
			return nil, false, fmt.Errorf("import into %s: %w", m.Display, err)
		}
		if opts.InPlace {
			kept, n := keptOriginal(opts.Sources[0], res.Skipped[:read])
			merged = append(merged, kept...)
			res.Kept = n
		}
		next = merged
		ids = importedIDs(learnings.Parse(merged), sessions)
		for _, s := range sessions {
			res.Sessions = append(res.Sessions, SessionRef{ID: ids[sessionIDKey(s.session)], Stamp: learnings.FormatStamp(s.session.Time), Focus: Clean(s.session.Focus)})
			for i, l := range s.session.Learnings {
				c := s.from[i]
				ref := res.Sessions[len(res.Sessions)-1]
				res.Imported = append(res.Imported, ImportedLearning{
					Learning: Learning{ID: ids[learningIDKey(s.session, l)], Category: Clean(l.Category), Text: Clean(l.Text), Session: &ref},
					Source:   cleanInput(c.src.Display), Line: c.entry.Line, EndLine: c.entry.EndLine, CategoryReason: c.entry.Why, Family: families[c.src],
				})
			}
		}
		if opts.DryRun {
			return current, false, nil
		}
		if !exists {
			// A memory the import creates is backed up empty, so that
			// learn undo takes the import back here too.
			ring, err := memfile.Backup(m.Path, nil, m.Now())
			if err != nil {
				return nil, false, fmt.Errorf("back up %s: %w", m.Display, err)
			}
			created = &Backup{File: m.display(memfile.BackupPath(m.Path)), Ring: m.display(ring)}
		}
		return merged, true, nil
	}
	if opts.DryRun {
		snap, err := m.Load()
		if err != nil {
			return nil, err
		}
		current := snap.Src
		if opts.InPlace {
			current = opts.Sources[0].Data
		}
		if _, _, err := plan(current, snap.Exists); err != nil {
			return nil, err
		}
	} else {
		b, err := m.write(plan)
		if err != nil {
			return nil, err
		}
		res.Backup = cmp.Or(b, created)
		res.Written = len(res.Imported) > 0
	}
	slices.SortStableFunc(res.Skipped, func(a, b ImportSkip) int {
		return cmp.Or(cmp.Compare(sourceOrder(opts.Sources, a.Source), sourceOrder(opts.Sources, b.Source)), cmp.Compare(a.Line, b.Line))
	})
	if len(next) > m.Limit && m.Limit > 0 && len(res.Imported) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s is now %s: %s", m.Display, learnings.OverLimit(len(next), m.Limit),
			learnings.SizeAdviceFor(len(next), len(learnings.Parse(next).Sessions), m.Limit)))
	}
	return res, nil
}

func sourceOrder(srcs []ImportSource, display string) int {
	for i, s := range srcs {
		if s.Display == display {
			return i
		}
	}
	return len(srcs)
}

// skip records c as not imported; withText keeps a preview of it (never
// for a secret).
func (r *ImportResult) skip(c candidate, reason string, withText bool) {
	s := ImportSkip{Source: cleanInput(c.src.Display), Line: c.entry.Line, EndLine: c.entry.EndLine, Reason: reason}
	if withText {
		s.Text = Clean(input.Preview(c.entry.Text))
	}
	r.Skipped = append(r.Skipped, s)
}

// dedupImport drops the candidates already stored (the same learning) or
// repeated within the import, recording each, and reports updates.
func dedupImport(doc *learnings.Document, cands []candidate, res *ImportResult, progress func(int, int)) []candidate {
	texts := make([]string, len(cands))
	for i, c := range cands {
		texts[i] = c.text
	}
	known := input.AgainstStored(doc.Learnings(), texts)
	seen := similar.NewSameIndex()
	var keep []candidate
	for i, c := range cands {
		if progress != nil && i%200 == 0 {
			progress(i, len(cands))
		}
		if k := known[i].Same; k != nil {
			res.skip(c, fmt.Sprintf("already stored as %s", k.ID), true)
			continue
		}
		t := similar.Prepare(c.text)
		if j, ok := seen.Find(t); ok {
			first := cands[j]
			res.skip(c, fmt.Sprintf("the same learning as %s line %d", first.src.Display, first.entry.Line), true)
			continue
		}
		seen.Add(i, t)
		keep = append(keep, c)
		if u := known[i].Update; u != nil {
			res.Updates = append(res.Updates, ImportUpdate{Source: cleanInput(c.src.Display), Line: c.entry.Line, Stored: NewLearning(u),
				Score: input.RoundScore(known[i].Score), Changes: similar.Diff(Clean(u.Content()), c.text)})
		}
	}
	if progress != nil {
		progress(len(cands), len(cands))
	}
	return keep
}

type importSession struct {
	session learnings.NewSession
	from    []candidate
}

// groupSessions makes one session per date and topic, and one per source
// for undated entries, stamped now; newest first.
func groupSessions(cands []candidate, now time.Time, project string) []importSession {
	index := map[sessionKey]int{}
	var out []importSession
	for _, c := range cands {
		i, ok := index[c.key]
		if !ok {
			t := now
			if c.key.date != "" {
				if d, err := time.ParseInLocation("2006-01-02", c.key.date, now.Location()); err == nil {
					t = d
				}
			}
			i = len(out)
			index[c.key] = i
			out = append(out, importSession{session: learnings.NewSession{Time: t, Focus: c.key.focus, Project: project}})
		}
		out[i].session.Learnings = append(out[i].session.Learnings, learnings.NewLearning{Category: c.entry.Category, Text: c.text})
		out[i].from = append(out[i].from, c)
	}
	slices.SortStableFunc(out, func(a, b importSession) int { return b.session.Time.Compare(a.session.Time) })
	return out
}

func sessionIDKey(s learnings.NewSession) string {
	return learnings.FormatStamp(s.Time) + "\x00" + s.Focus
}

func learningIDKey(s learnings.NewSession, l learnings.NewLearning) string {
	return sessionIDKey(s) + "\x00" + l.Category + "\x00" + strings.Join(strings.Fields(l.Text), " ")
}

// importedIDs reads back the IDs the imported sessions and learnings got
// in the written file.
func importedIDs(doc *learnings.Document, sessions []importSession) map[string]string {
	want := map[string]bool{}
	for _, s := range sessions {
		want[sessionIDKey(s.session)] = true
	}
	out := map[string]string{}
	for _, s := range doc.Sessions {
		key := s.Stamp + "\x00" + s.Focus
		if !want[key] {
			continue
		}
		out[key] = s.ID
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				out[key+"\x00"+c.Name+"\x00"+strings.Join(strings.Fields(l.Text), " ")] = l.ID
			}
		}
	}
	return out
}

// indexLink reads a line of a memory index: "[Title](file.md) — hook".
var indexLink = lazyregexp.New(`^\[[^\]]+\]\(([^)\s]+\.md)\)`)

func indexTarget(text string) string {
	if m := indexLink().FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// importing tells whether target, linked from the source at from, is one
// of the sources.
func importing(srcs []ImportSource, from, target string) bool {
	abs := filepath.Clean(filepath.Join(filepath.Dir(from), filepath.FromSlash(target)))
	for _, s := range srcs {
		if filepath.Clean(s.Path) == abs {
			return true
		}
	}
	return false
}

// keptOriginal is what an in-place import keeps of the lines it did not
// read: each skipped part verbatim, in a section of its own at the end,
// inside a fence longer than any in it, so nothing of the original is
// lost and nothing in it is read as a session or a learning.
func keptOriginal(src ImportSource, skipped []ImportSkip) ([]byte, int) {
	lines := strings.Split(strings.ReplaceAll(string(src.Data), "\r\n", "\n"), "\n")
	var body strings.Builder
	n := 0
	for _, s := range skipped {
		if s.Line < 1 || s.Line > len(lines) {
			continue
		}
		end := min(max(s.EndLine, s.Line), len(lines))
		fmt.Fprintf(&body, "<!-- line %d: %s -->\n", s.Line, strings.ReplaceAll(s.Reason, "--", "-"))
		for _, l := range lines[s.Line-1 : end] {
			body.WriteString(l)
			body.WriteByte('\n')
			n++
		}
	}
	if n == 0 {
		return nil, 0
	}
	fence := strings.Repeat("`", max(4, longestRun(body.String(), '`')+1))
	var out strings.Builder
	out.WriteString("\n## Kept from the original file\n\n")
	out.WriteString("Not read as learnings by `learn import --in-place`; kept as written.\n\n")
	out.WriteString(fence + "markdown\n" + body.String() + fence + "\n")
	return []byte(out.String()), n
}

func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

// stripPrivate takes <private> spans out of an imported learning; one
// that is never closed is refused (the rest of the entry would go with it).
func stripPrivate(text string) (string, int, error) {
	if secrets.UnclosedPrivate(text) >= 0 {
		return "", 0, fmt.Errorf("<private> is never closed: not imported; close it with </private> in the source")
	}
	out, n := secrets.StripPrivate(text)
	return strings.TrimSpace(out), n, nil
}
