package e2e

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

// fakeLLM is an OpenAI-compatible chat-completions server on 127.0.0.1 that
// records every request and answers the way opencode expects: a title for the
// request without tools, a bash tool call for the first agent turn when one
// is set, and a canned text otherwise. Replies stream as server-sent events,
// as opencode asks for.
type fakeLLM struct {
	srv *httptest.Server

	mu       sync.Mutex
	toolCmd  string
	toolName string // a tool the first agent turn calls instead of bash
	toolArgs string
	overflow int // main requests left that report a usage over the context limit
	served   int // requests since the start: tool call ids stay unique in a continued session
	script   []scriptedCall
	requests []llmRequest
}

// scriptedCall is one tool call of a turn that makes several, in order.
type scriptedCall struct{ name, args string }

// llmRequest is one chat-completions request: Kind is "title" (no tools),
// "main" (an agent turn) or "tool-followup" (the turn after a tool result).
type llmRequest struct {
	Kind string
	Body chatRequest
}

type chatRequest struct {
	Model    string        `json:"model"`
	Stream   bool          `json:"stream"`
	Messages []chatMessage `json:"messages"`
	Tools    []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
	StreamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

type chatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
}

// Text is the message content as text, whether it came as a string or as a
// list of parts.
func (m chatMessage) Text() string {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(m.Content, &parts) != nil {
		return string(m.Content)
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

const fakeReply = "FAKE_REPLY_OK: canned answer from the fake model."

func newFakeLLM(t *testing.T) *fakeLLM {
	f := &fakeLLM{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// BaseURL is what opencode's provider config needs.
func (f *fakeLLM) BaseURL() string { return f.srv.URL + "/v1" }

// Reset forgets the recorded requests and sets the command the next agent
// turn answers with as a bash tool call ("" for a plain text answer).
func (f *fakeLLM) Reset(toolCmd string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.toolCmd = toolCmd
	f.toolName, f.toolArgs = "", ""
	f.script = nil
	f.overflow = 0
	f.requests = nil
}

// ResetTool is Reset with the first agent turn calling tool name with args
// (JSON) instead of bash: an MCP server's tool, say.
func (f *fakeLLM) ResetTool(name, args string) {
	f.Reset("")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.toolName, f.toolArgs = name, args
}

// ResetScript is Reset with the turn calling these tools one after the
// other, each request of the turn (the first and every tool follow-up)
// getting the next call, then the text.
func (f *fakeLLM) ResetScript(calls ...scriptedCall) {
	f.Reset("")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.script = calls
}

// OverflowNext makes the next agent turn report a token usage larger than
// any context window, which makes opencode compact the session.
func (f *fakeLLM) OverflowNext() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.overflow = 1
}

// Requests returns what was recorded since the last Reset.
func (f *fakeLLM) Requests() []llmRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]llmRequest(nil), f.requests...)
}

func (f *fakeLLM) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/models") {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"object":"list","data":[{"id":"fake-model","object":"model","owned_by":"fake"}]}`)
		return
	}
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.Error(w, `{"error":{"message":"only /chat/completions is implemented"}}`, http.StatusNotFound)
		return
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var body chatRequest
	if err := json.Unmarshal(raw, &body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	kind := "main"
	switch {
	case len(body.Tools) == 0:
		kind = "title"
	case len(body.Messages) > 0 && body.Messages[len(body.Messages)-1].Role == "tool":
		kind = "tool-followup"
	}

	f.mu.Lock()
	f.requests = append(f.requests, llmRequest{Kind: kind, Body: body})
	f.served++
	seq := f.served
	toolCmd := f.toolCmd
	toolName, toolArgs := f.toolName, f.toolArgs
	var scripted *scriptedCall
	if kind != "title" && len(f.script) > 0 && hasTool(body, f.script[0].name) {
		scripted = &f.script[0]
		f.script = f.script[1:]
	}
	tokens := usage()
	if kind == "main" && f.overflow > 0 {
		f.overflow--
		tokens = map[string]int{"prompt_tokens": 1_000_000, "completion_tokens": 5, "total_tokens": 1_000_005}
	}
	f.mu.Unlock()

	text := fakeReply
	var toolCall map[string]any
	switch {
	case kind == "title":
		text = "FAKE_TITLE"
	case scripted != nil:
		toolCall = map[string]any{
			"index": 0, "id": fmt.Sprintf("call_fake_%d", seq), "type": "function",
			"function": map[string]any{"name": scripted.name, "arguments": scripted.args},
		}
	case kind == "main" && toolName != "" && hasTool(body, toolName):
		toolCall = map[string]any{
			"index": 0, "id": fmt.Sprintf("call_fake_%d", seq), "type": "function",
			"function": map[string]any{"name": toolName, "arguments": toolArgs},
		}
	case kind == "main" && toolCmd != "" && hasTool(body, "bash"):
		args, _ := json.Marshal(map[string]string{"command": toolCmd, "description": "fake tool call"})
		toolCall = map[string]any{
			"index": 0, "id": fmt.Sprintf("call_fake_%d", seq), "type": "function",
			"function": map[string]any{"name": "bash", "arguments": string(args)},
		}
	}
	model := body.Model
	if !body.Stream {
		msg := map[string]any{"role": "assistant", "content": text}
		finish := "stop"
		if toolCall != nil {
			msg = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{toolCall}}
			finish = "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": fmt.Sprintf("chatcmpl-fake-%d", seq), "object": "chat.completion", "model": model,
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
			"usage":   tokens,
		})
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Connection", "close")
	flusher, _ := w.(http.Flusher)
	emit := func(choices []any, extra map[string]any) {
		chunk := map[string]any{"id": fmt.Sprintf("chatcmpl-fake-%d", seq), "object": "chat.completion.chunk", "model": model, "choices": choices}
		for k, v := range extra {
			chunk[k] = v
		}
		data, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", data)
		if flusher != nil {
			flusher.Flush()
		}
	}
	delta := func(d map[string]any, finish any) []any {
		return []any{map[string]any{"index": 0, "delta": d, "finish_reason": finish}}
	}
	emit(delta(map[string]any{"role": "assistant", "content": ""}, nil), nil)
	finish := "stop"
	if toolCall != nil {
		emit(delta(map[string]any{"tool_calls": []any{toolCall}}, nil), nil)
		finish = "tool_calls"
	} else {
		half := len(text) / 2
		for _, piece := range []string{text[:half], text[half:]} {
			emit(delta(map[string]any{"content": piece}, nil), nil)
		}
	}
	emit(delta(map[string]any{}, finish), nil)
	if body.StreamOptions.IncludeUsage {
		emit([]any{}, map[string]any{"usage": tokens})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if flusher != nil {
		flusher.Flush()
	}
}

func usage() map[string]int {
	return map[string]int{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
}

func hasTool(body chatRequest, name string) bool {
	for _, t := range body.Tools {
		if t.Function.Name == name {
			return true
		}
	}
	return false
}
