package web

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/lint"
	"github.com/learn-memory/learn/learnings/search"
)

// fileKey tells one version of the file from another without reading it:
// writers replace the file by rename, so every write gives a new inode, and
// a hand edit changes the size or the modification time.
type fileKey struct {
	ino, size, mtime int64
	missing          bool
}

func keyOf(fi os.FileInfo) fileKey {
	k := fileKey{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		k.ino = int64(st.Ino)
	}
	return k
}

// snapshot is the file as one read saw it, with what the page derives from
// it computed once and shared by every request that sees the same version.
type snapshot struct {
	key     fileKey
	Version string
	Exists  bool
	// Err is why the file could not be read (permissions, a directory, a
	// binary file); the page shows it and keeps polling.
	Err  error
	Src  []byte
	Doc  *learnings.Document
	Read time.Time
	// Sessions are newest first: by their timestamp, undated ones last in
	// file order.
	Sessions []*learnings.Session

	// ops is this version as the reading operations take it; it keeps
	// what they derive from it (the search index) for every request.
	ops *ops.Snapshot
	// limit is the size limit lint measures against.
	limit int
}

// Index is the search index of this version, built on the first search.
func (s *snapshot) Index() *search.Index { return s.ops.Index() }

// Lint is what learn lint finds in this version (ops.Lint), computed on
// first use and kept with the version: on a large file it is the slowest
// thing the page shows, so the page asks for it after it has loaded.
func (s *snapshot) Lint() []lint.Finding {
	m := &ops.Memory{Limit: s.limit, Cached: func() (*ops.Snapshot, error) { return s.ops, nil }}
	res, err := ops.Lint(m, ops.LintOptions{})
	if err != nil {
		return nil
	}
	return res.Findings
}

// loader keeps the newest snapshot and rereads the file only when it changed.
type loader struct {
	path  string
	limit int
	mu    sync.Mutex
	cur   *snapshot
}

// Current returns the snapshot of the file as it is now. Reading takes no
// lock on the file: writers replace it atomically, so a read sees the old
// version or the new one.
func (l *loader) Current() *snapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	for range 5 {
		before, err := stat(l.path)
		if err != nil {
			return l.keep(errorSnapshot(err))
		}
		if l.cur != nil && l.cur.Err == nil && l.cur.key == before {
			return l.cur
		}
		read, err := (&ops.Memory{Path: l.path}).Load()
		if err != nil {
			return l.keep(errorSnapshot(err))
		}
		after, serr := stat(l.path)
		if serr != nil || after != before {
			continue // replaced while we read: read the new one
		}
		s := &snapshot{key: after, Exists: !after.missing, Src: read.Src, Doc: read.Doc, Read: time.Now(), limit: l.limit}
		s.ops = (&ops.Snapshot{Src: s.Src, Doc: s.Doc, Exists: s.Exists}).Shared()
		s.Version = fmt.Sprintf("%x-%x-%x", after.ino, after.size, after.mtime)
		if after.missing {
			s.Version = "missing"
		}
		s.Sessions = learnings.NewestFirst(s.Doc.Sessions)
		l.cur = s
		return s
	}
	return l.keep(errorSnapshot(fmt.Errorf("%s keeps changing while it is read; try again", l.path)))
}

func (l *loader) keep(s *snapshot) *snapshot {
	l.cur = s
	return s
}

func stat(path string) (fileKey, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fileKey{missing: true}, nil
	}
	if err != nil {
		return fileKey{}, err
	}
	return keyOf(fi), nil
}

func errorSnapshot(err error) *snapshot {
	doc := learnings.Parse(nil)
	return &snapshot{Err: err, Doc: doc, ops: &ops.Snapshot{Doc: doc}, Version: fmt.Sprintf("error-%x", hashString(err.Error())), Read: time.Now()}
}

func hashString(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}
