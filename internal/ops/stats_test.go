package ops

import (
	"fmt"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
)

// TestStatsFullRecall holds stats' full recall to recall --all: on a
// memory of up to exactFullRecallBytes its figures are the output's
// (repeats folded, secrets redacted), on a larger one an estimate that
// shows at least as many learnings, marked as one.
func TestStatsFullRecall(t *testing.T) {
	key := "AKIA" + "QYLPMN5HHHFPZAM2"
	docs := map[string][]byte{
		"empty": nil,
		"repeat and secret": []byte("## Recent Sessions\n\n## [2026-11-02 09:00 UTC] - Keys\n**Project**: acme-sync\n\n### Learnings\n\n" +
			"**Gotchas:**\n- The deploy key is " + key + " and must stay out of the logs.\n- Run `make gen` before `go test`.\n" +
			"- Run `make gen` before `go test`.\n\n---\n"),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for _, size := range []int{20 << 10, 56 << 10, 120 << 10} {
			docs[fmt.Sprintf("generated %q %d KiB", mode, size>>10)] = memgen.GenerateWith(memgen.Options{Seed: 5, Size: size, Mode: mode})
		}
	}
	// differ counts the memories weighed exactly whose estimate is off:
	// where none is, an estimate would pass for the exact figures.
	exact, estimated, differ := 0, 0, 0
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse(src)
			got := compute(doc, time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)).FullRecall
			all := engine.Select(doc, engine.Options{})
			chars := utf8.RuneCountInString(all.Text())
			if len(src) > exactFullRecallBytes {
				estimated++
				if !got.Estimated || got.Shown < len(all.Shown) {
					t.Errorf("%d bytes: full recall %+v, want an estimate of at least %d learnings", len(src), got, len(all.Shown))
				}
				// stats' help promises the size is off by under 5% on
				// generated memories.
				if off := got.Chars - chars; off*20 >= chars || -off*20 >= chars || got.Tokens != tokens(got.Chars) {
					t.Errorf("%d bytes: full recall %+v, recall --all prints %d chars: off by 5%% or more", len(src), got, chars)
				}
				return
			}
			exact++
			estimate, _ := engine.Measure(doc)
			if est := estimate(); est.Chars != chars || est.Shown != len(all.Shown) {
				differ++
			}
			want := RecallCost{Chars: chars, Tokens: tokens(chars), Shown: len(all.Shown)}
			if got != want {
				t.Errorf("%d bytes: full recall %+v, recall --all prints %+v", len(src), got, want)
			}
		})
	}
	if exact < len(memgen.Modes) || estimated < len(memgen.Modes) || differ < len(memgen.Modes) {
		t.Errorf("%d memories weighed exactly (%d where the estimate is off), %d estimated: the test needs many of each", exact, differ, estimated)
	}
}
