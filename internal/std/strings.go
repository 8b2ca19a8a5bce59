package std

import (
	"bytes"
	"errors"
	"maps"
	"slices"
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

var stringsFuncs = hostTable{
	"strings.Clone":         strFn1(strings.Clone),
	"strings.Compare":       strInt2(strings.Compare),
	"strings.Contains":      strBool2(strings.Contains),
	"strings.ContainsAny":   strBool2(strings.ContainsAny),
	"strings.ContainsRune":  stringsContainsRune,
	"strings.Count":         strInt2(strings.Count),
	"strings.EqualFold":     strBool2(strings.EqualFold),
	"strings.Fields":        stringsFields,
	"strings.Index":         strInt2(strings.Index),
	"strings.IndexAny":      strInt2(strings.IndexAny),
	"strings.IndexByte":     stringsIndexByte,
	"strings.IndexRune":     stringsIndexRune,
	"strings.Join":          stringsJoin,
	"strings.LastIndex":     strInt2(strings.LastIndex),
	"strings.LastIndexAny":  strInt2(strings.LastIndexAny),
	"strings.LastIndexByte": stringsLastIndexByte,
	"strings.repeat":        stringsRepeat,
	"strings.Replace":       stringsReplace,
	"strings.ReplaceAll":    stringsReplaceAll,
	"strings.Split":         stringsSplit,
	"strings.SplitAfter":    stringsSplitAfter,
	"strings.SplitN":        stringsSplitN,
	"strings.SplitAfterN":   stringsSplitAfterN,
	"strings.Title":         strFn1(strings.Title), //nolint:staticcheck // Go's deprecated API
	"strings.ToLower":       strFn1(strings.ToLower),
	"strings.ToTitle":       strFn1(strings.ToTitle),
	"strings.ToUpper":       strFn1(strings.ToUpper),
	"strings.ToValidUTF8":   strFn2(strings.ToValidUTF8),
	"strings.Trim":          strFn2(strings.Trim),
	"strings.TrimLeft":      strFn2(strings.TrimLeft),
	"strings.TrimRight":     strFn2(strings.TrimRight),
	"strings.TrimSpace":     strFn1(strings.TrimSpace),

	// Builder.
	"(*strings.Builder).String":      builderString,
	"(*strings.Builder).Len":         builderLen,
	"(*strings.Builder).Cap":         builderCap,
	"(*strings.Builder).grow":        builderGrow,
	"(*strings.Builder).Write":       builderWrite,
	"(*strings.Builder).WriteByte":   builderWriteByte,
	"(*strings.Builder).WriteRune":   builderWriteRune,
	"(*strings.Builder).WriteString": builderWriteString,

	// Replacer.
	"(*strings.Replacer).init":    replacerInit,
	"(*strings.Replacer).Replace": replacerReplace,
}

func stringsContainsRune(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(strings.ContainsRune(args[0].String(), rune(args[1].Int())))
}

func stringsFields(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(strings.Fields(args[0].String()))
}

func stringsIndexByte(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(strings.IndexByte(args[0].String(), byte(args[1].N))))
}

func stringsIndexRune(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(strings.IndexRune(args[0].String(), rune(args[1].Int()))))
}

func stringsJoin(f *vm.Fiber, args, res []vm.Value) {
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
}

func stringsLastIndexByte(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(strings.LastIndexByte(args[0].String(), byte(args[1].N))))
}

func stringsRepeat(f *vm.Fiber, args, res []vm.Value) {
	s, n := args[0].String(), int(args[1].Int())
	if int64(len(s))*int64(n) > 1<<32 {
		panic(vm.PlainError("runtime: out of memory: strings.Repeat result too large"))
	}
	res[0] = vm.Str(strings.Repeat(s, n))
}

func stringsReplace(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strings.Replace(args[0].String(), args[1].String(), args[2].String(), int(args[3].Int())))
}

func stringsReplaceAll(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strings.ReplaceAll(args[0].String(), args[1].String(), args[2].String()))
}

func stringsSplit(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(strings.Split(args[0].String(), args[1].String()))
}

func stringsSplitAfter(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(strings.SplitAfter(args[0].String(), args[1].String()))
}

func stringsSplitN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(strings.SplitN(args[0].String(), args[1].String(), int(args[2].Int())))
}

