package terms

// Initials makes Scan report the wanted word k where a text writes the
// words the abbreviation acronym (lower case, MinInitials to MaxInitials
// letters) stands for: "grams per square metre" for a task's "gsm",
// "quality assurance check" for its "QAC". The initials of consecutive
// words spell it, with or without the small words a name runs through
// ("of", "per", "on", "and"): "grams per square metre" is "gpsm" as well
// as "gsm". A shorter acronym is ignored. A phrase does not run across
// punctuation ("...per square. Metre ...").
func (m *Matcher) Initials(acronym string, k int) {
	if len(acronym) < MinInitials || len(acronym) > MaxInitials {
		return
	}
	m.acronyms = append(m.acronyms, acronymOf{acronym, k})
	if c := acronym[len(acronym)-1]; 'a' <= c && c <= 'z' {
		m.lasts |= 1 << (c - 'a')
	}
}

// Capitals makes Scan report the wanted words ks where a text writes term
// (lower case) in capitals as a word of its own: "POD" for a task's "print
// on demand", "QC" for its "quality check". Written in lower case it is
// likely another word ("pod"), so only capitals count.
func (m *Matcher) Capitals(term string, ks ...int) {
	if len(ks) == 0 {
		return
	}
	if m.capitals == nil {
		m.capitals = map[string][]int{}
	}
	if _, dup := m.capitals[term]; !dup {
		m.capitals[term] = ks
	}
}

// MinInitials and MaxInitials are the shortest and the longest
// abbreviation Initials and Capitals read: two words in a row spell one of
// the 676 two-letter ones by chance ("during backups" for "db"), three
// one in 17,576.
const (
	MinInitials = 3
	MaxInitials = 5
)

type acronymOf struct {
	letters string
	k       int
}

// phrase is the first letters (lower case) of the words of a text Scan has
// read since the last punctuation, the last eight of them, for Initials:
// one byte each in all, the latest lowest, and a bit each in small for
// the small words (see smallWord). Every word of a memory passes through
// it while a task has an abbreviation, so it is two registers to shift.
type phrase struct {
	all     uint64
	small   uint8
	n       int
	pending bool // punctuation since the last word
}

func (p *phrase) reset() { p.n, p.pending = 0, false }

func (p *phrase) push(first byte, small bool) {
	p.all = p.all<<8 | uint64(first)
	p.small <<= 1
	if small {
		p.small |= 1
	}
	p.n = min(p.n+1, 8)
}

// spells reports whether the phrase's last words spell letters: every
// word's first letter, or every word's but the small ones between.
func (p *phrase) spells(letters string) bool {
	n := len(letters)
	if p.n >= n {
		var want uint64
		for i := 0; i < n; i++ {
			want = want<<8 | uint64(letters[i])
		}
		if p.all&(1<<(8*n)-1) == want {
			return true
		}
	}
	// Skipping small words: walk back from the last word.
	j := n - 1
	for i := 0; i < p.n && j >= 0; i++ {
		c := byte(p.all >> (8 * i))
		switch {
		case p.small>>i&1 == 1 && j < n-1 && c != letters[j]:
			continue
		case c != letters[j]:
			return false
		}
		j--
	}
	return j < 0
}

// smallWord reports whether w (any case) is a word a name runs through.
func smallWord(w string) bool {
	switch len(w) {
	case 1:
		return w[0] == 'a' || w[0] == 'A' || w[0] == '&'
	case 2, 3:
		var b [3]byte
		for i := 0; i < len(w); i++ {
			b[i] = lower(w[i])
		}
		switch string(b[:len(w)]) {
		case "of", "on", "in", "to", "an", "per", "and", "the", "for":
			return true
		}
	}
	return false
}

// initial records the word w, just read, and reports the abbreviations
// the phrase it ends spells.
func (m *Matcher) initial(w string, hit func(int)) {
	if m.phrase.pending {
		m.phrase.reset()
	}
	c := lower(w[0])
	if c < 'a' || c > 'z' {
		m.phrase.reset()
		return
	}
	small := len(w) <= 3 && smallWord(w)
	m.phrase.push(c, small)
	if small || m.lasts&(1<<(c-'a')) == 0 || len(w) == 1 {
		return
	}
	for _, a := range m.acronyms {
		if a.letters[len(a.letters)-1] == c && m.phrase.spells(a.letters) {
			hit(a.k)
		}
	}
}

// capital reports the words of the Capitals term w, all in capitals, is.
func (m *Matcher) capital(w string, hit func(int)) {
	if len(w) < MinInitials || len(w) > MaxInitials {
		return
	}
	var b [MaxInitials]byte
	for i := 0; i < len(w); i++ {
		if !isUpper(w[i]) {
			return
		}
		b[i] = w[i] + 'a' - 'A'
	}
	for _, k := range m.capitals[string(b[:len(w)])] {
		hit(k)
	}
}

// phraseBreak is the punctuation a phrase does not run across.
var phraseBreak = func() (t [256]bool) {
	for _, c := range []byte(".,;:()[]!?\"`/") {
		t[c] = true
	}
	return t
}()
