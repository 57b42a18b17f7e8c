// Package lazyregexp compiles a package-level regular expression on its first
// use instead of when the program starts. Go runs every package's variable
// initialisers before main, so an expression compiled there costs every run
// of learn (each recall, each hook event on every tool call of an agent),
// although a run uses a few of the binary's expressions at most: compiled
// eagerly, the expressions of quality, docs, templates, agent, mcpserver and
// the hook cost every run 0.4 MB of allocation and 4-10 ms of start-up
// (GODEBUG=inittrace=1).
package lazyregexp

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr on its first call and returns
// the same expression after; it is safe to call from several goroutines. A
// bad expression panics on first use, as regexp.MustCompile would at start-up,
// so every expression must be used by a test.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
