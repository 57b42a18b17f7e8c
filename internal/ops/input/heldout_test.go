package input

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/pairfile"
	"github.com/learn-memory/learn/learnings"
)

// heldoutSets are the held-out sets for summarise's decision: pairs
// written by hand before the first run, never tuned on. heldout2 was
// written after issue 24's first tuning and before its measuring, in other
// domains and other words, to report honestly on pairs nobody tuned on.
// heldout3 was written after issue 24's second round and before its
// measuring, in ten more domains, for the same reason: heldout2's
// DUPLICATE misses were described to an engineer, so it is no longer clean.
// heldout4 was written during issue 24's fourth round and before its
// measuring, in ten more domains, weighted toward rewordings with common
// synonyms (one word, several, a phrase for a word), written without
// reading similar's word tables. heldout5 was written during issue 24's
// fifth round and before its measuring, in ten more domains, weighted the
// same way and written the same way. heldout6 was written during issue
// 24's sixth round and before its measuring, in ten more domains, weighted
// toward the everyday swaps a tester reaches for first (start and begin,
// use and utilize, fix and repair), each used once, and value changes
// between words that are not synonyms. heldout7 was written during issue
// 24's seventh round and before its measuring, in ten more domains: fifty
// one-word swaps of everyday synonyms (choose and pick, make sure and
// ensure, remove and delete, stop and halt), each used once, ten pairs
// with two swaps, and value changes between words that are not synonyms.
// heldout8 was written during issue 24's eighth round and before its
// measuring, in ten more domains, about how an agent restates a fact it
// already stored: thirty one-word swaps of everyday synonyms (need and
// require, check and verify, problem and issue), each used once, twenty
// with two or three swaps, ten moved clauses, dropped articles and
// contractions, and value changes, some beside a harmless swap.
// heldout9 was written in issue 24's ninth round and before its measuring, in
// ten more domains, for the goal that a rewording with common
// synonyms is DUPLICATE: forty one-word swaps of everyday synonyms the way
// an agent restates (begin and start, need and require, pick and choose),
// twenty with two or three swaps, ten reordered or rephrased, thirty value,
// version, path, flag or name changes (ten beside a harmless swap) and
// twenty other facts on the same subject.
// In issue 24's round 11 heldout9 was retired to development: its misses
// were read to find what agents' restatements do that the rules missed.
// In round 14 heldout12 was retired to development for the same reason:
// half its swaps of everyday words were called updates, and six rounds of
// rules moved none of its totals, so its misses are read now. heldout13
// followed in round 15, and heldout14 in round 16 (DUPLICATE 23 of 70,
// UPDATE 23 of 30, NEW 20 of 20 when it was retired).
// heldout10 was written in issue 24's round 10 and before its measuring,
// in ten more domains (a beekeepers' co-op, burial records, a dry
// cleaner, piano tuning, a tattoo studio, blood donation, a touring
// circus, a food bank, a bowling alley, a driving school), for the same
// goal: forty one-word swaps of everyday words, each another word,
// twenty with two or three swaps, ten reordered or rephrased, thirty
// value, version, path or flag changes (ten beside a harmless swap) and
// twenty other facts on the same subject.
// heldout11 was written in issue 24's round 11 and before its measuring,
// in ten more domains (a ferry line's vehicle bookings, a climbing gym, a
// dog grooming salon, hot-air balloon rides, an industrial bakery's
// planner, a community orchestra's music library, a hearing clinic, a
// zoo's feeding records, a wedding venue, a plant nursery's greenhouse
// controller), for the same goal: forty one-word swaps of everyday words
// the way an agent restates, each another word, twenty with two or three
// swaps, ten reordered or rephrased, thirty value, version, path, flag or
// name changes (ten beside a harmless swap) and twenty other facts on the
// same subject.
// heldout12 was written in issue 24's round 12 and before its measuring,
// in ten more domains (a coffee roastery's roast profiles, a car wash
// chain's memberships, an observatory's telescope scheduling, a swimming
// pool's lane bookings, a hotel laundry's linen tracking, a locksmith's
// job dispatch, a vineyard's harvest records, a recycling plant's sorting
// line, a sailing school's courses, a community radio station's playout),
// for the same goal: forty one-word swaps of everyday words the way an
// agent restates, each another word, twenty with two or three swaps, ten
// reordered or rephrased, thirty value, version, path, flag or name
// changes (ten beside a harmless swap) and twenty other facts on the same
// subject.
// heldout13 was written in issue 24's round 13 and before its measuring,
// in ten more domains (a livestock auction mart's sale ring, a mountain
// rescue team's callout app, a makerspace's 3D printer queue, a farrier's
// appointment book, a cheese maker's ripening caves, a museum's loans and
// condition reports, a taxi firm's meters and fares, a solar installer's
// site survey app, a children's summer camp's bookings, a model railway
// club's DCC layout), for the same goal: forty one-word swaps of everyday
// words the way an agent restates, each another word, twenty with two or
// three swaps, ten reordered or rephrased, thirty value, version, path,
// flag or port changes (nine beside a harmless swap) and twenty other
// facts on the same subject.
// heldout14 was written in issue 24's round 14 and before its measuring,
// in ten more domains (a tree surgery firm's quotes, a sign language
// interpreting agency's bookings, a pet cremation service, a bicycle
// courier co-op's dispatch, a trampoline park's sessions, an escape
// room's game master console, a scaffolding hire yard, a school's lunch
// pre-orders, a vinyl pressing plant, a chain of phone repair kiosks),
// for the same goal: forty one-word swaps of everyday words the way an
// agent restates, each another word, twenty with two or three swaps, ten
// reordered or rephrased, thirty value, path or name changes (ten beside
// a harmless swap) and twenty other facts on the same subject.
// heldout15 was written in issue 24's round 15 and before its measuring,
// in ten more domains (a riding school's lesson bookings, an allotment
// society's plots and waiting list, an MOT garage's bookings, a window
// cleaning round, an independent cinema's screenings, a yarn shop's
// online orders, a beach lifeguard service's patrol log, a chimney
// sweep's bookings, a pottery studio's kiln firings, a removals firm's
// job planner), for the same goal: forty one-word swaps of everyday words
// the way an agent restates, each another word, twenty with two or three
// swaps, ten reordered or rephrased, thirty value, version, path, flag or
// condition changes (ten beside a harmless swap) and twenty other facts
// on the same subject.
// heldout16 was written in issue 24's round 16 and before its measuring,
// in ten more domains (an ice rink's skating sessions, a hospital car
// park's permits, a film equipment rental house, a wind farm's
// maintenance log, a fishing boat's catch records, a golf club's tee
// times, a dance school's exam entries, a church hall's bookings, an
// opticians' recall letters, a boarding kennels), for the same goal:
// forty one-word swaps of everyday words the way an agent restates, each
// another word, twenty with two or three swaps, ten reordered or
// rephrased, thirty value, version, path or name changes (ten beside a
// harmless swap) and twenty other facts on the same subject.
// heldout17 was written in issue 24's round 17 and before its measuring,
// in ten more domains (a guitar repair workshop's job tickets, a funeral
// director's arrangements, a karaoke bar's room bookings, a farm shop's
// veg box subscriptions, a mobile tyre fitter's van rounds, an archery
// club's range sessions, a tutoring agency's lesson matching, a bridal
// shop's fitting appointments, a village post office's parcel counter, a
// canoe hire centre's boat bookings), for the same goal: forty one-word
// swaps of everyday words the way an agent restates, each another word,
// twenty with two or three swaps, ten reordered or rephrased, thirty
// value, version, path, flag or name changes (ten beside a harmless swap)
// and twenty other facts on the same subject.
// heldout18 was written in issue 24's round 18 and before its measuring,
// in ten more domains (a chiropody clinic's appointments, a skip hire
// firm's bookings, a community choir's rehearsals, student halls'
// maintenance requests, an amateur football club's kit orders, a hair
// salon's bookings, a farm's grain store and dryer, a children's day
// nursery's meals, an animal rescue centre's adoptions, a holiday cottage
// agency's changeovers), for the same goal: forty one-word swaps of
// everyday words the way an agent restates, each another word, twenty
// with two or three swaps, ten reordered or rephrased, thirty value,
// version, path or name changes (ten beside a harmless swap) and twenty
// other facts on the same subject.
// heldout19 was written in issue 24's round 19 and before its measuring,
// in ten more domains (a tool lending library's loans, a city marathon's
// race entries, a community pharmacy's repeat prescriptions, a roofing
// contractor's quotes, a screen printing studio's orders, a soft play
// centre's party bookings, a pest control firm's call-outs, a dog walking
// service's walks, a dial-a-ride minibus service's trips, a scuba diving
// centre's dive trips), for the same goal: forty one-word swaps of
// everyday words the way an agent restates, each another word, twenty
// with two or three swaps, ten reordered or rephrased, thirty value,
// version, path, flag or name changes (ten beside a harmless swap) and
// twenty other facts on the same subject.
// heldout20 was written in issue 24's round 20 and before its measuring,
// in ten more domains (a florist's deliveries, a sports physiotherapy
// clinic's appointments, a bicycle repair workshop's service bookings, a
// portrait photography studio's shoots, a carpet cleaning firm's jobs, a
// kitchen fitter's installations, a language school's evening classes,
// an electrician's PAT testing rounds, a youth hostel's bed bookings, a
// cake shop's custom orders), for the same goal: forty one-word swaps of
// everyday words the way an agent restates, each another word, twenty
// with two or three swaps, ten reordered or rephrased, thirty value,
// version, path or name changes (ten beside a harmless swap) and twenty
// other facts on the same subject.
// heldout21 was written in issue 24's round 21 and before its measuring,
// in ten more domains (a car club's vehicle bookings, a bouncy castle hire
// firm's parties, a seaside council's beach hut lets, a sports hall's
// badminton courts, a gritting contractor's winter routes, an ice cream
// van's rounds, a caravan servicing workshop, a village cricket club's
// fixtures, a tailor's alterations, a hospice charity shop's donations),
// for the same goal: forty one-word swaps of everyday words the way an
// agent restates, each another word, twenty with two or three swaps, ten
// reordered or rephrased, and thirty value, path or direction changes
// (before and after, from and to swapped, above and below, at least and
// at most, earliest and latest, left and right, clockwise and
// anticlockwise; ten beside a harmless swap) and twenty other facts on
// the same subject.
var heldoutSets = []string{
	"../../../learnings/similar/testdata/heldout/pairs.txt",
	"../../../learnings/similar/testdata/heldout2/pairs.txt",
	"../../../learnings/similar/testdata/heldout3/pairs.txt",
	"../../../learnings/similar/testdata/heldout4/pairs.txt",
	"../../../learnings/similar/testdata/heldout5/pairs.txt",
	"../../../learnings/similar/testdata/heldout6/pairs.txt",
	"../../../learnings/similar/testdata/heldout7/pairs.txt",
	"../../../learnings/similar/testdata/heldout8/pairs.txt",
	"../../../learnings/similar/testdata/heldout9/pairs.txt",
	"../../../learnings/similar/testdata/heldout10/pairs.txt",
	"../../../learnings/similar/testdata/heldout11/pairs.txt",
	"../../../learnings/similar/testdata/heldout12/pairs.txt",
	"../../../learnings/similar/testdata/heldout13/pairs.txt",
	"../../../learnings/similar/testdata/heldout14/pairs.txt",
	"../../../learnings/similar/testdata/heldout15/pairs.txt",
	"../../../learnings/similar/testdata/heldout16/pairs.txt",
	"../../../learnings/similar/testdata/heldout17/pairs.txt",
	"../../../learnings/similar/testdata/heldout18/pairs.txt",
	"../../../learnings/similar/testdata/heldout19/pairs.txt",
	"../../../learnings/similar/testdata/heldout20/pairs.txt",
	"../../../learnings/similar/testdata/heldout21/pairs.txt",
}

