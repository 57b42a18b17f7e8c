package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"100k", 100 << 10, true},
		{"1m", 1 << 20, true},
		{"10M", 10 << 20, true},
		{"4096", 4096, true},
		{"", 0, false},
		{"k", 0, false},
		{"-1m", 0, false},
		{"1g", 0, false},
	}
	for _, tc := range tests {
		got, err := parseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestRunMode(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		mode string
		ok   bool
	}{
		{"", true},
		{"default", true},
		{"zipf", true},
		{"intl", true},
		{"sparse", true},
		{"agent", true},
		{"prose", true},
		{"ZIPF", false},
		{"english", false},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			err := run([]string{"-size", "20k", "-mode", tc.mode, "-o", filepath.Join(dir, "m.md")})
			if (err == nil) != tc.ok {
				t.Errorf("run -mode %q: err = %v, want ok=%v", tc.mode, err, tc.ok)
			}
		})
	}
}

// TestModeBytes pins every generator's bytes for one seed, through the
// command bench/run.sh calls: bench numbers are compared across commits
// and generators, so adding one must not move the others.
func TestModeBytes(t *testing.T) {
	want := map[string]string{
		"":       "85131b4047a75693324ad2ea3123d26a7df8eaa80959ac7e0e602611200223e8",
		"zipf":   "e00d6e06cdd668a82db23769919c58d89546a81031f6d1dd1e827714ffe8f0ff",
		"long":   "11f75a867d760e25150cf6c14f5b8dfd3b68726d70f5263db39d4781dd3f1c2a",
		"sparse": "190237bdf1f5c186f4e57a75dafb3bf56ae9d847fd48e12331b440778e7d214f",
		"paths":  "cc69a84f8afe1d8a4d3e0e04b1de9f519510d2066fc18efa593496638a6ada58",
		"intl":   "b44ffd9f160cdf9d80b6d460ab16d616e63f37620f2bb1fa3b42794645c63093",
		"agent":  "ec2be6863b92c05e99d497afeda24cafc0651820493e014a31d0c26efe0cb745",
		"prose":  "fb9ee10c442291831c7089f85b40db0e493e2cc0935cfd5180f131acb7884ff0",
	}
	dir := t.TempDir()
	for mode, sum := range want {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			out := filepath.Join(dir, "m"+mode+".md")
			if err := run([]string{"-seed", "1", "-size", "64k", "-mode", mode, "-o", out}); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != sum {
				t.Errorf("-mode %q -seed 1 -size 64k hashes to %s, want %s", mode, got, sum)
			}
		})
	}
}

// TestDefaultModeName holds -mode default to the empty mode's bytes, since
// bench/README.md names the original generator "default".
func TestDefaultModeName(t *testing.T) {
	dir := t.TempDir()
	var got [2][]byte
	for i, mode := range []string{"", "default"} {
		out := filepath.Join(dir, fmt.Sprintf("m%d.md", i))
		if err := run([]string{"-seed", "3", "-size", "16k", "-mode", mode, "-o", out}); err != nil {
			t.Fatalf("run -mode %q: %v", mode, err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = b
	}
	if !bytes.Equal(got[0], got[1]) {
		t.Errorf("-mode default wrote %d bytes unlike the empty mode's %d", len(got[1]), len(got[0]))
	}
}
