package ops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/sessionstate"
)

// TestAgentSessionState: a session's record as a front end shows it: the
// most active files first and at most eight, the open and the fixed
// failures, recall's snapshot, secrets redacted even if the record held
// one; nothing outside a session or for one that recorded nothing.
func TestAgentSessionState(t *testing.T) {
	key := "AKIA" + "QYLPMN5HHHFPZAM2"
	many := &sessionstate.State{Session: "s1", Agent: "codex"}
	for i := range 12 {
		many.Files = append(many.Files, sessionstate.File{Path: fmt.Sprintf("pkg/f%02d.go", i), Reads: 1, Edits: i % 3, Last: i})
	}
	many.Failures = []sessionstate.Failure{
		{Kind: "test", Command: "AWS_ACCESS_KEY_ID=" + key + " go test ./pkg/", Exit: 1, Excerpt: "--- FAIL: TestUpload", Count: 2, Last: 13},
		{Kind: "lint", Command: "golangci-lint run", Exit: 1, Last: 10, Passed: true, PassedBy: "golangci-lint run ./pkg/"},
	}
	tests := []struct {
		name    string
		session *AgentSession
		check   func(t *testing.T, got *SessionState)
	}{
		{name: "outside a session"},
		{name: "nothing recorded", session: &AgentSession{State: &sessionstate.State{Session: "s0"}, Found: sessionstate.Found{ID: "s0", Source: "latest"}}},
		{name: "a session's work", session: &AgentSession{State: many, Found: sessionstate.Found{ID: "s1", Source: "CODEX_THREAD_ID"}},
			check: func(t *testing.T, got *SessionState) {
				if got.ID != "s1" || got.Source != "CODEX_THREAD_ID" || got.Agent != "codex" {
					t.Errorf("named %q from %q by %q", got.ID, got.Source, got.Agent)
				}
				if len(got.Files) != 8 || !strings.HasPrefix(got.Files[0].Did, "edited 2x") {
					t.Errorf("files: %+v", got.Files)
				}
				if len(got.Open) != 1 || len(got.Fixed) != 1 || got.Fixed[0].PassedBy != "golangci-lint run ./pkg/" {
					t.Errorf("open %+v, fixed %+v", got.Open, got.Fixed)
				}
				if strings.Contains(got.Open[0].Command+got.Open[0].Describe()+got.Snapshot, key) {
					t.Errorf("the key reached the view: %+v", got.Open[0])
				}
				if !strings.HasPrefix(got.Snapshot, "## Session state") || !strings.Contains(got.Snapshot, "--- FAIL: TestUpload") {
					t.Errorf("snapshot:\n%s", got.Snapshot)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AgentSessionState(tt.session)
			if (got != nil) != (tt.check != nil) {
				t.Fatalf("= %+v", got)
			}
			if tt.check != nil {
				tt.check(t, got)
			}
		})
	}
}
