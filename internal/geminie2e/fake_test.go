//go:build linux || darwin

package geminie2e

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

// fakeGemini is the Gemini API (generativelanguage v1beta) on 127.0.0.1, as
// far as Gemini CLI uses it with -m: streamGenerateContent answered with one
// server-sent event, generateContent and countTokens. It records every
// request. When a tool is set, the first request that offers that function
// gets one functionCall with args; every other request gets a text answer.
// Requests for JSON output (the CLI's own routing and checks) get an object
// built from their schema. It is a Go port of ../shared/gemini-e2e/fake_gemini.py.
type fakeGemini struct {
	srv *httptest.Server

	mu         sync.Mutex
	tool       string
	args       map[string]any
	toolCalled bool
	requests   []apiRequest
}

// apiRequest is one request's path and JSON body.
type apiRequest struct {
	Path string
	Body map[string]any
}

func newFakeGemini(t *testing.T) *fakeGemini {
	f := &fakeGemini{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// Reset forgets the requests and sets the tool the model calls first.
func (f *fakeGemini) Reset(tool string, args map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tool, f.args, f.toolCalled, f.requests = tool, args, false, nil
}

// Requests are the model requests received since Reset, in order: the
// generate calls, not countTokens.
func (f *fakeGemini) Requests() []apiRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]apiRequest(nil), f.requests...)
}

const answerText = "FAKE-GEMINI-ANSWER"

func (f *fakeGemini) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	path := r.URL.Path
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(strings.TrimRight(path, "/"), "/models"):
		writeJSON(w, map[string]any{"models": []any{}})
	case strings.HasSuffix(path, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 10})
	case strings.HasSuffix(path, ":streamGenerateContent"):
		data, _ := json.Marshal(response(f.answer(path, body)))
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\r\n\r\n", data)
	case strings.HasSuffix(path, ":generateContent"):
		writeJSON(w, response(f.answer(path, body)))
	default:
		w.WriteHeader(http.StatusNotFound)
		writeJSON(w, map[string]any{"error": map[string]any{"code": 404, "message": "fake: unsupported " + path, "status": "NOT_FOUND"}})
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func response(parts []any) map[string]any {
	return map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": parts},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "fake-model",
	}
}

func (f *fakeGemini) answer(path string, body map[string]any) []any {
	gc, _ := body["generationConfig"].(map[string]any)
	if gc["responseMimeType"] == "application/json" {
		schema, _ := gc["responseJsonSchema"].(map[string]any)
		if schema == nil {
			schema, _ = gc["responseSchema"].(map[string]any)
		}
		text, _ := json.Marshal(fromSchema(schema))
		return []any{map[string]any{"text": string(text)}}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, apiRequest{Path: path, Body: body})
	if f.tool != "" && !f.toolCalled && offers(body, f.tool) {
		f.toolCalled = true
		args := f.args
		if args == nil {
			args = map[string]any{}
		}
		return []any{map[string]any{"functionCall": map[string]any{"name": f.tool, "args": args}}}
	}
	return []any{map[string]any{"text": answerText}}
}

// offers reports whether the request offers the model the function name.
func offers(body map[string]any, name string) bool {
	tools, _ := body["tools"].([]any)
	for _, t := range tools {
		tm, _ := t.(map[string]any)
		decls, _ := tm["functionDeclarations"].([]any)
		for _, d := range decls {
			if dm, _ := d.(map[string]any); dm["name"] == name {
				return true
			}
		}
	}
	return false
}

// fromSchema builds a value that fits a small JSON schema.
func fromSchema(s map[string]any) any {
	if s == nil {
		return "fake"
	}
	if enum, _ := s["enum"].([]any); len(enum) > 0 {
		return enum[0]
	}
	t, _ := s["type"].(string)
	props, _ := s["properties"].(map[string]any)
	switch strings.ToLower(t) {
	case "object", "":
		if props == nil && t == "" {
			return "fake"
		}
		out := map[string]any{}
		for k, v := range props {
			vm, _ := v.(map[string]any)
			out[k] = fromSchema(vm)
		}
		return out
	case "array":
		return []any{}
	case "integer", "number":
		if m, ok := s["minimum"]; ok {
			return m
		}
		return 1
	case "boolean":
		return false
	}
	return "fake"
}

// texts is every string in v, in order: the request's prompt, system
// instruction, context and tool results, wherever Gemini CLI put them.
func texts(v any, b *strings.Builder) {
	switch x := v.(type) {
	case string:
		b.WriteString(x)
		b.WriteString("\n")
	case []any:
		for _, e := range x {
			texts(e, b)
		}
	case map[string]any:
		for _, k := range []string{"systemInstruction", "contents"} {
			if e, ok := x[k]; ok {
				texts(e, b)
			}
		}
		for k, e := range x {
			if k != "systemInstruction" && k != "contents" && k != "tools" && k != "generationConfig" {
				texts(e, b)
			}
		}
	}
}

// allText is every text a request carries except its tool definitions.
func (r apiRequest) allText() string {
	var b strings.Builder
	texts(r.Body, &b)
	return b.String()
}

// contentsText is only the conversation (no system instruction): where a
// command's prompt, hook context and tool results arrive.
func (r apiRequest) contentsText() string {
	var b strings.Builder
	texts(r.Body["contents"], &b)
	return b.String()
}

// functionResponses is the JSON of every functionResponse part of r.
func (r apiRequest) functionResponses() string {
	var b strings.Builder
	contents, _ := r.Body["contents"].([]any)
	for _, c := range contents {
		cm, _ := c.(map[string]any)
		parts, _ := cm["parts"].([]any)
		for _, p := range parts {
			if pm, _ := p.(map[string]any); pm["functionResponse"] != nil {
				data, _ := json.Marshal(pm["functionResponse"])
				b.Write(data)
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// toolNames lists the functions r offers the model.
func (r apiRequest) toolNames() []string {
	var names []string
	tools, _ := r.Body["tools"].([]any)
	for _, t := range tools {
		tm, _ := t.(map[string]any)
		decls, _ := tm["functionDeclarations"].([]any)
		for _, d := range decls {
			if dm, _ := d.(map[string]any); dm["name"] != nil {
				names = append(names, fmt.Sprint(dm["name"]))
			}
		}
	}
	return names
}
