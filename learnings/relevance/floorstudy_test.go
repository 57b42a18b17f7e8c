package relevance

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/taskfile"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/terms"
)

// studySets are the development sets of recall's evaluation, named one by
// one so that the study never reads a held-out set.
var studySets = []string{"eval", "eval2", "eval3", "eval4", "eval5", "eval12", "eval13", "eval14", "eval15", "eval16", "eval17", "eval18", "eval19",
	"dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25"}

// clausesOf splits a task into clauses (at punctuation and at "and",
// "but", "so", "because", "when", "while") and says for each whether it
// is in the last sentence, the ask of a task with background before it.
func clausesOf(task string) (clauses []string, last []bool) {
	sentences := strings.FieldsFunc(task, func(r rune) bool { return r == '.' || r == '?' || r == '!' || r == '\n' })
	var keep []string
	for _, s := range sentences {
		if strings.TrimSpace(s) != "" {
			keep = append(keep, s)
		}
	}
	for si, s := range keep {
		parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ':' || r == '(' || r == ')' })
		for _, p := range parts {
			p = " " + strings.ToLower(p) + " "
			for _, sep := range []string{" and ", " but ", " so ", " because ", " when ", " while "} {
				p = strings.ReplaceAll(p, sep, " | ")
			}
			for c := range strings.SplitSeq(p, "|") {
				if strings.TrimSpace(c) != "" {
					clauses = append(clauses, c)
					last = append(last, si == len(keep)-1)
				}
			}
		}
	}
	return clauses, last
}