func stringsSplitAfterN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(strings.SplitAfterN(args[0].String(), args[1].String(), int(args[2].Int())))
}

func builderString(f *vm.Fiber, args, res []vm.Value) {
	if b := builderPeek(args[0]); b != nil {
		res[0] = vm.Str(b.String())
		return
	}
	res[0] = vm.Value{}
}

func builderLen(f *vm.Fiber, args, res []vm.Value) {
	n := 0
	if b := builderPeek(args[0]); b != nil {
		n = b.Len()
	}
	res[0] = vm.Int(int64(n))
}

func builderCap(f *vm.Fiber, args, res []vm.Value) {
	n := 0
	if b := builderPeek(args[0]); b != nil {
		n = b.Cap()
	}
	res[0] = vm.Int(int64(n))
}

func builderGrow(f *vm.Fiber, args, res []vm.Value) {
	builderOf(args[0]).Grow(int(args[1].Int()))
}

func builderWrite(f *vm.Fiber, args, res []vm.Value) {
	b := builderOf(args[0])
	p := args[1].Bytes()
	b.Write(p)
	res[0], res[1] = vm.Int(int64(len(p))), vm.Value{}
}

func builderWriteByte(f *vm.Fiber, args, res []vm.Value) {
	builderOf(args[0]).WriteByte(byte(args[1].N))
	res[0] = vm.Value{}
}

func builderWriteRune(f *vm.Fiber, args, res []vm.Value) {
	n, _ := builderOf(args[0]).WriteRune(rune(args[1].Int()))
	res[0], res[1] = vm.Int(int64(n)), vm.Value{}
}

func builderWriteString(f *vm.Fiber, args, res []vm.Value) {
	s := args[1].String()
	builderOf(args[0]).WriteString(s)
	res[0], res[1] = vm.Int(int64(len(s))), vm.Value{}
}

func replacerInit(f *vm.Fiber, args, res []vm.Value) {
	args[0].Ptr().Slice()[0] = vm.Value{R: strings.NewReplacer(GoStrings(args[1])...)}
}

func replacerReplace(f *vm.Fiber, args, res []vm.Value) {
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
}

// bytes: searches and case mappings run on the guest's packed bytes
// directly (host kernels, no copies); functions returning parts of their
// arguments return indexes and the guest slices.

func bytesInt2(fn func(a, b []byte) int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(fn(args[0].Bytes(), args[1].Bytes())))
	}
}

func bytesMap1(fn func([]byte) []byte) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = OwnBytes(fn(args[0].Bytes()))
	}
}

var bytesFuncs = hostTable{
	"bytes.Equal":         bytesEqual,
	"bytes.Compare":       bytesInt2(bytes.Compare),
	"bytes.Count":         bytesInt2(bytes.Count),
	"bytes.EqualFold":     bytesEqualFold,
	"bytes.Index":         bytesInt2(bytes.Index),
	"bytes.LastIndex":     bytesInt2(bytes.LastIndex),
	"bytes.IndexByte":     bytesIndexByte,
	"bytes.LastIndexByte": bytesLastIndexByte,
	"bytes.IndexRune":     bytesIndexRune,
	"bytes.IndexAny":      bytesIndexAny,
	"bytes.LastIndexAny":  bytesLastIndexAny,
	"bytes.Fields":        bytesFields,
	"bytes.repeat":        bytesRepeat,
	"bytes.Replace":       bytesReplace,
	"bytes.Title":         bytesMap1(bytes.Title), //nolint:staticcheck // Go's deprecated API
	"bytes.ToLower":       bytesMap1(bytes.ToLower),
	"bytes.ToUpper":       bytesMap1(bytes.ToUpper),
	"bytes.ToTitle":       bytesMap1(bytes.ToTitle),
	"bytes.ToValidUTF8":   bytesToValidUTF8,
	"bytes.trimIdx":       bytesTrimIdx,
	"bytes.trimSpaceIdx":  bytesTrimSpaceIdx,
}

func bytesEqual(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(bytes.Equal(args[0].Bytes(), args[1].Bytes()))
}

func bytesEqualFold(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(bytes.EqualFold(args[0].Bytes(), args[1].Bytes()))
}

func bytesIndexByte(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(bytes.IndexByte(args[0].Bytes(), byte(args[1].N))))
}

