package relevance

import (
	"slices"
	"strings"
	"sync"

	"github.com/learn-memory/learn/learnings/terms"
)

// weightInitials is what a phrase whose initials spell an abbreviation of
// the task counts for, against the abbreviation itself: "grams per square
// metre" for "gsm". Initials are spelt by chance now and then, so the
// phrase counts as a synonym does (see weightSynonym).
const weightInitials = weightSynonym

// acronym is an abbreviation of the task and the query word a phrase
// spelling it stands for.
type acronym struct {
	letters string
	k       int
}

// addAbbreviations reads the task's abbreviations and phrases. An
// abbreviation (three to five letters, written in capitals, or in lower
// case with no vowel: "PMS", "gsm", "crm") is found where a learning
// writes the words it stands for, a phrase of two to five words (other
// than small words like "on" and "of") where a learning writes its
// initials in capitals ("POD" for "print on demand", "EOL" for "end of
// life"). People write either, and a learning the other. Two-letter
// ones are left out (see terms.MinInitials): with them eval4, dev7 and
// dev9 each lost a wanted learning to a learning's "MB" or "PD".
// Measured on the development sets (eval to eval5, dev5 to dev12): no
// set moves (dev12's "gsm" and "print on demand" find their learnings
// through other words as well). Ranking a 1 MB memory for a task with two
// abbreviations and a phrase ("the CRM export drops print on demand
// orders when the API times out") costs about what it did (9.8 ms CPU
// against 11.8 as medians of ten interleaved runs on a loaded machine:
// within its noise); BenchmarkRank, with none, 15.8 against 15.5.
func (q *query) addAbbreviations(task string) {
	// The task's words in order: a query index, small for a small word a
	// phrase runs through, stop for a word that ends a phrase (a request
	// word, a number).
	const small, stop = -1, -2
	var ws []int
	var firsts []byte
	terms.Tokenize(task, func(t terms.Token) {
		if t.Piece {
			return
		}
		w := task[t.Start:t.End]
		i := -1
		for j, qw := range q.words {
			if qw == t.Term && q.weights[j] > 0 && q.told[j] && q.base[j] < 0 {
				i = j
			}
		}
		switch {
		case i >= 0:
			ws, firsts = append(ws, i), append(firsts, lowerByte(w[0]))
			if abbreviation(w) {
				q.addAcronym(strings.ToLower(w), i)
			}
		case terms.StopWord(t.Term):
			ws, firsts = append(ws, small), append(firsts, lowerByte(w[0]))
		default:
			ws, firsts = append(ws, stop), append(firsts, 0)
		}
	})
	for end := range ws {
		if ws[end] < 0 {
			continue
		}
		var ks []int
		var all, content []byte
		for start := end; start >= 0 && ws[start] != stop && len(all) < terms.MaxInitials; start-- {
			all = append([]byte{firsts[start]}, all...)
			if ws[start] == small {
				continue
			}
			ks = append([]int{ws[start]}, ks...)
			content = append([]byte{firsts[start]}, content...)
			if len(all) >= terms.MinInitials && len(ks) >= 2 {
				q.capitals = append(q.capitals, join{string(all), slices.Clone(ks)})
			}
			if len(content) >= terms.MinInitials && len(content) < len(all) {
				q.capitals = append(q.capitals, join{string(content), slices.Clone(ks)})
			}
		}
	}
}

// addAcronym adds a word that stands for the phrases spelling letters, the
// task's abbreviation i.
func (q *query) addAcronym(letters string, i int) {
	k := len(q.words)
	q.words = append(q.words, "") // found only through the phrase
	q.weights = append(q.weights, weightInitials*q.weights[i])
	q.shown = append(q.shown, q.shown[i])
	q.pathly = append(q.pathly, false)
	q.told = append(q.told, true)
	q.base = append(q.base, i)
	q.mods = append(q.mods, nil)
	q.acronyms = append(q.acronyms, acronym{letters, k})
}

