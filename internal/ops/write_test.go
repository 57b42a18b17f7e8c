package ops_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

const sample = "## Consolidated Learnings\n\n**User Corrections:**\n- Run `make gen` before `go test`.\n\n---\n\n## Recent Sessions\n\n" +
	"## [2026-11-22 14:05 UTC] - Retry logic\n**Project**: acme\n\n### Learnings\n\n" +
	"**User Corrections:**\n- Backoff must cap at 30 s; the gateway drops idle connections at 60 s.\n\n" +
	"**Fresh Discoveries:**\n- `client.Do` retries only idempotent methods.\n\n---\n\n" +
	"## [2026-11-20 09:00 UTC] - Billing\n**Project**: acme\n\n### Learnings\n\n**New Requirements:**\n- Invoices are generated at 02:00 UTC.\n\n---\n"

// unclosed has a fence left open in its newest session.
const unclosed = sample + "\n## [2026-11-23 10:00 UTC] - Half written\n\n### Learnings\n\n**Fresh Discoveries:**\n- Starts a fence:\n\n```go\nfunc main() {\n"

func memory(t *testing.T, content string) *ops.Memory {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, memfile.DefaultRel)
	if content != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return &ops.Memory{Path: path, Display: memfile.DefaultRel, Root: dir, Reason: "project root",
		Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }, LockTimeout: 100 * time.Millisecond}
}

func content(t *testing.T, m *ops.Memory) string {
	t.Helper()
	b, err := os.ReadFile(m.Path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

// TestWriteKinds checks that each way a write can fail is reported with its
// kind, which every front end maps once, and that a failed write leaves the
// file as it was.
func TestWriteKinds(t *testing.T) {
	doc := learnings.Parse([]byte(sample))
	learning := doc.Sessions[1].Categories[0].Learnings[0].ID
	for _, tt := range []struct {
		name    string
		content string
		do      func(m *ops.Memory) error
		kind    error
	}{
		{"forget an unknown ID", sample, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{ForgetSelectors: ops.ForgetSelectors{IDs: []string{"l0000000"}}})
			return err
		}, ops.ErrNotFound},
		{"forget a page ID that is not there", sample, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{Item: learning[:5]})
			return err
		}, ops.ErrNotFound},
		{"forget a match that picks nothing", sample, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{ForgetSelectors: ops.ForgetSelectors{Matches: []string{"kubernetes"}}})
			return err
		}, ops.ErrNotFound},
		{"forget an unknown category", sample, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{ForgetSelectors: ops.ForgetSelectors{Categories: []string{"Gossip"}}})
			return err
		}, ops.ErrUsage},
		{"forget --id with --match", sample, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{ForgetSelectors: ops.ForgetSelectors{IDs: []string{learning}, Matches: []string{"x"}}})
			return err
		}, ops.ErrUsage},
		{"forget in a file with a fence left open", unclosed, func(m *ops.Memory) error {
			_, err := ops.Forget(m, ops.ForgetOptions{Item: learning})
			return err
		}, ops.ErrConflict},
		{"compact a file with a fence left open", unclosed, func(m *ops.Memory) error {
			_, err := ops.Compact(m, ops.CompactOptions{})
			return err
		}, ops.ErrConflict},
		{"compact with a negative keep", sample, func(m *ops.Memory) error {
			_, err := ops.Compact(m, ops.CompactOptions{Keep: -1})
			return err
		}, ops.ErrUsage},
		{"fmt a file with a fence left open", unclosed, func(m *ops.Memory) error {
			_, err := ops.Fmt(m, ops.FmtOptions{})
			return err
		}, ops.ErrConflict},
		{"store a secret", sample, func(m *ops.Memory) error {
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Keys", Source: []byte("**Fresh Discoveries:**\n- Deploy with AKIAIOSFODNN7EXAMPLE and the usual role.\n")})
			return err
		}, ops.ErrRefused},
		{"store too many learnings", sample, func(m *ops.Memory) error {
			var b strings.Builder
			b.WriteString("**Fresh Discoveries:**\n")
			for i := range ops.MaxLearnings + 1 {
				b.WriteString("- Service number " + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + " listens on its own port " + time.Duration(i).String() + ".\n")
			}
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Many", Source: []byte(b.String())})
			return err
		}, ops.ErrRefused},
		{"store input over the size limit", sample, func(m *ops.Memory) error {
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Big", Source: []byte("**Fresh Discoveries:**\n- " + strings.Repeat("word ", ops.MaxInputBytes/5+1) + "\n")})
			return err
		}, ops.ErrRefused},
		{"store without a learning", sample, func(m *ops.Memory) error {
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Nothing", Source: []byte("just prose\n")})
			return err
		}, ops.ErrUsage},
		{"store replacing an unknown ID", sample, func(m *ops.Memory) error {
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Fix", Replaces: []string{"l0000000"}, Learnings: []learnings.NewLearning{{Category: "User Corrections", Text: "Backoff caps at 45 s."}}})
			return err
		}, ops.ErrUsage},
		{"summarise no candidates", sample, func(m *ops.Memory) error {
			_, err := ops.Summarise(m, ops.SummariseOptions{Candidates: []byte("nothing here\n")})
			return err
		}, ops.ErrUsage},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := memory(t, tt.content)
			err := tt.do(m)
			if !errors.Is(err, tt.kind) {
				t.Fatalf("err = %v, want kind %v", err, tt.kind)
			}
			if got := content(t, m); got != tt.content {
				t.Errorf("a failed operation changed the file:\n%s", got)
			}
			if strings.Contains(err.Error(), "AKIAIOSFODNN7EXAMPLE") {
				t.Errorf("the error echoes the secret: %v", err)
			}
		})
	}
}

