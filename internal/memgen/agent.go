package memgen

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

// The "agent" mode writes what coding agents really leave in a memory file,
// as opposed to the short, tidy learnings of the other modes: long learnings
// that open with "Root cause:" or "Turns out", carry a fenced code block or a
// nested list under the bullet, name Windows paths and documentation URLs;
// Documentation Seen lists of up to fifteen entries (anchors, URLs, Windows
// paths); category headings in the forms agents vary between; chains of
// superseded learnings (struck through with a note, the newer version live,
// in the same session or a later one); and a file edited on Windows and on
// Linux, so some sessions end their lines with CRLF and others with LF.

// winPaths are Windows paths as agents on Windows write them.
var winPaths = []string{
	`src\Services\SyncClient.cs`, `tests\Integration\SyncClientTests.cs`, `tools\build.ps1`,
	`C:\Users\dev\AppData\Local\Temp\msbuild.log`, `D:\a\_work\1\s\src\App\App.csproj`,
	`%LOCALAPPDATA%\Programs\acme\config.json`, `.\scripts\setup-dev.ps1`,
	`src\Web\wwwroot\js\site.js`, `C:\Program Files\Git\usr\bin\sh.exe`,
	`%USERPROFILE%\.nuget\packages`, `src\Billing\InvoiceRenderer.cs`, `build\Release\net8.0\acme.dll`,
}

// docURLs are documentation pages agents cite and list as seen.
var docURLs = []string{
	"https://learn.microsoft.com/en-us/dotnet/core/tools/dotnet-test",
	"https://docs.github.com/en/actions/using-workflows/caching-dependencies-to-speed-up-workflows",
	"https://nodejs.org/api/fs.html#fspromisesrenameoldpath-newpath",
	"https://go.dev/doc/modules/managing-dependencies",
	"https://www.postgresql.org/docs/16/sql-createindex.html#SQL-CREATEINDEX-CONCURRENTLY",
	"https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Retry-After",
	"https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/",
	"https://docs.python.org/3/library/asyncio-task.html#timeouts",
	"https://git-scm.com/docs/gitattributes#_end_of_line_conversion",
	"https://playwright.dev/docs/test-retries",
}

// agentOpeners start a learning the way agents do; the empty one leaves the
// sentence as it is.
var agentOpeners = []string{
	"Root cause: ", "Turns out ", "Confirmed that ", "IMPORTANT: ", "Gotcha: ",
	"After a long debugging session: ", "The user clarified that ", "Verified: ", "", "", "",
}

// agentFixes are what an agent says it did about a finding.
var agentFixes = []string{
	"Fixed by passing an explicit timeout and adding a regression test.",
	"Worked around it for now; a proper fix needs a decision from the user.",
	"The fix is in the same PR, behind the existing feature flag.",
	"Reverted my first attempt, which hid the error instead of handling it.",
	"Do not \"fix\" this by raising the limit again, that only moves the failure.",
	"Left a comment at the call site so the next session does not undo it.",
}

// agentLangs are the code block languages of agent learnings.
var agentLangs = []string{"powershell", "bash", "go", "json", "yaml", "csharp", "text"}

// versioned are facts that change value over time, the source of superseded
// chains: each %d takes the chain's value.
var versioned = []string{
	"CI builds with Node %d; `.nvmrc` pins it and the Windows runner reads it too.",
	"`client.Do` retries at most %d times before the sync job gives up.",
	"The integration tests need about %d minutes on the Windows runner; do not lower the job timeout below that.",
	"Keep at most %d connections per pod behind pgbouncer.",
	"The upload endpoint rejects files over %d MB with a 413 and no body.",
	"The staging token lives %d minutes; refresh it before long test runs.",
}

