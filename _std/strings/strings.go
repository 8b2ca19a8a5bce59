// Package strings is spindle's guest strings package. The searching,
// splitting and case-mapping functions are the host's; the ones taking
// function arguments and the iterators are guest Go. Missing: the
// *Special case-mapping functions (unicode.SpecialCase).
package strings

import (
	"iter"
	"unicode"
	"unicode/utf8"
)

// Clone returns a fresh copy of s.
func Clone(s string) string

// Compare returns an integer comparing two strings lexicographically.
func Compare(a, b string) int

// Contains reports whether substr is within s.
func Contains(s, substr string) bool

// ContainsAny reports whether any Unicode code points in chars are within s.
func ContainsAny(s, chars string) bool

// ContainsRune reports whether the Unicode code point r is within s.
func ContainsRune(s string, r rune) bool

// ContainsFunc reports whether any Unicode code points r within s satisfy f(r).
func ContainsFunc(s string, f func(rune) bool) bool {
	return IndexFunc(s, f) >= 0
}

// Count counts the number of non-overlapping instances of substr in s.
func Count(s, substr string) int

// EqualFold reports whether s and t, interpreted as UTF-8 strings, are
// equal under simple Unicode case-folding.
func EqualFold(s, t string) bool

// Fields splits the string s around each instance of one or more
// consecutive white space characters.
func Fields(s string) []string

// HasPrefix reports whether the string s begins with prefix.
func HasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[:len(prefix)] == prefix
}

// HasSuffix reports whether the string s ends with suffix.
func HasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// Index returns the index of the first instance of substr in s, or -1.
func Index(s, substr string) int

// IndexAny returns the index of the first instance of any Unicode code
// point from chars in s, or -1.
func IndexAny(s, chars string) int

// IndexByte returns the index of the first instance of c in s, or -1.
func IndexByte(s string, c byte) int

// IndexRune returns the index of the first instance of the Unicode code
// point r, or -1.
func IndexRune(s string, r rune) int

// Join concatenates the elements of its first argument to create a single
// string, with sep placed between elements.
func Join(elems []string, sep string) string

// LastIndex returns the index of the last instance of substr in s, or -1.
func LastIndex(s, substr string) int

// LastIndexAny returns the index of the last instance of any Unicode code
// point from chars in s, or -1.
func LastIndexAny(s, chars string) int

// LastIndexByte returns the index of the last instance of c in s, or -1.
func LastIndexByte(s string, c byte) int

func repeat(s string, count int) string

// Repeat returns a new string consisting of count copies of the string s.
func Repeat(s string, count int) string {
	switch {
	case count == 0:
		return ""
	case count == 1:
		return s
	case count < 0:
		panic("strings: negative Repeat count")
	}
	if len(s) > (1<<63-1)/count {
		panic("strings: Repeat output length overflow")
	}
	return repeat(s, count)
}

// Replace returns a copy of the string s with the first n non-overlapping
// instances of old replaced by new (all of them if n < 0).
func Replace(s, old, new string, n int) string

// ReplaceAll returns a copy of the string s with all non-overlapping
// instances of old replaced by new.
func ReplaceAll(s, old, new string) string

// Split slices s into all substrings separated by sep.
func Split(s, sep string) []string

// SplitAfter slices s into all substrings after each instance of sep.
func SplitAfter(s, sep string) []string

// SplitAfterN slices s into substrings after each instance of sep; n
// limits the number of substrings.
func SplitAfterN(s, sep string, n int) []string

// SplitN slices s into substrings separated by sep; n limits the number of
// substrings.
func SplitN(s, sep string, n int) []string

// Title returns a copy of the string s with all Unicode letters that begin
// words mapped to their Unicode title case.
//
// Deprecated: use golang.org/x/text/cases instead.
func Title(s string) string

// ToLower returns s with all Unicode letters mapped to their lower case.
func ToLower(s string) string

// ToTitle returns a copy of the string s with all Unicode letters mapped
// to their Unicode title case.
func ToTitle(s string) string

// ToUpper returns s with all Unicode letters mapped to their upper case.
func ToUpper(s string) string

// ToValidUTF8 returns a copy of the string s with each run of invalid
// UTF-8 byte sequences replaced by the replacement string.
func ToValidUTF8(s, replacement string) string

// Trim returns a slice of the string s with all leading and trailing
// Unicode code points contained in cutset removed.
func Trim(s, cutset string) string

// TrimLeft returns a slice of the string s with all leading Unicode code
// points contained in cutset removed.
func TrimLeft(s, cutset string) string

// TrimRight returns a slice of the string s, with all trailing Unicode
// code points contained in cutset removed.
func TrimRight(s, cutset string) string

