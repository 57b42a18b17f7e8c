package relevance

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readPaste reads a task the way users paste one: a request followed by a
// stack trace, a log tail, CI or test output. It returns the task with
// what says nothing about the subject blanked out (spaces of the same
// length), and the files of the project's own frames, without their line
// numbers, as paths at hand.
//
// Blanked are the frames of libraries, runtimes and the standard library
// (a Python frame under site-packages, a Java frame in androidx or
// kotlinx, a Node frame in node_modules, a Ruby frame under gems, a Go
// frame in the module cache or GOROOT), with the line of code Python
// prints under one; the boilerplate around frames ("Traceback (most recent
// call last):", `File "...", line 88, in`, "goroutine 42 [running]:",
// "... 12 more"); what tools print around every output of theirs
// (Terraform's state lock, Vite's build lines, Postgres's labels, kubectl's
// event columns, PowerShell's error record, an HTTP response's common
// headers, a forwarded email's senders, Slack's author lines and emoji,
// a CI service's checkout directory); and the tokens no learning shares
// with a task but by accident: hex addresses, UUIDs, request and job IDs,
// timestamps, long numbers, log levels where a logger prints them, a
// user at a machine and a bundler's hashed file names. Elixir, Apple
// crash report, Mono and Unity frames are read as the others are. A
// frame of a library is read by every session that touched the library,
// and its words (celery, sentry, gems, usr, local) matched learnings
// about something else, while the project's frames, the error's message
// and the user's words say what is wrong.
// Text with none of these is returned as it is.
func readPaste(task string) (string, []string) {
	var paths []string
	b := []byte(task)
	lines := lineSpans(task)
	// A forwarded email's headers and an HTTP response's are read only
	// where the task holds one.
	email := strings.HasPrefix(task, "Subject: ") || strings.Contains(task, "\nSubject: ")
	response := httpResponse(task)
	for k := 0; k < len(lines); k++ {
		lo, hi := lines[k][0], lines[k][1]
		line := task[lo:hi]
		trimmed := strings.TrimSpace(line)
		// The first reading that takes the line is the one applied.
		if boilerplateLine(trimmed) {
			blank(b, lo, hi)
		} else if email && mailHeader(trimmed) {
			// Who sent it to whom, and when: names and addresses.
			blank(b, lo, hi)
		} else if email && strings.HasPrefix(trimmed, "Subject: ") {
			at := strings.Index(line, "Subject: ")
			blank(b, lo+at, lo+at+len("Subject: "))
		} else if response && noiseHeader(trimmed) {
			blank(b, lo, hi)
		} else if kubeEvent(trimmed) {
			blankKubeEvent(b, lo, line)
		} else if file := psPosition(trimmed); file != "" {
			// PowerShell's "At C:\ops\Set-KioskApp.ps1:27 char:5".
			paths = append(paths, file)
			blank(b, lo, hi)
		} else if strings.HasPrefix(trimmed, "+ CategoryInfo ") {
			// Its category ("PermissionDenied") stays.
			if i := strings.Index(line, ": "); i >= 0 {
				blank(b, lo, lo+i+len(": "))
			}
		} else if strings.HasPrefix(trimmed, "+ FullyQualifiedErrorId ") || strings.Trim(trimmed, "+~ ") == "" && strings.Contains(trimmed, "+ ") && strings.Contains(trimmed, "~") {
			// The error's ID, and the underline under the command.
			blank(b, lo, hi)
		} else if file := unityFrame(trimmed); file != "" {
			name, _, _ := strings.Cut(trimmed, " (")
			if vendorName(name, dotnetVendors) || strings.Contains(file, "PackageCache/") {
				blank(b, lo, hi)
				continue
			}
			paths = append(paths, file)
			// Keep the method's name: "Lantern.Kiosk.ContentLoader:Start".
			blank(b, lo+strings.Index(line, name)+len(name), hi)
		} else if file := diffHeader(trimmed); file != "" {
			// "--- a/x.py" and "+++ b/x.py" name one file, once.
			if !slices.Contains(paths, file) {
				paths = append(paths, file)
			}
			blank(b, lo, hi)
		} else if label := postgresLabel(trimmed); label != "" {
			// "DETAIL:  Key (barcode)=(1) already exists.": the label
			// goes, the message stays.
			at := strings.Index(line, label)
			blank(b, lo+at, lo+at+len(label))
		} else if strings.HasPrefix(trimmed, "@@ -") {
			// A hunk's line numbers; the function after them stays.
			if i := strings.Index(trimmed[len("@@ -"):], " @@"); i >= 0 {
				at := strings.Index(line, "@@ -")
				blank(b, lo+at, lo+at+len("@@ -")+i+len(" @@"))
			}
		} else if strings.HasPrefix(trimmed, `File "`) {
			file, rest, ok := strings.Cut(trimmed[len(`File "`):], `"`)
			if !ok || file == "" || !strings.HasPrefix(rest, ", line ") {
				continue
			}
			// The line of code under the frame, indented deeper.
			code := k+1 < len(lines) && indent(task[lines[k+1][0]:lines[k+1][1]]) > indent(line) &&
				!strings.HasPrefix(strings.TrimSpace(task[lines[k+1][0]:lines[k+1][1]]), `File "`)
			if vendorFile(file) {
				blank(b, lo, hi)
				if code {
					blank(b, lines[k+1][0], lines[k+1][1])
					k++
				}
				continue
			}
			paths = append(paths, file)
			// Keep the function's name: "in allocate_lanes".
			end := hi
			if i := strings.LastIndex(line, ", in "); i >= 0 {
				end = lo + i + len(", in ")
			}
			blank(b, lo, end)
		} else if file := elixirFile(trimmed); file != "" {
			app, _, _ := strings.Cut(trimmed[1:], " ")
			if elixirVendors[app] {
				blank(b, lo, hi)
				continue
			}
			// Keep the call: "Lantern.Capacity.remaining/2".
			paths = append(paths, file)
			at := strings.Index(line, file) + len(file)
			if i := strings.Index(line[at:], ": "); i >= 0 {
				at += i + len(": ")
			}
			blank(b, lo, lo+at)
		} else if appleFrame(trimmed) {
			f := strings.Fields(trimmed)
			if appleImage(f[1]) {
				blank(b, lo, hi)
				continue
			}
			// Keep the symbol: "TourPlayer.next()"; its index, image,
			// address and offset say nothing, its file is at hand.
			addr := strings.Index(line, f[2]) + len(f[2])
			blank(b, lo, lo+addr)
			if i := strings.LastIndex(line, " + "); i > addr {
				tail := line[i:]
				if j := strings.LastIndexByte(tail, '('); j >= 0 && strings.HasSuffix(tail, ")") {
					if file := trimLineRef(tail[j+1 : len(tail)-1]); file != "" && looksLikePath(file) {
						paths = append(paths, file)
					}
				}
				blank(b, lo+i, hi)
			}
		} else if name := dotnetFrame(trimmed); name != "" {
			if vendorName(name, dotnetVendors) {
				blank(b, lo, hi)
				continue
			}
			// Keep the method's name; its parameters' types and the
			// file's line say nothing.
			at := strings.Index(line, name)
			if _, file, ok := strings.Cut(line[at:], ") in "); ok {
				if f, _, ok := strings.Cut(file, ":line "); ok && f != "" {
					paths = append(paths, f)
				}
			}
			blank(b, lo, lo+at)
			blank(b, lo+at+len(name), hi)
		} else if file := phpFrame(trimmed); file != "" {
			if vendorFile(file) {
				blank(b, lo, hi)
				continue
			}
			paths = append(paths, file)
			// Keep the call: "App\Billing\Invoice->total()".
			if i := strings.Index(line, "): "); i >= 0 {
				blank(b, lo, lo+i+len("): "))
			}
		} else if name, loc, ok := atFrame(trimmed); ok {
			if vendorFrame(name, loc) {
				blank(b, lo, hi)
				// Rust prints a frame's function on the line above
				// its location: "   1: core::panicking::panic_fmt".
				if k > 0 && numberedLine(task[lines[k-1][0]:lines[k-1][1]]) {
					blank(b, lines[k-1][0], lines[k-1][1])
				}
				continue
			}
			at := strings.Index(line, loc) // loc is a part of trimmed
			if f := locFile(loc); builtFile(f) {
				blank(b, lo+at, lo+at+len(loc))
			} else if f != "" && looksLikePath(f) {
				paths = append(paths, f)
				blank(b, lo+at, lo+at+len(loc))
			}
			blank(b, lo, lo+strings.Index(line, "at ")+len("at "))
		} else if file := rubyFrame(trimmed); file != "" {
			at := strings.Index(line, file)
			if vendorFile(file) {
				blank(b, lo, hi)
				continue
			}
			paths = append(paths, file)
			// Keep the method's name: "in `monthly_statement'".
			end := at + len(file)
			if i := strings.Index(line[end:], "in "); i >= 0 {
				end += i + len("in ")
			}
			blank(b, lo+at, lo+end)
		} else if file := goFileLine(line); file != "" {
			// The function line above it is the same frame.
			fn := k > 0 && lines[k-1][1] > lines[k-1][0] && goFileLine(task[lines[k-1][0]:lines[k-1][1]]) == ""
			if vendorFile(file) {
				blank(b, lo, hi)
				if fn {
					blank(b, lines[k-1][0], lines[k-1][1])
				}
				continue
			}
			paths = append(paths, file)
			blank(b, lo, hi)
		}
	}
	blankEscapes(b)
	blankWorkspaces(b)
	blankURLs(b)
	blankVendorPaths(b)
	blankNoise(b)
	blankMentions(b)
	blankLogins(b)
	blankEmoji(b)
	blankCourtesies(b)
	blankSignOff(b)
	return string(b), paths
}

