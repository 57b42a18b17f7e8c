package recall

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/compact"
)

// compactedFloor is, for each development set with sessions oldAge or
// more before its newest, how many of its tasks' wanted learnings recall
// finds within evalBudget once compact has folded those sessions into
// Consolidated Learnings (see TestEvalRecallCompacted): the counts when
// it was added in issue 24's round 18 (old22), a baseline, not a goal.
// Over the 22 sets the memories as sessions find 1067 of 1217 and hold
// 198 of 245 traps, compacted 1018 and 195: by kind, paths 178 -> 150 of
// 184 (eval2 18 -> 6: a learning found through the file its session
// read), old 170 -> 161 of 193, words 480 -> 471, plain 64 -> 61; compact
// merged none of the wanted learnings away. In round 19 the floors were
// raised to what the round's merged work finds compacted (eval, eval13,
// eval14, eval16, eval18, dev16 and dev24 one more each, 1025 of the 22
// sets), as evalFloor's were, so that losing it fails here too; eval19
// (retired to development that round) and dev26 joined at their counts,
// one fewer each once "DD" no longer read as a Direct Debit.
var compactedFloor = map[string]int{
	"eval": 58, "eval2": 39, "eval3": 48, "eval4": 58, "eval5": 74, "eval12": 47,
	"eval13": 57, "eval14": 52, "eval15": 56, "eval16": 47, "eval17": 52, "eval18": 50,
	"dev15": 45, "dev16": 38, "dev17": 61, "dev19": 31, "dev20": 42, "dev21": 37,
	"dev22": 32, "dev23": 34, "dev24": 33, "dev25": 34, "eval19": 49, "dev26": 19,
}

// compactedTrapFloor is, for each of those sets with traps, how many of
// them recall holds on the compacted memory (see TestEvalRecallCompacted):
// the counts at main ba496bb, 195 of 245, a baseline as compactedFloor
// is: a change that holds fewer on a compacted memory fails here, not
// only in the log. eval5's is 19 since relevance.BestSessionFirst
// (recall23), which holds one more on dev15 and dev16 here, as on the
// sessions (see evalTrapFloor); dev15's and dev16's were raised to those
// counts in the same round, and eval19 and dev26 joined at theirs.
var compactedTrapFloor = map[string]int{
	"eval4": 22, "eval5": 19, "eval12": 15, "eval13": 10, "eval14": 6, "eval15": 13, "eval16": 5,
	"eval17": 9, "eval18": 9, "dev15": 15, "dev16": 16, "dev17": 5, "dev19": 8, "dev20": 10,
	"dev21": 5, "dev22": 7, "dev23": 6, "dev24": 12, "dev25": 4, "eval19": 7, "dev26": 3,
}

// compactedSets are the development sets TestEvalRecallCompacted reads:
// never a held-out one.
var compactedSets = []string{"eval", "eval2", "eval3", "eval4", "eval5", "eval12", "eval13", "eval14", "eval15", "eval16", "eval17", "eval18", "dev15", "dev16", "dev17", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25", "eval19", "dev26"}

// TestEvalRecallCompacted measures recall on a memory its user compacts
// keeping the last eight months: compact folds every session oldAge or
// more before the newest into Consolidated Learnings, where a learning
// keeps its text and category but no session. The "old" tasks of the
// development sets want such learnings, and what the ranking reads from a
// session is gone for them: its focus and the documents it read (a task
// that found its learning only through them finds nothing, as "`SET LOCAL`
// does nothing outside a transaction" for "the tenant id setting is not
// applied to queries from background jobs"), its time (scan.restated
// compares times) and its company: a one-word match whose session holds a
// corroborated match stays chosen, and company reads a sessionless one as
// from another session ("Never rewrite history to move existing files into
// LFS" for "convert old pngs in the repo to lfs"). Of the 10 old learnings
// compaction loses (it finds one other), 6 lose their session's focus or
// reading (dev23's "Under-2s must wear a double nappy" had "baby" only in
// its session's title, and anotherKind reads its "class" as another kind),
// 3 company's reading and 1 scattered's (which spares the best match's
// session). Reading no session as the best match's in company found 4 more
// compacted (old 2) and held 2 traps fewer, so it is not done.
func TestEvalRecallCompacted(t *testing.T) {
	if testing.Short() {
		t.Skip("compacts 24 memories")
	}
	for _, set := range compactedSets {
		t.Run(set, func(t *testing.T) { evalCompacted(t, filepath.Join("testdata", set)) })
	}
}

func evalCompacted(t *testing.T, dir string) {
	src, err := os.ReadFile(filepath.Join(dir, "memory.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := learnings.Parse(src)
	newest := newestTime(doc)
	keep := 0
	for _, s := range doc.Sessions {
		if newest.Sub(s.Time) < oldAge {
			keep++
		}
	}
	out, err := compact.NewPlan(doc, compact.Options{Keep: keep}).Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	folded := learnings.Parse(out)
	if len(folded.Problems) > 0 {
		t.Fatalf("compacted memory has problems: %v", folded.Problems)
	}
	type tally struct{ total, before, after int }
	byKind := map[string]*tally{}
	var kinds []string
	sum := &tally{}
	var traps, held, merged int
	for _, tk := range loadTasks(t, filepath.Join(dir, "tasks.txt")) {
		before := Select(doc, Options{MaxChars: evalBudget, Context: tk.ctx}).Text()
		res := Select(folded, Options{MaxChars: evalBudget, Context: tk.ctx})
		after := res.Text()
		tl := byKind[tk.kind]
		if tl == nil {
			tl = &tally{}
			byKind[tk.kind] = tl
			kinds = append(kinds, tk.kind)
		}
		for _, w := range tk.want {
			tl.total++
			sum.total++
			if !strings.Contains(string(out), w) {
				merged++
			}
			if strings.Contains(before, w) {
				tl.before++
				sum.before++
			}
			if strings.Contains(after, w) {
				tl.after++
				sum.after++
			}
		}
		chosenAt := func(text string) int {
			return slices.IndexFunc(res.Shown, func(it Item) bool { return it.Chosen && strings.Contains(it.Learning.Text, text) })
		}
		for _, a := range tk.avoid {
			ai := chosenAt(a)
			for _, w := range tk.want {
				traps++
				if wi := chosenAt(w); ai < 0 || wi >= 0 && wi < ai {
					held++
				}
			}
		}
		for _, nv := range tk.never {
			traps++
			if chosenAt(nv) < 0 {
				held++
			}
		}
	}
	t.Logf("compacted keeping %d of %d sessions", keep, len(doc.Sessions))
	for _, k := range kinds {
		if tl := byKind[k]; tl.total > 0 {
			t.Logf("%-6s %2d learnings: %2d found as sessions, %2d compacted", k, tl.total, tl.before, tl.after)
		}
	}
	t.Logf("all    %2d learnings: %2d found as sessions, %2d compacted (%d merged away by compact)", sum.total, sum.before, sum.after, merged)
	if traps > 0 {
		t.Logf("compacted: traps held %d of %d", held, traps)
	}
	if floor := compactedFloor[filepath.Base(dir)]; sum.after < floor {
		t.Errorf("compacted: found %d of %d, below the floor of %d", sum.after, sum.total, floor)
	}
	if floor := compactedTrapFloor[filepath.Base(dir)]; held < floor {
		t.Errorf("compacted: traps held %d of %d, below the floor of %d", held, traps, floor)
	}
}
