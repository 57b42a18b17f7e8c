package templates

import (
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Injection is one shell injection of a command file: the learn command it
// runs and the tag whose lines wrap its output. Clients that cannot run a
// shell command inside a command file (Codex CLI's skills) get the same
// output from learn's prompt hook instead, framed by the same tag.
type Injection struct {
	// Tag is the name of the <tag> line above the injection; empty when
	// there is none.
	Tag string
	// Args are learn's arguments, without "learn" itself.
	Args []string
	// Line is the injection's whole line, as the template has it.
	Line string
	// Fallback is what the injection prints when learn fails (its
	// `|| echo "..."`), so a client that runs it another way says the same.
	Fallback string
}

var injectionLine = lazyregexp.New("^!`(learn [^`]*)`$")

var tagLine = lazyregexp.New(`^<([a-z-]+)>$`)

var fallback = lazyregexp.New(`\|\| echo "([^"]*)"$`)

// Injections lists the safe injections of a command file (those Check
// allows), in order.
func Injections(data []byte) []Injection {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []Injection
	for i, l := range lines {
		m := injectionLine().FindStringSubmatch(l)
		if m == nil || !safeInjection().MatchString(m[1]) {
			continue
		}
		cmd, _, _ := strings.Cut(m[1], " </dev/null")
		in := Injection{Args: strings.Fields(cmd)[1:], Line: l}
		if f := fallback().FindStringSubmatch(m[1]); f != nil {
			in.Fallback = f[1]
		}
		if i > 0 {
			if t := tagLine().FindStringSubmatch(lines[i-1]); t != nil {
				in.Tag = t[1]
			}
		}
		out = append(out, in)
	}
	return out
}

// Command is the injection's command line as a person types it.
func (in Injection) Command() string { return "learn " + strings.Join(in.Args, " ") }
