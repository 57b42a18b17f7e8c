//go:build linux || darwin

package codexe2e

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestSkills: each $learning-* skill reaches the model with its
// instructions, and the learn output the opencode command injects arrives
// with it, from learn's prompt hook, inside the same tags; /learning-recall
// (typed from habit) gets the same. Reading never changes the memory file.
func TestSkills(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	testSkills(t, []skillCase{
		{"$learning-recall", "project-memory", []string{"recall", "--git"}, "Keep these notes in mind for the rest of the session."},
		{"/learning-recall focus on S3 uploads", "project-memory", []string{"recall", "--git"}, ""},
		{"$learning-forget the billing session", "forget-preview", []string{"forget", "--dry-run"}, "Do not forget anything before the user has explicitly said yes"},
	})
}

// TestSkillsReports: the two report skills, and one without learn output.
func TestSkillsReports(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	testSkills(t, []skillCase{
		{"$learning-summarise what we learnt about uploads", "project-memory-baseline", []string{"summarise"}, "Draft candidate learnings from this session only"},
		{"$learning-improve-docs", "improve-docs-report", []string{"improve-docs", "--max-chars", "6000"}, "Present the most valuable improvements first"},
		{"$learning-store", "", nil, "Store only what the user approved."},
	})
}

type skillCase struct {
	prompt string
	tag    string   // "" for a skill without learn output
	learn  []string // the command whose output the tag holds
	skill  string   // a line of the skill's body
}

func testSkills(t *testing.T, cases []skillCase) {
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex", "--no-mcp")
	p := w.project(t, "app", longMemory())
	before := readMemory(t, p)
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			req := w.codex(t, p, "", "", c.prompt).first(t)
			all := req.texts()
			if c.skill != "" {
				// Codex pastes the skill's SKILL.md into a user message.
				e2eutil.MustContain(t, "the request's user messages", req.texts("user"), c.skill)
			}
			if c.tag == "" {
				e2eutil.MustNotContain(t, "the request", all, "learn ran for it")
				return
			}
			// What the opencode command's injection line gives: stderr (the
			// file's warnings) and stdout together.
			line := "learn " + strings.Join(c.learn, " ") + " </dev/null 2>&1"
			out, _, err := w.commandIn(p, "", nil, "/bin/sh", "-c", line)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			want := strings.TrimSpace(out)
			if got := e2eutil.Section(t, req.texts("developer"), c.tag); got != want {
				t.Errorf("<%s> in the request:\n%s\nwant the output of learn %s:\n%s", c.tag, got, strings.Join(c.learn, " "), want)
			}
		})
	}
	if after := readMemory(t, p); after != before {
		t.Error("the skills changed the memory file")
	}
}
