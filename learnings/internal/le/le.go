// Package le reads eight bytes of a string as one little-endian number,
// the word the byte scans of sanitize, secrets, recall, search, similar
// and the IDs test eight bytes at a time.
package le

// Uint64 is the first eight bytes of s as a little-endian number, the
// first byte in the low byte; s has eight at least. The compiler reads
// them with one load on amd64 and arm64 (binary.LittleEndian.Uint64 on
// []byte(s) does too, but checks the pointer for nil first: two more
// instructions a word).
func Uint64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
