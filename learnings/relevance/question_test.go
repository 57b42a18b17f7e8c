package relevance

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQuestionParts(t *testing.T) {
	tests := []struct {
		name, task string
		want       [][]string
	}{
		{"no question", "the Christmas timetable goes live on the 20th", [][]string{}},
		{"one question in parts", "can they bring a folding bike, and does your app work with a screen reader?",
			[][]string{{"can", "they", "bring", "a", "folding", "bike"}, {"and", "does", "your", "app", "work", "with", "a", "screen", "reader"}}},
		{"background before the question", "Tenant rang on Saturday. Who should have come out?",
			[][]string{{"who", "should", "have", "come", "out"}}},
		{"statement after the question", "how long will you keep it? also the form says error",
			[][]string{{"how", "long", "will", "you", "keep", "it"}}},
		{"pasted log", "why does this fail?\nError: connect ECONNREFUSED", [][]string{}},
		{"fullwidth question mark", "支払いは失敗しますか？ the refund form", [][]string{{"支払いは失敗しますか"}}},
		{"fullwidth after background", "The app crashed. does it sync offline？",
			[][]string{{"does", "it", "sync", "offline"}}},
		{"two fullwidth questions", "can I pay by card？ can I get a refund？",
			[][]string{{"can", "i", "pay", "by", "card"}, {"can", "i", "get", "a", "refund"}}},
		{"opening inverted mark", "Tengo una silla de ruedas ¿puedo subir al autobús?",
			[][]string{{"puedo", "subir", "al", "autobús"}}},
		{"inverted marks after a sentence", "Perdí el móvil. ¿Quién lo tiene, y cuánto tiempo lo guardan?",
			[][]string{{"quién", "lo", "tiene"}, {"y", "cuánto", "tiempo", "lo", "guardan"}}},
		{"version", "does the upgrade to v1.2 break the importer?",
			[][]string{{"does", "the", "upgrade", "to", "v1", "2", "break", "the", "importer"}}},
		{"version at the end", "is the bug fixed in v1.2?", [][]string{{"is", "the", "bug", "fixed", "in", "v1", "2"}}},
		{"path", "why does the loader skip config.yaml?", [][]string{{"why", "does", "the", "loader", "skip", "config", "yaml"}}},
		{"dotted name and a sentence before", "The CI is red. does pkg/api/server.go still need the lock?",
			[][]string{{"does", "pkg", "api", "server", "go", "still", "need", "the", "lock"}}},
		{"full stop without a blank ends nothing", "see docs/v2.0 why is the cache cold?",
			[][]string{{"see", "docs", "v2", "0", "why", "is", "the", "cache", "cold"}}},
		{"full stop inside brackets", "(We cache sessions in Redis.) why are they lost on deploy?",
			[][]string{{"why", "are", "they", "lost", "on", "deploy"}}},
		{"full stop inside quotes", `He wrote “use the v2 client.” does the importer need it?`,
			[][]string{{"does", "the", "importer", "need", "it"}}},
		{"a closing quote after a dotted name", `is "config.yaml" read at start?`,
			[][]string{{"is", "config", "yaml", "read", "at", "start"}}},
		{"exclamation mark", "Thanks! can I reuse the token?", [][]string{{"can", "i", "reuse", "the", "token"}}},
		{"ideographic full stop", "アプリが落ちた。オフラインで同期できますか？", [][]string{{"オフラインで同期できますか"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &scan{task: tt.task}
			if diff := cmp.Diff(tt.want, s.questions()); diff != "" {
				t.Errorf("questions(%q) (-want +got):\n%s", tt.task, diff)
			}
		})
	}
}

// TestOwnQuestion holds ownQuestion to its rule: two of the task's words in
// one part of a question in which the best match holds none.
func TestOwnQuestion(t *testing.T) {
	task := "can a wheelchair user always get the space, and does your app work with a screen reader?"
	tests := []struct {
		name     string
		m, top   []string
		want     bool
		question string
	}{
		{"another part", []string{"screen", "reader"}, []string{"wheelchair", "space"}, true, task},
		{"the best match's part", []string{"wheelchair", "user"}, []string{"wheelchair", "space"}, false, task},
		{"the best match holds a word of it", []string{"screen", "reader"}, []string{"wheelchair", "app"}, false, task},
		{"one word", []string{"screen"}, []string{"wheelchair", "space"}, false, task},
		{"words of two parts", []string{"user", "screen"}, []string{"space"}, false, task},
		{"no question", []string{"screen", "reader"}, []string{"wheelchair", "space"}, false, "the wheelchair space, and the app with a screen reader"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &scan{task: tt.question}
			if got := s.ownQuestion(Match{Terms: tt.m}, Match{Terms: tt.top}); got != tt.want {
				t.Errorf("ownQuestion(%v, best %v) = %v, want %v", tt.m, tt.top, got, tt.want)
			}
		})
	}
}
