package foreign

import "testing"

func TestFindDate(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"## Session 2026-03-16 — billing refactor", "2026-03-16"},
		{"### January 19, 2026", "2026-01-19"},
		{"### Jan 19 2026", "2026-01-19"},
		{"## 19 January 2026", "2026-01-19"},
		{"## 3rd February 2026: deploys", "2026-02-03"},
		{"## [LRN-20260606-001] pnpm workspaces", "2026-06-06"},
		{"### 2025-12-21 | workflow | FAIL", "2025-12-21"},
		{"## 2026/04/01", "2026-04-01"},
		{"## 16 marzo 2026 — sessione", "2026-03-16"},
		{"## 2026年3月16日 セッション", "2026-03-16"},
		{"## Phiên làm việc ngày 16 tháng 3 năm 2026", "2026-03-16"},
		{"- 16/03/2026: the cache", "2026-03-16"},
		{"- (2026-02-30) not a day", ""},
		{"## Build notes", ""},
		{"- commit 20261399 is not a date", ""},
		{"- port 8080 and 2026 users", ""},
	} {
		got, _, _, ok := findDate(tc.in)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("findDate(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
