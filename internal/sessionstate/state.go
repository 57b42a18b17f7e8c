// Package sessionstate keeps what an agent session did, recorded from its
// tool events by "learn hook": the files it read, searched, wrote and
// edited, the documentation it opened, and the commands that failed and
// whether they later passed. It lives under the user's cache directory,
// one private JSON file per (project, session), never in the memory file:
// summarise shows it as hints, store fills Documentation Seen from it and
// recall chooses with its active files. It knows no client and no cobra;
// the hook turns each client's payload into an Event.
package sessionstate

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Bounds of one session's state: enough for the hints and the snapshot,
// small enough that a hook reads and rewrites it in well under a
// millisecond. The least recent entries go first.
const (
	MaxFiles    = 50
	MaxFailures = 10
	MaxDocs     = 30
)

// DefaultMaxAge is how long a session's state is kept after its last
// event: long enough for a session resumed the next days, short enough
// that the cache does not grow. Older states are removed on the next write.
const DefaultMaxAge = 7 * 24 * time.Hour

// FallbackWindow is how recent the newest state of a project must be for
// Find to take it as the current session when nothing names one.
const FallbackWindow = 2 * time.Hour

// DefaultLockTimeout bounds how long a hook waits for another hook writing
// the same session: far above a write's milliseconds, far below the
// clients' hook timeouts.
const DefaultLockTimeout = 3 * time.Second

// version is the state file's format.
const version = 1

// Tool is what a tool call did, whatever the client called the tool.
type Tool string

// The kinds of tool call a session records, in the order they rank a file.
const (
	Read   Tool = "read"
	Search Tool = "search"
	Write  Tool = "write"
	Edit   Tool = "edit"
	Shell  Tool = "shell"
)

// Event is one tool call, normalised from a client's hook payload.
type Event struct {
	Tool Tool
	// Paths are the files the call read, searched, wrote or edited, as the
	// client named them; a relative one is read against Cwd.
	Paths []string
	// Cwd is the directory the call ran in (the project root when empty).
	Cwd string
	// Command is a shell call's command line.
	Command string
	// Exit is a shell call's exit code; nil when the client did not say,
	// which is never a failure and never a pass.
	Exit *int
	// Output is the call's output (or its end); only a failure keeps a
	// short excerpt of it.
	Output string
}

// State is one session's record, and the JSON of its file.
type State struct {
	Version int    `json:"version"`
	Root    string `json:"root"`
	Session string `json:"session"`
	Agent   string `json:"agent,omitempty"`
	// Started and Updated are the first and the last event's time.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// Seq counts the events; each entry's Last is the Seq of its latest
	// event, which orders them by recency.
	Seq      int       `json:"seq"`
	Files    []File    `json:"files"`
	Docs     []Doc     `json:"docs"`
	Failures []Failure `json:"failures"`
}

// File is what the session did to one file.
type File struct {
	Path     string `json:"path"`
	Edits    int    `json:"edits,omitempty"`
	Writes   int    `json:"writes,omitempty"`
	Searches int    `json:"searches,omitempty"`
	Reads    int    `json:"reads,omitempty"`
	Last     int    `json:"last"`
}

// Doc is a document the session opened.
type Doc struct {
	Path  string `json:"path"`
	Reads int    `json:"reads"`
	Last  int    `json:"last"`
}

// Failure is a shell command that exited non-zero, by fingerprint.
type Failure struct {
	Kind        Kind   `json:"kind"`
	Fingerprint string `json:"fingerprint"`
	// Command is the (redacted, shortened) command line that failed last.
	Command string `json:"command"`
	Exit    int    `json:"exit"`
	// Excerpt is the (redacted) line of its output that says what failed.
	Excerpt string `json:"excerpt,omitempty"`
	Count   int    `json:"count"`
	Last    int    `json:"last"`
	// Passed is set when a command of the same kind later exited 0;
	// PassedBy is that command.
	Passed   bool   `json:"passed"`
	PassedBy string `json:"passed_by,omitempty"`
}

// Empty reports whether the session recorded nothing worth showing.
func (st *State) Empty() bool {
	return st == nil || len(st.Files) == 0 && len(st.Docs) == 0 && len(st.Failures) == 0
}

// Store is where the states live: one folder per project under Dir.
type Store struct {
	Dir string
	Now func() time.Time
	// MaxAge is how long a state is kept (DefaultMaxAge when zero).
	MaxAge time.Duration
	// LockTimeout bounds the wait for another hook writing the same
	// session (DefaultLockTimeout when zero).
	LockTimeout time.Duration
}

