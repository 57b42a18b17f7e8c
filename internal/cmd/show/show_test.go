package show

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

func sampleIDs(t *testing.T) (ls []*learnings.Learning, ss []*learnings.Session) {
	t.Helper()
	doc := learnings.Parse([]byte(memviewtest.Sample))
	return doc.Learnings(), doc.Sessions
}

func TestShowLearning(t *testing.T) {
	ls, ss := sampleIDs(t)
	retry := ls[2] // `client.Do` retries ...
	e := memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdShow(e.Factory, nil), retry.ID[:6]); err != nil {
		t.Fatal(err)
	}
	want := "Learning " + retry.ID + " (Fresh Discoveries)\n" +
		"File:     .tmp/memory-learnings.md:22\n" +
		"Session:  " + ss[0].ID + "  [2026-11-22 14:05 UTC] - Retry logic for the sync client\n" +
		"Project:  acme-sync\n" +
		"Documentation seen: README.md, docs/api.md#retries\n" +
		"\n" +
		"`client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n"
	if got := e.Out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestShowConsolidated(t *testing.T) {
	ls, _ := sampleIDs(t)
	e := memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdShow(e.Factory, nil), ls[0].ID); err != nil {
		t.Fatal(err)
	}
	if got := e.Out.String(); !strings.Contains(got, "Session:  none (in Consolidated Learnings") || !strings.Contains(got, "Run `make gen`") {
		t.Errorf("got:\n%s", got)
	}
}

func TestShowSession(t *testing.T) {
	ls, ss := sampleIDs(t)
	e := memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdShow(e.Factory, nil), strings.ToUpper(ss[0].ID)); err != nil {
		t.Fatal(err)
	}
	want := "Session " + ss[0].ID + ": Retry logic for the sync client\n" +
		"Date:     2026-11-22 14:05 UTC\n" +
		"Project:  acme-sync\n" +
		"Documentation seen: README.md, docs/api.md#retries\n" +
		"File:     .tmp/memory-learnings.md:12-25\n" +
		"\nUser Corrections:\n" +
		"  " + ls[1].ID + " (line 19): Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n" +
		"\nFresh Discoveries:\n" +
		"  " + ls[2].ID + " (line 22): `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n"
	if got := e.Out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestShowJSON(t *testing.T) {
	_, ss := sampleIDs(t)
	e := memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdShow(e.Factory, nil), "--json", ss[1].ID); err != nil {
		t.Fatal(err)
	}
	var rep ops.ShowResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Kind != "session" || rep.Session == nil || rep.Session.Project != "billing-api" || len(rep.Session.Learnings) != 1 {
		t.Errorf("report = %+v", rep)
	}
}

func TestShowErrors(t *testing.T) {
	tests := []struct {
		name, content, id, wantErr, wantStderr string
		wantIs                                 error
	}{
		{name: "not found", content: memviewtest.Sample, id: "zzz",
			wantErr: `no learning or session has an ID starting with "zzz" in .tmp/memory-learnings.md; find IDs with: learn search WORDS`, wantIs: ops.ErrNotFound},
		{name: "ambiguous", content: memviewtest.Sample, id: "l",
			wantStderr: `"l" is ambiguous: 4 learnings and sessions have IDs starting with it`, wantIs: cmdutil.ErrSilent},
		{name: "hidden by an unclosed block", content: memviewtest.Sample + "\n<!--\n- hidden learning\n", id: "zzz",
			wantErr: `in .tmp/memory-learnings.md (2 lines cannot be read, see above; the ID may be there)`, wantIs: ops.ErrNotFound},
		{name: "missing file", content: "", id: "abc", wantErr: "does not exist yet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := memviewtest.New(t, tt.content)
			err := e.Run(NewCmdShow(e.Factory, nil), tt.id)
			if err == nil {
				t.Fatal("no error")
			}
			if cmdutil.ExitCode(err) != 1 {
				t.Errorf("exit %d, want 1", cmdutil.ExitCode(err))
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("err = %v, want %v", err, tt.wantIs)
			}
			if tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("err = %q, want %q", err, tt.wantErr)
			}
			if !strings.Contains(e.Err.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want %q", e.Err, tt.wantStderr)
			}
		})
	}
}

// TestShowRedactsSecrets covers a file written before learn refused
// secrets: show prints the learning and its session with the key replaced
// by a marker.
func TestShowRedactsSecrets(t *testing.T) {
	key := strings.Join([]string{"ghp_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8"}, "")
	old := "POST needs an Idempotency-Key header."
	if !strings.Contains(memviewtest.Sample, old) {
		t.Fatal("the sample no longer holds the learning this test edits")
	}
	content := strings.Replace(memviewtest.Sample, old, old+" Token for CI is "+key+" keep it.", 1)
	doc := learnings.Parse([]byte(content))
	var l *learnings.Learning
	for _, x := range doc.Learnings() {
		if strings.Contains(x.Text, key) {
			l = x
		}
	}
	if l == nil || l.Session == nil {
		t.Fatal("no learning holds the key")
	}
	for _, args := range [][]string{{l.ID}, {l.Session.ID}, {"--json", l.ID}, {"--json", l.Session.ID}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			e := memviewtest.New(t, content)
			if err := e.Run(NewCmdShow(e.Factory, nil), args...); err != nil {
				t.Fatal(err)
			}
			got := e.Out.String()
			if strings.Contains(got, key) {
				t.Errorf("output holds the key:\n%s", got)
			}
			if !strings.Contains(got, "[REDACTED GitHub token]") {
				t.Errorf("output has no redaction marker:\n%s", got)
			}
		})
	}
}
