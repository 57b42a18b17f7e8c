package ops

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
)

// charsPerToken is the rough size of a token in English prose and code, the
// estimate stats uses because a real tokenizer depends on the model.
const charsPerToken = 4

// minGrowthSpan is the shortest history a growth rate is computed from: a
// rate per week from two sessions an hour apart would only mislead.
const minGrowthSpan = 7 * 24 * time.Hour

// exactFullRecallBytes is the largest memory whose full recall stats weighs
// exactly, folded and redacted as recall --all prints it (64 KB, as stats
// prints sizes). Up to it that costs milliseconds: on generated memories of
// about 61 KB (long, default, agent) stats takes 46-48 M instructions
// instead of 13-16 M (callgrind; on long 12-14 ms of CPU instead of 7),
// most of it the near-duplicate index's set-up, which a 16 KB memory pays
// too (long: 37 M against 12 M). A larger memory's full recall is an
// estimate: exact, it costs three times as much (see recall.Estimate).
const exactFullRecallBytes = 64 * 1000

// StatsOptions asks Stats for the numbers.
type StatsOptions struct {
	// Busy, when set, is told the long part starts and returns the
	// function that says it ended (a front end's progress line).
	Busy func(what string) (done func())
}

// Stats measures the file: its size, sessions, learnings by category, what
// a recall of it costs, its age and growth, and its problems.
func Stats(m *Memory, opts StatsOptions) (*StatsResult, error) {
	snap, err := m.read()
	if err != nil {
		return nil, err
	}
	doc := snap.Doc
	done := func() {}
	if opts.Busy != nil {
		done = opts.Busy(fmt.Sprintf("measuring %s", plural(len(doc.Learnings()), "learning", "learnings")))
	}
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	rep := compute(doc, now())
	done()
	rep.File, rep.FileReason, rep.Exists = m.Display, m.Reason, snap.Exists
	rep.Problems, rep.DamagedLines = problemCount(doc), DamagedLines(doc.Damage)
	rep.Damage = append([]learnings.Damage{}, doc.Damage...)
	return rep, nil
}

// problemCount is how many problems the reader found: what it reported by
// line plus each damaged part, counting an unclosed block once.
func problemCount(doc *learnings.Document) int {
	n := len(doc.Problems) + len(doc.Damage)
	if doc.Unclosed != nil && slices.Contains(doc.Problems, *doc.Unclosed) {
		n--
	}
	return n
}

// RecallCost is the size of one recall's output.
type RecallCost struct {
	Chars  int `json:"chars"`
	Tokens int `json:"tokens"`
	// Shown is the number of learnings in that output.
	Shown int `json:"shown"`
	// Estimated is set where the size is weighed before near duplicates
	// fold and secrets are redacted (the full recall of a memory over
	// exactFullRecallBytes, see recall.Estimate): Shown is then an upper
	// bound and Chars off by what the fold and the redaction take.
	Estimated bool `json:"estimated,omitempty"`
}

// SessionAge is one end of the sessions' span.
type SessionAge struct {
	SessionRef
	AgeDays float64 `json:"age_days"`
}

// Growth is how fast the sessions accumulate.
type Growth struct {
	Weeks           float64 `json:"weeks"`
	SessionsPerWeek float64 `json:"sessions_per_week"`
	BytesPerWeek    int     `json:"bytes_per_week"`
}

// StatsResult is the file in numbers, and its JSON shape.
type StatsResult struct {
	File                string          `json:"file"`
	FileReason          string          `json:"file_reason"`
	Exists              bool            `json:"exists"`
	Bytes               int             `json:"bytes"`
	Sessions            int             `json:"sessions"`
	UndatedSessions     int             `json:"undated_sessions"`
	Learnings           int             `json:"learnings"`
	ConsolidatedCount   int             `json:"consolidated_learnings"`
	Categories          []CategoryCount `json:"categories"`
	FullRecall          RecallCost      `json:"full_recall"`
	DefaultRecall       RecallCost      `json:"default_recall"`
	DefaultRecallBudget int             `json:"default_recall_max_chars"`
	TokenEstimate       string          `json:"token_estimate"`
	Newest              *SessionAge     `json:"newest,omitempty"`
	Oldest              *SessionAge     `json:"oldest,omitempty"`
	Growth              *Growth         `json:"growth,omitempty"`
	// Problems counts what lint would report from the reader: text it
	// could not read and damaged parts (DamagedLines says how big).
	Problems     int                `json:"problems"`
	DamagedLines int                `json:"damaged_lines"`
	Damage       []learnings.Damage `json:"damage"`
}

