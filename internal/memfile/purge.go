package memfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/learn-memory/learn/learnings"
)

// PurgeReport says which backups PurgeBackups cleaned and where copies of
// the text remain.
type PurgeReport struct {
	// Cleaned lists the backup files the text was removed from.
	Cleaned []string `json:"cleaned"`
	// Failed lists backups that still hold the text: it could not be
	// removed exactly (a block left open swallows it, say) or the file
	// could not be rewritten.
	Failed []string `json:"failed"`
	// Remain names the places learn cannot clean.
	Remain []string `json:"remain"`
}

// Elsewhere are the copies of a learning no learn command can reach.
var Elsewhere = []string{
	"git history, if the learnings file or its backups were ever committed",
	"other clones and machines the file was copied to",
	"anything that read it: agent transcripts and logs, editor swap files",
}

// BackupFiles lists every backup of path that exists: the spec's backup
// file, each ring copy and each ring copy's after record.
func BackupFiles(path string) ([]string, error) {
	var out []string
	if _, err := os.Stat(BackupPath(path)); err == nil {
		out = append(out, BackupPath(path))
	}
	list, err := Backups(path)
	if err != nil {
		return nil, err
	}
	for _, b := range list {
		out = append(out, b.Path)
		if _, err := os.Stat(AfterPath(b.Path)); err == nil {
			out = append(out, AfterPath(b.Path))
		}
	}
	return out, nil
}

// BackupsHolding lists the backups of path that hold any of texts (a
// learning's text, as the reader gives it), so forget can say where a
// forgotten learning still is.
func BackupsHolding(path string, texts []string) ([]string, error) {
	files, err := BackupFiles(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		data, err := Read(f)
		if err == nil && holdsAny(data, texts) {
			out = append(out, f)
		}
	}
	return out, nil
}

// PurgeBackups removes every learning whose text is one of texts from every
// backup of path (the spec's backup file, the ring, the after records), for
// forgetting something private: each affected file is rewritten atomically,
// every other byte kept, under the file's lock so no backup is written
// meanwhile. A backup it cannot clean exactly is left as it is and listed
// in Failed. Undo can no longer bring those learnings back.
func PurgeBackups(path string, texts []string, timeout time.Duration) (PurgeReport, error) {
	rep := PurgeReport{Cleaned: []string{}, Failed: []string{}, Remain: Elsewhere}
	err := Update(path, timeout, func(current []byte, exists bool) ([]byte, error) {
		files, err := BackupFiles(path)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := Read(f)
			if err != nil || !holdsAny(data, texts) {
				continue
			}
			out, ok := removeTexts(data, texts)
			if !ok {
				rep.Failed = append(rep.Failed, f)
				continue
			}
			if err := replaceBackup(path, f, out); err != nil {
				rep.Failed = append(rep.Failed, f)
				continue
			}
			rep.Cleaned = append(rep.Cleaned, f)
		}
		return current, nil
	})
	if err != nil {
		return rep, fmt.Errorf("remove from the backups: %w", err)
	}
	return rep, nil
}

// removeTexts removes the learnings of data saying one of texts, through the
// engine's splice edits; ok is false when any copy of the text is left.
func removeTexts(data []byte, texts []string) ([]byte, bool) {
	doc := learnings.Parse(data)
	e := doc.Edit()
	n := 0
	for _, l := range doc.Learnings() {
		for _, t := range texts {
			if normalText(l.Content()) == normalText(t) {
				e.RemoveLearning(l)
				n++
				break
			}
		}
	}
	if n == 0 {
		return nil, false
	}
	out, err := e.Bytes()
	if err != nil || holdsAny(out, texts) {
		return nil, false
	}
	return out, true
}

// holdsAny says whether data holds the first line of any of texts,
// ignoring case and white space.
func holdsAny(data []byte, texts []string) bool {
	hay := normalText(string(data))
	for _, t := range texts {
		first, _, _ := strings.Cut(strings.TrimSpace(t), "\n")
		if n := normalText(first); n != "" && strings.Contains(hay, n) {
			return true
		}
	}
	return false
}

func normalText(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// replaceBackup atomically rewrites f, one backup of path, 0600, through
// a temp file named as removeBackupDebris knows.
func replaceBackup(path, f string, data []byte) error {
	dir, base := filepath.Split(f)
	dir = filepath.Clean(dir)
	prefix := "." + base + specTempInfix
	if dir == filepath.Clean(RingDir(path)) {
		prefix = ringTempPrefix + ringPrefix(path)
	}
	tmp, err := writeTemp(dir, prefix, data)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Rename(tmp, f); err != nil {
		return writeError(f, dir, err)
	}
	return syncDir(dir)
}
