package relevance

import (
	"slices"
	"strings"
	"testing"
)

// TestQueryContractions holds that the tails of contractions ("what's",
// "don't", "we'll", typographic apostrophes too) are not words of the
// task, and that a possessive's "s" stays one, as before.
func TestQueryContractions(t *testing.T) {
	tests := []struct {
		task string
		want []string // the task's words, as shown
	}{
		{"what's the max upload size", []string{"max", "upload", "size"}},
		{"What’s the max upload size", []string{"max", "upload", "size"}},
		{"it's slow and there's no log", []string{"slow", "log"}},
		{"the player doesn't resume, we'll need a fix", []string{"player", "resume"}},
		{"I'm sure they're cached and I've purged", []string{"cached", "purged"}},
		{"can't log in, it'd say expired", []string{"log", "expired"}},
		{"logs of a customer's valve", []string{"logs", "customer", "s", "valve"}},
		{"the episode’s feed", []string{"episode", "s", "feed"}},
		{"30 s timeout", []string{"30", "s", "timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			if got := taskWords(tt.task); !slices.Equal(got, tt.want) {
				t.Errorf("words of %q: got %q, want %q", tt.task, got, tt.want)
			}
		})
	}
}

// TestQueryFunctionWords holds that the words a question is asked with
// are no words of the task, whatever form the stemmer gives them: "where"
// is stemmed "wher", which the stop words, listed unstemmed, once missed, so
// "at the end where nobody talks" matched "even where Apple accepts them".
func TestQueryFunctionWords(t *testing.T) {
	tests := []struct {
		task string
		want []string // the task's words, as shown
	}{
		{"where do replays go", []string{"replays"}},
		{"Where's the player log on windows", []string{"player", "log", "windows"}},
		{"sentences at the end where nobody talks", []string{"sentences", "end", "nobody", "talks"}},
		{"whenever a rider parks anywhere outside a zone", []string{"rider", "parks", "outside", "zone"}},
		{"whoever booked it, however late, wherever they sit", []string{"booked", "late", "sit"}},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			if got := taskWords(tt.task); !slices.Equal(got, tt.want) {
				t.Errorf("words of %q: got %q, want %q", tt.task, got, tt.want)
			}
		})
	}
}

// TestQueryNounsOfVagueStems holds that a noun whose stem is a vague
// word of a request ("fines" of "fine", "news" of "new") is a word of the
// task as written, and that the vague word itself and its other forms are
// not.
func TestQueryNounsOfVagueStems(t *testing.T) {
	tests := []struct {
		task string
		want []string // the task's words, as shown
	}{
		{"a member says her fines are too high", []string{"member", "fines", "high"}},
		{"the news page shows an old headline", []string{"news", "page", "headline"}},
		{"dry goods delivery is short again", []string{"dry", "goods", "delivery", "short"}},
		{"cans leak after the seamer change", []string{"cans", "leak", "seamer"}},
		{"client wants the wills scanned", []string{"client", "wills", "scanned"}},
		{"flow test on the new wells", []string{"flow", "test", "wells"}},
		{"blades of the panel saws are dull", []string{"blades", "panel", "saws", "dull"}},
		{"audio rights for the podcast reissue", []string{"audio", "rights", "podcast", "reissue"}},
		{"it works fine now, thanks", nil},
		{"lots of things look wrong", nil},
		{"we can do better, it's fine", nil},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			if got := taskWords(tt.task); !slices.Equal(got, tt.want) {
				t.Errorf("words of %q: got %q, want %q", tt.task, got, tt.want)
			}
		})
	}
}

// TestQueryNounsOfVagueStemsInBranch holds that a branch name keeps such a
// noun too ("fix/news-feed-cache"), and drops the vague words.
func TestQueryNounsOfVagueStemsInBranch(t *testing.T) {
	tests := []struct {
		branch string
		want   []string
	}{
		{"fix/news-feed-cache", []string{"news", "feed", "cache"}},
		{"feat/overdue-fines", []string{"overdue", "fines"}},
		{"chore/fine-tune-lots-of-things", []string{"tune"}},
	}
	for _, tt := range tests {
		t.Run(tt.branch, func(t *testing.T) {
			got := keptWords(newQuery(Context{Branch: tt.branch}))
			if !slices.Equal(got, tt.want) {
				t.Errorf("words of branch %q: got %q, want %q", tt.branch, got, tt.want)
			}
		})
	}
}

// taskWords are the words newQuery keeps of task as written (keptWords).
func taskWords(task string) []string { return keptWords(newQuery(Context{Task: task})) }

