package memgen

import (
	"bytes"
	_ "embed"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"
)

// proseCorpus is prose.txt: sentences of real English (the Go standard
// library's doc comments), each after the file it came from and a tab.
//
//go:embed prose.txt
var proseCorpus string

// proseSentence is one sentence of the corpus and the file it came from.
type proseSentence struct{ file, text string }

// proseText reads the corpus: its sentences in file order and, per
// package, where they are.
func proseText() (sents []proseSentence, start map[string][]int) {
	start = map[string][]int{}
	for line := range strings.Lines(proseCorpus) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, text, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		pkg := file[:max(0, strings.LastIndex(file, "/"))]
		start[pkg] = append(start[pkg], len(sents))
		sents = append(sents, proseSentence{file, text})
	}
	return sents, start
}

// goIdent finds the words of a sentence a person would put in backticks:
// a qualified Go name (io.Reader, File.Open) or one in mixed case.
var goIdent = regexp.MustCompile(`\b[A-Za-z_]+\.[A-Za-z_][A-Za-z0-9_]*\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b`)

// proseGen writes the "prose" generator's files: learnings whose
// vocabulary is real English text, one to four sentences of the corpus
// each, about the package a session worked on, with real file paths, a
// code span where the sentence names an identifier, few near-duplicates
// and sessions of very different sizes.
type proseGen struct {
	r      *rand.Rand
	buf    *bytes.Buffer
	sents  []proseSentence
	start  map[string][]int
	recent []string
	seen   map[string]bool
	used   []int // per sentence of the corpus, how often it was drawn
}

// proseFile writes the prose generator's file of about opts.Size bytes to
// buf. It draws from a random source of its own, seeded apart from the
// other modes', so its bytes for a seed are what they were when it lived
// in bench/genmem; DuplicateRate and ConsolidatedShare do not apply.
func proseFile(buf *bytes.Buffer, opts Options) {
	seed := uint64(opts.Seed)
	g := &proseGen{r: rand.New(rand.NewPCG(seed, seed^0x70726f7365)), buf: buf, seen: map[string]bool{}}
	g.sents, g.start = proseText()
	g.used = make([]int, len(g.sents))
	g.buf.WriteString("## Consolidated Learnings\n\n")
	for c, name := range Categories {
		fmt.Fprintf(g.buf, "**%s:**\n", name)
		for range 1 + g.r.IntN(3) {
			fmt.Fprintf(g.buf, "- %s\n", g.learning(g.pkg(), c))
		}
		g.buf.WriteString("\n")
	}
	g.buf.WriteString("**Documentation Seen** (compacted sessions): ")
	for i := range 3 + g.r.IntN(4) {
		if i > 0 {
			g.buf.WriteString(", ")
		}
		fmt.Fprintf(g.buf, "`%s` (%d)", g.sents[g.r.IntN(len(g.sents))].file, 1+g.r.IntN(30))
	}
	g.buf.WriteString("\n\n---\n\n## Recent Sessions\n\n")
	FillSessions(g.buf, opts.Size, opts.Base, g.session, func() time.Duration {
		return time.Duration(5+g.r.IntN(60*12)) * time.Minute
	})
}

