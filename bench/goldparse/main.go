// Command goldparse parses a markdown file with goldmark's default parser
// and nothing else: the floor any markdown-aware command pays, which the
// benchmark script compares learn against. It prints the in-process parse
// time and throughput.
//
//	goldparse [-blocks] FILE
//
// With -blocks it runs goldmark's block parsers alone, without the inline
// parsers (emphasis, links, code spans): the "block-parse" issue 24 names,
// about half the default parse's CPU on the generated files.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

func main() {
	blockOnly := flag.Bool("blocks", false, "run the block parsers only, no inline parsing")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: goldparse [-blocks] FILE")
		os.Exit(2)
	}
	src, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "goldparse: %v\n", err)
		os.Exit(1)
	}
	p := goldmark.DefaultParser()
	if *blockOnly {
		p = parser.NewParser(
			parser.WithBlockParsers(parser.DefaultBlockParsers()...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		)
	}
	start := time.Now()
	doc := p.Parse(text.NewReader(src))
	elapsed := time.Since(start)
	blocks := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		blocks++
	}
	fmt.Printf("%d bytes, %d top-level blocks, parsed in %.1f ms (%.1f MB/s)\n",
		len(src), blocks, float64(elapsed)/float64(time.Millisecond), float64(len(src))/elapsed.Seconds()/1e6)
}
