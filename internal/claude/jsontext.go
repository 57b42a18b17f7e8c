package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// node is one JSON value of a settings file with its exact byte range, so
// that edits can splice the original bytes instead of re-marshalling them
// (a re-marshal would reorder keys, reindent and lose the user's layout).
type node struct {
	kind       byte // '{', '[', '"', or 'v' for numbers, true, false, null
	start, end int  // value bytes are data[start:end]
	members    []member
	elems      []*node
	str        string // decoded, for strings
}

type member struct {
	key      string
	keyStart int // offset of the key's opening quote
	keyEnd   int // offset just past the key's closing quote
	val      *node
}

func (n *node) get(key string) (int, *node) {
	for i, m := range n.members {
		if m.key == key {
			return i, m.val
		}
	}
	return -1, nil
}

// SyntaxError says where a settings file stops being JSON.
type SyntaxError struct {
	Path         string
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: not valid JSON: %s", e.Path, e.Line, e.Column, e.Msg)
}

// parseJSON checks data with encoding/json (for its error offsets) and then
// builds the offset tree. Duplicate keys are refused too: which one Claude
// Code would use is not documented, so learn will not guess.
func parseJSON(path string, data []byte) (*node, error) {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil, &SyntaxError{Path: path, Line: 1, Column: 1, Msg: "the file starts with a byte-order mark"}
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		off := len(data)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset)
			if off > 0 && !strings.Contains(se.Error(), "unexpected end") {
				off-- // Offset is just past the offending byte
			}
		}
		line, col := lineCol(data, off)
		msg := err.Error()
		if se != nil {
			msg = se.Error()
		}
		return nil, &SyntaxError{Path: path, Line: line, Column: col, Msg: msg}
	}
	p := &parser{data: data}
	p.ws()
	n, err := p.value()
	if err != nil {
		line, col := lineCol(data, p.pos)
		return nil, &SyntaxError{Path: path, Line: line, Column: col, Msg: err.Error()}
	}
	return n, nil
}

func lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return line, col
}

// parser walks JSON that encoding/json already accepted, so it only needs
// to find boundaries, not to diagnose.
type parser struct {
	data []byte
	pos  int
}

func (p *parser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value() (*node, error) {
	if p.pos >= len(p.data) {
		return nil, errors.New("unexpected end")
	}
	n := &node{start: p.pos}
	switch c := p.data[p.pos]; c {
	case '{':
		n.kind = '{'
		p.pos++
		p.ws()
		seen := map[string]bool{}
		for p.pos < len(p.data) && p.data[p.pos] != '}' {
			k, err := p.value()
			if err != nil {
				return nil, err
			}
			if seen[k.str] {
				p.pos = k.start
				return nil, fmt.Errorf("the key %q appears twice in one object", k.str)
			}
			seen[k.str] = true
			p.ws()
			p.pos++ // ':'
			p.ws()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, member{key: k.str, keyStart: k.start, keyEnd: k.end, val: v})
			p.ws()
			if p.pos < len(p.data) && p.data[p.pos] == ',' {
				p.pos++
				p.ws()
			}
		}
		p.pos++
	case '[':
		n.kind = '['
		p.pos++
		p.ws()
		for p.pos < len(p.data) && p.data[p.pos] != ']' {
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
			p.ws()
			if p.pos < len(p.data) && p.data[p.pos] == ',' {
				p.pos++
				p.ws()
			}
		}
		p.pos++
	case '"':
		n.kind = '"'
		p.pos++
		for p.pos < len(p.data) && p.data[p.pos] != '"' {
			if p.data[p.pos] == '\\' {
				p.pos++
			}
			p.pos++
		}
		p.pos++
		if err := json.Unmarshal(p.data[n.start:p.pos], &n.str); err != nil {
			return nil, err
		}
	default:
		n.kind = 'v'
		for p.pos < len(p.data) {
			switch p.data[p.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				n.end = p.pos
				return n, nil
			}
			p.pos++
		}
	}
	n.end = p.pos
	return n, nil
}
