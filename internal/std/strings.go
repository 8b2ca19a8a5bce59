package std

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host side of the guest strings, bytes, strconv, unicode and
// unicode/utf8 packages: searching, splitting, case mapping, number
// conversion and quoting are the host's own functions.

func strFn1(fn func(string) string) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(fn(args[0].String())) }
}

func strFn2(fn func(string, string) string) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(fn(args[0].String(), args[1].String()))
	}
}

func strBool2(fn func(string, string) bool) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(fn(args[0].String(), args[1].String()))
	}
}

func strInt2(fn func(string, string) int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(fn(args[0].String(), args[1].String())))
	}
}

// builderOf returns the host buffer of a guest *strings.Builder receiver,
// creating it on first use and panicking like Go if the Builder was copied.
func builderOf(v vm.Value) *strings.Builder {
	p := v.Ptr()
	if p == nil {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	fs := p.Slice()
	if a, _ := fs[0].R.(*vm.Value); a != p {
		if a != nil {
			panic(vm.PlainError("strings: illegal use of non-zero Builder copied by value"))
		}
		fs[0] = vm.Value{R: p}
	}
	b, _ := fs[1].R.(*strings.Builder)
	if b == nil {
		b = new(strings.Builder)
		fs[1] = vm.Value{R: b}
	}
	return b
}

// builderPeek is builderOf for read-only methods (no copy check, may be nil).
func builderPeek(v vm.Value) *strings.Builder {
	p := v.Ptr()
	if p == nil {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	b, _ := p.Slice()[1].R.(*strings.Builder)
	return b
}

func init() {
	reg("strings.Clone", strFn1(strings.Clone))
	reg("strings.Compare", strInt2(strings.Compare))
	reg("strings.Contains", strBool2(strings.Contains))
	reg("strings.ContainsAny", strBool2(strings.ContainsAny))
	reg("strings.ContainsRune", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(strings.ContainsRune(args[0].String(), rune(args[1].Int())))
	})
	reg("strings.Count", strInt2(strings.Count))
	reg("strings.EqualFold", strBool2(strings.EqualFold))
	reg("strings.Fields", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = Strings(strings.Fields(args[0].String()))
	})
	reg("strings.Index", strInt2(strings.Index))
	reg("strings.IndexAny", strInt2(strings.IndexAny))
	reg("strings.IndexByte", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(strings.IndexByte(args[0].String(), byte(args[1].N))))
	})
	reg("strings.IndexRune", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(strings.IndexRune(args[0].String(), rune(args[1].Int()))))
	})
	reg("strings.Join", func(f *vm.Fiber, args, res []vm.Value) {
		elems, sep := args[0].Slice(), args[1].String()
		switch len(elems) {
		case 0:
			res[0] = vm.Value{}
			return
		case 1:
			res[0] = vm.Value{R: elems[0].R}
			return
		}
		n := len(sep) * (len(elems) - 1)
		for _, e := range elems {
			n += len(e.String())
		}
		var b strings.Builder
		b.Grow(n)
		for i, e := range elems {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(e.String())
		}
		res[0] = vm.Str(b.String())
	})
	reg("strings.LastIndex", strInt2(strings.LastIndex))
	reg("strings.LastIndexAny", strInt2(strings.LastIndexAny))
	reg("strings.LastIndexByte", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(strings.LastIndexByte(args[0].String(), byte(args[1].N))))
	})
	reg("strings.repeat", func(f *vm.Fiber, args, res []vm.Value) {
		s, n := args[0].String(), int(args[1].Int())
		if int64(len(s))*int64(n) > 1<<32 {
			panic(vm.PlainError("runtime: out of memory: strings.Repeat result too large"))
		}
		res[0] = vm.Str(strings.Repeat(s, n))
	})
	reg("strings.Replace", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strings.Replace(args[0].String(), args[1].String(), args[2].String(), int(args[3].Int())))
	})
	reg("strings.ReplaceAll", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strings.ReplaceAll(args[0].String(), args[1].String(), args[2].String()))
	})
	reg("strings.Split", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = Strings(strings.Split(args[0].String(), args[1].String()))
	})
	reg("strings.SplitAfter", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = Strings(strings.SplitAfter(args[0].String(), args[1].String()))
	})
	reg("strings.SplitN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = Strings(strings.SplitN(args[0].String(), args[1].String(), int(args[2].Int())))
	})
	reg("strings.SplitAfterN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = Strings(strings.SplitAfterN(args[0].String(), args[1].String(), int(args[2].Int())))
	})
	reg("strings.Title", strFn1(strings.Title)) //nolint:staticcheck // Go's deprecated API
	reg("strings.ToLower", strFn1(strings.ToLower))
	reg("strings.ToTitle", strFn1(strings.ToTitle))
	reg("strings.ToUpper", strFn1(strings.ToUpper))
	reg("strings.ToValidUTF8", strFn2(strings.ToValidUTF8))
	reg("strings.Trim", strFn2(strings.Trim))
	reg("strings.TrimLeft", strFn2(strings.TrimLeft))
	reg("strings.TrimRight", strFn2(strings.TrimRight))
	reg("strings.TrimSpace", strFn1(strings.TrimSpace))

	// Builder.
	reg("(*strings.Builder).String", func(f *vm.Fiber, args, res []vm.Value) {
		if b := builderPeek(args[0]); b != nil {
			res[0] = vm.Str(b.String())
			return
		}
		res[0] = vm.Value{}
	})
	reg("(*strings.Builder).Len", func(f *vm.Fiber, args, res []vm.Value) {
		n := 0
		if b := builderPeek(args[0]); b != nil {
			n = b.Len()
		}
		res[0] = vm.Int(int64(n))
	})
	reg("(*strings.Builder).Cap", func(f *vm.Fiber, args, res []vm.Value) {
		n := 0
		if b := builderPeek(args[0]); b != nil {
			n = b.Cap()
		}
		res[0] = vm.Int(int64(n))
	})
	reg("(*strings.Builder).grow", func(f *vm.Fiber, args, res []vm.Value) {
		builderOf(args[0]).Grow(int(args[1].Int()))
	})
	reg("(*strings.Builder).Write", func(f *vm.Fiber, args, res []vm.Value) {
		b := builderOf(args[0])
		p := args[1].Slice()
		b.Grow(len(p))
		for _, c := range p {
			b.WriteByte(byte(c.N))
		}
		res[0], res[1] = vm.Int(int64(len(p))), vm.Value{}
	})
	reg("(*strings.Builder).WriteByte", func(f *vm.Fiber, args, res []vm.Value) {
		builderOf(args[0]).WriteByte(byte(args[1].N))
		res[0] = vm.Value{}
	})
	reg("(*strings.Builder).WriteRune", func(f *vm.Fiber, args, res []vm.Value) {
		n, _ := builderOf(args[0]).WriteRune(rune(args[1].Int()))
		res[0], res[1] = vm.Int(int64(n)), vm.Value{}
	})
	reg("(*strings.Builder).WriteString", func(f *vm.Fiber, args, res []vm.Value) {
		s := args[1].String()
		builderOf(args[0]).WriteString(s)
		res[0], res[1] = vm.Int(int64(len(s))), vm.Value{}
	})

	// Replacer.
	reg("(*strings.Replacer).init", func(f *vm.Fiber, args, res []vm.Value) {
		args[0].Ptr().Slice()[0] = vm.Value{R: strings.NewReplacer(GoStrings(args[1])...)}
	})
	reg("(*strings.Replacer).Replace", func(f *vm.Fiber, args, res []vm.Value) {
		p := args[0].Ptr()
		if p == nil {
			panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
		}
		r, _ := p.Slice()[0].R.(*strings.Replacer)
		s := args[1].String()
		if r == nil {
			r = strings.NewReplacer()
		}
		res[0] = vm.Str(r.Replace(s))
	})
	_ = utf8.RuneError
}

