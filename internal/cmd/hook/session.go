package hook

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// keepMarkers is how long a session's first-prompt marker is kept: a
// session resumed after that gets its prompt additions again, which is
// harmless.
const keepMarkers = 7 * 24 * time.Hour

var plainID = lazyregexp.New(`^[A-Za-z0-9_-]{1,128}$`)

// claimFirstPrompt records that the session's first prompt has been seen
// and reports whether this call was the first: the marker is created with
// O_EXCL, so of two hooks racing for one session only one wins.
func claimFirstPrompt(dir, sessionID string, now time.Time) (bool, error) {
	if dir == "" {
		return false, errNoState
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, fmt.Errorf("create %s: %w", dir, err)
	}
	name := sessionID
	if !plainID().MatchString(name) {
		// Never let a session id name a path outside dir.
		sum := sha256.Sum256([]byte(sessionID))
		name = "h-" + hex.EncodeToString(sum[:16])
	}
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("record the session in %s: %w", dir, err)
	}
	if err := f.Close(); err != nil {
		return false, err
	}
	prune(dir, now)
	return true, nil
}

// prune removes markers of sessions older than keepMarkers; it runs once per
// session, so the directory stays small without a daemon.
func prune(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		if now.Sub(info.ModTime()) > keepMarkers {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
