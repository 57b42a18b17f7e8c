package web

import (
	"io"
	"math/big"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// numericParams is every numeric query parameter of every /api/ route.
// TestNumericParamsAreListed keeps it complete.
var numericParams = []struct{ route, param string }{
	{"/api/sessions", "offset"},
	{"/api/sessions", "limit"},
}

// TestNumericParamsAreListed reads the package's source: every parameter
// the handlers read with queryInt is in numericParams, so the table and
// fuzz tests below cover it.
func TestNumericParamsAreListed(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`queryInt\(r, "([^"]+)"`)
	found := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			found++
			listed := false
			for _, p := range numericParams {
				listed = listed || p.param == m[1]
			}
			if !listed {
				t.Errorf("%s reads the numeric parameter %q, which numericParams does not list", f.Name(), m[1])
			}
		}
	}
	if found < len(numericParams) {
		t.Errorf("found %d queryInt calls, want at least %d", found, len(numericParams))
	}
}

func TestSessionsParams(t *testing.T) {
	e := newEnv(t, string(memgen.Generate(5, 40_000)))
	total := len(e.doc().Sessions)
	if total < 20 {
		t.Fatalf("the generated memory has %d sessions, want at least 20", total)
	}
	tests := []struct {
		query  string
		code   int
		param  string // the parameter a 400 names
		why    string // and what it says
		offset int
		n      int // sessions returned
	}{
		{"", 200, "", "", 0, sessionsPerPage},
		{"offset=1&limit=9223372036854775807", 400, "limit", "too large", 0, 0},
		{"offset=9223372036854775807&limit=1", 400, "offset", "too large", 0, 0},
		{"offset=1&limit=9223372036854775808", 400, "limit", "too large", 0, 0},
		{"offset=18446744073709551616", 400, "offset", "too large", 0, 0},
		{"limit=1000001", 400, "limit", "too large", 0, 0},
		{"offset=99999999999999999999999999", 400, "offset", "too large", 0, 0},
		{"limit=-1", 400, "limit", "negative", 0, 0},
		{"offset=-5", 400, "offset", "negative", 0, 0},
		{"offset=-9223372036854775808", 400, "offset", "negative", 0, 0},
		{"offset=-0", 400, "offset", "negative", 0, 0},
		{"limit=ten", 400, "limit", "not a whole number", 0, 0},
		{"limit=1.5", 400, "limit", "not a whole number", 0, 0},
		{"limit=1e3", 400, "limit", "not a whole number", 0, 0},
		{"limit=0x10", 400, "limit", "not a whole number", 0, 0},
		{"limit=%2B3", 400, "limit", "not a whole number", 0, 0},
		{"limit=+3", 400, "limit", "not a whole number", 0, 0}, // + is a space in a query
		{"limit=3%20", 400, "limit", "not a whole number", 0, 0},
		{"offset=%D9%A3", 400, "offset", "not a whole number", 0, 0}, // Arabic-Indic three
		{"offset=1_000", 400, "offset", "not a whole number", 0, 0},
		{"offset=-", 400, "offset", "not a whole number", 0, 0},
		{"offset=%00", 400, "offset", "not a whole number", 0, 0},
		{"offset=NaN", 400, "offset", "not a whole number", 0, 0},
		{"limit=", 400, "limit", "empty", 0, 0},
		{"offset", 400, "offset", "empty", 0, 0},
		{"limit=3&limit=4", 400, "limit", "given 2 times", 0, 0},
		{"offset=1&limit=-1", 400, "limit", "negative", 0, 0},
		{"offset=x&limit=-1", 400, "offset", "not a whole number", 0, 0},
		{"offset=1&limit=1", 200, "", "", 1, 1},
		{"offset=0&limit=0", 200, "", "", 0, total},
		{"limit=1000000", 200, "", "", 0, total},
		{"offset=1000000&limit=1000000", 200, "", "", total, 0},
		{"offset=007&limit=003", 200, "", "", 7, 3},
		{"offset=" + itoa(total-2), 200, "", "", total - 2, 2},
		{"limit=2&other=-1&q=x", 200, "", "", 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			w := e.get("/api/sessions?" + tt.query)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.code, w.Body)
			}
			if !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
				t.Errorf("Content-Type %q", w.Header().Get("Content-Type"))
			}
			if tt.code != 200 {
				got := decode[apiError](t, w)
				if got.Param != tt.param || !strings.Contains(got.Error, "query parameter "+tt.param+"=") ||
					!strings.Contains(got.Error, tt.why) || !strings.Contains(got.Error, "from 0 to 1000000") {
					t.Errorf("error %+v, want one naming %s and saying %q", got, tt.param, tt.why)
				}
				return
			}
			got := decode[SessionsReport](t, w)
			if got.Total != total || got.Offset != tt.offset || len(got.Sessions) != tt.n {
				t.Errorf("total %d offset %d, %d sessions; want %d, %d, %d", got.Total, got.Offset, len(got.Sessions), total, tt.offset, tt.n)
			}
			if tt.n > 0 && got.Sessions[0].ID != e.doc().Sessions[tt.offset].ID {
				t.Errorf("first session %s, want %s", got.Sessions[0].ID, e.doc().Sessions[tt.offset].ID)
			}
		})
	}
	// A long value is cut short in the error.
	w := e.get("/api/sessions?limit=" + strings.Repeat("9", 5000))
	if got := decode[apiError](t, w); w.Code != 400 || len(got.Error) > 200 {
		t.Errorf("status %d, error of %d bytes", w.Code, len(got.Error))
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// FuzzNumericParams sends any value as each numeric parameter of each API
// route and, as the page's script does, to the page's own numeric
// parameters. The API answers 200 exactly when the value is a whole number
// from 0 to 1000000 (decided here with math/big, not the server's parser),
// else 400 with a JSON error naming the parameter; nothing panics or
// answers 5xx.
func FuzzNumericParams(f *testing.F) {
	for _, s := range []string{"0", "15", "1000000", "1000001", "9223372036854775807", "-1", "", "1e3", " 1", "١", "0001", "-0", "+1", "1\x00"} {
		f.Add(s)
	}
	shared := newEnv(f, memviewtest.Sample)
	limit := big.NewInt(maxQueryInt)
	digits := regexp.MustCompile(`^[0-9]+$`)
	f.Fuzz(func(t *testing.T, v string) {
		e := &env{t: t, path: shared.path, srv: shared.srv, h: shared.h}
		n, _ := new(big.Int).SetString(v, 10)
		valid := digits.MatchString(v) && n != nil && n.Cmp(limit) <= 0
		for _, p := range numericParams {
			w := e.get(p.route + "?" + url.Values{p.param: {v}}.Encode())
			if valid && w.Code != http.StatusOK || !valid && w.Code != http.StatusBadRequest {
				t.Fatalf("%s?%s=%q: status %d (valid %v): %s", p.route, p.param, v, w.Code, valid, w.Body)
			}
			if !valid {
				if got := decode[apiError](t, w); got.Param != p.param {
					t.Fatalf("%s?%s=%q: error %+v names no parameter", p.route, p.param, v, got)
				}
			}
		}
		for _, target := range []string{"/?shown=", "/fragment/main?shown=", "/fragment/sessions?offset=", "/?flash="} {
			if w := e.get(target + url.QueryEscape(v)); w.Code != http.StatusOK {
				t.Fatalf("%s%q: status %d", target, v, w.Code)
			}
		}
	})
}

// TestBodyIsBounded posts bodies over the bound every way a client can:
// with a Content-Length, streamed without one, as a multipart form, and to
// a page's form: each is refused with 413 and a clear message, and nothing
// changes. A body at the bound still goes through.
func TestBodyIsBounded(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	before := e.content()
	id := e.doc().Sessions[0].ID
	form := func(size int, extra url.Values) string {
		v := url.Values{"id": {id}, "csrf": {e.srv.csrf}}
		for k, vs := range extra {
			v[k] = vs
		}
		pad := size - len(v.Encode()) - len("&pad=")
		return v.Encode() + "&pad=" + strings.Repeat("x", max(pad, 0))
	}
	post := func(target, ctype string, body io.Reader, length int64) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, testBase+target, body)
		r.Host = testHost
		r.Header.Set("Content-Type", ctype)
		r.ContentLength = length
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		return w
	}
	const urlenc = "application/x-www-form-urlencoded"
	var mp strings.Builder
	mw := multipart.NewWriter(&mp)
	_ = mw.WriteField("id", id)
	_ = mw.WriteField("csrf", e.srv.csrf)
	_ = mw.WriteField("pad", strings.Repeat("y", maxBody))
	_ = mw.Close()
	over := form(maxBody+1, nil)
	tests := []struct {
		name   string
		target string
		ctype  string
		body   string
		length int64
		json   bool
	}{
		{"with its length", "/api/forget", urlenc, over, int64(len(over)), true},
		{"streamed", "/api/forget", urlenc, over, -1, true},
		{"streamed, much more", "/api/forget", urlenc, form(8<<20, nil), -1, true},
		{"multipart", "/api/forget", mw.FormDataContentType(), mp.String(), -1, true},
		{"the page's form", "/api/forget", urlenc, form(maxBody+1, url.Values{"html": {"1"}}), -1, false},
		{"undo", "/api/undo", urlenc, over, -1, true},
		{"compact", "/api/compact", urlenc, over, -1, true},
		{"a JSON body with its length", "/api/forget", "application/json", `{"pad":"` + strings.Repeat("z", maxBody) + `"}`, maxBody + 10, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := post(tt.target, tt.ctype, strings.NewReader(tt.body), tt.length)
			if w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413: %s", w.Code, w.Body)
			}
			msg := w.Body.String()
			if tt.json {
				msg = decode[apiError](t, w).Error
			}
			if !strings.Contains(msg, "request body too large") || !strings.Contains(msg, "65536 bytes") {
				t.Errorf("message %q", msg)
			}
			if e.content() != before {
				t.Fatal("a refused request changed the file")
			}
		})
	}
	// A GET's body is bounded as well.
	r := httptest.NewRequest(http.MethodGet, testBase+"/api/state", strings.NewReader(strings.Repeat("a", maxBody+1)))
	r.Host = testHost
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("GET with a large body: status %d", w.Code)
	}
	// At the bound, the form goes through.
	ok := form(maxBody, nil)
	if len(ok) != maxBody {
		t.Fatalf("built a body of %d bytes", len(ok))
	}
	if w := post("/api/forget", urlenc, strings.NewReader(ok), -1); w.Code != http.StatusOK || e.content() == before {
		t.Fatalf("a body of %d bytes: status %d: %s", maxBody, w.Code, w.Body)
	}
}
