package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/templates"
)

// AgentGemini is Gemini CLI: its hooks send the same fields as Claude
// Code's under other event names (SessionStart with source, BeforeAgent with
// prompt), and only a JSON answer reaches its model.
const AgentGemini = "gemini"

// geminiOutput is the answer Gemini CLI adds to the model's context: at
// session start before the prompt, on BeforeAgent after it.
type geminiOutput struct {
	HookSpecificOutput geminiContext `json:"hookSpecificOutput"`
}

type geminiContext struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext"`
}

// runGemini answers Gemini CLI's hooks: the first BeforeAgent of a session
// gets what "learn recall --git" prints followed by what the first prompt
// adds for Claude Code's UserPromptSubmit, later prompts nothing; a
// SessionStart hook, if the user adds one, gets the recall alone (nothing
// for a resumed session). Like run it never fails: problems go to stderr
// and the session goes on.
func runGemini(opts *Options) error {
	raw, err := io.ReadAll(io.LimitReader(opts.IO.In, maxInput+1))
	var in Input
	switch {
	case err != nil:
		fmt.Fprintf(opts.IO.Err, "learn hook: read stdin: %v\n", err)
		return nil
	case len(raw) > maxInput:
		fmt.Fprintf(opts.IO.Err, "learn hook: the hook input is over %d bytes; nothing added\n", maxInput)
		return nil
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		fmt.Fprintf(opts.IO.Err, "learn hook: stdin is not Gemini CLI's hook JSON (%v); nothing added\n", err)
		return nil
	}
	event := in.HookEventName
	out := jsonOutput{Event: event, SessionID: in.SessionID, Learnings: []ops.Learning{}}
	var cut string
	switch event {
	case "BeforeAgent":
		cut = cutOutputs(opts, in)
		// The first-prompt logic is Claude Code's: hand run the same input
		// under Claude's event name and read its --json answer. On the first
		// prompt the session start's memory comes first: learn installs no
		// SessionStart hook for Gemini, because gemini -p puts a
		// SessionStart hook's context before the prompt, where a
		// /learning-* command then no longer starts the prompt and is not
		// run.
		if rest, ok := carriesSessionStart(opts, in); ok {
			// A /learning-recall command: Gemini hands BeforeAgent the
			// command's expanded prompt, which holds the recall its
			// !{learn recall --git} injected. The memory is in it once
			// (what Gemini cut off it is added); the first prompt's
			// learnings wait for the next prompt, which gets them without
			// the recall again.
			_, _ = claimFirstPrompt(geminiStartDir(opts.Getenv), in.SessionID, opts.Now())
			if rest != "" {
				out.Context = cutShortNote + rest
			}
			break
		}
		in.HookEventName = "UserPromptSubmit"
		b, _ := json.Marshal(in)
		var buf bytes.Buffer
		sub := *opts
		sub.IO = &cmdutil.IO{In: bytes.NewReader(b), Out: &buf, Err: opts.IO.Err}
		sub.JSON = true
		_ = run(&sub)
		var first jsonOutput
		if json.Unmarshal(buf.Bytes(), &first) != nil || !first.FirstPrompt {
			break
		}
		if started, err := claimFirstPrompt(geminiStartDir(opts.Getenv), in.SessionID, opts.Now()); started || err != nil {
			sessionStartContext(opts, in, &out)
		}
		out.FirstPrompt = true
		if first.File != "" {
			out.File = first.File
		}
		out.Learnings = append(out.Learnings, first.Learnings...)
		if first.Context != "" {
			if out.Context != "" {
				out.Context += "\n\n"
			}
			out.Context += first.Context
		}
	case "SessionStart":
		if in.Source != "resume" {
			sessionStartContext(opts, in, &out)
		}
	}
	if cut != "" {
		if out.Context != "" {
			out.Context += "\n\n"
		}
		out.Context += cut
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, out)
	}
	if out.Context == "" {
		return nil
	}
	b, err := json.Marshal(geminiOutput{HookSpecificOutput: geminiContext{HookEventName: event, AdditionalContext: out.Context}})
	if err == nil {
		_, _ = fmt.Fprintf(opts.IO.Out, "%s\n", b)
	}
	return nil
}

