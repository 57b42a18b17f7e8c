package cmdutil

import "strings"

// ColorEnabled decides, as the GitHub CLI does, whether output to a stream
// gets colour: never with NO_COLOR set or TERM=dumb, always with
// CLICOLOR_FORCE set to anything but 0, else only at a terminal.
func ColorEnabled(getenv func(string) string, tty bool) bool {
	if getenv("NO_COLOR") != "" {
		return false
	}
	if v := getenv("CLICOLOR_FORCE"); v != "" && v != "0" {
		return true
	}
	if getenv("TERM") == "dumb" {
		return false
	}
	return tty
}

// ColorScheme paints the few things colour helps a person find: headings,
// IDs and verdicts. With colour off every method returns its text as is, so
// commands call them unconditionally; --json output never goes through it.
type ColorScheme struct{ on bool }

const reset = "\x1b[0m"

// Enabled tells whether the scheme paints, for output that colours its own
// spans (search's highlighted matches).
func (c ColorScheme) Enabled() bool { return c.on }

func (c ColorScheme) paint(code, s string) string {
	if !c.on || s == "" {
		return s
	}
	return code + s + reset
}

// Bold is for headings.
func (c ColorScheme) Bold(s string) string { return c.paint("\x1b[1m", s) }

// ID is for learning and session IDs, which people copy.
func (c ColorScheme) ID(s string) string { return c.paint("\x1b[36m", s) }

// Good is for a passing verdict (OK, NEW).
func (c ColorScheme) Good(s string) string { return c.paint("\x1b[32m", s) }

// Warn is for a verdict that needs a look (WARN, DUPLICATE).
func (c ColorScheme) Warn(s string) string { return c.paint("\x1b[33m", s) }

// Bad is for a failing verdict (FAIL, an error).
func (c ColorScheme) Bad(s string) string { return c.paint("\x1b[31m", s) }

// Verdict colours a status word by what it means.
func (c ColorScheme) Verdict(s string) string {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "OK", "PASS", "NEW":
		return c.Good(s)
	case "WARN", "WARNING", "DUPLICATE", "ALREADY DOCUMENTED":
		return c.Warn(s)
	case "FAIL", "ERROR":
		return c.Bad(s)
	}
	return s
}
