package std

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host side of the guest unicode and unicode/utf8 packages.

func runePred(fn func(rune) bool) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Bool(fn(rune(args[0].Int()))) }
}

func runeMap(fn func(rune) rune) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(fn(rune(args[0].Int())))) }
}

// hostTable returns the host form of a guest *unicode.RangeTable: the
// predefined tables carry a handle; tables the program built are converted.
func hostTable(v vm.Value) *unicode.RangeTable {
	p := v.Ptr()
	if p == nil {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	fs := p.Slice()
	if t, ok := fs[3].R.(*unicode.RangeTable); ok {
		return t
	}
	t := &unicode.RangeTable{LatinOffset: int(fs[2].Int())}
	for _, r := range fs[0].Slice() {
		x := r.Slice()
		t.R16 = append(t.R16, unicode.Range16{Lo: uint16(x[0].N), Hi: uint16(x[1].N), Stride: uint16(x[2].N)})
	}
	for _, r := range fs[1].Slice() {
		x := r.Slice()
		t.R32 = append(t.R32, unicode.Range32{Lo: uint32(x[0].N), Hi: uint32(x[1].N), Stride: uint32(x[2].N)})
	}
	return t
}

// guestBytes returns up to n bytes of guest []byte s, from the start or
// the end.
func guestBytesHead(s []vm.Value, n int) []byte {
	n = min(n, len(s))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(s[i].N)
	}
	return b
}

func init() {
	reg("unicode.table", func(f *vm.Fiber, args, res []vm.Value) {
		name := args[0].String()
		t := unicode.Categories[name]
		if t == nil {
			t = unicode.Scripts[name]
		}
		if t == nil {
			t = unicode.Properties[name]
		}
		if t == nil {
			panic(vm.Fatal("spindle: unknown unicode table " + name))
		}
		res[0] = vm.Value{R: &vm.Value{R: []vm.Value{{}, {}, vm.Int(int64(t.LatinOffset)), {R: t}}}}
	})
	reg("unicode.Is", func(f *vm.Fiber, args, res []vm.Value) {
		t, r := hostTable(args[0]), rune(args[1].Int())
		res[0] = vm.Bool(unicode.Is(t, r))
	})
	reg("unicode.isDigit", runePred(unicode.IsDigit))
	reg("unicode.IsGraphic", runePred(unicode.IsGraphic))
	reg("unicode.isLetter", runePred(unicode.IsLetter))
	reg("unicode.IsLower", runePred(unicode.IsLower))
	reg("unicode.IsMark", runePred(unicode.IsMark))
	reg("unicode.IsNumber", runePred(unicode.IsNumber))
	reg("unicode.IsPrint", runePred(unicode.IsPrint))
	reg("unicode.IsPunct", runePred(unicode.IsPunct))
	reg("unicode.isSpace", runePred(unicode.IsSpace))
	reg("unicode.IsSymbol", runePred(unicode.IsSymbol))
	reg("unicode.IsTitle", runePred(unicode.IsTitle))
	reg("unicode.IsUpper", runePred(unicode.IsUpper))
	reg("unicode.SimpleFold", runeMap(unicode.SimpleFold))
	reg("unicode.ToTitle", runeMap(unicode.ToTitle))
	reg("unicode.To", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(unicode.To(int(args[0].Int()), rune(args[1].Int()))))
	})

	// unicode/utf8
	reg("unicode/utf8.FullRune", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(utf8.FullRune(guestBytesHead(args[0].Slice(), utf8.UTFMax)))
	})
	reg("unicode/utf8.FullRuneInString", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(utf8.FullRuneInString(args[0].String()))
	})
	reg("unicode/utf8.DecodeRune", func(f *vm.Fiber, args, res []vm.Value) {
		s := args[0].Slice()
		var r rune
		var n int
		if len(s) > 0 && s[0].N < utf8.RuneSelf {
			r, n = rune(s[0].N), 1
		} else {
			r, n = utf8.DecodeRune(guestBytesHead(s, utf8.UTFMax))
		}
		res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
	})
	reg("unicode/utf8.DecodeRuneInString", func(f *vm.Fiber, args, res []vm.Value) {
		r, n := utf8.DecodeRuneInString(args[0].String())
		res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
	})
	reg("unicode/utf8.DecodeLastRune", func(f *vm.Fiber, args, res []vm.Value) {
		s := args[0].Slice()
		k := min(len(s), utf8.UTFMax)
		r, n := utf8.DecodeLastRune(guestBytesHead(s[len(s)-k:], k))
		res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
	})
	reg("unicode/utf8.DecodeLastRuneInString", func(f *vm.Fiber, args, res []vm.Value) {
		r, n := utf8.DecodeLastRuneInString(args[0].String())
		res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
	})
	reg("unicode/utf8.EncodeRune", func(f *vm.Fiber, args, res []vm.Value) {
		p, r := args[0].Slice(), rune(args[1].Int())
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], r)
		if len(p) < n {
			panic(vm.RuntimeError(indexMsg(n-1, len(p))))
		}
		putBytes(p, buf[:n])
		res[0] = vm.Int(int64(n))
	})
	reg("unicode/utf8.RuneCount", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(utf8.RuneCount(Bytes(args[0]))))
	})
	reg("unicode/utf8.RuneCountInString", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(utf8.RuneCountInString(args[0].String())))
	})
	reg("unicode/utf8.Valid", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(utf8.Valid(Bytes(args[0])))
	})
	reg("unicode/utf8.ValidString", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(utf8.ValidString(args[0].String()))
	})
}

// indexMsg is Go's index-out-of-range message body.
func indexMsg(i, n int) string {
	return "index out of range [" + strconv.Itoa(i) + "] with length " + strconv.Itoa(n)
}