func (g *proseGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// pkg picks a package by its share of the corpus' sentences: a package
// of three sentences picked as often as one of three hundred would make
// most of its learnings repeat each other.
func (g *proseGen) pkg() string {
	f := g.sents[g.r.IntN(len(g.sents))].file
	return f[:max(0, strings.LastIndex(f, "/"))]
}

var proseFocus = []string{"Fix", "Debug", "Refactor", "Document", "Speed up", "Review", "Test", "Port", "Clean up", "Understand"}

// session writes one session about one package (now and then two): a
// single learning in a third of them, up to fifteen in a few.
func (g *proseGen) session(at time.Time) {
	pkg := g.pkg()
	other := pkg
	if g.r.IntN(5) == 0 {
		other = g.pkg()
	}
	b := g.buf
	fmt.Fprintf(b, "## [%s] - %s %s\n", at.Format("2006-01-02 15:04 MST"), g.pick(proseFocus), pkg)
	b.WriteString("**Project**: goprose\n")
	if g.r.IntN(6) != 0 {
		var docs []string
		n := 1 + g.r.IntN(4)
		for i := range n {
			p := pkg
			if i == n-1 {
				p = other
			}
			if d := g.sents[g.start[p][g.r.IntN(len(g.start[p]))]].file; !slices.Contains(docs, d) {
				docs = append(docs, d)
			}
		}
		fmt.Fprintf(b, "**Documentation Seen**: `%s`\n", strings.Join(docs, "`, `"))
	}
	b.WriteString("\n### Learnings\n\n")
	var n int
	switch x := g.r.IntN(100); {
	case x < 33:
		n = 1
	case x < 65:
		n = 2 + g.r.IntN(2)
	case x < 92:
		n = 4 + g.r.IntN(5)
	default:
		n = 9 + g.r.IntN(7)
	}
	byCat := make([][]string, len(Categories))
	for i := range n {
		c := proseCategory(g.r.IntN(100))
		p := pkg
		if i%3 == 2 {
			p = other
		}
		byCat[c] = append(byCat[c], g.learning(p, c))
	}
	WriteCategories(b, byCat)
	b.WriteString("---\n\n")
}

// proseCategory spreads learnings over the categories the way sessions
// do: mostly discoveries, few preferences.
func proseCategory(x int) int {
	switch {
	case x < 10:
		return 0
	case x < 20:
		return 1
	case x < 38:
		return 2
	case x < 92:
		return 3
	}
	return 4
}

// learning is one to four sentences of the package in the corpus' order,
// with a code span on a name they mention and, in some, the file and line
// they are about. Sentences already written together are drawn again (in
// another package after the second try), so that repeats are the few
// nearDuplicate makes and the ones a small corpus cannot avoid in a large
// file. Measured with learn lint at 206e4b1: at 1 MB, 1 duplicate and 146
// unresolved updates (about 35 of them nearDuplicate's) in 3542
// learnings; at 10 MB, where each sentence is in about 30 learnings, 24
// and 5518 in 34017.
func (g *proseGen) learning(pkg string, c int) string {
	if len(g.recent) > 20 && g.r.IntN(100) == 0 {
		return g.nearDuplicate(g.recent[g.r.IntN(len(g.recent))])
	}
	var s, core string
	for try := 0; try < 6; try++ {
		s, core = g.draw(pkg, c)
		if !g.seen[core] {
			break
		}
		if try >= 1 {
			pkg = g.pkg() // its few sentences are taken
		}
	}
	g.seen[core] = true
	g.recent = append(g.recent, s)
	if len(g.recent) > 200 {
		g.recent = g.recent[1:]
	}
	return s
}

// draw makes one learning for learning, and its sentences without the
// code span and the path around them.
func (g *proseGen) draw(pkg string, c int) (string, string) {
	idx := g.start[pkg]
	var k int
	switch x := g.r.IntN(100); {
	case x < 12:
		k = 1
	case x < 47:
		k = 2
	case x < 80:
		k = 3
	default:
		k = 4
	}
	k = min(k, len(idx))
	at := g.lessUsed(idx, 3)
	picked := []int{at}
	for len(picked) < k {
		if j := g.lessUsed(idx, 2); !slices.Contains(picked, j) {
			picked = append(picked, j)
		}
	}
	slices.Sort(picked)
	parts := make([]string, len(picked))
	for n, j := range picked {
		parts[n] = g.sents[idx[j]].text
		g.used[idx[j]]++
	}
	s := strings.Join(parts, " ")
	core := s
	if loc := goIdent.FindStringIndex(s); loc != nil && g.r.IntN(3) != 0 {
		s = s[:loc[0]] + "`" + s[loc[0]:loc[1]] + "`" + s[loc[1]:]
	}
	file := g.sents[idx[at]].file
	switch g.r.IntN(6) {
	case 0:
		s = fmt.Sprintf("In `%s`: %s", file, s)
	case 1:
		s = fmt.Sprintf("%s (see `%s:%d`)", s, file, 1+g.r.IntN(900))
	}
	if c == 4 && g.r.IntN(2) == 0 {
		s = "The user wants this kept in mind: " + s
	}
	return s, core
}

// lessUsed draws tries sentences of a package (idx, their places in the
// corpus) and returns the position in idx of the one drawn least so far,
// so that the sentences are spread evenly and few learnings share one.
func (g *proseGen) lessUsed(idx []int, tries int) int {
	best := g.r.IntN(len(idx))
	for range tries - 1 {
		if j := g.r.IntN(len(idx)); g.used[idx[j]] < g.used[idx[best]] {
			best = j
		}
	}
	return best
}

// nearDuplicate restates an earlier learning: one sentence fewer, or the
// same sentences after a short lead-in.
func (g *proseGen) nearDuplicate(s string) string {
	if i := strings.LastIndex(strings.TrimSuffix(s, "."), ". "); i > 0 && g.r.IntN(2) == 0 {
		return s[:i+1]
	}
	lead := g.pick([]string{"As noted before, ", "Again: ", "Confirmed: "})
	if lead == "As noted before, " && len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' {
		s = strings.ToLower(s[:1]) + s[1:]
	}
	return lead + s
}
