package relevance

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// memory builds learnings from sessions of {focus, docs, texts...}.
func memory(sessions ...[]string) []*learnings.Learning {
	var out []*learnings.Learning
	for i, s := range sessions {
		sess := &learnings.Session{ID: fmt.Sprintf("s%d", i), Focus: s[0], Project: "acme"}
		if s[1] != "" {
			sess.Docs = strings.Split(s[1], ",")
		}
		for j, text := range s[2:] {
			out = append(out, &learnings.Learning{ID: fmt.Sprintf("l%d.%d", i, j), Category: "Fresh Discoveries", Text: text, Session: sess})
		}
	}
	return out
}

// chores are n filler sessions of one learning each, format filled with
// the session's number and one of words in turn: the common words of a
// project's memory, in many learnings, so that a word of a few learnings
// clears the floor.
func chores(n int, format string, words ...string) [][]string {
	out := make([][]string, n)
	for i := range n {
		out[i] = []string{fmt.Sprintf("Chores %d", i), "", fmt.Sprintf(format, i, words[i%len(words)])}
	}
	return out
}

// textStarting is the text of the one learning of ls that starts with
// prefix; the test fails when there is none.
func textStarting(t *testing.T, ls []*learnings.Learning, prefix string) string {
	t.Helper()
	for _, l := range ls {
		if strings.HasPrefix(l.Text, prefix) {
			return l.Text
		}
	}
	t.Fatalf("no learning starts %q", prefix)
	return ""
}

// checkChoice fails t unless Rank chooses, for ctx, the learnings of ls
// starting with each of chosen and none starting with one of unchosen;
// why says why an unchosen one must stay out.
func checkChoice(t *testing.T, ls []*learnings.Learning, ctx Context, chosen, unchosen []string, why string) {
	t.Helper()
	picked := map[string]bool{}
	for _, m := range Rank(ls, ctx).Relevant() {
		picked[m.Learning.Text] = true
	}
	for _, p := range chosen {
		if !picked[textStarting(t, ls, p)] {
			t.Errorf("%q: %q is not chosen", ctx.Task, p)
		}
	}
	for _, p := range unchosen {
		if picked[textStarting(t, ls, p)] {
			t.Errorf("%q: %q is chosen, %s", ctx.Task, p, why)
		}
	}
}

// sample is a small memory with one learning per subsystem and fillers that
// share common words.
func sample() []*learnings.Learning {
	ls := memory(
		[]string{"S3 uploads from the iOS app", "ios/Uploader.swift,docs/storage.md",
			"S3 multipart parts must be at least 5 MB except the last one.",
			"Never log the presigned URL; it grants write access for an hour."},
		[]string{"Stripe webhook retries", "docs/payments.md",
			"Stripe retries a webhook for up to three days; handlers must be idempotent on the event id.",
			"`payments/webhook_handler.go` verifies signatures against the raw body, not the parsed JSON."},
		[]string{"CI speedups", "",
			"Run the linter before pushing; CI fails the build on any warning.",
			"The test job caches the Go module directory keyed on go.sum.",
			"Flaky test: the clock test needs a fixed time zone."},
		[]string{"Release process", "RELEASING.md",
			"Tag releases from main only; the release job refuses other branches.",
			"The changelog is generated from PR titles, so titles must be in the imperative."},
		[]string{"Database migrations", "db/migrations/README.md",
			"Migrations must be reversible; every up has a down.",
			"Add columns as nullable first, backfill, then add the NOT NULL constraint in a later release."},
	)
	// Fillers: the common words of a project's memory, in many learnings.
	return append(ls, memory(chores(40, "The build must run step %d before the test run; the %s job must pass.", "lint", "unit", "docs", "deploy")...)...)
}

func ids(r Ranking) []string {
	var out []string
	for _, m := range r.Relevant() {
		out = append(out, m.Learning.ID)
	}
	return out
}

func TestRank(t *testing.T) {
	tests := []struct {
		name  string
		ctx   Context
		first string // the learning that must come first
		not   []string
	}{
		{"task words", Context{Task: "Uploading big videos to S3 fails with EntityTooSmall"}, "l0.0", []string{"l2.1"}},
		{"branch words", Context{Branch: "fix/stripe-webhook-retry"}, "l1.0", nil},
		{"same file in docs seen, no shared word", Context{Paths: []string{"ios/Uploader.swift"}}, "l0.1", []string{"l2.0"}},
		{"same file in the text", Context{Paths: []string{"payments/webhook_handler.go"}}, "l1.1", nil},
		{"test file of the same name", Context{Paths: []string{"payments/webhook_handler_test.go"}}, "l1.1", nil},
		{"a path written in the task", Context{Task: "look at ios/Uploader.swift please"}, "l0.1", nil},
		{"camelCase task words", Context{Task: "the migrationRunner should backfill columns"}, "l4.1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ids(Rank(sample(), tt.ctx))
			if len(got) == 0 || got[0] != tt.first {
				t.Fatalf("relevant = %v, want %s first", got, tt.first)
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("relevant = %v, should not hold %s", got, n)
				}
			}
		})
	}
}

