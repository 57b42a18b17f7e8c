package ops

import (
	"context"
	"strings"

	"github.com/learn-memory/learn/internal/gitctx"
	"github.com/learn-memory/learn/learnings/relevance"
)

// Work is the work at hand a reading operation ranks for: the user's task
// in their words, the files at hand, the branch, and whether to ask git
// for the rest (recall's and search's --task, --paths, --branch, --git).
type Work struct {
	Task   string
	Paths  []string
	Branch string
	Git    bool
}

// Set reports whether any of the work was given.
func (w Work) Set() bool {
	return w.Git || strings.TrimSpace(w.Task) != "" || w.Branch != "" || len(w.Paths) > 0
}

// Context is the relevance context w describes. With Git it asks git about
// the repository root is in (gitctx.Read): the paths git lists are added to
// Paths, and the current branch is used unless Branch was given.
func (w Work) Context(ctx context.Context, root string) relevance.Context {
	c := relevance.Context{Task: strings.TrimSpace(w.Task), Branch: strings.TrimSpace(w.Branch)}
	for _, p := range w.Paths {
		if p = strings.TrimSpace(p); p != "" {
			c.Paths = append(c.Paths, p)
		}
	}
	if !w.Git || root == "" {
		return c
	}
	g := gitctx.Read(ctx, root)
	c.Paths = append(c.Paths, g.Paths...)
	if c.Branch == "" {
		c.Branch = g.Branch
	}
	return c
}

// Relevance is a learning's relevance to the work at hand as results show
// it: the score and the task words and paths behind it.
type Relevance struct {
	Score float64               `json:"score"`
	Terms []string              `json:"terms"`
	Paths []relevance.PathMatch `json:"paths"`
}

// NewRelevance is m as results show it; nil for nil (not relevant).
func NewRelevance(m *relevance.Match) *Relevance {
	if m == nil {
		return nil
	}
	return &Relevance{Score: m.Score, Terms: append([]string{}, m.Terms...), Paths: append([]relevance.PathMatch{}, m.Paths...)}
}
