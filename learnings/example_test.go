package learnings_test

import (
	"fmt"
	"time"

	"github.com/learn-memory/learn/learnings"
)

const exampleMemory = "## Consolidated Learnings\n\n" +
	"**User Corrections:**\n- Run `make gen` before `go test`; generated files are not committed.\n\n" +
	"---\n\n## Recent Sessions\n\n" +
	"## [2026-11-22 14:05 UTC] - Retry logic for the sync client\n**Project**: acme-sync\n\n### Learnings\n\n" +
	"**Fresh Discoveries:**\n- `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n\n---\n"

// Storing a session: parse the file, insert the session where it belongs
// (above the newest one) and take the bytes. Every byte the edit did not
// mean to change stays as it was.
func ExampleEditor_InsertSession() {
	doc := learnings.Parse([]byte(exampleMemory))
	out, err := doc.Edit().InsertSession(learnings.NewSession{
		Time:    time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC),
		Focus:   "Backoff for uploads",
		Project: "acme-sync",
		Docs:    []string{"docs/api.md#retries"},
		Learnings: []learnings.NewLearning{
			{Category: "User Corrections", Text: "Backoff must cap at 30 s; the gateway drops idle connections at 60 s."},
		},
	}).Bytes()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	fmt.Println(len(learnings.Parse(out).Learnings()), "learnings")
	// Output:
	// ## Consolidated Learnings
	//
	// **User Corrections:**
	// - Run `make gen` before `go test`; generated files are not committed.
	//
	// ---
	//
	// ## Recent Sessions
	//
	// ## [2026-11-23 09:30 UTC] - Backoff for uploads
	// **Project**: acme-sync
	// **Documentation Seen**: `docs/api.md#retries`
	//
	// ### Learnings
	//
	// **User Corrections:**
	// - Backoff must cap at 30 s; the gateway drops idle connections at 60 s.
	//
	// ---
	//
	// ## [2026-11-22 14:05 UTC] - Retry logic for the sync client
	// **Project**: acme-sync
	//
	// ### Learnings
	//
	// **Fresh Discoveries:**
	// - `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.
	//
	// ---
	// 3 learnings
}

// Reading a file: sessions, categories and learnings (each also has the
// ID search, show and forget name it by).
func ExampleParse() {
	doc := learnings.Parse([]byte(exampleMemory))
	for _, s := range doc.Sessions {
		fmt.Printf("session %q, project %s\n", s.Focus, s.Project)
	}
	for _, l := range doc.Learnings() {
		fmt.Printf("[%s] %s\n", l.Category, l.Text)
	}
	// Output:
	// session "Retry logic for the sync client", project acme-sync
	// [User Corrections] Run `make gen` before `go test`; generated files are not committed.
	// [Fresh Discoveries] `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.
}

// Reading another Markdown file (a project doc) with the same scanner:
// a heading inside a code block is not one, and a four-backtick fence is
// not closed by three.
func ExampleScanMarkdown() {
	src := "# Guide\n\n````md\n```sh\nmake\n```\n# Not a heading\n````\n\nUsage\n-----\n"
	for l := range learnings.ScanMarkdown([]byte(src)) {
		switch l.Kind {
		case learnings.MarkdownHeading:
			fmt.Printf("line %d: level %d %q\n", l.Num, l.Level, l.Title)
		case learnings.MarkdownSetext:
			fmt.Printf("line %d: level %d %q (setext)\n", l.Start, l.Level, l.Title)
		}
	}
	// Output:
	// line 1: level 1 "Guide"
	// line 10: level 2 "Usage" (setext)
}
