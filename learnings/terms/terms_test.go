package terms

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
)

func TestTokenizeCompounds(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"uploadFile", []string{"uploadfil", "upload", "file"}},
		{"HTTPServer timeouts", []string{"httpserver", "http", "server", "timeout"}},
		{"S3Bucket", []string{"s3bucket", "s3", "bucket"}},
		{"base64Encode", []string{"base64encode", "base64", "encod"}},
		{"ios/Uploader.swift", []string{"ios/uploader.swift", "ios", "uploader", "swift"}},
		{"stripe_webhook-retry", []string{"stripe_webhook-retry", "strip", "webhook", "retry"}},
		{"fix/stripe-webhook-retries", []string{"fix/stripe-webhook-retries", "fix", "strip", "webhook", "retry"}},
		{"learnings/recall.Select", []string{"learnings/recall.select", "learning", "recall", "select"}},
		{"parseHeaders", []string{"parseheader", "parse", "header"}},
		{"ALLCAPS", []string{"allcap"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []string
			Tokenize(tt.in, func(tk Token) { got = append(got, tk.Term) })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Tokenize(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestWords(t *testing.T) {
	got := Words("Retry `client.DoRequest` in ios/Uploader.swift")
	want := []string{"retry", "client", "dorequest", "do", "request", "in", "ios", "uploader", "swift"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Words (-want +got):\n%s", diff)
	}
}

// matcherAgrees checks that a Matcher built from every word Tokenize finds in
// text reports exactly those words, in order.
func matcherAgrees(t *testing.T, text string) {
	t.Helper()
	want := Words(text)
	vocab := slices.Clone(want)
	slices.Sort(vocab)
	vocab = slices.Compact(vocab)
	m := NewMatcher(vocab)
	var got []string
	n := m.Scan(text, func(i int) { got = append(got, vocab[i]) })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Scan(%q) disagrees with Tokenize (-tokenize +scan):\n%s", text, diff)
	}
	if atoms := atomCount(text); n != atoms {
		t.Errorf("Scan(%q) counted %d words, Tokenize has %d", text, n, atoms)
	}
}

// atomCount counts the words Tokenize emits that are not split further: not
// a compound joined by punctuation, not a camelCase word.
func atomCount(text string) int {
	n := 0
	Tokenize(text, func(tk Token) {
		w := text[tk.Start:tk.End]
		if isJoined(w) {
			return
		}
		for i := 1; i < len(w); i++ {
			if camelBreak(w, 0, i) {
				return
			}
		}
		n++
	})
	return n
}

func TestMatcherAgreesWithTokenize(t *testing.T) {
	for _, text := range []string{
		"Retries must cap at 30 s; `client.Do` retries only idempotent methods.",
		"S3 multipart parts must be at least 5 MB (ios/Uploader.swift, uploadPart()).",
		"ＧＯ ﬁle café résumé 日本語 tokenizer",
		"x-api-key header; snake_case_name; HTTPServer; IPv6Addr; a.b",
		"trailing joiner. end- and /leading",
		"",
		"ÀccentedWord naïveCamel",
	} {
		t.Run(text, func(t *testing.T) { matcherAgrees(t, text) })
	}
}

func TestMatcherFindsOnlyWanted(t *testing.T) {
	m := NewMatcher(Words("Stripe webhook retries"))
	var got []int
	n := m.Scan("The Stripe webhooks are retried by StripeClient; retrying is fine", func(i int) { got = append(got, i) })
	if want := []int{0, 1, 2, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("hits = %v, want %v", got, want)
	}
	if n != 11 {
		t.Errorf("words = %d, want 11", n)
	}
}

func FuzzMatcher(f *testing.F) {
	f.Add("uploadFile ios/Uploader.swift HTTPServer")
	f.Add("ＧＯ ﬁle café 日本語")
	f.Fuzz(func(t *testing.T, text string) { matcherAgrees(t, text) })
}

// TestMatcherManyStarts: past the gate's 254 distinct word starts every
// wanted word is still found.
func TestMatcherManyStarts(t *testing.T) {
	var words []string
	for a := 'a'; a <= 'z'; a++ {
		for b := 'a'; b <= 'l'; b++ {
			words = append(words, string([]rune{a, b, 'x', 'q'}))
		}
	}
	m := NewMatcher(words)
	found := map[int]bool{}
	m.Scan(strings.ToUpper(strings.Join(words, " ")), func(i int) { found[i] = true })
	if len(found) != len(words) {
		t.Errorf("found %d of %d words", len(found), len(words))
	}
}

// checkNextWord holds NextWord to Tokenize: its words are the byte ranges
// of the tokens Tokenize emits with Part unset, in order; each word read
// alone gives the tokens it gives in text; a plain word gives one token,
// Stem(Fold(word)).
func checkNextWord(t *testing.T, text string) {
	t.Helper()
	var want [][2]int
	var all []Token
	Tokenize(text, func(tk Token) {
		all = append(all, tk)
		if !tk.Part {
			want = append(want, [2]int{tk.Start, tk.End})
		}
	})
	var got [][2]int
	var alone []Token
	for i := 0; ; {
		start, end, plain := NextWord(text, i)
		if start == len(text) {
			break
		}
		if start < i || end <= start || end > len(text) {
			t.Fatalf("NextWord(%q, %d) = %d, %d", text, i, start, end)
		}
		got = append(got, [2]int{start, end})
		var word []Token
		Tokenize(text[start:end], func(tk Token) {
			tk.Start += start
			tk.End += start
			word = append(word, tk)
		})
		if plain && (len(word) != 1 || word[0].Term != Stem(Fold(text[start:end]))) {
			t.Errorf("NextWord(%q) calls %q plain, which Tokenize reads as %v", text, text[start:end], word)
		}
		alone = append(alone, word...)
		i = end
	}
	if slices.Equal(want, got) && slices.Equal(all, alone) {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NextWord(%q) words differ from Tokenize's (-Tokenize +NextWord):\n%s", text, diff)
	}
	if diff := cmp.Diff(all, alone); diff != "" {
		t.Errorf("Tokenize reads the words of %q differently alone (-in text +alone):\n%s", text, diff)
	}
}

// wholeTokens counts the tokens Tokenize emits with Part unset, which
// NextWord's words must number (see wordCount).
func wholeTokens(text string) int {
	n := 0
	Tokenize(text, func(tk Token) {
		if !tk.Part {
			n++
		}
	})
	return n
}

// wordCount is how many words NextWord reads in text one after another:
// search counts a learning's length for BM25 by NextWord's words.
func wordCount(text string) int {
	n := 0
	for i := 0; ; n++ {
		start, end, _ := NextWord(text, i)
		if start == len(text) {
			return n
		}
		i = end
	}
}

func TestCount(t *testing.T) {
	tests := []string{
		"", " ", "a", "Retry `client.Do` twice", "ios/Uploader.swift and uploadFile",
		"fix/stripe-webhook-retries", "trailing joiner- and. dots.", "x-", "-x", "a..b", "a.-b", "v1.2.3",
		"user@example.com +1 #42 C++ c# 50%", "HTTPServer S3Bucket base64Encode",
		"東京の天気は晴れ", "東京abc", "abc東京", "日本語 tokenizer splits 東京", "über-cool Straße ﬁle Ｇｏ",
		"café\u0301 naïve e\u0301t\u00e9", "Ωmega-λ", "한국어 텍스트", "カタカナ-テスト", "C:\\Users\\dev\\app.log",
		"https://docs.example.com/api#retries?x=1", "\xff\xfe broken \xc3 utf8 \xe6\x97", "tab\there\nnew-\nline",
		"emoji 🎉 party🎉time", "snake_case_name __dunder__ _lead trail_",
	}
	for _, text := range tests {
		t.Run(text, func(t *testing.T) {
			if got, want := wordCount(text), wholeTokens(text); got != want {
				t.Errorf("wordCount(%q) = %d, Tokenize emits %d whole tokens", text, got, want)
			}
			checkNextWord(t, text)
		})
	}
}

// TestCountGenerated holds wordCount to Tokenize on every line of memories
// from every generator.
func TestCountGenerated(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 200 << 10, Mode: mode}))
		for i, line := range strings.Split(src, "\n") {
			if got, want := wordCount(line), wholeTokens(line); got != want {
				t.Errorf("%s line %d: wordCount(%q) = %d, Tokenize emits %d whole tokens", mode, i+1, line, got, want)
			}
			checkNextWord(t, line)
		}
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range []string{"Retry `client.Do`", "東京abc-def", "a.-b", "\xff.x", "über_straße"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := wordCount(text), wholeTokens(text); got != want {
			t.Errorf("wordCount(%q) = %d, Tokenize emits %d whole tokens", text, got, want)
		}
		checkNextWord(t, text)
	})
}