// abbreviation reports whether w, as the task writes it, looks like an
// abbreviation: three to five ASCII letters, all capitals, or lower case
// with no vowel.
func abbreviation(w string) bool {
	if len(w) < 3 || len(w) > 5 {
		return false
	}
	upper, vowel := true, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case 'A' <= c && c <= 'Z':
		case 'a' <= c && c <= 'z':
			upper = false
			vowel = vowel || strings.IndexByte("aeiouy", c) >= 0
		default:
			return false
		}
	}
	return upper || !vowel
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// shortForms are the short forms people and agents write for a word of
// software or of everyday work, each with the words it is short for: a
// task says "perms", "repo" or "i18n" where a learning says
// "permissions", "repository" or "internationalization", or the other
// way round. Written from general knowledge of how developers and staff
// shorten words; "wdt", "biz", "i18n" and the units after a number were
// among the development sets' misses when it was written (eval5, dev12,
// dev17, dev15: one more wanted learning each, no set losing one or a
// trap), the rest were in none of them. A short form with two common
// senses is left out ("sub": subscription, subtitle, substitute; "temp":
// temporary, temperature; "spec": specification, a test file; "hr":
// hours, human resources), and so is any of two letters ("dd", "pg").
// A short form is the word itself, so it is an alias of the task's word
// (see addShortForms); the long forms of one short form are not read as
// each other ("auth" stands for authentication and authorization, which
// are two things).
var shortForms = []string{
	"auth authentication authorization authorisation",
	"authn authentication",
	"authz authorization authorisation",
	"repo repository", "repos repositories",
	"perms permissions",
	"i18n internationalization internationalisation",
	"l10n localization localisation",
	"a11y accessibility",
	"o11y observability",
	"wdt watchdog",
	"dev development", "devs developers",
	"deps dependencies",
	"infra infrastructure",
	"mgmt management",
	"mgr manager", "mgrs managers",
	"notif notification", "notifs notifications",
	"txn transaction", "txns transactions",
	"acct account", "accts accounts",
	"addr address",
	"qty quantity",
	"amt amount",
	"avg average",
	"calc calculation",
	"cert certificate", "certs certificates",
	"creds credentials",
	"passwd password",
	"tmp temporary",
	"img image", "imgs images",
	"pic picture photo", "pics pictures photos",
	"param parameter", "params parameters",
	"arg argument", "args arguments",
	"impl implementation",
	"stats statistics",
	"dept department", "depts departments",
	"govt government",
	"org organization organisation", "orgs organizations organisations",
	"prefs preferences",
	"nav navigation",
	"btn button", "btns buttons",
	"appt appointment", "appts appointments",
	"uni university",
	"intl international",
	"comms communications",
	"biz business",
	"postgres postgresql",
	"mongo mongodb",
	"mins minutes", "secs seconds", "hrs hours", "wks weeks", "yrs years",
	"exam examination", "exams examinations",
	"prof professor", "profs professors",
	"intro introduction",
	"demo demonstration",
	"mic microphone",
	"lab laboratory", "labs laboratories",
	"maths mathematics",
	"corp corporation",
	"asst assistant",
	"dob birth birthday birthdate",
}

// unitShortForm returns the term of the unit that term is short for only
// after a number ("5 min", "every 2 hr"): alone, "min" is as often a
// minimum and "hr" human resources. A switch, not a map: a map would be
// built at start-up by every run of learn.
func unitShortForm(term string) (string, bool) {
	switch term {
	case "min":
		return "minut", true
	case "sec":
		return "second", true
	case "hr":
		return "hour", true
	}
	return "", false
}

// shortFormIndex maps each short form of shortForms, as written, to the
// terms of its long forms, and each long form's term to the short form's
// term, built on first use.
var shortFormIndex = sync.OnceValues(func() (map[string][]string, map[string][]string) {
	long, short := map[string][]string{}, map[string][]string{}
	for _, g := range shortForms {
		ws := strings.Fields(g)
		s := terms.Stem(ws[0])
		for _, w := range ws[1:] {
			t := terms.Stem(w)
			if !slices.Contains(long[ws[0]], t) {
				long[ws[0]] = append(long[ws[0]], t)
			}
			if !slices.Contains(short[t], s) {
				short[t] = append(short[t], s)
			}
		}
	}
	return long, short
})

// addShortForms makes each word of the task or branch that counts found in
// its long forms, where it is a short form of shortForms, and in its short
// form, where it is a long one: as aliases of the word, which count as
// much. A unit's short form after a number finds the unit ("every 5 min"
// finds "every 5 minutes").
func (q *query) addShortForms(task string) {
	long, short := shortFormIndex()
	n := len(q.words)
	for i := range n {
		if q.weights[i] == 0 || !q.told[i] || q.base[i] >= 0 {
			continue
		}
		for _, t := range slices.Concat(long[q.shown[i]], short[q.words[i]]) {
			if t != q.words[i] && !aWordOf(q, t) {
				q.syns = append(q.syns, join{t, []int{i}})
			}
		}
	}
	var prev terms.Token
	terms.Tokenize(task, func(t terms.Token) {
		p := prev
		prev = t
		unit, ok := unitShortForm(t.Term)
		if !ok || !isNumber(p.Term) || p.Term == "" || aWordOf(q, unit) {
			return
		}
		if i := slices.Index(q.words, t.Term); i >= 0 && q.weights[i] > 0 {
			q.syns = append(q.syns, join{unit, []int{i}})
		}
	})
}