// blankWorkspaces blanks the directory a CI service checks the project
// out in ("/home/runner/work/web/web/", "/builds/acme/shop/",
// "/github/workspace/"), so that "/home/runner/work/web/web/src/i18n.ts"
// is the project's "src/i18n.ts", and "runner" or "builds" no word.
func blankWorkspaces(b []byte) {
	s := string(b)
	for _, w := range []struct {
		prefix string
		skip   int // the segments after it that name the repository
	}{{"/home/runner/work/", 2}, {"/builds/", 2}, {"/github/workspace/", 0}, {"/home/circleci/project/", 0},
		{"/vercel/path0/", 0}, {"/opt/atlassian/pipelines/agent/build/", 0}} {
		for from := 0; ; {
			i := strings.Index(s[from:], w.prefix)
			if i < 0 {
				break
			}
			i += from
			end := i + len(w.prefix)
			for range w.skip {
				j := strings.IndexByte(s[end:], '/')
				if j <= 0 || strings.ContainsAny(s[end:end+j], " \t\n\"'") {
					end = -1
					break
				}
				end += j + 1
			}
			if end < 0 {
				from = i + len(w.prefix)
				continue
			}
			if i == 0 || strings.ContainsRune(" \t\n\"'`(", rune(s[i-1])) {
				blank(b, i, end)
			}
			from = end
		}
	}
}

// blankEscapes blanks the terminal's colour and cursor codes a log copied
// from a terminal or CI keeps ("\x1b[31mError\x1b[0m"), whose "31m" and
// "0m" would be words.
func blankEscapes(b []byte) {
	for i := 0; i+1 < len(b); i++ {
		if b[i] != 0x1b || b[i+1] != '[' {
			continue
		}
		j := i + 2
		for j < len(b) && (isDigit(b[j]) || b[j] == ';' || b[j] == '?') {
			j++
		}
		if j < len(b) && isLetter(b[j]) {
			blank(b, i, j+1)
		}
	}
}

