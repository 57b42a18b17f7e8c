// Package docs matches learnings against a project's own documentation: it
// tells summarise which learnings a doc already says (ALREADY DOCUMENTED, with
// file and line), and tells improve-docs where an undocumented learning
// belongs. It reads only the conventional doc files and docs/, never the
// whole tree, so it stays cheap on large projects.
package docs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/learn-memory/learn/learnings/similar"
)

// Limits on what Discover and Load read, so that a project with a huge
// docs/ tree or a generated 50 MB markdown file stays fast.
const (
	MaxDocs     = 200
	MaxDocBytes = 1 << 20
)

// rootDocs are the conventional documentation and agent-guidance files at a
// project's root, in the order they are listed.
var rootDocs = []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md", ".cursorrules", ".windsurfrules",
	"CONTRIBUTING.md", ".github/copilot-instructions.md"}

// skipDirs are never walked inside docs/.
var skipDirs = map[string]bool{"vendor": true, "node_modules": true, ".git": true, ".tmp": true}

// Discover lists the project's documentation as slash-separated paths
// relative to root: README* at the root, the agent and contributor files
// (AGENTS.md, CLAUDE.md, CONTRIBUTING.md, .cursorrules, ...), the extra
// references, such as the --docs flag or a session's Documentation Seen, that
// name an existing file ("docs/api.md#retries" and "lib/auth.ex:45" resolve
// to their file; references that are not files are dropped), then every *.md
// under docs/ (skipping vendor, node_modules and hidden directories). At most
// MaxDocs paths, without duplicates; the files named explicitly come before
// the walk so that the cap never drops them.
func Discover(root string, extra []string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("list docs in %s: %w", root, err)
	}
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if len(out) < MaxDocs && !seen[p] && isFile(filepath.Join(root, filepath.FromSlash(p))) {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, e := range entries {
		if strings.HasPrefix(strings.ToUpper(e.Name()), "README") && !e.IsDir() {
			add(e.Name())
		}
	}
	for _, p := range rootDocs {
		add(p)
	}
	for _, ref := range extra {
		if p := RefPath(ref); p != "" {
			add(p)
		}
	}
	docsDir := filepath.Join(root, "docs")
	_ = filepath.WalkDir(docsDir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // an unreadable corner of docs/ is skipped, not fatal
		case d.IsDir() && p != docsDir && (skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case len(out) >= MaxDocs:
			return filepath.SkipAll
		case !d.IsDir() && isMarkdown(d.Name()):
			rel, _ := filepath.Rel(root, p)
			add(filepath.ToSlash(rel))
		}
		return nil
	})
	return out, nil
}

// RefPath turns a documentation reference into the file path it names:
// "docs/api.md#retries" and "lib/auth.ex:45" name docs/api.md and
// lib/auth.ex. It returns "" for references that are not a path, such as
// "docstrings in lib/auth.ex", and for paths that leave the project.
func RefPath(ref string) string {
	ref = strings.Trim(strings.TrimSpace(ref), "`\"'")
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		ref = ref[:i]
	}
	ref = trimLineSuffix(ref)
	if ref == "" || strings.ContainsAny(ref, " \t") || strings.Contains(ref, "://") {
		return ""
	}
	p := path.Clean(filepath.ToSlash(ref))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		return ""
	}
	return p
}

// trimLineSuffix cuts a line or range suffix, ":45", ":45-60" or ":45:3",
// off the end of ref: the regexp `:[0-9]+(?:[-:][0-9]+)?$`, written out
// because improve-docs reads every session's references with it.
func trimLineSuffix(ref string) string {
	for i := 0; i < len(ref); i++ {
		if ref[i] == ':' && isLineSuffix(ref[i+1:]) {
			return ref[:i]
		}
	}
	return ref
}

// isLineSuffix matches `^[0-9]+(?:[-:][0-9]+)?$`.
func isLineSuffix(s string) bool {
	n := digits(s)
	if n == 0 {
		return false
	}
	s = s[n:]
	if s == "" {
		return true
	}
	return (s[0] == '-' || s[0] == ':') && len(s) > 1 && digits(s[1:]) == len(s)-1
}

