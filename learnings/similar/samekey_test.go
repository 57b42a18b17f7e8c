package similar

import (
	"strings"
	"testing"
)

// TestSameKeyRewritten holds sameKey, which tells texts apart by their
// anchors before their keys, to comparing the keys on texts rewritten
// the ways the same learning is (the words reordered, in capitals, after
// a lead-in, in full-width letters, a contraction written out, "after"
// read as "before", a "%" added), where one text's anchors are read with
// its words (ASCII) and the other's by anchorSum (outside ASCII, or with
// a "%").
func TestSameKeyRewritten(t *testing.T) {
	pairs := [][2]string{
		{"Run make gen before go test", "Before go test, run make gen"},
		{"Run make gen before go test", "Go test after make gen is run"},
		{"Deploy the kafkaconsumer after the migration", "Before the kafkaconsumer is deployed, run the migration"},
		{"Run make gen before go test", "RUN MAKE GEN BEFORE GO TEST"},
		{"Run make gen before go test", "Again: run make gen before go test"},
		{"Run make gen before go test", "Ｒｕｎ ｍａｋｅ ｇｅｎ before go test"},
		{"Don't cache the zstd tokens", "Do not cache the zstd tokens"},
		{"Don't cache the zstd tokens", "Don’t cache the zstd tokens"},
		{"The p99 of checkout-api is 5 ms", "The p99 of checkout-api is 5 ms, 5%"},
		{"Keep the grafana panels at 80 percent", "Keep the grafana panels at 80%"},
		{"Pin pnpm to 9.1 in CI", "In CI pin pnpm to 9.1"},
		{"Use zod or yup for the schema", "Use yup or zod for the schema"},
		{"The café build needs libvips", "The cafe\u0301 build needs libvips"},
		{"Straße names go through icu", "STRASSE names go through icu"},
		{"Set GOFLAGS=-mod=mod for the vendored tree", "For the vendored tree set GOFLAGS=-mod=mod"},
		{"Rotate the k8s secrets every 30 days", "Every 30 days rotate the k8s secrets"},
	}
	equal := 0
	for _, p := range pairs {
		for _, q := range [][2]string{p, {p[1], p[0]}, {p[0] + ".", strings.ToLower(p[1])}} {
			a, b := prepareAnchored(q[0]), prepareAnchored(q[1])
			want := Prepare(q[0]).analysisKey() == Prepare(q[1]).analysisKey()
			if want {
				equal++
			}
			if got := a.sameKey(b); got != want {
				t.Errorf("sameKey(%q, %q) = %v, the keys say %v (anchors %x, %x)", q[0], q[1], got, want, a.anchors, b.anchors)
			}
		}
	}
	if equal < len(pairs) {
		t.Errorf("only %d pairs with the same key: the test compares too few", equal)
	}
}
