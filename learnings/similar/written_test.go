package similar

import (
	"cmp"
	"reflect"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestWrittenWordsKeptAsRead holds the written words a Text keeps for
// sibling (Text.writtenWords) to writtenWordsOf its text read afresh, as
// sibling read them for every pair before they were kept: lint's search
// is run over a generated memory of each of bench/'s generators, and
// then every learning is asked against the one before it, and every
// learning whose words were kept, most asked of several pairs, must hold
// what a fresh reading gives.
func TestWrittenWordsKeptAsRead(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			t.Parallel()
			var texts []string
			src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
			for line := range strings.Lines(string(src)) {
				if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
					texts = append(texts, text)
				}
			}
			ix := NewIndex()
			ix.Common = max(100, len(texts)/1000) // as lint sets it
			prepared := ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *Text) {})
			for i := range texts {
				ix.BestBefore(i)
			}
			// Few pairs get to the sibling test on some generators (none
			// on long's): each learning is also asked against its
			// neighbours, so that most are asked twice.
			for i := 1; i < len(prepared); i++ {
				prepared[i].sibling(prepared[i-1])
			}
			kept := 0
			for i, p := range prepared {
				w := p.writtenAs.Load()
				if w == nil {
					continue
				}
				kept++
				if want := writtenWordsOf(p.src); !reflect.DeepEqual(*w, want) {
					t.Errorf("learning %d: kept %+v, read afresh %+v:\n  %s", i, *w, want, texts[i])
				}
			}
			// A memory whose search asks no sibling test would prove
			// nothing.
			if kept == 0 {
				t.Errorf("no written words kept among %d learnings", len(texts))
			}
			t.Logf("%d learnings, written words kept of %d", len(texts), kept)
		})
	}
}
