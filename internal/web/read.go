package web

import (
	"errors"
	"net/http"

	"github.com/learn-memory/learn/internal/ops"
)

// memory is the file as the reading operations see it in one request: the
// snapshot the request reads, so that the page and its API answer from the
// one version the loader keeps, its search index built once.
func (s *Server) memory(snap *snapshot) *ops.Memory {
	return &ops.Memory{Path: s.cfg.Path, Display: s.cfg.Display, Reason: s.cfg.Reason, Now: s.cfg.Now, Limit: s.cfg.SizeLimit,
		DiffName: s.cfg.DiffName, LockTimeout: s.cfg.LockTimeout,
		Cached: func() (*ops.Snapshot, error) { return snap.ops, nil }}
}

// statusOf is the HTTP status of an operation's error kind.
func statusOf(err error) int {
	switch {
	case errors.Is(err, ops.ErrUsage):
		return http.StatusBadRequest
	case errors.Is(err, ops.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, ops.ErrRefused):
		return http.StatusUnprocessableEntity
	case errors.Is(err, ops.ErrConflict):
		return http.StatusConflict
	case errors.Is(err, ops.ErrBusy):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// writeOpsError answers an operation's error with its status.
func writeOpsError(w http.ResponseWriter, err error) {
	code := statusOf(err)
	writeJSON(w, code, apiError{Error: err.Error(), Retry: code == http.StatusServiceUnavailable})
}
