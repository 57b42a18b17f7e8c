package secrets

import (
	"regexp"
	"sync"
)

// lazyRegexp is a rule's regular expression, compiled when a text first
// holds one of the rule's hints. Compiling every rule's expression when
// the package loads took about 35 ms of CPU on every run of learn ("learn
// --version": 83 ms, now 48 ms), more than parsing a 1 MB memory file,
// although a run meets a handful of rules at most; TestRulesCompile compiles them all, so a bad pattern
// still fails the tests, not a user's run.
type lazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

func lazy(expr string) *lazyRegexp { return &lazyRegexp{expr: expr} }

// get returns the compiled expression; it is safe to call from several
// goroutines.
func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}
