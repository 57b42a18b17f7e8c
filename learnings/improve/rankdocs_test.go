package improve

import (
	"cmp"
	"slices"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// rankDocsPlain is RankDocs as it read every reference, cleaning it and
// looking it up among its file's Refs each time it came: RankDocs, which
// works each reference out once, must rank exactly as it did.
func rankDocsPlain(doc *learnings.Document) []DocRank {
	byPath := make(map[string]*DocRank)
	var order []*DocRank
	bump := func(ref, p string, n int) {
		if p == "" || n <= 0 {
			return
		}
		d := byPath[p]
		if d == nil {
			d = &DocRank{Path: p, Refs: []string{}}
			byPath[p] = d
			order = append(order, d)
		}
		d.Seen += n
		if !slices.Contains(d.Refs, ref) {
			d.Refs = append(d.Refs, ref)
		}
	}
	var seen []string
	for _, s := range doc.Sessions {
		seen = seen[:0]
		for _, ref := range s.Docs {
			ref = cleanRef(ref)
			if p := docPath(ref); !slices.Contains(seen, p) {
				seen = append(seen, p)
				bump(ref, p, 1)
			} else if d := byPath[p]; d != nil && !slices.Contains(d.Refs, ref) {
				d.Refs = append(d.Refs, ref)
			}
		}
	}
	if doc.Consolidated != nil {
		for _, t := range doc.Consolidated.Tally {
			ref := cleanRef(t.Ref)
			bump(ref, docPath(ref), t.Count)
		}
	}
	out := make([]DocRank, len(order))
	for i, d := range order {
		out[i] = *d
	}
	slices.SortStableFunc(out, func(a, b DocRank) int {
		if c := cmp.Compare(b.Seen, a.Seen); c != 0 {
			return c
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}

func TestRankDocsAsPlain(t *testing.T) {
	hand := "## Consolidated Learnings\n\n**Fresh Discoveries:**\n- one\n\n" +
		"**Documentation Seen** (compacted sessions): `README.md#usage` (3), `docs/api.md` (0), `lib/a.ex:12` (2)\n\n---\n\n" +
		"## Recent Sessions\n\n" +
		"## [2026-01-03 10:00 UTC] - third\n" +
		"**Documentation Seen**: `README.md#usage`, `README.md`, README.md#usage, docs/api.md:7, ./docs/api.md\n- a\n\n" +
		"## [2026-01-02 10:00 UTC] - second\n" +
		"**Documentation Seen**: README.md, README.md#usage, README.md#install, docstrings in lib/a.ex, lib/a.ex:12\n- b\n\n" +
		"## [2026-01-01 10:00 UTC] - first\n" +
		"**Documentation Seen**: #top, README.md#install, docs/api.md#errors, lib/a.ex:12\n- c\n"
	docs := map[string][]byte{"hand": []byte(hand)}
	for _, mode := range []string{"", "zipf", "long", "sparse", "paths", "intl", "agent", "prose"} {
		docs["gen "+mode] = memgen.GenerateWith(memgen.Options{Seed: 3, Size: 256 << 10, Mode: mode})
	}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse(src)
			want := rankDocsPlain(doc)
			if len(want) == 0 {
				t.Fatal("no docs ranked: the case tests nothing")
			}
			if diff := gocmp.Diff(want, RankDocs(doc)); diff != "" {
				t.Errorf("RankDocs differs from the plain reading (-want +got):\n%s", diff)
			}
		})
	}
}
