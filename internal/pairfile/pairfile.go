// Package pairfile reads the pair sets that hold summarise's decision to
// account (learnings/similar/testdata/*.txt and its held-out sets): blocks
// of three lines (a label, the stored learning, the candidate) separated
// by blank lines, with "#" lines as comments. The similar package's tests
// and the held-out test in ops/input read the same files this one way.
package pairfile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Pair is one block: Label is its first line ("same", "UPDATE number"),
// Line the line it starts on.
type Pair struct {
	Label, Stored, Cand string
	Line                int
}

// Read reads the pairs of the file at path; a block of another number of
// lines is an error naming its line.
func Read(path string) ([]Pair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Pair
	var block []string
	start, n := 0, 0
	flush := func() error {
		switch len(block) {
		case 0:
		case 3:
			out = append(out, Pair{Label: block[0], Stored: block[1], Cand: block[2], Line: start})
		default:
			return fmt.Errorf("%s:%d: a block has %d lines, want 3", path, start, len(block))
		}
		block = nil
		return nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.TrimSpace(l) == "":
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			if len(block) == 0 {
				start = n
			}
			block = append(block, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// retired lists the held-out sets retired to development: their misses may
// be read and printed. A set is retired here the round the lead retires it.
var retired = map[string]bool{
	"heldout9": true, "heldout12": true, "heldout13": true, "heldout14": true,
	"heldout15": true, "heldout16": true, "heldout17": true, "heldout18": true,
	"heldout19": true,
}

// HeldOut says whether the pair file at path is a held-out set's (its
// folder is heldout, heldout2 and so on, not retired): nobody reads those,
// so a test that reads one prints its totals only, never a pair's text,
// label or line.
func HeldOut(path string) bool {
	dir := filepath.Base(filepath.Dir(path))
	return strings.HasPrefix(dir, "heldout") && !retired[dir]
}
