package secrets

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

var (
	dumpDir = flag.String("dump", "", "write what Scan and Redact make of every generator's 1 MB and 10 MB memory, and of a salted one, to this directory (testdata/same-findings.sh compares two commits with it)")
	dumpSrc = flag.String("dumpsrc", "", "with -dump, the memories in this directory too")
)

// TestDump writes, with -dump DIR, the findings of Scan on each generated
// memory and on salted (one file per memory), then the output of Redact
// on every learning that it changes and how many it left alone, as stats
// and recall --all redact them. A speed change to the scanner must leave
// these files byte-identical.
func TestDump(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("no -dump directory")
	}
	files := map[string][]byte{"salted": salted()}
	for _, mode := range append([]string{"default"}, memgen.Modes...) {
		for _, size := range []int{1 << 20, 10 << 20} {
			m := strings.TrimPrefix(mode, "default")
			files[fmt.Sprintf("%s-%dm", mode, size>>20)] = memgen.GenerateWith(memgen.Options{Seed: 1, Size: size, Mode: m})
		}
	}
	if *dumpSrc != "" {
		entries, err := os.ReadDir(*dumpSrc)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			src, err := os.ReadFile(filepath.Join(*dumpSrc, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files["src-"+e.Name()] = src
		}
	}
	for name, src := range files {
		f, err := os.Create(filepath.Join(*dumpDir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for _, fd := range Scan(string(src)) {
			fmt.Fprintf(w, "%d %d %s\n", fd.Start, fd.End, fd.Kind)
		}
		same := 0
		for i, l := range learnings.Parse(src).Learnings() {
			if r := Redact(l.Text); r != l.Text {
				fmt.Fprintf(w, "learning %d: %q\n", i, r)
			} else {
				same++
			}
		}
		fmt.Fprintf(w, "%d learnings unchanged\n", same)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// salted is a generated 1 MB memory with every secret and password of the
// tests, the prose that must pass and the same secrets split by invisible
// characters written into it as learnings, one every few sessions.
func salted() []byte {
	var texts []string
	for _, c := range secretstest.Secrets() {
		texts = append(texts, c.Text)
	}
	for _, c := range passwordCases {
		texts = append(texts, c.text)
	}
	texts = append(texts, secretstest.Prose()...)
	texts = append(texts, seekLines...)
	for i, c := range secretstest.Secrets() {
		if i%3 == 0 {
			cut := len(c.Text) / 2
			texts = append(texts, c.Text[:cut]+"\u200b"+c.Text[cut:])
		}
	}
	src := memgen.GenerateWith(memgen.Options{Seed: 2, Size: 1 << 20})
	lines := strings.SplitAfter(string(src), "\n")
	var b strings.Builder
	next := 0
	for _, line := range lines {
		b.WriteString(line)
		if strings.HasPrefix(line, "- ") && next < len(texts) {
			b.WriteString("- " + strings.ReplaceAll(texts[next], "\n", "\n  ") + "\n")
			next++
		}
	}
	for _, t := range texts[next:] {
		b.WriteString("- " + strings.ReplaceAll(t, "\n", "\n  ") + "\n")
	}
	return []byte(b.String())
}
