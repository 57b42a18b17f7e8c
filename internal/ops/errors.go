package ops

import (
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops/opserr"
	"github.com/learn-memory/learn/learnings"
)

// The kinds of failure an operation reports, tested with errors.Is. Each
// front end maps them once: the CLI to exit statuses (2, 3, 4; anything
// else 1), the page and its API to HTTP statuses (400, 422, 503, 404, 409).
var (
	// ErrUsage: the request was wrong (a bad flag value, an unknown
	// category, a missing argument).
	ErrUsage = opserr.Usage
	// ErrRefused: the content was refused: a secret, an unclosed
	// <private>, no valid learning, input over the limits.
	ErrRefused = opserr.Refused
	// ErrBusy: another process held the file's lock past the timeout.
	ErrBusy = memfile.ErrBusy
	// ErrNotFound: no learning or session has the ID asked for.
	ErrNotFound = learnings.ErrNotFound
	// ErrConflict: the file cannot take the change as it is (a fence or
	// comment left open, damaged lines the change would rewrite).
	ErrConflict = opserr.Conflict
)

// mark tags err with kind without changing its message.
func mark(err, kind error) error { return opserr.Mark(err, kind) }

// Mark tags err with one of the kinds above without changing its message,
// for front ends that check their own input before calling an operation.
func Mark(err, kind error) error { return mark(err, kind) }