// ErrNoCache is returned when no cache directory can be found.
var ErrNoCache = errors.New("no cache directory: set XDG_CACHE_HOME or HOME")

// Open is the user's store: $XDG_CACHE_HOME/learn/sessions, else the
// system's cache directory (~/.cache on Linux, ~/Library/Caches on macOS,
// %LocalAppData% on Windows), as os.UserCacheDir finds it but read through
// getenv, so that tests and front ends pass their own environment.
func Open(getenv func(string) string, now func() time.Time) (*Store, error) {
	dir := ""
	switch {
	case getenv("XDG_CACHE_HOME") != "":
		dir = getenv("XDG_CACHE_HOME")
	case runtime.GOOS == "windows" && getenv("LocalAppData") != "":
		dir = getenv("LocalAppData")
	case getenv("HOME") != "" && runtime.GOOS == "darwin":
		dir = filepath.Join(getenv("HOME"), "Library", "Caches")
	case getenv("HOME") != "":
		dir = filepath.Join(getenv("HOME"), ".cache")
	default:
		return nil, ErrNoCache
	}
	if !filepath.IsAbs(dir) {
		return nil, fmt.Errorf("cache directory %q is not absolute", dir)
	}
	if now == nil {
		now = time.Now
	}
	return &Store{Dir: filepath.Join(dir, "learn", "sessions"), Now: now}, nil
}

// Enabled reports whether session state is on: LEARN_AUTO_RECALL=0 turns it
// off with the rest of learn's automatic context, LEARN_SESSION_STATE=0 on
// its own (0, false, no or off).
func Enabled(getenv func(string) string) bool {
	return !off(getenv("LEARN_AUTO_RECALL")) && !off(getenv("LEARN_SESSION_STATE"))
}

func off(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "0", "false", "no", "off":
		return true
	}
	return false
}

var plainName = lazyregexp.New(`^[A-Za-z0-9_-]{1,100}$`)

// fileName is a session's file name: the id itself when it is plain, so a
// person can find it, else a hash of it, so that no id names a path
// outside the folder.
func fileName(session string) string {
	if plainName().MatchString(session) {
		return session + ".json"
	}
	return "h-" + hash(session) + ".json"
}

// projectDir is the project's folder: its name, for people, and a hash of
// its root, for uniqueness.
func (s *Store) projectDir(root string) string {
	base := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, filepath.Base(root))
	base = strings.TrimLeft(base, ".")
	if len(base) > 40 {
		base = base[:40]
	}
	return filepath.Join(s.Dir, base+"-"+hash(filepath.Clean(root))[:16])
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Path is the file of one session's state.
func (s *Store) Path(root, session string) string {
	return filepath.Join(s.projectDir(root), fileName(session))
}

func (s *Store) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

func (s *Store) maxAge() time.Duration {
	if s.MaxAge <= 0 {
		return DefaultMaxAge
	}
	return s.MaxAge
}

// Record adds one event to the session's state, creating it when missing,
// under the state's lock, so two hooks recording at once both count.
// Secrets in the command, the output and the paths are redacted before
// anything is written. Creating a state first removes the states older
// than MaxAge.
func (s *Store) Record(root, session, agent string, ev Event) error {
	return s.update(root, session, agent, func(st *State) { st.apply(root, ev) })
}

// Touch marks the session as the project's most recently active one
// (Find's fallback) without recording anything, creating an empty state
// when missing.
func (s *Store) Touch(root, session, agent string) error {
	return s.update(root, session, agent, func(*State) {})
}

func (s *Store) update(root, session, agent string, fn func(*State)) error {
	if strings.TrimSpace(session) == "" {
		return errors.New("no session id")
	}
	if !filepath.IsAbs(root) {
		return fmt.Errorf("project root %q is not absolute", root)
	}
	dir := s.projectDir(root)
	if err := mkdirPrivate(dir); err != nil {
		return err
	}
	path := filepath.Join(dir, fileName(session))
	now := s.now()
	created := false
	timeout := s.LockTimeout
	if timeout == 0 {
		timeout = DefaultLockTimeout
	}
	err := memfile.Update(path, timeout, func(current []byte, exists bool) ([]byte, error) {
		st := &State{}
		if exists && len(current) > 0 {
			if err := json.Unmarshal(current, st); err != nil || st.Session != session {
				// A damaged or foreign state is replaced: it is a
				// cache, and a hook must not stop over it.
				st = &State{}
			}
		}
		if st.Session == "" {
			created = true
			st = &State{Version: version, Root: root, Session: session, Started: now}
		}
		if agent != "" {
			st.Agent = agent
		}
		fn(st)
		st.Updated = now
		st.bound()
		return json.MarshalIndent(st, "", " ")
	})
	if err != nil {
		return fmt.Errorf("record session %s: %w", session, err)
	}
	if created {
		_, _ = s.Prune()
	}
	return nil
}

