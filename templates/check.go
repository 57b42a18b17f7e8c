package templates

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/adrg/frontmatter"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// knownKeys are the frontmatter keys each agent reads, with the YAML type it
// requires. opencode 1.18 refuses to start at all when one command file has a
// known key of the wrong type, so every file is checked before it is trusted.
var knownKeys = map[Agent]map[string]string{
	Opencode: {"description": "string", "agent": "string", "model": "string", "subtask": "bool"},
	Claude: {
		"description": "string", "allowed-tools": "string", "argument-hint": "string",
		"model": "string", "disable-model-invocation": "bool",
	},
}

// injection matches opencode's shell injection, !`cmd`, the way opencode
// finds it: literally, anywhere in the body.
var injection = lazyregexp.New("!`([^`]*)`")

// safeInjection is the one form our templates use: a single learn
// subcommand with fixed flags, stdin closed so it can never wait for input,
// and a fallback that works in bash, zsh and fish and puts the failure into
// the prompt instead of an empty string.
var safeInjection = lazyregexp.New("^learn [a-z-]+(?: --[a-z-]+(?: [0-9]+)?)* </dev/null 2>&1 \\|\\| echo \"learn failed[^\"$`!]*\"$")

var placeholder = lazyregexp.New(`\$(?:ARGUMENTS|[0-9]+)`)

// fileRef matches what opencode turns into a file attachment after
// expanding the template: an @ that starts a word.
var fileRef = lazyregexp.New(`(?:^|[\s(])@[^\s@]`)

// Check reports every reason the command file data is unsafe or unreadable
// for agent: frontmatter that does not parse, unknown keys or wrongly typed
// values, shell injections other than a plain learn call (in particular one
// that pastes the user's arguments into a shell line), a stray "!" before a
// backtick, and @ tokens that opencode would resolve as file attachments. An
// empty result means the file is safe to install.
func Check(agent Agent, data []byte) []string {
	var problems []string
	meta := map[string]any{}
	body, err := frontmatter.Parse(bytes.NewReader(data), &meta)
	switch {
	case err != nil:
		problems = append(problems, fmt.Sprintf("frontmatter does not parse: %v", err))
	case !bytes.HasPrefix(data, []byte("---")):
		problems = append(problems, "no frontmatter: the file must start with a --- block holding description")
	default:
		problems = append(problems, checkKeys(agent, meta, true)...)
	}
	return append(problems, checkBody(string(body))...)
}

// CheckFrontmatter reports only what makes agent refuse a command file that
// is not ours: frontmatter that does not parse, or a key agent reads with a
// value of the wrong type. opencode 1.18 stops entirely on such a file, so
// doctor checks every command file the user has, not only learn's.
func CheckFrontmatter(agent Agent, data []byte) []string {
	meta := map[string]any{}
	if _, err := frontmatter.Parse(bytes.NewReader(data), &meta); err != nil {
		return []string{fmt.Sprintf("frontmatter does not parse: %v", err)}
	}
	return checkKeys(agent, meta, false)
}

func checkKeys(agent Agent, meta map[string]any, strict bool) []string {
	var problems []string
	known := knownKeys[agent]
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		want, ok := known[k]
		if !ok && !strict {
			continue
		}
		if !ok {
			problems = append(problems, fmt.Sprintf("frontmatter key %q is not one %s reads", k, agent))
			continue
		}
		if got := yamlType(meta[k]); got != want {
			problems = append(problems, fmt.Sprintf("frontmatter key %q is a %s, %s needs a %s (a wrong type stops %s from starting)", k, got, agent, want, agent))
		}
	}
	if d, ok := meta["description"].(string); strict && (!ok || strings.TrimSpace(d) == "") {
		problems = append(problems, "frontmatter has no description")
	}
	return problems
}

func yamlType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case nil:
		return "null"
	case int, int64, float64, uint64:
		return "number"
	case []any:
		return "list"
	default:
		return "map"
	}
}

func checkBody(body string) []string {
	var problems []string
	lineOf := func(off int) int { return strings.Count(body[:off], "\n") + 1 }
	for _, m := range injection().FindAllStringSubmatchIndex(body, -1) {
		cmd := body[m[2]:m[3]]
		switch {
		case placeholder().MatchString(cmd):
			problems = append(problems, fmt.Sprintf("body line %d: shell injection %q contains an argument placeholder: opencode pastes the user's text into the shell line", lineOf(m[0]), cmd))
		case !safeInjection().MatchString(cmd):
			problems = append(problems, fmt.Sprintf("body line %d: %q is run as a shell command; only `learn SUBCOMMAND </dev/null 2>&1 || echo \"learn failed...\"` is allowed after an exclamation mark", lineOf(m[0]), cmd))
		}
	}
	rest := injection().ReplaceAllString(body, "")
	if i := strings.Index(rest, "!`"); i >= 0 {
		problems = append(problems, fmt.Sprintf("body: an exclamation mark directly before a backtick (%q) starts a shell injection", excerpt(rest, i)))
	}
	for _, loc := range fileRef().FindAllStringIndex(body, -1) {
		problems = append(problems, fmt.Sprintf("body line %d: %q would be attached as a file", lineOf(loc[0]), excerpt(body, loc[0])))
	}
	return problems
}

func excerpt(s string, i int) string {
	end := min(len(s), i+24)
	return strings.TrimSpace(s[i:end])
}
