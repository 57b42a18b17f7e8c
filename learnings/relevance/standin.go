package relevance

// standInShare is how much of the floor a match must score to be chosen
// on a stand-in (see scan.standIns): half, as for a second fact and a
// weak match of a context no match reaches the floor of. Measured on the
// development sets: 0.4 finds the same, 0.6 five fewer (dev12 one, dev14
// three, dev18 one).
const standInShare = 0.5

// standIns marks, among ms (best first; ms[k] is learning at[k]), the
// matches under the floor, from standInShare of it up, whose own text
// holds a stand-in of a word of the task as a signal: a synonym ("bill"
// for "invoice"), an everyday word ("refund" for "money back") or a
// mechanism ("lock" for "freezes"), not the word or another form of it.
// They are chosen after every other match, those whose only link is a
// document their session read included: a stand-in counts for 0.6 or 0.4
// of the word (see weightSynonym and weightSymptom), so the learning a
// task names in other words scores under the floor where the same word
// would not ("a lady ... wants her money back" and "Refunds are issued
// only on the original card", 0.98 of the floor).
//
// One word in common is not enough for the floor's sake: the decoy that
// shares a rare word with the task uses it in another sense (a
// warehouse's loading dock for a bike's dock). A stand-in is not such a
// word: the tables list it for the sense the task means. Measured on the
// development sets (eval to eval5, eval12, dev5 to dev18), among the
// matches from half the floor to the floor no decoy (of 59) rests on a
// stand-in, 23 of the 53 wanted learnings do, and 898 of 9417 other
// matches. Choosing them finds 20 more wanted learnings on seven sets
// (dev9, dev10, dev12 and dev17 one each, dev11 and dev18 two, dev14 12),
// loses none and changes no trap. Ordered before the matches on a
// document read, they pushed one out on eval3 ("stale" for "legacy" and
// "deleting" for "remove" ahead of "Proto changes go through `buf
// breaking`" for a task naming planner.proto). Choosing them only when no
// match at the floor rests on two words of the task finds 12 (dev11,
// dev14, dev18); only those whose stand-in stands in the learning's
// subject (up to its first clause break, at most 12 words), 16, and no
// trap more: where the link sits does not part the wanted learnings
// from the others, as a decoy's rare word stands in its subject as often
// as a wanted learning's (60 and 64 % under the floor). Requiring the
// stand-in alone to score half the floor finds 18: dev10's pass scanned
// twice at a lift for "two kids on one card ... at the chairlift" and
// dev11's Square sales for "bar takings" rest on a stand-in and another
// weak link together. Such a sum also chooses, in a generated memory of
// code, seven learnings on an HTTP "client" that "swallows context
// cancellation" for "customers say the refund for a cancelled order never
// arrived": a stand-in can be a word in another sense too, and what it
// finds comes last, after the learnings the task's own words find. The
// cost is one pass over the matches from half the floor up: recall on
// the 1 MB default memory 206.5 -> 209.3 M instructions for that task
// (callgrind; most of it the seven learnings shown), prose 168.2 ->
// 168.9 M.
//
// Two more sources of stand-ins were measured in issue 24's round 13 and
// dropped (rank14). A second look from the memory's own words (pseudo
// relevance feedback): of the 84 wanted learnings no match reaches on the
// development sets, 5 share the session and a word rare in the memory
// (in at most 3 % of its learnings) with a chosen match stating two task
// words, against 8 decoys and 729 other learnings over 889 tasks; words
// that co-occur with a rare task word in some learning reach 3 to 12 of
// them against 1000 to 13000 others, and a word ending in a task word
// ("ebook" for "books") 4 against 1488: the link missing is what a word
// means, which the memory does not hold. WordNet 3.0's nouns of at most
// four senses for the same thing or its kind ("autoclave" for
// "steriliser", "anticoagulant" for "warfarin", "denture" for "false
// teeth"), as synonyms, found 9 more on dev11, dev14, dev15 and dev18
// and held every development trap (recall --task at 1 MB +0.1 to +2.5 %
// instructions, 2.5 MB of table), but on the held-out sets found 3 more
// (eval9 +1, eval11 +3, eval14 -1) and held one trap fewer on eval6 and
// on eval7 (one more on eval10); counting such a stand-in only beside a
// match at the floor on two task words or a path kept both traps lost.
func (s *scan) standIns(ms []Match, at []int, termScore []float64, floor float64) {
	for k := range ms {
		m := &ms[k]
		if m.Score >= floor || m.second || m.sole || m.onlySeen {
			continue
		}
		if m.Score < standInShare*floor {
			return
		}
		i := at[k]
		for j, h := range s.hits[s.off[i]:s.off[i+1]] {
			if h.own && s.q.isStandIn(h.word) && termScore[s.off[i]+j] >= signalShare*floor {
				m.standIn = true
				break
			}
		}
	}
}
