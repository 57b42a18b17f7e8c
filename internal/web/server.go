// Package web is the local web view of the learnings file that "learn
// serve" starts: the sessions and Consolidated Learnings to read, search as
// you type with learn search's ranking, charts drawn on the server, and
// forget, undo and compact written through the same locked, atomic,
// backed-up path as the commands. Templates, style sheet and script are
// embedded; nothing is fetched at run time.
package web

import (
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

//go:embed assets
var assets embed.FS

// Config says which file the server shows and how it lets people in.
type Config struct {
	// Path is the learnings file; Display names it on the page; Reason
	// says why it is the memory (ops.Memory.Reason).
	Path, Display, Reason string
	// Project names the project in the page title.
	Project string
	// Token is the access token every request must carry: in the path of
	// every page and request, /t/TOKEN/ (see URL), or as a Bearer header.
	// No cookie holds it: a browser would send a cookie to every port of
	// the host.
	Token string
	// Hosts are the Host headers accepted (see AllowedHosts).
	Hosts []string
	// ReadOnly removes forget, undo and compact.
	ReadOnly bool
	// Now stamps backups; LockTimeout bounds the wait for another writer.
	Now         func() time.Time
	LockTimeout time.Duration
	// SizeLimit is the file's size limit ($LEARN_MAX_BYTES, else the
	// spec's 1 MB), which the size chart and the lint findings measure
	// against as learn lint does.
	SizeLimit int
	// DiffName is the file's name in the compact preview's diff headers,
	// relative to the project root as learn compact --dry-run writes it.
	DiffName string
	// Session, when set, is the agent session the page shows beside the
	// memory (what its tool calls recorded), read on each render of the
	// main page; nil outside one.
	Session func() *ops.AgentSession
}

// Server answers the page, its fragments and the JSON API.
type Server struct {
	cfg    Config
	csrf   string
	files  *loader
	tmpl   *template.Template
	static http.Handler

	flashMu sync.Mutex
	flashes map[int]flash
	flashN  int
}

// flash is the outcome of an action, shown once on the page it redirects to.
type flash struct {
	Text  string
	Error bool
	// Undo offers the undo button: the action made a backup.
	Undo bool
	// Retry offers to send the same change again: the file was busy.
	Retry *retryForm
}

// retryForm is a change to send again: its path and its fields.
type retryForm struct {
	Action string
	ID     string
	From   string
}

// sessionsPerPage is how many sessions the page renders at once; more load
// when asked, so a 1 MB memory does not put a thousand sessions on screen.
const sessionsPerPage = 15

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.LockTimeout == 0 {
		cfg.LockTimeout = memfile.DefaultLockTimeout
	}
	if cfg.SizeLimit <= 0 {
		cfg.SizeLimit = learnings.SizeLimit
	}
	if cfg.DiffName == "" {
		cfg.DiffName = cfg.Display
	}
	s := &Server{cfg: cfg, csrf: NewToken(), files: &loader{path: cfg.Path, limit: cfg.SizeLimit}, flashes: map[int]flash{}}
	tmpl, err := template.New("").Funcs(s.funcs()).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, fmt.Errorf("parse templates: %w", err)
	}
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		return nil, err
	}
	s.tmpl, s.static = tmpl, http.StripPrefix("/static/", http.FileServerFS(static))
	return s, nil
}

// URL is the address of the page on hostport (host:port), the one learn
// serve prints: the access token is the first segment of the path.
func URL(hostport, token string) string {
	return "http://" + hostport + tokenPrefix + token + "/"
}

// Handler is the whole site behind its security checks.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.handleIndex)
	mux.HandleFunc("GET /learning/{id}", s.handleLearning)
	mux.HandleFunc("GET /session/{id}", s.handleSession)
	mux.HandleFunc("GET /compact", s.handleCompactPage)
	mux.HandleFunc("GET /fragment/main", s.handleMainFragment)
	mux.HandleFunc("GET /fragment/sessions", s.handleSessionsFragment)
	mux.HandleFunc("GET /fragment/problems", s.handleProblemsFragment)
	mux.HandleFunc("GET /fragment/rest", s.handleRestFragment)
	mux.HandleFunc("GET /fragment/agent-session", s.handleAgentFragment)
	mux.Handle("GET /static/", s.static)

	mux.HandleFunc("GET /api/state", s.apiState)
	mux.HandleFunc("GET /api/search", s.apiSearch)
	mux.HandleFunc("GET /api/sessions", s.apiSessions)
	mux.HandleFunc("GET /api/sessions/{id}", s.apiSession)
	mux.HandleFunc("GET /api/learnings/{id}", s.apiLearning)
	mux.HandleFunc("GET /api/lint", s.apiLint)
	mux.HandleFunc("GET /api/docs", s.apiDocs)
	mux.HandleFunc("GET /api/compact", s.apiCompactPreview)
	mux.HandleFunc("GET /api/agent-session", s.apiAgentSession)
	mux.HandleFunc("POST /api/forget", s.action(s.forget))
	mux.HandleFunc("POST /api/undo", s.action(s.undo))
	mux.HandleFunc("POST /api/compact", s.action(s.compact))
	return s.secure(mux)
}

func (s *Server) addFlash(f flash) int {
	s.flashMu.Lock()
	defer s.flashMu.Unlock()
	s.flashN++
	s.flashes[s.flashN] = f
	delete(s.flashes, s.flashN-32) // keep the last few
	return s.flashN
}

func (s *Server) takeFlash(r *http.Request) *flash {
	n, err := strconv.Atoi(r.URL.Query().Get("flash"))
	if err != nil {
		return nil
	}
	s.flashMu.Lock()
	defer s.flashMu.Unlock()
	f, ok := s.flashes[n]
	if !ok {
		return nil
	}
	return &f
}

type apiError struct {
	Error string `json:"error"`
	// Param names the query parameter refused, when one was.
	Param string `json:"param,omitempty"`
	// Retry is true when trying again later may work (the file was busy).
	Retry bool `json:"retry,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
