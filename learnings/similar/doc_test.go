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
		{"The docs are out of date", "The docs are outdated", Same},
		{"run the reindex after you stop the workers", "stop the workers before you run the reindex", Same},
		{"The user prefers tabs to spaces", "The user wants tabs over spaces", Same},
		{"The server immediately stops the match", "The server stops the match immediately", Same},
		{"Search uses Elasticsearch for the product catalogue", "Search now uses Meilisearch for the product catalogue, not Elasticsearch", Update},
		{"Format the Terraform files with `terraform fmt -recursive`", "Format the Terraform files with `tofu fmt`", Update},
		{"The client fetches the config", "The client gets the config", Same},
		{"run `git fetch`", "run `git get`", Update},
		{"Dogs are weighed at every visit", "Cats are weighed at every visit", Distinct},
		{"Alice reviews the migrations", "Bob reviews the migrations", Update},
		{"Enable query logging", "Disable query logging", Update},
	}
	for _, tt := range tests {
		t.Run(tt.a+" / "+tt.b, func(t *testing.T) {
			if v := Compare(tt.a, tt.b); v.Kind != tt.want {
				t.Errorf("Compare = %v (score %.2f), want %v", v.Kind, v.Score, tt.want)
			}
		})
	}
}
