// Package foreign reads memories that other tools and agents wrote (Claude
// Code's memory folder, learnings sections of CLAUDE.md and AGENTS.md,
// Cline and Cursor memory banks and rules, Kiro steering, Copilot
// instructions, lessons and mistakes logs, session journals) into learnings
// learn can store, for "learn import".
//
// The rule a reader can check by hand: every list item, table row, entry
// heading and paragraph of the source becomes one Entry or one Skip, with
// its line; nothing is dropped without a reason. A list item is a learning
// (its nested lines and code blocks with it); a heading whose section holds
// labelled lines (Problem:, Root cause:, Fix:, Rule:, Lesson: ...) is one
// learning made of them; a paragraph is a learning when its section has no
// list; a table row is a learning made of its cells. Headings give context:
// a date (in any of the forms people write) makes the entries under it a
// session of that date; a heading that names a category ("Corrections",
// "Gotchas", "Preferences") files them there; in an instruction file
// (CLAUDE.md, AGENTS.md, GEMINI.md, Copilot, Cursor, Kiro) that has
// learnings sections, only those are read, and the instructions are listed
// as skipped, since they stay in that file.
package foreign

import (
	"bytes"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/learnings"
)

// Entry is one learning read from the source.
type Entry struct {
	// Line and EndLine are the entry's first and last lines in the source.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Text is the learning as learn will store it (Markdown; several lines
	// when the source item had them).
	Text     string `json:"text"`
	Category string `json:"category"`
	// Why says how the category was chosen.
	Why string `json:"category_reason"`
	// Date is the entry's date (YYYY-MM-DD) when its heading or its text
	// carries one; empty otherwise.
	Date string `json:"date,omitempty"`
	// Topic is the heading the entry sat under (without its date), the
	// focus of the session it lands in.
	Topic string `json:"topic,omitempty"`
}

// Skip is a part of the source not read as a learning, and why.
type Skip struct {
	Line int `json:"line"`
	// EndLine is the skipped part's last line.
	EndLine int    `json:"end_line"`
	Reason  string `json:"reason"`
	// Text is the first line of what was skipped, shortened.
	Text string `json:"text,omitempty"`
}

// Result is what Read made of a source.
type Result struct {
	// Family names the kind of file it was read as ("claude-memory",
	// "instructions", "memory-bank", "rules", "lessons", "journal",
	// "notes").
	Family  string  `json:"family"`
	Entries []Entry `json:"entries"`
	Skipped []Skip  `json:"skipped"`
}

// Read reads src, a memory another tool wrote, named path (its name says
// what kind of file it is).
func Read(path string, src []byte) *Result {
	r := &reader{path: path, family: familyOf(path, src), res: &Result{Entries: []Entry{}, Skipped: []Skip{}}}
	blocks := blocksOf(src)
	if f, ok := claudeMemoryType(src); ok {
		r.family = f
		if !hasItems(blocks) {
			r.res.Family = r.family.name
			r.whole(blocks)
			return r.res
		}
	}
	r.res.Family = r.family.name
	r.read(blocks)
	return r.res
}

// claudeMemoryType reads the frontmatter Claude Code writes on a memory
// file (name, description, type: user, feedback, project or reference).
func claudeMemoryType(src []byte) (family, bool) {
	fields := frontmatterFields(src)
	if fields["name"] == "" && fields["description"] == "" {
		return family{}, false
	}
	why := "a Claude Code memory of type " + fields["type"]
	switch strings.ToLower(fields["type"]) {
	case "feedback":
		return family{name: "claude-memory", category: "User Corrections", why: why + " (the user's feedback)", strong: true}, true
	case "user":
		return family{name: "claude-memory", category: "Preference Clarifications", why: why + " (about the user)", strong: true}, true
	case "project":
		return family{name: "claude-memory", category: "Fresh Discoveries", why: why}, true
	case "reference":
		return family{name: "claude-memory", category: "Fresh Discoveries", why: why + " (where to find things)"}, true
	}
	return family{}, false
}

