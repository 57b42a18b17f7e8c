package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the line's goroutine and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestStartWithoutTerminalShowsNothing(t *testing.T) {
	var out syncBuffer
	l := Start(&out, false, "checking 10 learnings")
	l.Stop()
	l.Stop()
	if out.String() != "" {
		t.Errorf("wrote %q without a terminal", out.String())
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		name  string
		at    []time.Duration // the clock at each tick
		shows []string
		wiped bool
	}{
		{"fast work shows nothing", []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}, nil, false},
		{"slow work counts seconds", []time.Duration{200 * time.Millisecond, 1500 * time.Millisecond, 12 * time.Second},
			[]string{"checking 66,730 learnings… 1.5 s", "checking 66,730 learnings… 12.0 s"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out syncBuffer
			ticks := make(chan time.Time)
			l := start(&out, "checking 66,730 learnings", func() time.Time { return time.Unix(0, 0) }, ticks)
			for _, at := range tt.at {
				ticks <- time.Unix(0, 0).Add(at)
			}
			l.Stop()
			got := out.String()
			for _, s := range tt.shows {
				if !strings.Contains(got, s) {
					t.Errorf("output %q lacks %q", got, s)
				}
			}
			if tt.shows == nil && got != "" {
				t.Errorf("output %q, want none", got)
			}
			if tt.wiped {
				last := got[strings.LastIndexByte(got[:len(got)-1], '\r'):]
				if strings.Trim(last, "\r ") != "" {
					t.Errorf("the line ends with %q, not wiped", last)
				}
			}
			if strings.Contains(got, "\n") {
				t.Errorf("output %q has a newline", got)
			}
		})
	}
}

// TestLineWithoutDelay: at a Delay of zero the line is drawn at once, before
// any tick, so that work shorter than a tick still shows it (the commands'
// tests rely on it), and Stop wipes it.
func TestLineWithoutDelay(t *testing.T) {
	delay := Delay
	Delay = 0
	t.Cleanup(func() { Delay = delay })
	var out syncBuffer
	l := start(&out, "checking 3 learnings", func() time.Time { return time.Unix(0, 0) }, make(chan time.Time))
	l.Stop()
	got := out.String()
	if !strings.HasPrefix(got, "\r| checking 3 learnings… 0.0 s") {
		t.Errorf("output %q does not start with the line", got)
	}
	if last := got[strings.LastIndexByte(got[:len(got)-1], '\r'):]; strings.Trim(last, "\r ") != "" {
		t.Errorf("the line ends with %q, not wiped", last)
	}
}
