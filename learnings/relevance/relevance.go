// Package relevance scores learnings against what the user is about to do:
// the task in their words, the files at hand and the branch. It is how
// recall puts the one old learning about the subsystem being touched above
// the newest ones about something else, offline and deterministically: no
// model, no embeddings, the same scores for the same file and context.
//
// Words. The task, the branch name (fix/stripe-webhook-retry gives stripe,
// webhook, retry; words like fix, feat and numbers are dropped) and the
// words of the paths are split by package terms, the way developers write
// identifiers (camelCase, snake_case, kebab-case, dots, slashes), folded and
// lightly stemmed. Each learning is matched on its text, its session's focus
// and project, and the paths of its session's Documentation Seen, with
// BM25F: a word counts for more the rarer it is in the memory, the more
// often it occurs in the learning, and the shorter the learning; a word in
// the learning's own text counts twice a word in its session's focus.
//
// Paths. Each path at hand (and any path written in the task) is compared
// with every path the learning mentions and every document its session saw:
// the same file counts most, then the same file name, the same name with
// another extension or a test suffix (uploader_test.go and Uploader.swift),
// the same directory, the same package (the directory's name). A match
// counts for more the fewer learnings share it.
//
// A learning's score is the sum of its word and path scores. The floor of
// a ranking is the least score worth putting in front of an agent: what one
// word of the task found in one learning in 50 scores in a learning's text;
// a learning that shares only a common word with the task stays below it,
// one about a file at hand does not.
package relevance

import (
	"cmp"
	"math"
	"slices"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/terms"
)

// Context is what the user is about to do. Every field is optional.
type Context struct {
	// Task is the request in the user's words.
	Task string
	// Paths are the files at hand (relative to the project root, as git
	// lists them, or as the user wrote them).
	Paths []string
	// Branch is the current branch name.
	Branch string
}

// Empty reports whether the context has nothing to match on.
func (c Context) Empty() bool {
	if c.Task != "" || c.Branch != "" {
		return false
	}
	for _, p := range c.Paths {
		if p != "" {
			return false
		}
	}
	return true
}

// floorShare is how common a word may be and still make a learning
// relevant on its own, in the learning's text: one in 50 learnings.
const floorShare = 0.02

// Match is one learning's relevance to a context, and why.
type Match struct {
	Learning *learnings.Learning
	Score    float64
	// Terms are the context's words found in the learning (its text, or its
	// session's focus, project or Documentation Seen), as the context wrote
	// them, the strongest first.
	Terms []string
	// Paths are the paths at hand the learning mentions or its session saw.
	Paths []PathMatch
}

// PathMatch says how a path at hand relates to a learning.
type PathMatch struct {
	// Path is the path at hand, as given.
	Path string `json:"path"`
	// Ref is the path in the learning's text or its session's
	// Documentation Seen that matched, as written there.
	Ref string `json:"ref"`
	// Kind is one of SameFile, SameFileName, SameName, SameDirectory,
	// SamePackage.
	Kind string `json:"kind"`
}

// BM25F parameters and field weights.
const (
	k1            = 1.2
	b             = 0.5
	weightText    = 1.0
	weightFocus   = 0.5
	weightDocs    = 0.4
	weightProject = 0.2
)

// Ranking is the learnings of a memory that match a context.
type Ranking struct {
	// Matches are the learnings with a positive score, best first.
	Matches []Match
	// Floor is the least score of a learning relevant to the context in
	// this memory (see the package comment).
	Floor float64
}

// Relevant returns the matches at or above the floor, best first.
func (r Ranking) Relevant() []Match {
	i := slices.IndexFunc(r.Matches, func(m Match) bool { return m.Score < r.Floor })
	if i < 0 {
		return r.Matches
	}
	return r.Matches[:i]
}

// Rank scores every learning of ls against ctx. Equal scores keep the
// order of ls. ls should be the whole memory, since how rare a word or a
// path is counts: pass doc.Learnings(), or the order recall shows them in.
//
// The cost is one pass over the learnings' text that looks only for the
// context's words, so ranking a large memory costs a fraction of parsing it.
func Rank(ls []*learnings.Learning, ctx Context) Ranking {
	r := Ranking{Floor: floor(len(ls))}
	q := newQuery(ctx)
	if len(q.words) == 0 && len(q.paths) == 0 {
		return r
	}
	r.Matches = newScan(q, ls).rank()
	return r
}

// floor is the score of a task word found in floorShare of n learnings, in
// a learning's text of average length.
func floor(n int) float64 {
	df := max(1, math.Round(float64(n)*floorShare))
	return math.Round(idf(float64(n), df)*1000) / 1000
}

func idf(n, df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }

// scan holds what one pass over the learnings found.
type scan struct {
	q  *query
	ls []*learnings.Learning
	// hits[off[i]:off[i+1]] are learning i's words with their weighted
	// frequency.
	hits   []hit
	off    []int
	lens   []float64
	refs   map[int][]pathHit // by learning index, only learnings with a path match
	avgLen float64
}

type hit struct {
	word int
	tf   float64
}