// TestMatcherJoinsHyphens: with JoinHyphens, a word the task writes joined
// is found where a learning writes it with a hyphen, in any case and
// inflection; without it, or where the parts make another word, it is not.
func TestMatcherJoinsHyphens(t *testing.T) {
	tests := []struct {
		want, text string
		found      bool
	}{
		{"epaper", "The e-paper panel ghosts below 5 °C.", true},
		{"epaper", "Refresh the E-Paper display fully every 20 partial updates", true},
		{"epaper", "e-papers need a full refresh", true},
		{"preroll", "Skip the pre-roll when the viewer is a subscriber", true},
		{"preroll", "pre-rolls are capped at 15 s", true},
		{"wifi", "Wi-Fi credentials live in NVS, not in the config file", true},
		{"wifi", "the WI-FI module resets on brown-out", true},
		{"login", "The log-in form posts to /session", true},
		{"login", "log-ins are rate limited per IP", true},
		{"setup", "The set-up script needs bash 5", true},
		{"email", "E-mail addresses are lower-cased before lookup", true},
		{"frontend", "the front-end build uses Vite", true},
		{"backend", "Back-end timeouts are 30 s", true},
		{"realtime", "Real-time updates go over SSE", true},
		{"multitenant", "the multi-tenant schema keeps one database per customer", true},
		{"rerun", "Re-run the migrations after a rebase", true},
		{"rerun", "re-running the job clears the cache", true},
		{"precommit", "the pre-commit hook runs gofmt", true},
		{"dropdown", "The drop-down lists only active projects", true},
		{"signin", "Sign-in with Google needs the consent screen", true},
		{"readonly", "mount the volume read-only", true},
		// The joined word itself, and a camelCase spelling, are found as
		// before.
		{"epaper", "the epaper driver", true},
		{"epaper", "the ePaper driver", true},
		// Two words with a space, or another joiner, are not one word.
		{"login", "the log in /var/log is rotated daily", false},
		{"epaper", "e paper", false},
		{"frontend", "front/end", false},
		{"frontend", "front_end", false},
		{"frontend", "front--end", false},
		// The parts must make the word, not contain it.
		{"login", "blog-in", false},
		{"setup", "re-set-up", true},
		{"setup", "sets-up", false},
		// Numbers and ranges are not joined.
		{"1020", "ports 10-20 are free", false},
		{"v12", "v1-2", false},
	}
	for _, tt := range tests {
		t.Run(tt.want+"/"+tt.text, func(t *testing.T) {
			m := NewMatcher([]string{"zzz", Stem(tt.want)})
			m.JoinHyphens()
			n := 0
			m.Scan(tt.text, func(i int) {
				if i == 1 {
					n++
				}
			})
			if got := n > 0; got != tt.found {
				t.Errorf("found %q in %q = %v, want %v", tt.want, tt.text, got, tt.found)
			}
			plain := NewMatcher([]string{"zzz", Stem(tt.want)})
			k := 0
			plain.Scan(tt.text, func(i int) { k++ })
			if strings.Contains(tt.text, "-") && !strings.Contains(strings.ToLower(tt.text), tt.want) && k > 0 {
				t.Errorf("without JoinHyphens, %q was found in %q", tt.want, tt.text)
			}
		})
	}
}