func bytesLastIndexByte(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(bytes.LastIndexByte(args[0].Bytes(), byte(args[1].N))))
}

func bytesIndexRune(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(bytes.IndexRune(args[0].Bytes(), rune(args[1].Int()))))
}

func bytesIndexAny(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(bytes.IndexAny(args[0].Bytes(), args[1].String())))
}

func bytesLastIndexAny(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(bytes.LastIndexAny(args[0].Bytes(), args[1].String())))
}

// bytesFields is Go's bytes.Fields on the guest's storage: the fields are
// subslices of it (capacity cut at their ends), as Go's are.
func bytesFields(f *vm.Fiber, args, res []vm.Value) {
	fs := bytes.Fields(args[0].Bytes())
	out := make([]vm.Value, len(fs))
	for i, x := range fs {
		out[i] = vm.Value{R: x}
	}
	res[0] = vm.Value{R: out}
}

func bytesRepeat(f *vm.Fiber, args, res []vm.Value) {
	b, n := args[0].Bytes(), int(args[1].Int())
	if int64(len(b))*int64(n) > 1<<28 {
		panic(vm.PlainError("runtime: out of memory: bytes.Repeat result too large"))
	}
	res[0] = OwnBytes(bytes.Repeat(b, n))
}

func bytesReplace(f *vm.Fiber, args, res []vm.Value) {
	s, old, nw, n := args[0].Bytes(), args[1].Bytes(), args[2].Bytes(), int(args[3].Int())
	out := bytes.Replace(s, old, nw, n)
	if out == nil {
		res[0] = vm.Value{}
		return
	}
	res[0] = OwnBytes(out[:len(out):len(out)])
}

func bytesToValidUTF8(f *vm.Fiber, args, res []vm.Value) {
	res[0] = OwnBytes(bytes.ToValidUTF8(args[0].Bytes(), args[1].Bytes()))
}

func bytesTrimIdx(f *vm.Fiber, args, res []vm.Value) {
	s, cutset, left, right := string(args[0].Bytes()), args[1].String(), args[2].Bool(), args[3].Bool()
	j := len(s)
	if right {
		j = len(strings.TrimRight(s, cutset))
	}
	i := 0
	if left {
		i = j - len(strings.TrimLeft(s[:j], cutset))
	}
	res[0], res[1] = vm.Int(int64(i)), vm.Int(int64(j))
}

func bytesTrimSpaceIdx(f *vm.Fiber, args, res []vm.Value) {
	s := string(args[0].Bytes())
	j := len(strings.TrimRightFunc(s, unicode.IsSpace))
	i := j - len(strings.TrimLeftFunc(s[:j], unicode.IsSpace))
	res[0], res[1] = vm.Int(int64(i)), vm.Int(int64(j))
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

var strconvFuncs = hostTable{
	"strconv.parseBool":          strconvParseBool,
	"strconv.parseInt":           strconvParseInt,
	"strconv.parseUint":          strconvParseUint,
	"strconv.atoi":               strconvAtoi,
	"strconv.parseFloat":         strconvParseFloat,
	"strconv.parseComplex":       strconvParseComplex,
	"strconv.FormatInt":          strconvFormatInt,
	"strconv.FormatUint":         strconvFormatUint,
	"strconv.Itoa":               strconvItoa,
	"strconv.FormatFloat":        strconvFormatFloat,
	"strconv.FormatComplex":      strconvFormatComplex,
	"strconv.Quote":              strFn1(strconv.Quote),
	"strconv.QuoteToASCII":       strFn1(strconv.QuoteToASCII),
	"strconv.QuoteToGraphic":     strFn1(strconv.QuoteToGraphic),
	"strconv.QuoteRune":          runeStr(strconv.QuoteRune),
	"strconv.QuoteRuneToASCII":   runeStr(strconv.QuoteRuneToASCII),
	"strconv.QuoteRuneToGraphic": runeStr(strconv.QuoteRuneToGraphic),
	"strconv.CanBackquote":       strconvCanBackquote,
	"strconv.IsPrint":            strconvIsPrint,
	"strconv.IsGraphic":          strconvIsGraphic,
	"strconv.unquote":            strconvUnquote,
	"strconv.unquoteChar":        strconvUnquoteChar,
	"strconv.quotedPrefix":       strconvQuotedPrefix,
}

// runeStr adapts the host's rune quoting functions.
func runeStr(fn func(rune) string) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(fn(rune(args[0].Int()))) }
}