// blankURLs reads a URL as the words of its path, not as a file at hand:
// "https://nextjs.org/docs/messages/dynamic-server-error" says what the
// error is, but names no file of the project, and its host (github.com,
// acme.slack.com) and the IDs in it (an issue's number, a thread's ID)
// say nothing of the subject.
func blankURLs(b []byte) {
	s := string(b)
	for from := 0; ; {
		i := strings.Index(s[from:], "://")
		if i < 0 {
			return
		}
		i += from
		lo := i
		for lo > 0 && isLetter(s[lo-1]) {
			lo--
		}
		hi := i + len("://")
		for hi < len(s) && !strings.ContainsRune(" \t\r\n)]>\"'`", rune(s[hi])) {
			hi++
		}
		from = hi
		if lo == i {
			continue // no scheme
		}
		host := i + len("://")
		path := strings.IndexByte(s[host:hi], '/')
		if path < 0 {
			blank(b, lo, hi)
			continue
		}
		// A link to an issue, a pull request, a thread or a ticket ends
		// with its ID: its other segments are the site's navigation
		// ("acme/tally/issues/482", "archives/C04AB12CD/p1700000000").
		last := strings.TrimRight(s[host+path:hi], "/")
		if k := strings.IndexAny(last, "?#"); k >= 0 {
			last = last[:k]
		}
		if w := last[strings.LastIndexByte(last, '/')+1:]; isNumber(w) || idLike(w) || builtFile(trimLineRef(w)) {
			blank(b, lo, hi)
			continue
		}
		blank(b, lo, host+path)
		// Each segment a word of its own, the IDs none; a query or a
		// fragment says nothing.
		seg := host + path
		for seg < hi {
			b[seg] = ' '
			end := seg + 1
			for end < hi && s[end] != '/' && s[end] != '?' && s[end] != '#' {
				end++
			}
			if w := s[seg+1 : end]; isNumber(w) || idLike(w) {
				blank(b, seg+1, end)
			}
			if end < hi && s[end] != '/' {
				blank(b, end, hi)
				break
			}
			seg = end
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// blankMentions blanks a person's handle ("@maria", "cc @ops-oncall") and
// an issue's or a pull request's number ("#477", "PR #12"): a name or a
// number no learning is about. A package's scope ("@stripe/react-stripe-js")
// and an email address are left.
func blankMentions(b []byte) {
	for i := 0; i < len(b); i++ {
		if b[i] != '@' && b[i] != '#' || i > 0 && !strings.ContainsRune(" \t\n(,", rune(b[i-1])) {
			continue
		}
		j := i + 1
		for j < len(b) && (pathByte[b[j]] && b[j] != '/' && b[j] != '.' && b[j] != ':' && b[j] != '#' && b[j] != '@') {
			j++
		}
		w := string(b[i+1 : j])
		if w == "" || j < len(b) && b[j] == '/' {
			continue
		}
		if b[i] == '#' && !isNumber(w) {
			continue // a channel, a heading, a hashtag: words
		}
		blank(b, i, j)
	}
}

// blankLogins blanks a user at a machine, as a shell prompt, an SSH
// login or a lock's owner names one ("root@3f2a1b9c8d7e:/app#",
// "runner@fv-az1138-422"): the machine's name has a digit or a hyphen and
// no dot, where an email address's host has a dot and a package's tag
// ("eslint@latest", "lodash@v4") neither, or is short.
func blankLogins(b []byte) {
	for i := 0; i < len(b); i++ {
		if b[i] != '@' || i == 0 || !isLetter(b[i-1]) && !isDigit(b[i-1]) {
			continue
		}
		lo := i
		for lo > 0 && (isLetter(b[lo-1]) || isDigit(b[lo-1]) || b[lo-1] == '_' || b[lo-1] == '-') {
			lo--
		}
		if lo > 0 && !strings.ContainsRune(" \t\n([\"'`", rune(b[lo-1])) {
			continue // a scope, a path, an address's part
		}
		hi := i + 1
		for hi < len(b) && (isLetter(b[hi]) || isDigit(b[hi]) || b[hi] == '-') {
			hi++
		}
		host := string(b[i+1 : hi])
		if hi < len(b) && b[hi] == '.' && hi+1 < len(b) && isLetter(b[hi+1]) {
			continue // an email address
		}
		prompt := hi+1 < len(b) && b[hi] == ':' && (b[hi+1] == '/' || b[hi+1] == '~')
		if !prompt && (len(host) < 6 || !strings.ContainsAny(host, "0123456789-") || !strings.ContainsFunc(host, unicode.IsLetter)) {
			continue
		}
		if prompt {
			// The prompt's directory and its "$" or "#".
			for hi < len(b) && !strings.ContainsRune(" \t\n", rune(b[hi])) {
				hi++
			}
		}
		blank(b, lo, hi)
		i = hi
	}
}

// blankEmoji blanks the emoji codes Slack and GitHub keep in copied text
// (":eyes:", ":white_check_mark:"): "eyes" or "sob" is no word of the
// subject.
func blankEmoji(b []byte) {
	for i := 0; i < len(b); i++ {
		if b[i] != ':' || i > 0 && !strings.ContainsRune(" \t\n(", rune(b[i-1])) {
			continue
		}
		j := i + 1
		for j < len(b) && ('a' <= b[j] && b[j] <= 'z' || isDigit(b[j]) || b[j] == '_' || b[j] == '+' || b[j] == '-') {
			j++
		}
		if j == i+1 || j >= len(b) || b[j] != ':' || !isLetter(b[i+1]) {
			continue
		}
		if j+1 < len(b) && !strings.ContainsRune(" \t\n),.!", rune(b[j+1])) {
			continue
		}
		blank(b, i, j+1)
		i = j
	}
}

// blankSignOff blanks the closing of a message and the name it is signed
// with ("Thanks, Morag", "Cheers\nTom", "Kind regards, Priya Shah"): a
// name no learning is about, which commonWord would read as the rarer
// word of the task the memory lacks.
func blankSignOff(b []byte) {
	s := strings.TrimRight(string(b), " \t\r\n.!")
	lower := lowerBytes(s)
	at := -1
	for _, c := range []string{"thanks", "thank you", "cheers", "regards", "best wishes", "best"} {
		for _, sep := range []string{", ", ",\n", "\n", " - ", " "} {
			i := strings.LastIndex(lower, c+sep)
			if i < 0 || i > 0 && !strings.ContainsRune(" \t\n.!,", rune(lower[i-1])) || !signature(s[i+len(c)+len(sep):]) {
				continue
			}
			// "Many thanks", "Kind regards", "Best regards".
			for _, w := range []string{"many ", "kind ", "best ", "warm "} {
				if strings.HasSuffix(lower[:i], w) {
					i -= len(w)
				}
			}
			// A closing starts the message's line or follows its last
			// sentence: after a word, "the wrong Thank You Page", "shows
			// Best Sellers", it is the subject.
			if e := len(strings.TrimRight(lower[:i], " \t")); e > 0 && !strings.ContainsRune("\n.!?,", rune(lower[e-1])) {
				continue
			}
			if at < 0 || i < at {
				at = i
			}
		}
	}
	if at >= 0 {
		blank(b, at, len(s))
	}
}

// blankCourtesies blanks the courtesies a message opens and closes with
// ("hope you're well", "sorry to bother you", "no rush", "thanks in
// advance", "let me know if you need anything else"): a pasted email or
// a long request carries them whatever it asks, and their words ("hope",
// "sorry", "rush", "advance", "anything") would be read as the task's, a
// rare one chosen as the word the memory lacks. A courtesy is one only
// where it starts or ends a phrase (the message's start or end, its
// punctuation, a line's end, "\r\n" as "\n"), never inside a word, and a
// courtesy of one or two words only where it does both: "could you look
// when you get a chance?" and "Sorry to bother you again." hold one, but
// "the Let me know button", "a quick question form" and "no rush orders"
// are the subject.
func blankCourtesies(b []byte) {
	lower := lowerBytes(string(b))
	curly := strings.Contains(lower, "\u2019")
	for _, c := range courtesies {
		phrases := []string{c}
		if curly && strings.Contains(c, "'") {
			phrases = append(phrases, strings.ReplaceAll(c, "'", "\u2019"))
		}
		for _, phrase := range phrases {
			for from := 0; ; {
				i := strings.Index(lower[from:], phrase)
				if i < 0 {
					break
				}
				i += from
				j := i + len(phrase)
				from = j
				if inWord(lower, i, j) {
					continue
				}
				before := courtesyEdge(strings.TrimRight(lower[:i], " \t\r"), true)
				after := courtesyEdge(strings.TrimLeft(lower[j:], " \t\r"), false)
				if before && after || (before || after) && strings.Count(c, " ") >= 2 {
					blank(b, i, j)
				}
			}
		}
	}
}

// inWord reports whether s[i:j] starts or ends inside a word of s: "thanks
// in advance" in "thanks in advanced settings" is no courtesy.
func inWord(s string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[j:])
	return i > 0 && !notWordRune(before) || j < len(s) && !notWordRune(after)
}

// lowerBytes is s lower-cased in ASCII only, byte for byte, so that an
// index in it is one in s.
func lowerBytes(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerByte(c)
	}
	return string(b)
}

// courtesyEdge reports whether s, the text before a courtesy (before) or
// after it, ends or starts a phrase there.
func courtesyEdge(s string, before bool) bool {
	if s == "" {
		return true
	}
	if before {
		return strings.ContainsRune(".!?,;:\n(-", rune(s[len(s)-1]))
	}
	return strings.ContainsRune(".!?,;:\n)-", rune(s[0]))
}

// courtesies are the set phrases of a message's opening and closing, lower
// case. Each is looked for in the text as it was before any of them was
// blanked, so their order does not matter: where one holds another, the
// longer blanks what the shorter alone would not ("No rush on this, ...").
// Apostrophes are straight; blankCourtesies reads curly ones too.
var courtesies = []string{
	"i hope you're well", "i hope you are well", "hope you're well", "hope you are well",
	"hope you're doing well", "hope you are doing well", "hope all is well", "hope all's well",
	"hope this finds you well", "hope you had a good weekend", "hope you had a nice weekend",
	"hope you're having a good week", "sorry to bother you", "sorry to bother", "sorry to chase",
	"sorry to be a pain", "sorry for the long message", "sorry for the long email",
	"sorry for the essay", "sorry if this is a silly question", "sorry if this is a dumb question",
	"apologies for the long email", "apologies for the long message",
	"apologies if this has been asked before", "sorry if this has been asked before",
	"quick question", "bit of a long one", "just a heads up", "heads up", "fyi",
	"good morning", "good afternoon", "morning all", "afternoon all", "hi all", "hello all",
	"hi there", "hello there", "no rush on this", "no rush", "no hurry on this", "no hurry",
	"not urgent",
	"when you get a chance", "when you get a moment", "when you get a minute",
	"when you have a chance", "when you have a moment", "when you have a minute",
	"when you get a sec", "thanks in advance", "thanks so much", "thanks a lot", "many thanks",
	"much appreciated", "any help appreciated", "any help much appreciated",
	"any help would be appreciated", "any help would be great", "any help is appreciated",
	"appreciate any help", "appreciate it", "let me know if you need anything else",
	"let me know if you need anything", "let me know if you need more info",
	"let me know if you need more details", "let me know if you need more information",
	"let me know what you think", "let me know", "happy to jump on a call", "thanks again",
	"cheers in advance", "ta very much",
}

// signature reports whether s is a name as people sign a message with:
// one to three words, each starting with a capital, on one line.
func signature(s string) bool {
	ws := strings.Fields(s)
	if len(ws) == 0 || len(ws) > 3 || strings.ContainsAny(s, "\n?:/") {
		return false
	}
	for _, w := range ws {
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
	}
	return true
}

// blankVendorPaths blanks a library's file named outside a frame ("thread
// 'main' panicked at /root/.cargo/registry/.../park.rs:42:5:", "warning
// from /usr/lib/python3.12/site-packages/x.py"), whole: read by words, it
// would be a path of the project and library words of the task.
func blankVendorPaths(b []byte) {
	isSep := func(c byte) bool {
		return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`' || c == '(' || c == ')' || c == '[' || c == ']' || c == ','
	}
	for i := 0; i < len(b); {
		if isSep(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && !isSep(b[j]) {
			j++
		}
		f := strings.TrimRight(string(b[i:j]), ":;.")
		if strings.ContainsAny(f, "/\\") && vendorFile(trimLineRef(f)) || builtFile(trimLineRef(f)) {
			blank(b, i, j)
		}
		i = j
	}
}

// builtFile reports whether a file is a bundler's output, named with a
// hash of its content ("index-4b1c9e2f.js", "main.3f2a1b9c.chunk.js",
// "app-DxK3_a9Z.css"): no file of the project, and its hash no word.
func builtFile(f string) bool {
	base := path.Base(strings.ReplaceAll(f, "\\", "/"))
	i := strings.LastIndexByte(base, '.')
	if i <= 0 {
		return false
	}
	switch base[i+1:] {
	case "js", "mjs", "cjs", "css", "map":
	default:
		return false
	}
	for _, part := range strings.FieldsFunc(base[:i], func(r rune) bool { return r == '.' || r == '-' }) {
		if len(part) >= 8 && (idLike(part) || hexDigits(part) && strings.ContainsAny(part, "0123456789") && strings.ContainsFunc(part, unicode.IsLetter)) {
			return true
		}
	}
	return false
}

// lineSpans returns the byte ranges of text's lines, without their ends.
func lineSpans(text string) [][2]int {
	var out [][2]int
	for lo := 0; lo <= len(text); {
		hi := strings.IndexByte(text[lo:], '\n')
		if hi < 0 {
			out = append(out, [2]int{lo, len(text)})
			break
		}
		end := lo + hi
		if end > lo && text[end-1] == '\r' {
			end--
		}
		out = append(out, [2]int{lo, end})
		lo += hi + 1
	}
	return out
}

func blank(b []byte, lo, hi int) {
	for i := lo; i < hi; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// boilerplateLine reports whether a trimmed line is one a runtime, a test
// runner or CI prints whatever failed: around a trace, a test run's
// header and totals, a passing package or test, a CI step's shell.
func boilerplateLine(t string) bool {
	switch {
	case t == "Traceback (most recent call last):",
		t == "During handling of the above exception, another exception occurred:",
		t == "The above exception was the direct cause of the following exception:":
		return true
	case strings.HasPrefix(t, "goroutine ") && strings.HasSuffix(t, "]:"):
		return true
	case t == "stack backtrace:", strings.HasPrefix(t, "note: run with `RUST_BACKTRACE="),
		strings.HasPrefix(t, "note: Some details are omitted"):
		return true
	case strings.HasPrefix(t, "...") && strings.HasSuffix(t, " more"):
		return true
	case strings.HasPrefix(t, "platform ") && strings.Contains(t, " -- Python "),
		strings.HasPrefix(t, "rootdir: "), strings.HasPrefix(t, "plugins: "),
		strings.HasPrefix(t, "cachedir: "), strings.HasPrefix(t, "configfile: "):
		return true
	case strings.HasPrefix(t, "collected ") && (strings.HasSuffix(t, " items") || strings.HasSuffix(t, " item")):
		return true
	case strings.HasPrefix(t, "==") && strings.HasSuffix(t, "=="):
		// pytest's rules: "=== test session starts ===", "=== FAILURES
		// ===", "=== 1 failed, 213 passed in 9.84s ===". A test's own
		// rule ("___ test_refund ___") names it and stays.
		inner := strings.TrimSpace(strings.Trim(t, "="))
		return inner == "test session starts" || inner == "FAILURES" || inner == "ERRORS" ||
			inner == "short test summary info" || inner == "warnings summary" ||
			strings.Contains(inner, " passed") || strings.Contains(inner, " failed") || strings.Contains(inner, " error")
	case strings.HasPrefix(t, "ok  ") || strings.HasPrefix(t, "ok\t") || strings.HasPrefix(t, "--- PASS: ") ||
		strings.HasPrefix(t, "=== RUN ") || strings.HasPrefix(t, "=== PAUSE ") || strings.HasPrefix(t, "=== CONT "):
		// go test's passing packages and tests, and its progress.
		return true
	case strings.HasPrefix(t, "shell: "), strings.HasPrefix(t, "Error: Process completed with exit code "):
		// A GitHub Actions step's shell and its exit.
		return true
	case strings.HasSuffix(t, "state lock. This may take a few moments..."), strings.Contains(t, ": Refreshing state... [id="),
		t == "Terraform will perform the following actions:", strings.HasPrefix(t, "Terraform used the selected providers"):
		// Terraform's around every plan: its state lock taken and
		// given back, each resource refreshed.
		return true
	case slackAuthor(t), strings.HasPrefix(t, "View thread"), repliesLine(t):
		return true
	case templateHeading(t):
		return true
	case t == "---------- Forwarded message ---------", t == "-----Original Message-----":
		return true
	case strings.Join(strings.Fields(t), " ") == "Type Reason Age From Message", strings.Trim(t, "- ") == "" && strings.Contains(t, "---- "):
		// kubectl's events table's header and its rule.
		return true
	case strings.HasPrefix(t, "vite v") && strings.HasSuffix(t, " building for production..."),
		strings.HasPrefix(t, "✓ ") && strings.HasSuffix(t, " modules transformed."),
		strings.HasPrefix(t, "x Build failed in "), t == "error during build:":
		// Vite's around every build.
		return true
	case strings.HasPrefix(t, "First seen ") && strings.Contains(t, " ago"):
		// Sentry's issue header: when it was seen.
		return true
	}
	return false
}

// mailHeader reports whether a line is a forwarded email's header of
// sender, recipients or date ("From: Isla Munro <isla@...>").
func mailHeader(t string) bool {
	for _, h := range []string{"From: ", "To: ", "Cc: ", "Sent: ", "Date: ", "Reply-To: "} {
		if strings.HasPrefix(t, h) {
			return true
		}
	}
	return false
}

// httpResponse reports whether a task holds an HTTP response's status line
// ("HTTP/1.1 409 Conflict", curl's "< HTTP/2 502").
func httpResponse(task string) bool {
	for line := range strings.SplitSeq(task, "\n") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "< "))
		if len(f) >= 2 && strings.HasPrefix(f[0], "HTTP/") && len(f[1]) == 3 && isNumber(f[1]) {
			return true
		}
	}
	return false
}