// digits counts the ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func isMarkdown(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// Corpus is a project's documentation split into passages, indexed by word
// so that a learning is compared only with passages sharing a word with it.
// Once loaded it is safe for concurrent use.
type Corpus struct {
	Docs []*Doc
	// passages are every doc's passages, in order; a passage's number
	// here is its place in the list.
	passages []passageInfo
	// sections are every doc's headings, in order.
	sections []sectionRef
	// postings maps a content term to the passages that contain it.
	postings map[string][]int32
	// headingPostings maps a content term to the headings whose trail
	// holds it, as numbers in sections.
	headingPostings map[string][]int32
	// refPaths are the docs' paths as RefPath reads them, by doc.
	refPaths []string
	// scratch holds *scratch, a learning's per-passage and per-section
	// tallies, reused between calls and goroutines.
	scratch sync.Pool
}

// passageInfo locates a passage and the section it sits in, so that
// matching need not go through the docs.
type passageInfo struct {
	doc     int32
	section int32 // in Corpus.sections, -1 before a doc's first heading
	*Passage
}

// sectionRef is a heading by doc and place in the doc's Headings.
type sectionRef struct{ doc, heading int32 }

// Doc is one documentation file.
type Doc struct {
	// Path is as given to Load.
	Path     string
	Headings []Heading
	Passages []*Passage
	// Lines is the number of lines read (at most MaxDocBytes of the file).
	Lines int
}

// Heading is one heading of a doc.
type Heading struct {
	Title string
	Level int
	Line  int
	// Trail is the heading with its parents, "Testing > Race detector".
	Trail string
	// End is the last non-blank line of the section before the next
	// heading of the same or a higher level.
	End int
}

// Passage is the unit a learning is matched against: a paragraph, a list
// item with its continuation lines, a table row or a fenced code block.
type Passage struct {
	Line, EndLine int
	// Heading is the trail of the enclosing heading, "" before any heading.
	Heading string
	Text    string
	profile similar.Profile
	// context is matched with the passage but not part of it: a table
	// row's header row.
	context string
	// section indexes the innermost enclosing heading in Doc.Headings, -1
	// before the first heading.
	section int
}

// Load reads the docs (paths relative to root, or absolute) and splits them
// into passages. Only the first MaxDocBytes of a file are read. A file that
// cannot be read is an error naming it; Discover only lists files that exist.
func Load(root string, paths []string) (*Corpus, error) {
	c := &Corpus{postings: map[string][]int32{}, headingPostings: map[string][]int32{}}
	for _, p := range paths {
		full := p
		if !filepath.IsAbs(full) {
			full = filepath.Join(root, filepath.FromSlash(p))
		}
		src, err := readPrefix(full, MaxDocBytes)
		if err != nil {
			return nil, fmt.Errorf("read doc %s: %w", p, err)
		}
		c.add(split(p, src))
	}
	return c, nil
}

// add indexes d's headings and passages.
func (c *Corpus) add(d *Doc) {
	di := int32(len(c.Docs))
	c.Docs = append(c.Docs, d)
	c.refPaths = append(c.refPaths, RefPath(d.Path))
	firstSection := int32(len(c.sections))
	for hi, h := range d.Headings {
		n := int32(len(c.sections))
		c.sections = append(c.sections, sectionRef{di, int32(hi)})
		for _, t := range similar.NewProfile(h.Trail).Terms() {
			c.headingPostings[t] = append(c.headingPostings[t], n)
		}
	}
	for _, ps := range d.Passages {
		// Shareable: improve-docs matches the learnings against the
		// passages in parallel.
		ps.profile = similar.NewProfile(ps.Heading + "\n" + ps.context + "\n" + ps.Text).Shareable()
		n := int32(len(c.passages))
		sec := int32(-1)
		if ps.section >= 0 {
			sec = firstSection + int32(ps.section)
		}
		c.passages = append(c.passages, passageInfo{di, sec, ps})
		for _, t := range ps.profile.Terms() {
			c.postings[t] = append(c.postings[t], n)
		}
	}
}

// readPrefix reads at most n bytes of a file, cut back to the last line
// break when the file is longer.
func readPrefix(name string, n int64) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, n+1))
	if err != nil {
		return "", err
	}
	if int64(len(b)) > n {
		b = b[:n]
		if i := strings.LastIndexByte(string(b), '\n'); i >= 0 {
			b = b[:i+1]
		}
	}
	if len(b) > 0 && !isText(b) {
		return "", errors.New("not a text file")
	}
	return string(b), nil
}

func isText(b []byte) bool {
	return !slices.Contains(b[:min(len(b), 8000)], 0)
}
