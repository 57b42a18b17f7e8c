package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// actionResult is what a change did, for the page's message and the API:
// the operation's own result (ops.ForgetResult, ops.CompactResult), the
// same fields learn forget --json and learn compact --json print, with ok
// and the page's message beside them.
type actionResult struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	// Backup is the copies made before the change, when one was.
	Backup *ops.Backup `json:"backup,omitempty"`
	// Result is the operation's result, its fields written beside ok and
	// message.
	Result any `json:"-"`
}

// MarshalJSON writes the operation's result with ok, message and backup.
func (a actionResult) MarshalJSON() ([]byte, error) {
	fields := map[string]any{}
	if a.Result != nil {
		b, err := json.Marshal(a.Result)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &fields); err != nil {
			return nil, err
		}
	}
	fields["ok"], fields["message"] = a.OK, a.Message
	if a.Backup != nil {
		fields["backup"] = a.Backup
	}
	return json.Marshal(fields)
}

// actionError carries the HTTP status an action's failure deserves.
type actionError struct {
	code int
	err  error
}

func (e *actionError) Error() string { return e.err.Error() }
func (e *actionError) Unwrap() error { return e.err }

func failed(code int, format string, a ...any) error {
	return &actionError{code: code, err: fmt.Errorf(format, a...)}
}