// noiseHeader reports whether a line is an HTTP header every response
// carries ("date: ...", "content-type: application/json", "x-request-id:
// ..."), whose words (application, json, charset, wed, gmt) say nothing
// of the error. Headers that may be the subject (www-authenticate,
// retry-after, location, the CORS ones) stay.
func noiseHeader(t string) bool {
	name, _, ok := strings.Cut(strings.TrimPrefix(t, "< "), ": ")
	return ok && noiseHeaders[strings.ToLower(name)]
}

var noiseHeaders = map[string]bool{
	"date": true, "content-type": true, "content-length": true, "connection": true, "keep-alive": true,
	"server": true, "vary": true, "etag": true, "last-modified": true, "expires": true, "pragma": true,
	"age": true, "via": true, "x-request-id": true, "request-id": true, "x-correlation-id": true,
	"x-amzn-requestid": true, "x-amz-request-id": true, "x-amz-id-2": true, "x-amz-cf-id": true,
	"cf-ray": true, "cf-cache-status": true, "x-cache": true, "x-served-by": true, "x-timer": true,
	"alt-svc": true, "strict-transport-security": true, "x-content-type-options": true,
	"x-frame-options": true, "x-xss-protection": true, "referrer-policy": true, "report-to": true,
	"nel": true, "transfer-encoding": true, "accept-ranges": true, "x-powered-by": true,
}