// TestMatcherAlias: an alias reports its words wherever the text has it,
// once per occurrence, and a word that is wanted itself is not an alias.
func TestMatcherAlias(t *testing.T) {
	tests := []struct {
		words []string
		alias string
		of    []int
		text  string
		want  []string
	}{
		{[]string{"front", "end"}, "frontend", []int{0, 1}, "The frontend build uses Vite", []string{"front", "end"}},
		{[]string{"front", "end"}, "frontend", []int{0, 1}, "Frontends and front ends", []string{"front", "end", "front", "end"}},
		{[]string{"e", "paper"}, "epaper", []int{0, 1}, "epapers ghost in the cold", []string{"e", "paper"}},
		{[]string{"log"}, "login", []int{0}, "Logins are audited; the log is kept", []string{"log", "log"}},
		{[]string{"wi", "fi"}, "wifi", []int{0, 1}, "WiFi drops", []string{"wi", "fi"}},
		{[]string{"pre", "roll"}, "preroll", []int{0, 1}, "a pre-roll and a preroll", []string{"pre", "roll", "pre", "roll"}},
		{[]string{"back", "end", "backend"}, "backend", []int{0, 1}, "the backend", []string{"backend"}},
		{[]string{"log"}, "login", []int{0}, "the blogging login-page", []string{"log"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			m := NewMatcher(tt.words)
			m.Alias(tt.alias, tt.of...)
			var got []string
			m.Scan(tt.text, func(i int) { got = append(got, tt.words[i]) })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Scan(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

// TestStopWordAsTokenized holds that a stop word is one in the form
// Tokenize gives it, stemmed or not: "where" was missed as "wher".
func TestStopWordAsTokenized(t *testing.T) {
	for _, word := range []string{"a", "The", "is", "Was", "what", "when", "where", "Where", "which", "with", "how"} {
		t.Run(word, func(t *testing.T) {
			var got []string
			Tokenize(word, func(tok Token) {
				got = append(got, tok.Term)
				if !StopWord(tok.Term) {
					t.Errorf("StopWord(%q) from %q = false", tok.Term, word)
				}
			})
			if len(got) == 0 {
				t.Errorf("Tokenize(%q) gave no term", word)
			}
		})
	}
	for _, term := range []string{"wherev", "config", "whe"} {
		if StopWord(term) {
			t.Errorf("StopWord(%q) = true", term)
		}
	}
}

// TestMatcherRemembersWords: a Matcher that has scanned other texts
// (and so remembers how their words, in ASCII or outside it, and their
// ideographs stem and fold) reports what a new one reports, for wanted
// words and others, before and after an alias and a family are added.
func TestMatcherRemembersWords(t *testing.T) {
	wanted := Words("café résumé Straße 日本 東京 naïve Ünïcode ＧＯ front end deploy")
	texts := []string{
		"Frontends and front ends; the frontend; deployments and redeploys",
		"Le café du coin; CAFÉ fermé; cafés et résumés",
		"東京の日本語サーバー: 日本 東京 東京駅, 京都",
		"Die Straße (STRASSE) ist gesperrt; Straßen und Strasse",
		"naïve Naïve NAÏVE naive; ÀccentedWord naïveCamel Ünïcode",
		"ＧＯ ﬁle ｇｏ go; Ωmega ωmega Ωmega",
		"mixed 日本café résumé東京 and x-café",
		"",
	}
	scan := func(m *Matcher, text string) ([]int, int) {
		var got []int
		n := m.Scan(text, func(i int) { got = append(got, i) })
		return got, n
	}
	shared := NewMatcher(wanted)
	for round := range 3 {
		more := func(m *Matcher) {
			m.Alias("ωmega", 0)
			m.Alias("frontend", slices.Index(wanted, "front"), slices.Index(wanted, "end"))
			r, f := FamilyOf("deploy")
			m.Family(r, f, slices.Index(wanted, "deploy"))
		}
		if round == 2 {
			more(shared)
		}
		for _, text := range texts {
			fresh := NewMatcher(wanted)
			if round == 2 {
				more(fresh)
			}
			got, n := scan(shared, text)
			want, wn := scan(fresh, text)
			if !slices.Equal(got, want) || n != wn {
				t.Errorf("round %d, %q: hits %v (%d words) after other texts, %v (%d) on a new Matcher", round, text, got, n, want, wn)
			}
		}
	}
}

// TestRuneKindRemembered: the kind a Matcher remembers for a rune is the
// kind the Unicode tables give, the first time and every time after, for
// every rune outside ASCII.
func TestRuneKindRemembered(t *testing.T) {
	m := NewMatcher(nil)
	counts := map[uint8]int{}
	for round := range 2 {
		for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
			want := uint8(kindWord)
			switch {
			case !isWordRune(r):
				want = kindNone
			case isIdeographic(r):
				want = kindIdeograph
			}
			if got := m.runeKind(r); got != want {
				t.Fatalf("round %d: runeKind(%U) = %d, want %d", round, r, got, want)
			}
			if round == 0 {
				counts[want]++
			}
		}
	}
	if counts[kindNone] == 0 || counts[kindWord] == 0 || counts[kindIdeograph] == 0 {
		t.Fatalf("kinds met %v, want all three", counts)
	}
}
