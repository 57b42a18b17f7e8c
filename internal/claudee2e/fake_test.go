package claudee2e

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

// fakeAnthropic is the Anthropic Messages API on 127.0.0.1, as far as
// Claude Code uses it: it records every request and answers with a canned
// text, or, when a tool command is set, answers the first turn with a Bash
// tool call and the turn after the tool result with the text. Streaming
// answers are server-sent events, as Claude Code asks for.
type fakeAnthropic struct {
	srv *httptest.Server

	mu       sync.Mutex
	toolCmd  string
	toolName string // a tool the first turn calls instead of Bash
	toolArgs map[string]any
	called   bool // the tool call of this turn was made
	served   int  // requests since the start: tool_use ids stay unique in a continued session
	requests []apiRequest
}

// apiRequest is one POST /v1/messages body.
type apiRequest struct {
	Model    string          `json:"model"`
	Stream   bool            `json:"stream"`
	System   json.RawMessage `json:"system"`
	Messages []apiMessage    `json:"messages"`
	Tools    []struct {
		Name string `json:"name"`
	} `json:"tools"`
}

type apiMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type block struct {
	Type    string          `json:"type"`
	Text    string          `json:"text"`
	Content json.RawMessage `json:"content"` // tool_result
}

// Blocks is the message content as blocks, whether it came as a string or
// a list.
func (m apiMessage) Blocks() []block {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []block{{Type: "text", Text: s}}
	}
	var bs []block
	_ = json.Unmarshal(m.Content, &bs)
	return bs
}

// Text is every text block of the message, in order.
func (m apiMessage) Text() string {
	var b strings.Builder
	for _, bl := range m.Blocks() {
		if bl.Type == "text" {
			b.WriteString(bl.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// ToolResult is the text of the message's tool_result blocks.
func (m apiMessage) ToolResult() string {
	var b strings.Builder
	for _, bl := range m.Blocks() {
		if bl.Type != "tool_result" {
			continue
		}
		var s string
		if json.Unmarshal(bl.Content, &s) == nil {
			b.WriteString(s)
			continue
		}
		var parts []block
		_ = json.Unmarshal(bl.Content, &parts)
		for _, p := range parts {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

const fakeReply = "FAKE_REPLY_OK"

func newFakeAnthropic(t *testing.T) *fakeAnthropic {
	f := &fakeAnthropic{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// Reset forgets the recorded requests and sets the Bash command the next
// turn answers with ("" for text only).
func (f *fakeAnthropic) Reset(toolCmd string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.toolCmd = toolCmd
	f.toolName, f.toolArgs = "", nil
	f.called = false
	f.requests = nil
}

// ResetTool is Reset with the first turn calling tool name with args instead
// of Bash: an MCP server's tool, say.
func (f *fakeAnthropic) ResetTool(name string, args map[string]any) {
	f.Reset("")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.toolName, f.toolArgs = name, args
}

// Requests returns what was recorded since the last Reset.
func (f *fakeAnthropic) Requests() []apiRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]apiRequest(nil), f.requests...)
}

func (f *fakeAnthropic) serve(w http.ResponseWriter, r *http.Request) {
	writeJSON := func(code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("request-id", "req_fake")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(v)
	}
	notFound := map[string]any{"type": "error", "error": map[string]string{"type": "not_found_error", "message": "fake"}}
	if r.Method != http.MethodPost {
		writeJSON(http.StatusNotFound, notFound)
		return
	}
	switch {
	case strings.HasSuffix(r.URL.Path, "/v1/messages/count_tokens"):
		writeJSON(http.StatusOK, map[string]int{"input_tokens": 10})
		return
	case !strings.HasSuffix(r.URL.Path, "/v1/messages"):
		writeJSON(http.StatusNotFound, notFound)
		return
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeJSON(http.StatusBadRequest, notFound)
		return
	}
	var body apiRequest
	if err := json.Unmarshal(raw, &body); err != nil {
		writeJSON(http.StatusBadRequest, map[string]any{"type": "error", "error": map[string]string{"type": "invalid_request_error", "message": err.Error()}})
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, body)
	f.served++
	seq := f.served
	toolCmd := f.toolCmd
	toolName, toolArgs := f.toolName, f.toolArgs
	// One tool call per turn (per Reset), in the first request that offers
	// the tool and answers none: every later request gets the text. A
	// continued session's conversation holds earlier turns' tool results,
	// so the conversation alone cannot tell.
	callTool := !f.called && !hasToolResult(body) &&
		((toolName != "" && hasTool(body, toolName)) || (toolName == "" && toolCmd != "" && hasTool(body, "Bash")))
	if callTool {
		f.called = true
	}
	f.mu.Unlock()

	var content []map[string]any
	stop := "end_turn"
	if callTool && toolName != "" {
		if toolArgs == nil {
			toolArgs = map[string]any{}
		}
		content = []map[string]any{{"type": "tool_use", "id": fmt.Sprintf("toolu_fake_%d", seq), "name": toolName, "input": toolArgs}}
		stop = "tool_use"
	} else if callTool {
		content = []map[string]any{{"type": "tool_use", "id": fmt.Sprintf("toolu_fake_%d", seq), "name": "Bash",
			"input": map[string]string{"command": toolCmd, "description": "fake tool call"}}}
		stop = "tool_use"
	} else {
		content = []map[string]any{{"type": "text", "text": fakeReply}}
	}
	msg := map[string]any{
		"id": fmt.Sprintf("msg_fake_%d", seq), "type": "message", "role": "assistant", "model": body.Model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]int{"input_tokens": 10, "output_tokens": 1},
	}
	if !body.Stream {
		writeJSON(http.StatusOK, msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("request-id", "req_fake")
	flusher, _ := w.(http.Flusher)
	emit := func(event string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"], start["stop_reason"] = []any{}, nil
	start["usage"] = map[string]int{"input_tokens": 10, "output_tokens": 0}
	emit("message_start", map[string]any{"type": "message_start", "message": start})
	for i, c := range content {
		if c["type"] == "tool_use" {
			input, _ := json.Marshal(c["input"])
			emit("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": c["id"], "name": c["name"], "input": map[string]any{}}})
			emit("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
		} else {
			emit("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			emit("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": c["text"]}})
		}
		emit("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	emit("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 1}})
	emit("message_stop", map[string]any{"type": "message_stop"})
}

func hasTool(body apiRequest, name string) bool {
	for _, t := range body.Tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// hasToolResult reports whether the request's last message answers a tool
// call.
func hasToolResult(body apiRequest) bool {
	for _, m := range body.Messages[max(len(body.Messages)-1, 0):] {
		if m.Role == "user" && m.ToolResult() != "" {
			return true
		}
		for _, b := range m.Blocks() {
			if b.Type == "tool_result" {
				return true
			}
		}
	}
	return false
}
