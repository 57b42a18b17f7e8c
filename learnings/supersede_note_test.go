package learnings

import "testing"

// TestWrittenNoteAsExpressions holds writtenNote, the short way for the
// note learn writes, to the expressions ParseSuperseded reads any note
// with: where it takes a note, they give the same ID and date, and the
// notes it must leave to them (another ID, another date, other words) are
// left.
func TestWrittenNoteAsExpressions(t *testing.T) {
	byExpressions := func(note string) (by, date string) {
		m := supNote().FindStringSubmatch(note)
		if m == nil {
			t.Fatalf("%q: the note expression does not match", note)
		}
		if id := supID().FindStringSubmatch(m[1]); id != nil {
			by = id[1]
		}
		if d := supDate().FindStringSubmatch(m[1]); d != nil {
			date = d[1]
		}
		return by, date
	}
	for _, tc := range []struct {
		note  string
		taken bool
	}{
		{" (superseded by l1a8aa55 on 2026-10-25)", true},
		{" (superseded by l0000000 on 0000-00-00)", true},
		{" (superseded by lffffff9-2 on 2026-01-31)", true},
		{" (superseded by l1234567-10 on 1999-12-31)", true},
		{" (superseded by l1a8aa55f on 2026-10-25)", false}, // eight hex digits: no ID
		{" (superseded by l1a8aa5 on 2026-10-25)", false},
		{" (superseded by l1a8aa5g on 2026-10-25)", false},
		{" (superseded by l1a8aa55 on 2026-10-2x)", false},
		{" (superseded by l1A8aa55 on 2026-10-25)", false},
		{" (superseded by l1a8aa55- on 2026-10-25)", false},
		{" (superseded by l1a8aa55-x on 2026-10-25)", false},
		{" (superseded by s1a8aa55 on 2026-10-25)", false},
		{" (superseded by l1a8aa55 on 2026-10-255)", false},
		{" (superseded by l1a8aa55 on 2026-1-25)", false},
		{" (superseded by l1a8aa55 on 2026/10/25)", false},
		{" (superseded by l1a8aa55 on 2026-10-25).", false},
		{" (superseded by l1a8aa55 on 2026-10-25 )", false},
		{" (superseded by l1a8aa55 on on 2026-10-25)", false},
		{"  (superseded by l1a8aa55 on 2026-10-25)", false},
		{" (Superseded by l1a8aa55 on 2026-10-25)", false},
		{" (replaced by l1a8aa55 on 2026-10-25)", false},
		{" (superseded by l1a8aa55)", false},
		{" (superseded on 2026-10-25)", false},
		{" — superseded by l1a8aa55 on 2026-10-25", false},
	} {
		by, date, ok := writtenNote(tc.note)
		if ok != tc.taken {
			t.Errorf("writtenNote(%q) took it: %v, want %v", tc.note, ok, tc.taken)
			continue
		}
		if !ok {
			continue
		}
		wantBy, wantDate := byExpressions(tc.note)
		if by != wantBy || date != wantDate {
			t.Errorf("writtenNote(%q) = %q, %q; the expressions read %q, %q", tc.note, by, date, wantBy, wantDate)
		}
		sup, isSup := ParseSuperseded("~~Old text.~~" + tc.note)
		if !isSup || sup.By != wantBy || sup.Date != wantDate || sup.Text != "Old text." {
			t.Errorf("ParseSuperseded of %q = %+v, %v", tc.note, sup, isSup)
		}
	}
}