// mkdirPrivate creates dir and its missing parents 0700.
func mkdirPrivate(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	return nil
}

// Load reads one session's state; nil (and no error) when there is none.
func (s *Store) Load(root, session string) (*State, error) {
	return readState(s.Path(root, session))
}

func readState(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read session state: %w", err)
	}
	st := &State{}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("read session state %s: %w", path, err)
	}
	return st, nil
}

// Latest is the project's most recently updated state, when it was updated
// within the window; nil otherwise.
func (s *Store) Latest(root string, within time.Duration) (*State, error) {
	states, err := s.List(root)
	if err != nil || len(states) == 0 {
		return nil, err
	}
	st := states[0]
	if s.now().Sub(st.Updated) > within {
		return nil, nil
	}
	return st, nil
}

// List is the project's states, most recently updated first; unreadable
// ones are skipped.
func (s *Store) List(root string) ([]*State, error) {
	dir := s.projectDir(root)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list session states: %w", err)
	}
	var out []*State
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		st, err := readState(filepath.Join(dir, e.Name()))
		if err != nil || st == nil || st.Session == "" {
			continue
		}
		out = append(out, st)
	}
	slices.SortFunc(out, func(a, b *State) int {
		return cmp.Or(b.Updated.Compare(a.Updated), cmp.Compare(a.Session, b.Session))
	})
	return out, nil
}

// Delete removes one session's state, and reports whether there was one.
func (s *Store) Delete(root, session string) (bool, error) {
	return remove(s.Path(root, session))
}

func remove(path string) (bool, error) {
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove session state: %w", err)
	}
	_ = os.Remove(path + ".lock")
	return true, nil
}

// DeleteProject removes every state of the project and says how many.
func (s *Store) DeleteProject(root string) (int, error) {
	return removeStates(s.projectDir(root), func(string) bool { return true })
}

// DeleteAll removes the states of every project and says how many.
func (s *Store) DeleteAll() (int, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("list session states: %w", err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		k, err := removeStates(filepath.Join(s.Dir, e.Name()), func(string) bool { return true })
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Prune removes the states of every project not updated within MaxAge,
// and says how many.
func (s *Store) Prune() (int, error) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return 0, nil
	}
	cutoff := s.now().Add(-s.maxAge())
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		k, _ := removeStates(filepath.Join(s.Dir, e.Name()), func(path string) bool {
			fi, err := os.Stat(path)
			return err == nil && fi.ModTime().Before(cutoff)
		})
		n += k
	}
	return n, nil
}

