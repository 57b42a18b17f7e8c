// Package taskflags gives recall and search the flags that describe the
// work at hand (--task, --paths, --branch, --git), as an ops.Work.
package taskflags

import (
	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/ops"
)

// Flags holds the values of the context flags.
type Flags struct {
	Task   string
	Paths  []string
	Branch string
	Git    bool
}

// Add registers the flags on cmd. what names what the flags rank ("the
// learnings" or "the hits").
func (f *Flags) Add(cmd *cobra.Command, what string) {
	fs := cmd.Flags()
	fs.StringVar(&f.Task, "task", "", "what the user is about to do, as `TEXT` in their words; "+what+" that match it come first")
	fs.StringSliceVar(&f.Paths, "paths", nil, "files at hand (`PATHS`, comma-separated or repeated); "+what+" about them come first")
	fs.StringVar(&f.Branch, "branch", "", "the `BRANCH` being worked on; its words (fix/stripe-webhook-retry: stripe, webhook, retry) count like task words")
	_ = cmd.MarkFlagFilename("paths")
	fs.BoolVar(&f.Git, "git", false, "add the changed, staged and untracked files and the current branch of the project's git repository (nothing outside git)")
}

// Set reports whether any context flag was given.
func (f *Flags) Set() bool { return f.Work().Set() }

// Work is the work at hand the flags describe, for an operation.
func (f *Flags) Work() ops.Work { return ops.Work(*f) }
