package similar

import (
	"slices"
	"strings"
	"testing"
)

// scoreAgrees checks that what mayBeRelated reads of stored (readTerms:
// its term weight, the weight each candidate shares with it, its
// distinct trigrams and how many of a candidate's it shares) is what
// Compare reads from Prepare: the filter rules a pair out by that Score,
// so it must be Compare's exactly, not a bound of it.
func scoreAgrees(t *testing.T, f *Filter, sc *filterScratch, stored string) {
	t.Helper()
	read := withoutLeadIn(stored)
	sc.readTerms(read, f, nil)
	st := Prepare(read)
	if sc.weight != st.f.weight {
		t.Fatalf("readTerms(%q) weight %v, Prepare's %v", read, sc.weight, st.f.weight)
	}
	want := slices.Clone(st.f.trigrams().wide)
	for _, x := range st.f.trigrams().narrow {
		want = append(want, widen(x))
	}
	slices.Sort(want)
	got := slices.Clone(sc.gramList)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("readTerms(%q) trigrams %d %x, Prepare's %d %x", read, len(got), got, len(want), want)
	}
	for i, c := range f.cands {
		j, shared := weightedJaccard(st.f.terms, c.t.f.terms)
		if sc.shared[i] != shared {
			t.Fatalf("readTerms(%q) shares %v with %q, weightedJaccard %v", read, sc.shared[i], c.t.src, shared)
		}
		// mayBeRelated's Jaccard overlap, from the weights alone.
		if union := sc.weight + c.t.f.weight - shared; union != 0 && shared/union != j {
			t.Fatalf("%q and %q overlap %v by their weights, %v by weightedJaccard", read, c.t.src, shared/union, j)
		}
		if n, m := c.gramSet.count(sc.gramList), sharedGrams(st.f.trigrams(), c.t.trigrams()); n != m {
			t.Fatalf("%q and %q share %d trigrams in the gramTable, %d in sharedGrams", read, c.t.src, n, m)
		}
	}
}

// TestFilterScoreAsCompare holds the Score mayBeRelated rules pairs out
// by to the one Compare reads, term by term and trigram by trigram, on
// texts as people and agents write learnings (anchorTexts, the fold
// seeds), against candidates in ASCII and outside it.
func TestFilterScoreAsCompare(t *testing.T) {
	texts := append(anchorTexts(t), foldSeeds...)
	cands := []string{"Run `make gen` before `go test`.", "Die Zeitüberschreitung beträgt 30 s.",
		"Don't commit the .env file", "josé keeps the ΣΊΣΥΦΟΣ build on İstanbul’s staging"}
	for i := 0; i < len(texts); i += len(texts) / 20 {
		cands = append(cands, texts[i])
	}
	f := NewFilter(cands)
	sc := f.scratch.Get().(*filterScratch)
	for _, s := range texts {
		scoreAgrees(t, f, sc, s)
	}
}

// TestOutOfReachAsMayBeRelated holds readTerms' early stop to
// mayBeRelated: a stored text it stops reading is one the whole read
// rules out for every candidate the weight check let through. The stored
// texts are learnings as people and agents write them (anchorTexts, the
// fold seeds) and long ones of two to six of them in a row, as agents
// write a learning of several sentences; the candidates are some of them.
// A text it reads to the end, gathering its trigrams a word at a time once
// it may stop, reads as the whole read does.
func TestOutOfReachAsMayBeRelated(t *testing.T) {
	texts := append(anchorTexts(t), foldSeeds...)
	stored := slices.Clone(texts)
	for i := 0; i+6 <= len(texts); i += 3 {
		stored = append(stored, strings.Join(texts[i:i+2+i%5], " "))
	}
	cands := []string{"Run `make gen` before `go test`.", "Don't commit the .env file"}
	for i := 0; i < len(texts); i += len(texts) / 20 {
		cands = append(cands, texts[i])
	}
	f := NewFilter(cands)
	sc := f.scratch.Get().(*filterScratch)
	stopped, whole := 0, 0
	for _, s := range stored {
		f.weigh(s, sc)
		f.weightCheck(sc)
		read := withoutLeadIn(s)
		if len(sc.live) == 0 {
			continue
		}
		if sc.readTerms(read, f, sc.live) {
			whole++
			weight, shared, grams := sc.weight, slices.Clone(sc.shared), slices.Clone(sc.gramList)
			sc.readTerms(read, f, nil)
			if weight != sc.weight || !slices.Equal(shared, sc.shared) || !slices.Equal(grams, sc.gramList) {
				t.Errorf("readTerms(%q) with the live candidates: weight %v, shares %v, %d trigrams; the whole read's %v, %v, %d",
					read, weight, shared, len(grams), sc.weight, sc.shared, len(sc.gramList))
			}
			continue
		}
		stopped++
		sc.readTerms(read, f, nil)
		for _, i := range sc.live {
			if got := f.mayBeRelated(int(i), sc); got != unrelated {
				t.Errorf("readTerms stopped reading %q, which mayBeRelated reads as %d with %q", s, got, cands[i])
			}
		}
	}
	if stopped < 20 || whole < 20 {
		t.Errorf("readTerms stopped early on %d of %d texts and read %d to the end: the test checks too little", stopped, len(stored), whole)
	}
	t.Logf("readTerms stopped early on %d of %d texts and read %d to the end", stopped, len(stored), whole)
}

