// Package opencodeplugin holds learn's opencode plugin, a dependency-free
// JavaScript module built into the binary, so that "learn install" can put it
// where opencode loads plugins and "learn doctor" can tell whether the
// installed copy is this binary's.
package opencodeplugin

import (
	_ "embed"
	"path/filepath"

	"github.com/learn-memory/learn/templates"
)

// FileName is the plugin's name in opencode's plugin directory.
const FileName = "learn-recall.js"

//go:embed learn-recall.js
var source []byte

// File is the plugin as install writes it.
func File() templates.File {
	return templates.File{Name: FileName, Data: append([]byte(nil), source...)}
}

// Dir is opencode's plugin directory beside a command directory
// ($XDG_CONFIG_HOME/opencode/plugin for .../opencode/command, and
// .opencode/plugin for a project's .opencode/command).
func Dir(commandDir string) string {
	return filepath.Join(filepath.Dir(commandDir), "plugin")
}
