package similar

import (
	"strings"
	"testing"
)

// TestRewordings holds the decision to the development pairs: a rewording
// with common synonyms (start and begin, remove and delete, big and large,
// fails and breaks, shows and displays, "do not" and "never", British and
// American spelling, clauses in another order) is the same learning, a
// changed value, name, command or a negation is an update, and two
// unrelated learnings of one category are distinct, each way round.
func TestRewordings(t *testing.T) {
	for _, file := range []string{"rewordings.txt", "synonyms.txt", "synonyms2.txt", "synonyms3.txt", "synonyms4.txt", "synonyms5.txt", "synonyms6.txt", "synonyms7.txt", "synonyms8.txt", "synonyms9.txt", "synonyms10.txt", "synonyms11.txt", "synonyms12.txt", "valueswaps.txt", "valueswaps2.txt", "phrases.txt", "phrases2.txt", "siblings.txt", "siblings2.txt", "rephrasings.txt", "swaps15.txt", "siblings3.txt", "rephrasings2.txt", "swaps16.txt", "swaps17.txt", "swaps18.txt", "swaps19.txt", "swaps20.txt", "swaps21.txt", "marks20.txt", "direction21.txt"} {
		t.Run(file, func(t *testing.T) { testRewordings(t, file) })
	}
}

