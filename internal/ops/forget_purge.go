package ops

import (
	"errors"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
)

// Copies is where the learnings a forget removed one by one still are.
type Copies struct {
	// Backups lists the backups that held them after the forget.
	Backups []string `json:"backups"`
	// Purged is set when they were removed from the backups.
	Purged *memfile.PurgeReport `json:"purged,omitempty"`
	// Elsewhere names the copies learn cannot reach.
	Elsewhere []string `json:"elsewhere"`
}

// findCopies notes which backups still hold the learnings res forgot one
// by one (--id, --match, --category): a whole session or everything is
// not looked for.
func findCopies(m *Memory, res *ForgetResult) error {
	if !res.Forgotten || len(res.forgotten) == 0 {
		return nil
	}
	held, err := memfile.BackupsHolding(m.Path, res.forgotten)
	if err != nil {
		return err
	}
	res.Copies = &Copies{Backups: m.displayAll(held), Elsewhere: memfile.Elsewhere}
	return nil
}

// PurgeForgotten removes the learnings res forgot one by one from every
// backup that holds them (the spec's backup file and the ring), for
// something that must not be kept: learn undo cannot bring them back then.
// Forget does it itself with ForgetOptions.PurgeBackups; the CLI calls it
// when the user says yes to its question. It fills res.Copies.Purged.
func PurgeForgotten(m *Memory, res *ForgetResult) error {
	if res.Copies == nil || len(res.Copies.Backups) == 0 {
		return nil
	}
	purged, err := memfile.PurgeBackups(m.Path, res.forgotten, m.lockTimeout())
	if errors.Is(err, memfile.ErrBusy) {
		return mark(err, ErrBusy)
	}
	if err != nil {
		return err
	}
	purged.Cleaned, purged.Failed = m.displayAll(purged.Cleaned), m.displayAll(purged.Failed)
	res.Copies.Purged = &purged
	res.Copies.Backups = purged.Failed
	return nil
}

func (m *Memory) displayAll(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		out = append(out, m.display(p))
	}
	return out
}

func (m *Memory) lockTimeout() time.Duration {
	if m.LockTimeout == 0 {
		return memfile.DefaultLockTimeout
	}
	return m.LockTimeout
}
