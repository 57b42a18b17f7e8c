package ops

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestParseUnloggedAsParse holds the document search reads (parseUnlogged)
// to learnings.Parse's: the same learnings with the same IDs, "-2" copies
// included, the same problems, and, asked for all the same, the same
// unread lines, on every generator's memory and on one that repeats texts
// and has lines no learning holds.
func TestParseUnloggedAsParse(t *testing.T) {
	srcs := map[string][]byte{
		"repeats": []byte("A note typed above the first section.\n\n## Recent Sessions\n\n## [2026-01-02 10:00 UTC] - Tests\n**Project**: app\n\n### Learnings\n\n**User Corrections:**\n- Use `go test ./...` first.\n- Use `go test ./...` first.\n\nA paragraph between learnings.\n\n**Fresh Discoveries:**\n- The cache lives in `.tmp/cache`.\n"),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		srcs["mode "+mode] = memgen.GenerateWith(memgen.Options{Seed: 3, Size: 48 << 10, Mode: mode})
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			want, got := learnings.Parse(src), parseUnlogged(src)
			if len(want.Learnings()) == 0 {
				t.Fatal("the memory holds no learnings")
			}
			if !reflect.DeepEqual(idsOf(got), idsOf(want)) {
				t.Errorf("IDs differ from Parse's")
			}
			if !reflect.DeepEqual(got.Problems, want.Problems) {
				t.Errorf("problems %v, Parse's %v", got.Problems, want.Problems)
			}
			if name == "repeats" && (len(want.Unread()) == 0 || !slices.ContainsFunc(want.Learnings(), func(l *learnings.Learning) bool { return strings.HasSuffix(l.ID, "-2") })) {
				t.Fatalf("the memory has no unread line or no copy's ID: %v, %v", want.Unread(), idsOf(want))
			}
			if !reflect.DeepEqual(got.Unread(), want.Unread()) {
				t.Errorf("unread lines %v, Parse's %v", got.Unread(), want.Unread())
			}
		})
	}
}

func idsOf(d *learnings.Document) [][2]string {
	var ids [][2]string
	for _, l := range d.Learnings() {
		ids = append(ids, [2]string{l.ID, l.Text})
	}
	return ids
}
