package std

import (
	"spindle/internal/vm"
)

// Host side of the guest log package: the clock (the caller's position is
// runtime.Caller's).

var logFuncs = hostTable{
	"log.now": logNow,
}

func logNow(f *vm.Fiber, args, res []vm.Value) {
	t := f.M.Wall()
	if args[0].Bool() {
		t = t.UTC()
	}
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	for i, v := range []int{y, int(mo), d, h, mi, s, t.Nanosecond() / 1e3} {
		res[i] = vm.Int(int64(v))
	}
}

// Host side of the guest flag package: the String of a zero value of a
// flag's dynamic type (Go builds it with reflect).

var flagFuncs = hostTable{
	"flag.zeroString": flagZeroString,
}

func flagZeroString(f *vm.Fiber, args, res []vm.Value) {
	x := args[0].Iface()
	res[0], res[1], res[2] = vm.Value{}, vm.Value{}, vm.Value{}
	if x == nil {
		return
	}
	var z vm.Value
	if x.T.Kind == vm.KPointer {
		e := x.T.Elem.Zero()
		z = vm.Value{R: &e}
	} else {
		z = x.T.Zero()
	}
	mi := methodsOf(f.M, x.T)
	if mi == nil || mi.stringM == nil {
		return
	}
	s, msg, panicked := callString(f, mi.stringM, z)
	res[0], res[1], res[2] = vm.Str(s), vm.Bool(panicked), vm.Str(msg)
}

// callString calls a String method, catching a guest panic (whose value
// is returned formatted with %v).
func callString(f *vm.Fiber, fn *vm.Func, v vm.Value) (s, msg string, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			gp, ok := r.(*vm.GuestPanic)
			if !ok {
				panic(r)
			}
			p := newPrinter(f)
			p.printArg(gp.Val, 'v')
			msg, panicked = string(p.buf), true
			p.free()
		}
	}()
	return f.M.CallGuest(f, fn, nil, v)[0].String(), "", false
}
