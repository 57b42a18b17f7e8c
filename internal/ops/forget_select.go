package ops

import (
	"errors"
	"fmt"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// ForgetSelectors are forget's narrowing flags. Every selector given narrows
// the selection: --session picks sessions, --match and --category pick
// learnings (inside the picked sessions when --session is also given).
type ForgetSelectors struct {
	Sessions   []string
	Matches    []string
	Categories []string
	// IDs pick single learnings; they are not combined with the others.
	IDs []string
}

func (s ForgetSelectors) any() bool {
	return len(s.Sessions)+len(s.Matches)+len(s.Categories)+len(s.IDs) > 0
}

// forgetSelection is what a narrowed forget removes: whole sessions, and
// single learnings outside them.
type forgetSelection struct {
	Sessions  []*learnings.Session
	Learnings []*learnings.Learning
}

func (s *forgetSelection) empty() bool { return len(s.Sessions) == 0 && len(s.Learnings) == 0 }

// count returns the number of sessions that go and the number of learnings
// that go with them or alone.
func (s *forgetSelection) count() (sessions, learningsGone int) {
	for _, sess := range s.Sessions {
		learningsGone += countLearnings(sess.Categories)
	}
	return len(s.Sessions), learningsGone + len(s.Learnings)
}

func countLearnings(cs []*learnings.Category) int {
	n := 0
	for _, c := range cs {
		n += len(c.Learnings)
	}
	return n
}

// chooseForget resolves the selectors against doc. An unknown or ambiguous
// session ID is an error.
func chooseForget(doc *learnings.Document, sel ForgetSelectors) (*forgetSelection, error) {
	if len(sel.IDs) > 0 {
		return chooseForgetIDs(doc, sel.IDs)
	}
	var sessions []*learnings.Session
	for _, id := range sel.Sessions {
		s, err := doc.FindSession(id)
		if err != nil {
			if l, lerr := doc.FindLearning(id); errors.Is(err, learnings.ErrNotFound) && lerr == nil {
				return nil, learningNotSession(id, l)
			}
			return nil, fmt.Errorf("--session %s: %w", id, err)
		}
		if !hasSession(sessions, s) {
			sessions = append(sessions, s)
		}
	}
	out := &forgetSelection{}
	if len(sel.Matches)+len(sel.Categories) == 0 {
		out.Sessions = sessions
		return out, nil
	}

	cats := make(map[string]bool, len(sel.Categories))
	for _, c := range sel.Categories {
		cats[forgetCategoryKey(c)] = true
	}
	matches := make([]string, 0, len(sel.Matches))
	for _, m := range sel.Matches {
		matches = append(matches, similar.Canonical(m))
	}
	picks := func(c *learnings.Category, l *learnings.Learning) bool {
		if len(cats) > 0 && !cats[forgetCategoryKey(c.Name)] {
			return false
		}
		return forgetMatches(l.Text, sel.Matches, matches)
	}

	var pool []*learnings.Session
	if len(sel.Sessions) > 0 {
		pool = sessions
	} else {
		pool = doc.Sessions
		if doc.Consolidated != nil {
			for _, c := range doc.Consolidated.Categories {
				for _, l := range c.Learnings {
					if picks(c, l) {
						out.Learnings = append(out.Learnings, l)
					}
				}
			}
		}
	}
	for _, s := range pool {
		var picked []*learnings.Learning
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				if picks(c, l) {
					picked = append(picked, l)
				}
			}
		}
		// A session left without learnings is an empty shell: it goes whole.
		if len(picked) > 0 && len(picked) == countLearnings(s.Categories) {
			out.Sessions = append(out.Sessions, s)
		} else {
			out.Learnings = append(out.Learnings, picked...)
		}
	}
	return out, nil
}

// forgetMatches is true when text contains every --match string, compared case
// insensitively as written or in canonical form (so "Make Gen" finds
// "`make gen`").
func forgetMatches(text string, raw, canon []string) bool {
	lower := strings.ToLower(text)
	ctext := similar.Canonical(text)
	for i, m := range raw {
		if strings.Contains(lower, strings.ToLower(m)) {
			continue
		}
		if canon[i] != "" && strings.Contains(ctext, canon[i]) {
			continue
		}
		return false
	}
	return true
}

// chooseForgetIDs picks the learnings --id names; a session left without
// learnings goes whole, as with --match.
func chooseForgetIDs(doc *learnings.Document, ids []string) (*forgetSelection, error) {
	picked := map[*learnings.Learning]bool{}
	for _, id := range ids {
		l, err := doc.FindLearning(id)
		if err != nil {
			if s, serr := doc.FindSession(id); errors.Is(err, learnings.ErrNotFound) && serr == nil {
				return nil, fmt.Errorf("--id %s: that is session %s (%s); forget it with --session %s", id, s.ID, s.Focus, s.ID)
			}
			return nil, fmt.Errorf("--id %s: %w", id, err)
		}
		picked[l] = true
	}
	out := &forgetSelection{}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			for _, l := range c.Learnings {
				if picked[l] {
					out.Learnings = append(out.Learnings, l)
				}
			}
		}
	}
	for _, s := range doc.Sessions {
		var in []*learnings.Learning
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				if picked[l] {
					in = append(in, l)
				}
			}
		}
		if len(in) > 0 && len(in) == countLearnings(s.Categories) {
			out.Sessions = append(out.Sessions, s)
		} else {
			out.Learnings = append(out.Learnings, in...)
		}
	}
	return out, nil
}

func forgetCategoryKey(name string) string {
	canon, _ := learnings.NormalizeCategory(name)
	return strings.ToLower(canon)
}

func hasSession(list []*learnings.Session, s *learnings.Session) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// learningNotSession explains a learning ID given where a session ID
// belongs (search and recall print learning IDs) and what to type instead.
func learningNotSession(id string, l *learnings.Learning) error {
	words := strings.Fields(l.Text)
	hint := fmt.Sprintf("forget it with --id %s or --match %q", l.ID, strings.Join(words[:min(len(words), 6)], " "))
	if l.Session != nil {
		hint += fmt.Sprintf(", or its whole session with --session %s", l.Session.ID)
	}
	return notSessionError(fmt.Sprintf("--session %s: that is learning %s, not a session; %s", id, l.ID, hint))
}

// notSessionError reads as its advice alone but still counts as not found.
type notSessionError string

func (e notSessionError) Error() string        { return string(e) }
func (e notSessionError) Is(target error) bool { return target == learnings.ErrNotFound }
