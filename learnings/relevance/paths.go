package relevance

import (
	"path"
	"strings"
)

// Path match kinds, strongest first, with what each is worth before the
// rarity of the match is taken into account.
const (
	SameFile      = "same file"
	SameFileName  = "same file name"
	SameName      = "same name"
	SameDirectory = "same directory"
	SamePackage   = "same package"
)

var kindWeight = map[string]float64{
	SameFile:      3,
	SameFileName:  2,
	SameName:      1.5,
	SameDirectory: 1,
	SamePackage:   0.7,
}

var kindOrder = []string{SameFile, SameFileName, SameName, SameDirectory, SamePackage}

// ctxPath is one path, split into what paths are compared on. All fields
// are lower case, with forward slashes.
type ctxPath struct {
	given   string // as the caller wrote it
	trimmed string // without ./, a #fragment or a trailing slash
	file    string // trimmed, lower case
	base    string // last element: "uploader.swift"
	name    string // base without extensions and test markers: "uploader"
	dir     string // everything before base: "ios"; empty at the top
	pkg     string // the last element of dir: "ios"
}

// newCtxPath splits p; ok is false when nothing is left of it.
func newCtxPath(p string) (ctxPath, bool) {
	t := strings.TrimSpace(strings.ReplaceAll(p, "\\", "/"))
	t = strings.Trim(t, "`'\"")
	if i := strings.IndexByte(t, '#'); i >= 0 {
		t = t[:i]
	}
	for strings.HasPrefix(t, "./") {
		t = t[2:]
	}
	t = strings.TrimRight(t, "/")
	if t == "" || t == "." {
		return ctxPath{}, false
	}
	file := strings.ToLower(t)
	cp := ctxPath{given: p, trimmed: t, file: file, base: path.Base(file)}
	if d := path.Dir(file); d != "." && d != "/" {
		cp.dir = d
		cp.pkg = path.Base(d)
	}
	cp.name = nameOf(cp.base)
	return cp, true
}

// nameOf strips extensions and the test markers of the common languages
// from a file name: "uploader_test.go", "Uploader.spec.ts" and
// "UploaderTests.swift" are all "uploader".
func nameOf(base string) string {
	name := base
	for {
		i := strings.LastIndexByte(name, '.')
		if i <= 0 || !knownExt()[name[i+1:]] && !testMarker[name[i+1:]] {
			break
		}
		name = name[:i]
	}
	for _, suffix := range []string{"_test", "_spec", "-test", "-spec", "tests", "test", "spec"} {
		if n, ok := strings.CutSuffix(name, suffix); ok && n != "" {
			name = strings.TrimRight(n, "_-.")
			break
		}
	}
	if n, ok := strings.CutPrefix(name, "test_"); ok && n != "" {
		name = n
	}
	return name
}

var testMarker = map[string]bool{"test": true, "spec": true, "tests": true, "d": true, "stories": true, "module": true}

// compare returns the strongest way ref (a path a learning mentions) and
// the context path p name the same thing, or "".
func compare(p, ref ctxPath) string {
	switch {
	case p.file == ref.file || suffixAt(p.file, ref.file) || suffixAt(ref.file, p.file):
		if p.file == ref.file || strings.Contains(p.file, "/") && strings.Contains(ref.file, "/") {
			return SameFile
		}
		return SameFileName
	case p.base == ref.base && strings.Contains(p.base, "."):
		return SameFileName
	case p.name != "" && p.name == ref.name && !genericPathWord()[p.name]:
		return SameName
	case p.dir != "" && (p.dir == ref.dir || p.dir == ref.file):
		return SameDirectory
	case p.pkg != "" && !genericPathWord()[p.pkg] && (p.pkg == ref.pkg || p.pkg == ref.name || p.pkg == ref.base):
		return SamePackage
	}
	return ""
}

// suffixAt reports whether short is the end of long at a slash: "ios/a.swift"
// ends "app/ios/a.swift".
func suffixAt(long, short string) bool {
	return len(long) > len(short) && strings.HasSuffix(long, short) && long[len(long)-len(short)-1] == '/'
}

// textPaths finds the paths and file names a learning's text mentions:
// tokens with a slash, or a name with a known extension. A token is a run
// of ASCII letters, digits and the joiners terms splits on (`docs/api.md`,
// `ios/Uploader.swift#L10`), the way terms.Tokenize reads compounds; only
// runs holding a slash or a dot are looked at, so a text without either
// costs two byte searches.
func textPaths(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] != '/' && text[j] != '.' {
			j++
		}
		if j == len(text) {
			break
		}
		start, end := j, j+1
		for start > 0 && pathByte[text[start-1]] {
			start--
		}
		for end < len(text) && pathByte[text[end]] {
			end++
		}
		i = end
		if w := strings.Trim(text[start:end], joiners); w != "" && looksLikePath(w) {
			out = append(out, w)
		}
	}
	return out
}

// joiners are the bytes that join words into one compound token.
const joiners = "._-/:#@+"

var pathByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(joiners, byte(c)) >= 0
	}
	return t
}()

// looksLikePath reports whether a token is a path or file name: it has a
// slash between words, or ends in a known extension ("Uploader.swift", not
// "client.Do").
func looksLikePath(w string) bool {
	if strings.Contains(w, "/") {
		return !strings.Contains(w, "://")
	}
	i := strings.LastIndexByte(w, '.')
	return i > 0 && knownExt()[strings.ToLower(w[i+1:])]
}