// frontmatterFields reads the top-level "key: value" lines of a YAML
// frontmatter, enough to tell what wrote the file.
func frontmatterFields(src []byte) map[string]string {
	out := map[string]string{}
	s := strings.TrimPrefix(string(src), "\ufeff")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if !strings.HasPrefix(s, "---\n") {
		return out
	}
	body, _, ok := strings.Cut(s[4:], "\n---")
	if !ok {
		return out
	}
	for _, l := range strings.Split(body, "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(l, " ") {
			out[strings.ToLower(strings.TrimSpace(k))] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return out
}

func hasItems(bs []*block) bool {
	for _, b := range bs {
		if b.kind == bItem {
			return true
		}
	}
	return false
}

// family is a kind of source file and how to read it.
type family struct {
	name string
	// instructions: only the learnings sections are read, when there are
	// any.
	instructions bool
	// category is the category of entries nothing else files; why says so.
	category, why string
	// strong: the file's kind says the category better than an entry's
	// words do (a Claude Code feedback memory, a mistakes log).
	strong bool
}

var (
	instructionNames = lazyregexp.New(`(?i)^(claude|agents|gemini|copilot-instructions|\.cursorrules|\.windsurfrules|\.clinerules|conventions|contributing)(\.local)?(\.md)?$|\.instructions\.md$|\.mdc$`)
	mistakeNames     = lazyregexp.New(`(?i)mistake|error|failure|pitfall|anti-?pattern|gotcha`)
	preferenceNames  = lazyregexp.New(`(?i)preference|style`)
	conventionNames  = lazyregexp.New(`(?i)convention|pattern|rule|standard|guideline|steering`)
	journalNames     = lazyregexp.New(`(?i)journal|session|log|changelog|progress|history|diary`)
	lessonNames      = lazyregexp.New(`(?i)lesson|learning|memory|memories|insight|knowledge|notes?$`)
)

func familyOf(path string, src []byte) family {
	base := filepath.Base(path)
	dir := filepath.ToSlash(filepath.Dir(path))
	name := strings.TrimSuffix(base, filepath.Ext(base))
	switch {
	case strings.Contains(dir, ".claude/projects") || strings.EqualFold(base, "MEMORY.md") && strings.Contains(dir, "memory"):
		return family{name: "claude-memory", category: "Fresh Discoveries", why: "Claude Code memory, filed as a discovery"}
	case strings.Contains(dir, "memory-bank") || strings.Contains(dir, "memory_bank"):
		f := family{name: "memory-bank", category: "Fresh Discoveries", why: "memory bank note, filed as a discovery"}
		if conventionNames().MatchString(name) || strings.Contains(strings.ToLower(name), "systempatterns") || strings.Contains(strings.ToLower(name), "techcontext") {
			f.category, f.why = "Updated Conventions", "memory bank "+base+", filed as a convention"
		}
		return f
	case strings.Contains(dir, ".kiro/steering") || strings.Contains(dir, ".cursor/rules") || strings.Contains(dir, ".github/instructions") || instructionNames().MatchString(base):
		return family{name: "instructions", instructions: true, category: "Updated Conventions", why: base + " holds the project's rules, filed as a convention"}
	case mistakeNames().MatchString(name):
		return family{name: "lessons", category: "User Corrections", why: base + " records mistakes, filed as a correction", strong: true}
	case preferenceNames().MatchString(name):
		return family{name: "lessons", category: "Preference Clarifications", why: base + " records preferences"}
	case conventionNames().MatchString(name):
		return family{name: "rules", category: "Updated Conventions", why: base + " records conventions"}
	case journalNames().MatchString(name):
		return family{name: "journal", category: "Fresh Discoveries", why: "session journal entry, filed as a discovery"}
	case lessonNames().MatchString(name):
		return family{name: "lessons", category: "Fresh Discoveries", why: "a lesson learnt, filed as a discovery"}
	}
	_ = src
	return family{name: "notes", category: "Fresh Discoveries", why: "a note, filed as a discovery"}
}

// preview is the first line of s, shortened, for a Skip.
func preview(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if utf8.RuneCountInString(first) > 80 {
		r := []rune(first)
		return string(r[:79]) + "…"
	}
	return first
}

// words counts the words of s (a CJK character counts as one).
func words(s string) int {
	n, in := 0, false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r):
			n++
			in = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !in {
				n++
			}
			in = true
		default:
			in = false
		}
	}
	return n
}

var _ = bytes.Equal
var _ = learnings.Priority
