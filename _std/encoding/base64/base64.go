// Package base64 is spindle's guest encoding/base64 package, written for
// spindle: RFC 4648 encodings (standard and URL alphabets, padded and
// raw), Go's CorruptInputError. Missing: NewEncoder, NewDecoder.
package base64

import (
	"strconv"
)

// Padding characters.
const (
	StdPadding rune = '='
	NoPadding  rune = -1
)

// An Encoding is a radix 64 encoding/decoding scheme, defined by a
// 64-character alphabet.
type Encoding struct {
	encode    string
	decodeMap [256]byte // 0xff: not in the alphabet
	padChar   rune
	strict    bool
}

// NewEncoding returns a new padded Encoding defined by the given 64-byte
// alphabet, which must not contain '\n', '\r' or the padding character.
func NewEncoding(encoder string) *Encoding {
	if len(encoder) != 64 {
		panic("encoding alphabet is not 64-bytes long")
	}
	e := &Encoding{encode: encoder, padChar: StdPadding}
	for i := range e.decodeMap {
		e.decodeMap[i] = 0xff
	}
	for i := 0; i < len(encoder); i++ {
		switch encoder[i] {
		case '\n', '\r':
			panic("encoding alphabet contains newline character")
		}
		if e.decodeMap[encoder[i]] != 0xff {
			panic("encoding alphabet includes duplicate symbols")
		}
		e.decodeMap[encoder[i]] = byte(i)
	}
	return e
}

// WithPadding returns a copy of enc with the padding character padding
// (or NoPadding).
func (enc Encoding) WithPadding(padding rune) *Encoding {
	if padding == '\r' || padding == '\n' || padding > 0xff {
		panic("invalid padding")
	}
	if padding != NoPadding && enc.decodeMap[byte(padding)] != 0xff {
		panic("padding contained in alphabet")
	}
	enc.padChar = padding
	return &enc
}

// Strict returns a copy of enc in which trailing padding bits must be
// zero.
func (enc Encoding) Strict() *Encoding {
	enc.strict = true
	return &enc
}

const (
	encodeStd = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	encodeURL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// The standard and URL-safe encodings, padded and raw (unpadded).
var (
	StdEncoding    = NewEncoding(encodeStd)
	URLEncoding    = NewEncoding(encodeURL)
	RawStdEncoding = StdEncoding.WithPadding(NoPadding)
	RawURLEncoding = URLEncoding.WithPadding(NoPadding)
)

// EncodedLen returns the length in bytes of the encoding of n bytes.
func (enc *Encoding) EncodedLen(n int) int {
	if enc.padChar == NoPadding {
		return n/3*4 + (n%3*8+5)/6
	}
	return (n + 2) / 3 * 4
}

// DecodedLen returns the maximum length in bytes of the decoding of n
// bytes of encoded data.
func (enc *Encoding) DecodedLen(n int) int {
	if enc.padChar == NoPadding {
		return n/4*3 + n%4*6/8
	}
	return n / 4 * 3
}

// Encode encodes src into EncodedLen(len(src)) bytes of dst.
func (enc *Encoding) Encode(dst, src []byte) {
	di := 0
	for si := 0; si < len(src); si += 3 {
		var v uint
		n := min(3, len(src)-si)
		for k := 0; k < 3; k++ {
			v <<= 8
			if k < n {
				v |= uint(src[si+k])
			}
		}
		for k := 0; k < 4; k++ {
			if k <= n {
				dst[di] = enc.encode[v>>uint(18-6*k)&0x3f]
				di++
			} else if enc.padChar != NoPadding {
				dst[di] = byte(enc.padChar)
				di++
			}
		}
	}
}

// AppendEncode appends the encoding of src to dst.
func (enc *Encoding) AppendEncode(dst, src []byte) []byte {
	out := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(out, src)
	return append(dst, out...)
}

// EncodeToString returns the base64 encoding of src.
func (enc *Encoding) EncodeToString(src []byte) string {
	buf := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(buf, src)
	return string(buf)
}

// A CorruptInputError is the offset of an illegal byte in the input.
type CorruptInputError int64

func (e CorruptInputError) Error() string {
	return "illegal base64 data at input byte " + strconv.FormatInt(int64(e), 10)
}

// Decode decodes src into at most DecodedLen(len(src)) bytes of dst and
// returns the number of bytes written. New line characters are ignored.
func (enc *Encoding) Decode(dst, src []byte) (n int, err error) {
	si := 0
	for si < len(src) {
		var quad [4]byte
		j := 0
		for j < 4 {
			if si == len(src) {
				if j == 0 {
					return n, nil
				}
				if j == 1 || enc.padChar != NoPadding {
					return n, CorruptInputError(si - j)
				}
				break
			}
			c := src[si]
			si++
			if c == '\n' || c == '\r' {
				continue
			}
			if rune(c) == enc.padChar && enc.padChar != NoPadding {
				// Padding ends the quantum: "xx==" or "xxx=".
				switch j {
				case 0, 1:
					return n, CorruptInputError(si - 1)
				case 2:
					for si < len(src) && (src[si] == '\n' || src[si] == '\r') {
						si++
					}
					if si == len(src) {
						return n, CorruptInputError(len(src))
					}
					if rune(src[si]) != enc.padChar {
						return n, CorruptInputError(si - 1)
					}
					si++
				}
				for si < len(src) && (src[si] == '\n' || src[si] == '\r') {
					si++
				}
				if si < len(src) {
					err = CorruptInputError(si)
				}
				break
			}
			d := enc.decodeMap[c]
			if d == 0xff {
				return n, CorruptInputError(si - 1)
			}
			quad[j] = d
			j++
		}
		v := uint(quad[0])<<18 | uint(quad[1])<<12 | uint(quad[2])<<6 | uint(quad[3])
		switch j {
		case 4:
			dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
			n += 3
		case 3:
			dst[n], dst[n+1] = byte(v>>16), byte(v>>8)
			n += 2
			if enc.strict && quad[2]&0x3 != 0 {
				return n - 2, CorruptInputError(si - 1)
			}
		case 2:
			dst[n] = byte(v >> 16)
			n++
			if enc.strict && quad[1]&0xf != 0 {
				return n - 1, CorruptInputError(si - 1)
			}
		}
		if j < 4 || err != nil {
			return n, err
		}
	}
	return n, nil
}

// AppendDecode appends the decoding of src to dst.
func (enc *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	out := make([]byte, enc.DecodedLen(len(src)))
	n, err := enc.Decode(out, src)
	return append(dst, out[:n]...), err
}

// DecodeString returns the bytes represented by the base64 string s.
func (enc *Encoding) DecodeString(s string) ([]byte, error) {
	dbuf := make([]byte, enc.DecodedLen(len(s))+3)
	n, err := enc.Decode(dbuf, []byte(s))
	return dbuf[:n], err
}
