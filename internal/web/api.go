package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/learn-memory/learn/internal/ops"
)

// searchLimit is how many results one search returns: more than fit on a
// screen, few enough to answer while someone types.
const searchLimit = 50

// State is GET /api/state: what a script polls to follow the file and the
// agent session learn serve runs in. Its ETag is the file's version, joined
// with the agent session's when there is one; it answers 304 to
// If-None-Match with the current ETag.
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
	// AgentSession is the id of the agent session GET /api/agent-session
	// shows, and AgentVersion its record's version, which changes with
	// each tool call it records; both absent when the page shows none.
	AgentSession string `json:"agent_session,omitempty"`
	AgentVersion string `json:"agent_version,omitempty"`
}

func (s *Server) apiState(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	agent := s.agentSession()
	av := agentVersion(agent)
	etag := snap.Version
	if av != "" {
		etag += "-" + av
	}
	etag = `"` + etag + `"`
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	st := State{File: s.cfg.Display, Version: snap.Version, Exists: snap.Exists, Bytes: len(snap.Src),
		Sessions: len(snap.Doc.Sessions), Learnings: len(snap.Doc.Learnings()), Problems: len(snap.Doc.Problems),
		ReadOnly: s.cfg.ReadOnly, CSRF: s.csrf, AgentVersion: av}
	if agent != nil {
		st.AgentSession = agent.Found.ID
	}
	if snap.Err != nil {
		st.Error = readAdvice(snap.Err)
	}
	writeJSON(w, http.StatusOK, st)
}

// agentSession is the agent session the page shows (Config.Session): nil
// outside one, or when it recorded nothing.
func (s *Server) agentSession() *ops.AgentSession {
	if s.cfg.Session == nil {
		return nil
	}
	if a := s.cfg.Session(); a != nil && !a.State.Empty() {
		return a
	}
	return nil
}

// agentVersion tells one record of an agent session from another: its id,
// how many events it counted and when the last came, hashed so that any id
// fits in an ETag. "" for none.
func agentVersion(a *ops.AgentSession) string {
	if a == nil {
		return ""
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", a.Found.ID, a.State.Seq, a.State.Updated.UnixNano()))
	return hex.EncodeToString(sum[:8])
}

// apiAgentSession is the agent session the page shows, as ops.SessionState;
// 404 when there is none.
func (s *Server) apiAgentSession(w http.ResponseWriter, r *http.Request) {
	st := ops.AgentSessionState(s.agentSession())
	if st == nil {
		writeJSON(w, http.StatusNotFound, apiError{Error: "no agent session: learn serve runs outside one, or it has recorded no tool call yet"})
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// Result is one search hit as learn search gives it (ops.SearchHit), with
// what the page shows beside it: the category's slug and badge, and the
// snippet split into runs so that a client highlights matches without
// parsing markup or counting bytes.
type Result struct {
	ops.SearchHit
	Slug  string `json:"slug"`
	Badge string `json:"badge"`
	Runs  []Run  `json:"snippet_runs"`
}

// Run is a piece of a snippet; Hit marks a matched word.
type Run struct {
	Text string `json:"text"`
	Hit  bool   `json:"hit,omitempty"`
}

// SearchReport is GET /api/search: ops.Search's result, its hits with the
// page's fields.
type SearchReport struct {
	*ops.SearchResult
	Results []Result `json:"results"`
}

// apiSearch ranks learnings as learn search does (ops.Search), filtered by
// category and date. With no query but a filter it lists the filtered
// learnings, newest first.
func (s *Server) apiSearch(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	q := r.URL.Query()
	res, err := ops.Search(s.readMemory(snap), ops.SearchOptions{Query: strings.TrimSpace(q.Get("q")), Category: q.Get("category"),
		From: q.Get("from"), To: q.Get("to"), Limit: searchLimit})
	if err != nil {
		writeOpsError(w, err)
		return
	}
	rep := SearchReport{SearchResult: res, Results: []Result{}}
	for _, h := range res.Results {
		st := styleOf(h.Category)
		rep.Results = append(rep.Results, Result{SearchHit: h, Slug: st.Slug, Badge: st.Badge, Runs: runs(h.Snippet, h.Highlights)})
	}
	writeJSON(w, http.StatusOK, rep)
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

// SessionsReport is GET /api/sessions: one page of sessions, newest first.
type SessionsReport struct {
	File       string              `json:"file"`
	FileReason string              `json:"file_reason"`
	Total      int                 `json:"total"`
	Offset     int                 `json:"offset"`
	Sessions   []ops.SessionDetail `json:"sessions"`
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
	rep := SessionsReport{File: s.cfg.Display, FileReason: s.cfg.Reason, Total: len(snap.Sessions), Offset: from, Sessions: []ops.SessionDetail{}}
	for _, sess := range snap.Sessions[from:to] {
		rep.Sessions = append(rep.Sessions, ops.NewSessionDetail(sess, true))
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
	writeJSON(w, http.StatusOK, ops.NewSessionDetail(sess, true))
}

func (s *Server) apiLearning(w http.ResponseWriter, r *http.Request) {
	doc := s.files.Current().Doc
	l := findLearning(doc, r.PathValue("id"))
	if l == nil {
		writeJSON(w, http.StatusNotFound, apiError{Error: "no learning " + r.PathValue("id")})
		return
	}
	writeJSON(w, http.StatusOK, ops.NewShownLearning(doc, l))
}

func (s *Server) apiLint(w http.ResponseWriter, r *http.Request) {
	res, err := ops.Lint(s.readMemory(s.files.Current()), ops.LintOptions{})
	if err != nil {
		writeOpsError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
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
