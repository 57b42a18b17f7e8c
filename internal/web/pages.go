package web

import (
	"bytes"
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// funcs are the templates' helpers; csrf, readonly and base (the path with
// the access token that every link and form starts with) are the server's
// own, so that every form in every fragment carries them.
func (s *Server) funcs() template.FuncMap {
	return template.FuncMap{
		"plural":   func(n int, one, many string) string { return memview.Plural(n, one, many) },
		"human":    learnings.HumanSize,
		"add":      func(a, b int) int { return a + b },
		"csrf":     func() string { return s.csrf },
		"readonly": func() bool { return s.cfg.ReadOnly },
		"base":     s.base,
	}
}

// Frame is what every page's frame needs.
type Frame struct {
	Title    string
	File     string
	Project  string
	CSRF     string
	ReadOnly bool
	Version  string
	Flash    *flash
}

// FileState says whether there is a file to show, and if not, why.
type FileState struct {
	Exists bool
	// Err is why the file cannot be read, in words a person can act on.
	Err      string
	Bytes    int
	Problems []learnings.Problem
	Unclosed *learnings.Problem
	// UnreadLines counts the lines no command reads as learnings; Unread
	// lists the first runs of them and UnreadMore how many runs are left.
	UnreadLines int
	Unread      []learnings.Unread
	UnreadMore  int
}

// unreadShown caps the runs of unread lines the page lists.
const unreadShown = 10

type mainData struct {
	Frame
	FileState
	Sessions          int
	Learnings         int
	ConsolidatedCount int
	Consolidated      []categoryView
	Tally             []learnings.DocCount
	Recent            []sessionView
	Next              int // offset of the next page of sessions; 0 when none
	Left              int // sessions not yet shown
	Timeline          timeline
	Size              sizeGauge
	Docs              docsChart
	Categories        []catStyle
	agentPart
}

// agentPart is the page's agent session part, which the page refreshes by
// itself when the session records a tool call (GET /fragment/agent-session).
type agentPart struct {
	// Agent is the agent session learn serve runs in (Config.Session),
	// what "learn recall --agent-session" shows of it; nil outside one.
	Agent *ops.SessionState
	// AgentVersion is the version of its record (see agentVersion), which
	// the page compares with GET /api/state's agent_version.
	AgentVersion string
}

// agentPart is the agent session part as it is now.
func (s *Server) agentPart() agentPart {
	a := s.agentSession()
	return agentPart{Agent: ops.AgentSessionState(a), AgentVersion: agentVersion(a)}
}

func (s *Server) frame(snap *snapshot, title string) Frame {
	return Frame{Title: title, File: s.cfg.Display, Project: s.cfg.Project, CSRF: s.csrf, ReadOnly: s.cfg.ReadOnly, Version: snap.Version}
}

func (s *Server) state(snap *snapshot) FileState {
	st := FileState{Exists: snap.Exists, Bytes: len(snap.Src), Problems: snap.Doc.Problems, Unclosed: snap.Doc.Unclosed}
	us := snap.ops.Unread()
	st.UnreadLines = learnings.UnreadLines(us)
	st.Unread = us[:min(len(us), unreadShown)]
	st.UnreadMore = len(us) - len(st.Unread)
	if snap.Err != nil {
		st.Err = readAdvice(snap.Err)
	}
	return st
}

// readAdvice says what went wrong reading the file and what to do about it.
func readAdvice(err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return err.Error() + ". Give yourself read permission (chmod u+r) and this page picks it up by itself."
	default:
		return err.Error() + ". Point learn serve at the learnings file with --file; this page retries by itself."
	}
}

// mainPage builds the main page with the newest shown sessions.
func (s *Server) mainPage(snap *snapshot, shown int) mainData {
	doc := snap.Doc
	d := mainData{Frame: s.frame(snap, "Memory"), FileState: s.state(snap), Sessions: len(doc.Sessions)}
	for _, l := range doc.Learnings() {
		d.Learnings++
		if l.Session == nil {
			d.ConsolidatedCount++
		}
	}
	if c := doc.Consolidated; c != nil {
		d.Consolidated = categoryViews(c.Categories, consolidatedOwner, true)
		for _, t := range c.Tally {
			d.Tally = append(d.Tally, learnings.DocCount{Ref: ops.Clean(t.Ref), Count: t.Count})
		}
	}
	shown = min(max(shown, sessionsPerPage), len(snap.Sessions))
	for _, sess := range snap.Sessions[:shown] {
		d.Recent = append(d.Recent, foldedSessionView(sess))
	}
	if shown < len(snap.Sessions) {
		d.Next, d.Left = shown, len(snap.Sessions)-shown
	}
	d.Timeline = newTimeline(doc)
	d.Size = newSizeGauge(len(snap.Src), s.cfg.SizeLimit)
	d.Docs = newDocsChart(doc)
	d.Categories = categoriesIn(doc)
	d.agentPart = s.agentPart()
	return d
}