// kubeEvent reports whether a line is a row of kubectl's events table
// ("Warning  BackOff  2m (x14 over 38m)  kubelet  Back-off restarting
// ..."): a type, a reason, an age, a source and a message.
func kubeEvent(t string) bool {
	cols := columns(t)
	return len(cols) >= 5 && (cols[0] == "Normal" || cols[0] == "Warning") && !strings.Contains(cols[1], " ")
}

// blankKubeEvent blanks an event row's type, age and source; its reason
// ("OOMKilling", "FailedScheduling") and message stay.
func blankKubeEvent(b []byte, lo int, line string) {
	cols := columns(line)
	from := 0
	for k, c := range cols[:4] {
		at := from + strings.Index(line[from:], c)
		from = at + len(c)
		if k != 1 {
			blank(b, lo+at, lo+from)
		}
	}
}

// columns splits a line of a table at runs of two spaces or more.
func columns(line string) []string {
	var cols []string
	for _, c := range strings.Split(strings.TrimSpace(line), "  ") {
		if c = strings.TrimSpace(c); c != "" {
			cols = append(cols, c)
		}
	}
	return cols
}

// psPosition is the script PowerShell names where an error happened ("At
// C:\ops\kiosk\Set-KioskApp.ps1:27 char:5"), or "".
func psPosition(t string) string {
	rest, ok := strings.CutPrefix(t, "At ")
	loc, char, ok2 := strings.Cut(rest, " char:")
	if !ok || !ok2 || !isNumber(char) {
		return ""
	}
	file := trimLineRef(loc)
	if file == loc || file == "" || strings.ContainsAny(file, " \t") {
		return ""
	}
	return file
}

// unityFrame is the file of a frame as Unity's console prints it
// ("Lantern.Kiosk.ContentLoader:Start () (at Assets/Scripts/ContentLoader.cs:31)"), or "".
func unityFrame(t string) string {
	i := strings.LastIndex(t, " (at ")
	if i <= 0 || !strings.HasSuffix(t, ")") {
		return ""
	}
	name, _, _ := strings.Cut(t[:i], " (")
	loc := t[i+len(" (at ") : len(t)-1]
	file := trimLineRef(loc)
	if file == loc || file == "" || strings.ContainsAny(name, " \t") || !strings.ContainsAny(name, ".:") {
		return ""
	}
	return file
}

// slackAuthor reports whether a line is the author and time Slack puts
// above a message copied from it ("Aileen Brodie  9:14 AM", "Mo Fraser
// [10:02 AM]", "Alertmanager APP  3:02 AM"): a name no learning is about.
func slackAuthor(t string) bool {
	ws := strings.Fields(t)
	if len(ws) < 3 || len(ws) > 6 {
		return false
	}
	ampm := strings.TrimRight(ws[len(ws)-1], "]")
	clock := strings.TrimLeft(ws[len(ws)-2], "[")
	h, m, ok := strings.Cut(clock, ":")
	if ampm != "AM" && ampm != "PM" || !ok || len(h) == 0 || len(h) > 2 || len(m) != 2 || !isNumber(h) || !isNumber(m) {
		return false
	}
	for _, w := range ws[:len(ws)-2] {
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
	}
	return true
}

// repliesLine reports whether a line is Slack's count of a thread's
// replies ("3 replies Last reply today at 9:31 AM").
func repliesLine(t string) bool {
	n, rest, ok := strings.Cut(t, " ")
	return ok && isNumber(n) && (rest == "replies" || rest == "reply" || strings.HasPrefix(rest, "replies Last reply ") || strings.HasPrefix(rest, "reply Last reply "))
}

// templateHeading reports whether a line is a heading of an issue or a
// task template ("## Context", "**Expected behavior**", "Steps to
// reproduce:", "### Acceptance criteria"): the same in every issue, it
// says nothing of this one's subject.
func templateHeading(t string) bool {
	h := strings.TrimSpace(strings.Trim(t, "#*_: "))
	if h == t {
		return false // no heading marks: a line of the request
	}
	return templateHeadings[strings.ToLower(h)]
}

var templateHeadings = map[string]bool{
	"task": true, "context": true, "background": true, "description": true, "summary": true,
	"problem": true, "details": true, "notes": true, "acceptance criteria": true,
	"definition of done": true, "requirements": true, "steps to reproduce": true,
	"to reproduce": true, "reproduction": true, "expected behavior": true,
	"expected behaviour": true, "expected result": true, "actual behavior": true,
	"actual behaviour": true, "actual result": true, "describe the bug": true,
	"additional context": true, "screenshots": true, "environment": true, "logs": true,
	"stack trace": true, "error": true, "output": true, "what happened": true,
	"proposed solution": true, "possible solution": true, "solution": true,
	"what i tried": true, "what i've tried": true, "out of scope": true, "links": true,
}

// postgresLabel is the label Postgres puts before a part of its error
// ("DETAIL:", "HINT:", "STATEMENT:", "CONTEXT:"), or "": a word of every
// such error, where "statement" or "detail" would match learnings about
// statements and details.
func postgresLabel(t string) string {
	label, rest, ok := strings.Cut(t, ":")
	if !ok || !strings.HasPrefix(rest, "  ") {
		return ""
	}
	switch label {
	case "DETAIL", "HINT", "STATEMENT", "CONTEXT", "QUERY", "LOCATION", "WHERE":
		return label + ":"
	}
	return ""
}

// diffHeader is the file a diff's header line names ("--- a/api/x.py",
// "+++ b/api/x.py", "diff --git a/api/x.py b/api/x.py"), or "".
func diffHeader(t string) string {
	var f string
	switch {
	case strings.HasPrefix(t, "--- a/"):
		f = t[len("--- a/"):]
	case strings.HasPrefix(t, "+++ b/"):
		f = t[len("+++ b/"):]
	case strings.HasPrefix(t, "diff --git a/"):
		f, _, _ = strings.Cut(t[len("diff --git a/"):], " ")
	default:
		return ""
	}
	// git puts a tab and a timestamp after a file with spaces in its
	// name; unified diffs put one after any.
	f, _, _ = strings.Cut(f, "\t")
	return f
}