// heldoutPair is one block of a held-out set: the verdict summarise should
// give, what kind of change the pair shows, the stored learning and the
// candidate.
type heldoutPair struct {
	want, kind, stored, cand string
	line                     int
}

func loadHeldout(t *testing.T, heldoutPairs string) []heldoutPair {
	t.Helper()
	ps, err := pairfile.Read(heldoutPairs)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]heldoutPair, len(ps))
	for i, p := range ps {
		want, kind, _ := strings.Cut(p.Label, " ")
		switch want {
		case "DUPLICATE", "UPDATE", "NEW":
		default:
			t.Fatalf("%s:%d: verdict %q, want DUPLICATE, UPDATE or NEW", heldoutPairs, p.Line, want)
		}
		out[i] = heldoutPair{want: want, kind: kind, stored: p.Stored, cand: p.Cand, line: p.Line}
	}
	return out
}

// decide gives summarise's verdict on cand against a memory that holds
// only stored: both are read the way summarise reads them (the stored one
// from a memory file, the candidate as stdin), then AgainstStored decides.
// decide is summarise's verdict on the pair at where. A pair that does not
// read as one learning fails the test, by its text only when shown: a
// held-out pair is named by its place alone.
func decide(t *testing.T, where string, shown bool, stored, cand string) string {
	t.Helper()
	quote := func(s string) string {
		if shown {
			return fmt.Sprintf("%q", s)
		}
		return "(held out, not shown)"
	}
	doc := learnings.Parse([]byte("## [2026-11-01 10:00 CET] - Held-out pair\n\n### Learnings\n\n**Fresh Discoveries:**\n- " + stored + "\n"))
	ls := doc.Learnings()
	if len(ls) != 1 || len(doc.Problems) > 0 {
		t.Fatalf("%s: stored learning %s reads as %d learnings, %d problems", where, quote(stored), len(ls), len(doc.Problems))
	}
	cands, problems, _ := Parse([]byte("**Fresh Discoveries:**\n- " + cand + "\n"))
	if len(cands) != 1 || len(problems) > 0 {
		t.Fatalf("%s: candidate %s reads as %d learnings, %d problems", where, quote(cand), len(cands), len(problems))
	}
	k := AgainstStored(ls, []string{cands[0].Text})[0]
	switch {
	case k.Same != nil:
		return "DUPLICATE"
	case k.Update != nil:
		return "UPDATE"
	}
	return "NEW"
}

