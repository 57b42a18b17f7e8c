package memgen

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
)

// TestDefaultModeBytes pins the default generator's output: bench numbers
// and tests elsewhere depend on these exact bytes, so adding modes must not
// move them.
func TestDefaultModeBytes(t *testing.T) {
	got := fmt.Sprintf("%x", sha256.Sum256(Generate(1, 1<<20)))
	if want := "74bd5145f9a270de2876d42673ab516176a095850e5183a438d4735f9aa2cf2b"; got != want {
		t.Errorf("Generate(1, 1 MiB) hashes to %s, want %s", got, want)
	}
}

// TestModesAreBenchGenerators checks that every generator bench/run.sh
// times is a Mode with a ModeDoc line: the Go benchmarks iterate Modes, so
// a generator kept outside it is measured by the script and never by them.
func TestModesAreBenchGenerators(t *testing.T) {
	script, err := os.ReadFile("../../bench/run.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^all_generators="([^"]*)"`).FindSubmatch(script)
	if m == nil {
		t.Fatal("bench/run.sh sets no all_generators")
	}
	for _, name := range strings.Fields(string(m[1])) {
		mode := name
		if name == "default" {
			mode = ""
		} else if !slices.Contains(Modes, mode) {
			t.Errorf("bench/run.sh generator %q is not in Modes", name)
		}
		if ModeDoc[mode] == "" {
			t.Errorf("bench/run.sh generator %q has no ModeDoc line", name)
		}
	}
	if got, want := len(Modes)+1, len(strings.Fields(string(m[1]))); got != want {
		t.Errorf("%d modes with the default, bench/run.sh runs %d generators", got, want)
	}
}

func TestModes(t *testing.T) {
	const size = 256 << 10
	base := Generate(5, size)
	for _, mode := range Modes {
		t.Run(mode, func(t *testing.T) {
			src := GenerateWith(Options{Seed: 5, Size: size, Mode: mode})
			if !bytes.Equal(src, GenerateWith(Options{Seed: 5, Size: size, Mode: mode})) {
				t.Fatal("same seed gave different bytes")
			}
			if bytes.Equal(src, GenerateWith(Options{Seed: 6, Size: size, Mode: mode})) {
				t.Fatal("different seeds gave the same bytes")
			}
			if bytes.Equal(src, base) {
				t.Fatal("same bytes as the default mode")
			}
			if diff := float64(len(src)-size) / size; diff > 0.05 || diff < -0.05 {
				t.Errorf("%d bytes, off by %.1f%%", len(src), diff*100)
			}
			if !utf8.Valid(src) {
				t.Error("not valid UTF-8")
			}
			doc := learnings.Parse(src)
			for _, p := range doc.Problems {
				t.Errorf("reader problem: %v", p)
			}
			all := doc.Learnings()
			seen := map[string]bool{}
			dups := 0
			for _, l := range all {
				if seen[l.Text] {
					dups++
				}
				seen[l.Text] = true
			}
			if rate := float64(dups) / float64(len(all)); rate > 0.03 {
				t.Errorf("%d of %d learnings repeat an earlier one exactly (%.1f%%), want few", dups, len(all), rate*100)
			}
			perSession := float64(len(all)) / float64(len(doc.Sessions))
			avgLen := 0
			for _, l := range all {
				avgLen += utf8.RuneCountInString(l.Text)
			}
			avgLen /= len(all)
			switch mode {
			case "sparse":
				if perSession > 2.2 {
					t.Errorf("%.1f learnings a session, want one or two", perSession)
				}
			case "long":
				if avgLen < 300 {
					t.Errorf("learnings average %d characters, want long ones", avgLen)
				}
			case "paths":
				if n := strings.Count(string(src), "`src/app/server.ts"); n < len(doc.Sessions)/10 {
					t.Errorf("the hot path appears %d times in %d sessions", n, len(doc.Sessions))
				}
			case "intl":
				if !strings.Contains(string(src), "ä") || !strings.Contains(string(src), "する") {
					t.Error("no German or Japanese text")
				}
			case "agent":
				text := string(src)
				crlf := strings.Count(text, "\r\n")
				if crlf == 0 || crlf == strings.Count(text, "\n") {
					t.Errorf("%d of %d lines end in CRLF, want some sessions with CRLF and some with LF", crlf, strings.Count(text, "\n"))
				}
				struck, fenced, nested := 0, 0, 0
				for _, l := range all {
					if l.Superseded != nil {
						struck++
					}
					if strings.Contains(l.Text, "\n```") {
						fenced++
					}
					if strings.Contains(l.Text, "\n- ") {
						nested++
					}
				}
				if struck < len(all)/100 || fenced < len(all)/20 || nested < len(all)/20 {
					t.Errorf("%d superseded, %d with a code block, %d with a nested list, of %d learnings", struck, fenced, nested, len(all))
				}
				t.Logf("%d CRLF lines, %d superseded, %d with a code block, %d with a nested list", crlf, struck, fenced, nested)
				most := 0
				for _, s := range doc.Sessions {
					most = max(most, len(s.Docs))
				}
				if most < 10 || !strings.Contains(text, `\Services\`) || !strings.Contains(text, "`https://") {
					t.Errorf("at most %d documents seen in a session, Windows paths %v, URLs %v", most, strings.Contains(text, `\Services\`), strings.Contains(text, "`https://"))
				}
				if avgLen < 250 {
					t.Errorf("learnings average %d characters, want long ones", avgLen)
				}
			case "zipf":
				counts := map[string]int{}
				for _, w := range strings.Fields(strings.ToLower(string(src))) {
					counts[w]++
				}
				if counts["the"] < 20*counts["value"] || len(counts) < 2000 {
					t.Errorf("not power-law: the=%d value=%d, %d distinct words", counts["the"], counts["value"], len(counts))
				}
			}
			t.Logf("%d sessions, %d learnings, %.1f a session, %d characters on average, %d exact repeats", len(doc.Sessions), len(all), perSession, avgLen, dups)
		})
	}
}