func strconvParseBool(f *vm.Fiber, args, res []vm.Value) {
	v, err := strconv.ParseBool(args[0].String())
	res[0] = vm.Bool(v)
	setNumErr(res, 1, err)
}

func strconvParseInt(f *vm.Fiber, args, res []vm.Value) {
	v, err := strconv.ParseInt(args[0].String(), int(args[1].Int()), int(args[2].Int()))
	res[0] = vm.Int(v)
	setNumErr(res, 1, err)
}

func strconvParseUint(f *vm.Fiber, args, res []vm.Value) {
	v, err := strconv.ParseUint(args[0].String(), int(args[1].Int()), int(args[2].Int()))
	res[0] = vm.Uint(v)
	setNumErr(res, 1, err)
}

func strconvAtoi(f *vm.Fiber, args, res []vm.Value) {
	v, err := strconv.Atoi(args[0].String())
	res[0] = vm.Int(int64(v))
	setNumErr(res, 1, err)
}

func strconvParseFloat(f *vm.Fiber, args, res []vm.Value) {
	v, err := strconv.ParseFloat(args[0].String(), int(args[1].Int()))
	res[0] = vm.Float(v)
	setNumErr(res, 1, err)
}

func strconvParseComplex(f *vm.Fiber, args, res []vm.Value) {
	bits := int(args[1].Int())
	v, err := strconv.ParseComplex(args[0].String(), bits)
	res[0] = vm.Complex(v)
	setNumErr(res, 1, err)
}

func strconvFormatInt(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strconv.FormatInt(args[0].Int(), int(args[1].Int())))
}

func strconvFormatUint(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strconv.FormatUint(args[0].N, int(args[1].Int())))
}

func strconvItoa(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strconv.Itoa(int(args[0].Int())))
}

func strconvFormatFloat(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strconv.FormatFloat(args[0].Float(), byte(args[1].N), int(args[2].Int()), int(args[3].Int())))
}

func strconvFormatComplex(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(strconv.FormatComplex(args[0].Complex(), byte(args[1].N), int(args[2].Int()), int(args[3].Int())))
}

func strconvCanBackquote(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(strconv.CanBackquote(args[0].String()))
}

func strconvIsPrint(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(strconv.IsPrint(rune(args[0].Int())))
}

func strconvIsGraphic(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(strconv.IsGraphic(rune(args[0].Int())))
}

func strconvUnquote(f *vm.Fiber, args, res []vm.Value) {
	s, err := strconv.Unquote(args[0].String())
	res[0], res[1] = vm.Str(s), vm.Bool(err == nil)
}

func strconvUnquoteChar(f *vm.Fiber, args, res []vm.Value) {
	v, mb, tail, err := strconv.UnquoteChar(args[0].String(), byte(args[1].N))
	res[0], res[1], res[2], res[3] = vm.Int(int64(v)), vm.Bool(mb), vm.Str(tail), vm.Bool(err == nil)
}

func strconvQuotedPrefix(f *vm.Fiber, args, res []vm.Value) {
	s, err := strconv.QuotedPrefix(args[0].String())
	res[0], res[1] = vm.Str(s), vm.Bool(err == nil)
}

func runePred(fn func(rune) bool) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Bool(fn(rune(args[0].Int()))) }
}

func runeMap(fn func(rune) rune) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(fn(rune(args[0].Int())))) }
}

