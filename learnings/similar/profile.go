package similar

// Profile is the Profile of the prepared text, sharing its features, so that
// a caller that prepared a learning to find duplicates does not read it a
// second time to match it against docs.
func (t *Text) Profile() Profile { return Profile{t.features()} }

// Shareable computes what p otherwise computes on first use, and returns p,
// so that a doc passage matched against the learnings of a large memory
// from many goroutines has its trigrams computed once rather than by each
// goroutine that meets it first.
func (p Profile) Shareable() Profile {
	p.f.trigrams()
	return p
}