// sessionStartContext fills out with what "learn recall --git" selects in
// the session's project; a missing or empty memory adds nothing.
func sessionStartContext(opts *Options, in Input, out *jsonOutput) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(opts.IO.Err, "learn hook: internal error: %v\n", r)
			out.Context, out.Learnings = "", []ops.Learning{}
		}
	}()
	note := func(format string, args ...any) { fmt.Fprintf(opts.IO.Err, "learn hook: "+format+"\n", args...) }
	wd, ok := workDir(opts, in, note)
	if !ok {
		return
	}
	res, err := startRecall(opts, wd, ops.SessionStart(), out)
	if err != nil {
		note("%v", err)
		return
	}
	if !res.Exists || len(res.Learnings) == 0 {
		return
	}
	for _, l := range res.Learnings {
		out.Learnings = append(out.Learnings, l.Learning)
	}
	out.Context = res.Text()
}

// geminiStartDir is where a Gemini session's start is recorded, once its
// memory reached the model: from the first prompt's hook, or from a
// /learning-recall command before it.
func geminiStartDir(getenv func(string) string) string {
	d := stateDir(getenv)
	if d == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(d), "gemini-starts")
}

// recallHeading starts what "learn recall" prints when it shows learnings:
// a prompt without it cannot hold the session start's recall, so most
// prompts are let through without computing one.
const recallHeading = "# Project learnings\n"

// cutShortNote opens the rest of a recall that Gemini cut short.
const cutShortNote = "The project memory in the prompt above was cut short by the client; this is the rest of it, from the last line it shows:\n\n"

// carriesSessionStart reports whether the prompt already holds the opening
// of what the session start's "learn recall --git" prints, up to the end of
// its first learning: a /learning-recall command's expansion, or the output
// pasted by the user. rest is what the prompt lacks of it, from the start of
// the line where they part: Gemini CLI 0.61.0 often keeps only the first
// 4 KB of a !{...} command's output (its terminal reader stops when the
// command exits; seen in about half the runs), so a long recall may arrive
// cut short.
func carriesSessionStart(opts *Options, in Input) (rest string, ok bool) {
	if strings.TrimSpace(in.SessionID) == "" || !strings.Contains(in.Prompt, recallHeading) {
		return "", false
	}
	var start jsonOutput
	sessionStartContext(opts, in, &start)
	text := start.Context
	open := opening(text)
	at := strings.Index(in.Prompt, open)
	if open == "" || at < 0 {
		return "", false
	}
	if s, ok := sectionAt(in.Prompt, at); ok && s.in.Tag != recallTag {
		// Another command's output that holds the memory, such as
		// /learning-summarise's baseline: what Gemini cut off it is
		// cutOutputs' to add, not the recall's rest.
		return "", true
	}
	held := in.Prompt[at:]
	n := 0
	for n < len(text) && n < len(held) && text[n] == held[n] {
		n++
	}
	if n == len(text) {
		return "", true
	}
	return text[strings.LastIndexByte(text[:n], '\n')+1:], true
}

// opening is text up to the end of its first learning's line, or all of
// it when it has none.
func opening(text string) string {
	i := strings.Index(text, "\n- ")
	if i < 0 {
		return text
	}
	if j := strings.IndexByte(text[i+1:], '\n'); j >= 0 {
		return text[:i+1+j+1]
	}
	return text
}

// recallTag is the tag around /learning-recall's "learn recall --git".
const recallTag = "project-memory"

// section is the output of one of learn's shell injections in a /learning-*
// command's expanded prompt: the lines between the injection's <tag> and
// </tag>.
type section struct {
	in         templates.Injection
	start, end int // its bytes in the prompt, the last newline included
}

// learnSections lists the sections of learn's command files that prompt
// holds, each command's first.
func learnSections(prompt string) []section {
	if !strings.Contains(prompt, "</") {
		return nil
	}
	var out []section
	for _, in := range taggedInjections() {
		open, closing := "<"+in.Tag+">\n", "\n</"+in.Tag+">"
		i := strings.Index(prompt, open)
		if i < 0 {
			continue
		}
		start := i + len(open)
		if j := strings.Index(prompt[start:], closing); j >= 0 {
			out = append(out, section{in: in, start: start, end: start + j + 1})
		}
	}
	return out
}

// taggedInjections are the tagged shell injections of learn's command
// files, each command's first, rendered once a run: a prompt hook asks
// for them more than once (carriesSessionStart and cutOutputs).
var taggedInjections = sync.OnceValue(func() []templates.Injection {
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		return nil
	}
	var out []templates.Injection
	for _, f := range files {
		for _, in := range templates.Injections(f.Data) {
			if in.Tag != "" {
				out = append(out, in)
			}
		}
	}
	return out
})

