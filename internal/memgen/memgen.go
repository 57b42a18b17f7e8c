// Package memgen generates realistic memory files for benchmarks and tests.
//
// The output follows the canonical format of DESIGN.md ("The file"): a
// Consolidated Learnings section with a Documentation Seen tally, then many
// sessions, newest first, with all five categories, multi-line bullets with
// indented code fences, inline code, links and non-ASCII text. The same
// seed always gives the same bytes, so benchmark numbers are comparable
// across machines and runs.
package memgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Categories are the spec's five categories in priority order.
var Categories = []string{
	"User Corrections",
	"New Requirements",
	"Updated Conventions",
	"Fresh Discoveries",
	"Preference Clarifications",
}

// Options tunes Generate for the file variants the reader must accept.
type Options struct {
	// Seed makes the output reproducible.
	Seed int64
	// Size is the approximate output size in bytes (within a few percent
	// from about 20 KB up; smaller files are whole sessions and overshoot).
	Size int
	// CRLF writes Windows line endings.
	CRLF bool
	// DuplicateRate is the fraction of learnings that repeat an earlier one
	// with a small change. Zero means the default of 5 %; negative means none.
	DuplicateRate float64
	// ConsolidatedShare is the fraction of Size spent on Consolidated
	// Learnings. Zero means the default of 5 %; negative means none.
	ConsolidatedShare float64
	// Base is the timestamp of the newest session. Zero means
	// 2026-11-01 18:00 UTC. Older sessions count back from it.
	Base time.Time
	// Mode picks a generator from Modes; empty is the default one, whose
	// bytes for a seed never change (benchmarks and tests depend on them).
	Mode string
}

// Generate returns a memory file of about size bytes for seed, with the
// default options.
func Generate(seed int64, size int) []byte {
	return GenerateWith(Options{Seed: seed, Size: size})
}

// GenerateWith returns a memory file built from opts.
func GenerateWith(opts Options) []byte {
	g := newGen(opts)
	switch opts.Mode {
	case "":
		g.file()
	case "agent":
		g.agentFile()
	case "prose":
		proseFile(&g.buf, g.opts)
	default:
		g.modeFile()
	}
	out := g.buf.Bytes()
	if opts.CRLF {
		// The agent mode writes some sessions with CRLF already.
		out = bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n"))
		out = bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
	}
	return out
}

// Session returns one small session in canonical form (as learn store
// would write it) at the given time, for benchmarks that store a session.
func Session(seed int64, at time.Time) []byte {
	g := newGen(Options{Seed: seed})
	g.session(at)
	return g.buf.Bytes()
}

// Learnings returns n fresh candidate learnings as markdown bullets under
// their category headings, the input "learn store" and "learn summarise"
// read.
func Learnings(seed int64, n int) []byte {
	return Candidates(nil, seed, n)
}

// Candidates returns n candidate learnings for the memory file src, as
// markdown bullets under category headings. About a third restate a
// single-line learning of src (a near-duplicate a check should catch); the
// rest are new.
func Candidates(src []byte, seed int64, n int) []byte {
	g := newGen(Options{Seed: seed ^ 0x5eed})
	var known []string
	for line := range strings.Lines(string(src)) {
		line = strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(line, "- ") && !strings.HasSuffix(line, "Example:") {
			known = append(known, line[2:])
		}
	}
	byCat := make([][]string, len(Categories))
	for i := range n {
		c := g.r.IntN(len(Categories))
		text := g.learning(c)
		if len(known) > 0 && i%3 == 0 {
			text = g.nearDuplicate(known[g.r.IntN(len(known))])
		}
		byCat[c] = append(byCat[c], text)
	}
	var b strings.Builder
	WriteCategories(&b, byCat)
	return []byte(b.String())
}

type gen struct {
	opts    Options
	r       *rand.Rand
	buf     bytes.Buffer
	project string
	recent  []string // ring of earlier learnings, source of near-duplicates
	next    int
	zipf    *rand.Zipf   // word ranks of the zipf-like modes, made on first use
	pending []superseded // older versions the agent mode strikes through in older sessions
}

