package terms

import (
	"slices"
	"strings"
	"testing"

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
		{"parseHeaders", []string{"parseheader", "pars", "header"}},
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

// wholeTokens counts the tokens Tokenize emits with Part unset, which
// Count must count without tokenising.
func wholeTokens(text string) int {
	n := 0
	Tokenize(text, func(tk Token) {
		if !tk.Part {
			n++
		}
	})
	return n
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
			if got, want := Count(text), wholeTokens(text); got != want {
				t.Errorf("Count(%q) = %d, Tokenize emits %d whole tokens", text, got, want)
			}
		})
	}
}

// TestCountGenerated holds Count to Tokenize on every line of memories
// from every generator.
func TestCountGenerated(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 200 << 10, Mode: mode}))
		for i, line := range strings.Split(src, "\n") {
			if got, want := Count(line), wholeTokens(line); got != want {
				t.Errorf("%s line %d: Count(%q) = %d, Tokenize emits %d whole tokens", mode, i+1, line, got, want)
			}
		}
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range []string{"Retry `client.Do`", "東京abc-def", "a.-b", "\xff.x", "über_straße"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := Count(text), wholeTokens(text); got != want {
			t.Errorf("Count(%q) = %d, Tokenize emits %d whole tokens", text, got, want)
		}
	})
}
