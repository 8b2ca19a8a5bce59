package std

import (
	"encoding/json"
	"go/types"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host kernels for hot functions of Go's own std packages, which spindle
// compiles from the toolchain's sources: each replaces the function's Go
// body (compile's host override) with host code giving the same results.
// They are pure functions over bytes whose per-byte loops cost the
// interpreter a hundred host instructions a byte.
var goKernelFuncs = hostTable{
	"encoding/json.unquoteBytes": jsonUnquoteBytes,
	"encoding/json.appendString": jsonAppendString,
	// A fast path (internal/loader's fastpath.go): valid JSON, the
	// common case, is checked by the host's scanner; the Go body finds
	// the syntax error and its offset in the rest.
	"encoding/json.spindleFast_checkValid": jsonCheckValid,
	// Fast paths for the decoder's two per-value steps, on plain
	// destinations (no pointers, interfaces or methods on the way):
	// anything else, and every error, is Go's code.
	"encoding/json.spindleFast_indirect":                 jsonIndirect,
	"encoding/json.spindleFast_decodeState_literalStore": jsonLiteralStore,
	"net/http.DetectContentType":                         httpDetectContentType,
}

// SameGoKernels names the kernels that run the host's own Go std (the
// toolchain spindle was built with) rather than an algorithm fixed by a
// standard: they are bound only when the guest's GOROOT is the same Go
// release (go1.N) as spindle's, so that a program compiled against
// another release gets that release's behaviour from its source.
var SameGoKernels = map[string]bool{
	"net/http.DetectContentType": true,
}

// jsonCheckValid is checkValid(data []byte, scan *scanner) error where
// data is valid JSON (RFC 8259's grammar, which Go's scanner and the
// host's agree on): it returns nil without stepping the guest's scanner,
// whose every caller resets it before its next use.
func jsonCheckValid(f *vm.Fiber, args, res []vm.Value) {
	res[0], res[1] = vm.Value{}, vm.Bool(json.Valid(args[0].Bytes()))
}

// jsonAppendString is encoding/json's appendString[Bytes []byte |
// string](dst []byte, src Bytes, escapeHTML bool) []byte: src quoted as
// a JSON string and appended to dst, as append does (in place while dst
// has room). It escapes '"', '\\' and control characters (\b, \f, \n,
// \r and \t short, the others \u00XX), with escapeHTML also '<', '>'
// and '&'; it writes invalid UTF-8 as \ufffd and U+2028 and U+2029 as
// escapes, as Go does.
func jsonAppendString(f *vm.Fiber, args, res []vm.Value) {
	dst := args[0].Bytes()
	var src string
	switch s := args[1].R.(type) {
	case string:
		src = s
	case []byte:
		src = string(s)
	}
	res[0] = vm.Value{R: appendJSONString(dst, src, args[2].N&1 != 0)}
}

func appendJSONString(dst []byte, src string, escapeHTML bool) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(src); {
		b := src[i]
		if b < utf8.RuneSelf {
			if b >= ' ' && b != '"' && b != '\\' && (!escapeHTML || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			dst = append(dst, src[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, src[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, src[start:]...)
	return append(dst, '"')
}

// plainDest reports whether json's indirect(v, decodingNull) returns (nil,
// nil, v) for reflect Value v: v is neither a pointer nor an interface,
// and if indirect would take its address (a named or basic type,
// addressable) the pointer type has no methods, so no Unmarshaler or
// TextUnmarshaler is looked for.
func plainDest(f *vm.Fiber, v rv) bool {
	if v.t == nil || v.t.Kind == vm.KPointer || v.t.Kind == vm.KInterface || v.t.Kind == vm.KUnsafePointer {
		return false
	}
	if v.fl&flagAddr == 0 {
		return true
	}
	switch types.Unalias(v.t.GoType).(type) {
	case *types.Named, *types.Basic:
		return len(rmethodsOf(f, ptrTo(f, v.t))) == 0
	}
	return true
}

// jsonIndirect is the fast path of encoding/json's indirect(v, decodingNull)
// for a plain destination (plainDest): v itself, nothing to unmarshal with.
func jsonIndirect(f *vm.Fiber, args, res []vm.Value) {
	if !plainDest(f, rvOf(args[0])) {
		// Results share the arguments' slots: every one is written.
		res[0], res[1], res[2], res[3] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Bool(false)
		return
	}
	res[0], res[1], res[2], res[3] = vm.Value{}, vm.Value{}, args[0], vm.Bool(true)
}

// jsonLiteralStore is the fast path of encoding/json's
// (*decodeState).literalStore(item, v, fromQuoted) for a literal the
// scanner has checked (fromQuoted false) going into a settable plain
// destination of its own kind: a bool, a string into a string (but not a
// json.Number), an integer that fits, a float that parses. It stores
// what Go's code would and returns nil; anything else, errors included,
// is left to Go's code.
func jsonLiteralStore(f *vm.Fiber, args, res []vm.Value) {
	item, v, fromQuoted := args[1].Bytes(), rvOf(args[2]), args[3].N&1 != 0
	// Go's code runs unless the store below happens; results share the
	// arguments' slots, so both are written.
	res[0], res[1] = vm.Value{}, vm.Bool(false)
	if fromQuoted || len(item) == 0 || v.fl&(flagRO|flagAddr|flagIndir) != flagAddr|flagIndir || !plainDest(f, v) {
		return
	}
	var x vm.Value
	k := v.t.Kind
	switch c := item[0]; {
	case c == 't' || c == 'f':
		if k != vm.KBool {
			return
		}
		x = vm.Bool(c == 't')
	case c == '"':
		if k != vm.KString || isJSONNumber(v.t) {
			return
		}
		s, ok := unquoteJSON(item)
		if !ok {
			return
		}
		x = vm.Str(string(s))
	case c == '-' || '0' <= c && c <= '9':
		bits := int(v.t.Size * 8)
		switch {
		case k.IsSigned():
			n, err := strconv.ParseInt(string(item), 10, 64)
			if err != nil || bits < 64 && (n < -1<<(bits-1) || n >= 1<<(bits-1)) {
				return
			}
			x = vm.Int(n)
		case k.IsUnsigned():
			n, err := strconv.ParseUint(string(item), 10, 64)
			if err != nil || bits < 64 && n >= 1<<bits {
				return
			}
			x = vm.Uint(n)
		case k == vm.KFloat32 || k == vm.KFloat64:
			n, err := strconv.ParseFloat(string(item), bits)
			if err != nil {
				return
			}
			if k == vm.KFloat32 {
				n = float64(float32(n))
			}
			x = vm.Float(n)
		default:
			return
		}
	default:
		return
	}
	v.store(x)
	res[0], res[1] = vm.Value{}, vm.Bool(true)
}

// isJSONNumber reports whether t is encoding/json's Number.
func isJSONNumber(t *vm.Type) bool {
	n, ok := types.Unalias(t.GoType).(*types.Named)
	return ok && n.Obj().Name() == "Number" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "encoding/json"
}

// httpDetectContentType is net/http.DetectContentType: the WHATWG
// sniffing algorithm over at most the first 512 bytes, a loop over some
// forty signatures per response that sets no Content-Type.
func httpDetectContentType(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(http.DetectContentType(args[0].Bytes()))
}

// jsonUnquoteBytes is encoding/json's unquoteBytes(s []byte) (t []byte,
// ok bool): the contents of a quoted JSON string with its escapes
// decoded, invalid UTF-8 and unpaired surrogates replaced by U+FFFD. As
// in Go, a string needing no decoding comes back as a slice of s itself
// (callers rely on neither sharing nor copying, but a TextUnmarshaler
// could see the difference); and, as in Go, it also accepts \' (the
// scanner rejects it before, but not in a ",string" field's inner
// value).
func jsonUnquoteBytes(f *vm.Fiber, args, res []vm.Value) {
	t, ok := unquoteJSON(args[0].Bytes())
	res[0], res[1] = vm.Value{}, vm.Bool(ok)
	if t != nil {
		res[0] = vm.Value{R: t}
	}
}

func unquoteJSON(s []byte) ([]byte, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, false
	}
	s = s[1 : len(s)-1]
	r := 0
	for r < len(s) {
		c := s[r]
		if c == '\\' || c == '"' || c < ' ' {
			break
		}
		if c < utf8.RuneSelf {
			r++
			continue
		}
		rr, size := utf8.DecodeRune(s[r:])
		if rr == utf8.RuneError && size == 1 {
			break
		}
		r += size
	}
	if r == len(s) {
		return s, true
	}
	b := make([]byte, r, len(s)+2*utf8.UTFMax)
	copy(b, s[:r])
	for r < len(s) {
		c := s[r]
		switch {
		case c == '\\':
			r++
			if r >= len(s) {
				return nil, false
			}
			switch e := s[r]; e {
			case '"', '\\', '/', '\'':
				b = append(b, e)
				r++
			case 'b', 'f', 'n', 'r', 't':
				b = append(b, "\b\f\n\r\t"[strings.IndexByte("bfnrt", e)])
				r++
			case 'u':
				rr := hex4(s[r-1:])
				if rr < 0 {
					return nil, false
				}
				r += 5
				if utf16.IsSurrogate(rr) {
					if dec := utf16.DecodeRune(rr, hex4(s[r:])); dec != unicode.ReplacementChar {
						b = utf8.AppendRune(b, dec)
						r += 6
						break
					}
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
			default:
				return nil, false
			}
		case c == '"' || c < ' ':
			return nil, false
		case c < utf8.RuneSelf:
			b = append(b, c)
			r++
		default:
			rr, size := utf8.DecodeRune(s[r:])
			b = utf8.AppendRune(b, rr)
			r += size
		}
	}
	return b, true
}

// hex4 decodes a \uXXXX escape at the start of s, or returns -1.
func hex4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range s[2:6] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(d)
	}
	return r
}
