// Package progress tells a person at a terminal that a slow command is still
// working: a line on stderr that names the work and counts the seconds, shown
// only once the work has taken a moment and wiped when it ends, so that fast
// runs, pipes and scripts never see it.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Delay is how long work runs before the line appears: most commands finish
// sooner, and a line that flashes for a few milliseconds is noise. Tests of
// the commands set it to zero, which shows the line at once, and shorten
// Interval, to see the line on small files.
var Delay = 300 * time.Millisecond

// Interval is how often the line is redrawn.
var Interval = 100 * time.Millisecond

// Line is a progress line on a terminal. The zero of *Line (nil) is a line
// that shows nothing, which is what Start returns when w is not a terminal.
type Line struct {
	w     io.Writer
	msg   string
	begin time.Time
	delay time.Duration // Delay and Interval when the line started
	every time.Duration
	ticks <-chan time.Time
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
	shown int // the width of the text on screen, to wipe it
}

// Start shows msg ("checking 66,730 learnings") on w while the work runs,
// when tty says a person watches (cmdutil.IO.ShowProgress); Stop ends it. The line is redrawn every
// tenth of a second with the time spent so far, from Delay on.
func Start(w io.Writer, tty bool, msg string) *Line {
	if !tty {
		return nil
	}
	ticker := time.NewTicker(Interval)
	l := start(w, msg, time.Now, ticker.C)
	go func() {
		<-l.done
		ticker.Stop()
	}()
	return l
}

// Busy is Start in the form the ops layer asks for (ops.LintOptions.Busy
// and its kin): told what the long part is, it shows the line and returns
// what ends it, so each command hands its IO over in one call.
func Busy(w io.Writer, tty bool) func(what string) (done func()) {
	return func(what string) func() { return Start(w, tty, what).Stop }
}

func start(w io.Writer, msg string, now func() time.Time, ticks <-chan time.Time) *Line {
	l := &Line{w: w, msg: msg, begin: now(), delay: Delay, every: Interval, ticks: ticks, stop: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

func (l *Line) run() {
	defer close(l.done)
	if l.delay <= 0 {
		// No delay: the line is there from the start, however soon the
		// work ends, so that a test sees it whatever the machine's speed.
		l.draw(0)
	}
	for {
		select {
		case <-l.stop:
			if l.shown > 0 {
				fmt.Fprint(l.w, "\r"+strings.Repeat(" ", l.shown)+"\r")
			}
			return
		case at := <-l.ticks:
			if spent := at.Sub(l.begin); spent >= l.delay {
				l.draw(spent)
			}
		}
	}
}

// draw shows the line with the time spent so far.
func (l *Line) draw(spent time.Duration) {
	text := fmt.Sprintf("%s %s… %.1f s", frames[int(spent/l.every)%len(frames)], l.msg, spent.Seconds())
	// Pad over a longer previous text; the carriage return keeps it on
	// one line without terminal escapes, which TERM=dumb lacks.
	pad := max(0, l.shown-len([]rune(text)))
	fmt.Fprint(l.w, "\r"+text+strings.Repeat(" ", pad))
	l.shown = len([]rune(text)) + pad
}

var frames = []string{"|", "/", "-", `\`}

// Stop wipes the line and returns once it is gone, so that what the command
// prints next starts on a clean line. It is safe to call more than once and
// on a nil *Line.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	l.once.Do(func() { close(l.stop) })
	<-l.done
}