// categoriesIn lists the spec's categories and the custom ones the file
// uses, for the search filter.
func categoriesIn(doc *learnings.Document) []catStyle {
	out := append([]catStyle(nil), specStyles...)
	seen := map[string]bool{}
	for _, l := range doc.Learnings() {
		st := styleOf(l.Category)
		if st.Slug == customStyle.Slug && !seen[st.Name] {
			seen[st.Name] = true
			out = append(out, st)
		}
	}
	return out
}

func (s *Server) render(w http.ResponseWriter, code int, name string, data any) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		http.Error(w, "learn serve: render "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	_, _ = buf.WriteTo(w)
}

func intParam(r *http.Request, name string, def int) int {
	n, err := strconv.Atoi(r.URL.Query().Get(name))
	if err != nil || n < 0 {
		return def
	}
	return n
}

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	d := s.mainPage(snap, intParam(r, "shown", 0))
	d.Flash = s.takeFlash(r)
	s.render(w, http.StatusOK, "index.html", d)
	// Build the search index now, while the person looks at the page,
	// rather than on their first keystroke.
	go snap.Index()
}

// handleMainFragment is the page's content alone, which the script swaps in
// when the file changes.
func (s *Server) handleMainFragment(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "main", s.mainPage(s.files.Current(), intParam(r, "shown", 0)))
}

// handleAgentFragment is the agent session part alone, which the script
// swaps in when the session records a tool call and the file did not change:
// the rest of the page (and the lint findings) stays as it is.
func (s *Server) handleAgentFragment(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "agent-slot", s.agentPart())
}

type sessionsData struct {
	Frame
	Recent []sessionView
	Next   int
	Left   int
}

// handleSessionsFragment renders the next page of sessions.
func (s *Server) handleSessionsFragment(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	from := min(intParam(r, "offset", 0), len(snap.Sessions))
	to := min(from+sessionsPerPage, len(snap.Sessions))
	d := sessionsData{Frame: s.frame(snap, "")}
	for _, sess := range snap.Sessions[from:to] {
		d.Recent = append(d.Recent, foldedSessionView(sess))
	}
	if to < len(snap.Sessions) {
		d.Next, d.Left = to, len(snap.Sessions)-to
	}
	s.render(w, http.StatusOK, "sessions", d)
}

// consolidatedOwner names Consolidated Learnings in /fragment/rest.
const consolidatedOwner = "consolidated"

// handleRestFragment renders the learnings of a category after its fold,
// when someone opens "Show more".
func (s *Server) handleRestFragment(w http.ResponseWriter, r *http.Request) {
	doc := s.files.Current().Doc
	q := r.URL.Query()
	var cs []*learnings.Category
	switch owner := q.Get("owner"); {
	case owner == consolidatedOwner && doc.Consolidated != nil:
		cs = doc.Consolidated.Categories
	case findSession(doc, owner) != nil:
		cs = findSession(doc, owner).Categories
	default:
		http.Error(w, "no session "+owner+" in the file as it is now: reload the page", http.StatusNotFound)
		return
	}
	want := styleOf(q.Get("category")).Name
	for _, c := range categoryViews(cs, "", false) {
		if c.Style.Name == want {
			s.render(w, http.StatusOK, "learnings", c.Rest())
			return
		}
	}
	http.Error(w, "no category "+want+" there in the file as it is now: reload the page", http.StatusNotFound)
}

type problemsData struct {
	Findings []findingView
	More     int // findings not listed
	KindsH   int // height of the by-kind chart
	Kinds    []kindCount
	Errors   int
	Warnings int
}

// findingsShown caps the problems listed on the page; learn lint lists all.
const findingsShown = 100

