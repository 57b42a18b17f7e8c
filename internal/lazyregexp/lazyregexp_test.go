package lazyregexp

import (
	"sync"
	"testing"
)

func TestNew(t *testing.T) {
	tests := []struct {
		expr, text string
		want       bool
	}{
		{`^[a-z]+$`, "abc", true},
		{`^[a-z]+$`, "ab1", false},
		{`(?i)hello`, "say HELLO", true},
	}
	for _, tt := range tests {
		t.Run(tt.expr+"/"+tt.text, func(t *testing.T) {
			re := New(tt.expr)
			if got := re().MatchString(tt.text); got != tt.want {
				t.Errorf("MatchString(%q) = %v, want %v", tt.text, got, tt.want)
			}
			if re() != re() {
				t.Error("second call compiled the expression again")
			}
		})
	}
}

func TestNewConcurrent(t *testing.T) {
	re := New(`x+`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !re().MatchString("xx") {
				t.Error("no match")
			}
		})
	}
	wg.Wait()
}

func TestNewBadExpressionPanicsOnUse(t *testing.T) {
	re := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	re()
}
