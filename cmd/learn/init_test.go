package main

import (
	"bytes"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// module is the import path prefix of learn's own packages.
const module = "github.com/learn-memory/learn/"

// initBudget is the most one of learn's packages may allocate while the
// program starts. Every run of learn pays for every package's variables and
// init functions before main, each recall and each hook event (one per tool
// call of an agent): a table, a regular expression or a template built there
// belongs behind sync.OnceValue or lazyregexp.New, built by the command that
// uses it. Allocation is counted, not time: it is the same on every machine.
const initBudget = 4 << 10

// initCeilings are learn's packages that still allocate more at start-up,
// each at most this much; lower a ceiling when its package shrinks.
var initCeilings = map[string]int{
	"learnings/similar": 32 << 10, // its small word sets (the lexicon is built on first use)
}

// initTotal is the most the whole program may allocate while it starts, its
// dependencies included (the MCP SDK's JSON schema and gob types, YAML):
// 656 KB when it was set, 300 KB in this test binary when it was lowered to
// 384 KB, 285 KB when it was lowered again, so a new dependency with a heavy
// init fails it.
const initTotal = 320 << 10

var initLine = lazyregexp.New(`^init (\S+) @[0-9.]+ ms, [0-9.]+ ms clock, ([0-9]+) bytes, ([0-9]+) allocs$`)

// TestInitAllocations runs this test binary, which links every package learn
// does, with GODEBUG=inittrace=1 and checks what each package allocated
// before main. Compiling the secrets rules, the quality checks' expressions
// or the command templates at start-up again fails it.
func TestInitAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate in every package's init")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	bytesOf := map[string]int{}
	total := 0
	for line := range strings.Lines(stderr.String()) {
		m := initLine().FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		bytesOf[m[1]] += n
		total += n
	}
	if bytesOf[module+"internal/cmd/root"] == 0 && len(bytesOf) < 50 {
		t.Fatalf("no init trace of learn's packages in:\n%s", stderr.String())
	}
	var pkgs []string
	for p := range bytesOf {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		name, ours := strings.CutPrefix(p, module)
		if !ours {
			continue
		}
		limit, ok := initCeilings[name]
		if !ok {
			limit = initBudget
		}
		if n := bytesOf[p]; n > limit {
			t.Errorf("%s allocates %d bytes at start-up, more than its %d: build what it needs on first use (sync.OnceValue, lazyregexp.New)", name, n, limit)
		}
	}
	if total > initTotal {
		t.Errorf("the program allocates %d bytes at start-up, more than %d; GODEBUG=inittrace=1 learn --version says which packages", total, initTotal)
	}
	t.Logf("start-up allocations: %d bytes in %d packages", total, len(bytesOf))
}
