package std

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host side of the guest bytes package: searches and case mappings on
// host copies of the operands. Functions returning parts of their
// arguments return indexes; the guest slices.

func bytesInt2(fn func(a, b []byte) int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(fn(Bytes(args[0]), Bytes(args[1]))))
	}
}

func bytesMap1(fn func([]byte) []byte) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = BytesValue(fn(Bytes(args[0])))
	}
}

func init() {
	reg("bytes.Equal", func(f *vm.Fiber, args, res []vm.Value) {
		a, b := args[0].Slice(), args[1].Slice()
		eq := len(a) == len(b)
		for i := 0; eq && i < len(a); i++ {
			eq = byte(a[i].N) == byte(b[i].N)
		}
		res[0] = vm.Bool(eq)
	})
	reg("bytes.Compare", bytesInt2(bytes.Compare))
	reg("bytes.Count", bytesInt2(bytes.Count))
	reg("bytes.EqualFold", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(bytes.EqualFold(Bytes(args[0]), Bytes(args[1])))
	})
	reg("bytes.Index", bytesInt2(bytes.Index))
	reg("bytes.LastIndex", bytesInt2(bytes.LastIndex))
	reg("bytes.IndexByte", func(f *vm.Fiber, args, res []vm.Value) {
		s, c := args[0].Slice(), byte(args[1].N)
		i := -1
		for k, v := range s {
			if byte(v.N) == c {
				i = k
				break
			}
		}
		res[0] = vm.Int(int64(i))
	})
	reg("bytes.LastIndexByte", func(f *vm.Fiber, args, res []vm.Value) {
		s, c := args[0].Slice(), byte(args[1].N)
		i := len(s) - 1
		for i >= 0 && byte(s[i].N) != c {
			i--
		}
		res[0] = vm.Int(int64(i))
	})
	reg("bytes.IndexRune", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(bytes.IndexRune(Bytes(args[0]), rune(args[1].Int()))))
	})
	reg("bytes.IndexAny", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(bytes.IndexAny(Bytes(args[0]), args[1].String())))
	})
	reg("bytes.LastIndexAny", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(bytes.LastIndexAny(Bytes(args[0]), args[1].String())))
	})
	reg("bytes.fieldsIdx", func(f *vm.Fiber, args, res []vm.Value) {
		s := Bytes(args[0])
		idx := []vm.Value{}
		start := -1
		for i := 0; i < len(s); {
			r, w := utf8.DecodeRune(s[i:])
			if unicode.IsSpace(r) {
				if start >= 0 {
					idx = append(idx, vm.Int(int64(start)), vm.Int(int64(i)))
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i += w
		}
		if start >= 0 {
			idx = append(idx, vm.Int(int64(start)), vm.Int(int64(len(s))))
		}
		res[0] = vm.Value{R: idx}
	})
	reg("bytes.repeat", func(f *vm.Fiber, args, res []vm.Value) {
		b, n := Bytes(args[0]), int(args[1].Int())
		if int64(len(b))*int64(n) > 1<<28 {
			panic(vm.PlainError("runtime: out of memory: bytes.Repeat result too large"))
		}
		res[0] = BytesValue(bytes.Repeat(b, n))
	})
	reg("bytes.Replace", func(f *vm.Fiber, args, res []vm.Value) {
		s, old, nw, n := Bytes(args[0]), Bytes(args[1]), Bytes(args[2]), int(args[3].Int())
		out := bytes.Replace(s, old, nw, n)
		if out == nil {
			res[0] = vm.Value{}
			return
		}
		res[0] = vm.Value{R: BytesValue(out).Slice()[:len(out):len(out)]}
		if len(out) == 0 {
			res[0] = vm.Value{R: []vm.Value{}}
		}
	})
	reg("bytes.Title", bytesMap1(bytes.Title)) //nolint:staticcheck // Go's deprecated API
	reg("bytes.ToLower", bytesMap1(bytes.ToLower))
	reg("bytes.ToUpper", bytesMap1(bytes.ToUpper))
	reg("bytes.ToTitle", bytesMap1(bytes.ToTitle))
	reg("bytes.ToValidUTF8", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = BytesValue(bytes.ToValidUTF8(Bytes(args[0]), Bytes(args[1])))
	})
	reg("bytes.trimIdx", func(f *vm.Fiber, args, res []vm.Value) {
		s, cutset, left, right := string(Bytes(args[0])), args[1].String(), args[2].Bool(), args[3].Bool()
		j := len(s)
		if right {
			j = len(strings.TrimRight(s, cutset))
		}
		i := 0
		if left {
			i = j - len(strings.TrimLeft(s[:j], cutset))
		}
		res[0], res[1] = vm.Int(int64(i)), vm.Int(int64(j))
	})
	reg("bytes.trimSpaceIdx", func(f *vm.Fiber, args, res []vm.Value) {
		s := string(Bytes(args[0]))
		j := len(strings.TrimRightFunc(s, unicode.IsSpace))
		i := j - len(strings.TrimLeftFunc(s[:j], unicode.IsSpace))
		res[0], res[1] = vm.Int(int64(i)), vm.Int(int64(j))
	})
}
