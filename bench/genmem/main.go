// Command genmem writes a generated memory file, or candidate learnings for
// one, so benchmarks run on the same bytes on every machine.
//
//	go run ./bench/genmem -seed 1 -size 1m > mem.md
//	go run ./bench/genmem -seed 1 -size 1m -mode zipf > zipf.md
//	go run ./bench/genmem -seed 1 -size 1m -mode prose > prose.md
//	go run ./bench/genmem -candidates mem.md -n 8 > candidates.md
//	go run ./bench/genmem -session -n 4 > session.md
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/learn-memory/learn/internal/memgen"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "genmem: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("genmem", flag.ContinueOnError)
	seed := fs.Int64("seed", 1, "random seed")
	sizeFlag := fs.String("size", "100k", "approximate size: bytes, or with a k/m suffix (1024-based)")
	crlf := fs.Bool("crlf", false, "write CRLF line endings")
	candidates := fs.String("candidates", "", "print `n` candidate learnings for this memory file instead")
	session := fs.Bool("session", false, "print n fresh learnings (input for learn store) instead")
	modes := memgen.Modes
	mode := fs.String("mode", "", "generator: empty or default for the default, or one of "+strings.Join(modes, ", "))
	n := fs.Int("n", 5, "number of learnings for -candidates and -session")
	out := fs.String("o", "", "write to this file instead of stdout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *mode == "default" {
		// bench/run.sh and bench/README.md call the original generator
		// "default"; memgen knows it as the empty mode.
		*mode = ""
	}
	if *mode != "" && !slices.Contains(modes, *mode) {
		return fmt.Errorf("unknown -mode %q: want default or one of %s", *mode, strings.Join(modes, ", "))
	}
	var data []byte
	switch {
	case *candidates != "":
		src, err := os.ReadFile(*candidates)
		if err != nil {
			return err
		}
		data = memgen.Candidates(src, *seed, *n)
	case *session:
		data = memgen.Learnings(*seed, *n)
	default:
		size, err := parseSize(*sizeFlag)
		if err != nil {
			return err
		}
		data = memgen.GenerateWith(memgen.Options{Seed: *seed, Size: size, CRLF: *crlf, Mode: *mode})
	}
	if *out == "" {
		_, err := os.Stdout.Write(data)
		return err
	}
	return os.WriteFile(*out, data, 0o644)
}

// parseSize reads "100k", "1m", "10M" or plain bytes.
func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(strings.ToLower(s), "k"):
		mult, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(strings.ToLower(s), "m"):
		mult, s = 1<<20, s[:len(s)-1]
	}
	v, err := strconv.Atoi(s)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad size %q: want bytes or a k/m suffix", s)
	}
	return v * mult, nil
}
