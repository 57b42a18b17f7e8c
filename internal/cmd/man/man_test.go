package man

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
)

func TestMonthYear(t *testing.T) {
	tests := []struct {
		epoch, want, err string
	}{
		{epoch: "1000000000", want: time.Unix(1000000000, 0).Format("Jan 2006")},
		{epoch: "0", want: time.Unix(0, 0).Format("Jan 2006")},
		{epoch: "", want: time.Now().Format("Jan 2006")},
		{epoch: "yesterday", err: "invalid SOURCE_DATE_EPOCH"},
		{epoch: "1.5", err: "invalid SOURCE_DATE_EPOCH"},
	}
	for _, tt := range tests {
		t.Run(tt.epoch, func(t *testing.T) {
			got, err := monthYear(tt.epoch)
			switch {
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("monthYear(%q) error %v, want %q", tt.epoch, err, tt.err)
			case tt.err == "" && (err != nil || got != tt.want):
				t.Errorf("monthYear(%q) = %q, %v, want %q", tt.epoch, got, err, tt.want)
			}
		})
	}
}

// TestRunDatesEveryPage: each page learn man writes is the embedded one
// with the date of the run on its .TH line, and only there.
func TestRunDatesEveryPage(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1000000000")
	date := time.Unix(1000000000, 0).Format("Jan 2006")
	dir := filepath.Join(t.TempDir(), "man1")
	var out bytes.Buffer
	if err := run(&Options{IO: &cmdutil.IO{Out: &out}, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	embedded, err := pages.ReadDir("pages")
	if err != nil || len(embedded) == 0 {
		t.Fatalf("no embedded pages: %v", err)
	}
	for _, e := range embedded {
		want, _ := pages.ReadFile("pages/" + e.Name())
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(got, thDate(date)) {
			t.Errorf("%s has not the date %s on its .TH line", e.Name(), date)
		}
		if string(bytes.Replace(got, thDate(date), thDate(PageDate.Format("Jan 2006")), 1)) != string(want) {
			t.Errorf("%s differs from the embedded page beyond its date", e.Name())
		}
	}
	if want := fmt.Sprintf("Wrote %d manual pages to %s\n", len(embedded), dir); out.String() != want {
		t.Errorf("learn man said %q", out.String())
	}
}