// TestWriteBusy: a lock held past the timeout is ErrBusy for every write,
// and nothing changes.
func TestWriteBusy(t *testing.T) {
	m := memory(t, sample)
	lock := flock.New(m.Path + ".lock")
	if err := lock.Lock(); err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	id := learnings.Parse([]byte(sample)).Sessions[0].ID
	for name, do := range map[string]func() error{
		"forget":  func() error { _, err := ops.Forget(m, ops.ForgetOptions{Item: id}); return err },
		"compact": func() error { _, err := ops.Compact(m, ops.CompactOptions{}); return err },
		"fmt":     func() error { _, err := ops.Fmt(m, ops.FmtOptions{}); return err },
		"store": func() error {
			_, err := ops.Store(m, ops.StoreOptions{Focus: "Busy", Learnings: []learnings.NewLearning{{Category: "Fresh Discoveries", Text: "The cache is warmed at boot."}}})
			return err
		},
	} {
		if err := do(); !errors.Is(err, ops.ErrBusy) {
			t.Errorf("%s: err = %v, want ErrBusy", name, err)
		}
	}
	if content(t, m) != sample {
		t.Error("a busy write changed the file")
	}
}

// TestForgetOnlyLearningTakesItsSession is the bug the page had: a session
// left without learnings goes whole, whichever way the learning is named.
func TestForgetOnlyLearningTakesItsSession(t *testing.T) {
	doc := learnings.Parse([]byte(sample))
	billing := doc.Sessions[1]
	only := billing.Categories[0].Learnings[0].ID
	for _, opts := range []ops.ForgetOptions{
		{Item: only},
		{ForgetSelectors: ops.ForgetSelectors{IDs: []string{only}}},
		{ForgetSelectors: ops.ForgetSelectors{Matches: []string{"invoices are generated"}}},
	} {
		m := memory(t, sample)
		res, err := ops.Forget(m, opts)
		if err != nil {
			t.Fatal(err)
		}
		after := content(t, m)
		if strings.Contains(after, "Billing") || len(res.Sessions) != 1 || res.Sessions[0].ID != billing.ID || len(res.Learnings) != 0 {
			t.Errorf("%+v: the session stays or the result does not name it: %+v\n%s", opts, res, after)
		}
		if want := strings.Replace(sample, sample[billing.Span.Start:billing.Span.End], "", 1); after != want {
			t.Errorf("%+v: other bytes changed:\n%s", opts, after)
		}
		if res.Backup == nil || res.FileReason != "project root" || !res.Forgotten {
			t.Errorf("%+v: result %+v", opts, res)
		}
	}
}

// TestDryRunsWriteNothing: every dry run leaves the file, and creates
// nothing, on a missing file too.
func TestDryRunsWriteNothing(t *testing.T) {
	for _, src := range []string{sample, ""} {
		m := memory(t, src)
		if _, err := ops.Forget(m, ops.ForgetOptions{DryRun: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := ops.Compact(m, ops.CompactOptions{DryRun: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := ops.Fmt(m, ops.FmtOptions{DryRun: true, Diff: true}); err != nil {
			t.Fatal(err)
		}
		res, err := ops.Store(m, ops.StoreOptions{Focus: "Dry", DryRun: true, Learnings: []learnings.NewLearning{{Category: "Fresh Discoveries", Text: "The cache is warmed at boot."}}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Written || res.Preview == "" || len(res.Stored) != 1 {
			t.Errorf("store dry run: %+v", res)
		}
		if content(t, m) != src {
			t.Error("a dry run changed the file")
		}
		if _, err := os.Stat(filepath.Dir(m.Path)); src == "" && err == nil {
			t.Error("a dry run on a missing file created its directory")
		}
	}
}
