package improve

import (
	"bytes"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// DefaultSection is the heading of the section suggestions go in when the
// docs package found no section that fits and named none.
const DefaultSection = "Notes for contributors and agents"

// Addition is one example to add to a doc at the place a suggestion names.
type Addition struct {
	Suggestion Placement
	// Text is the Markdown to add (an Example bullet), "\n" line endings.
	Text string
}

// Insert returns src with every addition placed where its suggestion says:
// after the suggestion's InsertAfter line, else at the end of the section
// whose heading is on its Line, else in a new section (NewSection, or
// DefaultSection) at the end of the file. Additions at one place keep their
// order. New lines use src's own line ending; src is never otherwise
// changed. A nil src (a file that does not exist) gets a title.
func Insert(path string, src []byte, adds []Addition) []byte {
	eol := "\n"
	if bytes.Contains(src, []byte("\r\n")) {
		eol = "\r\n"
	}
	lines := splitLines(src)
	levels := headingLevels(src, len(lines))
	after := make(map[int][]string)
	sections := make(map[string][]string)
	var sectionOrder []string
	for _, a := range adds {
		sg := a.Suggestion
		at := -1
		switch {
		case sg.NewSection != "":
		case sg.InsertAfter > 0 && sg.InsertAfter <= len(lines):
			at = sg.InsertAfter
		case sg.Line > 0 && sg.Line <= len(lines) && levels[sg.Line-1] > 0:
			at = sectionEnd(lines, levels, sg.Line)
		}
		if at >= 0 {
			after[at] = append(after[at], a.Text)
			continue
		}
		h := cmpOr(sg.NewSection, sg.Heading, DefaultSection)
		if !slices.Contains(sectionOrder, h) {
			sectionOrder = append(sectionOrder, h)
		}
		sections[h] = append(sections[h], a.Text)
	}

	var b strings.Builder
	emit := func(text string) {
		for _, l := range strings.Split(text, "\n") {
			b.WriteString(l + eol)
		}
	}
	if src == nil {
		emit("# " + strings.TrimSuffix(baseName(path), ".md"))
	}
	for i, l := range lines {
		b.WriteString(l)
		blocks, ok := after[i+1]
		if !ok {
			continue
		}
		if !strings.HasSuffix(l, "\n") {
			b.WriteString(eol)
		}
		if !isListLine(l) && strings.TrimSpace(l) != "" {
			b.WriteString(eol)
		}
		for _, t := range blocks {
			emit(t)
		}
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
			b.WriteString(eol)
		}
	}
	for _, h := range sectionOrder {
		if out := b.String(); out != "" {
			if !strings.HasSuffix(out, "\n") {
				b.WriteString(eol)
			}
			if strings.TrimRight(out, "\r\n") == out || !strings.HasSuffix(out, eol+eol) {
				b.WriteString(eol)
			}
		}
		emit("## " + h)
		b.WriteString(eol)
		for _, t := range sections[h] {
			emit(t)
		}
	}
	return []byte(b.String())
}

func cmpOr(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func baseName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}

func splitLines(src []byte) []string {
	if len(src) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// headingLevels gives each of the n lines of src its heading level, 0 for
// a line that starts no heading, as the engine's scanner reads them: a
// heading inside a code or HTML block is none, and a setext heading counts
// from its first line.
func headingLevels(src []byte, n int) []int {
	levels := make([]int, n)
	for l := range learnings.ScanMarkdown(src) {
		switch {
		case l.Kind == learnings.MarkdownHeading && l.Num <= n:
			levels[l.Num-1] = l.Level
		case l.Kind == learnings.MarkdownSetext && l.Start <= n:
			levels[l.Start-1] = l.Level
		}
	}
	return levels
}

// sectionEnd is the last non-blank line (1-based) of the section whose
// heading is on line h: before the next heading of the same or a higher
// level.
func sectionEnd(lines []string, levels []int, h int) int {
	level := levels[h-1]
	last := h
	for i := h; i < len(lines); i++ {
		if l := levels[i]; l > 0 && l <= level {
			break
		}
		if strings.TrimSpace(lines[i]) != "" {
			last = i + 1
		}
	}
	return last
}

func isListLine(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ") {
		return true
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i < len(t)-1 && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' ||
		line != strings.TrimLeft(line, " \t") && t != ""
}
