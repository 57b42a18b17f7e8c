//go:build ignore

// Mkcorpus writes prose.txt, the sentences the prose generator makes
// learnings from: sentences of the doc comments of the Go standard library
// (BSD licensed), with the file each came from.
//
//	go run ./internal/memgen/mkcorpus.go -o internal/memgen/prose.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
)

func main() {
	out := flag.String("o", "prose.txt", "output file")
	keep := flag.Int("keep", 5, "keep one file in this many")
	most := flag.Int("most", 40, "keep at most this many sentences of a file")
	flag.Parse()
	src := filepath.Join(runtime.GOROOT(), "src")
	var paths []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			switch {
			case rel == "cmd", rel == "vendor", d.Name() == "testdata", strings.HasPrefix(rel, "internal/"), d.Name() == "internal":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			paths = append(paths, rel)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	slices.Sort(paths)
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# Sentences from the doc comments of the Go standard library (%s), one a line\n", runtime.Version())
	fmt.Fprintln(w, "# after the file it came from and a tab, for memgen's prose generator.")
	fmt.Fprintln(w, "# Copyright 2009 The Go Authors. Used under the Go license (BSD-3-Clause,")
	fmt.Fprintln(w, "# https://go.dev/LICENSE). Written by: go run ./internal/memgen/mkcorpus.go")
	seen := map[string]bool{}
	for _, rel := range paths {
		h := fnv.New32a()
		h.Write([]byte(rel))
		if h.Sum32()%uint32(*keep) != 0 {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(src, rel), nil, parser.ParseComments)
		if err != nil {
			continue
		}
		n := 0
		for _, cg := range docs(file) {
			for _, s := range sentences(cg) {
				if !seen[s] && n < *most {
					seen[s] = true
					n++
					fmt.Fprintf(w, "%s\t%s\n", rel, s)
				}
			}
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	f.Close()
}

// docs are the doc comments of a file's package clause and declarations.
func docs(f *ast.File) []*ast.CommentGroup {
	var out []*ast.CommentGroup
	if f.Doc != nil {
		out = append(out, f.Doc)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil {
				out = append(out, d.Doc)
			}
		case *ast.GenDecl:
			if d.Doc != nil {
				out = append(out, d.Doc)
			}
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Doc != nil {
					out = append(out, ts.Doc)
				}
			}
		}
	}
	return out
}

var (
	splitter = regexp.MustCompile(`[.!?]\s+`)
	clean    = regexp.MustCompile(`^[A-Z][A-Za-z0-9 ,;:'"()\[\]./*+%=<>&|_-]+[.]$`)
	link     = regexp.MustCompile(`\[([A-Za-z0-9_.*]+)\]`)
)

// sentences splits a doc comment's prose paragraphs into sentences, leaving
// out code blocks, lists, headings and anything that is not plain English.
func sentences(cg *ast.CommentGroup) []string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, c := range cg.List {
		t := c.Text
		if !strings.HasPrefix(t, "//") || strings.HasPrefix(t, "//go:") || strings.HasPrefix(t, "//line") {
			flush()
			continue
		}
		t = strings.TrimPrefix(t, "//")
		if strings.HasPrefix(t, "\t") || strings.HasPrefix(t, "  ") || strings.TrimSpace(t) == "" ||
			strings.HasPrefix(strings.TrimSpace(t), "- ") || strings.HasPrefix(t, " #") {
			flush()
			continue
		}
		cur = append(cur, strings.TrimSpace(t))
	}
	flush()
	var out []string
	for _, p := range paras {
		p = link.ReplaceAllString(p, "$1")
		idx := splitter.FindAllStringIndex(p, -1)
		start := 0
		for _, ix := range append(idx, []int{len(p), len(p)}) {
			end := ix[0] + 1
			if end > len(p) {
				end = len(p)
			}
			s := strings.TrimSpace(p[start:end])
			start = ix[1]
			if len(s) < 40 || len(s) > 240 || !clean.MatchString(s) || strings.Contains(s, "e.g.") ||
				strings.Contains(s, "i.e.") || strings.Contains(s, "TODO") || strings.Contains(s, "Copyright") ||
				strings.Contains(s, "BUG") || strings.Contains(s, "Deprecated") || long(s) {
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// long reports a word over 30 bytes: hashes, encoded data, URLs.
func long(s string) bool {
	for _, w := range strings.Fields(s) {
		if len(w) > 30 {
			return true
		}
	}
	return false
}
