package input

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/secrets"
)

// PreviewChars bounds a learning's preview in messages.
const PreviewChars = 60

// Mask replaces every secret in text with [REDACTED].
func Mask(text string) string {
	findings := secrets.Scan(text)
	if len(findings) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, f := range findings {
		start, end := max(f.Start, at), min(f.End, len(text))
		if start >= end {
			continue
		}
		b.WriteString(text[at:start])
		b.WriteString("[REDACTED]")
		at = end
	}
	b.WriteString(text[at:])
	return b.String()
}

// Preview is the first words of text on one line, secrets masked, for
// naming a learning in a message.
func Preview(text string) string {
	words := strings.Fields(Mask(text))
	var b strings.Builder
	for _, w := range words {
		if b.Len() > 0 && utf8.RuneCountInString(b.String())+1+utf8.RuneCountInString(w) > PreviewChars {
			b.WriteString("…")
			return b.String()
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if utf8.RuneCountInString(w) > PreviewChars {
			w = string([]rune(w)[:PreviewChars]) + "…"
		}
		b.WriteString(w)
	}
	return b.String()
}

// Kinds names the kinds of secret in text, each once, in order of position.
func Kinds(text string) []string {
	var kinds []string
	for _, f := range secrets.Scan(text) {
		if !slices.Contains(kinds, f.Kind) {
			kinds = append(kinds, f.Kind)
		}
	}
	return kinds
}

// CheckSecrets refuses an input holding a secret anywhere: in a learning, the
// focus, the project or a reference. The error lists each place and kind but
// never the secret.
func CheckSecrets(in *Input) error {
	var found []string
	add := func(where, text string) {
		if kinds := Kinds(text); len(kinds) > 0 {
			found = append(found, fmt.Sprintf("%s contains %s", where, strings.Join(kinds, ", ")))
		}
	}
	for i, l := range in.Learnings {
		add(fmt.Sprintf("learning %d (%s: %q)", i+1, l.Category, Preview(l.Text)), l.Text)
	}
	add("--focus", in.Focus)
	add("--project-name", in.Project)
	for _, d := range in.Docs {
		add(fmt.Sprintf("--docs reference %q", Preview(d)), d)
	}
	if len(found) == 0 {
		return nil
	}
	return fmt.Errorf("refused to store a secret, nothing was written:\n  %s\nRemove the secret, or wrap text that must stay out of the memory in <private>...</private>, and store again",
		strings.Join(found, "\n  "))
}
