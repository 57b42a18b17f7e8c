package docs

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings/similar"
)

// shareOf is the share of text's word weight the passage of c holding
// most of it holds, as improve reads it (PrepareRepeatsSharesInOrder
// with HasTerm and, when narrow, PassageShare).
func shareOf(c *Corpus, text string, narrow bool) float64 {
	var passage func(float64, []similar.HeldTerm) float64
	if narrow {
		passage = c.PassageShare
	}
	return similar.PrepareRepeatsSharesInOrder(1, func(int) string { return text }, c.HasTerm, passage, func(int, *similar.Text) {})[0]
}

// TestMayCover holds MayCoverShare, given the share of the passage
// holding most of a text's words, to Covered: a text it rules out is
// never covered: most learnings of a large memory share too few words
// with any one passage of a project's docs to be covered, and need no
// profile to say so. The texts are learnings as people and agents write them
// (TestCovered's, the docs' own passages and lines, each also cut short
// and with words added, some the docs lack, the generators' learnings) against the sample
// project and against a README made of generated learnings, as the bench
// sets one up, where many learnings are close to a passage. The share of
// the passage holding most of a text's words must rule out texts the
// share of all the docs' words lets through, or it does nothing.
func TestMayCover(t *testing.T) {
	for _, root := range []string{sampleProject(t), benchProject(t)} {
		c := load(t, root)
		texts := mayCoverTexts(c)
		covered, ruledOut, byPassage := 0, 0, 0
		for _, text := range texts {
			_, ok := c.Covered(text)
			may := c.MayCoverShare(shareOf(c, text, true))
			if ok && !may {
				t.Errorf("%s: MayCoverShare rules out %q, but Covered finds it", root, text)
			}
			if ok {
				covered++
			}
			if !may {
				ruledOut++
				if c.MayCoverShare(shareOf(c, text, false)) {
					byPassage++
				}
			}
		}
		if covered < 20 || ruledOut < len(texts)/2 || byPassage == 0 {
			t.Errorf("%s: of %d texts %d covered and %d ruled out, %d of them by the passage's share alone: the test needs more of each",
				root, len(texts), covered, ruledOut, byPassage)
		}
	}
}

// TestPassageShare holds PassageShare to the passages' profiles: given the
// share of a text's terms the docs hold, it gives the share of those the
// passage holding most of their weight holds, counted from the text's
// profile and each passage's, for a text that may be covered by the first
// share, and the first share for the others.
func TestPassageShare(t *testing.T) {
	for _, root := range []string{sampleProject(t), benchProject(t)} {
		c := load(t, root)
		narrowed := 0
		for _, text := range mayCoverTexts(c) {
			p := similar.NewProfile(text)
			var own, in float64
			var held []similar.HeldTerm
			for _, term := range p.Terms() {
				w := similar.TermWeight(term)
				own += w
				if c.HasTerm(term) {
					in += w
					held = append(held, similar.HeldTerm{Term: term, Weight: w})
				}
			}
			if in == 0 {
				continue
			}
			share := in / own
			want := share
			if c.MayCoverShare(share) {
				most := 0.0
				for _, ps := range c.passages {
					var sh float64
					for _, h := range held {
						if _, ok := slices.BinarySearch(ps.profile.Terms(), h.Term); ok {
							sh += h.Weight
						}
					}
					most = max(most, sh)
				}
				want = most / own
			}
			got := c.PassageShare(share, held)
			if math.Abs(got-want) > 1e-12 {
				t.Fatalf("%s: PassageShare(%v) of %q = %v, want %v", root, share, text, got, want)
			}
			if got < share-1e-12 {
				narrowed++
			}
		}
		if narrowed == 0 {
			t.Errorf("%s: PassageShare narrowed no share: the test needs texts whose words are in several passages", root)
		}
	}
}

// benchProject is a project whose README is made of generated learnings,
// as the bench sets one up.
func benchProject(t *testing.T) string {
	return project(t, map[string]string{
		"README.md": "# Bench project\n\nNotes the team keeps.\n\n" + string(memgen.Learnings(2001, 40)),
	})
}

// mayCoverTexts are the texts TestMayCover tries against c.
func mayCoverTexts(c *Corpus) []string {
	var texts []string
	for _, d := range c.Docs {
		for _, p := range d.Passages {
			for line := range strings.Lines(p.Text) {
				line = strings.TrimSpace(strings.TrimLeft(line, "-*|# "))
				words := strings.Fields(line)
				// Words the docs lack bring a covered text near the
				// threshold.
				texts = append(texts, line, "Always "+line+" in the payments service",
					strings.Join(words[:len(words)*3/4], " "), strings.Join(words[len(words)/4:], " "),
					line+" quorbal", line+" quorbal zintex", line+" quorbal zintex ferrobly")
			}
		}
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for line := range strings.Lines(string(memgen.GenerateWith(memgen.Options{Seed: 5, Size: 200 << 10, Mode: mode}))) {
			if text, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok {
				texts = append(texts, text)
			}
		}
	}
	return append(texts, "Run make gen before go test; generated files aren't committed", "Use go test -race in CI",
		"POST requests need an Idempotency-Key header", "Logs go to stderr and never to stdout", "Default retries for uploads is 3",
		"Never use go test -race in CI", "The race detector needs cgo and gcc", "", "  *  ")
}
