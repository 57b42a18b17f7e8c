package search

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/terms"
)

// TestSearchIsQuery checks that Search, which reads a session's focus and
// project once for all its learnings, ranks exactly as the index does,
// score for score, on memories of every generator and on queries that
// match text, focus and project, whole words and completions.
func TestSearchIsQuery(t *testing.T) {
	queries := []string{"retry", "retry timeout", "sync client", "config", "bench", "Benchmark session",
		"gateway idle connections", "zyzzyvaquux", "ret", "deploy stag", "dat", "テスト", "über",
		// Stems that end in y come from words that do not hold them whole.
		"retries", "Retried", "RETRYING", "policy", "dependencies", "key", "registry", "y",
		// Compounds, camelCase, paths, short words and completions.
		"sync.yaml", "docs/api.md", "client.Do", "DoRequest", "uploadFile", "go", "db", "s", "a", "x",
		"depl", "migr", "tok", "cach", "caching", "retry timeout gateway", "GATEWAY", "ﬁle", "Ｇｏ",
		"東京", "Straße", "idempotency-key", "C:\\Users", "https://docs.example.com"}
	docs := map[string]*learnings.Document{
		"sessions sharing a focus": buildDoc(nil,
			testSession{"a", "Retry logic for the sync client", "acme-sync", [][2]string{
				{"Fresh Discoveries", "Backoff caps at 30 s"}, {"Fresh Discoveries", "retry only idempotent calls"},
				{"User Corrections", "the config lives in sync.yaml"}, {"Fresh Discoveries", "timeouts retry twice"}}},
			testSession{"b", "Retry logic for the sync client", "acme-sync", [][2]string{{"Fresh Discoveries", "gateway drops idle connections"}}},
		),
		// Folding turns these runes into ASCII letters: the byte check
		// must not reject them.
		"runes that fold to ASCII": buildDoc([][2]string{
			{"Fresh Discoveries", "Ｒｅｔｒｙ the upload twice"}, {"Fresh Discoveries", "the ﬁle watcher retries"},
			{"User Corrections", "keep the oven under 200 \u212a"}, {"Fresh Discoveries", "the İstanbul office deploys"},
			{"Fresh Discoveries", "café\u0301 retried on über-retry"}, {"Fresh Discoveries", "①st step of the ™ policy"},
			{"Fresh Discoveries", "Ｓｙｎｃ.Ｃｌｉｅｎｔ ＧＡＴＥＷＡＹ"}, {"Fresh Discoveries", "东京 retry ｶﾀｶﾅ"},
		}),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		docs["generated "+mode] = learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 5, Size: 150 << 10, Mode: mode}))
	}
	for name, doc := range docs {
		ix := Build(doc)
		for _, q := range queries {
			for _, prefix := range []bool{false, true} {
				opts := Options{Prefix: prefix}
				want, wn := ix.QueryCount(q, opts)
				got, gn := Search(doc, q, opts)
				if gn != wn || len(got) != len(want) {
					t.Errorf("%s: Search(%q, prefix %v) matched %d, %d hits; the index %d, %d", name, q, prefix, gn, len(got), wn, len(want))
					continue
				}
				for i := range want {
					if got[i].Learning != want[i].Learning || got[i].Score != want[i].Score {
						t.Errorf("%s: Search(%q, prefix %v) hit %d is %s %v; the index's %s %v", name, q, prefix, i,
							got[i].Learning.ID, got[i].Score, want[i].Learning.ID, want[i].Score)
						break
					}
				}
			}
		}
	}
}

