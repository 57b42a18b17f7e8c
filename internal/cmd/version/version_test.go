package version

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
)

func TestInfoString(t *testing.T) {
	tests := []struct {
		name string
		info Info
		want string
	}{
		{"release", Info{Version: "v1.2.0", Commit: "3f9a2c1b7d4e8f00aa", Time: "2026-11-22T10:00:00Z"}, "v1.2.0 (commit 3f9a2c1b7d4e, 2026-11-22)"},
		{"checkout with changes", Info{Version: "devel", Commit: "3f9a2c1b7d4e8f00aa", Time: "2026-11-22T10:00:00Z", Modified: true}, "devel (commit 3f9a2c1b7d4e with local changes, 2026-11-22)"},
		{"pseudo-version from the module proxy", Info{Version: "v0.0.0-20261123112237-0d1f6391e96b"}, "v0.0.0-20261123112237-0d1f6391e96b"},
		{"no version control", Info{Version: "devel"}, "devel (built without version control information)"},
		{"short commit", Info{Version: "devel", Commit: "abc"}, "devel (commit abc)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.info.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadOverride(t *testing.T) {
	if got := Read("v9.9.9").Version; got != "v9.9.9" {
		t.Errorf("Read with an -ldflags version = %q", got)
	}
	if got := Read("").Go; got == "" {
		t.Error("Read does not name the Go version")
	}
}

func TestCmdVersion(t *testing.T) {
	info := Info{Version: "v1.2.0", Commit: "3f9a2c1b7d4e", Go: "go1.26.8"}
	for _, asJSON := range []bool{false, true} {
		var out bytes.Buffer
		cmd := NewCmdVersion(&cmdutil.Factory{IO: &cmdutil.IO{Out: &out}}, info)
		if asJSON {
			cmd.SetArgs([]string{"--json"})
		} else {
			cmd.SetArgs(nil)
		}
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		if !asJSON {
			if want := "learn version v1.2.0 (commit 3f9a2c1b7d4e)\n"; out.String() != want {
				t.Errorf("learn version = %q, want %q", out.String(), want)
			}
			continue
		}
		var got Info
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || got != info {
			t.Errorf("learn version --json = %s (%v), want %+v", out.String(), err, info)
		}
	}
}
