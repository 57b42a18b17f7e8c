package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/udiff"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/compact"
	"github.com/learn-memory/learn/learnings/secrets"
)

// actionResult is what a change did, for the page's message and the API.
type actionResult struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	// Backup is the ring copy made before the change, when one was.
	Backup string `json:"backup,omitempty"`
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
			code = http.StatusInternalServerError
			var e *actionError
			if errors.As(err, &e) {
				code = e.code
			}
			if errors.Is(err, memfile.ErrBusy) {
				code = http.StatusServiceUnavailable
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
		f := flash{Text: res.Message, Undo: res.Backup != ""}
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

// forget removes one learning or one whole session, named by its full ID,
// as learn forget does: under the lock, on the bytes as they are then, after
// a backup, changing no other byte.
func (s *Server) forget(r *http.Request) (actionResult, error) {
	id := strings.TrimSpace(r.PostFormValue("id"))
	if id == "" {
		return actionResult{}, failed(http.StatusBadRequest, "forget needs the id of a learning or a session")
	}
	var what string
	ring, err := memfile.UpdateBacked(s.cfg.Path, s.cfg.LockTimeout, s.cfg.Now(), func(current []byte, exists bool) ([]byte, error) {
		if !exists {
			return nil, failed(http.StatusNotFound, "%s does not exist: nothing to forget", s.cfg.Display)
		}
		doc := learnings.Parse(current)
		e := doc.Edit()
		switch l, sess := findLearning(doc, id), findSession(doc, id); {
		case l != nil:
			e.RemoveLearning(l)
			what = fmt.Sprintf("learning %s (%s: %s)", l.ID, styleOf(l.Category).Name, memview.FirstLine(l.Text, 60))
		case sess != nil:
			e.RemoveSession(sess)
			what = fmt.Sprintf("session %s (%s, %s)", sess.ID, sess.Focus, memview.Plural(countIn(sess.Categories), "learning", "learnings"))
		default:
			return nil, failed(http.StatusNotFound, "no learning or session %s in %s (it may be gone already: the page shows the file as it is now)", id, s.cfg.Display)
		}
		if err := doc.Writable(); err != nil {
			return nil, failed(http.StatusConflict, "cannot forget in %s: %w", s.cfg.Display, err)
		}
		return e.Bytes()
	})
	if err != nil {
		return actionResult{}, err
	}
	return actionResult{OK: true, Message: "Forgot " + what + ". A backup was kept.", Backup: ring}, nil
}

func countIn(cs []*learnings.Category) int {
	n := 0
	for _, c := range cs {
		n += len(c.Learnings)
	}
	return n
}

// undo takes back the newest backed-up change and keeps what was written
// since, as learn undo does; where it cannot, it refuses and says what would
// be lost (learn undo --force goes ahead).
func (s *Server) undo(*http.Request) (actionResult, error) {
	var skipped []string
	res, err := memfile.Undo(s.cfg.Path, s.cfg.LockTimeout, memfile.UndoOptions{Skip: func(b memfile.BackupInfo, err error) {
		skipped = append(skipped, fmt.Sprintf("%s (%v)", b.Path, err))
	}})
	var ce *memfile.ConflictError
	switch {
	case errors.Is(err, memfile.ErrNoBackups):
		return actionResult{}, failed(http.StatusConflict, "nothing to undo: %s has no backups yet", s.cfg.Display)
	case errors.Is(err, memfile.ErrNoChange):
		return actionResult{}, failed(http.StatusConflict, "nothing to undo: undoing any backup of %s would not change it", s.cfg.Display)
	case errors.As(err, &ce):
		return actionResult{}, failed(http.StatusConflict, "undo refused, nothing changed: %s; to put the backup back anyway, run learn undo --force", ce)
	case err != nil:
		return actionResult{}, err
	}
	count := func(src []byte) string {
		doc := learnings.Parse(src)
		return memview.Plural(len(doc.Sessions), "session", "sessions") + ", " + memview.Plural(len(doc.Learnings()), "learning", "learnings")
	}
	what := "Undid the change backed up at %s, keeping everything written since"
	if res.Whole {
		what = "Restored the backup of %s"
	}
	msg := fmt.Sprintf(what+": now %s (before the undo: %s). Undo again to go back.",
		res.Backup.Time.In(s.cfg.Now().Location()).Format("2006-01-02 15:04:05"), count(res.After), count(res.Before))
	if len(skipped) > 0 {
		msg += " Skipped unreadable backups: " + strings.Join(skipped, ", ") + "."
	}
	return actionResult{OK: true, Message: msg, Backup: res.Backup.Path}, nil
}

// compactPreview is what compacting the file now would do.
type compactPreview struct {
	compact.Stats
	BytesBefore int    `json:"bytes_before"`
	BytesAfter  int    `json:"bytes_after"`
	Diff        string `json:"diff"`
	// Nothing says why there is nothing to compact; empty when there is.
	Nothing string `json:"nothing,omitempty"`
}

// plan is learn compact's plan for src: the same engine calls.
func (s *Server) plan(src []byte) (*compactPreview, []byte, error) {
	doc := learnings.Parse(src)
	if err := doc.Writable(); err != nil {
		return nil, nil, failed(http.StatusConflict, "cannot compact %s: %w", s.cfg.Display, err)
	}
	p := compact.NewPlan(doc, compact.Options{})
	out := &compactPreview{Stats: p.Stats, BytesBefore: len(src), BytesAfter: len(src)}
	if len(p.Folded) == 0 {
		out.Nothing = "no sessions to fold"
		return out, src, nil
	}
	next, err := p.Apply(doc)
	if err != nil {
		return nil, nil, fmt.Errorf("compact %s: %w", s.cfg.Display, err)
	}
	out.BytesAfter = len(next)
	return out, next, nil
}

func (s *Server) preview(snap *snapshot) (*compactPreview, error) {
	p, next, err := s.plan(snap.Src)
	if err != nil || p.Nothing != "" {
		return p, err
	}
	// Redacted as recall redacts; compacting itself keeps the bytes.
	p.Diff = secrets.Redact(string(udiff.Files(s.cfg.DiffName, snap.Src, true, next, true)))
	return p, nil
}

// compact folds every session into Consolidated Learnings, as learn compact
// does, after a backup.
func (s *Server) compact(*http.Request) (actionResult, error) {
	var p *compactPreview
	ring, err := memfile.UpdateBacked(s.cfg.Path, s.cfg.LockTimeout, s.cfg.Now(), func(current []byte, exists bool) ([]byte, error) {
		if !exists {
			return nil, failed(http.StatusNotFound, "%s does not exist: nothing to compact", s.cfg.Display)
		}
		var next []byte
		var err error
		p, next, err = s.plan(current)
		return next, err
	})
	if err != nil {
		return actionResult{}, err
	}
	if p.Nothing != "" {
		return actionResult{OK: true, Message: "Nothing to compact: " + p.Nothing + "."}, nil
	}
	return actionResult{OK: true, Backup: ring, Message: fmt.Sprintf("Compacted: folded %s (%s) into Consolidated Learnings, merged %s; %s → %s. A backup was kept.",
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
