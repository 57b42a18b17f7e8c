// Package cmdutil holds what every learn subcommand shares: the injected IO
// streams, the factory that resolves the learnings file, exit statuses, the
// flag vocabulary, colour and the pager.
package cmdutil

import (
	"io"
	"os"

	"golang.org/x/term"
)

// IO is where a command reads and writes. Commands never touch os.Stdout, so
// tests run them in-process with buffers.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// InTTY is true when In is an interactive terminal: commands that ask
	// before destroying data only ask then.
	InTTY bool
	// OutTTY is true when Out is a terminal read by a person.
	OutTTY bool
	// ErrTTY is true when Err is a terminal (see ShowProgress).
	ErrTTY bool
	// Color is true when Out may carry colour (see ColorEnabled).
	Color bool
	// LookupEnv reads the environment for the pager; nil means
	// os.LookupEnv.
	LookupEnv func(string) (string, bool)

	pager *pagerProcess
}

// SystemIO wires IO to the process's standard streams.
func SystemIO() *IO {
	outTTY := term.IsTerminal(int(os.Stdout.Fd()))
	return &IO{
		In:     os.Stdin,
		Out:    os.Stdout,
		Err:    os.Stderr,
		InTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		OutTTY: outTTY,
		ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		Color:  ColorEnabled(os.Getenv, outTTY),
	}
}

// ShowProgress reports whether a slow command may draw a progress line on
// Err: only when a person watches both streams, as the GitHub CLI does. A
// pipe on either side (learn lint --json | jq, 2>log) means a program
// reads, and a line redrawn with carriage returns is noise to it.
func (s *IO) ShowProgress() bool { return s.ErrTTY && s.OutTTY }

// ColorScheme paints human output, or leaves it plain when colour is off.
// Commands writing --json must not use it.
func (s *IO) ColorScheme() ColorScheme { return ColorScheme{on: s.Color} }
