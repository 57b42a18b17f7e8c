package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"net/url"
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

// secure wraps the routes with the checks every request passes: headers
// that keep the page from being framed, sniffed or cached; the Host check;
// the access token; and, for changes, the cross-origin and CSRF checks.
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
		if tok := r.URL.Query().Get("token"); tok != "" {
			if !s.tokenOK(tok) {
				s.refuse(w, r, http.StatusForbidden, "wrong access token: open the URL learn serve printed")
				return
			}
			if r.Method == http.MethodGet && !isAPI(r) {
				// Keep the token in a cookie and drop it from the address
				// bar, the history and what a screenshot shows.
				http.SetCookie(w, &http.Cookie{Name: s.cfg.CookieName, Value: tok, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
				q := r.URL.Query()
				q.Del("token")
				u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
				http.Redirect(w, r, u.String(), http.StatusSeeOther)
				return
			}
		} else if !s.authorized(r) {
			s.refuse(w, r, http.StatusUnauthorized, "this page needs its access token: open the URL learn serve printed (it ends in ?token=…)")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if err := cop.Check(r); err != nil {
				s.refuse(w, r, http.StatusForbidden, "cross-origin request refused")
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

// authorized accepts the token from the page's cookie, or from an
// Authorization: Bearer header for scripts using the API.
func (s *Server) authorized(r *http.Request) bool {
	if c, err := r.Cookie(s.cfg.CookieName); err == nil && s.tokenOK(c.Value) {
		return true
	}
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
