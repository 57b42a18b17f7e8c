package lint

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/learnings"
)

const older = "## [2026-11-20 09:00 UTC] - Older\n**Project**: p\n\n### Learnings\n\n**User Corrections:**\n- Older learning about the billing worker.\n\n---\n"
const newer = "## [2026-11-22 14:05 UTC] - Newer\n**Project**: p\n\n### Learnings\n\n**Fresh Discoveries:**\n- Newer learning about the retry policy.\n\n---\n"

// kinds summarises findings as "line kind severity" for table tests.

// check is CheckLimit with the default size limit.
func check(doc *learnings.Document) []Finding { return CheckLimit(doc, learnings.SizeLimit) }

func kinds(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d %s %s", f.Line, f.Kind, f.Severity))
	}
	return out
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"clean", "## Recent Sessions\n\n" + newer + "\n" + older, nil},
		{"empty file", "", nil},
		{"out of order", older + "\n" + newer, []string{"11 order error"}},
		{"unclosed fence", newer + "\n```go\nx := 1\n", []string{"11 unclosed error"}},
		{"duplicate across sessions", newer + "\n" + strings.Replace(older, "Older learning about the billing worker.", "Newer learning about the retry policy!", 1),
			[]string{"17 duplicate error"}},
		{"stray text", strings.Replace(newer, "---", "A stray paragraph.\n\n---", 1), []string{"9 parse error"}},
		{"secret", strings.Replace(newer, "the retry policy", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB", 1), []string{"7 secret error"}},
		{"unreadable timestamp", strings.Replace(newer, "2026-11-22 14:05 UTC", "2026-11-22 25:99 UTC", 1), []string{"1 timestamp error"}},
		{"stray text under Recent Sessions", "## Recent Sessions\n\nSome intro.\n\n" + newer, []string{"3 stray error"}},
		{"invalid UTF-8", strings.Replace(newer, "retry policy", "retry \xe2\x82 policy", 1), []string{"7 parse error"}},
		{"empty session", "## [2026-11-22 14:05 UTC] - Nothing\n**Project**: p\n\n---\n", []string{"1 empty-session warning"}},
		{"approaching the limit", newer + "\n## Notes\n\n" + strings.Repeat("x\n", learnings.WarnAt(learnings.SizeLimit)/2+10), []string{"1 size warning"}},
		{"misspelt label", strings.Replace(newer, "**Fresh Discoveries:**", "**Fresh Discoverys:**", 1), []string{"6 category error"}},
		{"misspelt heading label", strings.Replace(newer, "**Fresh Discoveries:**", "### User Corections", 1), []string{"6 category error"}},
		{"misspelt label without a colon", strings.Replace(newer, "**Fresh Discoveries:**", "**Prefrence Clarifications**", 1), []string{"6 category error"}},
		{"custom label", strings.Replace(newer, "**Fresh Discoveries:**", "**Security Notes:**", 1), nil},
		{"spec label in another case", strings.Replace(newer, "**Fresh Discoveries:**", "**fresh discovery:**", 1), nil},
		{"notes section in learn's file", newer + "\n## Notes\n\nKept by hand.\n", nil},
		{"list in a hand-written section", newer + "\n## Gotchas\n\n- not read\n", []string{"11 unread error"}},
		{"heading that holds nothing", strings.Replace(newer, "**Fresh Discoveries:**", "#### Fixed the retry policy today\nIt retried POSTs.\n\n**Fresh Discoveries:**", 1), []string{"6 parse error"}},
		{"foreign lessons file", "# Lessons\n\n- Use SCAN, not KEYS.\n\n## Deploy\n\n- Tag first.\n", []string{"3 unread error", "3 unread error", "5 unread error"}},
		{"over the limit", newer + "\n## Notes\n\n" + strings.Repeat("x\n", learnings.SizeLimit/2+10), []string{"1 size error"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := check(learnings.Parse([]byte(tt.in)))
			if diff := cmp.Diff(tt.want, kinds(fs)); diff != "" {
				t.Errorf("findings (-want +got):\n%s\n%+v", diff, fs)
			}
			for _, f := range fs {
				if f.Message == "" || f.Fix == "" {
					t.Errorf("finding without message or fix: %+v", f)
				}
			}
		})
	}
}

func TestSecretNeverPrinted(t *testing.T) {
	secret := "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"
	fs := check(learnings.Parse([]byte(strings.Replace(newer, "the retry policy", "token "+secret, 1))))
	if len(fs) != 1 {
		t.Fatalf("findings = %+v", fs)
	}
	if strings.Contains(fs[0].Message+fs[0].Fix, "ghp_") {
		t.Errorf("finding shows the secret: %+v", fs[0])
	}
	if len(fs[0].IDs) != 1 {
		t.Errorf("finding should name the learning: %+v", fs[0])
	}
}

