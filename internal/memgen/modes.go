package memgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Modes are the generators besides the default one, each unlike the
// default in one way real memories differ, so that a benchmark or a rule
// tuned to one shape of file is measured on others too. All of them repeat
// an earlier learning rarely (1 % instead of 5 %).
var Modes = []string{"zipf", "long", "sparse", "paths", "intl", "agent", "prose"}

// ModeDoc says in one line what each mode generates, for help texts.
var ModeDoc = map[string]string{
	"":       "the default: short templated learnings, 5 % near-duplicates",
	"zipf":   "prose whose word frequencies follow a power law, like English text",
	"long":   "long learnings of three to eight sentences",
	"sparse": "many sessions with one or two learnings each",
	"paths":  "a few file paths reused in most sessions and learnings",
	"intl":   "German, Japanese and mixed-language learnings",
	"agent":  "what coding agents write: long learnings with code blocks and nested lists, Windows and URL paths, long Documentation Seen lists, superseded chains, some CRLF sessions",
	"prose":  "real English (Go standard library doc comments) with its file paths and code spans, sessions of one to fifteen learnings",
}

// zipfCommon are frequent English words, the head of the zipf vocabulary
// in rank order; the tail is made of syllables (see zipfWord).
var zipfCommon = strings.Fields(`the of and to a in is that for it as with
was on be by this are not or from at an which but have has when if use
can all one so there more will should must before after only file test
run new also other into than then each them these out up time about
any first same build when config error value call return user change
request check code data default does even fail keep make need read set
start state step still such take used way write works branch cache
client command commit deploy field flag handler header index input job
key line list lock log merge name order output page path port query
queue record release retry route schema server service session source
status store string table task timeout token type version window worker`)

