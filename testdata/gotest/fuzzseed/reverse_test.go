package fuzzseed

import (
	"testing"
	"unicode/utf8"
)

func FuzzReverse(f *testing.F) {
	f.Add("hello")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		r := Reverse(s)
		if Reverse(r) != s {
			t.Errorf("double reverse of %q is %q", s, Reverse(r))
		}
		if utf8.ValidString(s) && !utf8.ValidString(r) {
			t.Errorf("Reverse(%q) = %q is not valid UTF-8", s, r)
		}
	})
}
