package web

import (
	"net/http"

	"github.com/learn-memory/learn/internal/ops"
)

// readMemory is the file as the reading operations see it in one request:
// the snapshot the request reads, so that the page and its API answer from
// the one version the loader keeps, its search index built once.
func (s *Server) readMemory(snap *snapshot) *ops.Memory {
	m := s.memory()
	m.Reason = s.cfg.Reason
	m.Cached = func() (*ops.Snapshot, error) { return snap.ops, nil }
	return m
}

// writeOpsError answers an operation's error with its status.
func writeOpsError(w http.ResponseWriter, err error) {
	code := httpStatus(err)
	writeJSON(w, code, apiError{Error: err.Error(), Retry: code == http.StatusServiceUnavailable})
}