type pathHit struct {
	path int // index into q.paths
	kind string
	ref  string
}

// session is what a session contributes to each of its learnings, computed
// once per session.
type session struct {
	tf   []float64
	refs []ctxPath
	raw  []string // refs as written
}

func newScan(q *query, ls []*learnings.Learning) *scan {
	s := &scan{q: q, ls: ls, off: make([]int, 1, len(ls)+1), lens: make([]float64, len(ls)), refs: map[int][]pathHit{}}
	m := terms.NewMatcher(q.words)
	sessions := map[*learnings.Session]*session{}
	tf := make([]float64, len(q.words))
	var used []int
	total := 0.0
	for i, l := range ls {
		used = used[:0]
		pathly := false
		n := m.Scan(l.Text, func(w int) {
			if tf[w] == 0 {
				used = append(used, w)
			}
			tf[w] += weightText
			pathly = pathly || q.pathly[w]
		})
		s.lens[i] = float64(n)
		total += float64(n)
		var ss *session
		if l.Session != nil {
			ss = sessions[l.Session]
			if ss == nil {
				ss = s.session(m, l.Session)
				sessions[l.Session] = ss
			}
			for w, f := range ss.tf {
				if f > 0 {
					if tf[w] == 0 {
						used = append(used, w)
					}
					tf[w] += f
				}
			}
		}
		slices.Sort(used)
		for _, w := range used {
			if q.weights[w] > 0 {
				s.hits = append(s.hits, hit{w, tf[w]})
			}
			tf[w] = 0
		}
		s.off = append(s.off, len(s.hits))
		if len(q.paths) > 0 {
			var refs []ctxPath
			var raw []string
			if ss != nil {
				refs, raw = ss.refs, ss.raw
			}
			if pathly {
				for _, r := range textPaths(l.Text) {
					refs = append(refs, r)
					raw = append(raw, r.trimmed)
				}
			}
			if ph := s.comparePaths(refs, raw); len(ph) > 0 {
				s.refs[i] = ph
			}
		}
	}
	if len(ls) > 0 {
		s.avgLen = max(total/float64(len(ls)), 1)
	}
	return s
}

func (s *scan) session(m *terms.Matcher, sess *learnings.Session) *session {
	ss := &session{tf: make([]float64, len(s.q.words))}
	field := func(text string, weight float64) {
		m.Scan(text, func(w int) { ss.tf[w] += weight })
	}
	field(sess.Focus, weightFocus)
	field(sess.Project, weightProject)
	for _, d := range sess.Docs {
		field(d, weightDocs)
		if cp, ok := newCtxPath(d); ok {
			ss.refs = append(ss.refs, cp)
			ss.raw = append(ss.raw, d)
		}
	}
	return ss
}

// comparePaths finds, for each path at hand, the strongest match among
// refs.
func (s *scan) comparePaths(refs []ctxPath, raw []string) []pathHit {
	var out []pathHit
	for pi, p := range s.q.paths {
		best := -1
		bestRef := ""
		for ri, r := range refs {
			k := compare(p, r)
			if k == "" {
				continue
			}
			if o := slices.Index(kindOrder, k); best < 0 || o < best {
				best, bestRef = o, raw[ri]
			}
		}
		if best >= 0 {
			out = append(out, pathHit{pi, kindOrder[best], bestRef})
		}
	}
	return out
}

func (s *scan) rank() []Match {
	n := float64(len(s.ls))
	df := make([]float64, len(s.q.words))
	for _, h := range s.hits {
		df[h.word]++
	}
	type pathKey struct {
		path int
		kind string
	}
	pdf := map[pathKey]float64{}
	for _, phs := range s.refs {
		for _, ph := range phs {
			pdf[pathKey{ph.path, ph.kind}]++
		}
	}
	var out []Match
	for i, l := range s.ls {
		hs := s.hits[s.off[i]:s.off[i+1]]
		phs := s.refs[i]
		if len(hs) == 0 && len(phs) == 0 {
			continue
		}
		m := Match{Learning: l}
		norm := k1 * (1 - b + b*s.lens[i]/s.avgLen)
		type scored struct {
			word  int
			score float64
		}
		var ws []scored
		for _, h := range hs {
			sc := s.q.weights[h.word] * idf(n, df[h.word]) * h.tf * (k1 + 1) / (h.tf + norm)
			m.Score += sc
			ws = append(ws, scored{h.word, sc})
		}
		slices.SortStableFunc(ws, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
		for _, w := range ws {
			m.Terms = append(m.Terms, s.q.shown[w.word])
		}
		for _, ph := range phs {
			m.Score += kindWeight[ph.kind] * idf(n, pdf[pathKey{ph.path, ph.kind}])
			m.Paths = append(m.Paths, PathMatch{Path: s.q.paths[ph.path].given, Ref: ph.ref, Kind: ph.kind})
		}
		if m.Score > 0 {
			m.Score = math.Round(m.Score*1000) / 1000
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Match) int { return cmp.Compare(b.Score, a.Score) })
	return out
}
