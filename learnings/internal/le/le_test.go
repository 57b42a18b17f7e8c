package le

import (
	"encoding/binary"
	"testing"
)

func TestUint64(t *testing.T) {
	for _, s := range []string{"\x00\x00\x00\x00\x00\x00\x00\x00", "abcdefgh", "\x01\x02\x03\x04\x05\x06\x07\x08tail", "\xff\xfe\x80\x7f<\x1f ~"} {
		if got, want := Uint64(s), binary.LittleEndian.Uint64([]byte(s)); got != want {
			t.Errorf("Uint64(%q) = %#x, want %#x", s, got, want)
		}
	}
}

func TestUint64Short(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Uint64 of seven bytes did not panic")
		}
	}()
	Uint64("1234567")
}
