// Package bytes is spindle's guest bytes package. Searching and case
// mapping are done by the host on a copy of the operands; everything that
// returns parts of its argument slices them in guest code, so results
// alias their inputs exactly as in Go. Missing: the *Special
// case-mapping functions.
package bytes

import "unicode/utf8"

// MinRead is the minimum slice size passed to a Read call by
// Buffer.ReadFrom.
const MinRead = 512

// Equal reports whether a and b are the same length and contain the same
// bytes. A nil argument is equivalent to an empty slice.
func Equal(a, b []byte) bool

// Compare returns an integer comparing two byte slices lexicographically.
func Compare(a, b []byte) int

// Clone returns a copy of b[:len(b)]. The result may have additional
// unused capacity. Clone(nil) returns nil.
func Clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// Contains reports whether subslice is within b.
func Contains(b, subslice []byte) bool { return Index(b, subslice) != -1 }

// ContainsAny reports whether any of the UTF-8-encoded code points in
// chars are within b.
func ContainsAny(b []byte, chars string) bool { return IndexAny(b, chars) >= 0 }

// ContainsRune reports whether the rune is contained in the UTF-8-encoded
// byte slice b.
func ContainsRune(b []byte, r rune) bool { return IndexRune(b, r) >= 0 }

// ContainsFunc reports whether any of the UTF-8-encoded code points r
// within b satisfy f(r).
func ContainsFunc(b []byte, f func(rune) bool) bool { return IndexFunc(b, f) >= 0 }

// Count counts the number of non-overlapping instances of sep in s. If sep
// is empty, Count returns 1 + the number of UTF-8-encoded code points in s.
func Count(s, sep []byte) int

// EqualFold reports whether s and t, interpreted as UTF-8 strings, are
// equal under simple Unicode case-folding.
func EqualFold(s, t []byte) bool

// HasPrefix reports whether the byte slice s begins with prefix.
func HasPrefix(s, prefix []byte) bool {
	return len(s) >= len(prefix) && Equal(s[:len(prefix)], prefix)
}

// HasSuffix reports whether the byte slice s ends with suffix.
func HasSuffix(s, suffix []byte) bool {
	return len(s) >= len(suffix) && Equal(s[len(s)-len(suffix):], suffix)
}

// Index returns the index of the first instance of sep in s, or -1.
func Index(s, sep []byte) int

// IndexByte returns the index of the first instance of c in b, or -1.
func IndexByte(b []byte, c byte) int

// IndexRune interprets s as a sequence of UTF-8-encoded code points and
// returns the byte index of the first occurrence of r, or -1.
func IndexRune(s []byte, r rune) int

// IndexAny returns the byte index of the first occurrence in s of any of
// the UTF-8-encoded code points in chars, or -1.
func IndexAny(s []byte, chars string) int

// LastIndex returns the index of the last instance of sep in s, or -1.
func LastIndex(s, sep []byte) int

// LastIndexByte returns the index of the last instance of c in s, or -1.
func LastIndexByte(s []byte, c byte) int

// LastIndexAny returns the byte index of the last occurrence in s of any
// of the UTF-8-encoded code points in chars, or -1.
func LastIndexAny(s []byte, chars string) int

// IndexFunc returns the byte index in s of the first Unicode code point
// satisfying f(c), or -1 if none do.
func IndexFunc(s []byte, f func(r rune) bool) int {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if f(r) {
			return i
		}
		i += w
	}
	return -1
}

// LastIndexFunc returns the byte index in s of the last Unicode code point
// satisfying f(c), or -1 if none do.
func LastIndexFunc(s []byte, f func(r rune) bool) int {
	for i := len(s); i > 0; {
		r, w := utf8.DecodeLastRune(s[:i])
		i -= w
		if f(r) {
			return i
		}
	}
	return -1
}

// Cut slices s around the first instance of sep, returning the text before
// and after sep.
func Cut(s, sep []byte) (before, after []byte, found bool) {
	if i := Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, nil, false
}

