package foreign

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// months maps month names and abbreviations in the languages memories are
// written in to 1-12; built on first use, as only imports read dates.
var months = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for i, names := range [][]string{
		{"january", "jan", "gennaio", "janvier", "januar", "enero"},
		{"february", "feb", "febbraio", "février", "fevrier", "februar", "febrero"},
		{"march", "mar", "marzo", "mars", "märz", "marz"},
		{"april", "apr", "aprile", "avril", "abril"},
		{"may", "maggio", "mai", "mayo"},
		{"june", "jun", "giugno", "juin", "juni", "junio"},
		{"july", "jul", "luglio", "juillet", "juli", "julio"},
		{"august", "aug", "agosto", "août", "aout"},
		{"september", "sep", "sept", "settembre", "septembre", "septiembre"},
		{"october", "oct", "ottobre", "octobre", "oktober", "octubre"},
		{"november", "nov", "novembre", "noviembre"},
		{"december", "dec", "dicembre", "décembre", "decembre", "dezember", "diciembre"},
	} {
		for _, n := range names {
			m[n] = i + 1
		}
	}
	return m
})

var (
	isoDate     = lazyregexp.New(`\b(20\d\d|19\d\d)[-/.](\d{1,2})[-/.](\d{1,2})\b`)
	compactDate = lazyregexp.New(`(?:^|[^0-9])(20\d\d)(\d\d)(\d\d)(?:[^0-9]|$)`)
	monthFirst  = lazyregexp.New(`(?i)\b([a-zéû]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
	dayFirst    = lazyregexp.New(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:de\s+)?([a-zéû]{3,9})\.?,?\s+(?:de\s+)?(\d{4})\b`)
	cjkDate     = lazyregexp.New(`(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日`)
	vietDate    = lazyregexp.New(`(?i)ngày\s+(\d{1,2})\s+tháng\s+(\d{1,2})\s+năm\s+(\d{4})`)
	dmyDate     = lazyregexp.New(`\b(\d{1,2})[/.](\d{1,2})[/.](20\d\d)\b`)
)

// findDate finds a date in s in the forms people and agents write it:
// 2026-03-16, 2026/03/16, 20260316 (inside IDs such as LRN-20260606-001),
// January 19, 2026, 19 January 2026, 16 marzo 2026, 2026年3月16日,
// ngày 16 tháng 3 năm 2026, 16/03/2026. It returns the date as YYYY-MM-DD and
// where it was in s, or ok false.
func findDate(s string) (date string, start, end int, ok bool) {
	try := func(re *regexp.Regexp, ymd func(m []string) (int, int, int, bool)) bool {
		for _, loc := range re.FindAllStringSubmatchIndex(s, -1) {
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = s[loc[2*i]:loc[2*i+1]]
				}
			}
			y, mo, d, good := ymd(m)
			if good && valid(y, mo, d) {
				date, start, end, ok = fmt.Sprintf("%04d-%02d-%02d", y, mo, d), loc[0], loc[1], true
				return true
			}
		}
		return false
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	switch {
	case try(isoDate(), func(m []string) (int, int, int, bool) { return num(m[1]), num(m[2]), num(m[3]), true }):
	case try(cjkDate(), func(m []string) (int, int, int, bool) { return num(m[1]), num(m[2]), num(m[3]), true }):
	case try(vietDate(), func(m []string) (int, int, int, bool) { return num(m[3]), num(m[2]), num(m[1]), true }):
	case try(monthFirst(), func(m []string) (int, int, int, bool) {
		mo, known := months()[strings.ToLower(m[1])]
		return num(m[3]), mo, num(m[2]), known
	}):
	case try(dayFirst(), func(m []string) (int, int, int, bool) {
		mo, known := months()[strings.ToLower(m[2])]
		return num(m[3]), mo, num(m[1]), known
	}):
	case try(dmyDate(), func(m []string) (int, int, int, bool) { return num(m[3]), num(m[2]), num(m[1]), true }):
	case try(compactDate(), func(m []string) (int, int, int, bool) { return num(m[1]), num(m[2]), num(m[3]), true }):
	}
	if ok && compactDate().MatchString(s[start:end]) && !isoDate().MatchString(s[start:end]) {
		// The compact form is matched with the characters around it.
		for start < end && (s[start] < '0' || s[start] > '9') {
			start++
		}
		for end > start && (s[end-1] < '0' || s[end-1] > '9') {
			end--
		}
	}
	return date, start, end, ok
}

func valid(y, m, d int) bool {
	if y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 {
		return false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t.Day() == d
}