// heldoutFloor is the least number of pairs of each verdict the decision
// must get right, per set: the score of the code, not a goal. When
// heldout was added (3b7fae8): DUPLICATE 17 of 41, the other 24 called UPDATE; UPDATE
// 37 of 38; NEW 25 of 25. With the synonym table and the one-change rule
// (issue 24): DUPLICATE 30, UPDATE 36 (a flipped negation that also adds
// a clause, "Never run the seed script against staging" and "Always run
// it against staging after a reset", now reads as two changes), NEW 25.
// Raise it when the decision gets better. heldout2's floors are its score
// at 206e4b1, when it was added: DUPLICATE 19 of 47 (synonyms outside the
// table read as UPDATE or NEW), UPDATE 41 of 48 (four of five "instead
// of" rewrites, two changed commands and a flipped negation read as NEW),
// NEW 25 of 25. After issue 24's second round (role words, the wider
// lexicon, spelling by suffix, passive voice, a pronoun for a moved noun):
// heldout DUPLICATE 35, UPDATE 36, NEW 25; heldout2 DUPLICATE 39, UPDATE
// 42, NEW 25. heldout2's DUPLICATE figure is no longer a clean held-out
// measure: the lead described the kinds of its misses, with example word
// pairs, to the engineer who widened the lexicon. heldout3's floors are
// its score at 4473107, its first run: DUPLICATE 27 of 53, UPDATE 44 of
// 50 (none called DUPLICATE), NEW 25 of 25. After issue 24's third round
// (runs of words read as one, "after" read as "before", an adverb
// anywhere in its clause, "instead of Y" and ", not Y" naming the old
// value, a change inside one command): heldout DUPLICATE 36 (an adverb
// moved), heldout2 UPDATE 44 (an "instead of" and a changed command);
// heldout3, measured by the lead after that round's merge, nobody having
// read it: DUPLICATE 32 of 53, UPDATE 46 of 50 (none called DUPLICATE).
// heldout4's floors are its score at 4161b50, its first run, before issue
// 24's fourth round was merged: DUPLICATE 40 of 108 (synonym 18 of 50,
// synonyms 0 of 16, phrase 6 of 13, mixed 0 of 9; 45 called UPDATE, 23
// NEW), UPDATE 50 of 52 (none called DUPLICATE, 2 called NEW), NEW 26 of
// 26.
// After issue 24's fourth round (the lexicon widened over the common words
// of developer prose, lexicon3): heldout DUPLICATE 38 ("inactivity" and
// "idleness", "PRs" and "pull requests"), heldout2 DUPLICATE 41 ("kept"
// for "retained", "asks" for "requests"); the floors of heldout3 and
// heldout4 are the lead's to raise. Measured by the lead after that
// round's merge (0dae861), nobody having read their pairs: heldout3
// DUPLICATE 38 of 53 (10 called UPDATE, 5 NEW), heldout4 DUPLICATE 47 of
// 108 (synonym 22 of 50; 41 called UPDATE, 20 NEW); UPDATE and NEW
// unchanged, none called DUPLICATE. heldout5's floors are its score at
// 7d9c6a0, its first run, before issue 24's fifth round was merged:
// DUPLICATE 47 of 119 (synonym 31 of 66, synonyms 1 of 17, phrase 4 of
// 14, mixed 1 of 9; 58 called UPDATE, 14 NEW), UPDATE 58 of 58 (value 16
// of 16), NEW 26 of 26. After issue 24's fifth round (lexicon5's sweep of
// phrasal verbs and everyday words), measured by the lead after its merge
// (88c3055), nobody having read their pairs: heldout4 DUPLICATE 50 of 108
// (synonym 23 of 50; 38 called UPDATE, 20 NEW), heldout5 DUPLICATE 48 of
// 119 (synonym 31 of 66, phrase 5 of 14; 56 called UPDATE, 15 NEW); UPDATE
// and NEW unchanged, none called DUPLICATE. heldout6's floors are its
// score at e987a3e, its first run, before issue 24's sixth round was
// merged: DUPLICATE 83 of 121 (synonym 62 of 75, synonyms 1 of 15, phrase
// 10 of 12, mixed 2 of 8; 24 called UPDATE, 14 NEW), UPDATE 51 of 56
// (value 16 of 17, now-uses 0 of 3, instead-of 2 of 3; none called
// DUPLICATE, 5 called NEW), NEW 25 of 25. After the sixth round
// (hyphenated compounds, everyday synonyms, reword5's structural rules),
// measured by the lead with nobody having read the pairs: heldout5
// DUPLICATE 50, heldout6 86.
// heldout7's floors are its score at ba0f42e, its first run, before
// issue 24's seventh round was merged: DUPLICATE 50 of 60 (synonym 42 of
// 50, synonyms 8 of 10; 9 called UPDATE, 1 NEW), UPDATE 37 of 40 (value
// 17 of 17; none called DUPLICATE, 3 called NEW), NEW 20 of 20. After
// the seventh round (reword6's common synonyms, the degree words and the
// code rule), measured by the lead with nobody having read the pairs:
// heldout4 DUPLICATE 51, heldout6 90, heldout7 53; UPDATE and NEW
// unchanged, none called DUPLICATE.
// heldout8's floors are its score at 01fb2a8, its first run, before
// issue 24's eighth round was merged: DUPLICATE 46 of 60 (synonym 26 of
// 30, synonyms 12 of 20, phrase 8 of 10; 14 called UPDATE, none NEW),
// UPDATE 33 of 40 (value 16 of 20, no-longer 0 of 2, instead-of 2 of 3;
// none called DUPLICATE, 7 called NEW), NEW 20 of 20. After the eighth
// round (reword7's restatements: clause rotations, "A of B" with other
// rules, less common words), measured by the lead with nobody having read
// the pairs: heldout4 DUPLICATE 52, heldout5 51, heldout6 91, heldout8
// unchanged; UPDATE and NEW unchanged, none called DUPLICATE.
// heldout9's floors are its score at 48b4bae, its first run, before issue
// 24's round 8 was merged, measured on totals only: DUPLICATE 33 of 70
// (28 called UPDATE, 9 NEW), UPDATE 24 of 30 (none called DUPLICATE, 6
// called NEW), NEW 20 of 20. After the ninth round (reword8's negation
// forms, one change in texts worded apart and words alike only when
// counting changes; lexicon9's common groups; compound9's compounds),
// measured by the lead with nobody having read the pairs: heldout
// UPDATE 37, heldout3 DUPLICATE 40, heldout4 53; heldout9 unchanged; none
// called DUPLICATE. heldout9 was retired to development in round 11
// (decision11 read its misses): once "unsure", "phone", "jams",
// "clogged", "call off", "working days", "still", "otherwise" and "as
// done" read as their restatements do, DUPLICATE 42; once a clause that
// opens a text could be read as the end of the next, 43. Once a value
// changed beside a swap of two common words the tables know read as one
// change (decision12, commonSwap), UPDATE 27; once "push" read as "send"
// and "reschedule" as "move" where a change is counted, 29; once a verb
// that undoes an act ("cancel", "delete") never was such a swap, 28 (left:
// "thrown" and "bowled", no table's words; "fall" and "drop", which reads
// as "remove"); once "fill in" read as "complete", DUPLICATE 44.
// heldout10's floors are its score at c4fb4a7, its first run, before
// issue 24's round 10 was merged, measured on totals only: DUPLICATE 30
// of 70 (31 called UPDATE, 9 NEW), UPDATE 29 of 30 (none called
// DUPLICATE, 1 called NEW), NEW 20 of 20.
// heldout11's floors are its score at 9a8b179, its first run, before
// issue 24's round 11 was merged, measured on totals only: DUPLICATE 23
// of 70 (30 called UPDATE, 17 NEW), UPDATE 21 of 30 (none called
// DUPLICATE, 9 called NEW), NEW 20 of 20.
// After issue 24's eleventh round (decision11's word tables, must/may
// kept apart, a clause moved to the front), measured by the lead with
// nobody having read the pairs: heldout8 DUPLICATE 48, heldout10 31,
// heldout11 24; UPDATE and NEW unchanged, none called DUPLICATE.
// heldout12's floors are its score at 853f2e8 on main's ce77739, its
// first run, before issue 24's round 12 was merged, measured on totals
// only: DUPLICATE 17 of 70 (35 called UPDATE, 18 NEW), UPDATE 27 of 30
// (none called DUPLICATE, 3 called NEW), NEW 20 of 20.
// After issue 24's twelfth round (decision12: a number changed beside a
// one-for-one swap of two words the tables know is one change; loose
// groups for counting changes), measured by the lead with nobody having
// read the pairs: heldout5 DUPLICATE 52, heldout8 UPDATE 34, heldout11
// UPDATE 22, heldout12 UPDATE 28; the rest unchanged, none called
// DUPLICATE.
// heldout12 retired to development in round 14 (decision14 read its
// misses). Two texts that differ by words WordNet 3.0 pairs in their
// first two senses were read as the same learning for a while
// (sameOnceSwapped: DUPLICATE 22 here, +15 over the held-out sets), then
// taken out: on 89 updates and other facts written to probe it
// (similar/testdata/wordnet_traps.txt) it called 83 the same, and 21
// still after its best guard ("the final price" / "the net price", "a
// room" / "a suite", "branch" / "fork"), and a DUPLICATE makes store skip
// the correction. "higher than" read as "over" as "above" does stayed:
// DUPLICATE 18.
// heldout13's floors are its score at 428cb7f on main's 78e965f, its
// first run, before issue 24's round 13 was merged, measured on totals
// only: DUPLICATE 19 of 70 (41 called UPDATE, 10 NEW), UPDATE 28 of 30
// (none called DUPLICATE, 2 called NEW), NEW 20 of 20.
// heldout13 retired to development in round 15 (decision15 read its
// misses): DUPLICATE 24 once "to let" read as "so" and "settle" as "pay",
// "hidden" as "concealed", "beginner" as "novice", "middle" as "centre";
// heldout12 DUPLICATE 19 once a passive clause read as active kept the
// word that opens it first.
// heldout14's floors are its score at 6a4c8b6, its first run, before
// issue 24's round 14 was merged, measured on totals only: DUPLICATE 23
// of 70 (35 called UPDATE, 12 NEW), UPDATE 23 of 30 (none called
// DUPLICATE, 7 called NEW), NEW 20 of 20.
// After issue 24's round 15 (decision15: a passive read as active, a noun
// of an action as its verb, "the Y of X" as a compound, "to let" as "so",
// five everyday pairs; rev15a's review of them), measured by the lead
// with nobody having read the pairs: heldout7 DUPLICATE 54, heldout8
// DUPLICATE 49, heldout15 DUPLICATE 22; the rest unchanged, none called
// DUPLICATE.
// In issue 24's round 16 heldout14 was retired to development (its misses
// read by decision16): DUPLICATE 32 once its everyday swaps read alike
// (travel/journey, hint/clue, scrapped/discarded, ...), UPDATE 24 once
// the past forms stemming misses read as their verb ("lost").
// In issue 24's round 17 heldout15 was retired to development (DUPLICATE
// 23, UPDATE 27, NEW 20 when it was; its misses read by decision17), and
// heldout17 written before that round's measuring took its place.
// heldout15 DUPLICATE 29 once little, differ, view and lowest read as
// small, vary, see and bottom, and "straight after", "just for", "drop
// off", "turn down", "hold back" and "keep back" as phrases; with them
// heldout13 DUPLICATE 26 and heldout14 33, none called DUPLICATE. The
// lead measured the held-out sets once after merging it and raised the
// floors it lifted: heldout4 DUPLICATE 54, heldout6 93, heldout10 32,
// heldout11 26, heldout16 UPDATE 24.
// In issue 24's round 18 heldout16 was retired to development (DUPLICATE
// 15, UPDATE 24, NEW 20 when it was, the fewest DUPLICATE of any held-out
// set), so its misses can be read; heldout18, written before that round's
// measuring, takes its place. heldout16 DUPLICATE 20 once "a fortnight"
// read as "two weeks", "on the website" as "online", and normal and
// ordinary, climb and ascend, move and transfer alike (decision18); the
// rest of its misses are swaps kept apart for a second sense (hire and
// rent, staff and workers, port and harbour), several of them at once, and
// clauses rebuilt around a relative clause or a pronoun; its six updates
// called new change a value beside such a swap (leaves and departs, last
// and final, returned and refunded). The lead measured the held-out
// sets once after merging it and raised the floor it lifted: heldout4
// DUPLICATE 55.
// In issue 24's round 19 heldout17 was retired to development (DUPLICATE
// 18, UPDATE 25, NEW 20 when it was, the fewest DUPLICATE of the held-out
// sets), so its misses can be read; heldout19, written before that
// round's measuring, takes its place. heldout17 DUPLICATE 22 once the
// pronouns written two ways ("anybody", "no one") and "as well as",
// "regardless of", "take away" and "straight from" read as their words
// (decision19); the rest of its misses are one-word swaps no table reads
// (18), swaps kept apart for a second sense (5), several swaps at once
// (18), clauses rebuilt (7), and five updates called new where a value
// changes beside such a swap.
// In issue 24's round 20 heldout18 was retired to development (DUPLICATE
// 28, UPDATE 26, NEW 20 when it was, unchanged since its first run), so
// its misses can be read. heldout18 DUPLICATE 37 and UPDATE 29 once "let
// X know", "takes place", "hand out", "give out", "take a photo of", "go
// into", "turn up", "dispose of", "arrive from", "rings the" and "leaves
// at" or "by" read as their words, "once a week" as "weekly", hire as
// rental, veg as vegetable, exchanged as swapped, and "serve" and
// "distribute" as "give" where a change is counted (decision20,
// swaps20.txt); with them heldout14 DUPLICATE 34, heldout16 21 and
// heldout17 24. The lead measured the held-out sets once after merging it
// and raised the floors it lifted: heldout5 DUPLICATE 54, heldout10 33,
// heldout11 28, heldout19 27, heldout20 15. heldout18 DUPLICATE 36 once
// "rings" took no "every" or "his" into its run (rev20a): taken, "rings
// every customer" and "rings any customer" read the same. The rest of its
// misses are one-word swaps no table reads (11), swaps kept apart for a
// second sense (5), several swaps at once (16), a clause rebuilt (1), and
// one update called new ("visits" and "inspects" beside "once every two
// months").
// In issue 24's round 21 heldout19 was retired to development (DUPLICATE
// 27, UPDATE 27, NEW 20 when it was; 24/27/20 at its first run), so its
// misses can be read. heldout19 DUPLICATE 33 once "no more than", "let us
// know", "put back", "comes in", "leaves the" and "held for" read as
// their words (decision21, swaps21.txt); with them heldout16 UPDATE 25
// and heldout17 DUPLICATE 25, and heldout18 DUPLICATE 37 once "apply for"
// read as "request". The rest of its misses are one-word swaps
// no table reads (10), swaps kept apart for a second sense (8: warns and
// alerts, order and request, pick up and collect, sets up and prepares, a
// little bag, offers and shows, cancelled and stopped, "the bus leaves"),
// several swaps at once with one of them unread (14; the tables read
// several swaps as readily as one), clauses rebuilt (5), and three
// updates called new where a value changes beside such a swap.
var heldoutFloor = map[string]map[string]int{
	"heldout": {
		"DUPLICATE": 38,
		"UPDATE":    37,
		"NEW":       25,
	},
	"heldout2": {
		"DUPLICATE": 41,
		"UPDATE":    44,
		"NEW":       25,
	},
	"heldout3": {
		"DUPLICATE": 41,
		"UPDATE":    46,
		"NEW":       25,
	},
	"heldout4": {
		"DUPLICATE": 55,
		"UPDATE":    50,
		"NEW":       26,
	},
	"heldout5": {
		"DUPLICATE": 54,
		"UPDATE":    58,
		"NEW":       26,
	},
	"heldout6": {
		"DUPLICATE": 93,
		"UPDATE":    51,
		"NEW":       25,
	},
	"heldout7": {
		"DUPLICATE": 54,
		"UPDATE":    37,
		"NEW":       20,
	},
	"heldout8": {
		"DUPLICATE": 49,
		"UPDATE":    34,
		"NEW":       20,
	},
	"heldout9": {
		"DUPLICATE": 44,
		"UPDATE":    28,
		"NEW":       20,
	},
	"heldout10": {
		"DUPLICATE": 33,
		"UPDATE":    29,
		"NEW":       20,
	},
	"heldout11": {
		"DUPLICATE": 28,
		"UPDATE":    22,
		"NEW":       20,
	},
	"heldout12": {
		"DUPLICATE": 19,
		"UPDATE":    28,
		"NEW":       20,
	},
	"heldout13": {
		"DUPLICATE": 26,
		"UPDATE":    28,
		"NEW":       20,
	},
	"heldout14": {
		"DUPLICATE": 34,
		"UPDATE":    24,
		"NEW":       20,
	},
	// heldout15's floors are its score at c95c666, its first run, before
	// issue 24's round 15 was merged: DUPLICATE 21 of 70 (37 called
	// UPDATE, 12 NEW), UPDATE 27 of 30 (none called DUPLICATE, 3 called
	// NEW), NEW 20 of 20.
	"heldout15": {
		"DUPLICATE": 29,
		"UPDATE":    27,
		"NEW":       20,
	},
	// heldout16's floors are its score at eea1da5 on main's 0fd6fec, its
	// first run, before issue 24's round 16 was merged, measured on totals
	// only: DUPLICATE 14 of 70 (33 called UPDATE, 23 NEW), UPDATE 23 of 30
	// (none called DUPLICATE, 7 called NEW), NEW 20 of 20. After round 16
	// (decision16: "only" beside its verb, a time fronted before a
	// passive, a passive's agent phrase, past forms, everyday swaps)
	// heldout3, heldout6, heldout15 and heldout16 gained one DUPLICATE
	// each, and their floors were raised by the lead.
	"heldout16": {
		"DUPLICATE": 21,
		"UPDATE":    25,
		"NEW":       20,
	},
	// heldout17's floors are its score at the evalset17 branch on main's
	// 1ab6097, its first run, before issue 24's round 17 was merged,
	// measured on totals only: DUPLICATE 18 of 70 (33 called UPDATE, 19
	// NEW), UPDATE 25 of 30 (none called DUPLICATE, 5 called NEW), NEW 20
	// of 20.
	"heldout17": {
		"DUPLICATE": 25,
		"UPDATE":    25,
		"NEW":       20,
	},
	// heldout18's floors are its score at 2f5a7f9 on main's cc3fa4f, its
	// first run, before issue 24's round 18 was merged, measured on totals
	// only: DUPLICATE 28 of 70 (28 called UPDATE, 14 NEW), UPDATE 26 of 30
	// (none called DUPLICATE, 4 called NEW), NEW 20 of 20.
	"heldout18": {
		"DUPLICATE": 37,
		"UPDATE":    29,
		"NEW":       20,
	},
	// heldout19's floors are its score at 7f48b92 on main's a05fedb, its
	// first run, before issue 24's round 19 was merged, measured on totals
	// only: DUPLICATE 24 of 70 (25 called UPDATE, 21 NEW), UPDATE 27 of 30
	// (none called DUPLICATE, 3 called NEW), NEW 20 of 20.
	"heldout19": {
		"DUPLICATE": 33,
		"UPDATE":    27,
		"NEW":       20,
	},
	// heldout20's floors are its score at the evalset20 branch on main's
	// b2539f9, its first run, before issue 24's round 20 was merged,
	// measured on totals only: DUPLICATE 14 of 70 (37 called UPDATE, 19
	// NEW), UPDATE 25 of 30 (1 called DUPLICATE, 4 called NEW), NEW 20 of
	// 20. The update called DUPLICATE changed a value only by a closing
	// "+"; once a closing "+" or "#" and a negative number's sign were
	// part of the value (the lead, marks20.txt), none was: UPDATE 26.
	"heldout20": {
		"DUPLICATE": 16,
		"UPDATE":    26,
		"NEW":       20,
	},
	// heldout21's floors are its score at the evalset21 branch on main's
	// e837386, its first run, before issue 24's round 21 was merged,
	// measured on totals only: DUPLICATE 19 of 70 (34 called UPDATE, 17
	// NEW), UPDATE 25 of 30 (none called DUPLICATE, 5 called NEW), NEW 20
	// of 20. The lead measured the held-out sets once after round 21 was
	// merged (ed625da) and raised the floors it lifted: heldout20
	// DUPLICATE 16, heldout21 20.
	"heldout21": {
		"DUPLICATE": 20,
		"UPDATE":    25,
		"NEW":       20,
	},
}