func newGen(opts Options) *gen {
	if opts.DuplicateRate == 0 {
		opts.DuplicateRate = 0.05
	}
	if opts.ConsolidatedShare == 0 {
		opts.ConsolidatedShare = 0.05
	}
	if opts.Base.IsZero() {
		opts.Base = time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	}
	r := rand.New(rand.NewPCG(uint64(opts.Seed), uint64(opts.Seed)^0x9e3779b97f4a7c15))
	g := &gen{opts: opts, r: r}
	g.project = projects[r.IntN(len(projects))]
	g.buf.Grow(opts.Size + 4096)
	return g
}

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *gen) file() {
	size := g.opts.Size
	g.buf.WriteString("## Consolidated Learnings\n\n")
	target := int(float64(size) * g.opts.ConsolidatedShare)
	for c, name := range Categories {
		if target <= 0 {
			break
		}
		fmt.Fprintf(&g.buf, "**%s:**\n", name)
		share := target / len(Categories)
		start := g.buf.Len()
		for first := true; first || g.buf.Len()-start < share; first = false {
			g.bullet(c)
		}
		g.buf.WriteString("\n")
	}
	g.buf.WriteString("**Documentation Seen** (compacted sessions): ")
	for i, f := range g.r.Perm(len(files))[:4+g.r.IntN(5)] {
		if i > 0 {
			g.buf.WriteString(", ")
		}
		fmt.Fprintf(&g.buf, "`%s` (%d)", files[f], 1+g.r.IntN(12))
	}
	g.buf.WriteString("\n\n---\n\n## Recent Sessions\n\n")
	FillSessions(&g.buf, size, g.opts.Base, g.session, func() time.Duration {
		return time.Duration(10+g.r.IntN(60*8)) * time.Minute
	})
}