// sectionAt is the section of learn's output that holds byte at of prompt.
func sectionAt(prompt string, at int) (section, bool) {
	for _, s := range learnSections(prompt) {
		if s.start <= at && at < s.end {
			return s, true
		}
	}
	return section{}, false
}

// held is what the prompt holds of the section's command output, without
// the line Gemini CLI adds after a !{...} command's output ("[Shell command
// 'learn summarise' terminated by signal 0]").
func (s section) held(prompt string) string {
	text := prompt[s.start:s.end]
	last := strings.LastIndexByte(strings.TrimSuffix(text, "\n"), '\n') + 1
	if strings.HasPrefix(text[last:], "[Shell command '") {
		text = text[:last]
	}
	return text
}

// cutOutputs is what Gemini CLI cut off the output of learn's commands in
// a /learning-* command's expanded prompt, for every command but the
// recall (carriesSessionStart adds what the recall lost): each one's rest,
// from the line where Gemini cut it, after a line that names the command and
// its section (not its tags: Gemini escapes < and > in a hook's context, as
// seen through the real client). Gemini CLI 0.61.0
// often keeps only the first 4 KB of a !{...} output (seen through the real
// client for /learning-summarise's baseline and /learning-improve-docs'
// report, internal/geminie2e), and the steps after it rely on the whole of
// it. learn runs the command again to know: a prompt without any of learn's
// sections costs nothing, nor does a section too short to have been cut
// (mayBeCut), and an output that is whole, or not the start of what learn
// prints now (the file changed since), adds nothing.
func cutOutputs(opts *Options, in Input) string {
	var secs []section
	for _, s := range learnSections(in.Prompt) {
		if s.in.Tag != recallTag && mayBeCut(s.held(in.Prompt)) {
			secs = append(secs, s)
		}
	}
	if len(secs) == 0 || opts.Executable == nil {
		return ""
	}
	bin, err := opts.Executable()
	if err != nil {
		return ""
	}
	wd, ok := workDir(opts, in, func(string, ...any) {})
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, s := range secs {
		args := append([]string{}, s.in.Args...)
		if file := opts.FileFlag(); file != "" {
			args = append(args, "--file", file)
		}
		out, err := execLearn(bin, args, wd)
		if err != nil {
			continue
		}
		rest := cutRest(s.held(in.Prompt), out)
		if rest == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "The output of `%s` in the %s section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n%s",
			s.in.Command(), s.in.Tag, rest)
	}
	return b.String()
}

// geminiRead is the most Gemini CLI 0.61.0 reads of a !{...} command's
// output at once: it runs the command in a pseudo-terminal, where each "\n"
// goes out as "\r\n", reads the terminal 4095 bytes at a time, and when the
// command exits keeps only what it has read. So an output it cut holds
// whole reads. Measured through the real client (46 runs of learn
// summarise's baseline and of a file's lines, internal/geminie2e as the
// harness, at a load average near 20): the 24 outputs of at most 4012 bytes
// on the terminal came whole; of the 22 longer ones (4.2 to 20 KB) Gemini cut
// 20, always after exactly 4095 or 8190 bytes on the terminal.
// TestShortOutputsArriveWhole there checks it on each run of the suite.
const geminiRead = 4095

// mayBeCut reports whether held, what a prompt holds of a learn output, can
// be what Gemini kept of a longer one: at least one whole read of the
// terminal, less a margin for what the terminal's text drops at the cut
// (blank lines and spaces at the end, a character split by the read).
// A shorter section is the whole output, so the hook does not run learn
// again to compare (55-85 ms a prompt).
func mayBeCut(held string) bool {
	h := strings.TrimSuffix(held, "\n")
	return len(h)+strings.Count(h, "\n") >= geminiRead-64
}

// cutRest is what out has beyond held, from the start of the line where
// held stops; "" when held is all of out, or is not its start.
func cutRest(held, out string) string {
	h := strings.TrimSuffix(held, "\n")
	if !strings.HasPrefix(out, h) || strings.TrimSpace(out[len(h):]) == "" {
		return ""
	}
	rest := out[strings.LastIndexByte(out[:len(h)], '\n')+1:]
	if !strings.HasSuffix(rest, "\n") {
		rest += "\n"
	}
	return rest
}