// removeStates removes the state files in dir that old says to (and their
// locks), then dir itself when it is left empty.
func removeStates(dir string, old func(path string) bool) (int, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("list session states: %w", err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(name, ".json") {
			continue
		}
		p := filepath.Join(dir, name)
		if !old(p) {
			continue
		}
		ok, err := remove(p)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	_ = os.Remove(dir) // only when empty
	return n, nil
}

// apply records ev in st.
func (st *State) apply(root string, ev Event) {
	st.Seq++
	seq := st.Seq
	cwd := ev.Cwd
	if cwd == "" {
		cwd = root
	}
	for _, p := range ev.Paths {
		rel := relPath(root, cwd, p)
		if rel == "" {
			continue
		}
		st.touchFile(rel, ev.Tool, seq)
		if (ev.Tool == Read || ev.Tool == Edit) && IsDoc(rel) {
			st.touchDoc(rel, seq)
		}
	}
	if ev.Tool != Shell {
		return
	}
	sh := ParseCommand(ev.Command)
	for _, p := range sh.Reads {
		rel := relPath(root, cwd, p)
		if rel == "" {
			continue
		}
		st.touchFile(rel, Read, seq)
		if IsDoc(rel) {
			st.touchDoc(rel, seq)
		}
	}
	if sh.Kind == "" || ev.Exit == nil {
		return
	}
	command := Shorten(secrets.Redact(oneLine(ev.Command)), maxCommand)
	if *ev.Exit == 0 {
		if !sh.PassReliable {
			return
		}
		for i := range st.Failures {
			f := &st.Failures[i]
			if f.Kind == sh.Kind && !f.Passed {
				f.Passed, f.PassedBy, f.Last = true, command, seq
			}
		}
		return
	}
	if !sh.FailReliable {
		return
	}
	excerpt := Shorten(secrets.Redact(Excerpt(ev.Output)), maxExcerpt)
	fp := Fingerprint(sh.Kind, ev.Command, excerpt)
	for i := range st.Failures {
		f := &st.Failures[i]
		if f.Fingerprint == fp {
			f.Count++
			f.Command, f.Exit, f.Excerpt, f.Last = command, *ev.Exit, excerpt, seq
			f.Passed, f.PassedBy = false, ""
			return
		}
	}
	st.Failures = append(st.Failures, Failure{Kind: sh.Kind, Fingerprint: fp, Command: command, Exit: *ev.Exit, Excerpt: excerpt, Count: 1, Last: seq})
}

// Lengths kept of a failed command line and of its output's excerpt.
const (
	maxCommand = 160
	maxExcerpt = 200
)

func (st *State) touchFile(path string, tool Tool, seq int) {
	i := slices.IndexFunc(st.Files, func(f File) bool { return f.Path == path })
	if i < 0 {
		st.Files = append(st.Files, File{Path: path})
		i = len(st.Files) - 1
	}
	f := &st.Files[i]
	switch tool {
	case Edit:
		f.Edits++
	case Write:
		f.Writes++
	case Search:
		f.Searches++
	default:
		f.Reads++
	}
	f.Last = seq
}

func (st *State) touchDoc(path string, seq int) {
	i := slices.IndexFunc(st.Docs, func(d Doc) bool { return d.Path == path })
	if i < 0 {
		st.Docs = append(st.Docs, Doc{Path: path})
		i = len(st.Docs) - 1
	}
	st.Docs[i].Reads++
	st.Docs[i].Last = seq
}

// bound drops the least recent entries past the bounds.
func (st *State) bound() {
	st.Files = keepRecent(st.Files, MaxFiles, func(f File) int { return f.Last })
	st.Docs = keepRecent(st.Docs, MaxDocs, func(d Doc) int { return d.Last })
	st.Failures = keepRecent(st.Failures, MaxFailures, func(f Failure) int { return f.Last })
	if st.Files == nil {
		st.Files = []File{}
	}
	if st.Docs == nil {
		st.Docs = []Doc{}
	}
	if st.Failures == nil {
		st.Failures = []Failure{}
	}
}

// keepRecent keeps the max most recent of xs, in their order.
func keepRecent[T any](xs []T, max int, last func(T) int) []T {
	if len(xs) <= max {
		return xs
	}
	lasts := make([]int, len(xs))
	for i, x := range xs {
		lasts[i] = last(x)
	}
	slices.Sort(lasts)
	cut := lasts[len(xs)-max]
	out := xs[:0:0]
	drop := 0
	for _, l := range lasts[:len(xs)-max] {
		if l == cut {
			drop++
		}
	}
	for _, x := range xs {
		l := last(x)
		if l < cut {
			continue
		}
		if l == cut && drop > 0 {
			drop--
			continue
		}
		out = append(out, x)
	}
	return out
}

// relPath is p as the state stores it: relative to root (with slashes)
// when inside it, else absolute; "" for nothing usable. Secrets in it are
// redacted.
func relPath(root, cwd, p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.ContainsRune(p, 0) {
		return ""
	}
	if strings.HasPrefix(p, "file://") {
		p = strings.TrimPrefix(p, "file://")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	p = filepath.Clean(p)
	if rel, err := filepath.Rel(root, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		if rel == "." {
			return ""
		}
		p = rel
	}
	return secrets.Redact(filepath.ToSlash(p))
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Shorten cuts s to at most n bytes on a rune boundary, marking the cut.
func Shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= len("…") {
		return ""
	}
	cut := n - len("…")
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Count is how many states the project has, or every project with all.
func (s *Store) Count(root string, all bool) int {
	dirs := []string{s.projectDir(root)}
	if all {
		dirs = nil
		entries, _ := os.ReadDir(s.Dir)
		for _, e := range entries {
			if e.IsDir() {
				dirs = append(dirs, filepath.Join(s.Dir, e.Name()))
			}
		}
	}
	n := 0
	for _, d := range dirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".json") {
				n++
			}
		}
	}
	return n
}