// elixirFile is the file of an Elixir stack frame ("(ecto_sql 3.11.1)
// lib/ecto/adapters/sql.ex:1054: Ecto.Adapters.SQL.execute/6"), after its
// application and version, or "".
func elixirFile(t string) string {
	head, rest, ok := strings.Cut(strings.TrimPrefix(t, "("), ") ")
	if !ok || !strings.HasPrefix(t, "(") {
		return ""
	}
	app, version, ok := strings.Cut(head, " ")
	if !ok || app == "" || version == "" || !isDigit(version[0]) || strings.Contains(version, " ") {
		return ""
	}
	loc, _, ok := strings.Cut(rest, ": ")
	file := trimLineRef(loc)
	if !ok || file == loc || file == "" || strings.ContainsAny(file, " \t") || !strings.Contains(path.Base(file), ".") {
		return ""
	}
	return file
}

// elixirVendors are the applications of Elixir, Erlang/OTP and the
// common Hex packages, whose frames say nothing of the project's.
var elixirVendors = map[string]bool{
	"elixir": true, "stdlib": true, "kernel": true, "logger": true, "mix": true, "iex": true, "ex_unit": true,
	"ssl": true, "crypto": true, "inets": true, "erts": true, "public_key": true,
	"ecto": true, "ecto_sql": true, "postgrex": true, "myxql": true, "db_connection": true,
	"phoenix": true, "phoenix_live_view": true, "phoenix_pubsub": true, "phoenix_html": true, "phoenix_ecto": true,
	"plug": true, "plug_cowboy": true, "cowboy": true, "ranch": true, "bandit": true, "thousand_island": true,
	"oban": true, "jason": true, "tesla": true, "finch": true, "mint": true, "hackney": true, "req": true,
	"absinthe": true, "broadway": true, "gen_stage": true, "telemetry": true, "swoosh": true, "bamboo": true,
	"ex_aws": true, "nimble_pool": true, "sentry": true, "redix": true, "cachex": true, "commanded": true,
}

// appleFrame reports whether a line is a frame of an Apple crash report
// ("1   LanternGuide   0x0000000104a1d2c8 TourPlayer.next() + 412
// (TourPlayer.swift:88)"): an index, an image, an address, a symbol.
func appleFrame(t string) bool {
	f := strings.Fields(t)
	return len(f) >= 4 && isNumber(f[0]) && strings.HasPrefix(f[2], "0x") && hexDigits(f[2][2:]) && strings.Contains(t, " + ")
}

// appleImage reports whether a crash report's image is Apple's: a
// system library or framework, whose frames are in every crash.
func appleImage(image string) bool {
	return strings.HasPrefix(image, "lib") || strings.HasSuffix(image, ".dylib") || appleImages[image]
}

var appleImages = map[string]bool{
	"Foundation": true, "CoreFoundation": true, "UIKitCore": true, "UIKit": true, "SwiftUI": true, "SwiftUICore": true,
	"AVFCore": true, "AVFoundation": true, "AVFAudio": true, "GraphicsServices": true, "dyld": true, "QuartzCore": true,
	"CFNetwork": true, "Security": true, "WebKit": true, "CoreData": true, "MapKit": true, "Combine": true, "AppKit": true,
	"CoreGraphics": true, "CoreMedia": true, "MediaToolbox": true, "FrontBoardServices": true, "BaseBoard": true,
	"RunningBoardServices": true, "AudioToolbox": true, "CoreLocation": true, "Network": true, "StoreKit": true,
	"CoreText": true, "ImageIO": true, "Metal": true, "HIToolbox": true,
}

// dotnetFrame is the method of a .NET frame ("at Acme.Billing.Invoices.
// Create(Order order) in C:\\src\\Invoices.cs:line 57", "at System.Data.
// SqlClient.SqlConnection.OnError(SqlException exception, Boolean
// breakConnection)"), or "": a dotted name right before its parameters,
// which are typed (a space inside) or none.
func dotnetFrame(t string) string {
	s, ok := strings.CutPrefix(t, "at ")
	i := strings.IndexByte(s, '(')
	// Mono and Unity put a space before the parameters.
	name := strings.TrimSuffix(s[:max(i, 0)], " ")
	if !ok || i <= 0 || name == "" || strings.ContainsAny(name, " \t") || !strings.Contains(name, ".") {
		return ""
	}
	j := strings.IndexByte(s[i:], ')')
	if j < 0 {
		return ""
	}
	params, rest := s[i+1:i+j], s[i+j+1:]
	if params != "" && !strings.Contains(params, " ") || jvmLoc(params) {
		return ""
	}
	// Mono's IL offset and assembly: " [0x00000] in <9d3f...>:0".
	if rest != "" && !(strings.HasPrefix(rest, " in ") && strings.Contains(rest, ":line ")) && !strings.HasPrefix(rest, " [0x") {
		return ""
	}
	return name
}

var dotnetVendors = []string{"System.", "Microsoft.", "Newtonsoft.", "NUnit.", "Xunit.", "Npgsql.", "Polly.",
	"UnityEngine.", "UnityEditor.", "Unity.", "TMPro.", "Mono."}

// phpFrame is the file of a PHP backtrace line ("#0 /var/www/app/Billing/
// Invoice.php(42): App\\Billing\\Invoice->total()"), or "".
func phpFrame(t string) string {
	if !strings.HasPrefix(t, "#") {
		return ""
	}
	num, rest, ok := strings.Cut(t[1:], " ")
	if !ok || !isNumber(num) {
		return ""
	}
	i := strings.IndexByte(rest, '(')
	j := strings.Index(rest, "): ")
	if i <= 0 || j < i || !isNumber(rest[i+1:j]) || !strings.HasSuffix(rest[:i], ".php") {
		return ""
	}
	return rest[:i]
}

// numberedLine reports whether a line is a numbered frame's function, as
// Rust prints it: "   0: rust_begin_unwind".
func numberedLine(line string) bool {
	num, rest, ok := strings.Cut(strings.TrimSpace(line), ": ")
	return ok && isNumber(num) && num != "" && !strings.Contains(rest, " ")
}

// frameAt splits what follows "at " in a Java, Kotlin or Node frame into
// the function's name and its location: "com.a.B.run(B.kt:57)" gives
// "com.a.B.run" and "B.kt:57"; "lineTotal (./lib/basket.ts:47:32)" gives
// "lineTotal" and "./lib/basket.ts:47:32"; "/app/x.js:3:9" gives "" and
// the location.
func frameAt(s string) (name, loc string) {
	if i := strings.IndexByte(s, '('); i >= 0 && strings.HasSuffix(s, ")") {
		return strings.TrimSpace(s[:i]), s[i+1 : len(s)-1]
	}
	return "", s
}

// atFrame reads a trimmed line that is a Java, Kotlin or Node frame: "at "
// and, after a name or alone, a location with a line number or a JVM's
// native or unknown one. It gives the frame's name and location (see
// frameAt), and false for a line that is no such frame.
func atFrame(t string) (name, loc string, ok bool) {
	s, ok := strings.CutPrefix(t, "at ")
	if !ok {
		return "", "", false
	}
	name, loc = frameAt(s)
	if strings.Contains(loc, " ") {
		return name, loc, jvmLoc(loc)
	}
	return name, loc, strings.Contains(loc, ":") && trimLineRef(loc) != loc || loc == "<anonymous>"
}