// rangeTableOf returns the host form of a guest *unicode.RangeTable: the
// predefined tables carry a handle; tables the program built are converted.
func rangeTableOf(v vm.Value) *unicode.RangeTable {
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

var unicodeFuncs = hostTable{
	"unicode.table":      unicodeTable,
	"unicode.caseRanges": unicodeCaseRanges,
	"unicode.tableList":  unicodeTableList,
	"unicode.aliases":    unicodeAliases,
	"unicode.Is":         unicodeIs,
	"unicode.isDigit":    runePred(unicode.IsDigit),
	"unicode.IsGraphic":  runePred(unicode.IsGraphic),
	"unicode.isLetter":   runePred(unicode.IsLetter),
	"unicode.IsLower":    runePred(unicode.IsLower),
	"unicode.IsMark":     runePred(unicode.IsMark),
	"unicode.IsNumber":   runePred(unicode.IsNumber),
	"unicode.IsPrint":    runePred(unicode.IsPrint),
	"unicode.IsPunct":    runePred(unicode.IsPunct),
	"unicode.isSpace":    runePred(unicode.IsSpace),
	"unicode.IsSymbol":   runePred(unicode.IsSymbol),
	"unicode.IsTitle":    runePred(unicode.IsTitle),
	"unicode.IsUpper":    runePred(unicode.IsUpper),
	"unicode.SimpleFold": runeMap(unicode.SimpleFold),
	"unicode.ToTitle":    runeMap(unicode.ToTitle),
	"unicode.To":         unicodeTo,

	// unicode/utf8
	"unicode/utf8.FullRune":               utf8FullRune,
	"unicode/utf8.FullRuneInString":       utf8FullRuneInString,
	"unicode/utf8.DecodeRune":             utf8DecodeRune,
	"unicode/utf8.DecodeRuneInString":     utf8DecodeRuneInString,
	"unicode/utf8.DecodeLastRune":         utf8DecodeLastRune,
	"unicode/utf8.DecodeLastRuneInString": utf8DecodeLastRuneInString,
	"unicode/utf8.EncodeRune":             utf8EncodeRune,
	"unicode/utf8.RuneCount":              utf8RuneCount,
	"unicode/utf8.RuneCountInString":      utf8RuneCountInString,
	"unicode/utf8.Valid":                  utf8Valid,
	"unicode/utf8.ValidString":            utf8ValidString,
}

// unicodeTable returns the guest *RangeTable for the host table name
// ("fold:X" for FoldCategory or FoldScript's X): its ranges in full, and
// the host table itself, which Is and the predicates use. Each name is
// made once per run.
func unicodeTable(f *vm.Fiber, args, res []vm.Value) {
	res[0] = guestTable(f.M, args[0].String())
}

func guestTable(m *vm.Machine, name string) vm.Value {
	var t *unicode.RangeTable
	if fold, ok := strings.CutPrefix(name, "fold:"); ok {
		t = unicode.FoldCategory[fold]
		if t == nil {
			t = unicode.FoldScript[fold]
		}
	} else {
		t = unicode.Categories[name]
		if t == nil {
			t = unicode.Scripts[name]
		}
		if t == nil {
			t = unicode.Properties[name]
		}
	}
	if t == nil {
		panic(vm.Fatal("BUG: spindle: unknown unicode table " + name))
	}
	// One guest table per host table, whatever name reached it (STerm and
	// Sentence_Terminal are one table).
	st := stateOf(m)
	if v, ok := st.unicodeTables[t]; ok {
		return v
	}
	// A program that refers to unicode's Categories, Scripts or
	// Properties makes every table when it starts: the fields of all of a
	// table's ranges share one allocation, and so do the ranges.
	n := len(t.R16) + len(t.R32)
	fields := make([]vm.Value, 3*n)
	ranges := make([]vm.Value, n)
	k := 0
	add := func(lo, hi, stride uint64) {
		f := fields[3*k : 3*k+3 : 3*k+3]
		f[0], f[1], f[2] = vm.Uint(lo), vm.Uint(hi), vm.Uint(stride)
		ranges[k] = vm.Value{R: f}
		k++
	}
	for _, r := range t.R16 {
		add(uint64(r.Lo), uint64(r.Hi), uint64(r.Stride))
	}
	for _, r := range t.R32 {
		add(uint64(r.Lo), uint64(r.Hi), uint64(r.Stride))
	}
	r16, r32 := ranges[:len(t.R16):len(t.R16)], ranges[len(t.R16):]
	v := vm.Value{R: &vm.Value{R: []vm.Value{{R: r16}, {R: r32}, vm.Int(int64(t.LatinOffset)), {R: t}}}}
	if st.unicodeTables == nil {
		st.unicodeTables = map[*unicode.RangeTable]vm.Value{}
	}
	st.unicodeTables[t] = v
	return v
}

// unicodeTableList returns the names and guest tables of the host's
// Categories (which 0), Scripts (1), Properties (2), FoldCategory (3) or
// FoldScript (4), sorted by name.
func unicodeTableList(f *vm.Fiber, args, res []vm.Value) {
	m, prefix := unicode.Categories, ""
	switch args[0].Int() {
	case 1:
		m = unicode.Scripts
	case 2:
		m = unicode.Properties
	case 3:
		m, prefix = unicode.FoldCategory, "fold:"
	case 4:
		m, prefix = unicode.FoldScript, "fold:"
	}
	names := slices.Sorted(maps.Keys(m))
	ns, ts := make([]vm.Value, len(names)), make([]vm.Value, len(names))
	for i, n := range names {
		ns[i], ts[i] = vm.Str(n), guestTable(f.M, prefix+n)
	}
	res[0], res[1] = vm.Value{R: ns}, vm.Value{R: ts}
}

// unicodeAliases returns the host's CategoryAliases, sorted by key.
func unicodeAliases(f *vm.Fiber, args, res []vm.Value) {
	keys := slices.Sorted(maps.Keys(unicode.CategoryAliases))
	ks, vs := make([]vm.Value, len(keys)), make([]vm.Value, len(keys))
	for i, k := range keys {
		ks[i], vs[i] = vm.Str(k), vm.Str(unicode.CategoryAliases[k])
	}
	res[0], res[1] = vm.Value{R: ks}, vm.Value{R: vs}
}

// unicodeCaseRanges returns the host's CaseRanges (which 0), TurkishCase
// (1) or AzeriCase (2) as a guest []CaseRange.
func unicodeCaseRanges(f *vm.Fiber, args, res []vm.Value) {
	crs := unicode.CaseRanges
	switch args[0].Int() {
	case 1:
		crs = unicode.TurkishCase
	case 2:
		crs = unicode.AzeriCase
	}
	out := make([]vm.Value, len(crs))
	for i, c := range crs {
		delta := make([]uint64, len(c.Delta))
		for j, d := range c.Delta {
			delta[j] = uint64(int64(d))
		}
		out[i] = vm.Value{R: []vm.Value{vm.Uint(uint64(c.Lo)), vm.Uint(uint64(c.Hi)), {R: delta}}}
	}
	res[0] = vm.Value{R: out}
}

func unicodeIs(f *vm.Fiber, args, res []vm.Value) {
	t, r := rangeTableOf(args[0]), rune(args[1].Int())
	res[0] = vm.Bool(unicode.Is(t, r))
}

func unicodeTo(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(unicode.To(int(args[0].Int()), rune(args[1].Int()))))
}

