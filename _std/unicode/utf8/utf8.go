// Package utf8 is spindle's guest unicode/utf8 package; the decoding and
// validation functions are the host's. Missing: nothing.
package utf8

// Numbers fundamental to the encoding.
const (
	RuneError = '\uFFFD'     // the "error" Rune or "Unicode replacement character"
	RuneSelf  = 0x80         // characters below RuneSelf are represented as themselves in a single byte.
	MaxRune   = '\U0010FFFF' // Maximum valid Unicode code point.
	UTFMax    = 4            // maximum number of bytes of a UTF-8 encoded Unicode character.
)

// FullRune reports whether the bytes in p begin with a full UTF-8
// encoding of a rune.
func FullRune(p []byte) bool

// FullRuneInString is like FullRune but its input is a string.
func FullRuneInString(s string) bool

// DecodeRune unpacks the first UTF-8 encoding in p and returns the rune
// and its width in bytes.
func DecodeRune(p []byte) (r rune, size int)

// DecodeRuneInString is like DecodeRune but its input is a string.
func DecodeRuneInString(s string) (r rune, size int)

// DecodeLastRune unpacks the last UTF-8 encoding in p and returns the rune
// and its width in bytes.
func DecodeLastRune(p []byte) (r rune, size int)

// DecodeLastRuneInString is like DecodeLastRune but its input is a string.
func DecodeLastRuneInString(s string) (r rune, size int)

// RuneLen returns the number of bytes in the UTF-8 encoding of the rune.
// It returns -1 if the rune is not a valid value to encode in UTF-8.
func RuneLen(r rune) int {
	switch {
	case r < 0:
		return -1
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case 0xD800 <= r && r <= 0xDFFF:
		return -1
	case r < 0x10000:
		return 3
	case r <= MaxRune:
		return 4
	}
	return -1
}

// EncodeRune writes into p (which must be large enough) the UTF-8 encoding
// of the rune. It returns the number of bytes written.
func EncodeRune(p []byte, r rune) int

// AppendRune appends the UTF-8 encoding of r to the end of p and returns
// the extended buffer.
func AppendRune(p []byte, r rune) []byte {
	if uint32(r) < RuneSelf {
		return append(p, byte(r))
	}
	return append(p, string(r)...)
}

// RuneCount returns the number of runes in p.
func RuneCount(p []byte) int

// RuneCountInString is like RuneCount but its input is a string.
func RuneCountInString(s string) (n int)

// RuneStart reports whether the byte could be the first byte of an
// encoded, possibly invalid rune.
func RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Valid reports whether p consists entirely of valid UTF-8-encoded runes.
func Valid(p []byte) bool

// ValidString reports whether s consists entirely of valid UTF-8-encoded
// runes.
func ValidString(s string) bool

// ValidRune reports whether r can be legally encoded as UTF-8.
func ValidRune(r rune) bool {
	switch {
	case 0 <= r && r < 0xD800:
		return true
	case 0xDFFF < r && r <= MaxRune:
		return true
	}
	return false
}
