package learnings

import (
	"sort"
	"strconv"
	"strings"
)

// RenderSession renders s in the canonical form of DESIGN.md, ending with
// its "---" separator line, with every line ended by eol:
//
//	## [2026-11-22 14:05 CET] - Focus
//	**Project**: acme-sync
//	**Documentation Seen**: `README.md`, `docs/api.md#retries`
//
//	### Learnings
//
//	**User Corrections:**
//	- ...
//
//	---
//
// Categories come in priority order (custom ones after, in first-seen
// order), learnings in the order given. An empty Project leaves its line
// out; no docs render as "none".
func RenderSession(s NewSession, eol string) []byte {
	var b strings.Builder
	b.WriteString("## [")
	b.WriteString(FormatStamp(s.Time))
	b.WriteString("]")
	if focus := oneLine(s.Focus); focus != "" {
		b.WriteString(" - ")
		b.WriteString(focus)
	}
	b.WriteString(eol)
	if project := oneLine(s.Project); project != "" {
		b.WriteString("**Project**: ")
		b.WriteString(project)
		b.WriteString(eol)
	}
	b.WriteString("**Documentation Seen**: ")
	b.WriteString(renderDocs(s.Docs))
	b.WriteString(eol)
	b.WriteString(eol)
	b.WriteString("### Learnings")
	b.WriteString(eol)
	b.WriteString(eol)
	writeCategories(&b, s.Learnings, eol)
	b.WriteString("---")
	b.WriteString(eol)
	return []byte(b.String())
}

// RenderConsolidated renders a whole Consolidated Learnings section in
// canonical form, from its heading to its closing "---" line. A nil tally
// leaves the Documentation Seen line out.
func RenderConsolidated(ls []NewLearning, tally []DocCount, eol string) []byte {
	var b strings.Builder
	b.Grow(consolidatedSize(ls, tally, nil, eol))
	b.WriteString("## Consolidated Learnings")
	b.WriteString(eol)
	b.WriteString(eol)
	writeCategories(&b, ls, eol)
	if len(tally) > 0 {
		b.WriteString(renderTally(tally))
		b.WriteString(eol)
		b.WriteString(eol)
	}
	b.WriteString("---")
	b.WriteString(eol)
	return []byte(b.String())
}

// consolidatedSize is about the size of the section RenderConsolidated
// writes, with the blocks kept beside the learnings: compact renders
// several MB into one builder, and growing it by doubling copied it about
// as many times again.
func consolidatedSize(ls []NewLearning, tally []DocCount, kept [][]byte, eol string) int {
	n := 256
	for _, l := range ls {
		n += len(l.Text) + len("- ") + len(eol)
	}
	for _, k := range kept {
		n += len(k) + 2*len(eol)
	}
	for _, dc := range tally {
		n += len(dc.Ref) + len("``,  (1000)")
	}
	return n + n/32 // category labels, indented lines
}

func renderTally(tally []DocCount) string {
	var b strings.Builder
	b.WriteString("**Documentation Seen** (compacted sessions): ")
	for i, dc := range tally {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(backticked(dc.Ref))
		b.WriteString(" (")
		b.WriteString(strconv.Itoa(dc.Count))
		b.WriteString(")")
	}
	return b.String()
}

func renderDocs(docs []string) string {
	var refs []string
	for _, d := range docs {
		if d = oneLine(strings.ReplaceAll(d, "`", "")); d != "" {
			refs = append(refs, "`"+d+"`")
		}
	}
	if len(refs) == 0 {
		return "none"
	}
	return strings.Join(refs, ", ")
}

func backticked(ref string) string {
	return "`" + oneLine(strings.ReplaceAll(ref, "`", "")) + "`"
}

// categoryGroup is one category's learnings, in the order given.
type categoryGroup struct {
	name  string
	texts []string
}

// groupByCategory groups learnings by canonical category, spec categories
// in priority order first, custom ones after in first-seen order.
func groupByCategory(ls []NewLearning) []categoryGroup {
	var groups []categoryGroup
	index := map[string]int{}
	// A file has thousands of learnings under a handful of labels: each
	// label is read once (categoryName collapses its white space into a
	// new string, then normalises it).
	names := map[string]string{}
	for _, l := range ls {
		name, ok := names[l.Category]
		if !ok {
			name = categoryName(l.Category)
			names[l.Category] = name
		}
		i, ok := index[name]
		if !ok {
			i = len(groups)
			index[name] = i
			groups = append(groups, categoryGroup{name: name})
		}
		groups[i].texts = append(groups[i].texts, l.Text)
	}
	sort.SliceStable(groups, func(i, j int) bool {
		return CategoryRank(groups[i].name) < CategoryRank(groups[j].name)
	})
	return groups
}

func categoryName(label string) string {
	name, _ := NormalizeCategory(oneLine(label))
	if name == "" {
		return GeneralCategory
	}
	return name
}

func writeCategories(b *strings.Builder, ls []NewLearning, eol string) {
	for _, g := range groupByCategory(ls) {
		writeLabel(b, g.name, eol)
		for _, t := range g.texts {
			writeItem(b, t, eol)
		}
		b.WriteString(eol)
	}
}

func writeLabel(b *strings.Builder, name, eol string) {
	b.WriteString("**")
	b.WriteString(name)
	b.WriteString(":**")
	b.WriteString(eol)
}

// writeItem writes one learning as a "- " item, its further lines indented
// two spaces so they stay inside the item.
func writeItem(b *strings.Builder, text, eol string) {
	if strings.IndexByte(text, '\n') < 0 && strings.IndexByte(text, '\r') < 0 {
		// One line, as nearly every learning is: written as the loop
		// below writes it, without splitting it into a list of one.
		text = strings.Trim(text, " \t")
		b.WriteString(itemMarker(text))
		b.WriteString(text)
		b.WriteString(eol)
		return
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.TrimRight(text, " \t\r\n")
	text = strings.TrimLeft(text, " \t\r\n")
	lines := strings.Split(text, "\n")
	b.WriteString(itemMarker(lines[0]))
	for i, ln := range lines {
		ln = strings.TrimRight(ln, "\r")
		if i > 0 {
			if strings.TrimSpace(ln) != "" {
				b.WriteString("  ")
				b.WriteString(ln)
			}
		} else {
			b.WriteString(ln)
		}
		b.WriteString(eol)
	}
}

// itemMarker is the marker of an item whose first line is first: "* "
// for a line of dashes alone ("- --" would read as a thematic break, "* --"
// does not), else "- ".
func itemMarker(first string) string {
	if strings.Trim(first, "- \t") == "" && strings.Count(first, "-") >= 2 {
		return "* "
	}
	return "- "
}

// oneLine collapses white space, line breaks included, to single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
