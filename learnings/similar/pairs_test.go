package similar

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type pair struct {
	kind, stored, cand string
	line               int
}

// loadPairs reads testdata/pairs.txt: blocks of a kind line, the stored
// learning and the candidate.
func loadPairs(t testing.TB) []pair { return loadPairsFrom(t, "testdata/pairs.txt") }

// loadPairsFrom reads a file of pairs in the format of testdata/pairs.txt.
func loadPairsFrom(t testing.TB, path string) []pair {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []pair
	var block []string
	start, n := 0, 0
	flush := func() {
		switch len(block) {
		case 0:
		case 3:
			out = append(out, pair{kind: block[0], stored: block[1], cand: block[2], line: start})
		default:
			t.Fatalf("%s:%d: a block has %d lines, want 3", path, start, len(block))
		}
		block = nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.TrimSpace(l) == "":
			flush()
		default:
			if len(block) == 0 {
				start = n
			}
			block = append(block, l)
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDistinctIsNeverSame is the rule: a candidate that changes a value of
// a stored learning is never the same learning, either way round.
func TestDistinctIsNeverSame(t *testing.T) {
	for _, p := range loadPairs(t) {
		if p.kind == "same" {
			continue
		}
		t.Run(p.kind+"/"+p.stored, func(t *testing.T) {
			for _, v := range []Verdict{Compare(p.stored, p.cand), Compare(p.cand, p.stored)} {
				if v.Kind == Same {
					t.Errorf("pairs.txt:%d: called the same learning (score %.2f):\n stored: %s\n  cand:  %s", p.line, v.Score, p.stored, p.cand)
				}
			}
		})
	}
}

// TestQualityBars measures the table against the bars store and summarise
// are held to: at least 80% of rewordings recognised as the same learning,
// and most one-value changes reported as updates rather than distinct.
func TestQualityBars(t *testing.T) {
	pairs := loadPairs(t)
	var same, sameOK, changed, updates, distinctAsSame int
	for _, p := range pairs {
		v, w := Compare(p.stored, p.cand), Compare(p.cand, p.stored)
		if v.Kind != w.Kind {
			t.Errorf("pairs.txt:%d: not symmetric: %v one way, %v the other", p.line, v.Kind, w.Kind)
		}
		if p.kind == "same" {
			same++
			if v.Kind == Same {
				sameOK++
			} else {
				t.Logf("rewording not recognised (pairs.txt:%d, %v, score %.2f):\n  %s\n  %s", p.line, v.Kind, v.Score, p.stored, p.cand)
			}
			continue
		}
		changed++
		switch v.Kind {
		case Update:
			updates++
		case Same:
			distinctAsSame++
		default:
			t.Logf("change not seen as an update (pairs.txt:%d, score %.2f):\n  %s\n  %s", p.line, v.Score, p.stored, p.cand)
		}
	}
	recognised := float64(sameOK) / float64(same)
	updateRate := float64(updates) / float64(changed)
	t.Logf("%d rewordings, %d recognised (%.1f%%); %d distinct pairs, %d called the same, %d updates (%.1f%%)",
		same, sameOK, 100*recognised, changed, distinctAsSame, updates, 100*updateRate)
	if distinctAsSame > 0 {
		t.Errorf("%d distinct pairs called the same learning, want 0", distinctAsSame)
	}
	if recognised < 0.8 {
		t.Errorf("%.1f%% of rewordings recognised, want at least 80%%", 100*recognised)
	}
	if updateRate < 0.9 {
		t.Errorf("%.1f%% of one-value changes reported as updates, want at least 90%%", 100*updateRate)
	}
}
