package revert_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/compact"
	"github.com/learn-memory/learn/learnings/reformat"
	"github.com/learn-memory/learn/learnings/revert"
)

const base = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen`" + ` before ` + "`go test`" + `; generated files are not committed.
- Never call the billing API from tests; use the fake in internal/fakes.

**Documentation Seen** (compacted sessions): ` + "`README.md`" + ` (4)

---

## Recent Sessions

## [2026-11-22 14:05 UTC] - Retry logic for the sync client
**Project**: acme-sync
**Documentation Seen**: ` + "`README.md`" + `

### Learnings

**User Corrections:**
- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

**Fresh Discoveries:**
- ` + "`client.Do`" + ` retries only idempotent methods; POST needs an Idempotency-Key header.
- The retry budget is shared by every request of one client.
- Jitter is full jitter, not equal jitter.

---

## [2026-11-20 09:00 UTC] - Docs for the billing worker
**Project**: billing-api
**Documentation Seen**: none

### Learnings

**Preference Clarifications:**
- Keep commit messages short and in the imperative mood.

---
`

// legacy is a file written by hand and by the prompt-only commands: fmt
// rewrites much of it.
const legacy = `## 2026-11-20 09:00 UTC - Docs for the billing worker
### Preference Clarifications
* Keep commit messages short and in the imperative mood.

## [2026-11-22 14:05 UTC] - Retry logic for the sync client
**User Corections**
1. Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