// TrimSpace returns a slice of the string s, with all leading and trailing
// white space removed, as defined by Unicode.
func TrimSpace(s string) string

// TrimPrefix returns s without the provided leading prefix string.
func TrimPrefix(s, prefix string) string {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

// TrimSuffix returns s without the provided trailing suffix string.
func TrimSuffix(s, suffix string) string {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

// Cut slices s around the first instance of sep.
func Cut(s, sep string) (before, after string, found bool) {
	if i := Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// CutPrefix returns s without the provided leading prefix string and
// reports whether it found the prefix.
func CutPrefix(s, prefix string) (after string, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// CutSuffix returns s without the provided ending suffix string and
// reports whether it found the suffix.
func CutSuffix(s, suffix string) (before string, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

// IndexFunc returns the index into s of the first Unicode code point
// satisfying f(c), or -1 if none do.
func IndexFunc(s string, f func(rune) bool) int {
	for i, r := range s {
		if f(r) {
			return i
		}
	}
	return -1
}

// LastIndexFunc returns the index into s of the last Unicode code point
// satisfying f(c), or -1 if none do.
func LastIndexFunc(s string, f func(rune) bool) int {
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
		if f(r) {
			return i
		}
	}
	return -1
}

// FieldsFunc splits the string s at each run of Unicode code points c
// satisfying f(c) and returns an array of slices of s.
func FieldsFunc(s string, f func(rune) bool) []string {
	out := []string{}
	start := -1
	for i, r := range s {
		if f(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// Map returns a copy of the string s with all its characters modified
// according to the mapping function. If mapping returns a negative value,
// the character is dropped from the string with no replacement.
func Map(mapping func(rune) rune, s string) string {
	var b []byte
	for i, r := range s {
		m := mapping(r)
		if b == nil {
			if m == r && (r != utf8.RuneError || validAt(s, i)) {
				continue
			}
			b = make([]byte, 0, len(s)+utf8.UTFMax)
			b = append(b, s[:i]...)
		}
		if m >= 0 {
			b = utf8.AppendRune(b, m)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// validAt reports whether s[i:] starts with a valid encoding (of U+FFFD).
func validAt(s string, i int) bool {
	_, w := utf8.DecodeRuneInString(s[i:])
	return w > 1
}

// TrimFunc returns a slice of the string s with all leading and trailing
// Unicode code points c satisfying f(c) removed.
func TrimFunc(s string, f func(rune) bool) string {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// TrimLeftFunc returns a slice of the string s with all leading Unicode
// code points c satisfying f(c) removed.
func TrimLeftFunc(s string, f func(rune) bool) string {
	for i, r := range s {
		if !f(r) {
			return s[i:]
		}
	}
	return ""
}

// TrimRightFunc returns a slice of the string s with all trailing Unicode
// code points c satisfying f(c) removed.
func TrimRightFunc(s string, f func(rune) bool) string {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !f(r) {
			break
		}
		i -= size
	}
	return s[:i]
}

// Lines returns an iterator over the newline-terminated lines in the
// string s. The lines yielded by the iterator include their terminating
// newlines.
func Lines(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(s) > 0 {
			var line string
			if i := IndexByte(s, '\n'); i >= 0 {
				line, s = s[:i+1], s[i+1:]
			} else {
				line, s = s, ""
			}
			if !yield(line) {
				return
			}
		}
	}
}

// splitSeq is SplitSeq or SplitAfterSeq, configured by how many bytes of
// sep to include in the results (none or all).
func splitSeq(s, sep string, sepSave int) iter.Seq[string] {
	return func(yield func(string) bool) {
		if len(sep) == 0 {
			for len(s) > 0 {
				_, size := utf8.DecodeRuneInString(s)
				if !yield(s[:size]) {
					return
				}
				s = s[size:]
			}
			return
		}
		for {
			i := Index(s, sep)
			if i < 0 {
				break
			}
			frag := s[:i+sepSave]
			if !yield(frag) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s)
	}
}

// SplitSeq returns an iterator over all substrings of s separated by sep.
func SplitSeq(s, sep string) iter.Seq[string] {
	return splitSeq(s, sep, 0)
}

// SplitAfterSeq returns an iterator over substrings of s split after each
// instance of sep.
func SplitAfterSeq(s, sep string) iter.Seq[string] {
	return splitSeq(s, sep, len(sep))
}

// FieldsSeq returns an iterator over substrings of s split around runs of
// whitespace characters, as defined by unicode.IsSpace.
func FieldsSeq(s string) iter.Seq[string] {
	return FieldsFuncSeq(s, unicode.IsSpace)
}

// FieldsFuncSeq returns an iterator over substrings of s split around runs
// of Unicode code points satisfying f(c).
func FieldsFuncSeq(s string, f func(rune) bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i, r := range s {
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}