var zipfOnsets = []string{"b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "br", "cl", "fr", "gr", "pl", "sh", "st", "tr"}
var zipfVowels = []string{"a", "e", "i", "o", "u", "ai", "ea", "io", "ou"}
var zipfCodas = []string{"", "n", "r", "s", "t", "l", "nd", "rk", "st", "ck", "ng", "x"}

// zipfWord is the word of rank i (0 is the most frequent): the common
// English words first, then made-up words that grow rarer with rank.
func zipfWord(i int) string {
	if i < len(zipfCommon) {
		return zipfCommon[i]
	}
	i -= len(zipfCommon)
	var b strings.Builder
	for s := 0; s < 2+i%2; s++ {
		b.WriteString(zipfOnsets[i%len(zipfOnsets)])
		i /= len(zipfOnsets)
		b.WriteString(zipfVowels[i%len(zipfVowels)])
		i /= len(zipfVowels)
	}
	b.WriteString(zipfCodas[i%len(zipfCodas)])
	return b.String()
}

var germanSentences = []string{
	"Der Import bricht ab, wenn die Datei Umlaute in ISO-8859-1 enthält",
	"Vor dem Deployment immer `%s` ausführen, sonst fehlen die Migrationen",
	"Die Rechnungsnummer muss pro Mandant und Jahr lückenlos sein",
	"Zeitstempel werden in UTC gespeichert und erst in der Oberfläche umgerechnet",
	"Der Nutzer möchte Fehlermeldungen auf Deutsch, aber Logzeilen auf Englisch",
	"Bei Zeitüberschreitung versucht %s es höchstens dreimal erneut",
	"Größere Dateien über 50 MB lädt der Client in Stücken hoch",
	"Die Straßennamen kommen aus dem Adressdienst und werden nicht normalisiert",
	"Für Tests eine eigene Datenbank pro Paket anlegen, nie die gemeinsame",
	"Änderungen an %s brauchen eine Freigabe vom Betriebsteam",
}

var japaneseSentences = []string{
	"%s はタイムアウト時に三回まで再試行する",
	"デプロイ前に必ず `%s` を実行すること",
	"ログは英語で、エラーメッセージは日本語で表示する",
	"設定ファイルの読み込みは起動時に一度だけ行う",
	"全角スペースを含むファイル名でインポートが失敗する",
	"ユーザーはレビューで小さなコミットを好む",
	"キャッシュの有効期限は五分、変更時に手動で消去する",
	"テストでは本番の API を呼ばないこと",
	"日付は ISO 8601 形式で保存し、表示時にタイムゾーンを変換する",
	"%s の変更には運用チームの承認が必要",
}

// modeFile writes a whole file for the modes other than the default.
func (g *gen) modeFile() {
	size := g.opts.Size
	g.buf.WriteString("## Consolidated Learnings\n\n")
	target := int(float64(size) * g.opts.ConsolidatedShare)
	for c, name := range Categories {
		if target <= 0 {
			break
		}
		fmt.Fprintf(&g.buf, "**%s:**\n", name)
		start := g.buf.Len()
		for first := true; first || g.buf.Len()-start < target/len(Categories); first = false {
			fmt.Fprintf(&g.buf, "- %s\n", g.modeLearning(c))
		}
		g.buf.WriteString("\n")
	}
	g.buf.WriteString("**Documentation Seen** (compacted sessions): ")
	docs := g.docPool()
	for i, f := range g.r.Perm(len(docs))[:min(len(docs), 3+g.r.IntN(4))] {
		if i > 0 {
			g.buf.WriteString(", ")
		}
		fmt.Fprintf(&g.buf, "`%s` (%d)", docs[f], 1+g.r.IntN(30))
	}
	g.buf.WriteString("\n\n---\n\n## Recent Sessions\n\n")
	FillSessions(&g.buf, size, g.opts.Base, g.modeSession, func() time.Duration {
		gap := 10 + g.r.IntN(60*8)
		if g.opts.Mode == "sparse" {
			gap = 2 + g.r.IntN(90)
		}
		return time.Duration(gap) * time.Minute
	})
}

// hotPaths are the few paths the "paths" mode reuses everywhere.
var hotPaths = []string{"src/app/server.ts", "README.md", "docs/api.md", "package.json", "src/db/schema.ts"}

func (g *gen) docPool() []string {
	if g.opts.Mode == "paths" {
		return hotPaths
	}
	return files
}

func (g *gen) modeSession(at time.Time) {
	b := &g.buf
	fmt.Fprintf(b, "## [%s] - %s %s\n", at.Format("2006-01-02 15:04 MST"), g.pick(focusVerbs), g.pick(components))
	fmt.Fprintf(b, "**Project**: %s\n", g.project)
	if g.r.IntN(8) != 0 {
		docs := g.docPool()
		b.WriteString("**Documentation Seen**: ")
		for i, d := range g.r.Perm(len(docs))[:1+g.r.IntN(3)] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "`%s`", docs[d])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n### Learnings\n\n")
	n := 2 + g.r.IntN(8)
	if g.opts.Mode == "sparse" {
		n = 1 + g.r.IntN(2)
	}
	byCat := make([][]string, len(Categories))
	for range n {
		c := g.r.IntN(len(Categories))
		byCat[c] = append(byCat[c], g.modeLearning(c))
	}
	WriteCategories(b, byCat)
	b.WriteString("---\n\n")
}

// modeLearning returns one learning of category c in the current mode.
func (g *gen) modeLearning(c int) string {
	if len(g.recent) > 8 && g.r.Float64() < 0.01 {
		return g.nearDuplicate(g.recent[g.r.IntN(len(g.recent))])
	}
	var s string
	switch g.opts.Mode {
	case "zipf":
		s = g.zipfSentence(8 + g.r.IntN(20))
		if g.r.IntN(3) == 0 {
			s = strings.TrimSuffix(s, ".") + "; " + g.zipfSentence(4+g.r.IntN(10))
		}
	case "long":
		parts := []string{g.templated(c)}
		for range 2 + g.r.IntN(6) {
			if g.r.IntN(2) == 0 {
				parts = append(parts, g.zipfSentence(8+g.r.IntN(16)))
			} else {
				parts = append(parts, capitalise(g.pick(reasons))+".")
			}
		}
		s = strings.Join(parts, " ")
	case "paths":
		p := g.pick(hotPaths)
		switch g.r.IntN(3) {
		case 0:
			s = fmt.Sprintf("In `%s`, %s.", p, strings.TrimSuffix(g.zipfSentence(6+g.r.IntN(10)), "."))
		case 1:
			s = fmt.Sprintf("%s (see `%s:%d`).", strings.TrimSuffix(g.templated(c), "."), p, 1+g.r.IntN(400))
		default:
			s = g.templated(c)
		}
	case "intl":
		switch g.r.IntN(4) {
		case 0:
			s = fmt.Sprintf("%s; %s (Ticket #%d).", g.fill(g.pick(germanSentences)), g.fill(g.pick(germanSentences)), 100+g.r.IntN(9000))
		case 1:
			s = fmt.Sprintf("%s。%s（チケット #%d）。", g.fill(g.pick(japaneseSentences)), g.fill(g.pick(japaneseSentences)), 100+g.r.IntN(9000))
		case 2:
			s = fmt.Sprintf("%s (%s), see PR #%d.", g.fill(g.pick(germanSentences)), g.fill(g.pick(japaneseSentences)), 10+g.r.IntN(4000))
		default:
			s = g.templated(c)
		}
	default:
		s = g.templated(c)
	}
	g.remember(s)
	return s
}

// fill puts a command or component into a sentence with a %s.
func (g *gen) fill(s string) string {
	if !strings.Contains(s, "%s") {
		return s
	}
	if strings.Contains(s, "`%s`") {
		return fmt.Sprintf(s, g.pick(commands))
	}
	return fmt.Sprintf(s, g.pick(components))
}

// templated is a learning from the default templates, without the default
// generator's duplicate draw.
func (g *gen) templated(c int) string {
	rate := g.opts.DuplicateRate
	g.opts.DuplicateRate = -1
	s := g.learning(c)
	g.opts.DuplicateRate = rate
	return s
}

// zipfSentence returns n words drawn from a power-law vocabulary of
// 20000 ranks (exponent 1.1), with now and then a path or inline code.
func (g *gen) zipfSentence(n int) string {
	if g.zipf == nil {
		g.zipf = rand.NewZipf(g.r, 1.1, 2, 20000)
	}
	words := make([]string, 0, n)
	for range n {
		switch g.r.IntN(40) {
		case 0:
			words = append(words, "`"+g.pick(g.docPool())+"`")
		case 1:
			words = append(words, "`"+g.pick(identifiers)+"`")
		default:
			words = append(words, zipfWord(int(g.zipf.Uint64())))
		}
	}
	words = slices.Clip(words)
	return capitalise(strings.Join(words, " ")) + "."
}
