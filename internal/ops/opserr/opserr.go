// Package opserr holds the kinds of failure the operations layer reports,
// in a package of their own so that the packages ops itself is built from
// (internal/ops/input) tag their errors with the very values ops exports.
package opserr

import "errors"

// The kinds; ops re-exports them as ops.ErrUsage, ops.ErrRefused and
// ops.ErrConflict, and front ends test them with errors.Is.
var (
	Usage    = errors.New("usage error")
	Refused  = errors.New("refused")
	Conflict = errors.New("conflict")
)

type marked struct {
	err  error
	kind error
}

func (m *marked) Error() string   { return m.err.Error() }
func (m *marked) Unwrap() []error { return []error{m.err, m.kind} }

// Mark tags err with kind without changing its message; nil stays nil.
func Mark(err, kind error) error {
	if err == nil {
		return nil
	}
	return &marked{err: err, kind: kind}
}
