// Command learn keeps a project's learnings file for AI coding agents.
package main

import (
	"os"

	"github.com/learn-memory/learn/internal/cmd/root"
)

func main() { os.Exit(root.Main()) }
