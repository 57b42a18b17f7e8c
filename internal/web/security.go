package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"path"
	"slices"
	"strings"
)

// contentSecurityPolicy lets the page run only its own script file and
// style sheet: an inline <script> that got into the page (it cannot: every
// learning is escaped) would not run either.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// NewToken returns a random access token, 128 bits in hex: unguessable,
// and safe in a URL without escaping.
func NewToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b)
}

// AllowedHosts lists the Host headers the server answers to on port: the
// loopback names, and the extra names of another interface it listens on. A
// page on another site that resolves its own name to 127.0.0.1 (DNS
// rebinding) sends its own name and is refused.
func AllowedHosts(port string, extra ...string) []string {
	hosts := append([]string{"127.0.0.1", "localhost", "::1"}, extra...)
	var out []string
	for _, h := range hosts {
		hp := strings.ToLower(net.JoinHostPort(h, port))
		if h != "" && !slices.Contains(out, hp) {
			out = append(out, hp)
		}
	}
	return out
}

// tokenPrefix starts the path that carries the access token: the page lives
// under /t/TOKEN/. The credential is part of the address, so the browser
// sends it only to this server: a cookie would go to every port of the host,
// and any other local server the browser visits could replay it.
const tokenPrefix = "/t/"

// base is the path every link, form and request of the page starts with.
func (s *Server) base() string { return tokenPrefix + s.cfg.Token }

// secure wraps the routes with the checks every request passes: headers
// that keep the page from being framed, sniffed, cached or named in a
// Referer; the Host check; the access token (in the path, or a Bearer
// header); and, for changes, the cross-origin and CSRF checks.
func (s *Server) secure(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")

		if !s.hostAllowed(r.Host) {
			s.refuse(w, r, http.StatusMisdirectedRequest, "this server answers only to "+strings.Join(s.cfg.Hosts, ", ")+
				", not to "+r.Host+"; open the URL learn serve printed")
			return
		}
		if rest, ok := strings.CutPrefix(r.URL.Path, tokenPrefix); ok {
			tok, sub, slash := strings.Cut(rest, "/")
			if !s.tokenOK(tok) {
				s.refuse(w, r, http.StatusForbidden, "wrong access token: open the URL learn serve printed")
				return
			}
			if !slash {
				http.Redirect(w, r, s.base()+"/"+query(r.URL.RawQuery), http.StatusFound)
				return
			}
			if p := cleanPath("/" + sub); p != "/"+sub {
				// As ServeMux would, but keeping the token's path.
				http.Redirect(w, r, s.base()+p+query(r.URL.RawQuery), http.StatusMovedPermanently)
				return
			}
			r.URL.Path, r.URL.RawPath = "/"+sub, ""
		} else if tok := r.URL.Query().Get("token"); tok != "" {
			// The address older versions printed, /?token=…, still works.
			if !s.tokenOK(tok) {
				s.refuse(w, r, http.StatusForbidden, "wrong access token: open the URL learn serve printed")
				return
			}
			if r.Method == http.MethodGet && !isAPI(r) {
				q := r.URL.Query()
				q.Del("token")
				http.Redirect(w, r, s.base()+r.URL.Path+query(q.Encode()), http.StatusSeeOther)
				return
			}
		} else if !s.bearerOK(r) {
			s.refuse(w, r, http.StatusUnauthorized, "this page needs its access token: open the URL learn serve printed (http://"+r.Host+"/t/…/)")
			return
		}
		if r.Body != nil {
			if r.ContentLength > maxBody {
				s.refuse(w, r, http.StatusRequestEntityTooLarge, tooLarge)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if err := cop.Check(r); err != nil {
				s.refuse(w, r, http.StatusForbidden, "cross-origin request refused")
				return
			}
			if err := parseForm(r); err != nil {
				if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
					s.refuse(w, r, http.StatusRequestEntityTooLarge, tooLarge)
				} else {
					s.refuse(w, r, http.StatusBadRequest, "cannot read the request's form: "+err.Error())
				}
				return
			}
			if !s.csrfOK(r) {
				s.refuse(w, r, http.StatusForbidden, "missing or wrong CSRF token: reload the page and try again")
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// maxBody bounds a request body. The page's forms carry an ID and two
// tokens, well under 1 KB; nothing the server takes comes near the bound.
const maxBody = 64 << 10

var tooLarge = fmt.Sprintf("request body too large: learn serve takes at most %d bytes (a form of the page is well under 1 KB)", maxBody)

// parseForm reads a change's form, URL-encoded or multipart, from a body
// that MaxBytesReader bounds; another body is left unread.
func parseForm(r *http.Request) error {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "multipart/form-data" {
		return r.ParseMultipartForm(maxBody)
	}
	return r.ParseForm()
}

// cleanPath is p without . and .. elements or doubled slashes, keeping a
// trailing slash.
func cleanPath(p string) string {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

func query(raw string) string {
	if raw == "" {
		return ""
	}
	return "?" + raw
}

func isAPI(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/") }

func (s *Server) hostAllowed(host string) bool {
	host = strings.ToLower(host)
	for _, h := range s.cfg.Hosts {
		if host == h {
			return true
		}
	}
	return false
}

func (s *Server) tokenOK(tok string) bool {
	return subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.Token)) == 1
}

// bearerOK accepts the token from an Authorization: Bearer header, as
// scripts using the API send it.
func (s *Server) bearerOK(r *http.Request) bool {
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && s.tokenOK(strings.TrimSpace(tok)) {
		return true
	}
	return false
}

// csrfOK checks the CSRF token of a change: the X-CSRF-Token header the
// script sends, or the csrf field of a form.
func (s *Server) csrfOK(r *http.Request) bool {
	tok := r.Header.Get("X-CSRF-Token")
	if tok == "" {
		tok = r.PostFormValue("csrf")
	}
	return tok != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(s.csrf)) == 1
}

// refuse answers a refused request in the form the client reads: JSON for
// the API, a short page otherwise.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if isAPI(r) {
		writeJSON(w, code, apiError{Error: msg})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	_, _ = w.Write([]byte("learn serve: " + msg + "\n"))
}
