package recall_test

import (
	"fmt"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/relevance"
)

const memory = "## Recent Sessions\n\n" +
	"## [2026-11-23 09:30 UTC] - Uploads\n### Learnings\n\n" +
	"**Fresh Discoveries:**\n- S3 multipart parts must be at least 5 MB except the last one.\n" +
	"- ~~Uploads retry three times.~~ (superseded by l0a1b2c3 on 2026-11-23)\n" +
	"- Uploads retry five times with backoff.\n\n" +
	"**User Corrections:**\n- Never log request bodies; they hold customer data.\n\n---\n\n" +
	"## [2026-11-22 14:05 UTC] - Sync client\n### Learnings\n\n" +
	"**Preference Clarifications:**\n- Keep commits small, one concern each.\n\n---\n"

// Recall for a session start: categories in priority order, newest first
// inside each, superseded learnings left out, within a character budget.
func ExampleSelect() {
	doc := learnings.Parse([]byte(memory))
	r := recall.Select(doc, recall.Options{MaxChars: 2000})
	for _, it := range r.Shown {
		fmt.Printf("[%s] %s\n", it.Category, it.Learning.Text)
	}
	fmt.Println(len(r.Shown), "of", r.Stored, "live learnings shown")
	// Output:
	// [User Corrections] Never log request bodies; they hold customer data.
	// [Fresh Discoveries] S3 multipart parts must be at least 5 MB except the last one.
	// [Fresh Discoveries] Uploads retry five times with backoff.
	// [Preference Clarifications] Keep commits small, one concern each.
	// 4 of 4 live learnings shown
}

// Recall for a task: the learnings relevant to it come first, under their
// own heading, then the usual fill.
func ExampleSelect_task() {
	doc := learnings.Parse([]byte(memory))
	r := recall.Select(doc, recall.Options{MaxChars: 2000, Context: relevance.Context{Task: "multipart upload to S3 fails"}})
	for _, it := range r.Shown {
		fmt.Printf("chosen=%v %s\n", it.Chosen, it.Learning.Text)
	}
	// Output:
	// chosen=true S3 multipart parts must be at least 5 MB except the last one.
	// chosen=false Never log request bodies; they hold customer data.
	// chosen=false Uploads retry five times with backoff.
	// chosen=false Keep commits small, one concern each.
}
