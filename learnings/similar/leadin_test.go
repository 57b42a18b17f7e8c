package similar

import (
	"strings"
	"testing"
)

func TestWithoutLeadIn(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Again: the cache is flushed on deploy.", "the cache is flushed on deploy."},
		{"again:the cache is flushed on deploy.", "the cache is flushed on deploy."},
		{"As noted before, the cache is flushed on deploy.", "the cache is flushed on deploy."},
		{"As  mentioned   earlier,  run `make gen` first.", "run `make gen` first."},
		{"Reminder: never push to main.", "never push to main."},
		{"Just a reminder - never push to main.", "never push to main."},
		{"FYI — the API returns 429 after 100 calls.", "the API returns 429 after 100 calls."},
		{"Once again; the API returns 429 after 100 calls.", "the API returns 429 after 100 calls."},
		{"Confirmed: `go test ./...` needs Docker.", "`go test ./...` needs Docker."},
		{"Remember that the staging DB is shared.", "the staging DB is shared."},
		{"Keep in mind that the staging DB is shared.", "the staging DB is shared."},
		{"Note that tabs are used, not spaces.", "tabs are used, not spaces."},
		{"To reiterate, tabs are used, not spaces.", "tabs are used, not spaces."},
		{"Still true: the build needs Go 1.26.", "the build needs Go 1.26."},
		{"PSA: the build needs Go 1.26.", "the build needs Go 1.26."},
		{"Note: Verified: the build needs Go 1.26.", "the build needs Go 1.26."},
		{"Again: as noted before, the build needs Go 1.26.", "the build needs Go 1.26."},
		{"Note: FYI: Again: Reminder: Confirmed: the build needs Go 1.26.", "the build needs Go 1.26."},
		// No lead-in: a word of the fact, no comma or colon, code, a
		// number, a lead-in with nothing after it, or a phrase not listed.
		{"Again the build fails after a rebase.", "Again the build fails after a rebase."},
		{"Still failing: the nightly export.", "Still failing: the nightly export."},
		{"Before deploying, run the migrations.", "Before deploying, run the migrations."},
		{"Earlier: the limit was 50.", "Earlier: the limit was 50."},
		{"Never again: retry a refused payment.", "Never again: retry a refused payment."},
		{"Update: the limit is now 100.", "Update: the limit is now 100."},
		{"Not anymore: the limit is 100.", "Not anymore: the limit is 100."},
		{"`again`: a shell alias.", "`again`: a shell alias."},
		{"3 times: retry the upload.", "3 times: retry the upload."},
		{"Again:", "Again:"},
		{"Note: ", "Note: "},
		{"Remember the milk: it expires.", "Remember the milk: it expires."},
		{"Python: use uv, not pip.", "Python: use uv, not pip."},
		{"In production, the limit is 100.", "In production, the limit is 100."},
		{"Also note that the limit is 100", "Also note that the limit is 100"},
		{"", ""},
	} {
		if got := withoutLeadIn(tc.in); got != tc.want {
			t.Errorf("withoutLeadIn(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLeadInRestatement holds a restatement that only adds or drops a
// lead-in to the same learning, and one that also changes a value to an
// update, over learnings as agents write them.
func TestLeadInRestatement(t *testing.T) {
	facts := []struct{ stored, changed string }{
		{"The deploy script must run from the repo root; it reads `.env` relative to the working directory.",
			"The deploy script must run from the `deploy/` directory; it reads `.env` relative to the working directory."},
		{"Invoice numbers are formatted as INV-YYYY-NNNN and never reused.", "Invoice numbers are formatted as INV-YYYY-NNNNN and never reused."},
		{"The payments API times out after 30 s, so batch jobs send at most 50 charges per request.",
			"The payments API times out after 60 s, so batch jobs send at most 50 charges per request."},
		{"Use pnpm, not npm: the lockfile is pnpm-lock.yaml.", "Use yarn, not npm: the lockfile is yarn.lock."},
		{"Run `ruff format` before committing Python files.", "Run `black` before committing Python files."},
		{"In `testing/testing.go`: The function name serves to identify the test routine.",
			"In `testing/helper.go`: The function name serves to identify the test routine."},
		{"The staging database is shared with QA, so never run destructive migrations there.",
			"The staging database is shared with QA, so run destructive migrations there only on Fridays."},
	}
	leads := []string{"Again: ", "As noted before, ", "Confirmed: ", "Reminder: ", "To repeat, ", "As mentioned earlier, ",
		"Once more: ", "FYI: ", "Note: ", "Heads up: ", "Remember that ", "Keep in mind that ", "As discussed, "}
	for _, f := range facts {
		for _, lead := range leads {
			cand := lead + lowerFirst(f.stored, lead)
			if v := Compare(f.stored, cand); v.Kind != Same {
				t.Errorf("%q against %q: %v (%v), want the same learning", cand, f.stored, v.Kind, v.Changes)
			}
			if v := Compare(cand, f.stored); v.Kind != Same {
				t.Errorf("%q against %q: %v, want the same learning", f.stored, cand, v.Kind)
			}
			if Canonical(cand) != Canonical(f.stored) {
				t.Errorf("Canonical(%q) = %q, want %q", cand, Canonical(cand), Canonical(f.stored))
			}
			upd := lead + lowerFirst(f.changed, lead)
			v := Compare(f.stored, upd)
			if v.Kind == Same {
				t.Errorf("%q against %q: the same learning, want a change", upd, f.stored)
			}
			for _, c := range v.Changes {
				if strings.Contains(strings.ToLower(lead), strings.ToLower(c.New)) && c.New != "" {
					t.Errorf("%q against %q: the diff names the lead-in: %v", upd, f.stored, v.Changes)
				}
			}
		}
	}
}

// lowerFirst lower-cases s's first letter after a lead-in ending in a
// comma or "that", as people write it.
func lowerFirst(s, lead string) string {
	if strings.HasSuffix(lead, ", ") || strings.HasSuffix(lead, "that ") {
		return strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

func FuzzWithoutLeadIn(f *testing.F) {
	for _, s := range []string{"Again: x", "As noted before, y", "Remember that z", "FYI — q", "Note:", "a, b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := withoutLeadIn(s)
		if !strings.HasSuffix(s, got) {
			t.Fatalf("withoutLeadIn(%q) = %q, not a suffix", s, got)
		}
		if got != s && strings.IndexFunc(got, isWordRune) < 0 {
			t.Fatalf("withoutLeadIn(%q) = %q: no word left", s, got)
		}
		if again := withoutLeadIn(got); again != got {
			t.Fatalf("withoutLeadIn(%q) = %q, and again %q", s, got, again)
		}
	})
}

// TestIsPhraseAsPhraseOf holds isPhrase to a look-up of phraseOf, over
// every lead-in written as people and agents write them (capitals, two
// spaces, a tab, a line break) and openings that are no lead-in.
func TestIsPhraseAsPhraseOf(t *testing.T) {
	var openings []string
	for _, set := range []map[string]bool{leadIns(), leadInsThat()} {
		for p := range set {
			openings = append(openings, p, strings.ToUpper(p), strings.ToUpper(p[:1])+p[1:],
				strings.ReplaceAll(p, " ", "  "), strings.ReplaceAll(p, " ", "\t"), " "+p+" ", p+"\n", "\r\n"+p)
		}
	}
	openings = append(openings, "", " ", "Python", "In production", "Use pnpm", "The build", "Remember the milk",
		"As noted  BEFORE", "AS NOTED\u00a0BEFORE", "Noté", "As noted before and after and again and again", "fyi ",
		"a b c d e f g h i j k l m n o p q", "abcdefghijklmnopqrstuvwxyzabcdefghij", " x y z ", "nb\v", "N.B.")
	for _, p := range openings {
		for _, set := range []map[string]bool{leadIns(), leadInsThat()} {
			if got, want := isPhrase(set, p), set[phraseOf(p)]; got != want {
				t.Errorf("isPhrase(%q) = %v, phraseOf reads %q: %v", p, got, phraseOf(p), want)
			}
		}
	}
}

// TestHasASCIIPrefixFold holds hasASCIIPrefixFold to the lower-cased
// copy it replaces.
func TestHasASCIIPrefixFold(t *testing.T) {
	for _, s := range []string{" that x", " THAT x", " That", " that ", " thats", " tHaT the", "that ", "", " th",
		" thät ", " \u212aat ", " that\u00a0", " tha\xff "} {
		want := strings.HasPrefix(strings.ToLower(s[:min(len(s), 6)]), " that ")
		if got := hasASCIIPrefixFold(s, " that "); got != want {
			t.Errorf("hasASCIIPrefixFold(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzIsPhrase(f *testing.F) {
	for _, s := range []string{"As noted before", "FYI", "keep  in\tmind", "Noté", " a "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		for _, set := range []map[string]bool{leadIns(), leadInsThat(), {phraseOf(p): true}} {
			if got, want := isPhrase(set, p), set[phraseOf(p)]; got != want {
				t.Fatalf("isPhrase(%q) = %v, phraseOf reads %q: %v", p, got, phraseOf(p), want)
			}
		}
		if got, want := hasASCIIPrefixFold(p, " that "), strings.HasPrefix(strings.ToLower(p[:min(len(p), 6)]), " that "); got != want {
			t.Fatalf("hasASCIIPrefixFold(%q) = %v, want %v", p, got, want)
		}
	})
}

// TestLeadInOpenersFit holds every first word of a lead-in to the buffer
// opensLikeLeadIn reads it into.
func TestLeadInOpenersFit(t *testing.T) {
	for w := range leadInOpeners() {
		if len(w) >= maxOpener {
			t.Errorf("lead-in opener %q is %d bytes, opensLikeLeadIn reads at most %d", w, len(w), maxOpener-1)
		}
	}
}

// TestOpensLikeLeadInAsCut holds withoutOneLeadIn, which reads only the
// openings opensLikeLeadIn lets through, to cutLeadIn reading every one,
// on texts written as people and agents write learnings and every lead-in
// before them as people write it.
func TestOpensLikeLeadInAsCut(t *testing.T) {
	texts := anchorTexts(t)
	var leads []string
	for _, m := range []map[string]bool{leadIns(), leadInsThat()} {
		for p := range m {
			leads = append(leads, p+": ", strings.ToUpper(p[:1])+p[1:]+", ", " "+strings.ToUpper(p)+" - ", p+" that ", p+" — ", p+"; ", p+"\t,")
		}
	}
	cut := 0
	for i, s := range texts {
		for _, x := range []string{s, leads[i%len(leads)] + s} {
			if got, want := withoutOneLeadIn(x), cutLeadIn(x); got != want {
				t.Fatalf("withoutOneLeadIn(%q) = %q, cutLeadIn's %q", x, got, want)
			} else if got != x {
				cut++
			}
		}
	}
	if cut < len(texts)/2 {
		t.Errorf("only %d of %d texts lost a lead-in: the test checks little", cut, 2*len(texts))
	}
}

// FuzzOpensLikeLeadIn holds withoutOneLeadIn to cutLeadIn on any text.
func FuzzOpensLikeLeadIn(f *testing.F) {
	for _, s := range []string{"Again: x", "As noted before, y", "Remember that z", "FYI — q", "N.B.: w", "heads-up: v", "Double-checked, u"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := withoutOneLeadIn(s), cutLeadIn(s); got != want {
			t.Fatalf("withoutOneLeadIn(%q) = %q, cutLeadIn's %q", s, got, want)
		}
	})
}