type findingView struct {
	Line     int
	Severity string
	Kind     string
	Message  string
	Fix      string
}

type kindCount struct {
	Kind  string
	Count int
	W     int
	Y     int
}

// handleProblemsFragment renders what learn lint finds. It is its own
// request because on a large file lint is the slowest part of the page.
func (s *Server) handleProblemsFragment(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	d := problemsData{}
	counts := map[string]int{}
	var order []string
	for _, f := range snap.Lint() {
		d.Findings = append(d.Findings, findingView{Line: f.Line, Severity: string(f.Severity), Kind: f.Kind, Message: f.Message, Fix: f.Fix})
		if f.Severity == "error" {
			d.Errors++
		} else {
			d.Warnings++
		}
		if counts[f.Kind] == 0 {
			order = append(order, f.Kind)
		}
		counts[f.Kind]++
	}
	if len(d.Findings) > findingsShown {
		d.More = len(d.Findings) - findingsShown
		d.Findings = d.Findings[:findingsShown]
	}
	d.KindsH = 8 + 22*len(order)
	peak := 1
	for _, k := range order {
		peak = max(peak, counts[k])
	}
	for i, k := range order {
		d.Kinds = append(d.Kinds, kindCount{Kind: k, Count: counts[k], W: max(2, counts[k]*300/peak), Y: 4 + i*22})
	}
	s.render(w, http.StatusOK, "problems", d)
}

type learningData struct {
	Frame
	FileState
	Learning learningView
	Session  *sessionView
	// Supersedes lists the learnings this one replaced (learn store
	// --replaces), and those they replaced, oldest last.
	Supersedes []learningView
	// ReplacedBy is set when this learning was itself replaced.
	ReplacedBy *replacement
}

func (s *Server) handleLearning(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	l := findLearning(snap.Doc, r.PathValue("id"))
	if l == nil {
		s.notFound(w, snap, "learning "+r.PathValue("id"))
		return
	}
	d := learningData{Frame: s.frame(snap, "Learning "+l.ID), FileState: s.state(snap), Learning: newLearningView(l)}
	if l.Session != nil {
		sv := newSessionView(l.Session)
		d.Session = &sv
	}
	d.ReplacedBy, d.Supersedes = versions(snap.Doc, l)
	s.render(w, http.StatusOK, "learning.html", d)
}

type sessionData struct {
	Frame
	FileState
	Session sessionView
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	sess := findSession(snap.Doc, r.PathValue("id"))
	if sess == nil {
		s.notFound(w, snap, "session "+r.PathValue("id"))
		return
	}
	s.render(w, http.StatusOK, "session.html", sessionData{Frame: s.frame(snap, "Session "+sess.ID), FileState: s.state(snap), Session: newSessionView(sess)})
}

type notFoundData struct {
	Frame
	What string
}

func (s *Server) notFound(w http.ResponseWriter, snap *snapshot, what string) {
	s.render(w, http.StatusNotFound, "notfound.html", notFoundData{Frame: s.frame(snap, "Not found"), What: what})
}

type compactData struct {
	Frame
	FileState
	Preview *ops.CompactResult
	Lines   []diffLine
}

type diffLine struct {
	Kind string // "add", "del", "hunk", "head" or "ctx"
	Text string
}

func (s *Server) handleCompactPage(w http.ResponseWriter, r *http.Request) {
	snap := s.files.Current()
	d := compactData{Frame: s.frame(snap, "Compact"), FileState: s.state(snap)}
	d.Flash = s.takeFlash(r)
	if snap.Exists && snap.Err == nil {
		p, err := s.preview()
		if err != nil {
			d.Flash = &flash{Text: err.Error(), Error: true}
		} else {
			d.Preview = p
			d.Lines = diffLines(p.Diff)
		}
	}
	s.render(w, http.StatusOK, "compact.html", d)
}

// findLearning resolves an exact learning ID: the page links full IDs, and
// an action must never act on a prefix that happens to match.
func findLearning(doc *learnings.Document, id string) *learnings.Learning {
	l, err := doc.FindLearning(id)
	if err != nil || l.ID != id {
		return nil
	}
	return l
}

func findSession(doc *learnings.Document, id string) *learnings.Session {
	sess, err := doc.FindSession(id)
	if err != nil || sess.ID != id {
		return nil
	}
	return sess
}