// CutPrefix returns s without the provided leading prefix byte slice and
// reports whether it found the prefix.
func CutPrefix(s, prefix []byte) (after []byte, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// CutSuffix returns s without the provided ending suffix byte slice and
// reports whether it found the suffix.
func CutSuffix(s, suffix []byte) (before []byte, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

// Fields interprets s as a sequence of UTF-8-encoded code points. It splits
// the slice s around each instance of one or more consecutive white space
// characters. The result's slices share s's storage, as Go's do.
func Fields(s []byte) [][]byte

// FieldsFunc interprets s as a sequence of UTF-8-encoded code points. It
// splits the slice s at each run of code points c satisfying f(c).
func FieldsFunc(s []byte, f func(rune) bool) [][]byte {
	out := [][]byte{}
	start := -1
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if f(r) {
			if start >= 0 {
				out = append(out, s[start:i:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += w
	}
	if start >= 0 {
		out = append(out, s[start:len(s):len(s)])
	}
	return out
}

// genSplit splits s after each instance of sep, including sepSave bytes of
// sep in the subslices; n limits the number of subslices.
func genSplit(s, sep []byte, sepSave, n int) [][]byte {
	if n == 0 {
		return nil
	}
	if len(sep) == 0 {
		return explode(s, n)
	}
	if n < 0 {
		n = Count(s, sep) + 1
	}
	if n > len(s)+1 {
		n = len(s) + 1
	}
	out := make([][]byte, 0, n)
	for len(out) < n-1 {
		m := Index(s, sep)
		if m < 0 {
			break
		}
		out = append(out, s[:m+sepSave:m+sepSave])
		s = s[m+len(sep):]
	}
	return append(out, s)
}

// explode splits s into a slice of UTF-8 sequences, one per Unicode code
// point (still slices of bytes), up to a maximum of n byte slices.
func explode(s []byte, n int) [][]byte {
	if n <= 0 || n > len(s) {
		n = len(s)
	}
	out := make([][]byte, 0, n)
	for len(s) > 0 {
		if len(out) == n-1 {
			out = append(out, s)
			break
		}
		_, w := utf8.DecodeRune(s)
		out = append(out, s[0:w:w])
		s = s[w:]
	}
	return out
}

// SplitN slices s into subslices separated by sep; n limits the count.
func SplitN(s, sep []byte, n int) [][]byte { return genSplit(s, sep, 0, n) }

// SplitAfterN slices s into subslices after each instance of sep; n limits
// the count.
func SplitAfterN(s, sep []byte, n int) [][]byte { return genSplit(s, sep, len(sep), n) }

// Split slices s into all subslices separated by sep.
func Split(s, sep []byte) [][]byte { return genSplit(s, sep, 0, -1) }

// SplitAfter slices s into all subslices after each instance of sep.
func SplitAfter(s, sep []byte) [][]byte { return genSplit(s, sep, len(sep), -1) }

// Join concatenates the elements of s to create a new byte slice, with sep
// between elements.
func Join(s [][]byte, sep []byte) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	if len(s) == 1 {
		return append([]byte(nil), s[0]...)
	}
	n := len(sep) * (len(s) - 1)
	for _, v := range s {
		n += len(v)
	}
	b := make([]byte, 0, n)
	b = append(b, s[0]...)
	for _, v := range s[1:] {
		b = append(b, sep...)
		b = append(b, v...)
	}
	return b
}

func repeat(b []byte, count int) []byte

// Repeat returns a new byte slice consisting of count copies of b.
func Repeat(b []byte, count int) []byte {
	if count == 0 {
		return []byte{}
	}
	if count < 0 {
		panic("bytes: negative Repeat count")
	}
	if len(b) > (1<<63-1)/count {
		panic("bytes: Repeat output length overflow")
	}
	return repeat(b, count)
}

// Map returns a copy of the byte slice s with all its characters modified
// according to the mapping function. If mapping returns a negative value,
// the character is dropped from the byte slice with no replacement.
func Map(mapping func(r rune) rune, s []byte) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if r = mapping(r); r >= 0 {
			b = utf8.AppendRune(b, r)
		}
		i += w
	}
	return b
}

// Runes interprets s as a sequence of UTF-8-encoded code points and
// returns a slice of runes (Unicode code points) equivalent to s.
func Runes(s []byte) []rune {
	return []rune(string(s))
}

// Replace returns a copy of the slice s with the first n non-overlapping
// instances of old replaced by new (all of them if n < 0).
func Replace(s, old, new []byte, n int) []byte

// ReplaceAll returns a copy of the slice s with all non-overlapping
// instances of old replaced by new.
func ReplaceAll(s, old, new []byte) []byte { return Replace(s, old, new, -1) }

// Title treats s as UTF-8-encoded bytes and returns a copy with all
// Unicode letters that begin words mapped to their title case.
//
// Deprecated: use golang.org/x/text/cases instead.
func Title(s []byte) []byte

// ToLower returns a copy of the byte slice s with all Unicode letters
// mapped to their lower case.
func ToLower(s []byte) []byte

// ToUpper returns a copy of the byte slice s with all Unicode letters
// mapped to their upper case.
func ToUpper(s []byte) []byte

// ToTitle treats s as UTF-8-encoded bytes and returns a copy with all the
// Unicode letters mapped to their title case.
func ToTitle(s []byte) []byte

// ToValidUTF8 treats s as UTF-8-encoded bytes and returns a copy with each
// run of bytes representing invalid UTF-8 replaced with the bytes in
// replacement.
func ToValidUTF8(s, replacement []byte) []byte

func trimIdx(s []byte, cutset string, left, right bool) (int, int)

// Trim returns a subslice of s by slicing off all leading and trailing
// UTF-8-encoded code points contained in cutset.
func Trim(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	i, j := trimIdx(s, cutset, true, true)
	if i == j {
		return nil
	}
	return s[i:j]
}

// TrimLeft returns a subslice of s by slicing off all leading
// UTF-8-encoded code points contained in cutset.
func TrimLeft(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	i, j := trimIdx(s, cutset, true, false)
	if i == j {
		return nil
	}
	return s[i:j]
}

// TrimRight returns a subslice of s by slicing off all trailing
// UTF-8-encoded code points that are contained in cutset.
func TrimRight(s []byte, cutset string) []byte {
	if len(s) == 0 || cutset == "" {
		return s
	}
	_, j := trimIdx(s, cutset, false, true)
	return s[:j]
}

func trimSpaceIdx(s []byte) (int, int)

// TrimSpace returns a subslice of s by slicing off all leading and
// trailing white space, as defined by Unicode.
func TrimSpace(s []byte) []byte {
	i, j := trimSpaceIdx(s)
	if i == j {
		return nil
	}
	return s[i:j]
}

// TrimPrefix returns s without the provided leading prefix string.
func TrimPrefix(s, prefix []byte) []byte {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

// TrimSuffix returns s without the provided trailing suffix string.
func TrimSuffix(s, suffix []byte) []byte {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

// TrimFunc returns a subslice of s by slicing off all leading and trailing
// UTF-8-encoded code points c that satisfy f(c).
func TrimFunc(s []byte, f func(r rune) bool) []byte {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// TrimLeftFunc treats s as UTF-8-encoded bytes and returns a subslice of s
// by slicing off all leading UTF-8-encoded code points c that satisfy f(c).
func TrimLeftFunc(s []byte, f func(r rune) bool) []byte {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if !f(r) {
			return s[i:]
		}
		i += w
	}
	return nil
}

// TrimRightFunc returns a subslice of s by slicing off all trailing
// UTF-8-encoded code points c that satisfy f(c).
func TrimRightFunc(s []byte, f func(r rune) bool) []byte {
	i := len(s)
	for i > 0 {
		r, w := utf8.DecodeLastRune(s[:i])
		if !f(r) {
			break
		}
		i -= w
	}
	return s[:i]
}
