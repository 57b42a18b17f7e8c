package secrets

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestEveryRuleFires holds that each rule, run alone on the lines its
// hints pick, reports a secret in at least one text of the corpus
// (secretstest's providers, passwordCases and scanCases): a rule no text makes fire
// may never fire, its expression, hints or checks at odds.
func TestEveryRuleFires(t *testing.T) {
	var texts []string
	for _, c := range secretstest.Secrets() {
		texts = append(texts, c.Text)
	}
	for _, c := range passwordCases {
		texts = append(texts, c.text)
	}
	for _, c := range scanCases {
		texts = append(texts, strings.Replace(c.text, "%s", c.secret, 1))
	}
	rs := rules()
	fired := make([]bool, len(rs))
	for _, text := range texts {
		folded, _ := fold(text)
		for _, rl := range hintLines(folded) {
			if !fired[rl.rule] && len(scanLines(folded, rs, []ruleLines{rl})) > 0 {
				fired[rl.rule] = true
			}
		}
	}
	for i, r := range rs {
		if !fired[i] {
			t.Errorf("rule %d (%s, hints %q) fires on no text of the corpus", i, r.kind, r.hints)
		}
	}
}
