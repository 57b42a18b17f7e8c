package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/lint"
	"github.com/learn-memory/learn/learnings/search"
)

// searchLimit is how many results one search returns: more than fit on a
// screen, few enough to answer while someone types.
const searchLimit = 50

// State is GET /api/state: what a script polls to follow the file. It
// answers 304 to If-None-Match with the current version.
type State struct {
	File      string `json:"file"`
	Version   string `json:"version"`
	Exists    bool   `json:"exists"`
	Error     string `json:"error,omitempty"`
	Bytes     int    `json:"bytes"`
	Sessions  int    `json:"sessions"`
	Learnings int    `json:"learnings"`
	Problems  int    `json:"problems"`
	ReadOnly  bool   `json:"read_only"`
	// CSRF is the token a script sends as X-CSRF-Token with a change.
	CSRF string `json:"csrf"`
}

func (s *Server) apiState(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	etag := `"` + snap.Version + `"`
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	st := State{File: s.cfg.Display, Version: snap.Version, Exists: snap.Exists, Bytes: len(snap.Src),
		Sessions: len(snap.Doc.Sessions), Learnings: len(snap.Doc.Learnings()), Problems: len(snap.Doc.Problems),
		ReadOnly: s.cfg.ReadOnly, CSRF: s.csrf}
	if snap.Err != nil {
		st.Error = readAdvice(snap.Err)
	}
	writeJSON(w, http.StatusOK, st)
}

// Result is one search hit. Snippet is split into runs so that a client
// highlights matches without parsing markup or counting bytes.
type Result struct {
	ID        string  `json:"id"`
	Category  string  `json:"category"`
	Slug      string  `json:"slug"`
	Badge     string  `json:"badge"`
	Date      string  `json:"date"`
	SessionID string  `json:"session_id,omitempty"`
	Focus     string  `json:"focus,omitempty"`
	Line      int     `json:"line"`
	Score     float64 `json:"score"`
	Snippet   []Run   `json:"snippet"`
}

// Run is a piece of a snippet; Hit marks a matched word.
type Run struct {
	Text string `json:"text"`
	Hit  bool   `json:"hit,omitempty"`
}

// SearchReport is GET /api/search.
type SearchReport struct {
	Query    string   `json:"query"`
	Searched int      `json:"searched"`
	Matched  int      `json:"matched"`
	Results  []Result `json:"results"`
	Error    string   `json:"error,omitempty"`
}

// apiSearch ranks learnings as learn search does (the same index and
// options), then filters by category and date. With no query but a filter
// it lists the filtered learnings, newest first.
func (s *Server) apiSearch(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	q := r.URL.Query()
	query := strings.TrimSpace(q.Get("q"))
	cat := q.Get("category")
	from, to := q.Get("from"), q.Get("to")
	rep := SearchReport{Query: query, Results: []Result{}}
	for _, d := range []string{from, to} {
		if d == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", d); err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: "dates are YYYY-MM-DD, got " + d})
			return
		}
	}
	if cat != "" {
		if err := memview.CheckCategory(snap.Doc, cat); err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
			return
		}
		cat, _ = learnings.NormalizeCategory(cat)
	}
	inRange := func(l *learnings.Learning) bool {
		if from == "" && to == "" {
			return true
		}
		if l.Session == nil || l.Session.Time.IsZero() {
			return false
		}
		day := l.Session.Time.Format("2006-01-02")
		return (from == "" || day >= from) && (to == "" || day <= to)
	}
	all := snap.Doc.Learnings()
	rep.Searched = len(all)
	if query != "" {
		opts := search.Options{Category: cat, Prefix: true, Limit: searchLimit}
		if from != "" || to != "" {
			opts.Keep = inRange
		}
		hits, matched := snap.Index().QueryCount(query, opts)
		rep.Matched = matched
		for _, h := range hits {
			rep.Results = append(rep.Results, result(h.Learning, h.Score, runs(h.Plain, h.Marks)))
		}
	} else if cat != "" || from != "" || to != "" {
		// The sessions newest first, then Consolidated Learnings.
		owners := make([][]*learnings.Category, 0, len(snap.Sessions)+1)
		for _, sess := range snap.Sessions {
			owners = append(owners, sess.Categories)
		}
		if c := snap.Doc.Consolidated; c != nil {
			owners = append(owners, c.Categories)
		}
		for _, cs := range owners {
			for _, c := range cs {
				if cat != "" && styleOf(c.Name).Name != cat {
					continue
				}
				for _, l := range c.Learnings {
					if !inRange(l) {
						continue
					}
					rep.Matched++
					if len(rep.Results) < searchLimit {
						rep.Results = append(rep.Results, result(l, 0, []Run{{Text: memview.FirstLine(newLearningView(l).Plain, 160)}}))
					}
				}
			}
		}
	}
	writeJSON(w, http.StatusOK, rep)
}