func TestRankCommonWordStaysBelowFloor(t *testing.T) {
	ms := Rank(sample(), Context{Task: "the build must run"})
	if got := ids(ms); len(got) != 0 {
		t.Errorf("a task of common words chose %v", got)
	}
}

func TestRankReasons(t *testing.T) {
	ms := Rank(sample(), Context{Task: "webhook retries", Paths: []string{"docs/payments.md"}}).Relevant()
	i := slices.IndexFunc(ms, func(m Match) bool { return m.Learning.ID == "l1.0" })
	if i < 0 {
		t.Fatalf("l1.0 is not relevant: %v", ms)
	}
	m := ms[i]
	if diff := cmp.Diff([]string{"webhook", "retries", "payments"}, m.Terms); diff != "" {
		t.Errorf("terms (-want +got):\n%s", diff)
	}
	want := []PathMatch{{Path: "docs/payments.md", Ref: "docs/payments.md", Kind: SameFile}}
	if diff := cmp.Diff(want, m.Paths); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
}

func TestRankEmpty(t *testing.T) {
	for _, ctx := range []Context{{}, {Task: "the and of"}, {Branch: "main"}, {Paths: []string{"", "./"}}} {
		if ms := Rank(sample(), ctx).Matches; len(ms) != 0 {
			t.Errorf("Rank(%+v) = %d matches, want none", ctx, len(ms))
		}
	}
	if !(Context{Paths: []string{""}}).Empty() || (Context{Branch: "x"}).Empty() {
		t.Error("Empty is wrong")
	}
}

func TestRankIsDeterministic(t *testing.T) {
	ctx := Context{Task: "release tags and migrations", Paths: []string{"db/migrations/0042_add_users.sql"}, Branch: "feat/release-notes"}
	first := Rank(sample(), ctx)
	for range 20 {
		if diff := cmp.Diff(first, Rank(sample(), ctx), cmp.AllowUnexported(Ranking{}, Match{})); diff != "" {
			t.Fatalf("second ranking differs:\n%s", diff)
		}
	}
}

