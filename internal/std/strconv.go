package std

import (
	"errors"
	"strconv"

	"spindle/internal/vm"
)

// Host side of the guest strconv package: every conversion is the host's.

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