// FuzzFilterScore holds mayBeRelated's Score to Compare's on any pair.
func FuzzFilterScore(f *testing.F) {
	for _, s := range foldSeeds {
		f.Add(s, "Run `make gen` before `go test`.")
	}
	f.Add("Don’t cache the user's tokens -> re-fetch", "don't cache the users token")
	f.Fuzz(func(t *testing.T, stored, cand string) {
		fl := NewFilter([]string{cand})
		scoreAgrees(t, fl, fl.scratch.Get().(*filterScratch), stored)
	})
}

// TestFilterKeepsShortUpdates holds the filter to Compare on short
// learnings with one word or value changed, which Compare calls updates
// from a Score of UpdateThreshold, under sureUpdateScore, and on short
// texts that share a frame and stay apart.
func TestFilterKeepsShortUpdates(t *testing.T) {
	pairs := [][2]string{
		{"Tests must not hit the network", "Tests must not hit the filesystem"},
		{"Secrets come from Vault", "Secrets come from AWS Secrets Manager"},
		{"Back up the SQLite database before the migration", "Back off the retries before the migration"},
		{"Staging deploys from the develop branch", "Staging deploys from the release branch"},
		{"Logs go to Loki", "Logs go to Datadog"},
		{"The API base URL is api.internal", "The API base URL is gateway.internal"},
		{"Invoices are due in 30 days", "Invoices are due in 45 days"},
		{"Die Tests dürfen nicht das Netzwerk nutzen", "Die Tests dürfen nicht das Dateisystem nutzen"},
		{"Builds run on Node 18", "Builds run on Bun"},
	}
	updates := 0
	for _, p := range pairs {
		for _, q := range [2][2]string{p, {p[1], p[0]}} {
			filterAgrees(t, NewFilter([]string{q[1]}), []string{q[1]}, q[0])
			if v := Prepare(q[0]).Compare(Prepare(q[1])); v.Kind == Update && v.Score < sureUpdateScore {
				updates++
			}
		}
	}
	if updates < 4 {
		t.Errorf("only %d updates under %v: the test checks too little", updates, sureUpdateScore)
	}
}

// TestFilterFoldsCaseOutsideASCII holds the filter to Compare where case
// folding outside ASCII changes a word's length or reads it another way
// ("ß" and "SS", "İ" and "i̇", a final sigma, full-width letters, a
// ligature, Cherokee, the Kelvin sign), with the candidate's roots in
// ASCII and outside it, so that the stored text is read raw (foldsAsItIs,
// foldsApart) or folded rune by rune.
func TestFilterFoldsCaseOutsideASCII(t *testing.T) {
	pairs := [][2]string{
		{"Die Straße ist gesperrt", "DIE STRASSE IST GESPERRT"},
		{"Die Straße ist gesperrt", "die strasse ist gesperrt"},
		{"İstanbul ofisi VPN kullanır", "i̇stanbul ofisi vpn kullanır"},
		{"İstanbul ofisi VPN kullanır", "ISTANBUL OFİSİ VPN KULLANIR"},
		{"ΟΔΗΓΟΣ ΕΓΚΑΤΑΣΤΑΣΗΣ ΓΙΑ ΤΟΝ ΚΟΜΒΟ", "οδηγος εγκαταστασης για τον κομβο"},
		{"ΟΔΗΓΟΣ ΕΓΚΑΤΑΣΤΑΣΗΣ ΓΙΑ ΤΟΝ ΚΟΜΒΟ", "οδηγοσ εγκαταστασησ για τον κομβο"},
		{"Ｒｕｎ ｍａｋｅ ｇｅｎ before go test", "run make gen before go test"},
		{"The ﬀmpeg build needs libx264", "The ffmpeg build needs libx264"},
		{"Report the \u212Aelvin reading from the probe", "Report the kelvin reading from the probe"},
		{"ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ keyboard layout ships", "ꮳꮃꭹ ꭶꮼꮒꭿꮝꮧ keyboard layout ships"},
		{"Der Zähler läuft über — neu starten", "DER ZÄHLER LÄUFT ÜBER — NEU STARTEN"},
		{"Der Zähler läuft über", "Der Za\u0308hler la\u0308uft u\u0308ber"},
		{"Le café ferme à 18 h", "LE CAFÉ FERME À 18 H"},
		{"ǅemal runs the dz build", "ǆemal runs the DZ build"},
	}
	related := 0
	for _, p := range pairs {
		for _, q := range [2][2]string{p, {p[1], p[0]}} {
			related += filterAgrees(t, NewFilter([]string{q[1]}), []string{q[1]}, q[0])
			related += filterAgrees(t, NewFilter([]string{"josé", q[1]}), []string{"josé", q[1]}, q[0])
		}
	}
	if related < len(pairs) {
		t.Errorf("only %d related pairs: the test checks too little", related)
	}
}
