package claude

import (
	"strings"
	"testing"
)

var learnServer = Entry{Parent: "mcpServers", Name: "learn", Value: map[string]any{"command": "learn"}}

func TestMemberAddRemove(t *testing.T) {
	tests := []struct {
		name, in string
		change   Change
		want     string // a substring of the result
	}{
		{"blank", "", Added, "\"mcpServers\": {\n    \"learn\": {"},
		{"no parent", "{\n  \"theme\": \"x\"\n}\n", Added, "\"theme\": \"x\",\n  \"mcpServers\": {"},
		{"empty parent", "{\n  \"mcpServers\": {}\n}\n", Added, "\"mcpServers\": {\n    \"learn\": {"},
		{"beside another", "{\"mcpServers\": {\"gh\": {\"command\": \"gh\"}}}", Added, `"gh": {"command": "gh"},"learn": {"command": "learn"}`},
		{"ours already", "{\"mcpServers\": {\"learn\": {\"command\": \"learn\"}}}", Current, ""},
		{"the user's", "{\"mcpServers\": {\"learn\": {\"command\": \"/opt/learn\"}}}", Left, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, change, err := learnServer.Add("s.json", []byte(tt.in))
			if err != nil || change != tt.change {
				t.Fatalf("Add = %v, %v; want %v", change, err, tt.change)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Errorf("Add gave:\n%s\nwant it to hold %q", out, tt.want)
			}
			if change != Added || tt.in == "" || tt.name == "empty parent" {
				// An object that held only learn's entry goes with it.
				return
			}
			back, changed, err := learnServer.Remove("s.json", out, false)
			if err != nil || !changed || string(back) != tt.in {
				t.Errorf("Remove = %q, %v, %v; want the input back", back, changed, err)
			}
		})
	}
	for _, bad := range []string{`{"mcpServers": []}`, `[1]`, `{"mcpServers": {,}}`} {
		if _, _, err := learnServer.Add("s.json", []byte(bad)); err == nil {
			t.Errorf("Add(%s) did not fail", bad)
		}
	}
	if out, changed, err := learnServer.Remove("s.json", []byte(`{"mcpServers": {"learn": {"command": "/opt/learn"}}}`), false); err != nil || changed || !strings.Contains(string(out), "/opt/learn") {
		t.Errorf("Remove took out the user's own server: %s %v %v", out, changed, err)
	}
}
