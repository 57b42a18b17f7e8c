package agent

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/templates"
)

// CheckStatus is the outcome of one check.
type CheckStatus string

// Check outcomes: only CheckFail makes doctor exit 1.
const (
	CheckOK   CheckStatus = "ok"
	CheckWarn CheckStatus = "warn"
	CheckFail CheckStatus = "fail"
)

// Check is one finding of doctor, its --json form.
type Check struct {
	Name    string      `json:"name"`
	Status  CheckStatus `json:"status"`
	Message string      `json:"message"`
	Details []string    `json:"details,omitempty"`
	Fix     string      `json:"fix,omitempty"`
}

// installCommand is the learn install command line for a, as doctor's
// fixes name it: --agent only when a is not the default.
func installCommand(a Agent) string {
	if a.Name() == Default().Name() {
		return "learn install"
	}
	return "learn install --agent " + a.Name()
}

// CheckCommands looks for a's command files in the user's config and in the
// project (installed in either place counts): installed, current, not
// defined twice, and with frontmatter the client accepts, learn's own and
// every other command file it loads.
func CheckCommands(a Agent, env Env) []Check {
	files, err := a.Commands()
	if err != nil {
		return []Check{{Name: "command files", Status: CheckFail, Message: err.Error()}}
	}
	var dirs []string
	for i, s := range env.scopes() {
		d, err := a.CommandDir(s)
		switch {
		case err != nil && i == 0:
			return []Check{{Name: "command files", Status: CheckFail, Message: err.Error()}}
		case err == nil && (len(dirs) == 0 || d != dirs[0]):
			dirs = append(dirs, d)
		}
	}
	installFix := installCommand(a)

	// found[name] is the first place the file was found, in dirs order.
	found := map[string]State{}
	for _, dir := range dirs {
		states, err := Inspect(dir, files)
		if err != nil {
			return []Check{{Name: "command files", Status: CheckFail, Message: err.Error(), Fix: installFix + " --force"}}
		}
		for _, s := range states {
			if _, ok := found[s.Name]; !ok && s.Kind != "missing" {
				found[s.Name] = s
			}
		}
	}

	installed := Check{Name: "command files installed", Status: CheckOK}
	current := Check{Name: "command files current", Status: CheckOK}
	safe := Check{Name: "command files readable", Status: CheckOK}
	var places []string
	usable := 0 // files found and readable, whose content can be compared
	for _, f := range files {
		s, ok := found[f.Name]
		if !ok {
			installed.Details = append(installed.Details, f.Name+": not found in "+strings.Join(dirs, " or "))
			continue
		}
		places = append(places, strings.TrimSuffix(s.Path, string(filepath.Separator)+filepath.FromSlash(f.Name))) // the directory, even for a skill's NAME/SKILL.md
		switch {
		case s.Err != nil || s.Kind == "other":
			installed.Details = append(installed.Details, s.Path+": "+s.Problem())
			continue
		}
		usable++
		switch {
		case !s.Current:
			current.Details = append(current.Details, s.Path+": differs from what this learn installs")
		}
		for _, p := range a.CheckCommand(s.Data) {
			safe.Details = append(safe.Details, s.Path+": "+p)
		}
	}
	if len(installed.Details) > 0 {
		installed.Status = CheckFail
		installed.Message = fmt.Sprintf("%d of %d missing or unreadable", len(installed.Details), len(files))
		if len(found) == 0 {
			installed.Details = []string{"none found in " + strings.Join(dirs, " or ")}
		}
		installed.Fix = installFix + " (or, for this project only, " + installFix + " --project)"
	} else {
		installed.Message = fmt.Sprintf("all %d in %s", len(files), strings.Join(uniq(places), " and "))
	}
	if len(current.Details) > 0 {
		current.Status = CheckFail
		current.Message = fmt.Sprintf("%d out of date or edited", len(current.Details))
		current.Fix = installFix + " updates files it wrote; add --force to replace the others (./install.sh --force for links)"
	} else {
		current.Message = "identical to this binary's templates"
	}
	checks := []Check{installed}
	// With no file to read (all missing, or links into a moved clone),
	// "identical" would be a claim about nothing.
	if usable > 0 {
		checks = append(checks, current)
	}
	if dup := duplicates(a, dirs, files); len(dup) > 0 {
		checks = append(checks, Check{
			Name: "duplicate command files", Status: CheckWarn,
			Message: fmt.Sprintf("%d command files are defined twice", len(dup)),
			Details: dup,
			Fix:     "remove the copies in the commands/ folders (opencode reads command/ and commands/ alike)",
		})
	}
	safe.Details = append(safe.Details, otherCommandFiles(a, dirs, files)...)
	if len(safe.Details) > 0 {
		safe.Status = CheckFail
		safe.Message = memview.Plural(len(safe.Details), "problem", "problems") + " (opencode refuses to start on a wrongly typed frontmatter value)"
		safe.Fix = "fix the frontmatter named above; for learn's own files: " + installFix + " --force"
	} else {
		safe.Message = "frontmatter and shell injections check out"
	}
	return append(checks, safe)
}

// duplicates lists learn's command files that also sit in another
// directory the client loads them from, so that they are defined twice.
func duplicates(a Agent, dirs []string, files []templates.File) []string {
	var out []string
	for _, dir := range dirs {
		for _, other := range a.AlsoReads(dir) {
			for _, f := range files {
				if _, err := os.Lstat(filepath.Join(other, f.Name)); err == nil {
					out = append(out, filepath.Join(other, f.Name)+" (besides "+filepath.Join(dir, f.Name)+")")
				}
			}
		}
	}
	return out
}

// otherCommandFiles checks the frontmatter of every command file the client
// would load from dirs and the directories it also reads, since one bad
// value in any of them can stop it.
func otherCommandFiles(a Agent, dirs []string, files []templates.File) []string {
	ours := map[string]bool{}
	exts := map[string]bool{}  // the client's command files end as learn's do
	bases := map[string]bool{} // or are all named alike (a skill's SKILL.md)
	for _, f := range files {
		ours[f.Name] = true
		exts[filepath.Ext(f.Name)] = true
		bases[filepath.Base(f.Name)] = true
	}
	sameBase := ""
	if len(bases) == 1 && len(files) > 1 {
		sameBase = filepath.Base(files[0].Name)
	}
	seen := map[string]bool{}
	var problems []string
	for _, dir := range dirs {
		for _, d := range append([]string{dir}, a.AlsoReads(dir)...) {
			if seen[d] {
				continue
			}
			seen[d] = true
			_ = filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
				rel, _ := filepath.Rel(dir, path)
				if err != nil || e.IsDir() || !exts[filepath.Ext(path)] || ours[filepath.ToSlash(rel)] || (sameBase != "" && e.Name() != sameBase) {
					return nil
				}
				data, err := os.ReadFile(path)
				if err != nil {
					return nil
				}
				for _, p := range a.CheckOtherCommand(data) {
					problems = append(problems, path+": "+p)
				}
				return nil
			})
		}
	}
	return problems
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
