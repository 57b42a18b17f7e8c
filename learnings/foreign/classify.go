package foreign

import (
	"regexp"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/learnings"
)

// headingCategories file entries by the heading they sit under: the words
// people give such sections, in the languages memories are written in.
var headingCategories = []struct {
	re       func() *regexp.Regexp
	category string
}{
	{lazyregexp.New(`(?i)correct|mistake|errore|erreur|fehler|wrong|don'?t|do not|avoid|never|anti-?pattern|fail|pitfall|feedback|間違|ミス|错误|错|lỗi|sai`), "User Corrections"},
	{lazyregexp.New(`(?i)requirement|must|constraint|requisit|exigence|anforderung|要件|要求|需求|yêu cầu`), "New Requirements"},
	{lazyregexp.New(`(?i)convention|rule|standard|guideline|pattern|style guide|naming|workflow|process|architecture|regole|convenzion|規約|ルール|规范|约定|quy tắc|quy ước`), "Updated Conventions"},
	{lazyregexp.New(`(?i)prefer|preferenz|préférence|好み|偏好|喜好|ưu tiên|sở thích`), "Preference Clarifications"},
	{lazyregexp.New(`(?i)discover|gotcha|quirk|finding|trick|workaround|bug|troubleshoot|debug|known issue|caveat|scoperta|découverte|発見|发现|phát hiện`), "Fresh Discoveries"},
}

// textCategories file an entry by what it says, when no heading did.
var textCategories = []struct {
	re       func() *regexp.Regexp
	category string
	why      string
}{
	{lazyregexp.New(`(?i)\b(user|they|he|she) (corrected|said (not|to)|pointed out|told me)|\bcorrection\b|\bwrong\b|\bmistake\b|\binstead of\b|\bnot\b.{1,40}\bbut\b|^(❌|🚫|✗)|\bI (assumed|thought|used|edited|added|ran)\b`), "User Corrections", "it corrects what was done or assumed"},
	{lazyregexp.New(`(?i)\b(must|required|requires|requirement|has to|have to|needs to|need to|mandatory|shall|richiede|deve|erfordert|muss|requiere|exige|doit)\b|必ず|しなければ|必要|必须|必需|需要|bắt buộc|phải`), "New Requirements", "it states a requirement (must, required, needs to)"},
	{lazyregexp.New(`(?i)\b(user|they|i|we) (prefers?|likes?|wants?|would rather|does not want|doesn'?t want|asked for)\b|\bprefer(s|red)?\b|\bpreference\b|preferisce|bevorzugt|prefiere|préfère|好む|好み|希望|偏好|喜欢|thích|muốn`), "Preference Clarifications", "it states a preference"},
	{lazyregexp.New(`(?i)\b(always|never|don'?t|do not|avoid|convention|naming|use \S+ (for|instead)|we use|style|pattern|rule|sempre|non usare|mai|immer|nie|siempre|nunca|toujours|jamais)\b|しない|禁止|常に|不要|禁止|总是|始终|luôn|không được|đừng|không`), "Updated Conventions", "it states a convention (always, never, use X for, naming)"},
	{lazyregexp.New(`(?i)\b(discovered|found|turns out|turned out|gotcha|quirk|workaround|root cause|because|caused by|fails? when|breaks? when|bug|fix(ed)?)\b|^(⚠️|💡)`), "Fresh Discoveries", "it records a discovery (found, turns out, root cause, workaround)"},
}

// headingCategory is the category a heading names, if it names one.
func headingCategory(title string) (string, bool) {
	if name, known := learnings.NormalizeCategory(title); known {
		return name, true
	}
	if name, ok := learnings.SuggestCategory(title); ok {
		return name, true
	}
	for _, hc := range headingCategories {
		if hc.re().MatchString(title) {
			return hc.category, true
		}
	}
	return "", false
}

// textCategory is the category an entry's own words suggest.
func textCategory(text string) (category, why string, ok bool) {
	first, _, _ := strings.Cut(text, "\n")
	for _, tc := range textCategories {
		if tc.re().MatchString(first) {
			return tc.category, tc.why, true
		}
	}
	return "", "", false
}

// learningsHeading tells a heading of a learnings section in an
// instruction file: the part of CLAUDE.md or AGENTS.md an agent keeps its
// lessons in.
var learningsHeading = lazyregexp.New(`(?i)learn|lesson|mistake|gotcha|pitfall|correction|remember|memor|insight|discover|quirk|known issue|caveat|don'?t|avoid|note to self|notes|tips|troubleshoot|faq|feedback|session|journal|history|experience|教訓|学び|注意|メモ|经验|教训|笔记|lezion|appunt|bài học|kinh nghiệm|ghi chú`)

// skippedHeading tells a section that holds no learnings: a table of
// contents, a template, the instructions for the file itself.
var skippedHeading = lazyregexp.New(`(?i)^(table of contents|contents|toc|index|template|entry template|format|example entry|how to (use|add|write)|usage of this file|about this file)\b`)

// todoHeading tells a section of open tasks, whose unchecked items are
// plans, not learnings.
var todoHeading = lazyregexp.New(`(?i)\b(todo|to do|to-do|next steps?|what'?s left|backlog|roadmap|open tasks?|pending|planned)\b`)