func testRewordings(t *testing.T, file string) {
	want := map[string]Kind{"same": Same, "update": Update, "new": Distinct}
	got := map[string]int{}
	total := map[string]int{}
	for _, p := range loadPairsFrom(t, "testdata/"+file) {
		k, ok := want[p.kind]
		if !ok {
			t.Fatalf("%s:%d: unknown kind %q", file, p.line, p.kind)
		}
		total[p.kind]++
		v, w := Compare(p.stored, p.cand), Compare(p.cand, p.stored)
		if v.Kind != w.Kind {
			t.Errorf("%s:%d: not symmetric: %v one way, %v the other", file, p.line, v.Kind, w.Kind)
		}
		if v.Kind == k {
			got[p.kind]++
			continue
		}
		report := t.Logf
		if v.Kind == Same || k == Distinct && !strings.HasPrefix(file, "siblings") && !strings.HasPrefix(file, "rephrasings") && !strings.HasPrefix(file, "swaps") {
			// A sibling asked about as an update, or a change
			// dropped as the same learning: never. siblings.txt
			// measures the siblings the rules still call updates,
			// held by its floor, and so do rephrasings.txt its
			// look-alikes with the roles swapped and swaps15.txt its
			// one other verb (rephrasings2.txt and swaps16.txt
			// alike); the same learning stays an error.
			report = t.Errorf
		}
		report("%s:%d: %v (score %.2f, %s), want %v:\n  %s\n  %s", file, p.line, v.Kind, v.Score, FormatChanges(Diff(p.stored, p.cand)), k, p.stored, p.cand)
	}
	for _, k := range []string{"same", "update", "new"} {
		t.Logf("%-6s %d of %d", k, got[k], total[k])
		floor := 0.9
		if file == "phrases.txt" && k == "update" {
			// Five of its updates change a whole command and keep
			// too few words to score UpdateThreshold ("Build the
			// docs with `sphinx-build ...`" and "... with `mkdocs
			// build --strict`"); calling them updates needs store's
			// filter to keep them too. 31 of 37 are called.
			floor = 0.8
		}
		if file == "synonyms4.txt" && k != "new" {
			// Written in three parts, each before a widening of
			// the lexicon (main scored same 45 of 113, 28 of 46
			// and 18 of 30). Left: words that are the same only
			// in some sentences ("raises" and "throws", "strips"
			// and "removes", "keeps" and "stores", "report" and
			// "send", "fetches" and "downloads"), a reorder that
			// also changes the voice, "once" for "after"; six
			// updates change two things and read as distinct.
			// Same 152 of 189, update 47 of 53.
			floor = 0.8
		}
		if file == "synonyms5.txt" && k == "same" {
			// Main 7d9c6a0 called 75 of 134 the same; after the
			// fifth round's sweep of the tables (lexicon5), 98.
			// Left: words that are the same only in some sentences
			// ("records" and "logs", "flags" and "marks", "merges"
			// and "combines"), a pronoun inside a run ("logs you
			// out"), reorders.
			floor = 0.73
		}
		if file == "synonyms6.txt" && k == "update" {
			// Structural rewordings (reword5): main e987a3e called
			// 38 of 82 the same and 64 of 79 updates; after the
			// split phrasal verbs, lists in any order, "A of B" and
			// the "be sure to" runs, 75 and 65. Left: a swap of a
			// word no table has ("reach" and "contact", "renews"
			// and "extends"), "only" moved, "check that" for "make
			// sure"; updates that change a value and reorder or
			// reword around it read as distinct. Once oneChange read
			// a change in texts worded apart around it (a passive,
			// "A of B"; reword8), updates 73.
			floor = 0.9
		}
		if file == "synonyms7.txt" && k != "new" {
			// The commonest synonym pairs of technical prose
			// (reword6): main ba0f42e called 87 of 152 the same
			// and 96 of 132 updates; after the eighth round's
			// groups, the code guard and the degree words, 114 and
			// 108. Left on purpose: pairs the same only in some
			// sentences (drop/remove, stop/end, hold/contain,
			// setting/option, stage/step, open/launch, close/exit,
			// enter/type, watch/monitor, link/URL, major/significant,
			// current/present), whose look-alike updates hold;
			// updates that change a value beside an unknown swap
			// read as distinct. Once oneChange read such pairs as
			// one word (looseGroups) and a change in texts worded
			// apart around it (reword8), updates 116; once "fill in"
			// read as "complete" (decision12), 116 and 117; once
			// a one-word change scoring from 0.4 to 0.5 was an
			// update (UpdateThreshold, decision13), updates 121.
			floor = map[string]float64{"same": 0.76, "update": 0.91}[k]
		}
		if file == "synonyms8.txt" {
			// Restatements with two or three changes at once and
			// less common one-word swaps (reword7): main 01fb2a8
			// called 74 of 100 the same and 34 of 55 updates; after
			// the ninth round's words and phrases, the rotation fix
			// and "A of B" read with a rotation or a moved adverb, 81
			// and 35 (several changes 46 of 60, less common one-word
			// swaps 35 of 40). Left: pairs the same only in some
			// sentences (store/keep, process/handle, close/end,
			// write/create, route/send, refresh/renew), "at once",
			// "then" for "subsequently", "first" for "initially";
			// updates whose value changes beside a reworded clause
			// ("so that they" and "in order to") read as distinct.
			// Once oneChange read "don't" as "do not" and "never" as
			// "not", and a change in texts worded apart around it
			// (a passive, "A of B", a clause moved), words the same
			// in some sentences as one (looseGroups), and "at night"
			// read as "overnight" (reword8), same 82 and updates 46;
			// once a one-word change scoring from 0.4 to 0.5 was an
			// update (UpdateThreshold, decision13), updates 47; 46
			// again since that short update keeps a word of content
			// before its change (round 13's review), which the
			// "drone batteries" / "controller batteries" pair lacks.
			floor = map[string]float64{"same": 0.82, "update": 0.83}[k]
		}
		if file == "synonyms9.txt" && k != "new" {
			// Common everyday swaps, one at a time and two or three
			// at once, and look-alike updates (reword8): main 48b4bae
			// called 62 of 80 the same (one swap 43 of 50, two or
			// three 19 of 30) and 39 of 40 updates; 40 once oneChange
			// read "doesn't" as "does not", same 65 once "try X again"
			// read as "retry X", "at night" as "overnight" and "ahead
			// of the" as "before". Left: "gets slow" and "becomes
			// slow", "ask X for Y" and "request Y from X", "are sent"
			// and "go out", "following" for "after", "once" for
			// "after", "just" for "only", "minor" for "small" (a
			// version), "upgrade" for "update", which are the same
			// only in some sentences: 14 of the 15 read as updates,
			// "wait for X to become" and "wait until X is" as
			// distinct. Once "following the" read as "after the" and
			// "becomes" as "gets" (decision10), same 67; once "just
			// for" read as "only" (decision17), 68.
			floor = map[string]float64{"same": 0.85, "update": 1}[k]
		}
		if file == "synonyms10.txt" && k != "new" {
			// Everyday restatements the way an agent writes them again
			// (decision10): a phrase for a word ("following" and
			// "after", "find out" and "check", "ought to" and
			// "should"), a filler added or dropped ("really", "just",
			// "simply"), a word in another sense ("gets" and
			// "becomes"), two or three at once, and updates whose
			// value changes beside such a swap. Main c4fb4a7 called
			// 52 of 90 the same (one swap 42 of 60, two or three 10
			// of 30) and 25 of 30 updates; once phrases read
			// "following the" as "after", "ought to" as "should", "end
			// up" as "end", "way too" as "too", "by itself" and "on its
			// own" as "automatically", "all the time" as "constantly",
			// "just the" as "only", "go" in its forms ("goes back"),
			// "whether" opened a clause as "if" does, and "becomes"
			// read as "gets", 72 and 27; once a verb of finding out
			// before "whether" or "if" read as "check", 74 and 28;
			// once a changed value beside a one-word swap read as one
			// change, updates 29; once "work out which" read as
			// "figure out which" and "power cut" as "power outage",
			// same 76.
			floor = map[string]float64{"same": 0.85, "update": 0.96}[k]
		}
		if file == "synonyms11.txt" && k != "new" {
			// The kinds of restatement heldout9 (retired to
			// development in round 11) showed the rules missing, in
			// other domains (decision11): "unsure"/"uncertain",
			// "phone"/"call", "jams"/"gets stuck", "clogged"/"blocked",
			// "call off"/"cancel", "working"/"business days", "write
			// down"/"record", "still" added or dropped, "otherwise"/"or
			// else"/"or", "as done"/"as complete", then "annually"/
			// "yearly", "keeps track of"/"tracks", "for free"/"at no
			// cost", "during the night"/"overnight", "looks after"/
			// "takes care of". Main 9a8b179 called 2 of 46 the same
			// and 19 of 28 updates (three pairs of "must" and "may"
			// the same). With decision11's first words and runs (the
			// later pairs not yet written) 34 of 36 and 20 of 21; once
			// a text that asks and one that allows never were the same
			// (modalClash), updates 23 of 24; with the later words,
			// 44 of 46 and 27 of 28; with four pairs that move an
			// opening clause to the end of the next (leadJoined) and
			// their look-alike updates, 47 of 50 and 30 of 31. Left:
			// "note down" (its forms would meet those of "not"), an
			// opening clause of two ("for refill requests after 6 pm",
			// "after" opens a clause of its own), and an update that
			// swaps two words beside its change.
			floor = map[string]float64{"same": 0.94, "update": 0.95}[k]
		}
		if file == "synonyms12.txt" && k != "new" {
			// Restatements with everyday swaps in ten new domains
			// (decision14), written and labelled before any rule of
			// issue 24's round 14: main 6a4c8b6 called 6 of 60 the
			// same (48 updates, 6 new: each a swap of two words no
			// table joins) and 11 of 25 updates (14 new: the value
			// beside a swap the tables do not know); once "beginner"
			// read as "novice" (decision15), same 7; once heldout14's
			// swaps read alike (decision16), 9.
			floor = map[string]float64{"same": 0.15, "update": 0.44}[k]
		}
		if file == "valueswaps.txt" && k == "update" {
			// Updates whose value changes beside a harmless swap
			// (decision12), the class heldout11 showed called NEW:
			// main a4b9fb9 called 26 of 63 updates and 75 of 75 new
			// pairs right; once a value beside a swap of two common
			// words the tables know (not opposites) read as one
			// change (commonSwap), 32; once "push" and "email" read
			// as "send", "operate" as "run", "transfer" and
			// "reschedule" as "move", "surcharge" as "fee", "wage" as
			// "salary" (looseGroups, synonymGroups), 36. Left: a
			// swap of a word no table knows ("towed" and "removed"),
			// two swaps beside the value, a phrase for a word
			// ("collected" and "picked up"), short learnings that
			// score under UpdateThreshold ("Invoices are due in 30
			// days", "Bills are now due within 45 days": 0.40).
			// Once "fire" read as "start", "last" as "run",
			// "archive" as "store", "ads" as "advert", "fine" and
			// "ticket" as one, "climb" as "increase", "acknowledge"
			// as "respond" where a change is counted (decision13),
			// 42; 41 since "fire" joins no group (round 13's review:
			// "Fire the contractor" is not "Start the contractor
			// onboarding").
			floor = 0.65
		}
		if file == "valueswaps2.txt" && k == "update" {
			// More of valueswaps' left-over kinds in ten other
			// domains (decision13), written before its tables
			// changed: main 78e965f called 28 of 52 updates and 49
			// of 49 new pairs right; once "ship" and "dispatch" read
			// as "send", "shift" as "move", "archive" as "store",
			// "heat" as "warm" where a change is counted, 32 (these
			// words were chosen after reading its misses); once
			// "per" read as "a" where a change is counted, 33. Left:
			// a swap no table knows ("rotated" and "renewed",
			// "freeze" and "pause"), an undo word beside another
			// ("drops" and "closes"), a phrase for a word ("taken
			// out of" and "pulled from", "collects" and "picks up"),
			// two swaps beside the value. 31 since "ship" and "heat"
			// join no group and a short update keeps a word of
			// content before its change (round 13's review: "Ship the
			// hotfix" is not "Email the hotfix notes", "Backups run at
			// night" not "Reports run at night").
			floor = 0.59
		}
		if file == "siblings.txt" && k != "same" {
			// Two facts in one frame (siblings13), the class issue 24
			// and round 13's review found called updates ("Nurses
			// sign the chart." / "Doctors sign the chart."): 89
			// siblings that change the subject, the act or the object
			// and 60 updates of the same shapes whose second replaces
			// the first (a value, a version, a tool or a person
			// swapped, with "now", "instead", "no longer" or without
			// them), in twelve domains, written before measuring.
			// Main 1c39d5b called 44 of 89 siblings new (the other 45
			// updates, all of one change scoring from 0.51 to 0.90)
			// and 49 of 60 updates (six that add a clause about the
			// old one, "; we no longer use DHL", read as two changes
			// and distinct; the rest swap a phrase for a phrase or
			// change two things at once), none the same. Once a frame
			// said of another subject with no word of change was two
			// facts (otherSubject, siblings14), 64 of 89 new and 49
			// of 60 updates; once a frame said of another scope was
			// (otherScope, siblings15), 67 of 89 new.
			floor = map[string]float64{"new": 0.75, "update": 0.81}[k]
		}
		if file == "siblings2.txt" && k != "same" {
			// A second set of siblings and updates of the same
			// shapes (siblings14), in ten other domains, written and
			// labelled before running, to check that a rule drawn
			// from siblings.txt holds beyond it; some updates replace
			// the subject ("Vault holds the database credentials.",
			// "Doppler holds the database credentials now.") or say
			// "moved from X to Y". Main 6a4c8b6 called 36 of 80
			// siblings new (the other 44 updates, one change each
			// scoring from 0.50 to 0.81) and 50 of 60 updates, none
			// the same. Once a frame said of another subject with no
			// word of change was two facts (otherSubject), 60 of 80
			// new and 50 of 60 updates; once a frame said of another
			// scope was (otherScope), 62 of 80 new.
			floor = map[string]float64{"new": 0.77, "update": 0.83}[k]
		}
		if file == "rephrasings.txt" {
			// Restatements built another way and their look-alikes
			// (decision15), written and labelled before running:
			// main c95c666 called 32 of 51 the same (11 updates, 8
			// new), 24 of 25 updates (one the same: "only the head
			// brewer ..." and "... on weekdays only", a rotation) and
			// 1 of 5 new (the roles swapped read as updates). Once
			// no rotation parted "only" from the word it limits and
			// a passive's "only" went with its agent, 34 and 25;
			// once "to let" read as "so", 36; once a noun of an
			// action read as its verb (nominals), 38; once "the Y
			// of X" read as a compound with X of two words, 39;
			// once a passive kept the "of" of its subject, 40; once a
			// time fronted before a passive read after it
			// (decision16), 41.
			floor = map[string]float64{"same": 0.8, "update": 1, "new": 0.2}[k]
		}
		if file == "rephrasings2.txt" {
			// A second set of restatements built another way and
			// their look-alikes (decision16), written and labelled
			// before running: main 0fd6fec called 4 of 24 the same,
			// 11 of 24 updates (the agent of a passive changed read
			// as new) and 3 of 5 new. Once an "only" before the verb
			// read as the one after it (onlyByVerb), same 9; once a
			// time fronted before a passive read after it
			// (frontedPassive), 16; once a passive's agent ran on
			// through the phrase after it (agentPhrase), 20. Left:
			// "only" moved past the object, a passive whose agent
			// comes after the rest, and the updates a passive whose
			// agent changed makes (read as new: an update rule for
			// them was dropped, since store's filter and lint's index
			// do not find such pairs).
			floor = map[string]float64{"same": 0.83, "update": 0.45, "new": 0.6}[k]
		}
		if file == "swaps16.txt" {
			// The everyday swaps heldout14 showed no table reading
			// alike, stated again in other domains with look-alike
			// updates and new facts (decision16), written before the
			// tables changed: main 0fd6fec called 11 of 32 the same,
			// 9 of 16 updates and 4 of 7 new; once travel, clue,
			// scrap, remainder, evidence, injure, unclaimed and
			// ahead read as the word beside them and "bring back",
			// "turn away", "up until" and "right up to" as phrases,
			// 23 and 15; once "turn down" read as "reject"
			// (decision17), same 24. Left: swaps whose words are the
			// same only in some sentences ("charged" and "billed",
			// "collects" and "picks up", "writes down" and "notes",
			// "checks" and "inspections", "shift" and "move":
			// review13_test.go).
			floor = map[string]float64{"same": 0.75, "update": 0.93, "new": 0.57}[k]
		}
		if file == "swaps17.txt" {
			// The everyday swaps heldout15 showed no table reading
			// alike, stated again in other domains with look-alike
			// updates and new facts (decision17), written and
			// labelled before the tables changed: main 1ab6097
			// called 1 of 37 the same, 10 of 25 updates and 3 of 13
			// new, none of the updates or new pairs the same. Once
			// little, differ, view, lowest read as small, vary, see,
			// bottom, and "straight after", "just for", "drop off",
			// "turn down", "hold back" and "keep back" as phrases,
			// 13 and 15. Left: words the same only in some senses
			// ("quote", "due", "sorted", "missed", "logged", "swap",
			// "clear", "lost", "damaged", "books", "run out": see
			// lexicon_common.go's decisionGroups).
			floor = map[string]float64{"same": 0.35, "update": 0.6, "new": 0.23}[k]
		}
		if file == "swaps18.txt" {
			// The kinds of restatement heldout16 showed no rule
			// reading alike, stated again in other domains with
			// look-alike updates and new facts (decision18), written
			// and labelled before the rules changed: main cc3fa4f
			// called 11 of 42 the same, 10 of 18 updates and 4 of 15
			// new, and two new pairs the same ("drivers are charged a
			// fee", "drivers charge a fee"). Once a passive whose
			// subject is given something never read as its active
			// (givenThings), "get" before "paid", "told" and their
			// like read as "be", also before a run of phrases, and in
			// the words a change is counted on, 15, 12 and 4; once "a
			// fortnight" read as "two weeks" and "on the website" as
			// "online", 19 and 12; once normal and ordinary, serious
			// and severe, climb and ascend, move and transfer, seem
			// and look read alike, 31 and 14. Left: the clauses
			// rebuilt (a relative clause, "to be entered, ... must"),
			// the swaps kept apart for a second sense ("leaves for"
			// and "departs from", "comes from" and "arrives at",
			// "ships" and "sends", "takes" and "lasts", "go out" and
			// "are sent"), and the look-alikes the rules call updates
			// (the safe side).
			floor = map[string]float64{"same": 0.73, "update": 0.77, "new": 0.26}[k]
		}
		if file == "marks20.txt" {
			// A comparison other than ">" reads as a token of marks
			// (see comparisons), not as the words it stands for:
			// "< 70%" and "under 70%", ">= 500" and "at least 500"
			// are updates to it (the safe side), 3 of 13 same pairs.
			floor = map[string]float64{"same": 0.76, "update": 1, "new": 1}[k]
		}
		if file == "direction21.txt" {
			// A direction, relation or sign turned round (fromto21),
			// written and labelled before the rules changed: main
			// e837386 called 24 of the 83 updates the same ("from" and
			// "to" read away as stop words, a comparison glued to its
			// word, a minus sign or an en dash before a number) and 14
			// of 24 same pairs the same. Once directionClash read a
			// "from" turned into a "to", the tokenizer a glued
			// comparison and signDashes the dashes, 82 updates and 19
			// same. Left: "HTTP" and "HTTPS" trading places (stem reads
			// "https" as the plural of "http"); and as updates (the
			// safe side) "off" for "from", "log into" for "log in to",
			// a route's ends named in the other order, a particle moved
			// ("scale up the workers", "scale the workers up"), "min"
			// for "minimum".
			floor = map[string]float64{"same": 0.79, "update": 0.98, "new": 1}[k]
		}
		if file == "swaps19.txt" {
			// The kinds of restatement heldout17 showed no rule
			// reading alike, stated again in other domains with
			// look-alike updates and new facts (decision19), written
			// and labelled before the rules changed: main a05fedb
			// called 5 of 47 the same, 4 of 11 updates and 0 of 12
			// new, and two new pairs the same (a "the" object of a
			// passive: givenThings). Once the pronouns written two
			// ways ("anybody", "no one") and the runs "as well as",
			// "regardless of", "take away", "straight from" and "hold
			// on to" read as their words, 23 and 6. Left: swaps kept
			// apart for a second sense ("rings" and "phones",
			// "present" and "show", "held" and "kept", "hire" and
			// "rental"), verbs no table reads alike, clauses rebuilt,
			// and the look-alike new facts the rules call updates
			// (the safe side).
			floor = map[string]float64{"same": 0.48, "update": 0.54, "new": 0}[k]
		}
		if file == "swaps20.txt" {
			// The kinds of restatement heldout18 showed no rule
			// reading alike, stated again in other domains with
			// look-alike updates and new facts (decision20), written
			// and labelled before the rules changed: main b2539f9
			// called 3 of 45 the same, 3 of 9 updates and 3 of 12
			// new. Once "let X know", "takes place", "hand out",
			// "give out", "take a photo of", "go into", "turn up",
			// "get along", "dispose of", "arrive from", "rings the",
			// "leaves at" and "once a week" read as their words,
			// hire as rental, veg as vegetable and exchanged as
			// swapped, 28 and 8; 27 once "ring" took no "every" into
			// its run ("rings every customer" and "rings any
			// customer" read the same). Left: "put on hold", "or longer",
			// "marked done", swaps kept apart for a second sense
			// ("spotted" and "found", "skips" and "misses", "flagged"
			// and "marked"), several swaps at once, clauses rebuilt,
			// and the look-alike new facts the rules call updates
			// (the safe side).
			floor = map[string]float64{"same": 0.6, "update": 0.88, "new": 0.25}[k]
		}
		if file == "swaps21.txt" {
			// The kinds of restatement heldout19 and heldout18 showed
			// no rule reading alike, stated again in other domains
			// with look-alike updates and new facts (decision21),
			// written and labelled before the rules changed: main
			// e837386 called 7 of 40 the same, 4 of 13 updates and 8
			// of 13 new. Once "no more than", "let us know", "put
			// back", "drop out", "come in", "leaves the", "held for"
			// and "flagged as" read as their words, 24 and 10.
			// Left: "spotted" and "found", "skips" and "misses", "a
			// little bag", "pick up" for "collect", "sets up" for
			// "prepares", "warns" and "alerts", and the look-alike
			// new facts the rules call updates (the safe side).
			floor = map[string]float64{"same": 0.6, "update": 0.76, "new": 0.6}[k]
		}
		if file == "swaps15.txt" {
			// The everyday swaps heldout13 showed no table reading
			// alike, stated again in other domains with look-alike
			// updates (decision15), written before the tables
			// changed: main 75ed1e5 called 1 of 14 the same, 5 of 8
			// updates and the one new pair an update ("let the wort
			// settle", "... cool"); once "beginner" and "novice",
			// "noon" and "midday", "middle" and "centre", "hidden"
			// and "concealed", "settle" and "pay" read alike, and
			// "sort out" as "fix" and "the following" as "next", 14
			// and 8.
			floor = map[string]float64{"same": 1, "update": 1, "new": 0}[k]
		}
		if file == "siblings3.txt" && k != "same" {
			// A third set of siblings and updates (siblings15), in
			// ten other domains, with the shapes lint's update
			// warnings on the generated memories of bench/ showed:
			// list items naming helpers or modules in code, "use X
			// for A" beside "use X for B", facts per environment,
			// platform or site, "instead of" and "also" said of
			// another scope, the same fact cited at another file and
			// line, the object acted on changed. Written and labelled
			// before running: main c95c666 called 22 of 79 siblings
			// new and 59 of 63 updates, none the same; 24 new once a
			// file named without an extension read as a citation
			// (bareFile), 48 once a frame said of another scope was
			// two facts (otherScope: "for", an opening phrase of
			// place, "also in", "in" after a name in code), 50 once
			// a name in code after a plural noun of its kind was
			// (otherInstance).
			floor = map[string]float64{"new": 0.63, "update": 0.93}[k]
		}
		if share := float64(got[k]) / float64(total[k]); share < floor {
			t.Errorf("%s: %.0f%% right, want at least %.0f%%", k, 100*share, 100*floor)
		}
	}
}
