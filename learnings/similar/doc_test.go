package similar

import "testing"

// TestPackageDocExamples keeps the examples of the package comment true.
func TestPackageDocExamples(t *testing.T) {
	tests := []struct {
		a, b string
		want Kind
	}{
		{"Run `go test -race` in CI", "In CI, run go test -race.", Same},
		{"unit tests use jest", "use jest for unit tests", Same},
		{"run make gen before go test", "before go test, run make gen", Same},
		{"Frontend tests run with jest", "Frontend tests run with vitest", Update},
		{"run go test before make gen", "run make gen before go test", Update},
		{"Backoff caps at 30 s", "Backoff caps at 60 s", Update},
		{"Backoff caps at 30 s", "Logs go to stderr", Distinct},
	}
	for _, tt := range tests {
		t.Run(tt.a+" / "+tt.b, func(t *testing.T) {
			if v := Compare(tt.a, tt.b); v.Kind != tt.want {
				t.Errorf("Compare = %v (score %.2f), want %v", v.Kind, v.Score, tt.want)
			}
		})
	}
}
