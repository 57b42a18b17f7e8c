package similar

// Profile is the Profile of the prepared text, sharing its features, so that
// a caller that prepared a learning to find duplicates does not read it a
// second time to match it against docs. Like the Text, the Profile then
// fills its trigrams in on first use: a goroutine may use it only while no
// other uses the Text.
func (t *Text) Profile() Profile { return Profile{t.f} }

// Shareable computes what p otherwise computes on first use, and returns p:
// afterwards p may be compared from many goroutines at once, as a doc
// passage is matched against the learnings of a large memory in parallel.
func (p Profile) Shareable() Profile {
	p.f.trigrams()
	return p
}
