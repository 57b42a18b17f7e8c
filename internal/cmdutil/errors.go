package cmdutil

import (
	"errors"
	"fmt"
	"io"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
)

// Sentinels that main maps to exit statuses with errors.Is. Attach one to an
// error with Mark so the message stays the error's own.
//
// The first three are the operations layer's own kinds, so an error an
// operation returns maps to the same status as one a command makes itself.
var (
	// ErrUsage: the command line was wrong (exit 2).
	ErrUsage = ops.ErrUsage
	// ErrRefused: the content was refused, a secret or an invalid learning (exit 3).
	ErrRefused = ops.ErrRefused
	// ErrBusy: another process held the lock past the timeout (exit 4).
	ErrBusy = ops.ErrBusy
	// ErrSilent: the command already printed what went wrong (exit 1, no message).
	ErrSilent = errors.New("silent failure")
)

// Exit statuses, documented in every command's help.
const (
	ExitOK      = 0
	ExitFailure = 1
	ExitUsage   = 2
	ExitRefused = 3
	ExitBusy    = 4
)

type marked struct {
	err  error
	kind error
}

func (m *marked) Error() string   { return m.err.Error() }
func (m *marked) Unwrap() []error { return []error{m.err, m.kind} }

// Mark tags err with kind (ErrUsage, ErrRefused, ErrBusy) without changing
// its message.
func Mark(err, kind error) error {
	if err == nil {
		return nil
	}
	return &marked{err: err, kind: kind}
}

// ExitCode maps an error returned by a command to the process exit status.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrUsage):
		return ExitUsage
	case errors.Is(err, ErrRefused):
		return ExitRefused
	case errors.Is(err, ErrBusy), errors.Is(err, memfile.ErrBusy):
		return ExitBusy
	default:
		return ExitFailure
	}
}

// PrintError writes err as main prints it, once: "learn: message" for a
// person, or {"error": ..., "exit": N} when the command was given --json,
// so a script that asked for JSON never has to parse prose. An ErrSilent
// error was already explained by the command and prints nothing.
func PrintError(w io.Writer, err error, asJSON bool) {
	if err == nil || errors.Is(err, ErrSilent) {
		return
	}
	if asJSON {
		_ = WriteJSON(w, struct {
			Error string `json:"error"`
			Exit  int    `json:"exit"`
		}{err.Error(), ExitCode(err)})
		return
	}
	fmt.Fprintf(w, "learn: %v\n", err)
}