// locFile is the file of a frame's location, without its line and column
// and the scheme a bundler puts before it: "webpack-internal:///./lib/
// basket.ts:47:32" is "lib/basket.ts", "Threads.java:68" is
// "Threads.java"; "Native Method" and "Unknown Source" are "".
func locFile(loc string) string {
	for _, scheme := range []string{"webpack-internal:///", "webpack:///", "file://"} {
		loc = strings.TrimPrefix(loc, scheme)
	}
	loc = trimLineRef(loc)
	if strings.ContainsAny(loc, " <>") {
		return ""
	}
	return strings.TrimPrefix(loc, "./")
}

// trimLineRef removes a line reference from the end of a file name as
// compilers, runtimes and test runners print it: "gate.go:147",
// "basket.ts:47:32", "freight_account.rb:74:in", "page.js:1:8812".
func trimLineRef(w string) string {
	w = strings.TrimSuffix(w, ":in")
	for {
		i := strings.LastIndexByte(w, ':')
		if i <= 0 || i == len(w)-1 || !isNumber(w[i+1:]) {
			return w
		}
		w = w[:i]
	}
}

// rubyFrame is the file of a Ruby backtrace line ("app/models/a.rb:74:in
// `monthly_statement'", "from /gems/x/y.rb:55:in 'exec'"), or "".
func rubyFrame(t string) string {
	t = strings.TrimPrefix(t, "from ")
	i := strings.Index(t, ":in ")
	if i < 0 {
		return ""
	}
	file := t[:i]
	j := strings.LastIndexByte(file, ':')
	if j <= 0 || !isNumber(file[j+1:]) || strings.ContainsAny(file[:j], " \t") || !strings.Contains(path.Base(file[:j]), ".") {
		return ""
	}
	return file[:j]
}

// goFileLine is the file of the second line of a Go stack frame
// ("\t/build/scanner/gate.go:147 +0x1bc"), or "".
func goFileLine(line string) string {
	if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "    ") {
		return ""
	}
	t := strings.TrimSpace(line)
	if i := strings.Index(t, " +0x"); i >= 0 {
		t = t[:i]
	}
	file := trimLineRef(t)
	if file == t || !strings.HasSuffix(file, ".go") || strings.ContainsAny(file, " \t") {
		return ""
	}
	return file
}

// vendorFile reports whether a frame's file belongs to a library, a
// runtime or the standard library rather than the project: the places
// package managers and toolchains install them.
func vendorFile(file string) bool {
	f := strings.ReplaceAll(file, "\\", "/")
	for _, dir := range vendorDirs {
		if strings.Contains(f, dir) {
			return true
		}
	}
	if strings.HasPrefix(f, "<") {
		return true // <frozen importlib._bootstrap>, <anonymous>
	}
	// The Go standard library: GOROOT's src, whose packages' paths hold
	// no dot (runtime, net/http), where a GOPATH project's do
	// (github.com/...).
	if i := strings.LastIndex(f, "/src/"); i >= 0 && strings.HasSuffix(f, ".go") && strings.Contains(f[:i], "go") {
		first, _, _ := strings.Cut(f[i+len("/src/"):], "/")
		return !strings.Contains(first, ".")
	}
	return false
}

var vendorDirs = []string{"site-packages/", "dist-packages/", "/lib/python2", "/lib/python3", "node_modules/", "/gems/",
	"/lib/ruby/", "/rubygems/", "/pkg/mod/", "/vendor/", "/.gradle/caches/", "/.m2/repository/",
	"/.cargo/registry/", "/rustc/", "/usr/lib/jvm/"}

// vendorFrame reports whether a Java, Kotlin or Node frame is a library's:
// by its qualified name for the JVM's (java.lang, androidx, kotlinx, okhttp3)
// and by its file for Node's.
func vendorFrame(name, loc string) bool {
	if jvmLoc(loc) {
		return vendorName(name, jvmVendors)
	}
	// Node's own modules: "node:internal/...", "internal/timers.js".
	return vendorFile(locFile(loc)) || strings.HasPrefix(loc, "node:") || strings.HasPrefix(loc, "internal/") || strings.HasPrefix(loc, "<")
}