// bytes: searches and case mappings run on host copies of the operands;
// functions returning parts of their arguments return indexes and the
// guest slices.

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

// setNumErr writes the four error results (code, func, num, msg) at res[i:].
func setNumErr(res []vm.Value, i int, err error) {
	res[i], res[i+1], res[i+2], res[i+3] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}
	if err == nil {
		return
	}
	var ne *strconv.NumError
	if !errors.As(err, &ne) {
		res[i], res[i+3] = vm.Int(3), vm.Str(err.Error())
		return
	}
	code := 3
	switch ne.Err {
	case strconv.ErrRange:
		code = 1
	case strconv.ErrSyntax:
		code = 2
	}
	res[i], res[i+1], res[i+2], res[i+3] = vm.Int(int64(code)), vm.Str(ne.Func), vm.Str(ne.Num), vm.Str(ne.Err.Error())
}

func init() {
	reg("strconv.parseBool", func(f *vm.Fiber, args, res []vm.Value) {
		v, err := strconv.ParseBool(args[0].String())
		res[0] = vm.Bool(v)
		setNumErr(res, 1, err)
	})
	reg("strconv.parseInt", func(f *vm.Fiber, args, res []vm.Value) {
		v, err := strconv.ParseInt(args[0].String(), int(args[1].Int()), int(args[2].Int()))
		res[0] = vm.Int(v)
		setNumErr(res, 1, err)
	})
	reg("strconv.parseUint", func(f *vm.Fiber, args, res []vm.Value) {
		v, err := strconv.ParseUint(args[0].String(), int(args[1].Int()), int(args[2].Int()))
		res[0] = vm.Uint(v)
		setNumErr(res, 1, err)
	})
	reg("strconv.atoi", func(f *vm.Fiber, args, res []vm.Value) {
		v, err := strconv.Atoi(args[0].String())
		res[0] = vm.Int(int64(v))
		setNumErr(res, 1, err)
	})
	reg("strconv.parseFloat", func(f *vm.Fiber, args, res []vm.Value) {
		v, err := strconv.ParseFloat(args[0].String(), int(args[1].Int()))
		res[0] = vm.Float(v)
		setNumErr(res, 1, err)
	})
	reg("strconv.parseComplex", func(f *vm.Fiber, args, res []vm.Value) {
		bits := int(args[1].Int())
		v, err := strconv.ParseComplex(args[0].String(), bits)
		res[0] = vm.Complex(v)
		setNumErr(res, 1, err)
	})
	reg("strconv.FormatInt", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strconv.FormatInt(args[0].Int(), int(args[1].Int())))
	})
	reg("strconv.FormatUint", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strconv.FormatUint(args[0].N, int(args[1].Int())))
	})
	reg("strconv.Itoa", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strconv.Itoa(int(args[0].Int())))
	})
	reg("strconv.FormatFloat", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strconv.FormatFloat(args[0].Float(), byte(args[1].N), int(args[2].Int()), int(args[3].Int())))
	})
	reg("strconv.FormatComplex", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Str(strconv.FormatComplex(args[0].Complex(), byte(args[1].N), int(args[2].Int()), int(args[3].Int())))
	})
	str1 := func(fn func(string) string) vm.HostFunc {
		return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(fn(args[0].String())) }
	}
	rune1 := func(fn func(rune) string) vm.HostFunc {
		return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(fn(rune(args[0].Int()))) }
	}
	reg("strconv.Quote", str1(strconv.Quote))
	reg("strconv.QuoteToASCII", str1(strconv.QuoteToASCII))
	reg("strconv.QuoteToGraphic", str1(strconv.QuoteToGraphic))
	reg("strconv.QuoteRune", rune1(strconv.QuoteRune))
	reg("strconv.QuoteRuneToASCII", rune1(strconv.QuoteRuneToASCII))
	reg("strconv.QuoteRuneToGraphic", rune1(strconv.QuoteRuneToGraphic))
	reg("strconv.CanBackquote", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(strconv.CanBackquote(args[0].String()))
	})
	reg("strconv.IsPrint", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(strconv.IsPrint(rune(args[0].Int())))
	})
	reg("strconv.IsGraphic", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(strconv.IsGraphic(rune(args[0].Int())))
	})
	reg("strconv.unquote", func(f *vm.Fiber, args, res []vm.Value) {
		s, err := strconv.Unquote(args[0].String())
		res[0], res[1] = vm.Str(s), vm.Bool(err == nil)
	})
	reg("strconv.unquoteChar", func(f *vm.Fiber, args, res []vm.Value) {
		v, mb, tail, err := strconv.UnquoteChar(args[0].String(), byte(args[1].N))
		res[0], res[1], res[2], res[3] = vm.Int(int64(v)), vm.Bool(mb), vm.Str(tail), vm.Bool(err == nil)
	})
	reg("strconv.quotedPrefix", func(f *vm.Fiber, args, res []vm.Value) {
		s, err := strconv.QuotedPrefix(args[0].String())
		res[0], res[1] = vm.Str(s), vm.Bool(err == nil)
	})
}

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

// guestBytesHead returns the first n bytes (at most) of guest []byte s.
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