// FuzzCheck checks that lint never panics and that every finding points at
// a line of the file.
func FuzzCheck(f *testing.F) {
	f.Add(older + newer)
	f.Add("## Recent Sessions\n\nintro\n\n" + newer + "```\n")
	f.Add("\xef\xbb\xbf---\na: b\n---\n## [2026-11-22 25:99 UTC] - x\n- a\n- a\n")
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		for _, fd := range check(learnings.Parse([]byte(src))) {
			if fd.Line < 1 || fd.Line > lines {
				t.Fatalf("finding at line %d of a %d-line file: %+v", fd.Line, lines, fd)
			}
		}
	})
}

// TestSecretNamesItsLearning checks that each secret is traced to the
// learning that holds it, wherever that is in the file (Consolidated
// Learnings below the sessions included), and to none when it is in a
// session's focus line.
func TestSecretNamesItsLearning(t *testing.T) {
	key := func(c byte) string {
		return "ghp_" + strings.Repeat(string(c), 4) + "abcdefghijklmnopqrstuvwxyz0123456789"
	}
	src := "# Memory Learnings\n\n## Recent Sessions\n\n" +
		"## [2026-11-20 10:00 UTC] - Deploy with " + key('a') + "\n\n" +
		"**Gotchas:**\n- The deploy token is " + key('b') + " for now.\n- Nothing secret here.\n\n" +
		"## [2026-11-19 10:00 UTC] - Older\n\n" +
		"**User Corrections:**\n- Plain advice.\n- Rotate " + key('c') + "\n  every month.\n\n" +
		"## Consolidated Learnings\n\n**Gotchas:**\n- Old token " + key('d') + " was revoked.\n"
	doc := learnings.Parse([]byte(src))
	want := map[string]string{}
	for _, l := range doc.Learnings() {
		for _, c := range "bcd" {
			if strings.Contains(l.Text, key(byte(c))) {
				want[string(c)] = l.ID
			}
		}
	}
	if len(want) != 3 {
		t.Fatalf("fixture: found the keys in %d learnings, want 3", len(want))
	}
	var got []string
	for _, f := range check(doc) {
		if f.Kind == KindSecret {
			got = append(got, strings.Join(f.IDs, ","))
		}
	}
	if diff := cmp.Diff([]string{"", want["b"], want["c"], want["d"]}, got); diff != "" {
		t.Errorf("secret findings' learnings (-want +got):\n%s", diff)
	}
}

// TestCheckScannedUsesOnlyItsOwnScan checks that a secret scan started
// from the document's own bytes is used, and one of other bytes (a copy,
// another file, none) is replaced by a scan of the document.
func TestCheckScannedUsesOnlyItsOwnScan(t *testing.T) {
	withSecret := []byte(strings.Replace(newer, "the retry policy", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB", 1))
	clean := []byte(newer)
	tests := []struct {
		name    string
		src     []byte
		scanned func(src []byte) *SecretScan
		used    bool
		secrets int
	}{
		{"own bytes", withSecret, func(src []byte) *SecretScan { return ScanSecrets(src) }, true, 1},
		{"a copy", withSecret, func(src []byte) *SecretScan { return ScanSecrets(slices.Clone(src)) }, false, 1},
		{"other bytes with a secret", clean, func([]byte) *SecretScan { return ScanSecrets(withSecret) }, false, 0},
		{"other bytes without", withSecret, func([]byte) *SecretScan { return ScanSecrets(clean) }, false, 1},
		{"no scan", withSecret, func([]byte) *SecretScan { return nil }, false, 1},
		{"empty file", nil, func(src []byte) *SecretScan { return ScanSecrets(src) }, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := learnings.Parse(tt.src)
			scan := tt.scanned(doc.Source)
			if used := scan.of(doc.Source); used != tt.used {
				t.Errorf("scan used = %v, want %v", used, tt.used)
			}
			n := 0
			for _, f := range CheckScanned(doc, learnings.SizeLimit, scan) {
				if f.Kind == KindSecret {
					n++
				}
			}
			if n != tt.secrets {
				t.Errorf("%d secret findings, want %d", n, tt.secrets)
			}
		})
	}
}

// TestUnreadNeverSilent: on every memory another tool wrote, lint has a
// finding when some line is not read, and its count finding or run finding
// names the import advice.
func TestUnreadNeverSilent(t *testing.T) {
	var paths []string
	err := filepath.WalkDir("../foreign/testdata/corpus", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			continue // a folder
		}
		n++
		t.Run(filepath.Base(p), func(t *testing.T) {
			doc := learnings.Parse(src)
			us := doc.Unread()
			fs := CheckLimit(doc, learnings.SizeLimit)
			if len(us) > 0 && Errors(fs) == 0 {
				t.Fatalf("%d unread lines and no error", learnings.UnreadLines(us))
			}
			for _, u := range us {
				found := false
				for _, f := range fs {
					if u.Line <= f.Line && f.Line <= u.EndLine || f.Kind == KindUnread && strings.Contains(f.Message, fmt.Sprint(u.Line)) {
						found = true
					}
				}
				if !found {
					t.Errorf("run %v named by no finding", u)
				}
			}
		})
	}
	if n < 20 {
		t.Fatalf("only %d corpus files", n)
	}
}
