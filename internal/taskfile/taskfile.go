// Package taskfile reads the task sets recall's evaluation measures
// (learnings/recall/testdata/*/tasks.txt and its held-out sets): a
// "kind:" line opens a task, "task:", "paths:", "branch:", "want:",
// "avoid:" and "never:" lines fill it, a pasted task goes on over lines
// starting "|", and "#" lines are comments. Recall's tests and
// relevance's floor study read the same files this one way.
package taskfile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Task is one task of a set, opened on Line.
type Task struct {
	Line int
	Kind string
	// Task is the task as the agent was given it: the lines of a paste
	// after the first are each kept as written after "| ".
	Task   string
	Paths  []string
	Branch string
	// Want are the learnings the task needs. Avoid are learnings whose
	// only link to the task is that their session read the task's file
	// or doc: none may be chosen above a wanted learning. Never are
	// learnings that share one rare word with the task and nothing else:
	// none may be chosen at all. Each is a part of the learning's text.
	Want, Avoid, Never []string
}

// heldOut names the recall sets still held out: nobody reads them, so
// their tests print totals only, never a task, a learning or a kind. A
// set leaves this list the round the lead retires it to development.
var heldOut = map[string]bool{
	"eval6": true, "eval7": true, "eval8": true, "eval9": true, "eval10": true, "eval11": true,
	"eval22": true, "eval23": true, "eval24": true, "eval25": true,
}

// HeldOut says whether the set in folder dir (its base name: eval6 and
// so on) is held out.
func HeldOut(dir string) bool { return heldOut[filepath.Base(dir)] }

// Read reads the tasks of the file at path. A line with no key, an
// unknown key, a key before the first kind or a continuation not right
// after a task line is an error naming its line, and, for a held-out
// set's file, not what the line says.
func Read(path string) ([]Task, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hidden := HeldOut(filepath.Dir(path))
	var tasks []Task
	sc := bufio.NewScanner(f)
	n := 0
	// inTask says the line before was the task or a continuation of it:
	// a continuation anywhere else would quietly add a want line or a
	// comment's neighbour to the task.
	inTask := false
	for sc.Scan() {
		n++
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "|"); ok {
			if !inTask {
				return nil, fmt.Errorf("%s:%d: a continuation (\"|\") not right after a task line", path, n)
			}
			tk := &tasks[len(tasks)-1]
			tk.Task += "\n" + strings.TrimPrefix(rest, " ")
			continue
		}
		inTask = false
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			if hidden {
				return nil, fmt.Errorf("%s:%d: no key (held out, the line not shown)", path, n)
			}
			return nil, fmt.Errorf("%s:%d: no key in %q", path, n, line)
		}
		value = strings.TrimSpace(value)
		if key == "kind" {
			tasks = append(tasks, Task{Line: n, Kind: value})
			continue
		}
		if len(tasks) == 0 {
			if hidden {
				return nil, fmt.Errorf("%s:%d: a key before the first kind (held out, the key not shown)", path, n)
			}
			return nil, fmt.Errorf("%s:%d: %s before the first kind", path, n, key)
		}
		tk := &tasks[len(tasks)-1]
		switch key {
		case "task":
			tk.Task = value
			inTask = true
		case "paths":
			for p := range strings.SplitSeq(value, ",") {
				tk.Paths = append(tk.Paths, strings.TrimSpace(p))
			}
		case "branch":
			tk.Branch = value
		case "want":
			tk.Want = append(tk.Want, value)
		case "avoid":
			tk.Avoid = append(tk.Avoid, value)
		case "never":
			tk.Never = append(tk.Never, value)
		default:
			if hidden {
				return nil, fmt.Errorf("%s:%d: unknown key (held out, the key not shown)", path, n)
			}
			return nil, fmt.Errorf("%s:%d: unknown key %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return tasks, nil
}
