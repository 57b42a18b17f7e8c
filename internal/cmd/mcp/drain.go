package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"
)

// stream sits between stdio and the server. It hands the server whole
// lines of valid JSON only: a line that is not JSON gets a JSON-RPC parse
// error (-32700) and the server goes on, where the SDK would end the
// connection. And it lets the server answer what it was asked before stdin
// closed (a script, a test): it counts the requests read and the answers
// written, and holds stdin's end of file back until they match, or until
// drainLimit passes.
type stream struct {
	in  io.Reader
	out io.Writer

	mu      sync.Mutex
	cond    *sync.Cond
	pending int
	partIn  []byte // an incomplete line read from stdin
	ready   []byte // whole, valid lines for the server
	partOut []byte // an incomplete line written by the server
	eof     error
}

const drainLimit = 30 * time.Second

// maxLine bounds one request, as the SDK's own reader does.
const maxLine = 16 << 20

func newStream(in io.Reader, out io.Writer) *stream {
	s := &stream{in: in, out: out}
	s.cond = sync.NewCond(&s.mu)
	return s
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

// Read gives the server the next whole lines of valid JSON.
func (s *stream) Read(p []byte) (int, error) {
	for {
		s.mu.Lock()
		if len(s.ready) > 0 {
			n := copy(p, s.ready)
			s.ready = s.ready[n:]
			s.mu.Unlock()
			return n, nil
		}
		if s.eof != nil {
			s.mu.Unlock()
			s.wait()
			return 0, s.eof
		}
		s.mu.Unlock()
		buf := make([]byte, 64<<10)
		n, err := s.in.Read(buf)
		s.take(buf[:n], err != nil)
		if err != nil {
			s.mu.Lock()
			s.eof = err
			s.mu.Unlock()
		}
	}
}

// take splits what stdin gave into lines: valid ones go to the server and
// count as requests when they have an id and a method; others are answered
// with a parse error.
func (s *stream) take(b []byte, last bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.partIn = append(s.partIn, b...)
	for {
		i := bytes.IndexByte(s.partIn, '\n')
		if i < 0 {
			if last && len(bytes.TrimSpace(s.partIn)) > 0 {
				i = len(s.partIn)
				s.partIn = append(s.partIn, '\n')
			} else {
				if len(s.partIn) > maxLine {
					s.refuse(fmt.Sprintf("a request of over %d bytes", maxLine))
					s.partIn = s.partIn[:0]
				}
				return
			}
		}
		line := s.partIn[:i+1]
		s.partIn = s.partIn[i+1:]
		trimmed := bytes.TrimSpace(line)
		switch {
		case len(trimmed) == 0:
		case !json.Valid(trimmed):
			s.refuse("not JSON")
		default:
			var m message
			if json.Unmarshal(trimmed, &m) == nil && len(m.ID) > 0 && m.Method != "" {
				s.pending++
			}
			s.ready = append(s.ready, line...)
		}
	}
}

// refuse answers a line the server never sees; s.mu is held.
func (s *stream) refuse(why string) {
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": -32700, "message": "parse error: " + why}})
	s.out.Write(append(msg, '\n'))
}

// Write passes the server's messages on, counting answers (an id, no
// method).
func (s *stream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.out.Write(p)
	s.partOut = append(s.partOut, p[:n]...)
	for {
		i := bytes.IndexByte(s.partOut, '\n')
		if i < 0 {
			break
		}
		var m message
		if json.Unmarshal(s.partOut[:i], &m) == nil && len(m.ID) > 0 && m.Method == "" && s.pending > 0 {
			s.pending--
		}
		s.partOut = s.partOut[i+1:]
	}
	s.cond.Broadcast()
	return n, err
}

func (s *stream) Close() error { return nil }

func (s *stream) wait() {
	deadline := time.Now().Add(drainLimit)
	timer := time.AfterFunc(drainLimit, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	for s.pending > 0 && time.Now().Before(deadline) {
		s.cond.Wait()
	}
	s.mu.Unlock()
}
