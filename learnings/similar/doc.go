// Package similar decides whether a candidate learning is the same learning
// as a stored one, an update of it, or a distinct fact.
//
// The rule the whole of learn follows: it never decides on its own that a
// distinct fact is the same as a stored one. Anything close that is not
// certainly the same is an update, whose replacing the old learning is the
// user's call; the rest is distinct.
//
// # The rule, checkable by hand
//
// Read each text as its tokens: lower-case the words, drop Markdown
// emphasis, punctuation, stop words and filler ("use", "ensure", "the
// project", "you need to", "all"), expand contractions, stem plurals and
// tenses, read common synonyms, the common words that play one role in how
// a learning is worded, and British spellings one way ("begin" is "start",
// "delete" is "remove", "large" is "big", "prefers" is "wants", "displays"
// is "shows", "completes" is "finishes", "breaks" is "fails", "colour" is
// "color", "optimise" is "optimize", and by suffix rule "odour" is "odor",
// "lustre" is "luster", "sceptical" is "skeptical"; "unable to" is
// "cannot"; runs of words that stand for one, "out of date" is "outdated",
// "stops responding" is "hangs", "set up" is "configure", "a lot of" is
// "many", "in order to" is "to", "to let" is "so", in phrases.go), read
// the noun of an action as its verb ("the deployment of the worker" is
// "deploying the worker", nominal.go), write number words as digits ("two"
// is "2")
// and units one way ("30s", "30 sec" and "30 seconds" are "30 s"), glue a
// negation to the word it negates ("never npm" and "do not npm" are
// "!npm"), and cut the text into clauses at sentence punctuation, commas
// and conjunctions ("and", "or"). The word tables are in words.go,
// spelling.go and lexicon.go (synonym groups of common verbs,
// adjectives, adverbs and nouns, never opposites), the reading in read.go
// and tokenize.go.
//
// Two learnings are the same when, after that reading:
//
//   - they hold exactly the same tokens, each as often (the key: a value,
//     a name, a number, a path or a negation that differs means not the
//     same, whatever else holds), and
//   - the tokens sit in the same clauses, the clauses in any order, the
//     words of a clause in the same order up to a rotation ("unit tests use
//     jest" and "use jest for unit tests"), or the whole text is a rotation
//     of the other ("run make gen before go test" and "before go test, run
//     make gen"), or a clause that opens the text is read as the end of
//     the next ("for the heavy pallets, use the large forklifts, not the
//     hand trucks" and "use the large forklifts for the heavy pallets,
//     not the hand trucks"); a passive clause may be read as the
//     instruction it gives ("tests are run with X" as "run tests with
//     X", "X is signed by Y on push" as "Y signs X on push", "X is
//     health-checked by Y" as "Y health-checks X"), a list of
//     single words in any order
//     ("Go, Rust and Python"), and a noun phrase may be named in the
//     condition by one text and in the main clause by the other when a
//     pronoun stands for it ("when a webhook fails, the sender retries it"
//     and "the sender retries a webhook when it fails"), a clause with
//     "after" may be read as the one with "before" it stands for ("run the
//     reindex after you stop the workers" and "stop the workers before you
//     run the reindex"), "prefers X to Y" is "prefers X over Y", and an
//     adverb may stand anywhere in its clause ("immediately stops the
//     match", "stops the match immediately"), but "only" stays with the
//     word it limits ("only the head brewer changes the recipe on
//     weekdays" and "the head brewer changes the recipe on weekdays only"
//     are two learnings) save right before and right after the verb
//     ("the backup job only runs on weekdays", "... runs only on
//     weekdays"; only.go); a time or place fronted before a passive reads
//     after it ("On Mondays the PRs are opened by Dependabot"), and a
//     passive's agent may run on through the phrase after it ("is
//     overridden by the value in the config file"; fronted.go,
//     agent.go), and
//   - a word in backticks that the reading takes for another word is
//     written as it is in the other text, in backticks or not: code is a
//     command or a name as typed, so "run `git fetch`" and "run `git
//     get`" are not the same though "fetches" and "gets" are, and
//   - one does not ask what the other only allows: the reading drops
//     modal verbs, so "must", "has to" and "needs to" read alike, and so
//     do "may", "might" and "can", but "the app must refund" and "the
//     app may refund" are not the same learning (modalClash), and
//   - one does not turn round a direction the other states: the reading
//     drops "to" and "from" as stop words, but "copy the file from the
//     server" and "copy the file to the server" are not the same
//     learning, nor are "move X into Y" and "move X out of Y"; an
//     infinitive "to" added or dropped clashes with nothing
//     (directionClash, direction.go), and
//   - one writes as a name, a month or an acronym no stop word the other
//     does not: the reading drops "may", "will", "us", "it" and "am",
//     but "the plant sale is held in May" and "the plant sale is held"
//     are not the same learning, nor are "ask Will" and "ask", "ship to
//     the US" and "ship", "at 2 AM" and "at 2" (namedStopClash,
//     namedstop.go), and
//   - a word the tables read as another in one of its senses is used in
//     that sense: "place" is "put" only where a thing goes somewhere
//     ("place the banners on the shelf"), not for an order or a bid
//     placed ("place the stationery order before noon"; senseClash), and
//     "middle" is "centre" only as the middle of a thing ("in the middle
//     of the loaf"), not as a setting's value ("set align-items to
//     center") or in a name ("the middle locker"), and
//   - one does not say its subject is given a thing where the other says
//     the subject gives it: the reading drops "are", so "drivers are
//     charged a fee" and "drivers charge a fee" hold the same tokens,
//     but a passive with an object after its participle is never read as
//     its active (givenThings), and
//   - their Score is at least 0.4, a guard against texts whose tokens agree
//     only by the accident of what the reading dropped.
//
// So "Run `go test -race` in CI" and "In CI, run go test -race." are the
// same; "Frontend tests run with jest" and "Frontend tests run with vitest"
// are not (a token differs), nor are "run go test before make gen" and
// "run make gen before go test" (the order within the clause changed).
//
// A learning that is not the same is an update of the other when its Score
// is at least UpdateThreshold (0.4; under 0.5 only for short texts where
// one changed one word of content after a word of content both keep), the words the two share weigh at
// least half of the larger text's word weight (a change of value leaves
// most words alone), and one thing changed: their words, read as above,
// differ in one place (a value, a name, a command, a flag, a path, a
// negation added as in "no longer"), or only in numbers, or only in their
// order (two values trading places): "Backoff caps at 30 s" and "Backoff
// caps at 60 s". The one place holds at most three words unless it is
// inside code spans (a command is one value however long, and a change
// inside one code span each is one place even when the commands share a
// word); "use X instead of Y" against "use Y" changes X alone, and so do
// "instead of Y" after the rest of the learning and a final ", not Y" when
// the other text holds Y; a change of only the ticket or
// the file:line a learning cites ("docs/api.md:144", "Makefile:41") is
// none. A change is one place too when
// the texts are worded apart around it ("the reminders are sent by the
// scheduler at 8 am", "the scheduler sends the reminders at 9 am"): the
// words each holds over the other, function words aside, sit in one run,
// and with that run written alike in both the two are the same learning.
// A change of the subject a learning opens with, in the same frame and
// with no word that says the second replaces the first ("now",
// "instead", "no longer", "switched"), is no update: "Dogs are weighed at every visit"
// and "Cats are weighed at every visit" are two facts, unless the
// subject is a name standing alone for who does a job ("Alice reviews
// the migrations"), the frame gives one holder a charge ("owns",
// "leads"), or the two words are opposites ("Enable", "Disable"; see
// otherSubject in sibling.go). Nor is a change of only what both texts
// reject for one choice ("use esbuild instead of webpack", "use esbuild
// instead of Parcel"; "not X but Y"; "..., not Y": otherAlternative),
// nor of only the scope it holds in ("for the ledger queries", "for the
// payouts queries"; "On Android,", "On iOS,"; "also in the physics
// suite", "also in the networking suite": otherScope), nor of only the
// name in code after a plural noun of its kind ("Name retry helpers
// `withRetry`", "Name retry helpers `withBackoff`": otherInstance), nor
// of the subject and its act together ("The sync client must log ...",
// "The lock manager should reject ...": otherClause).
// Otherwise the two are distinct: two learnings built on
// one pattern about different things ("`task lint` in the HTTP router",
// "`just check` in the CSV exporter") are siblings, not an update, and
// asking the user which is true would ask about a change that is not one.
// Every caller (store, summarise, lint) asks the same Compare, so they
// cannot disagree about what an update is.
//
// Score is 0.6 times the weighted word overlap (Jaccard over stemmed
// words, rarer words weighing more) plus 0.4 times the character trigram
// overlap (Dice), rounded to two decimals; 1 for texts equal after
// Canonical.
//
// # Where things are
//
//   - compare.go: Compare, Text, Verdict, the same/update/distinct decision
//     and the word diff an update reports.
//   - same.go: the meaning rules above (clauses, rotations, lists).
//   - change.go: what makes an update (one thing changed); sibling.go:
//     another subject in one frame, which does not.
//   - read.go, tokenize.go, words.go, spelling.go, lexicon.go,
//     phrases.go: reading a text into tokens and clauses, and the word
//     tables it uses.
//   - fuzzy.go, grams.go: Canonical, the word and trigram features behind
//     Score, and Profile, which the docs package matches passages with.
//   - index.go, filter.go, prepare.go: finding the same or a related
//     learning among many (SameIndex, Index, Filter) and preparing many
//     texts on every CPU.
package similar