## Consolidated Learnings
**Fresh Discoveries:**
- Staging runs in us-east-1.
`

type op func(t *testing.T, src []byte) []byte

func parse(src []byte) *learnings.Document { return learnings.Parse(src) }

func find(t *testing.T, d *learnings.Document, text string) *learnings.Learning {
	t.Helper()
	for _, l := range d.Learnings() {
		if strings.Contains(l.Content(), text) {
			return l
		}
	}
	t.Fatalf("no learning %q in\n%s", text, d.Source)
	return nil
}

func bytesOf(t *testing.T, e *learnings.Editor) []byte {
	t.Helper()
	out, err := e.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var day = 0

func store(focus string, texts ...string) op {
	return func(t *testing.T, src []byte) []byte {
		day++
		s := learnings.NewSession{Time: time.Date(2026, 11, 24, 8, day, 0, 0, time.UTC), Focus: focus, Project: "p"}
		for _, tx := range texts {
			cat, text, _ := strings.Cut(tx, "|")
			s.Learnings = append(s.Learnings, learnings.NewLearning{Category: cat, Text: text})
		}
		return bytesOf(t, parse(src).Edit().InsertSession(s))
	}
}

func forgetAll(*testing.T, []byte) []byte { return []byte{} }

func forgetSession(focus string) op {
	return func(t *testing.T, src []byte) []byte {
		d := parse(src)
		for _, s := range d.Sessions {
			if s.Focus == focus {
				return bytesOf(t, d.Edit().RemoveSession(s))
			}
		}
		t.Fatalf("no session %q", focus)
		return nil
	}
}

func forgetLearning(texts ...string) op {
	return func(t *testing.T, src []byte) []byte {
		d := parse(src)
		e := d.Edit()
		for _, tx := range texts {
			e.RemoveLearning(find(t, d, tx))
		}
		return bytesOf(t, e)
	}
}

func compactAll(t *testing.T, src []byte) []byte {
	d := parse(src)
	out, err := compact.NewPlan(d, compact.Options{}).Apply(d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func format(t *testing.T, src []byte) []byte {
	res, err := reformat.Format(parse(src))
	if err != nil {
		t.Fatal(err)
	}
	return res.Output
}

// replaces is store --replaces: a new session and the old learning struck.
func replaces(old, focus, text string) op {
	return func(t *testing.T, src []byte) []byte {
		out := store(focus, "User Corrections|"+text)(t, src)
		d := parse(out)
		return bytesOf(t, d.Edit().Supersede(find(t, d, old), learnings.LearningID(text), "2026-11-24"))
	}
}

func then(ops ...op) op {
	return func(t *testing.T, src []byte) []byte {
		for _, o := range ops {
			src = o(t, src)
		}
		return src
	}
}

// texts is the multiset of live learnings' texts, normalised.
func texts(src []byte) []string {
	var out []string
	for _, l := range parse(src).Learnings() {
		s := strings.Join(strings.Fields(strings.ToLower(l.Content())), " ")
		if l.Superseded != nil {
			s = "~" + s
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func minus(x, y []string) []string {
	out := slices.Clone(x)
	for _, s := range y {
		if i := slices.Index(out, s); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

func TestRevertKeepsLaterWrites(t *testing.T) {
	tests := []struct {
		name      string
		before    string
		change    op
		since     op
		exactBack bool // no later write: the result is the old file exactly
	}{
		{"forget everything, then store", base, forgetAll, store("Cache", "Fresh Discoveries|The cache lives in redis; keys expire after 10 min."), false},
		{"forget the newest session, then store", base, forgetSession("Retry logic for the sync client"), store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"forget the oldest session, then two stores", base, forgetSession("Docs for the billing worker"), then(store("A", "New Requirements|Every endpoint needs an audit log entry."), store("B", "Fresh Discoveries|Workers drain the queue on SIGTERM.")), false},
		{"forget a learning, then store", base, forgetLearning("retry budget"), store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"forget a consolidated learning, then store", base, forgetLearning("billing API"), store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"forget two learnings, then store --replaces elsewhere", base, forgetLearning("retry budget", "make gen"), replaces("Keep commit messages", "Commits", "Keep commit messages short, imperative, and under 72 characters."), false},
		{"forget a learning, then forget another in the same session", base, forgetLearning("Jitter is full"), forgetLearning("Backoff must cap"), false},
		{"compact, then store", base, compactAll, store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"compact a legacy file, then store", legacy, compactAll, store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"fmt, then store", legacy, format, store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"store --replaces, then store", base, replaces("Backoff must cap", "Backoff", "Backoff must cap at 20 s; the gateway drops idle connections at 30 s."), store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
		{"store --replaces, then forget another session", base, replaces("Backoff must cap", "Backoff", "Backoff must cap at 20 s."), forgetSession("Docs for the billing worker"), false},
		{"forget, nothing since", base, forgetLearning("retry budget"), then(), true},
		{"compact, nothing since", legacy, compactAll, then(), true},
		{"crlf: forget, then store", strings.ReplaceAll(base, "\n", "\r\n"), forgetSession("Docs for the billing worker"), store("Cache", "Fresh Discoveries|The cache lives in redis."), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := []byte(tt.before)
			after := tt.change(t, before)
			now := tt.since(t, after)
			res := revert.Revert(before, after, now)
			if len(res.Conflicts) > 0 {
				t.Fatalf("conflicts %v\nbefore:\n%s\nafter:\n%s\nnow:\n%s", res.Conflicts, before, after, now)
			}
			if tt.exactBack {
				if !bytes.Equal(res.Output, before) {
					t.Fatalf("nothing written since, yet the result is not the old file:\n%s", res.Output)
				}
				return
			}
			// What the revert must hold: everything before the change, plus
			// what was written since, minus what was removed since.
			added, removed := minus(texts(now), texts(after)), minus(texts(after), texts(now))
			want := append(minus(texts(before), removed), added...)
			slices.Sort(want)
			if got := texts(res.Output); !slices.Equal(got, want) {
				t.Errorf("learnings after revert:\n  %q\nwant\n  %q\nresult:\n%s", got, want, res.Output)
			}
			d := parse(res.Output)
			if len(d.Problems) > len(parse(before).Problems)+len(parse(now).Problems) || d.Unclosed != nil {
				t.Errorf("the result reads worse than its inputs: %v\n%s", d.Problems, res.Output)
			}
			// Sessions stay newest first when they were.
			if sorted(parse(before)) && sorted(parse(now)) && !sorted(d) {
				t.Errorf("sessions out of order:\n%s", res.Output)
			}
			// Undoing the undo gives back the file as it was.
			if again := revert.Revert(now, res.Output, res.Output); !bytes.Equal(again.Output, now) {
				t.Errorf("reverting the revert gave\n%s\nwant\n%s", again.Output, now)
			}
		})
	}
}

func sorted(d *learnings.Document) bool {
	for i := 1; i < len(d.Sessions); i++ {
		if d.Sessions[i].Time.After(d.Sessions[i-1].Time) {
			return false
		}
	}
	return true
}

func TestRevertRefusesOverlappingChanges(t *testing.T) {
	tests := []struct {
		name   string
		change op
		since  op
		where  string
	}{
		{"forget a learning, then its neighbour", forgetLearning("retry budget"), forgetLearning("Jitter is full"), "session"},
		{"forget a learning, then a hand edit where it was", forgetLearning("retry budget"), edit("- Jitter is full jitter", "- Jitter is equal jitter"), "session"},
		{"forget a session's learning, then the session", forgetLearning("retry budget"), forgetSession("Retry logic for the sync client"), "session"},
		{"compact, then a hand edit of Consolidated", compactAll, edit("- Backoff must cap", "- Backoff caps"), "Consolidated Learnings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := []byte(base)
			after := tt.change(t, before)
			now := tt.since(t, after)
			res := revert.Revert(before, after, now)
			if len(res.Conflicts) == 0 || res.Output != nil {
				t.Fatalf("no conflict; result:\n%s", res.Output)
			}
			if !strings.Contains(strings.Join(res.Conflicts, "; "), tt.where) {
				t.Errorf("conflicts %v do not name %q", res.Conflicts, tt.where)
			}
		})
	}
}

func edit(old, new string) op {
	return func(t *testing.T, src []byte) []byte {
		if !bytes.Contains(src, []byte(old)) {
			t.Fatalf("no %q in\n%s", old, src)
		}
		return bytes.Replace(src, []byte(old), []byte(new), 1)
	}
}