// vendorName reports whether a frame's qualified name starts with one of
// prefixes, the namespaces of a platform and its common libraries.
func vendorName(name string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// jvmLoc reports whether a frame's location is a JVM's: a .java or .kt
// file, or a native or unknown one.
func jvmLoc(loc string) bool {
	f := trimLineRef(loc)
	return strings.HasSuffix(f, ".java") || strings.HasSuffix(f, ".kt") || strings.HasSuffix(f, ".scala") ||
		loc == "Native Method" || strings.HasPrefix(loc, "Unknown Source")
}

var jvmVendors = []string{"java.", "javax.", "jdk.", "sun.", "com.sun.", "android.", "androidx.",
	"dalvik.", "com.android.", "kotlin.", "kotlinx.", "okhttp3.", "okio.", "retrofit2.", "com.google.",
	"org.junit.", "org.gradle.", "org.jetbrains.", "io.reactivex.", "org.springframework.",
	"org.apache.", "org.hibernate.", "io.netty.", "reactor.", "scala.", "com.fasterxml."}

// blankNoise blanks the tokens of b that match a learning only by
// accident: timestamps, hex addresses, UUIDs, IDs, long numbers and
// log levels.
func blankNoise(b []byte) {
	orig := string(b)
	for i := 0; i < len(b); {
		if !pathByte[b[i]] {
			i++
			continue
		}
		j := i
		for j < len(b) && pathByte[b[j]] {
			j++
		}
		end := j
		// A field ends where a joiner is followed by no word byte.
		for end > i && strings.IndexByte(joiners, b[end-1]) >= 0 {
			end--
		}
		field := string(b[i:end])
		switch {
		case dateTime(field) || loggedLevel(orig, i, end) || testDuration(field):
			blank(b, i, end)
			// The fraction after a comma: "05:45:02,118".
			if end+1 < len(b) && b[end] == ',' && isDigit(b[end+1]) {
				k := end + 1
				for k < len(b) && isDigit(b[k]) {
					k++
				}
				blank(b, end, k)
				j = k
			}
			if dateTime(field) {
				blankKey(b, i)
			}
		case pythonLevel(field) > 0:
			blank(b, i, i+pythonLevel(field))
		case levelValue(b, i, end):
			blank(b, i, end)
			blankKey(b, i)
		case ipv4(field):
			blank(b, i, end)
			blankKey(b, i)
		case strings.IndexByte(field, '/') >= 0:
			// A path, whole: a hash in a library's path
			// ("index.crates.io-6f17d22bba15001f") must not cut it in
			// two, or the library's path would not be known as one.
		case blankIDs(b, i, end):
			blankKey(b, i)
		}
		i = j
	}
}

// blankKey blanks the key a structured log line gives the noise at
// b[at:] ("request_id=5c0e...", "job=8d2c...", `"ts":"2026-...`): the
// key of an ID or a timestamp says only that the line has one, and
// "job", "request" or "trace" would match learnings about jobs,
// requests and traces.
func blankKey(b []byte, at int) {
	if lo, hi := keyBefore(b, at); lo < hi {
		blank(b, lo, hi)
	}
}

// keyBefore is the span of the key that b[at:], a value, has in a
// structured log line ("level=warn", `"level":"warn"`), or an empty one.
func keyBefore(b []byte, at int) (lo, hi int) {
	k := at
	if k > 0 && b[k-1] == '"' {
		k--
	}
	switch {
	case k > 0 && b[k-1] == '=':
		k--
	case k > 1 && b[k-1] == ':' && b[k-2] == '"':
		k -= 2
	default:
		return at, at
	}
	end := k
	for k > 0 && (pathByte[b[k-1]] && b[k-1] != '/' && b[k-1] != ':') {
		k--
	}
	return k, end
}

// levelValue reports whether the field b[lo:hi] is a log level given as
// the value of a level key ("level=warn", `"severity":"error"`).
func levelValue(b []byte, lo, hi int) bool {
	if !logLevel(strings.ToUpper(string(b[lo:hi]))) {
		return false
	}
	k, end := keyBefore(b, lo)
	switch strings.ToLower(string(b[k:end])) {
	case "level", "lvl", "severity", "loglevel", "log.level":
		return true
	}
	return false
}

// ipv4 reports whether a field is an IPv4 address, with or without a
// port: "10.20.3.17", "10.20.3.17:51234".
func ipv4(f string) bool {
	f, _, _ = strings.Cut(f, ":")
	parts := strings.Split(f, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || !isNumber(p) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// dateTime reports whether a field is a date or a time of day to the
// second, as logs stamp their lines: "2026-11-01T02:14:09.512Z",
// "2026/10/19", "05:45:02". A time to the minute ("07:45") is left: a
// task's departure time may be a learning's.
func dateTime(f string) bool {
	digits := func(s string, n int) bool {
		if len(s) < n {
			return false
		}
		for k := range n {
			if !isDigit(s[k]) {
				return false
			}
		}
		return true
	}
	if digits(f, 4) && len(f) >= 10 && (f[4] == '-' || f[4] == '/') && f[7] == f[4] && digits(f[5:], 2) && digits(f[8:], 2) {
		return true
	}
	// An access log's: "29/Oct/2026:05:45:02".
	if len(f) >= 11 && digits(f, 2) && f[2] == '/' && f[6] == '/' && digits(f[7:], 4) {
		return true
	}
	k := 1
	if digits(f, 2) {
		k = 2
	}
	return digits(f, k) && len(f) >= k+6 && f[k] == ':' && digits(f[k+1:], 2) && f[k+3] == ':' && digits(f[k+4:], 2)
}

// testDuration reports whether a field is a duration as test runners
// print one, to the hundredth of a second or finer: "0.014s", "9.84s",
// "5000.0ms". A duration as people write it ("2.5s", "40s") may be a
// learning's timeout.
func testDuration(f string) bool {
	i := strings.IndexByte(f, '.')
	if i <= 0 || !isNumber(f[:i]) {
		return false
	}
	if frac, ok := strings.CutSuffix(f[i+1:], "ms"); ok {
		return frac != "" && isNumber(frac)
	}
	frac, ok := strings.CutSuffix(f[i+1:], "s")
	return ok && len(frac) >= 2 && isNumber(frac)
}

// loggedLevel reports whether the field s[lo:hi] is a log level where a
// logger prints one: in capitals ("INFO", "WARNING/ForkPoolWorker-3")
// after a timestamp, a bracket or nothing but noise, or in any case in
// brackets ("[error]", as Elixir and nginx print it). A level word in a
// sentence is a word of the task: "INFO desk iPad won't print" (a line
// starting with it before a lower-case word), "we get an ERROR page", "is
// a CRITICAL alert a page?" (after a lower-case word).
func loggedLevel(s string, lo, hi int) bool {
	f := s[lo:hi]
	if lo > 0 && s[lo-1] == '[' && hi < len(s) && s[hi] == ']' {
		return logLevel(strings.ToUpper(f))
	}
	if !logLevel(f) {
		return false
	}
	if strings.Contains(f, "/") || hi+1 >= len(s) || s[hi] != ' ' || !isLetter(s[hi+1]) {
		return true
	}
	// The word before it on its line, if any.
	e := lo
	for e > 0 && (s[e-1] == ' ' || s[e-1] == '\t') {
		e--
	}
	if e == 0 || s[e-1] == '\n' {
		return !('a' <= s[hi+1] && s[hi+1] <= 'z')
	}
	w := e
	for w > 0 && isLetter(s[w-1]) {
		w--
	}
	prose := w < e && 'a' <= s[w] && s[w] <= 'z' && (w == 0 || strings.IndexByte(" \t\n", s[w-1]) >= 0)
	return !prose
}

// pythonLevel is the length of the level and the logger's name that
// Python's default log format puts before a message ("WARNING:root:slow
// query", "ERROR:portal.tasks:reminder failed"), or 0.
func pythonLevel(f string) int {
	level, rest, ok := strings.Cut(f, ":")
	name, _, named := strings.Cut(rest, ":")
	if !ok || !named || name == "" || !logLevel(level) {
		return 0
	}
	return len(level) + len(name) + 2
}

// logLevel reports whether a field is a log level as loggers print it, in
// capitals ("INFO", "WARN", "ERR"), or one with its source
// ("WARNING/ForkPoolWorker-3", logcat's "E/SQLiteLog").
func logLevel(f string) bool {
	head, _, tagged := strings.Cut(f, "/")
	if tagged && len(head) == 1 && strings.Contains("VDIWEF", head) {
		return true
	}
	switch head {
	case "TRACE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING", "ERROR", "ERR", "FATAL", "CRITICAL", "PANIC":
		return true
	}
	return false
}

// blankIDs blanks the parts of the field b[lo:hi] (split at joiners) that
// are IDs or addresses: "0x4000132000", a UUID's parts, "req_9fQk2LmT0aZx1c",
// "8d2c61f0a4b3e97c15d02e4f", and numbers of seven digits or more.
// It reports whether every part was.
func blankIDs(b []byte, lo, hi int) bool {
	if uuid(string(b[lo:hi])) {
		blank(b, lo, hi)
		return true
	}
	all := true
	for p := lo; p < hi; {
		q := p
		for q < hi && strings.IndexByte(joiners, b[q]) < 0 {
			q++
		}
		if idLike(string(b[p:q])) {
			blank(b, p, q)
		} else {
			all = false
		}
		p = q + 1
	}
	return all
}

// uuid reports whether f is a UUID: five runs of hex digits, 8-4-4-4-12.
func uuid(f string) bool {
	parts := strings.Split(f, "-")
	if len(parts) != 5 {
		return false
	}
	for k, n := range []int{8, 4, 4, 4, 12} {
		if len(parts[k]) != n || !hexDigits(parts[k]) {
			return false
		}
	}
	return true
}

func hexDigits(s string) bool {
	for k := 0; k < len(s); k++ {
		c := s[k] | 0x20
		if !isDigit(s[k]) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return s != ""
}

// idLike reports whether a word is an address or an ID rather than a
// word: a hex address ("0x1bc"), seven digits or more, alone or after a
// letter or two ("p1700000000000000"), or eight characters or more that
// switch between letters and digits four times or more ("Q7XK2M9PLR4T",
// "5c0e9d1a"), which "sha256sum", "utf8mb4" and "minifyReleaseWithR8" do
// not.
func idLike(w string) bool {
	if len(w) > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X') && hexDigits(w[2:]) {
		return true
	}
	if isNumber(w) {
		return len(w) >= 7
	}
	if len(w) < 8 {
		return false
	}
	// A number with a letter or two before it: "p1700000000000000".
	if n := len(strings.TrimLeftFunc(w, unicode.IsLetter)); n >= 7 && n+2 >= len(w) && isNumber(w[len(w)-n:]) {
		return true
	}
	switches := 0
	for k := 1; k < len(w); k++ {
		if isDigit(w[k]) != isDigit(w[k-1]) {
			switches++
		}
	}
	return switches >= 4
}