// httpStatus is the status an action's failure answers: the one place the
// operations' kinds of failure meet HTTP.
func httpStatus(err error) int {
	var e *actionError
	switch {
	case errors.As(err, &e):
		return e.code
	case errors.Is(err, ops.ErrBusy):
		return http.StatusServiceUnavailable
	case errors.Is(err, ops.ErrUsage):
		return http.StatusBadRequest
	case errors.Is(err, ops.ErrRefused):
		return http.StatusUnprocessableEntity
	case errors.Is(err, ops.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, ops.ErrConflict):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// memory is the file as the operations take it. Paths in results (the
// backups) are named as Display names the file: relative to the directory
// Display is relative to, as learn names them there.
func (s *Server) memory() *ops.Memory {
	m := &ops.Memory{Path: s.cfg.Path, Display: s.cfg.Display, Reason: s.cfg.Reason, DiffName: s.cfg.DiffName, Now: s.cfg.Now,
		Limit: s.cfg.SizeLimit, LockTimeout: s.cfg.LockTimeout}
	if base, ok := strings.CutSuffix(s.cfg.Path, filepath.FromSlash(s.cfg.Display)); ok && filepath.IsAbs(base) && !filepath.IsAbs(s.cfg.Display) {
		m.Show = func(p string) string {
			if rel, err := filepath.Rel(base, p); err == nil && filepath.IsLocal(rel) {
				return filepath.ToSlash(rel)
			}
			return p
		}
	}
	return m
}

// action runs a change and answers it: JSON for the API (and scripts), or,
// for the page's forms (html=1), a redirect to the page with the outcome
// shown once.
func (s *Server) action(do func(r *http.Request) (actionResult, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		html := r.PostFormValue("html") == "1"
		var res actionResult
		var err error
		if s.cfg.ReadOnly {
			err = failed(http.StatusForbidden, "learn serve runs with --read-only: nothing can be changed from the page")
		} else {
			res, err = do(r)
		}
		code := http.StatusOK
		var ae apiError
		if err != nil {
			code = httpStatus(err)
			if errors.Is(err, ops.ErrBusy) {
				ae.Retry = true
				err = fmt.Errorf("%s is busy: another learn process is writing it; nothing changed, try again in a moment", s.cfg.Display)
			}
			ae.Error = err.Error()
		}
		if !html {
			if err != nil {
				if ae.Retry {
					w.Header().Set("Retry-After", "2")
				}
				writeJSON(w, code, ae)
				return
			}
			writeJSON(w, code, res)
			return
		}
		f := flash{Text: res.Message, Undo: res.Backup != nil}
		if err != nil {
			f = flash{Text: ae.Error, Error: true}
			if ae.Retry {
				f.Retry = &retryForm{Action: r.URL.Path, ID: r.PostFormValue("id"), From: r.PostFormValue("from")}
			}
		}
		target := "/"
		if r.PostFormValue("from") == "compact" && err != nil {
			target = "/compact"
		}
		http.Redirect(w, r, fmt.Sprintf("%s%s?flash=%d", s.base(), target, s.addFlash(f)), http.StatusSeeOther)
	}
}

// forget removes one learning or one whole session, named by its full ID:
// ops.Forget, as learn forget --id and --session do it, so a session left
// without learnings goes whole.
func (s *Server) forget(r *http.Request) (actionResult, error) {
	id := strings.TrimSpace(r.PostFormValue("id"))
	if id == "" {
		return actionResult{}, failed(http.StatusBadRequest, "forget needs the id of a learning or a session")
	}
	res, err := ops.Forget(s.memory(), ops.ForgetOptions{Item: id})
	if err != nil {
		return actionResult{}, err
	}
	if !res.Forgotten {
		return actionResult{}, failed(http.StatusNotFound, "%s does not exist: nothing to forget", s.cfg.Display)
	}
	var what string
	switch {
	case len(res.Learnings) == 1:
		l := res.Learnings[0]
		what = fmt.Sprintf("learning %s (%s: %s)", l.ID, styleOf(l.Category).Name, memview.FirstLine(l.Text, 60))
	case len(res.Sessions) == 1 && res.Sessions[0].ID == id:
		sess := res.Sessions[0]
		what = fmt.Sprintf("session %s (%s, %s)", sess.ID, sess.Focus, memview.Plural(sess.Learnings, "learning", "learnings"))
	case len(res.Sessions) == 1:
		sess := res.Sessions[0]
		what = fmt.Sprintf("learning %s with its session %s (%s), which held nothing else", id, sess.ID, sess.Focus)
	}
	return actionResult{OK: true, Message: "Forgot " + what + ". A backup was kept.", Backup: res.Backup, Result: res}, nil
}

// undo takes back the newest backed-up change and keeps what was written
// since, as learn undo does; where it cannot, it refuses and says what would
// be lost (learn undo --force goes ahead).
func (s *Server) undo(*http.Request) (actionResult, error) {
	res, err := ops.Undo(s.memory(), ops.UndoOptions{})
	switch {
	case errors.Is(err, ops.ErrNothingToUndo):
		return actionResult{}, failed(http.StatusConflict, "%v", err)
	case errors.Is(err, ops.ErrConflict):
		return actionResult{}, failed(http.StatusConflict, "%v", err)
	case err != nil:
		return actionResult{}, err
	}
	count := func(c ops.BackupCopy) string {
		return memview.Plural(c.Sessions, "session", "sessions") + ", " + memview.Plural(c.Learnings, "learning", "learnings")
	}
	what := "Undid the change backed up at %s, keeping everything written since"
	if res.Whole {
		what = "Restored the backup of %s"
	}
	was := "no file"
	if res.Replaced != nil {
		was = count(*res.Replaced)
	}
	msg := fmt.Sprintf(what+": now %s (before the undo: %s). Undo again to go back.",
		res.Restored.Time.In(s.cfg.Now().Location()).Format("2006-01-02 15:04:05"), count(res.Now), was)
	if len(res.Skipped) > 0 {
		msg += " Skipped unreadable backups: " + strings.Join(res.Skipped, ", ") + "."
	}
	return actionResult{OK: true, Message: msg, Backup: &ops.Backup{Ring: res.Restored.Path}, Result: res}, nil
}

// preview is what compacting the file now would do: ops.Compact's dry run.
func (s *Server) preview() (*ops.CompactResult, error) {
	return ops.Compact(s.memory(), ops.CompactOptions{DryRun: true})
}

// compact folds every session into Consolidated Learnings after a backup:
// ops.Compact, as learn compact does it.
func (s *Server) compact(*http.Request) (actionResult, error) {
	p, err := ops.Compact(s.memory(), ops.CompactOptions{})
	if err != nil {
		return actionResult{}, err
	}
	if !p.Compacted {
		if p.Reason == "no learnings file yet" {
			return actionResult{}, failed(http.StatusNotFound, "%s does not exist: nothing to compact", s.cfg.Display)
		}
		return actionResult{OK: true, Message: "Nothing to compact: " + p.Reason + ".", Result: p}, nil
	}
	return actionResult{OK: true, Backup: p.Backup, Result: p, Message: fmt.Sprintf("Compacted: folded %s (%s) into Consolidated Learnings, merged %s; %s → %s. A backup was kept.",
		memview.Plural(p.SessionsFolded, "session", "sessions"), memview.Plural(p.LearningsFolded, "learning", "learnings"),
		memview.Plural(p.Merged, "duplicate", "duplicates"), learnings.HumanSize(p.BytesBefore), learnings.HumanSize(p.BytesAfter))}, nil
}

// diffLines classifies a unified diff's lines for colouring and for the
// +/- marks that carry the meaning without colour.
func diffLines(diff string) []diffLine {
	var out []diffLine
	inHunk := false
	for _, l := range strings.Split(strings.TrimSuffix(diff, "\n"), "\n") {
		kind := "ctx"
		switch {
		case strings.HasPrefix(l, "@@"):
			kind, inHunk = "hunk", true
		case !inHunk:
			kind = "head"
		case strings.HasPrefix(l, "+"):
			kind = "add"
		case strings.HasPrefix(l, "-"):
			kind = "del"
		}
		out = append(out, diffLine{Kind: kind, Text: l})
	}
	return out
}
