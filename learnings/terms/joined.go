package terms

// SplitJoins reports whether a and b, two words written a space apart,
// may be one word written split, as people write "set up" for "setup",
// "data base" for "database" and "log in" for "login"; next is the word
// after b, or "". The parts of a closed word are
// words of their own, so the two are read as one only by a rule: never
// when a is a function word, whose closed form says another thing ("every
// day" is no "everyday", "any one" no "anyone", "some time" no
// "sometime", "in to" no "into", "on line 40" no "online", "all ready" no
// "already"); never when b is a function word but for a verb's particle
// ("set up", "check out", "hand off"); never when a is a particle but
// "back", which ends the verb before it ("pick up loads" is no
// "uploads"); nor when the particle "in" or "on" opens a noun phrase, a
// number or a path ("log in the tank sheet", "log in 2 places", "the log
// in /var/log"): next is then the byte after the space, when it is no
// letter; and never for a closed word whose verb says another thing
// ("work out" the sum is no workout). a, b and next are lower case, as
// every caller has them already: the word lists read here are, and a
// capital would miss them ("The re" would join).
func SplitJoins(a, b, next string) bool {
	if a == "" || b == "" || !firstPart(a) || otherSense(a+b) {
		return false
	}
	if functionWord(b) && !Particle(b) {
		return false
	}
	if b == "in" || b == "on" {
		return next == "" || isLetter(next[0]) && !PhraseOpener(next)
	}
	return true
}

// firstPart reports whether a may be the first part of a word written
// split: no function word, nor a particle but "back" ("back end", "back
// up"), for a particle ends the verb before it ("pick up loads" is no
// "uploads").
func firstPart(a string) bool { return !functionWord(a) && (!Particle(a) || a == "back") }

// PhraseOpener reports whether w, lower case, is a determiner that opens
// a noun phrase naming a place or a document ("the", "our", "each"): after
// it "in" and "on" are prepositions, not a verb's particle. "this",
// "that", "last" and "next" open a time's as often ("couldn't log in this
// morning"), after which the particle is one.
func PhraseOpener(w string) bool {
	switch w {
	case "the", "a", "an", "my", "our", "your", "its", "their", "his", "her", "these", "those",
		"some", "any", "all", "both", "each", "every":
		return true
	}
	return false
}

// functionWord reports whether w is a word that makes no compound with
// the word after it: a determiner, a pronoun, a preposition, an
// auxiliary or a conjunction. A switch, not a map: the tables would be
// built at start-up (TestInitAllocations).
func functionWord(w string) bool {
	switch w {
	case "a", "an", "the", "this", "that", "these", "those", "some", "any", "every", "each", "no",
		"all", "both", "either", "neither", "other", "another", "such", "what", "which", "who",
		"whom", "whose", "where", "when", "why", "how", "whether", "there", "here", "then", "than",
		"if", "as", "so", "and", "or", "nor", "but", "not", "in", "on", "at", "to", "of", "for",
		"by", "with", "from", "into", "onto", "over", "under", "upon", "within", "without", "about",
		"above", "below", "after", "before", "since", "until", "till", "via", "per", "be", "is",
		"are", "was", "were", "been", "being", "am", "do", "does", "did", "have", "has", "had",
		"may", "might", "could", "will", "would", "shall", "should", "must", "it", "its", "i", "you",
		"he", "she", "we", "they", "me", "him", "us", "them", "my", "your", "our", "their", "one":
		return true
	}
	return false
}

// Particle reports whether w, lower case, is a function word that joins
// the verb before it into one word: "log in", "sign on", "set up", "check
// out", "shut down". Any other function word after a space starts the
// next phrase: "button is" and "teacher can" are no words.
func Particle(w string) bool {
	switch w {
	case "in", "on", "up", "out", "off", "down", "over", "back", "through", "around":
		return true
	}
	return false
}

// otherSense reports whether w is a closed word whose parts, written
// apart, are a verb with another meaning: "work out" the sum is no
// workout, "make up" the shortfall no makeup, "turn over" the card no
// turnover.
func otherSense(w string) bool {
	switch w {
	case "workout", "workouts", "makeup", "turnover", "holdup", "letdown":
		return true
	}
	return false
}
