package ops_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/lint"
)

// cached is m as learn serve passes it to the reading operations: the
// file's snapshot read once and kept.
func cached(t *testing.T, m *ops.Memory) *ops.Memory {
	t.Helper()
	snap, err := m.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := *m
	c.Cached = func() (*ops.Snapshot, error) { return snap, nil }
	return &c
}

// TestLintCachedIsLint holds lint's cached path (learn serve's) to the
// CLI's: the same findings and the same unread lines, on the first call
// and on later ones, for files with unread lines, a secret, a fence left
// open, a missing file and generated memories.
func TestLintCachedIsLint(t *testing.T) {
	files := map[string]string{
		"sample":   sample,
		"unclosed": unclosed,
		"missing":  "",
		"unread lines": sample + "\nA note typed between sessions.\n\n## My notes\n\n- a list item no command reads\n- and another\n" +
			"\n## [2026-11-19 09:00 UTC] - Stray\n\n### Learnings\n\nsome text under no category\n\n**Fresh Discoveries:**\n- Read me.\n  lazy line\n",
		"secret":   sample + "\n## [2026-11-18 09:00 UTC] - Keys\n\n### Learnings\n\n**Fresh Discoveries:**\n- Deploy with AKIAIOSFODNN7EXAMPLE and the usual role.\n",
		"too big":  "",
		"no learn": "# Someone's notes\n\nJust text.\n\n- a bullet\n",
	}
	for _, mode := range []string{"", "agent", "intl", "prose"} {
		files["generated "+mode] = string(memgen.GenerateWith(memgen.Options{Seed: 4, Size: 96 << 10, Mode: mode}))
	}
	for name, src := range files {
		t.Run(name, func(t *testing.T) {
			m := memory(t, src)
			if name == "too big" {
				m = memory(t, files["generated agent"])
				m.Limit = 10 << 10
			}
			want, err := ops.Lint(m, ops.LintOptions{})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case name == "unread lines" && want.UnreadLines < 5:
				t.Errorf("%d unread lines, want the note, the hand-written list and the stray text", want.UnreadLines)
			case name == "secret" && !strings.Contains(jsonOf(t, want.Findings), `"secret"`):
				t.Errorf("no secret found: %s", jsonOf(t, want.Findings))
			}
			c := cached(t, m)
			for _, call := range []string{"first", "second"} {
				got, err := ops.Lint(c, ops.LintOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(jsonOf(t, want), jsonOf(t, got)); diff != "" {
					t.Errorf("%s cached call differs from the CLI's (-cli +cached):\n%s", call, diff)
				}
			}
		})
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// allocated is how many bytes f allocates, the least of ten runs:
// TotalAlloc counts the whole process, and the runtime's own allocations
// on a loaded machine (seen: 19 KB in one run of three, CheckLimit's
// 725 KB read as 743 KB) made a three-run least fail the 5.5 KB margin.
func allocated(f func()) uint64 {
	least := ^uint64(0)
	for range 10 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestLintCachedWorksOutUnreadOnce checks that lint's cached path finds
// the unread lines once per version of the file: its first call costs no
// more than lint.CheckLimit, which finds them, and a later call nothing
// near another search. A search (Unread, reading the parse's log of the
// lines) allocates about a byte a line of the file, so asking for it
// twice shows as a whole search more.
func TestLintCachedWorksOutUnreadOnce(t *testing.T) {
	// Many lines, few learnings: what CheckLimit allocates for the
	// learnings varies by a few KB from one test process to the next (and
	// a learning of thousands of lines makes similar's pooled scratch
	// space large), while a search of the 60000 lines of a hand-written
	// section is about 66 KB.
	var b strings.Builder
	b.WriteString(string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 32 << 10})))
	b.WriteString("\nA note typed after the last session.\n\n## Import log, kept by hand\n\n")
	for i := range 60000 {
		fmt.Fprintf(&b, "%05d INFO imported row %d of batch %d\n", i, i%977, i/977)
	}
	src := b.String()
	m := memory(t, src)
	snap, err := m.Load()
	if err != nil {
		t.Fatal(err)
	}
	search := allocated(func() { snap.Doc.Unread() })
	check := allocated(func() { lint.CheckLimit(snap.Doc, learnings.SizeLimit) })
	first := allocated(func() {
		fresh := &ops.Snapshot{Src: snap.Src, Doc: snap.Doc, Exists: true}
		c := *m
		c.Cached = func() (*ops.Snapshot, error) { return fresh, nil }
		if _, err := ops.Lint(&c, ops.LintOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	kept := &ops.Snapshot{Src: snap.Src, Doc: snap.Doc, Exists: true}
	c := *m
	c.Cached = func() (*ops.Snapshot, error) { return kept, nil }
	if _, err := ops.Lint(&c, ops.LintOptions{}); err != nil {
		t.Fatal(err)
	}
	later := allocated(func() {
		if _, err := ops.Lint(&c, ops.LintOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%d lines: Unread %d bytes, CheckLimit %d, cached Lint first call %d, later %d", strings.Count(src, "\n"), search, check, first, later)
	// Three quarters of a search, not a quarter: the two calls' maps
	// take a few KB more or less in each test process (the hash seed
	// decides when a map's tables split; seen: first 7.8 KB over
	// CheckLimit in one process, 2 KB in the next), and a second search
	// is still a whole one more.
	if first > check+search*3/4 {
		t.Errorf("the first cached call allocates %d bytes, CheckLimit %d: %d more, and a search of the unread lines is %d", first, check, first-check, search)
	}
	if later > search/4 {
		t.Errorf("a later cached call allocates %d bytes, a search of the unread lines %d", later, search)
	}
}
