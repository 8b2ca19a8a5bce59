package std

import (
	"strings"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host side of the guest strings package.

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
