package learnings

import (
	"fmt"
	"strings"
	"time"
)

// stampLayout is the spec's timestamp form: local time with the zone's
// abbreviation, readable by people and sortable within one zone.
const stampLayout = "2006-01-02 15:04 MST"

// FormatStamp renders t as the spec's local timestamp. Zones without an
// abbreviation come out numeric ("+0530"), which parseStamp reads back.
func FormatStamp(t time.Time) string { return t.Format(stampLayout) }

// zoneOffsets maps the zone abbreviations people and models write to their
// UTC offsets in minutes, so parseStamp gives the same instant on every
// machine instead of consulting the local zone database. Ambiguous names
// (IST, CST) take their most common meaning.
var zoneOffsets = map[string]int{
	"UTC": 0, "GMT": 0, "Z": 0, "UT": 0, "WET": 0,
	"BST": 60, "CET": 60, "WEST": 60, "MET": 60, "WAT": 60,
	"CEST": 120, "EET": 120, "MEST": 120, "SAST": 120, "CAT": 120, "IST": 330,
	"EEST": 180, "MSK": 180, "EAT": 180, "TRT": 180,
	"GST": 240, "PKT": 300, "NPT": 345, "ICT": 420, "WIB": 420,
	"HKT": 480, "SGT": 480, "AWST": 480, "PHT": 480,
	"JST": 540, "KST": 540, "ACST": 570, "ACDT": 630,
	"AEST": 600, "AEDT": 660, "NZST": 720, "NZDT": 780,
	"HST": -600, "AKST": -540, "AKDT": -480, "PST": -480, "PDT": -420,
	"MST": -420, "MDT": -360, "CST": -360, "CDT": -300,
	"EST": -300, "EDT": -240, "AST": -240, "ADT": -180, "NST": -210, "NDT": -150,
	"BRT": -180, "ART": -180,
}

// parseStamp reads a session timestamp as models write it: "2026-11-22 14:05
// CET", with or without zone or seconds, ISO "2026-11-22T14:05:00+01:00",
// numeric zones ("+0530", "-03"), or a bare date. Without a zone the time
// is taken as UTC. Unknown abbreviations keep their name at offset zero.
func parseStamp(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	st, n := scanStamp(s)
	if n == 0 || n != len(s) {
		return time.Time{}, fmt.Errorf("cannot read %q as a timestamp (want YYYY-MM-DD HH:MM TZ)", s)
	}
	return st.time(), nil
}

type stampParts struct {
	year, month, day     int
	hour, minute, second int
	zone                 string
	offset               int // minutes east of UTC
}

func (p stampParts) time() time.Time {
	loc := time.UTC
	if p.zone != "" && p.zone != "UTC" && p.zone != "Z" {
		loc = time.FixedZone(p.zone, p.offset*60)
	}
	return time.Date(p.year, time.Month(p.month), p.day, p.hour, p.minute, p.second, 0, loc)
}

// scanStamp reads the longest timestamp at the start of s and returns its
// length, 0 when s does not start with a valid date.
func scanStamp(s string) (stampParts, int) {
	var p stampParts
	if len(s) < 10 || !digits(s[0:4]) || s[4] != '-' || !digits(s[5:7]) || s[7] != '-' || !digits(s[8:10]) {
		return p, 0
	}
	p.year, p.month, p.day = atoi(s[0:4]), atoi(s[5:7]), atoi(s[8:10])
	if p.month < 1 || p.month > 12 || p.day < 1 || p.day > 31 {
		return p, 0
	}
	n := 10
	if n+6 <= len(s) && (s[n] == ' ' || s[n] == 'T') && digits(s[n+1:n+3]) && s[n+3] == ':' && digits(s[n+4:n+6]) {
		h, m := atoi(s[n+1:n+3]), atoi(s[n+4:n+6])
		if h > 23 || m > 59 {
			return p, n
		}
		p.hour, p.minute = h, m
		n += 6
		if n+3 <= len(s) && s[n] == ':' && digits(s[n+1:n+3]) {
			p.second = atoi(s[n+1 : n+3])
			n += 3
			if n < len(s) && (s[n] == '.' || s[n] == ',') {
				k := n + 1
				for k < len(s) && s[k] >= '0' && s[k] <= '9' {
					k++
				}
				if k > n+1 {
					n = k
				}
			}
		}
		n += scanZone(s[n:], &p)
	}
	return p, n
}