// FuzzGate checks the gate never rules out a word from which Tokenize
// reads one of a query's terms, whole or completed.
func FuzzGate(f *testing.F) {
	for _, s := range [][2]string{{"Ｒｅｔｒｙ twice", "retry"}, {"retries", "retry"}, {"ﬁle", "file"},
		{"über-retry", "über"}, {"\u212a", "k"}, {"東京abc", "東京"}, {"Stopping", "stop"}, {"uploadFile", "file"},
		{"e-Paper", "epaper"}, {"e\u0301tude", "étude"}, {"x-api-key", "x-api-key"}, {"DoRequest", "req"},
		{"client.Do", "client.do"}, {"HTTPServer", "serv"}, {"Log-ins", "log in"}, {"café\u0301", "caf"},
		{"ÜBER-x", "über"}, {"o\u0308ber", "öber"}, {"東京abc", "東"}, {"ｶﾀｶﾅ", "カタ"}, {"Ａpple", "apple"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, query string) {
		exact, prefixes := parseQuery(query, true)
		if len(exact) == 0 {
			return
		}
		g := newGate(exact, prefixes)
		for i := 0; ; {
			start, end, plain := terms.NextWord(text, i)
			if start == len(text) {
				break
			}
			word := text[start:end]
			tokenize(word, func(tk token) {
				if (slices.Contains(exact, tk.term) || hasAnyPrefix(tk.term, prefixes)) && !g.may(word, plain) {
					t.Fatalf("the gate for %q rules out %q, which holds %q", query, word, tk.term)
				}
			})
			i = end
		}
	})
}

// wantedTerms is the reference reading of text for a query: every word
// tokenised, the number of its words (tokens with Part unset) and the
// query's terms among its tokens, in order.
func wantedTerms(text string, exact, prefixes []string) (int, []string) {
	n := 0
	var got []string
	tokenize(text, func(t token) {
		if !t.part {
			n++
		}
		if slices.Contains(exact, t.term) || hasAnyPrefix(t.term, prefixes) {
			got = append(got, t.term)
		}
	})
	return n, got
}

// nextWordCount is how many words terms.NextWord reads in text.
func nextWordCount(text string) int {
	n := 0
	for i := 0; ; n++ {
		start, end, _ := terms.NextWord(text, i)
		if start == len(text) {
			return n
		}
		i = end
	}
}

// checkWords fails when the gate's reading of text (skim, then may, then
// the words it lets through tokenised) differs from tokenising it whole.
func checkWords(t *testing.T, text, query string) {
	t.Helper()
	exact, prefixes := parseQuery(query, true)
	if len(exact) == 0 {
		return
	}
	g := newGate(exact, prefixes)
	var got []string
	n := g.words(text, func(word string) {
		_, ts := wantedTerms(word, exact, prefixes)
		got = append(got, ts...)
	})
	wn, want := wantedTerms(text, exact, prefixes)
	if len(want) > 0 && !g.holds(text) {
		t.Fatalf("query %q in %q: holds rules the text out, but it holds %q", query, text, want)
	}
	if n != wn || n != nextWordCount(text) || !slices.Equal(got, want) {
		t.Fatalf("query %q in %q: the gate reads %d words, terms %q; tokenising it whole, %d (NextWord %d), %q",
			query, text, n, got, wn, nextWordCount(text), want)
	}
}