// TestFloorStudy writes to the file FLOOR_STUDY names, for every task of
// the development sets, a tab-separated row for each wanted learning not
// chosen at the floor and for each other match not chosen from a third
// of the floor up to it, with what its score rests on; it skips without
// FLOOR_STUDY. It is the table of issue 24's round 19 (floor23, see
// floorShare): a wanted learning under the floor beside the decoys (avoid
// and never lines) and other matches in the same band.
//
// Columns: role (want, avoid, never, other); ratio, the score over the
// floor; best, the task's best match over the floor; rank among the
// matches; nwords, signals, told and stated (see Match); own, focus and
// read, the task words found in the learning's text, only in its
// session's focus or project, only in its session's documents; topshare,
// the best word's share of the score; alias, words found as another form
// or a stand-in; clauses, how many of the task's clauses the words come
// from, lastsent whether one is in its last sentence; phrase, two task
// words next to each other in the task's order in the learning too;
// sesschosen and sesschosenword, whether a chosen match comes from the
// learning's session and shares one of its words; cat, the category; len
// in bytes; paths matched; ntask, the task's words; n, the memory's
// learnings; topdf, how many learnings hold the best word; age in days
// before the newest session (-1 when compacted); near and nearw, how
// many words of the learning that are not the task's (nor stop words,
// nor held by more than a tenth of the memory) the task's five best
// chosen matches hold, and their summed rarity; nchosen, the task's
// chosen matches; words, each as
// word:where(t text, f focus, d documents)~kind:share of the floor:df.
func TestFloorStudy(t *testing.T) {
	out := os.Getenv("FLOOR_STUDY")
	if out == "" {
		t.Skip("set FLOOR_STUDY to a file to write the study to")
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	fmt.Fprintln(w, strings.Join([]string{"set", "line", "kind", "role", "chosen", "ratio", "best", "rank", "nwords", "signals", "told", "stated", "own", "focus", "read", "topshare", "alias", "clauses", "lastsent", "phrase", "sesschosen", "sesschosenword", "cat", "len", "paths", "ntask", "n", "topdf", "age", "near", "nearw", "nchosen", "words", "key", "text"}, "\t"))
	for _, set := range studySets {
		dir := filepath.Join("../recall/testdata", set)
		src, err := os.ReadFile(filepath.Join(dir, "memory.md"))
		if err != nil {
			t.Fatal(err)
		}
		ls := learnings.Parse(src).Learnings()
		memDF := map[string]float64{}
		for _, l := range ls {
			for _, t := range uniqueWords(l.Text) {
				memDF[t]++
			}
		}
		tasks, err := taskfile.Read(filepath.Join(dir, "tasks.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range tasks {
			studyTaskRows(w, set, tk, ls, memDF)
		}
	}
}

// studyTaskRows writes the rows of one task.
func studyTaskRows(w *bufio.Writer, set string, tk taskfile.Task, ls []*learnings.Learning, memDF map[string]float64) {
	role := map[*learnings.Learning]string{}
	key := map[*learnings.Learning]string{}
	find := func(s, r string) {
		for _, l := range ls {
			if strings.Contains(l.Text, s) {
				role[l] = r
				key[l] = s
			}
		}
	}
	for _, s := range tk.Want {
		find(s, "want")
	}
	for _, s := range tk.Avoid {
		find(s, "avoid")
	}
	for _, s := range tk.Never {
		find(s, "never")
	}
	q := newQuery(Context{Task: tk.Task, Paths: tk.Paths, Branch: tk.Branch})
	if len(q.words) == 0 && len(q.paths) == 0 {
		return
	}
	floor := floor(len(ls))
	s := newScan(q, ls)
	q.oneWords(s.seen)
	need := min(2, q.signals())
	s.task = tk.Task
	ms := s.rank(floor, need)
	r := Ranking{Matches: ms, Floor: floor, need: need}
	idx := map[*learnings.Learning]int{}
	for i, l := range ls {
		idx[l] = i
	}
	n := float64(len(ls))
	df := make([]float64, len(q.words))
	for _, h := range s.hits {
		df[h.word]++
	}
	best := 0.0
	if len(ms) > 0 {
		best = ms[0].Score / floor
	}
	chosenSess := map[*learnings.Session][]string{}
	nChosen := 0
	for _, m := range ms {
		if r.Chosen(m) {
			nChosen++
		}
		if r.Chosen(m) && m.Learning.Session != nil {
			chosenSess[m.Learning.Session] = append(chosenSess[m.Learning.Session], m.Terms...)
		}
	}
	var newest time.Time
	for _, l := range ls {
		if l.Session != nil && l.Session.Time.After(newest) {
			newest = l.Session.Time
		}
	}
	// subject is the words of the task's best chosen matches (up to
	// five, at or above the floor): the memory's words for what the task
	// is about, beside the task's own.
	subject := map[string]bool{}
	taken := 0
	for _, m := range ms {
		if taken == 5 || m.Score < floor {
			break
		}
		if r.Chosen(m) {
			taken++
			for _, t := range uniqueWords(m.Learning.Text) {
				subject[t] = true
			}
		}
	}
	taskSet := map[string]bool{}
	for _, t := range terms.Words(tk.Task) {
		taskSet[t] = true
	}
	for _, t := range q.words {
		taskSet[t] = true
	}
	clauses, last := clausesOf(tk.Task)
	taskTerms := wordsOf(tk.Task)
	ntask := 0
	for i := range q.words {
		if q.told[i] && q.weights[i] > 0 && q.base[i] < 0 && !q.isStandIn(i) && q.words[i] != "" {
			ntask++
		}
	}
	for k, m := range ms {
		rl := role[m.Learning]
		ratio := m.Score / floor
		chosen := r.Chosen(m)
		if rl == "want" {
			if chosen && m.Score >= floor {
				continue
			}
		} else if chosen || ratio < 1.0/3 || ratio >= 1 {
			continue
		}
		if rl == "" {
			rl = "other"
		}
		i := idx[m.Learning]
		hs := s.hits[s.off[i]:s.off[i+1]]
		norm := k1 * (1 - b + b*s.lens[i]/s.avgLen)
		var own, focus, read, alias int
		top := 0.0
		topDF := 0
		var words []string
		inClause := map[int]bool{}
		inLast := false
		for _, h := range hs {
			sc := q.weights[h.word] * idf(n, df[h.word]) * h.tf * (k1 + 1) / (h.tf + norm)
			if sc > top {
				top, topDF = sc, int(df[h.word])
			}
			where := "t"
			switch {
			case h.own:
				own++
			case h.read:
				read++
				where = "d"
			default:
				focus++
				where = "f"
			}
			kind := ""
			if q.words[h.word] == "" || q.base[h.word] >= 0 {
				kind = "~fam"
				alias++
			} else if q.isStandIn(h.word) {
				kind = "~alias"
				alias++
			}
			if q.pathly[h.word] && !q.told[h.word] {
				kind += "~path"
			}
			words = append(words, fmt.Sprintf("%s:%s%s:%.2f:df%d", q.shown[h.word], where, kind, sc/floor, int(df[h.word])))
			if h.read {
				continue
			}
			sw := strings.ToLower(q.shown[h.word])
			for ci, c := range clauses {
				for _, cw := range wordsOf(c) {
					if cw.shown == sw || cw.term == q.words[h.word] {
						inClause[ci] = true
						inLast = inLast || last[ci]
					}
				}
			}
		}
		phrase := hasPhrase(taskTerms, wordsOf(m.Learning.Text), q)
		sessChosen, sessWord := 0, 0
		if m.Learning.Session != nil {
			if ts, ok := chosenSess[m.Learning.Session]; ok {
				sessChosen = 1
				for _, term := range m.Terms {
					if slices.Contains(ts, term) {
						sessWord = 1
					}
				}
			}
		}
		age := -1
		if m.Learning.Session != nil && !m.Learning.Session.Time.IsZero() {
			age = int(newest.Sub(m.Learning.Session.Time).Hours() / 24)
		}
		near, nearW := 0, 0.0
		for _, t := range uniqueWords(m.Learning.Text) {
			if subject[t] && !taskSet[t] && !terms.StopWord(t) && memDF[t] <= 0.1*n {
				near++
				nearW += idf(n, memDF[t])
			}
		}
		text := m.Learning.Text
		if r := []rune(text); len(r) > 90 {
			text = string(r[:90])
		}
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%v\t%.2f\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%d\t%d\t%v\t%v\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%d\t%s\t%s\t%s\n",
			set, tk.Line, tk.Kind, rl, chosen, ratio, best, k+1, len(hs), m.signals, m.told, m.stated, own, focus, read, top/m.Score, alias,
			len(inClause), inLast, phrase, sessChosen, sessWord, catName(m.Learning.Category), len(m.Learning.Text), len(m.Paths), ntask, len(ls), topDF, age, near, nearW, nChosen,
			strings.Join(words, " "), key[m.Learning], strings.ReplaceAll(text, "\t", " "))
	}
}

// hasPhrase reports whether two words of the task that count stand next
// to each other, in the task's order, in the learning too.
func hasPhrase(task, text []word, q *query) bool {
	counts := func(w word) bool {
		i := slices.Index(q.words, w.term)
		return i >= 0 && q.weights[i] > 0
	}
	pairs := map[[2]string]bool{}
	for i := 1; i < len(task); i++ {
		if counts(task[i-1]) && counts(task[i]) {
			pairs[[2]string{task[i-1].term, task[i].term}] = true
		}
	}
	for i := 1; i < len(text); i++ {
		if pairs[[2]string{text[i-1].term, text[i].term}] {
			return true
		}
	}
	return false
}

// uniqueWords is the distinct terms of text.
func uniqueWords(text string) []string {
	ws := terms.Words(text)
	slices.Sort(ws)
	return slices.Compact(ws)
}

// catName is c's canonical category without spaces.
func catName(c string) string {
	n, _ := learnings.NormalizeCategory(c)
	return strings.ReplaceAll(n, " ", "")
}