func TestCompare(t *testing.T) {
	tests := []struct{ at, ref, want string }{
		{"ios/Uploader.swift", "ios/Uploader.swift", SameFile},
		{"app/ios/Uploader.swift", "ios/Uploader.swift", SameFile},
		{"ios/Uploader.swift", "Uploader.swift", SameFileName},
		{"ios/UploaderTests.swift", "ios/Uploader.swift", SameName},
		{"payments/webhook_test.go", "payments/webhook.go", SameName},
		{"ios/UploadQueue.swift", "ios/Uploader.swift", SameDirectory},
		{"internal/cmd/recall/recall.go", "learnings/recall/render.go", SamePackage},
		{"ios/UploadQueue.swift", "docs/storage.md", ""},
		{"src/index.ts", "lib/index.ts", SameFileName},
		{"src/a.ts", "src/b.ts", SameDirectory},
		{"src/a.ts", "lib/src/b.ts", ""},
		{"docs/api.md#retries", "./docs/api.md", SameFile},
	}
	for _, tt := range tests {
		t.Run(tt.at+" "+tt.ref, func(t *testing.T) {
			p, _ := newCtxPath(tt.at)
			r, _ := newCtxPath(tt.ref)
			if got := compare(p, r); got != tt.want {
				t.Errorf("compare = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRankSameOnAnyCPUCount: a large memory is scanned in parts, one per
// CPU; the ranking must not depend on how many there are.
func TestRankSameOnAnyCPUCount(t *testing.T) {
	ls := learnings.Parse(memgen.Generate(3, 1<<20)).Learnings()
	if len(ls) < 3*chunkSize {
		t.Fatalf("%d learnings: too few to be split in three parts", len(ls))
	}
	ctx := Context{Task: "retry the sync client on gateway timeouts", Paths: []string{"internal/sync/client.go", "docs/api.md"}, Branch: "fix/webhook-retry"}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := Rank(ls, ctx)
	for _, n := range []int{2, 3} {
		runtime.GOMAXPROCS(n)
		if got := Rank(ls, ctx); !reflect.DeepEqual(got, one) {
			t.Errorf("GOMAXPROCS %d ranks otherwise than 1", n)
		}
	}
	if len(one.Matches) == 0 || len(one.Matches[0].Paths) == 0 && len(one.Matches[0].Terms) == 0 {
		t.Errorf("the test context matches nothing: %+v", one.Matches)
	}
}

// TestScoreByHand computes scores the way 'learn recall --help' tells a
// user to, and compares them with Rank's: the help is the manual of the
// ranking, so its arithmetic must hold.
func TestScoreByHand(t *testing.T) {
	// Four learnings of four words each, so every learning has the average
	// length and BM25's length and repetition terms are 1.
	ls := memory(
		[]string{"alpha", "ios/Uploader.swift", "quartz lemon kiwi plum"},
		[]string{"beta", "", "banana lemon kiwi plum"},
		[]string{"gamma", "", "cherry mango kiwi plum"},
		[]string{"delta", "", "grape mango kiwi fig"},
	)
	n := float64(len(ls))
	idfOf := func(df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }
	round := func(f float64) float64 { return math.Round(f*1000) / 1000 }
	tests := []struct {
		name string
		ctx  Context
		want map[string]float64 // by learning text
	}{
		{"a task word in one learning", Context{Task: "quartz"}, map[string]float64{"quartz lemon kiwi plum": idfOf(1)}},
		{"a task word in two", Context{Task: "lemon"}, map[string]float64{"quartz lemon kiwi plum": idfOf(2), "banana lemon kiwi plum": idfOf(2)}},
		{"a branch word counts 0.9", Context{Branch: "fix/quartz"}, map[string]float64{"quartz lemon kiwi plum": 0.9 * idfOf(1)}},
		// A path's words (not its extension) count 0.6 of a task word, a
		// camelCase piece of one half that; the session's Documentation
		// Seen holds them at 0.4: BM25 gives 0.4*2.2/(0.4+1.2) = 0.55. A
		// path match only the session's Documentation Seen holds counts
		// half.
		{"the same file, seen by one session", Context{Paths: []string{"ios/Uploader.swift"}}, map[string]float64{
			"quartz lemon kiwi plum": 0.5*3*idfOf(1) + 2*0.6*idfOf(1)*0.55}},
		{"the same name", Context{Paths: []string{"ios/UploaderTests.swift"}}, map[string]float64{
			"quartz lemon kiwi plum": 0.5*1.5*idfOf(1) + (0.6+0.3)*idfOf(1)*0.55}},
		{"the same directory", Context{Paths: []string{"ios/Queue.swift"}}, map[string]float64{
			"quartz lemon kiwi plum": 0.5*1*idfOf(1) + 0.6*idfOf(1)*0.55}},
		{"a focus word counts half", Context{Task: "gamma"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[string]float64{}
			for _, m := range Rank(ls, tt.ctx).Matches {
				got[m.Learning.Text] = m.Score
			}
			want := map[string]float64{}
			for k, v := range tt.want {
				want[k] = round(v)
			}
			if tt.want == nil {
				// A focus field is short, so BM25 sees the word at the
				// learning's length: half of tf 1 gives 0.5*2.2/(0.5+1.2).
				want["cherry mango kiwi plum"] = round(idfOf(1) * 0.5 * (k1 + 1) / (0.5 + k1))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-by hand +Rank):\n%s", diff)
			}
		})
	}
}

// TestCompareCorroboration holds that a match resting on one signal goes
// after a corroborated one unless it scores half as much again, and that
// a match linked only by what its session read goes after both.
func TestCompareCorroboration(t *testing.T) {
	r := Ranking{need: 2}
	one := func(score float64) Match { return Match{Score: score, signals: 1} }
	two := func(score float64) Match { return Match{Score: score, signals: 2} }
	tests := []struct {
		name string
		a, b Match
		want int
	}{
		{"corroborated first", two(4), one(5), -1},
		{"one signal scoring half as much again", one(6.1), two(4), -1},
		{"one signal scoring just under that", one(5.9), two(4), 1},
		{"both corroborated, by score", two(4), two(5), 1},
		{"seen only last", Match{Score: 9, signals: 2, onlySeen: true}, one(4), 1},
		{"second fact on two words after one signal", Match{Score: 3, signals: 2, second: true}, one(4), 1},
		{"second fact before seen only", Match{Score: 3, signals: 2, second: true}, Match{Score: 9, signals: 2, onlySeen: true}, -1},
		{"equal", two(4), two(4), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.CompareCorroboration(tt.a, tt.b); got != tt.want {
				t.Errorf("CompareCorroboration(%+v, %+v) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
		})
	}
}