// TestGateWords holds the gate's reading to tokenising the text whole, on
// texts written the way learnings are: code, paths, hyphenated, camelCase
// and spaced compounds, stems, punctuation at word ends, text beyond
// ASCII beside ASCII, and generated memories of every shape.
func TestGateWords(t *testing.T) {
	texts := []string{
		"Retrying the upload twice fixed it; retries are capped at 3 (see `internal/sync/retry.go:42`).",
		"The e-Paper display and the ePaper driver share `epd.Init`; e-paper refresh takes 2s.",
		"Log-ins fail after the front end upgrade: the frontend sends `X-Api-Key`, not x-api-key.",
		"HTTPServer.ListenAndServe blocks; call srv.Shutdown(ctx) from another goroutine.",
		"uploadFile -> UploadQueue.swift; DoRequest wraps client.Do with retryPolicy.",
		"Use `go test ./... -run TestRetry -count=1`; flaky tests retried by CI hide races.",
		"C:\\Users\\dev\\AppData\\retry.log and https://docs.example.com/retry-policy#backoff",
		"a..b a.-b a-. -a a- a.b.c a--b --retry --no-retry foo_bar_retry retry_",
		"Die Wiederholung (retry) über das Gateway schlägt fehl — Ｒｅｔｒｙ later; 東京retry; café-retry",
		"über-retry ÜBER-x e\u0301tude o\u0308ber ﬁle \u212a Straße retry’s “retry”",
		"retry\u0301 retr\u0301y re\u0308try x\u0301-retry a\u0308-Retry İstanbul-retry ǅretry ĳretry ﬀretry",
		"日本語のretry設定 東京retry-policy ｶﾀｶﾅretry 한국어 retry・retry「retry」、retry。𝐑etry 𝐫etry 😀retry",
		"Größe-Retry schlägt über die Brücke, Ärger mit Öl; façade naïve coöperate résumé-retry",
		"policy policies key keys y yes registry dependencies deploy staging deployed",
		// Where the table's reading of ASCII hands a word to skim's: a rune
		// beyond ASCII after a letter, a joiner or between words, and a
		// root past a joiner or at a capital after a long run of words.
		"ab-é retry, ab-—retry; 東京abc-retry x-é-retry é-retry retry-é a‐retry a.é.retry",
		"the quick brown fox jumps over the lazy dog and then fooRetry-bar x.-Retry a--retry a-b-c-d-retry",
		"one two three four five six seven eight nine ten eleven twelve thirteen retryé Ｒetry",
		"éxRetry é-Retry ä-retry Grö-ßeRetry x-éRetry caféRetry ab-cdé-fRetry 日本-retry 日本Retry é—Retry é--retry",
		"", " ", "-", "a", "retry", "R", "RETRY-", "Retry.", "x-", "…retry", "retry…",
	}
	queries := []string{"retry", "retry timeout", "zyzzyvaquux", "epaper", "e-paper", "e-pa", "front end",
		"log in", "client.do", "x-api-key", "api", "key", "policy", "y", "serv", "upload", "queu",
		"über", "東京", "ﬁle", "Ｇｏ", "café", "deploy stag", "a", "go", "dependencies", "Wi-Fi", "k", "öber", "étude", "ǖ"}
	for _, q := range queries {
		for _, text := range texts {
			t.Run(q, func(t *testing.T) { checkWords(t, text, q) })
		}
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 7, Size: 64 << 10, Mode: mode}))
		for _, l := range doc.Learnings() {
			for _, q := range []string{"retry", "retry timeout", "config", "sync client", "depl", "zyzzyvaquux"} {
				checkWords(t, l.Text, q)
			}
		}
	}
}

// TestASCIICountsLongTexts holds ascii's count to skim's byte by byte on
// the longest text it reads, made of the bytes whose table entries weigh
// most (a capital where a root may start, looked at in every byte): its
// sum of states must not reach the word count's bits.
func TestASCIICountsLongTexts(t *testing.T) {
	g := newGate([]string{"retry"}, nil)
	if !g.stepped {
		t.Fatal("a query in ASCII does not read with the table")
	}
	for _, text := range []string{strings.Repeat("R", maxASCII-1), strings.Repeat("Ra-", (maxASCII-1)/3)} {
		n, at := g.ascii(text, 0)
		wn, wat := g.skimBytes(text, 0)
		if n != wn || at != wat {
			t.Errorf("%q... (%d bytes): ascii reads %d words to %d, skimBytes %d to %d", text[:6], len(text), n, at, wn, wat)
		}
	}
}

// FuzzGateWords checks the gate's reading of a text against tokenising it
// whole, for any text and query.
func FuzzGateWords(f *testing.F) {
	for _, s := range [][2]string{{"Retrying the upload", "retry"}, {"e-Paper e-pa", "epaper"},
		{"a.-b x-é r-東", "r"}, {"HTTPServer", "serv"}, {"über-retry", "über"}, {"Ｒｅｔｒｙ twice", "retry"},
		{"front-end frontend", "front end"}, {"a--retry", "retry"}, {"re-try", "retry"},
		{"retry\u0301 e\u0301tude", "étude"}, {"a\u0308-Retry 𝐑etry", "retry"}, {"東京retry-x", "retry"}, {"cafe\u0301 café", "café"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, query string) { checkWords(t, text, query) })
}

