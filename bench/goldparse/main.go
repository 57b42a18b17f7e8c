// Command goldparse parses a markdown file with goldmark's default parser
// and nothing else: the floor any markdown-aware command pays, which the
// benchmark script compares learn against. It prints the in-process parse
// time and throughput.
//
//	goldparse FILE
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: goldparse FILE")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "goldparse: %v\n", err)
		os.Exit(1)
	}
	start := time.Now()
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	elapsed := time.Since(start)
	blocks := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		blocks++
	}
	fmt.Printf("%d bytes, %d top-level blocks, parsed in %.1f ms (%.1f MB/s)\n",
		len(src), blocks, float64(elapsed)/float64(time.Millisecond), float64(len(src))/elapsed.Seconds()/1e6)
}
