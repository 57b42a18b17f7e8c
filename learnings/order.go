package learnings

import "slices"

// NewestFirst orders sessions by their timestamps, newest first, whatever
// order the file has them in; sessions whose timestamp cannot be read keep
// their file order after the dated ones. recall and learn serve both list
// this way.
func NewestFirst(sessions []*Session) []*Session {
	out := slices.Clone(sessions)
	slices.SortStableFunc(out, func(a, b *Session) int {
		switch {
		case a.Time.IsZero() && b.Time.IsZero():
			return 0
		case a.Time.IsZero():
			return 1
		case b.Time.IsZero():
			return -1
		}
		return b.Time.Compare(a.Time)
	})
	return out
}
