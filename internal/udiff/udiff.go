// Package udiff prints unified diffs that patch(1) and git apply accept. It
// diffs line by line (go-diff's line mode), never character by character,
// so a megabyte-sized file diffs in milliseconds.
package udiff

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Context is the number of unchanged lines shown around each change, the
// same as diff -u and git diff.
const Context = 3

// DevNull is the label of the missing side when a file is created or deleted.
const DevNull = "/dev/null"

// Unified returns the unified diff turning old into new, with "--- oldLabel"
// and "+++ newLabel" headers (pass "a/path" and "b/path", or DevNull for a
// side that does not exist). It returns nil when the two are equal.
func Unified(oldLabel, newLabel string, old, new []byte) []byte {
	if bytes.Equal(old, new) {
		return nil
	}
	ops := lineOps(string(old), string(new))
	hs := hunks(ops, Context)
	// The diff is written into room made for all of it: grown by
	// doubling, the 18 MB diff of a 10 MB compact was allocated and
	// copied twice over, and the garbage collector ran for it.
	size := len(oldLabel) + len(newLabel) + 16
	for _, h := range hs {
		size += hunkSize(ops, h)
	}
	var out bytes.Buffer
	out.Grow(size)
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldLabel, newLabel)
	for _, h := range hs {
		writeHunk(&out, ops, h)
	}
	return out.Bytes()
}

// Files is Unified with git-style labels: "a/name" and "b/name", or
// /dev/null for the side that does not exist.
func Files(name string, old []byte, oldExists bool, new []byte, newExists bool) []byte {
	oldLabel, newLabel := "a/"+name, "b/"+name
	if !oldExists {
		oldLabel = DevNull
	}
	if !newExists {
		newLabel = DevNull
	}
	return Unified(oldLabel, newLabel, old, new)
}

type kind byte

const (
	equal  kind = ' '
	delete kind = '-'
	insert kind = '+'
)

// op is one line of the edit script. oldLine and newLine are the 0-based
// line numbers the op stands at on each side before it is applied.
type op struct {
	kind             kind
	text             string
	oldLine, newLine int
}

// maxCost bounds the work of a minimal diff, counted as lines times edit
// distance (Myers' algorithm runs in O((N+M)·D)): a few hundred
// milliseconds at most.
const maxCost = 50_000_000

// safetyTimeout stops go-diff on inputs whose cost the estimate missed
// (blocks moved around); its result is then valid but not minimal.
const safetyTimeout = 5 * time.Second

// lineOps diffs old and new by whole lines. Each line keeps its own line
// ending; a final line without one has none.
//
// Common leading and trailing lines are matched first. When the rest differs
// so much that a minimal diff would be slow (compact rewriting most of a
// megabyte file), the rest is shown as one block replaced by another, which
// is what such a change is; otherwise go-diff finds the minimal line diff.
func lineOps(old, new string) []op {
	a, b := splitLines(old), splitLines(new)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	midA, midB := a[pre:len(a)-suf], b[pre:len(b)-suf]

	ops := make([]op, 0, len(a)+len(b)-pre-suf)
	o, n := 0, 0
	push := func(k kind, line string) {
		ops = append(ops, op{k, line, o, n})
		if k != insert {
			o++
		}
		if k != delete {
			n++
		}
	}
	for _, l := range a[:pre] {
		push(equal, l)
	}
	if tooCostly(midA, midB) {
		for _, l := range midA {
			push(delete, l)
		}
		for _, l := range midB {
			push(insert, l)
		}
	} else {
		for _, d := range minimalDiff(strings.Join(midA, ""), strings.Join(midB, "")) {
			k := equal
			switch d.Type {
			case diffmatchpatch.DiffDelete:
				k = delete
			case diffmatchpatch.DiffInsert:
				k = insert
			}
			for _, line := range splitLines(d.Text) {
				push(k, line)
			}
		}
	}
	for _, l := range a[len(a)-suf:] {
		push(equal, l)
	}
	return ops
}

// tooCostly reports whether a minimal diff of a against b would cost more
// than maxCost. The line counts alone settle it when they differ enough:
// distanceLowerBound is at least their difference, so counting every line
// (a map of all of them, about 0.1 G instructions on compact's 10 MB
// rewrite) is needed only when they are close.
func tooCostly(a, b []string) bool {
	lines := int64(len(a) + len(b))
	if lines*int64(max(len(a)-len(b), len(b)-len(a))) > maxCost {
		return true
	}
	return lines*int64(distanceLowerBound(a, b)) > maxCost
}

// minimalDiff is go-diff's line mode: each line becomes one rune, the runes
// are diffed, and the runes turned back into lines.
func minimalDiff(old, new string) []diffmatchpatch.Diff {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = safetyTimeout
	chars1, chars2, lines := dmp.DiffLinesToChars(old, new)
	return dmp.DiffCharsToLines(dmp.DiffMain(chars1, chars2, false), lines)
}

// distanceLowerBound counts the lines that must be deleted or inserted
// whatever the alignment: those one side has more often than the other.
func distanceLowerBound(a, b []string) int {
	count := make(map[string]int, len(a))
	for _, l := range a {
		count[l]++
	}
	for _, l := range b {
		count[l]--
	}
	d := 0
	for _, c := range count {
		d += max(c, -c)
	}
	return d
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// hunk is a half-open range of ops printed together.
type hunk struct{ start, end int }

// hunks groups changes with up to ctx lines of context on each side,
// merging two groups when their contexts would touch or overlap.
func hunks(ops []op, ctx int) []hunk {
	var hs []hunk
	for i := 0; i < len(ops); {
		if ops[i].kind == equal {
			i++
			continue
		}
		start := max(i-ctx, 0)
		// Extend over changes separated by at most 2*ctx equal lines.
		end := i
		for end < len(ops) {
			if ops[end].kind != equal {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == equal {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, run)
				break
			}
			end = run
		}
		if len(hs) > 0 && start <= hs[len(hs)-1].end {
			hs[len(hs)-1].end = end
		} else {
			hs = append(hs, hunk{start, end})
		}
		i = end
	}
	return hs
}

// hunkSize is at least the bytes writeHunk writes for h.
func hunkSize(ops []op, h hunk) int {
	const header, noNewline = 96, len("\n\\ No newline at end of file\n")
	n := header
	for _, o := range ops[h.start:h.end] {
		n += 1 + len(o.text)
		if !strings.HasSuffix(o.text, "\n") {
			n += noNewline
		}
	}
	return n
}

func writeHunk(out *bytes.Buffer, ops []op, h hunk) {
	oldCount, newCount := 0, 0
	for _, o := range ops[h.start:h.end] {
		if o.kind != insert {
			oldCount++
		}
		if o.kind != delete {
			newCount++
		}
	}
	first := ops[h.start]
	fmt.Fprintf(out, "@@ -%s +%s @@\n", rangeOf(first.oldLine, oldCount), rangeOf(first.newLine, newCount))
	for _, o := range ops[h.start:h.end] {
		out.WriteByte(byte(o.kind))
		out.WriteString(o.text)
		if !strings.HasSuffix(o.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// rangeOf formats a hunk range the way GNU diff does: "l,n", "l" when n is
// 1, and for an empty range the line after which it sits.
func rangeOf(line0, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", line0)
	case 1:
		return fmt.Sprintf("%d", line0+1)
	default:
		return fmt.Sprintf("%d,%d", line0+1, count)
	}
}
