// Package utf16 is spindle's guest unicode/utf16 package, written for
// spindle: UTF-16 encoding and decoding of Unicode code points.
package utf16

const (
	replacementChar = '\uFFFD'
	maxRune         = '\U0010FFFF'
	surr1           = 0xd800
	surr2           = 0xdc00
	surr3           = 0xe000
	surrSelf        = 0x10000
)

// IsSurrogate reports whether r can appear in a surrogate pair.
func IsSurrogate(r rune) bool { return surr1 <= r && r < surr3 }

// DecodeRune returns the UTF-16 decoding of a surrogate pair, or U+FFFD
// if it is not a valid pair.
func DecodeRune(r1, r2 rune) rune {
	if surr1 <= r1 && r1 < surr2 && surr2 <= r2 && r2 < surr3 {
		return (r1-surr1)<<10 | (r2 - surr2) + surrSelf
	}
	return replacementChar
}

// EncodeRune returns the surrogate pair r1, r2 for r, or U+FFFD twice if
// r needs no pair or is not a valid code point.
func EncodeRune(r rune) (r1, r2 rune) {
	if r < surrSelf || r > maxRune {
		return replacementChar, replacementChar
	}
	r -= surrSelf
	return surr1 + (r>>10)&0x3ff, surr2 + r&0x3ff
}

// RuneLen returns the number of 16-bit words in the encoding of r, or -1
// if r is not a valid value to encode.
func RuneLen(r rune) int {
	switch {
	case 0 <= r && r < surr1, surr3 <= r && r < surrSelf:
		return 1
	case surrSelf <= r && r <= maxRune:
		return 2
	}
	return -1
}

// Encode returns the UTF-16 encoding of s; invalid code points become
// U+FFFD.
func Encode(s []rune) []uint16 {
	a := make([]uint16, 0, len(s))
	for _, r := range s {
		a = AppendRune(a, r)
	}
	return a
}

// AppendRune appends the UTF-16 encoding of r to a.
func AppendRune(a []uint16, r rune) []uint16 {
	switch {
	case 0 <= r && r < surr1, surr3 <= r && r < surrSelf:
		return append(a, uint16(r))
	case surrSelf <= r && r <= maxRune:
		r1, r2 := EncodeRune(r)
		return append(a, uint16(r1), uint16(r2))
	}
	return append(a, replacementChar)
}

// Decode returns the code points of the UTF-16 encoding s; unpaired
// surrogates become U+FFFD.
func Decode(s []uint16) []rune {
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); i++ {
		r := rune(s[i])
		switch {
		case r < surr1, surr3 <= r:
		case surr1 <= r && r < surr2 && i+1 < len(s) && surr2 <= s[i+1] && s[i+1] < surr3:
			r = DecodeRune(r, rune(s[i+1]))
			i++
		default:
			r = replacementChar
		}
		out = append(out, r)
	}
	return out
}
