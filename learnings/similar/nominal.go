package similar

import "strings"

// nominals are nouns of an action and the verb they name it by, "noun
// verb": a restatement says "the deployment of the worker" for "deploying
// the worker" and "the creation of the schema" for "creating the schema",
// so the noun is read as its verb (and the verb's group, sameStems). Only
// nouns that name the action and nothing else a learning would swap for
// the verb: "registration" stays out (a cash register, a class register),
// and so do "configuration" (a file), "generation" (of hardware),
// "application" (an app) and "selection" (SQL's select); "verification",
// "validation" and "confirmation" are a group of their own
// (lexicon_common.go), and a noun already in a group stays there.
var nominals = []string{
	"deployment deploy",
	"creation create",
	"compression compress",
	"decompression decompress",
	"installation install",
	"uninstallation uninstall",
	"execution execute",
	"encryption encrypt",
	"decryption decrypt",
	"authentication authenticate",
	"cancellation cancel",
}

// addNominals reads the stem of each noun of nominals as its verb's
// reading in same (sameStems), or as the verb's stem.
func addNominals(same map[string]string) {
	for _, p := range nominals {
		noun, verb, _ := strings.Cut(p, " ")
		head := same[stem(verb)]
		if head == "" {
			head = stem(verb)
		}
		same[stem(noun)] = head
	}
}