func result(l *learnings.Learning, score float64, snippet []Run) Result {
	st := styleOf(l.Category)
	r := Result{ID: l.ID, Category: st.Name, Slug: st.Slug, Badge: st.Badge, Date: memview.Date(l), Line: l.Span.Line,
		Score: float64(int(score*1000+0.5)) / 1000, Snippet: snippet}
	if sess := l.Session; sess != nil {
		r.SessionID, r.Focus = sess.ID, newSessionView(sess).Focus
	}
	return r
}

// runs splits plain at the marked byte ranges.
func runs(plain string, marks [][2]int) []Run {
	var out []Run
	at := 0
	for _, m := range marks {
		if m[0] < at || m[1] > len(plain) || m[0] >= m[1] {
			continue
		}
		if m[0] > at {
			out = append(out, Run{Text: plain[at:m[0]]})
		}
		out = append(out, Run{Text: plain[m[0]:m[1]], Hit: true})
		at = m[1]
	}
	if at < len(plain) {
		out = append(out, Run{Text: plain[at:]})
	}
	return out
}

// LearningJSON is one learning in full.
type LearningJSON struct {
	ID        string `json:"id"`
	Category  string `json:"category"`
	Text      string `json:"text"`
	Line      int    `json:"line"`
	EndLine   int    `json:"end_line"`
	Date      string `json:"date"`
	SessionID string `json:"session_id,omitempty"`
	// SupersededBy is set on a learning replaced by a newer one.
	SupersededBy string `json:"superseded_by,omitempty"`
}

// SessionJSON is one session in full.
type SessionJSON struct {
	ID        string         `json:"id"`
	Stamp     string         `json:"stamp"`
	Focus     string         `json:"focus"`
	Project   string         `json:"project,omitempty"`
	Docs      []string       `json:"docs"`
	Line      int            `json:"line"`
	EndLine   int            `json:"end_line"`
	Learnings []LearningJSON `json:"learnings"`
}

func learningJSON(v learningView) LearningJSON {
	return LearningJSON{ID: v.ID, Category: v.Style.Name, Text: v.Plain, Line: v.Line, EndLine: v.EndLine, Date: v.Date, SessionID: v.SessionID, SupersededBy: v.SupersededBy}
}

func sessionJSON(v sessionView) SessionJSON {
	out := SessionJSON{ID: v.ID, Stamp: v.Stamp, Focus: v.Focus, Project: v.Project, Docs: v.Docs, Line: v.Line, EndLine: v.EndLine, Learnings: []LearningJSON{}}
	if out.Docs == nil {
		out.Docs = []string{}
	}
	for _, c := range v.Categories {
		for _, l := range c.Learnings {
			out.Learnings = append(out.Learnings, learningJSON(l))
		}
	}
	return out
}

// SessionsReport is GET /api/sessions: one page of sessions, newest first.
type SessionsReport struct {
	Total    int           `json:"total"`
	Offset   int           `json:"offset"`
	Sessions []SessionJSON `json:"sessions"`
}