// TestHeldoutDecision measures summarise's DUPLICATE / UPDATE / NEW
// decision on each held-out set and logs the accuracy per verdict and per
// kind of change (run with -v), so a change to the rules is measured on
// pairs nobody tuned it on; it fails only below heldoutFloor.
func TestHeldoutDecision(t *testing.T) {
	for _, path := range heldoutSets {
		name := filepath.Base(filepath.Dir(path))
		t.Run(name, func(t *testing.T) { heldoutDecision(t, path, heldoutFloor[name]) })
	}
}

func heldoutDecision(t *testing.T, path string, floor map[string]int) {
	pairs := loadHeldout(t, path)
	type tally struct{ right, total int }
	byWant, byKind := map[string]*tally{}, map[string]*tally{}
	var kinds []string
	confusion := map[[2]string]int{}
	// A held-out set's misses and kinds are not printed, its totals are:
	// nobody reads its pairs (pairfile.HeldOut).
	shown := !pairfile.HeldOut(path)
	for _, p := range pairs {
		got := decide(t, fmt.Sprintf("%s:%d", path, p.line), shown, p.stored, p.cand)
		confusion[[2]string{p.want, got}]++
		key := p.want + " " + p.kind
		if byKind[key] == nil {
			byKind[key] = &tally{}
			kinds = append(kinds, key)
		}
		if byWant[p.want] == nil {
			byWant[p.want] = &tally{}
		}
		for _, tl := range []*tally{byWant[p.want], byKind[key]} {
			tl.total++
			if got == p.want {
				tl.right++
			}
		}
		if got != p.want && shown {
			t.Logf("%s:%d: %s, want %s (%s):\n  stored: %s\n  cand:   %s", path, p.line, got, p.want, p.kind, p.stored, p.cand)
		}
	}
	pct := func(tl *tally) float64 { return 100 * float64(tl.right) / float64(tl.total) }
	if shown {
		for _, k := range kinds {
			t.Logf("%-20s %2d of %2d (%5.1f%%)", k, byKind[k].right, byKind[k].total, pct(byKind[k]))
		}
	}
	verdicts := []string{"DUPLICATE", "UPDATE", "NEW"}
	for _, w := range verdicts {
		var row []string
		for _, g := range verdicts {
			row = append(row, fmt.Sprintf("%s %d", g, confusion[[2]string{w, g}]))
		}
		t.Logf("want %-9s %2d of %2d right (%5.1f%%); got %s", w, byWant[w].right, byWant[w].total, pct(byWant[w]), strings.Join(row, ", "))
	}
	if len(pairs) < 80 {
		t.Errorf("%d held-out pairs, want at least 80", len(pairs))
	}
	for _, w := range []string{"UPDATE", "NEW"} {
		// A change or another fact skipped as the same learning is
		// lost (a correction the user never sees): never.
		if n := confusion[[2]string{w, "DUPLICATE"}]; n > 0 {
			t.Errorf("%d %s pairs called DUPLICATE, want none", n, w)
		}
	}
	for _, w := range verdicts {
		if byWant[w].right < floor[w] {
			t.Errorf("%d of %d %s pairs right, below the floor of %d", byWant[w].right, byWant[w].total, w, floor[w])
		}
	}
}