func utf8FullRune(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(utf8.FullRune(args[0].Bytes()))
}

func utf8FullRuneInString(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(utf8.FullRuneInString(args[0].String()))
}

func utf8DecodeRune(f *vm.Fiber, args, res []vm.Value) {
	r, n := utf8.DecodeRune(args[0].Bytes())
	res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
}

func utf8DecodeRuneInString(f *vm.Fiber, args, res []vm.Value) {
	r, n := utf8.DecodeRuneInString(args[0].String())
	res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
}

func utf8DecodeLastRune(f *vm.Fiber, args, res []vm.Value) {
	r, n := utf8.DecodeLastRune(args[0].Bytes())
	res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
}

func utf8DecodeLastRuneInString(f *vm.Fiber, args, res []vm.Value) {
	r, n := utf8.DecodeLastRuneInString(args[0].String())
	res[0], res[1] = vm.Int(int64(r)), vm.Int(int64(n))
}

func utf8EncodeRune(f *vm.Fiber, args, res []vm.Value) {
	p, r := args[0].Bytes(), rune(args[1].Int())
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	if len(p) < n {
		panic(vm.RuntimeError(indexMsg(n-1, len(p))))
	}
	copy(p, buf[:n])
	res[0] = vm.Int(int64(n))
}

func utf8RuneCount(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(utf8.RuneCount(args[0].Bytes())))
}

func utf8RuneCountInString(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(utf8.RuneCountInString(args[0].String())))
}

func utf8Valid(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(utf8.Valid(args[0].Bytes()))
}

func utf8ValidString(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(utf8.ValidString(args[0].String()))
}

// indexMsg is Go's index-out-of-range message body.
func indexMsg(i, n int) string {
	return "index out of range [" + strconv.Itoa(i) + "] with length " + strconv.Itoa(n)
}
