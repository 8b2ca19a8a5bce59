// Package hex is spindle's guest encoding/hex package, written for
// spindle: hexadecimal encoding and decoding, Go's errors and Dump.
// Missing: NewEncoder, NewDecoder, Dumper.
package hex

import (
	"errors"
	"fmt"
	"strings"
)

const hextable = "0123456789abcdef"

// ErrLength reports an attempt to decode an odd-length input.
var ErrLength = errors.New("encoding/hex: odd length hex string")

// InvalidByteError values describe errors resulting from an invalid byte
// in a hex string.
type InvalidByteError byte

func (e InvalidByteError) Error() string {
	return fmt.Sprintf("encoding/hex: invalid byte: %#U", rune(e))
}

// EncodedLen returns the length of an encoding of n source bytes.
func EncodedLen(n int) int { return n * 2 }

// DecodedLen returns the length of a decoding of x source bytes.
func DecodedLen(x int) int { return x / 2 }

// Encode encodes src into EncodedLen(len(src)) bytes of dst.
func Encode(dst, src []byte) int {
	j := 0
	for _, v := range src {
		dst[j] = hextable[v>>4]
		dst[j+1] = hextable[v&0x0f]
		j += 2
	}
	return len(src) * 2
}

// AppendEncode appends the hexadecimal encoding of src to dst.
func AppendEncode(dst, src []byte) []byte {
	for _, v := range src {
		dst = append(dst, hextable[v>>4], hextable[v&0x0f])
	}
	return dst
}

// EncodeToString returns the hexadecimal encoding of src.
func EncodeToString(src []byte) string {
	var b strings.Builder
	b.Grow(len(src) * 2)
	for _, v := range src {
		b.WriteByte(hextable[v>>4])
		b.WriteByte(hextable[v&0x0f])
	}
	return b.String()
}

func fromHexChar(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Decode decodes src into DecodedLen(len(src)) bytes of dst, returning
// the number of bytes written. An invalid byte is reported before an odd
// length, as in Go.
func Decode(dst, src []byte) (int, error) {
	i, j := 0, 1
	for ; j < len(src); j += 2 {
		a, ok := fromHexChar(src[j-1])
		if !ok {
			return i, InvalidByteError(src[j-1])
		}
		b, ok := fromHexChar(src[j])
		if !ok {
			return i, InvalidByteError(src[j])
		}
		dst[i] = a<<4 | b
		i++
	}
	if len(src)%2 == 1 {
		if _, ok := fromHexChar(src[j-1]); !ok {
			return i, InvalidByteError(src[j-1])
		}
		return i, ErrLength
	}
	return i, nil
}

// AppendDecode appends the decoding of src to dst.
func AppendDecode(dst, src []byte) ([]byte, error) {
	out := make([]byte, DecodedLen(len(src)))
	n, err := Decode(out, src)
	return append(dst, out[:n]...), err
}

// DecodeString returns the bytes represented by the hexadecimal string s.
func DecodeString(s string) ([]byte, error) {
	src := []byte(s)
	dst := make([]byte, DecodedLen(len(src)))
	n, err := Decode(dst, src)
	return dst[:n], err
}

// Dump returns a hex dump of data in the format of `hexdump -C`.
func Dump(data []byte) string {
	if len(data) == 0 {
		return ""
	}
	var b strings.Builder
	for off := 0; off < len(data); off += 16 {
		line := data[off:min(off+16, len(data))]
		fmt.Fprintf(&b, "%08x  ", off)
		for i := 0; i < 16; i++ {
			if i < len(line) {
				b.WriteByte(hextable[line[i]>>4])
				b.WriteByte(hextable[line[i]&0x0f])
				b.WriteByte(' ')
			} else {
				b.WriteString("   ")
			}
			if i == 7 {
				b.WriteByte(' ')
			}
		}
		b.WriteString(" |")
		for _, c := range line {
			if c < 32 || c > 126 {
				c = '.'
			}
			b.WriteByte(c)
		}
		b.WriteString("|\n")
	}
	return b.String()
}