// scanZone reads a zone right after the time: "Z", "+01:00" directly, or a
// space and an abbreviation or numeric offset. A word is taken as a zone
// only when the header's separator or its end follows, so a focus written
// without a separator is not mistaken for one.
func scanZone(s string, p *stampParts) int {
	if s == "" {
		return 0
	}
	if s[0] == 'Z' && (len(s) == 1 || !isASCIILetter(s[1])) {
		p.zone = "UTC"
		return 1
	}
	if s[0] == '+' || s[0] == '-' {
		if n := scanOffset(s, p); n > 0 {
			p.zone = s[:n]
			return n
		}
		return 0
	}
	if s[0] != ' ' {
		return 0
	}
	t := s[1:]
	if t != "" && (t[0] == '+' || t[0] == '-') {
		if n := scanOffset(t, p); n > 0 && zoneFollows(t[n:]) {
			p.zone = t[:n]
			return n + 1
		}
		return 0
	}
	k := 0
	for k < len(t) && k < 6 && t[k] >= 'A' && t[k] <= 'Z' {
		k++
	}
	if k == 0 || (k < len(t) && isASCIILetter(t[k])) {
		return 0
	}
	abbr := t[:k]
	var q stampParts
	m := 0
	if k < len(t) && (t[k] == '+' || t[k] == '-') {
		m = scanOffset(t[k:], &q)
	}
	if !zoneFollows(t[k+m:]) {
		return 0
	}
	p.zone = t[:k+m]
	p.offset = zoneOffsets[abbr]
	if m > 0 && (abbr == "UTC" || abbr == "GMT") {
		p.offset = q.offset
	}
	return 1 + k + m
}

// scanOffset reads "+05:30", "+0530" or "+05" and stores the offset.
func scanOffset(s string, p *stampParts) int {
	if len(s) < 2 {
		return 0
	}
	sign := 1
	if s[0] == '-' {
		sign = -1
	}
	k := 1
	for k < len(s) && k < 3 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == 1 {
		return 0
	}
	h := atoi(s[1:k])
	m := 0
	switch {
	case k+3 <= len(s) && s[k] == ':' && digits(s[k+1:k+3]):
		m = atoi(s[k+1 : k+3])
		k += 3
	case k == 3 && k+2 <= len(s) && digits(s[k:k+2]):
		m = atoi(s[k : k+2])
		k += 2
	}
	if h > 14 || m > 59 {
		return 0
	}
	p.offset = sign * (h*60 + m)
	return k
}

func zoneFollows(s string) bool {
	if s == "" {
		return true
	}
	switch s[0] {
	case ']', ':', ',', ')':
		return true
	case ' ', '\t':
		r := strings.TrimLeft(s, " \t")
		return r == "" || hasSeparator(r)
	}
	return false
}

func hasSeparator(s string) bool {
	for _, sep := range []string{"-", "–", "—", ":", "|", "]"} {
		if strings.HasPrefix(s, sep) {
			return true
		}
	}
	return false
}

// parseSessionHeader splits a session header's text ("[2026-11-22 14:05
// CET] - Focus", with or without brackets, separated by a dash, en or em
// dash, colon or bar) into its timestamp and focus. ok is false when the
// text does not start with a date, so the heading is not a session.
func parseSessionHeader(text string) (stamp, focus string, ok bool) {
	t := text
	bracketed := strings.HasPrefix(t, "[")
	if bracketed {
		t = strings.TrimLeft(t[1:], " ")
	}
	_, n := scanStamp(t)
	if n == 0 {
		return "", "", false
	}
	rest := t[n:]
	if bracketed {
		if i := strings.IndexByte(t, ']'); i >= 0 {
			stamp = strings.TrimSpace(t[:i])
			rest = t[i+1:]
		} else {
			stamp = t[:n]
		}
	} else {
		stamp = t[:n]
	}
	return stamp, cleanFocus(rest), true
}

func cleanFocus(s string) string {
	s = strings.TrimSpace(s)
	for _, sep := range []string{"-", "–", "—", ":", "|"} {
		if strings.HasPrefix(s, sep) {
			s = strings.TrimSpace(s[len(sep):])
			break
		}
	}
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' && !strings.Contains(s[1:len(s)-1], "]") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
