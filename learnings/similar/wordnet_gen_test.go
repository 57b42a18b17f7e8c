package similar

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wordnetDir is the WordNet 3.0 database wordnet.txt is written from
// (Debian's wordnet-base puts it in /usr/share/wordnet): go test
// ./learnings/similar -run TestWordNetTable -wordnet /usr/share/wordnet,
// keeping the words of Debian's wamerican and wbritish (SCOWL's lists to
// size 50, the words of everyday English) written in lower case there:
// no name, no word of a trade.
var (
	wordnetDir   = flag.String("wordnet", "", "write wordnet.txt from the WordNet database in this directory")
	wordnetWords = flag.String("words", "/usr/share/dict/american-english,/usr/share/dict/british-english", "word lists (SCOWL's, one word a line) whose lower-case words wordnet.txt keeps")
)

// wordnetSenses is how many of a word's senses, commonest first, its
// pairs come from: both words of a pair name one thing in one of the
// first two senses of each.
const wordnetSenses = 2

// TestWordNetTable checks wordnet.txt (see wordnetPairs): sorted, each
// pair once, no word paired with itself, and no pair of opposites or
// near-misses that TestSynonymGroups keeps apart. With -wordnet it writes
// the table from the WordNet database first.
func TestWordNetTable(t *testing.T) {
	if *wordnetDir != "" {
		if err := os.WriteFile("wordnet.txt", []byte(readWordNet(t, *wordnetDir, readWordList(t, *wordnetWords))), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skip("wordnet.txt written: rebuild and run the tests")
	}
	lines := strings.Split(strings.TrimSuffix(wordnetText, "\n"), "\n")
	if len(lines) < 1000 {
		t.Fatalf("wordnet.txt holds %d pairs, want the table", len(lines))
	}
	if !slices.IsSorted(lines) {
		t.Error("wordnet.txt is not sorted")
	}
	for i, l := range lines {
		a, b, ok := strings.Cut(l, "\t")
		if !ok || a >= b || strings.Contains(b, "\t") {
			t.Errorf("line %d %q: want two readings, the lesser first", i+1, l)
		}
		if i > 0 && lines[i-1] == l {
			t.Errorf("line %d %q: twice", i+1, l)
		}
	}
	for _, p := range [][2]string{
		{"enable", "disable"}, {"before", "after"}, {"always", "never"}, {"open", "close"},
		{"daily", "weekly"}, {"minute", "hour"}, {"nurse", "doctor"}, {"read", "write"},
		{"start", "stop"}, {"hot", "cold"}, {"cool", "cold"}, {"payment", "refund"},
		{"staging", "production"}, {"first", "last"}, {"upload", "download"},
	} {
		if wordnetPaired(stem(p[0]), stem(p[1])) {
			t.Errorf("%q and %q are paired", p[0], p[1])
		}
	}
	for _, p := range [][2]string{
		{"beginners", "novices"}, {"mandatory", "compulsory"}, {"stacked", "piled"},
		{"sewn", "stitched"}, {"recycled", "reused"}, {"turn up", "show up"},
	} {
		a, b := readingOf(p[0]), readingOf(p[1])
		if !wordnetPaired(a, b) {
			t.Errorf("%q and %q (%q, %q) are not paired", p[0], p[1], a, b)
		}
	}
}

// readWordNet reads the pairs of wordnet.txt from the database in dir:
// for each part of speech, the words whose first wordnetSenses senses
// share a synset, each word read as its stems (readingOf) and in each
// irregular form the database lists ("torn" of "tear"), runs of words
// ("turn up") as their words' stems.
func readWordNet(t *testing.T, dir string, known map[string]bool) string {
	pairs := map[string]bool{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		forms := map[string][]string{} // a lemma's irregular forms
		eachWordNetLine(t, filepath.Join(dir, pos+".exc"), func(f []string) {
			for _, lemma := range f[1:] {
				forms[lemma] = append(forms[lemma], f[0])
			}
		})
		bySynset := map[string][]string{}
		eachWordNetLine(t, filepath.Join(dir, "index."+pos), func(f []string) {
			lemma := f[0]
			if !wordnetLemma(lemma, pos) || !knownWords(lemma, known) {
				return
			}
			pointers := atoi(t, f[3])
			offsets := f[4+pointers+2:]
			for _, o := range offsets[:min(wordnetSenses, len(offsets))] {
				bySynset[o] = append(bySynset[o], lemma)
			}
		})
		for _, lemmas := range bySynset {
			for i, a := range lemmas {
				for _, b := range lemmas[i+1:] {
					for _, x := range readings(a, pos, forms[a]) {
						for _, y := range readings(b, pos, forms[b]) {
							if x != y && !tablesRead(x, y) {
								pairs[min(x, y)+"\t"+max(x, y)] = true
							}
						}
					}
				}
			}
		}
	}
	lines := make([]string, 0, len(pairs))
	for p := range pairs {
		lines = append(lines, p)
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n") + "\n"
}

// tablesRead reports a pair of readings sameOnceSwapped would not read
// as one: single words the hand tables read (keptApart) or already read
// alike.
func tablesRead(x, y string) bool {
	if strings.Contains(x, " ") || strings.Contains(y, " ") {
		return false
	}
	lx, ly := lookup(x), lookup(y)
	return keptApart(x, y) || lx.same != "" && lx.same == ly.same || particles[x] || particles[y]
}

// wordnetLemma reports a lemma of one word, a noun of two ("wedding
// dress") or a verb and its particle or preposition ("turn_up",
// "arrive_at"), of lower-case letters, three letters at least: no names,
// abbreviations or longer phrases.
func wordnetLemma(l, pos string) bool {
	parts := strings.Split(l, "_")
	if len(parts) > 2 || len(parts) == 2 && pos != "noun" && !particles[parts[1]] && !phraseEnds[parts[1]] {
		return false
	}
	for _, p := range parts {
		if len(p) < 2 {
			return false
		}
		for _, r := range p {
			if r < 'a' || r > 'z' {
				return false
			}
		}
	}
	return len(l) >= 3
}

// readWordList reads the lower-case words of the comma-separated files.
func readWordList(t *testing.T, paths string) map[string]bool {
	known := map[string]bool{}
	for p := range strings.SplitSeq(paths, ",") {
		eachWordNetLine(t, p, func(f []string) {
			if w := f[0]; w == strings.ToLower(w) {
				known[w] = true
			}
		})
	}
	return known
}

// knownWords reports a lemma each of whose words is known.
func knownWords(lemma string, known map[string]bool) bool {
	for w := range strings.SplitSeq(lemma, "_") {
		if !known[w] {
			return false
		}
	}
	return true
}

// phraseEnds are the prepositions a verb of two words may end with besides
// particles ("arrive at", "get to").
var phraseEnds = map[string]bool{"at": true, "to": true, "with": true, "for": true, "of": true, "from": true, "upon": true}

// readings are the keys of lemma and its irregular forms.
func readings(lemma, pos string, forms []string) []string {
	out := []string{readingOf(strings.ReplaceAll(lemma, "_", " "))}
	for _, f := range forms {
		if wordnetLemma(f, pos) {
			r := readingOf(strings.ReplaceAll(f, "_", " "))
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

func eachWordNetLine(t *testing.T, path string, f func([]string)) {
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if l := sc.Text(); l != "" && l[0] != ' ' {
			f(strings.Fields(l))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

func atoi(t *testing.T, s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("%q is no number", s)
		}
		n = 10*n + int(r-'0')
	}
	return n
}