// apiSessions takes offset (sessions to skip, newest first) and limit
// (sessions to return; 0 returns all from offset).
func (s *Server) apiSessions(w http.ResponseWriter, r *http.Request) {
	from, err := queryInt(r, "offset", 0)
	if err != nil {
		badParam(w, err)
		return
	}
	limit, err := queryInt(r, "limit", sessionsPerPage)
	if err != nil {
		badParam(w, err)
		return
	}
	snap := s.files.Current()
	from = min(from, len(snap.Sessions))
	if limit == 0 {
		limit = len(snap.Sessions)
	}
	to := min(from+limit, len(snap.Sessions))
	rep := SessionsReport{Total: len(snap.Sessions), Offset: from, Sessions: []SessionJSON{}}
	for _, sess := range snap.Sessions[from:to] {
		rep.Sessions = append(rep.Sessions, sessionJSON(newSessionView(sess)))
	}
	writeJSON(w, http.StatusOK, rep)
}

// maxQueryInt bounds a numeric query parameter of the API: far above the
// sessions any memory holds, far below where adding two of them overflows.
const maxQueryInt = 1_000_000

// paramError is a query parameter the API refuses: Param names it, Why says
// what is wrong with it.
type paramError struct {
	Param, Value, Why string
}

func (e *paramError) Error() string {
	v := e.Value
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	return fmt.Sprintf("query parameter %s=%q %s: give a whole number from 0 to %d", e.Param, v, e.Why, maxQueryInt)
}

// queryInt reads the numeric query parameter name: def when it is absent,
// a *paramError when it is not one whole number from 0 to maxQueryInt
// (signs, spaces, fractions, exponents and repeats included).
func queryInt(r *http.Request, name string, def int) (int, error) {
	vs, ok := r.URL.Query()[name]
	if !ok {
		return def, nil
	}
	v := vs[0]
	if len(vs) > 1 {
		return 0, &paramError{Param: name, Value: strings.Join(vs, ","), Why: fmt.Sprintf("is given %d times", len(vs))}
	}
	digits := v != "" && strings.Trim(v, "0123456789") == ""
	switch n, err := strconv.Atoi(v); {
	case v == "":
		return 0, &paramError{Param: name, Value: v, Why: "is empty"}
	case strings.HasPrefix(v, "-") && strings.Trim(v[1:], "0123456789") == "" && len(v) > 1:
		return 0, &paramError{Param: name, Value: v, Why: "is negative"}
	case !digits:
		return 0, &paramError{Param: name, Value: v, Why: "is not a whole number"}
	case err != nil || n > maxQueryInt:
		return 0, &paramError{Param: name, Value: v, Why: "is too large"}
	default:
		return n, nil
	}
}

// badParam answers a refused query parameter: 400 with the JSON error and
// the parameter's name.
func badParam(w http.ResponseWriter, err error) {
	ae := apiError{Error: err.Error()}
	if pe, ok := errors.AsType[*paramError](err); ok {
		ae.Param = pe.Param
	}
	writeJSON(w, http.StatusBadRequest, ae)
}

func (s *Server) apiSession(w http.ResponseWriter, r *http.Request) {
	sess := findSession(s.files.Current().Doc, r.PathValue("id"))
	if sess == nil {
		writeJSON(w, http.StatusNotFound, apiError{Error: "no session " + r.PathValue("id")})
		return
	}
	writeJSON(w, http.StatusOK, sessionJSON(newSessionView(sess)))
}

func (s *Server) apiLearning(w http.ResponseWriter, r *http.Request) {
	l := findLearning(s.files.Current().Doc, r.PathValue("id"))
	if l == nil {
		writeJSON(w, http.StatusNotFound, apiError{Error: "no learning " + r.PathValue("id")})
		return
	}
	writeJSON(w, http.StatusOK, learningJSON(newLearningView(l)))
}

func (s *Server) apiLint(w http.ResponseWriter, r *http.Request) {
	fs := s.files.Current().Lint()
	if fs == nil {
		fs = []lint.Finding{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"file": s.cfg.Display, "errors": lint.Errors(fs), "findings": fs})
}

func (s *Server) apiDocs(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"docs": rankedDocs(s.files.Current().Doc)})
}

func (s *Server) apiCompactPreview(w http.ResponseWriter, r *http.Request) {
	p, err := s.preview()
	if err != nil {
		writeJSON(w, httpStatus(err), apiError{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, p)
}
