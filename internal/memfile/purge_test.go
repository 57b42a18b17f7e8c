package memfile_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
)

func TestPurgeBackupsRemovesTheTextFromEveryCopy(t *testing.T) {
	const secretText = "The staging admin console is at intranet-7.corp, reachable only from the VPN."
	session := "## Recent Sessions\n\n## [2026-11-22 14:05 UTC] - Retry\n\n**Fresh Discoveries:**\n- Jitter is full jitter.\n- " + secretText + "\n- Retries stop after five attempts.\n\n---\n"
	tests := []struct {
		name    string
		content string
		cleaned bool
		failed  bool
	}{
		{"session", session, true, false},
		{"consolidated, another category, other case and wrapping", "## Consolidated Learnings\n\n**User Corrections:**\n- the staging ADMIN console is at intranet-7.corp,\n  reachable only from the VPN.\n- Keep it.\n\n---\n", true, false},
		{"crlf", strings.ReplaceAll(session, "\n", "\r\n"), true, false},
		{"numbered, hand-written", "## 2026-11-20 - Old\n### Fresh Discoveries\n1. " + secretText + "\n2. Something else.\n", true, false},
		{"not there", "## Recent Sessions\n\n## [2026-11-22 14:05 UTC] - Other\n- Nothing private.\n", false, false},
		{"swallowed by an open fence", "## Recent Sessions\n\n## [2026-11-22 14:05 UTC] - Fence\n- A learning.\n\n```\n- " + secretText + "\n", false, true},
	}
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	write(t, path, "## Recent Sessions\n", 0o600)
	at := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	copies := map[string]string{}
	for i, tt := range tests {
		c, err := memfile.Backup(path, []byte(tt.content), at.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		copies[tt.name] = c
	}
	held, err := memfile.BackupsHolding(path, []string{secretText})
	if err != nil {
		t.Fatal(err)
	}
	// The spec backup holds the newest copy (the open fence), plus five ring copies.
	if len(held) != 6 {
		t.Errorf("BackupsHolding = %v, want 6 copies", held)
	}
	rep, err := memfile.PurgeBackups(path, []string{secretText}, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Remain) == 0 {
		t.Error("no copies named that learn cannot clean")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := copies[tt.name]
			got := readString(t, c)
			if slices.Contains(rep.Cleaned, c) != tt.cleaned || slices.Contains(rep.Failed, c) != tt.failed {
				t.Errorf("cleaned %v failed %v, want %v %v", slices.Contains(rep.Cleaned, c), slices.Contains(rep.Failed, c), tt.cleaned, tt.failed)
			}
			if tt.failed || !tt.cleaned {
				if got != tt.content {
					t.Errorf("a copy not cleaned changed:\n%s", got)
				}
				return
			}
			if strings.Contains(strings.ToLower(got), "intranet-7") {
				t.Errorf("still holds it:\n%s", got)
			}
			if want := strings.Count(tt.content, "\n") - strings.Count(got, "\n"); want < 1 || want > 2 {
				t.Errorf("removed %d lines, want the item only:\n%s", want, got)
			}
			if fi, _ := os.Stat(c); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %o after the rewrite", fi.Mode().Perm())
			}
		})
	}
	if got := readString(t, path); got != "## Recent Sessions\n" {
		t.Errorf("the file itself changed: %q", got)
	}
}
