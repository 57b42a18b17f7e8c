package web

import (
	"fmt"
	"time"

	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/improve"
)

// The charts are drawn on the server as SVG with html/template: no script
// draws them and nothing is fetched. Each category fills its bars with a
// pattern of its own and the legend names it, so they read in grey too.

// timeline is learnings stored per period, stacked by category.
type timeline struct {
	Width, Height int
	Period        string // "week" or "month"
	Bars          []timeBar
	Legend        []catStyle
	Ticks         []tick // horizontal grid lines
	Total         int
	Empty         bool
	Undated       int
}

type timeBar struct {
	X, W, CX int
	Label    string // shown under the bar, or "" when there is no room
	Title    string // the bar's tooltip: period and counts
	Total    int
	TotalY   int
	Segments []segment
}

type segment struct {
	Y, H  int
	Style catStyle
}

type tick struct {
	Y     int
	Label string
}

const (
	chartW      = 480
	chartH      = 230
	plotTop     = 22
	plotBottom  = 196
	plotLeft    = 34
	plotRight   = 474
	maxBuckets  = 20
	sizeChartW  = 480
	docsShown   = 8
	docsBarLeft = 210
)

func newTimeline(doc *learnings.Document) timeline {
	t := timeline{Width: chartW, Height: chartH}
	var first, last time.Time
	for _, s := range doc.Sessions {
		if s.Time.IsZero() {
			continue
		}
		if first.IsZero() || s.Time.Before(first) {
			first = s.Time
		}
		if last.IsZero() || s.Time.After(last) {
			last = s.Time
		}
	}
	if first.IsZero() {
		t.Empty = true
		return t
	}
	// Weeks when they fit, else months; at most maxBuckets bars, the newest.
	t.Period = "week"
	start := weekStart(first)
	step := func(d time.Time) time.Time { return d.AddDate(0, 0, 7) }
	if last.Sub(start) > maxBuckets*7*24*time.Hour {
		t.Period = "month"
		start = time.Date(first.Year(), first.Month(), 1, 0, 0, 0, 0, time.UTC)
		step = func(d time.Time) time.Time { return d.AddDate(0, 1, 0) }
	}
	var edges []time.Time
	for d := start; !d.After(last); d = step(d) {
		edges = append(edges, d)
	}
	if len(edges) > maxBuckets {
		edges = edges[len(edges)-maxBuckets:]
	}
	counts := make([]map[string]int, len(edges))
	for i := range counts {
		counts[i] = map[string]int{}
	}
	used := map[string]bool{}
	for _, s := range doc.Sessions {
		if s.Time.IsZero() {
			t.Undated++
			continue
		}
		day := time.Date(s.Time.Year(), s.Time.Month(), s.Time.Day(), 0, 0, 0, 0, time.UTC)
		i := len(edges) - 1
		for i >= 0 && edges[i].After(day) {
			i--
		}
		if i < 0 {
			continue // older than the bars shown
		}
		for _, c := range s.Categories {
			st := styleOf(c.Name)
			counts[i][st.Slug] += len(c.Learnings)
			used[st.Slug] = used[st.Slug] || len(c.Learnings) > 0
		}
	}
	styles := append(append([]catStyle(nil), specStyles...), customStyle)
	for _, st := range styles {
		if used[st.Slug] {
			t.Legend = append(t.Legend, st)
		}
	}
	peak := 1
	for _, c := range counts {
		n := 0
		for _, v := range c {
			n += v
		}
		peak = max(peak, n)
	}
	peak = niceCeil(peak)
	plotH := plotBottom - plotTop
	for _, frac := range []int{0, 1, 2, 3, 4} {
		v := peak * frac / 4
		t.Ticks = append(t.Ticks, tick{Y: plotBottom - plotH*frac/4, Label: fmt.Sprint(v)})
	}
	slot := (plotRight - plotLeft) / len(edges)
	w := max(4, slot*7/10)
	labelEvery := max(1, (len(edges)+4)/5)
	for i, e := range edges {
		bar := timeBar{X: plotLeft + i*slot + (slot-w)/2, W: w}
		bar.CX = bar.X + w/2
		y := plotBottom
		var parts []string
		for _, st := range t.Legend {
			n := counts[i][st.Slug]
			if n == 0 {
				continue
			}
			h := n * plotH / peak
			y -= h
			bar.Segments = append(bar.Segments, segment{Y: y, H: h, Style: st})
			bar.Total += n
			parts = append(parts, fmt.Sprintf("%d %s", n, st.Badge))
		}
		t.Total += bar.Total
		bar.TotalY = y - 4
		label := e.Format("Jan 2")
		if t.Period == "month" {
			label = e.Format("Jan 06")
		}
		if (len(edges)-1-i)%labelEvery == 0 {
			bar.Label = label
		}
		bar.Title = fmt.Sprintf("%s %s: %d learnings", t.Period, label, bar.Total)
		if len(parts) > 0 {
			bar.Title += fmt.Sprintf(" (%s)", join(parts))
		}
		t.Bars = append(t.Bars, bar)
	}
	return t
}

