package doctor

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/learn-memory/learn/internal/cmd/install"
	"github.com/learn-memory/learn/internal/opencodeplugin"
	"github.com/learn-memory/learn/templates"
)

// pluginMarker is in every version of learn's plugin, so that doctor can tell
// an older copy of ours from someone else's file of the same name.
const pluginMarker = "learn-opencode-plugin"

// checkPlugin looks for learn's opencode plugin in the user's plugin
// directory and the project's; installed in either place counts.
func checkPlugin(opts *Options) Check {
	c := Check{Name: "opencode plugin"}
	file := opencodeplugin.File()
	dirs, err := pluginDirs(opts)
	if err != nil {
		c.Status, c.Message = StatusFail, err.Error()
		return c
	}
	var found []install.State
	for _, dir := range dirs {
		states, err := install.Inspect(dir, []templates.File{file})
		if err != nil {
			c.Status, c.Message = StatusFail, err.Error()
			c.Fix = "learn install --only plugin --force"
			return c
		}
		if states[0].Kind != "missing" {
			found = append(found, states[0])
		}
	}
	if len(found) == 0 {
		c.Status = StatusWarn
		c.Message = "not installed, so sessions get the learnings only when someone types /learning-recall"
		c.Details = []string{"looked in " + strings.Join(dirs, " and ")}
		c.Fix = "learn install --only plugin (or, for this project only, learn install --only plugin --project)"
		return c
	}
	c.Status = StatusOK
	var places []string
	for _, s := range found {
		places = append(places, s.Path)
		switch {
		case s.Kind == "other" || s.Err != nil:
			c.Status = StatusFail
			c.Details = append(c.Details, s.Path+": cannot be read as a file")
			c.Fix = "remove it, then learn install --only plugin"
		case s.Current:
		case bytes.Contains(s.Data, []byte(pluginMarker)):
			c.Status = StatusFail
			c.Details = append(c.Details, s.Path+": an older version of learn's plugin")
			c.Fix = "learn install --only plugin updates it (add --project for the project's copy)"
		default:
			if c.Status == StatusOK {
				c.Status = StatusWarn
			}
			c.Details = append(c.Details, s.Path+": not learn's plugin (a file of yours with the same name?)")
			c.Fix = "rename your file, then learn install --only plugin"
		}
	}
	switch {
	case c.Status != StatusOK:
		c.Message = fmt.Sprintf("%d of %d copies need attention", len(c.Details), len(found))
	case len(found) > 1:
		c.Message = "current, installed twice: " + strings.Join(places, " and ") + "; only one runs in a session"
	default:
		c.Message = "current, " + places[0]
	}
	if v := opts.Getenv("LEARN_AUTO_RECALL"); isOff(v) {
		c.Details = append(c.Details, "LEARN_AUTO_RECALL="+v+" turns automatic recall off in this environment")
	}
	if v := opts.Getenv("OPENCODE_PURE"); v != "" && !isOff(v) {
		c.Details = append(c.Details, "OPENCODE_PURE="+v+" (opencode --pure) makes opencode load no plugins in this environment")
	}
	return c
}

func pluginDirs(opts *Options) ([]string, error) {
	user, err := install.PluginDir(opts.Getenv, "")
	if err != nil {
		return nil, err
	}
	dirs := []string{user}
	if root, err := opts.ProjectRoot(); err == nil {
		if d, err := install.PluginDir(opts.Getenv, root); err == nil && d != user {
			dirs = append(dirs, d)
		}
	}
	return dirs, nil
}

// isOff is the plugin's reading of LEARN_AUTO_RECALL.
func isOff(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "0", "false", "no", "off":
		return true
	}
	return false
}
