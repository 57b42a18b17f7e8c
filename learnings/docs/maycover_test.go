package docs

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestMayCover holds MayCover to Covered: a text MayCover rules out is
// never covered. The texts are learnings as people and agents write them
// (TestCovered's, the docs' own passages and lines, each also cut short
// and with words added, some the docs lack, the generators' learnings) against the sample
// project and against a README made of generated learnings, as the bench
// sets one up, where many learnings are close to a passage.
func TestMayCover(t *testing.T) {
	bench := project(t, map[string]string{
		"README.md": "# Bench project\n\nNotes the team keeps.\n\n" + string(memgen.Learnings(2001, 40)),
	})
	for _, root := range []string{sampleProject(t), bench} {
		c := load(t, root)
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
		texts = append(texts, "Run make gen before go test; generated files aren't committed", "Use go test -race in CI",
			"POST requests need an Idempotency-Key header", "Logs go to stderr and never to stdout", "Default retries for uploads is 3",
			"Never use go test -race in CI", "The race detector needs cgo and gcc", "", "  *  ")
		covered, ruledOut := 0, 0
		for _, text := range texts {
			_, ok := c.Covered(text)
			may := c.MayCover(text)
			if ok && !may {
				t.Errorf("%s: MayCover(%q) is false, but Covered finds it", root, text)
			}
			if ok {
				covered++
			}
			if !may {
				ruledOut++
			}
		}
		if covered < 20 || ruledOut < len(texts)/2 {
			t.Errorf("%s: of %d texts %d covered and %d ruled out: the test needs more of each", root, len(texts), covered, ruledOut)
		}
	}
}