// keptWords are the words q keeps as written, as shown: weighted, and not
// a form added for another of its words (base -1).
func keptWords(q *query) []string {
	var got []string
	for i, w := range q.shown {
		if q.weights[i] > 0 && q.base[i] < 0 {
			got = append(got, w)
		}
	}
	return got
}

// TestQueryUpdateAsNoun holds that "update" is a word of the task where it
// names the subject (after a determiner or a noun) and not where it is the
// request's verb.
func TestQueryUpdateAsNoun(t *testing.T) {
	tests := []struct {
		task string
		want bool
	}{
		{"firmware update takes forever per valve", true},
		{"OTA update bricks the hub", true},
		{"the update failed on two valves", true},
		{"bikes reboot after the update", true},
		{"a bike lost power during the firmware update", true},
		{"when can we push an ota update", true},
		{"app updates are not showing in the store", true},
		{"is there an update for the driver", true},
		{"the latest update broke login", true},
		{"update the README with the new flags", false},
		{"Update deps", false},
		{"please update the translation files", false},
		{"we need to update the schema", false},
		{"can you update the changelog", false},
		{"should I update go.mod too", false},
		{"updated config is ignored", false},
		{"check for 2 updates", false},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			q := newQuery(Context{Task: tt.task})
			got := false
			for i, w := range q.words {
				if w == "updat" && q.weights[i] > 0 {
					got = true
				}
			}
			if got != tt.want {
				t.Errorf("%q: update is a task word = %v, want %v (words %q)", tt.task, got, tt.want, q.shown)
			}
		})
	}
}

// TestQueryJoins holds which words a task writes as two are read as one,
// and as which of its words.
func TestQueryJoins(t *testing.T) {
	tests := []struct {
		task  string
		joins []string // alias: the task's words it stands for, as shown
		added []string // joined words that are task words of their own
	}{
		{"e-paper ghosting", []string{"epaper:e,paper", "paperghost:paper,ghosting"}, nil},
		{"front end build", []string{"frontend:front,end", "endbuild:end,build"}, nil},
		{"can't log in since friday", []string{"login:log"}, nil},
		{"Wi-Fi drops", []string{"wifi:wi,fi", "fidrop:fi,drops"}, nil},
		{"dev env set-up", []string{"devenv:dev,env"}, []string{"set-up"}},
		{"check-in flow", nil, []string{"check-in"}},
		{"in-app purchase", []string{"apppurchas:app,purchase"}, nil},
		{"the sync client", []string{"syncclient:sync,client"}, nil},
		{"epaper refresh", []string{"epaperrefresh:epaper,refresh"}, nil},
		{"retry `client.Do` twice", nil, nil},
		// A request word after a space joins the word before only as its
		// particle ("log in", "log out"): "button is" and "teacher can"
		// are no words.
		{"the button is grey", nil, nil},
		{"can't log out and back in", []string{"logout:log"}, nil},
		{"portal sign up page", []string{"portalsign:portal,sign", "signup:sign"}, nil},
		// A word after an apostrophe inside a word goes on that word: a
		// possessive's "s" starts no joined word ("Sophie's badge" is no
		// "sbadge"), nor does a contraction's "t".
		{"Sophie's badge colour", []string{"badgecolour:badge,colour"}, nil},
		{"the teacher’s tablet app", []string{"tabletapp:tablet,app"}, nil},
		{"Ben's teacher can't start", nil, nil},
		{"the kids' swim caps", []string{"swimcap:swim,caps"}, nil},
		// An apostrophe after a space opens a quotation: the word after
		// it is a word of its own.
		{"click the 'log in' link", []string{"login:log"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			q := newQuery(Context{Task: tt.task})
			var joins []string
			for _, j := range q.joins {
				var ws []string
				for _, w := range j.words {
					ws = append(ws, q.shown[w])
				}
				joins = append(joins, j.term+":"+strings.Join(ws, ","))
			}
			if !slices.Equal(joins, tt.joins) {
				t.Errorf("joins of %q: got %q, want %q", tt.task, joins, tt.joins)
			}
			var added []string
			for i, w := range q.shown {
				// A word standing for another form or the synonyms of one
				// (q.base) is shown as that word.
				if q.base[i] < 0 && strings.Contains(w, "-") {
					added = append(added, w)
				}
			}
			if !slices.Equal(added, tt.added) {
				t.Errorf("joined words of %q: got %q, want %q", tt.task, added, tt.added)
			}
		})
	}
}