// compute gathers the numbers; now is the clock the ages are measured from.
func compute(doc *learnings.Document, now time.Time) *StatsResult {
	rep := &StatsResult{
		Bytes: len(doc.Source), Sessions: len(doc.Sessions), DefaultRecallBudget: engine.DefaultMaxChars,
		TokenEstimate: fmt.Sprintf("characters / %d", charsPerToken),
	}
	// Counted by label as written, then by name: a file has tens of
	// thousands of learnings but a handful of labels, and normalising
	// each learning's label was 1 % of stats' CPU on a 10 MB memory.
	byLabel := map[string]int{}
	for _, l := range doc.Learnings() {
		byLabel[l.Category]++
		rep.Learnings++
		if l.Session == nil {
			rep.ConsolidatedCount++
		}
	}
	counts := make(map[string]int, len(byLabel))
	for label, n := range byLabel {
		name, _ := learnings.NormalizeCategory(label)
		counts[name] += n
	}
	for _, p := range learnings.Priority {
		rep.Categories = append(rep.Categories, CategoryCount{Category: p, Count: counts[p]})
		delete(counts, p)
	}
	var custom []string
	for c := range counts {
		custom = append(custom, c)
	}
	slices.Sort(custom)
	for _, c := range custom {
		rep.Categories = append(rep.Categories, CategoryCount{Category: Clean(c), Count: counts[c]})
	}
	// One selection weighs both recalls: the learnings are ordered and
	// grouped once. The default recall is exact (one cheap selection), and
	// so is the full one on a memory of up to exactFullRecallBytes; on a
	// larger one the full recall is an estimate (its fold and its
	// redaction of every learning were two thirds of stats' work).
	if len(doc.Source) <= exactFullRecallBytes {
		_, recalls := engine.Measure(doc, 0, engine.DefaultMaxChars)
		rep.FullRecall, rep.DefaultRecall = cost(recalls[0]), cost(recalls[1])
	} else {
		estimate, recalls := engine.Measure(doc, engine.DefaultMaxChars)
		full := estimate()
		rep.FullRecall = RecallCost{Chars: full.Chars, Tokens: tokens(full.Chars), Shown: full.Shown, Estimated: true}
		rep.DefaultRecall = cost(recalls[0])
	}

	var newest, oldest *learnings.Session
	sessionBytes := 0
	for _, s := range doc.Sessions {
		sessionBytes += s.Span.End - s.Span.Start
		if s.Time.IsZero() {
			rep.UndatedSessions++
			continue
		}
		if newest == nil || s.Time.After(newest.Time) {
			newest = s
		}
		if oldest == nil || s.Time.Before(oldest.Time) {
			oldest = s
		}
	}
	if newest != nil {
		rep.Newest = age(newest, now)
		rep.Oldest = age(oldest, now)
		if span := newest.Time.Sub(oldest.Time); span >= minGrowthSpan {
			weeks := span.Hours() / (24 * 7)
			rep.Growth = &Growth{
				Weeks:           round1(weeks),
				SessionsPerWeek: round1(float64(len(doc.Sessions)-rep.UndatedSessions) / weeks),
				BytesPerWeek:    int(float64(sessionBytes) / weeks),
			}
		}
	}
	return rep
}

func cost(r *engine.Result) RecallCost {
	chars := r.Chars()
	return RecallCost{Chars: chars, Tokens: tokens(chars), Shown: len(r.Shown)}
}

func tokens(chars int) int { return (chars + charsPerToken - 1) / charsPerToken }

func age(s *learnings.Session, now time.Time) *SessionAge {
	return &SessionAge{SessionRef: NewSessionRef(s), AgeDays: round1(now.Sub(s.Time).Hours() / 24)}
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }
