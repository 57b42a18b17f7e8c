package similar

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
)

// compoundsPeopleSplit are compounds people and agents write closed, open
// and hyphenated, as closed form and the two parts.
var compoundsPeopleSplit = [][3]string{
	{"setup", "set", "up"}, {"database", "data", "base"}, {"email", "e", "mail"}, {"login", "log", "in"},
	{"loginpage", "login", "page"}, {"logout", "log", "out"}, {"timeout", "time", "out"}, {"backend", "back", "end"},
	{"frontend", "front", "end"}, {"hardcoded", "hard", "coded"}, {"realtime", "real", "time"},
	{"filename", "file", "name"}, {"username", "user", "name"}, {"workflow", "work", "flow"},
	{"codebase", "code", "base"}, {"dataset", "data", "set"}, {"endpoint", "end", "point"}, {"runtime", "run", "time"},
	{"healthcheck", "health", "check"}, {"namespace", "name", "space"}, {"checkout", "check", "out"},
	{"rollback", "roll", "back"}, {"lifecycle", "life", "cycle"}, {"webhook", "web", "hook"},
	{"keyboard", "key", "board"}, {"deadline", "dead", "line"}, {"startup", "start", "up"},
	{"shutdown", "shut", "down"}, {"signup", "sign", "up"}, {"teardown", "tear", "down"}, {"lookup", "look", "up"},
	{"cleanup", "clean", "up"}, {"makefile", "make", "file"}, {"readonly", "read", "only"}, {"plugin", "plug", "in"},
	{"subfolder", "sub", "folder"}, {"hotfix", "hot", "fix"}, {"changelog", "change", "log"},
	{"screenshot", "screen", "shot"}, {"bannerIs", "banner", "is"},
	{"straßenbahn", "straßen", "bahn"}, {"übersicht", "über", "sicht"}, {"motoröl", "motor", "öl"}, {"kaffeeécran", "kaffee", "écran"},
}

// compoundWritings are the ways a compound is written, closed, open and
// hyphenated, in the cases people type them.
func compoundWritings(c [3]string) []string {
	a, b := c[1], c[2]
	title := func(s string) string {
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + s[n:]
	}
	return []string{strings.ToLower(c[0]), a + " " + b, a + "-" + b, title(a) + b, title(a) + " " + b,
		strings.ToUpper(a + b), strings.ToUpper(a) + "-" + strings.ToUpper(b)}
}

// compoundSentences hold a compound (%s) in learnings as people write
// them: short ones, where the compound is most of the words, and longer
// ones.
var compoundSentences = []string{
	"%s",
	"%s is broken.",
	"The %s is grey.",
	"BY %s grAY",
	"Never hardcode the %s!",
	"Run the %s step before you push.",
	"`make ci` fails when the %s is stale",
	"The %s step times out after 30 s on arm64 runners; retry it once.",
	"Use the staging %s, not prod, for the e2e suite.",
	"Again: the %s is grey.",
}

// TestFilterAsCompareOnCompounds holds the filter to Compare on
// learnings that write a compound each way (closed, open, hyphenated,
// in upper, lower and title case) against one another, where Compare may
// call them the same once the compound is joined, with a Score under
// sameFloor and few words shared before joining: every pair Compare relates
// must come through the filter.
func TestFilterAsCompareOnCompounds(t *testing.T) {
	related, joined := 0, 0
	for _, c := range compoundsPeopleSplit {
		t.Run(c[0], func(t *testing.T) {
			var texts []string
			for _, s := range compoundSentences {
				for _, w := range compoundWritings(c) {
					texts = append(texts, strings.Replace(s, "%s", w, 1))
				}
			}
			f := NewFilter(texts)
			for _, s := range texts {
				related += filterAgrees(t, f, texts, s)
				st := Prepare(s)
				for _, cand := range texts {
					ct := Prepare(cand)
					if v := st.Compare(ct); v.Kind == Same && v.Score < sameFloor {
						joined++
					}
				}
			}
		})
	}
	pairs := loadPairsFrom(t, "testdata/compounds.txt")
	var texts []string
	for _, p := range pairs {
		texts = append(texts, p.stored, p.cand)
	}
	for lo := 0; lo < len(texts); lo += 12 {
		cands := texts[lo:min(lo+12, len(texts))]
		f := NewFilter(cands)
		for _, s := range texts {
			related += filterAgrees(t, f, cands, s)
		}
	}
	// Pairs the same only once joined, under sameFloor, are the ones
	// the filter's word weight misses: the test must hold some.
	if related < 1000 || joined < 50 {
		t.Errorf("%d related pairs, %d the same once joined under sameFloor: the test checks too little", related, joined)
	}
}

// TestFilterMarksEveryCompoundToJoin holds the keys weigh looks for to
// compoundsToJoin: wherever a stored text and a candidate have a compound
// to join, the candidate is marked joined for the text, on the learnings
// of every generator's memory and on texts that write compounds each way,
// in cases outside ASCII too.
func TestFilterMarksEveryCompoundToJoin(t *testing.T) {
	var compounds []string
	for _, c := range compoundsPeopleSplit {
		for _, w := range compoundWritings(c) {
			compounds = append(compounds, strings.Replace(compoundSentences[2], "%s", w, 1))
		}
	}
	odd := []string{"\u212Aey board", "KEY\u00a0board", "keyboard", "key\u3000board", "ÜBER-SICHT", "Über sicht",
		"e  mail", "e\nmail", "E-mail", "(email)", "\"e mail\"", "`e mail`", "e - mail", "data-base-layer",
		"database-layer", "data baselayer", "ǅemal", "ǆe mal", "x", "", "-", "a-", "-a", "ab"}
	sets := [][]string{compounds, odd, bullets(memgen.Learnings(11, 4))}
	stored := append(compounds, odd...)
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 64 << 10, Mode: mode})
		b := bullets(src)
		stored = append(stored, b...)
		sets = append(sets, b[:8])
	}
	found, marked := 0, 0
	for _, cands := range sets {
		f := NewFilter(cands)
		sc := f.scratch.Get().(*filterScratch)
		cw := make([][]*compoundWord, len(cands))
		for i := range cands {
			cw[i] = compoundWords(f.cands[i].t.src, false)
		}
		for _, s := range stored {
			f.weigh(s, sc)
			sw := compoundWords(withoutLeadIn(s), false)
			for i := range cands {
				if sc.joined[i] {
					marked++
				}
				if len(compoundsToJoin(sw, cw[i])) == 0 {
					continue
				}
				found++
				if !sc.joined[i] {
					t.Errorf("a compound to join, not marked:\n stored: %q\n cand:   %q", s, cands[i])
				}
			}
		}
	}
	t.Logf("%d pairs with a compound to join, %d marked", found, marked)
	if found < 1000 {
		t.Errorf("only %d pairs with a compound to join: the test checks too little", found)
	}
}

// TestKeyFormAt checks the way keyFormAt reads a key written at a text's
// start.
func TestKeyFormAt(t *testing.T) {
	for _, tc := range []struct {
		s, key string
		want   uint8
	}{
		{"setup", "setup", formClosed},
		{"SetUp now", "setup", formClosed},
		{"set up", "setup", formOpen},
		{"set  up.", "setup", formOpen},
		{"set\nup", "setup", formOpen},
		{"set-up", "setup", formHyphen},
		{"Set-Up,", "setup", formHyphen},
		{"setups", "setup", 0},
		{"set upstream", "setup", 0},
		{"sets up", "setup", 0},
		{"-setup", "setup", 0},
		{" setup", "setup", 0},
		{"set", "setup", 0},
		{"e mail", "email", formOpen},
		{"E\u00a0mail", "email", formOpen},
		{"\u212Aey-board", "keyboard", formHyphen},
		{"ÜBERSICHT", "übersicht", formClosed},
		{"Über sicht", "übersicht", formOpen},
		{"übersichten", "übersicht", 0},
		{"setup2", "setup", formClosed}, // a word with a digit is no form: it errs to a form
	} {
		if got := keyFormAt(tc.s, tc.key); got != tc.want {
			t.Errorf("keyFormAt(%q, %q) = %b, want %b", tc.s, tc.key, got, tc.want)
		}
	}
}

// TestCasedRunes checks casedRunes against every rune outside ASCII: each
// one unicode.ToLower changes into a letter is listed.
func TestCasedRunes(t *testing.T) {
	listed := map[rune]bool{}
	for _, r := range casedRunes() {
		listed[r] = true
	}
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if l := unicode.ToLower(r); l != r && unicode.IsLetter(l) && !listed[r] {
			t.Errorf("%U lowers to the letter %U, not in casedRunes", r, l)
		}
	}
	if len(listed) < 1000 {
		t.Errorf("only %d cased runes", len(listed))
	}
}
