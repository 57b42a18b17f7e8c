// Package taskflags gives recall and search the flags that describe the
// work at hand (--task, --paths, --branch, --git) and turns them into a
// relevance.Context.
package taskflags

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/gitctx"
	"github.com/learn-memory/learn/learnings/relevance"
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
func (f *Flags) Set() bool {
	return f.Git || strings.TrimSpace(f.Task) != "" || f.Branch != "" || len(f.Paths) > 0
}

// Context is the context the flags describe. With --git it asks git about
// the repository root is in (see gitctx.Read): the paths git lists are added
// to --paths, and the current branch is used unless --branch was given.
func (f *Flags) Context(ctx context.Context, root func() (string, error)) relevance.Context {
	c := relevance.Context{Task: strings.TrimSpace(f.Task), Branch: strings.TrimSpace(f.Branch)}
	for _, p := range f.Paths {
		if p = strings.TrimSpace(p); p != "" {
			c.Paths = append(c.Paths, p)
		}
	}
	if !f.Git {
		return c
	}
	dir, err := root()
	if err != nil {
		return c
	}
	w := gitctx.Read(ctx, dir)
	c.Paths = append(c.Paths, w.Paths...)
	if c.Branch == "" {
		c.Branch = w.Branch
	}
	return c
}

// Relevance is a learning's relevance to the work at hand as --json shows
// it: the score and the task words and paths behind it.
type Relevance struct {
	Score float64               `json:"score"`
	Terms []string              `json:"terms"`
	Paths []relevance.PathMatch `json:"paths"`
}

// JSON is m as --json shows it; nil for nil (a learning not relevant).
func JSON(m *relevance.Match) *Relevance {
	if m == nil {
		return nil
	}
	return &Relevance{Score: m.Score, Terms: append([]string{}, m.Terms...), Paths: append([]relevance.PathMatch{}, m.Paths...)}
}