func (g *gen) session(at time.Time) {
	b := &g.buf
	fmt.Fprintf(b, "## [%s] - %s %s\n", at.Format("2006-01-02 15:04 MST"), g.pick(focusVerbs), g.pick(components))
	project := g.project
	if g.r.IntN(20) == 0 {
		project = g.pick(projects)
	}
	fmt.Fprintf(b, "**Project**: %s\n", project)
	if g.r.IntN(10) != 0 {
		b.WriteString("**Documentation Seen**: ")
		for i := range 1 + g.r.IntN(3) {
			if i > 0 {
				b.WriteString(", ")
			}
			doc := g.pick(files)
			if strings.HasSuffix(doc, ".md") && g.r.IntN(2) == 0 {
				doc += "#" + g.pick(anchors)
			}
			fmt.Fprintf(b, "`%s`", doc)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n### Learnings\n\n")
	wrote := false
	for c, name := range Categories {
		if g.r.IntN(5) < 2 && (wrote || c < len(Categories)-1) {
			continue
		}
		wrote = true
		fmt.Fprintf(b, "**%s:**\n", name)
		for range 1 + g.r.IntN(3) {
			g.bullet(c)
		}
		b.WriteString("\n")
	}
	b.WriteString("---\n\n")
}

// bullet writes one learning of category c, sometimes with a code block.
func (g *gen) bullet(c int) {
	text := g.learning(c)
	b := &g.buf
	if g.r.IntN(12) != 0 {
		fmt.Fprintf(b, "- %s\n", text)
		return
	}
	lang := g.pick(codeLangs)
	fmt.Fprintf(b, "- %s Example:\n  ```%s\n", strings.TrimSuffix(text, "."), lang)
	for _, line := range g.code(lang) {
		if line == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString("  ")
		b.WriteString(line)
		b.WriteString("\n")
	}
	b.WriteString("  ```\n")
}

// learning returns the text of one learning of category c.
func (g *gen) learning(c int) string {
	if len(g.recent) > 8 && g.r.Float64() < g.opts.DuplicateRate {
		return g.nearDuplicate(g.recent[g.r.IntN(len(g.recent))])
	}
	var s string
	n := 2 + g.r.IntN(300)
	switch c {
	case 0:
		switch g.r.IntN(3) {
		case 0:
			s = fmt.Sprintf("%s must %s; %s.", capitalise(g.pick(components)), fmt.Sprintf(g.pick(constraints), n), g.pick(reasons))
		case 1:
			s = fmt.Sprintf("Run `%s` before `%s` in %s; %s.", g.pick(commands), g.pick(commands), g.pick(components), g.pick(reasons))
		default:
			s = fmt.Sprintf("Not `%s` but `%s` in %s: the first one %s.", g.pick(identifiers), g.pick(identifiers), g.pick(components), g.pick(behaviours))
		}
	case 1:
		s = fmt.Sprintf("%s %s %s (ticket #%d).", capitalise(g.pick(components)), g.pick(requirements), g.pick(requirementObjects), 100+g.r.IntN(9000))
	case 2:
		switch g.r.IntN(2) {
		case 0:
			s = fmt.Sprintf("Name %s helpers `%s%s` and keep them next to `%s`; see [the guide](%s).", g.pick(adjectives), verbPrefix(g), word(g), g.pick(files), g.pick(linkTargets))
		default:
			s = fmt.Sprintf("Use `%s` instead of `%s` for %s; %s.", g.pick(commands), g.pick(commands), g.pick(components), g.pick(reasons))
		}
	case 3:
		s = fmt.Sprintf("`%s` %s; %s (found in `%s:%d`).", g.pick(identifiers), g.pick(behaviours), g.pick(consequences), g.pick(files), 1+g.r.IntN(900))
	default:
		s = fmt.Sprintf("The user %s, also in %s (said in review of PR #%d).", g.pick(preferences), g.pick(components), 10+g.r.IntN(4000))
	}
	if g.r.IntN(15) == 0 {
		s += " " + g.pick(emoji)
	}
	g.remember(s)
	return s
}

func (g *gen) remember(s string) {
	const ring = 64
	if len(g.recent) < ring {
		g.recent = append(g.recent, s)
		return
	}
	g.recent[g.next] = s
	g.next = (g.next + 1) % ring
}

// nearDuplicate rewrites s the way a model restates a known learning.
func (g *gen) nearDuplicate(s string) string {
	switch g.r.IntN(4) {
	case 0:
		return strings.TrimSuffix(s, ".")
	case 1:
		return "Note: " + s
	case 2:
		return strings.Replace(s, " must ", " should ", 1)
	default:
		return lowerFirst(s)
	}
}

func (g *gen) code(lang string) []string {
	id := word(g)
	n := 1 + g.r.IntN(500)
	switch lang {
	case "go":
		return []string{
			fmt.Sprintf("func %s(ctx context.Context) error {", id),
			fmt.Sprintf("\tif err := %s(ctx); err != nil {", g.pick(identifiers)),
			fmt.Sprintf("\t\treturn fmt.Errorf(\"%s: %%w\", err)", id),
			"\t}",
			fmt.Sprintf("\treturn nil // max %d", n),
			"}",
		}
	case "bash":
		return []string{
			"# run from the repository root",
			g.pick(commands),
			fmt.Sprintf("%s --retries %d", g.pick(commands), n%10),
		}
	case "json":
		return []string{
			"{",
			fmt.Sprintf("  \"%s\": %d,", id, n),
			fmt.Sprintf("  \"note\": \"%s\"", g.pick(reasons)),
			"}",
		}
	case "yaml":
		return []string{
			fmt.Sprintf("%s:", id),
			fmt.Sprintf("  timeout: %ds", n),
			"",
			fmt.Sprintf("  owner: %s", g.pick(projects)),
		}
	case "python":
		return []string{
			fmt.Sprintf("def %s(items):", id),
			fmt.Sprintf("    return [i for i in items if i.size < %d]", n),
		}
	default:
		return []string{
			fmt.Sprintf("SELECT id FROM %s", id),
			fmt.Sprintf("WHERE updated_at < now() - interval '%d minutes';", n),
		}
	}
}

var syllables = []string{
	"load", "sync", "parse", "flush", "index", "retry", "queue", "cache", "lock", "merge",
	"split", "token", "batch", "page", "scan", "watch", "render", "route", "check", "store",
}

func word(g *gen) string {
	return g.pick(syllables) + capitalise(g.pick(syllables)) + capitalise(g.pick(syllables))
}

func verbPrefix(g *gen) string {
	return []string{"must", "try", "with", "new", "to"}[g.r.IntN(5)]
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	if strings.HasPrefix(s, "the ") {
		return "The " + s[4:]
	}
	return upperFirst(s)
}

// lowerFirst lowers the first letter of s, the whole rune: lowering the
// first byte alone cut a German or Japanese learning's first character in
// two and wrote invalid UTF-8 (18 lines of the intl generator's 10 MB file,
// and the candidates genmem drew from them).
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// upperFirst is lowerFirst's other half.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