// agentFile writes a whole file in the agent mode.
func (g *gen) agentFile() {
	size := g.opts.Size
	g.buf.WriteString("## Consolidated Learnings\n\n")
	target := int(float64(size) * g.opts.ConsolidatedShare)
	for c, name := range Categories {
		if target <= 0 {
			break
		}
		fmt.Fprintf(&g.buf, "**%s:**\n", name)
		start := g.buf.Len()
		for first := true; first || g.buf.Len()-start < target/len(Categories); first = false {
			g.agentBullet(&g.buf, c)
		}
		g.buf.WriteString("\n")
	}
	g.buf.WriteString("**Documentation Seen** (compacted sessions): ")
	for i, d := range g.agentDocs(4 + g.r.IntN(8)) {
		if i > 0 {
			g.buf.WriteString(", ")
		}
		fmt.Fprintf(&g.buf, "`%s` (%d)", d, 1+g.r.IntN(40))
	}
	g.buf.WriteString("\n\n---\n\n## Recent Sessions\n\n")
	FillSessions(&g.buf, size, g.opts.Base, g.agentSession, func() time.Duration {
		return time.Duration(15+g.r.IntN(60*20)) * time.Minute
	})
}

// agentDocs returns n documents as agents list them: repository files, some
// with an anchor, Windows paths and URLs, without repeats.
func (g *gen) agentDocs(n int) []string {
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		var d string
		switch g.r.IntN(6) {
		case 0:
			d = g.pick(docURLs)
		case 1:
			d = strings.ReplaceAll(g.pick(files), "/", `\`)
		case 2:
			d = g.pick(winPaths)
		default:
			d = g.pick(files)
			if strings.HasSuffix(d, ".md") && g.r.IntN(2) == 0 {
				d += "#" + g.pick(anchors)
			}
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// agentHeading is a category heading in one of the forms agents write.
func (g *gen) agentHeading(name string) string {
	switch g.r.IntN(10) {
	case 0:
		return "#### " + name
	case 1:
		return "**" + name + "**:"
	default:
		return "**" + name + ":**"
	}
}

// agentSession writes one session; about a quarter of them with CRLF line
// endings, as if that session was stored from Windows.
func (g *gen) agentSession(at time.Time) {
	var b bytes.Buffer
	focus := g.pick(focusVerbs) + " " + g.pick(components)
	if g.r.IntN(3) == 0 {
		focus += fmt.Sprintf(" (%s)", g.pick(adjectives)+" "+g.pick(syllables)+" on Windows")
	}
	fmt.Fprintf(&b, "## [%s] - %s\n", at.Format("2006-01-02 15:04 MST"), focus)
	fmt.Fprintf(&b, "**Project**: %s\n", g.project)
	if g.r.IntN(10) != 0 {
		b.WriteString("**Documentation Seen**: ")
		for i, d := range g.agentDocs(2 + g.r.IntN(14)) {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "`%s`", d)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n### Learnings\n\n")
	n := 1 + g.r.IntN(6)
	byCat := make([]int, len(Categories))
	for range n {
		byCat[g.r.IntN(len(Categories))]++
	}
	for c, name := range Categories {
		if byCat[c] == 0 {
			continue
		}
		b.WriteString(g.agentHeading(name) + "\n")
		if len(g.pending) > 0 && g.r.IntN(4) == 0 {
			// An older version of a fact a newer session holds, struck through.
			old := g.pending[0]
			g.pending = g.pending[1:]
			fmt.Fprintf(&b, "- ~~%s~~ (superseded by l%07x on %s)\n", old.text, old.by, old.on)
		}
		for range byCat[c] {
			if g.r.IntN(20) == 0 {
				g.chain(&b, at)
				continue
			}
			g.agentBullet(&b, c)
		}
		b.WriteString("\n")
	}
	b.WriteString("---\n\n")
	out := b.Bytes()
	if g.r.IntN(4) == 0 {
		out = bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
	}
	g.buf.Write(out)
}

// superseded is an older version of a fact, waiting for an older session.
type superseded struct {
	text, on string
	by       uint32
}

// chain writes a versioned fact: sometimes its older versions struck
// through above it in the same session, sometimes with the older version
// left for an older session to hold.
func (g *gen) chain(b *bytes.Buffer, at time.Time) {
	tmpl := g.pick(versioned)
	v := 2 + g.r.IntN(30)
	versions := []int{v}
	for range g.r.IntN(3) {
		v += 1 + g.r.IntN(10)
		versions = append(versions, v)
	}
	on := at.Format("2006-01-02")
	last := len(versions) - 1
	for _, old := range versions[:last] {
		fmt.Fprintf(b, "- ~~%s~~ (superseded by l%07x on %s)\n", fmt.Sprintf(tmpl, old), g.r.Uint32()>>4, on)
	}
	text := fmt.Sprintf(tmpl, versions[last])
	g.remember(text)
	fmt.Fprintf(b, "- %s\n", text)
	if len(g.pending) < 8 {
		g.pending = append(g.pending, superseded{text: fmt.Sprintf(tmpl, versions[0]-1-g.r.IntN(3)), on: on, by: g.r.Uint32() >> 4})
	}
}

// agentBullet writes one learning of category c: a long paragraph, and
// now and then a code block, a nested list or a second paragraph under it.
func (g *gen) agentBullet(b *bytes.Buffer, c int) {
	if len(g.recent) > 8 && g.r.Float64() < 0.01 {
		fmt.Fprintf(b, "- %s\n", g.nearDuplicate(g.recent[g.r.IntN(len(g.recent))]))
		return
	}
	head := g.agentParagraph(c)
	g.remember(head)
	switch g.r.IntN(8) {
	case 0:
		lang := g.pick(agentLangs)
		fmt.Fprintf(b, "- %s\n\n  ```%s\n", strings.TrimSuffix(head, ".")+":", lang)
		for _, line := range g.agentCode(lang) {
			if line != "" {
				b.WriteString("  " + line)
			}
			b.WriteString("\n")
		}
		b.WriteString("  ```\n")
		if g.r.IntN(2) == 0 {
			fmt.Fprintf(b, "\n  %s\n", capitalise(g.pick(reasons))+".")
		}
	case 1:
		fmt.Fprintf(b, "- %s\n", strings.TrimSuffix(head, ".")+"; the steps that matter:")
		for i := range 2 + g.r.IntN(3) {
			fmt.Fprintf(b, "  - run `%s` in `%s`\n", g.pick(commands), g.pick(winPaths))
			if i == 0 && g.r.IntN(2) == 0 {
				fmt.Fprintf(b, "    - on Linux the path is `%s`\n", g.pick(files))
			}
		}
	case 2:
		fmt.Fprintf(b, "- %s\n\n  %s\n", head, g.pick(agentFixes))
	default:
		fmt.Fprintf(b, "- %s\n", head)
	}
}

// agentParagraph is the first paragraph of an agent learning: two to five
// sentences around one finding, with code spans, paths and now and then a
// URL.
func (g *gen) agentParagraph(c int) string {
	var parts []string
	opener := g.pick(agentOpeners)
	first := g.templated(c)
	if opener != "" {
		first = opener + lowerFirst(first)
	}
	parts = append(parts, first)
	for range 1 + g.r.IntN(4) {
		switch g.r.IntN(6) {
		case 0:
			parts = append(parts, fmt.Sprintf("It only shows on Windows, where `%s` resolves to `%s`.", g.pick(identifiers), g.pick(winPaths)))
		case 1:
			parts = append(parts, fmt.Sprintf("See %s for the details.", g.pick(docURLs)))
		case 2:
			parts = append(parts, g.zipfSentence(8+g.r.IntN(14)))
		case 3:
			parts = append(parts, g.pick(agentFixes))
		case 4:
			parts = append(parts, fmt.Sprintf("Reproduce with `%s` and check `%s`.", g.pick(commands), g.pick(winPaths)))
		default:
			parts = append(parts, capitalise(g.pick(reasons))+".")
		}
	}
	return strings.Join(parts, " ")
}

// agentCode is the body of a code block in language lang.
func (g *gen) agentCode(lang string) []string {
	switch lang {
	case "powershell":
		return []string{
			fmt.Sprintf(`Set-Location %s`, g.pick(winPaths)),
			fmt.Sprintf(`$env:RETRIES = %d`, 1+g.r.IntN(9)),
			fmt.Sprintf(`& .\tools\build.ps1 -Configuration Release -Target %s`, word(g)),
		}
	case "csharp":
		id := word(g)
		return []string{
			fmt.Sprintf("var %s = await client.SendAsync(request, cancellationToken);", id),
			fmt.Sprintf("if (!%s.IsSuccessStatusCode) throw new SyncException(%s.StatusCode);", id, id),
		}
	case "text":
		return []string{
			fmt.Sprintf(`error MSB3027: Could not copy "%s". Exceeded retry count of %d.`, g.pick(winPaths), 1+g.r.IntN(10)),
			"The process cannot access the file because it is being used by another process.",
		}
	default:
		return g.code(lang)
	}
}
