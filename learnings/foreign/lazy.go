package foreign

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use. Compiled when the package loaded,
// this package's expressions cost every run of learn (a recall, each hook
// event) several milliseconds of start-up although few runs use them
// (GODEBUG=inittrace=1); the patterns are unchanged, and the tests that use
// them compile them.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
