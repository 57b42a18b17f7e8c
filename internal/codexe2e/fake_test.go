//go:build linux || darwin

package codexe2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeReply is the fake model's answer.
const fakeReply = "FAKE-CODEX-REPLY-OK"

// fakeResponses is the OpenAI Responses API as Codex CLI 0.169.0 uses it
// (POST {base_url}/responses, answered with server-sent events), on
// 127.0.0.1. It records every request body. With a tool set, the first
// request that offers that tool gets one call to it; an MCP tool Codex
// defers behind its client-side tool_search is searched for first.
type fakeResponses struct {
	srv *httptest.Server

	mu       sync.Mutex
	requests []request
	tool     string // "" or a tool name, "mcp__learn__recall" for an MCP tool
	toolArgs string
	called   bool
	searched bool
	// used is the input tokens each response reports; 0 reports 10. Over
	// model_auto_compact_token_limit, it makes Codex compact the
	// conversation before its next request.
	used int
}

// request is one POST /responses body.
type request struct {
	Raw   json.RawMessage
	Input []json.RawMessage `json:"input"`
	Tools []json.RawMessage `json:"tools"`
}

func newFake(t *testing.T) *fakeResponses {
	f := &fakeResponses{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// Reset forgets the requests and sets the tool the next run calls.
func (f *fakeResponses) Reset(tool, args string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests, f.tool, f.toolArgs, f.called, f.searched = nil, tool, args, false, false
}

// Use sets the input tokens every later response reports.
func (f *fakeResponses) Use(tokens int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.used = tokens
}

func (f *fakeResponses) Requests() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request{}, f.requests...)
}

func (f *fakeResponses) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(strings.TrimRight(r.URL.Path, "/"), "/responses") {
		http.Error(w, `{"error":{"message":"fake: only POST /responses"}}`, http.StatusNotFound)
		return
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req.Raw = raw
	f.mu.Lock()
	f.requests = append(f.requests, req)
	n := len(f.requests)
	item := f.next(req, n)
	used := max(f.used, 10)
	f.mu.Unlock()

	resp := map[string]any{
		"id": fmt.Sprintf("resp_fake_%d", n), "object": "response", "status": "completed", "model": "fake",
		"output": []any{item},
		"usage": map[string]any{"input_tokens": used, "input_tokens_details": map[string]any{"cached_tokens": 0},
			"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": used + 5},
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for _, ev := range []struct {
		typ  string
		data map[string]any
	}{
		{"response.output_item.done", map[string]any{"output_index": 0, "item": item}},
		{"response.completed", map[string]any{"response": resp}},
	} {
		ev.data["type"] = ev.typ
		b, _ := json.Marshal(ev.data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.typ, b)
	}
}

// next is the model's output item for request n: the tool call, a
// tool_search for a deferred MCP tool, or the reply.
func (f *fakeResponses) next(req request, n int) map[string]any {
	if f.tool != "" && !f.called {
		if ns, name, ok := offers(req, f.tool); ok {
			f.called = true
			call := map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%d", n), "call_id": fmt.Sprintf("call_fake_%d", n),
				"name": name, "arguments": f.toolArgs, "status": "completed"}
			if ns != "" {
				call["namespace"] = ns
			}
			return call
		}
		if !f.searched && hasToolSearch(req) {
			f.searched = true
			q := f.tool[strings.LastIndex(f.tool, "__")+2:]
			return map[string]any{"type": "tool_search_call", "id": fmt.Sprintf("ts_%d", n), "call_id": fmt.Sprintf("ts_fake_%d", n),
				"execution": "client", "status": "completed", "arguments": map[string]any{"query": q}}
		}
	}
	return map[string]any{"type": "message", "id": fmt.Sprintf("msg_%d", n), "role": "assistant", "status": "completed",
		"content": []any{map[string]any{"type": "output_text", "text": fakeReply, "annotations": []any{}}}}
}

type toolJSON struct {
	Type  string     `json:"type"`
	Name  string     `json:"name"`
	Tools []toolJSON `json:"tools"`
}

// offers finds want among the request's tools and those an earlier
// tool_search returned: a plain name, or NAMESPACE__NAME for a tool of a
// namespace (Codex offers MCP server learn's tools in namespace mcp__learn).
func offers(req request, want string) (ns, name string, ok bool) {
	var tools []toolJSON
	for _, raw := range req.Tools {
		var t toolJSON
		if json.Unmarshal(raw, &t) == nil {
			tools = append(tools, t)
		}
	}
	for _, raw := range req.Input {
		var it struct {
			Type  string     `json:"type"`
			Tools []toolJSON `json:"tools"`
		}
		if json.Unmarshal(raw, &it) == nil && it.Type == "tool_search_output" {
			tools = append(tools, it.Tools...)
		}
	}
	for _, t := range tools {
		if t.Type == "namespace" {
			for _, sub := range t.Tools {
				if t.Name+"__"+sub.Name == want || t.Name+sub.Name == want {
					return t.Name, sub.Name, true
				}
			}
		} else if t.Name == want {
			return "", t.Name, true
		}
	}
	return "", "", false
}

func hasToolSearch(req request) bool {
	for _, raw := range req.Tools {
		var t toolJSON
		if json.Unmarshal(raw, &t) == nil && t.Type == "tool_search" {
			return true
		}
	}
	return false
}

// texts is every message text of the request's input, by role: "user",
// "developer" (hook output, instructions), "system".
func (r request) texts(roles ...string) string {
	var b strings.Builder
	for _, raw := range r.Input {
		var m struct {
			Type    string `json:"type"`
			Role    string `json:"role"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		if json.Unmarshal(raw, &m) != nil || m.Type != "message" {
			continue
		}
		want := len(roles) == 0
		for _, r := range roles {
			want = want || r == m.Role
		}
		if !want {
			continue
		}
		for _, c := range m.Content {
			b.WriteString(c.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// toolOutputs is every function_call_output of the request.
func (r request) toolOutputs() string {
	var b strings.Builder
	for _, raw := range r.Input {
		var it struct {
			Type   string          `json:"type"`
			Output json.RawMessage `json:"output"`
		}
		if json.Unmarshal(raw, &it) != nil || it.Type != "function_call_output" {
			continue
		}
		var s string
		if json.Unmarshal(it.Output, &s) == nil {
			b.WriteString(s)
		} else {
			b.Write(it.Output)
		}
		b.WriteString("\n")
	}
	return b.String()
}