// TestDecodeShort holds decodeShort to the utf8 package on every sequence
// of two and three bytes: a rune it reads is the one utf8 reads, and it
// leaves no valid two- or three-byte rune to utf8.
func TestDecodeShort(t *testing.T) {
	var b [3]byte
	for c := range 1 << 24 {
		b[0], b[1], b[2] = byte(c>>16), byte(c>>8), byte(c)
		for _, s := range []string{string(b[:2]), string(b[:])} {
			r, size := decodeShort(s)
			wantR, wantSize := utf8.DecodeRuneInString(s)
			if size == 0 && (wantSize != 3 || wantR == utf8.RuneError) {
				continue
			}
			if r != wantR || size != wantSize {
				t.Fatalf("decodeShort(%q) = %U, %d; utf8 says %U, %d", s, r, size, wantR, wantSize)
			}
		}
	}
}

// checkASCII fails when ascii, which reads eight bytes a turn by their
// lane flags, counts other words or stops elsewhere than skimBytes, a byte
// at a time, from the start and from every place after a space.
func checkASCII(t *testing.T, text, query string) {
	t.Helper()
	exact, prefixes := parseQuery(query, true)
	if len(exact) == 0 {
		return
	}
	g := newGate(exact, prefixes)
	if !g.stepped || len(text) >= maxASCII {
		return
	}
	for i := range len(text) + 1 {
		if i > 0 && text[i-1] != ' ' {
			continue
		}
		n, at := g.ascii(text, i)
		wn, wat := g.skimBytes(text, i)
		if n != wn || at != wat {
			t.Fatalf("query %q in %q from %d: ascii reads %d words to %d, skimBytes %d to %d", query, text, i, n, at, wn, wat)
		}
	}
}

// TestASCIIReadsAsSkimBytes holds ascii to skimBytes where its lanes meet
// their edges: texts shorter than a lane or not a multiple of eight, a word
// start, joiner or root at each place of a lane and across two, bytes
// beyond ASCII and invalid UTF-8 inside a lane, CRLF, tabs, runs of
// punctuation and digits.
func TestASCIIReadsAsSkimBytes(t *testing.T) {
	texts := []string{"", "a", "ab c", "abcdefg", "abcdefgh", "abcdefghi", "a b c d e f g h i j k l m n o p q",
		"a-b-c-d-e-f-g-h-i", "ab-cd-ef-gh-ij-kl", "a--b..c-.d", "x-------retry", "1234567-89 0x1f-2e3d 3.14159 v1.2.3-rc4",
		"line one\r\nline two\r\n\r\nretry\r\n", "\tcol\tretry\t\tx-\ty", "!!!???...,,,;;;:::---___///\\\\\\",
		"((retry)) [[x]] {{y}} <<z>> `a` 'b' \"c\"", "abcdéfgh ijklmnop", "abcdefg\xffhijklmn\xc3 retry \xe2\x80",
		"ab\xc3\xa9-retry cd-\xe6\x9d\xb1retry", "abcdefgRetry-x abcdefg-Retry abcdefg-retry", "Retry", "xRetry", "x-retry-Retry",
		"timeout_retry retry_timeout tIMEOUT RETRYTIMEOUT", strings.Repeat("ab-", 40) + "retry", strings.Repeat("retry ", 30)}
	for lane := range 16 {
		for _, word := range []string{"retry", "Retry", "x-retry", "-retry", "a-Retry", "é", "-", "7", "\r\n"} {
			texts = append(texts, strings.Repeat("abc ", 4)[:lane]+word+" tail of it", strings.Repeat("a", lane)+word+strings.Repeat("b", 16-lane))
		}
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 11, Size: 16 << 10, Mode: mode}))
		for _, l := range doc.Learnings() {
			texts = append(texts, l.Text)
		}
	}
	for _, q := range []string{"retry", "retry timeout", "zyzzyvaquux", "x", "a", "e-pa", "7", "serv", "deploy stag"} {
		for _, text := range texts {
			checkASCII(t, text, q)
		}
	}
}

// FuzzASCIIReadsAsSkimBytes checks ascii against skimBytes for any text
// and query.
func FuzzASCIIReadsAsSkimBytes(f *testing.F) {
	for _, s := range [][2]string{{"abcdefgh ijklmnop retry", "retry"}, {"abcdefg-Retry x", "retry"},
		{"a\xffb\r\n\tc--d retry", "retry"}, {"1234567-89 x", "x"}, {"ab-é retry", "e-pa"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, query string) { checkASCII(t, text, query) })
}