func join(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}

func weekStart(t time.Time) time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// niceCeil rounds n up to four times 1, 2 or 5 times a power of ten, so
// that the four grid lines fall on round numbers.
func niceCeil(n int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if 4*m*p >= n {
				return 4 * m * p
			}
		}
	}
}

// sizeGauge shows the file's size against the size at which recall warns
// and the size limit (1 MB, or $LEARN_MAX_BYTES) at which it should be
// compacted.
type sizeGauge struct {
	Width       int
	BarW        int
	WarnX       int
	LimitX      int
	Size        string
	Limit       string
	Percent     int
	Level       string // "ok", "warn" or "over"
	Advice      string
	WarnLabel   string
	LimitLabel  string
	BarRight    int
	ScaleLabel  string
	ScaleRightX int
	TrackW      int
}

func newSizeGauge(n, limit int) sizeGauge {
	warn := learnings.WarnAt(limit)
	scale := max(limit*5/4, n)
	x := func(v int) int { return 10 + int(int64(v)*int64(sizeChartW-20)/int64(scale)) }
	g := sizeGauge{Width: sizeChartW, BarW: x(n) - 10, WarnX: x(warn), LimitX: x(limit),
		Size: learnings.HumanSize(n), Percent: int(int64(n) * 100 / int64(limit)), Limit: learnings.HumanSize(limit),
		WarnLabel: "warns at " + learnings.HumanSize(warn), LimitLabel: "limit " + learnings.HumanSize(limit),
		ScaleRightX: sizeChartW - 10, TrackW: sizeChartW - 20, ScaleLabel: learnings.HumanSize(scale)}
	switch {
	case n > limit:
		g.Level, g.Advice = "over", "Over the limit: compact now."
	case n > warn:
		g.Level, g.Advice = "warn", "Approaching the limit: compact soon."
	default:
		g.Level, g.Advice = "ok", "Plenty of room before compaction is needed."
	}
	return g
}

// docsChart is the documentation sessions read most, improve-docs' ranking.
type docsChart struct {
	Width, Height int
	Rows          []docRow
	More          int
}

type docRow struct {
	Y, W    int
	Path    string
	Label   string
	Title   string
	CountX  int
	TextY   int
	BarLeft int
}

// rankedDocs is improve-docs' ranking with every reference redacted as
// recall redacts: a secret written into Documentation Seen (a URL with a
// password, a key in a query) before learn guarded the file stays hidden.
func rankedDocs(doc *learnings.Document) []improve.DocRank {
	ranks := improve.RankDocs(doc)
	for i := range ranks {
		ranks[i].Path = ops.Clean(ranks[i].Path)
		refs := make([]string, len(ranks[i].Refs))
		for j, r := range ranks[i].Refs {
			refs[j] = ops.Clean(r)
		}
		ranks[i].Refs = refs
	}
	return ranks
}

func newDocsChart(doc *learnings.Document) docsChart {
	ranks := rankedDocs(doc)
	c := docsChart{Width: chartW}
	if len(ranks) > docsShown {
		c.More = len(ranks) - docsShown
		ranks = ranks[:docsShown]
	}
	peak := 1
	for _, r := range ranks {
		peak = max(peak, r.Seen)
	}
	for i, r := range ranks {
		w := max(2, r.Seen*(chartW-docsBarLeft-44)/peak)
		c.Rows = append(c.Rows, docRow{Y: 6 + i*26, W: w, Path: shorten(r.Path, 30), TextY: 6 + i*26 + 14,
			Label: fmt.Sprintf("%d×", r.Seen), CountX: docsBarLeft + w + 6, BarLeft: docsBarLeft,
			Title: fmt.Sprintf("%s: seen in %d sessions, %d learnings came from them", r.Path, r.Seen, r.Learnings)})
	}
	c.Height = 12 + len(c.Rows)*26
	return c
}

// shorten keeps the end of a long path, the part that names the file.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n+1:])
}
