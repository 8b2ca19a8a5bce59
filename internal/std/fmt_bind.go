package std

import (
	"slices"

	"spindle/internal/vm"
)

// Host bindings of the guest fmt package's printing side.

var fmtFuncs = hostTable{
	"fmt.Sprint":                fmtSprint,
	"fmt.Sprintln":              fmtSprintln,
	"fmt.Sprintf":               fmtSprintf,
	"fmt.fprint":                fmtFprint,
	"fmt.printStd":              fmtPrintStd,
	"fmt.stdio":                 fmtStdio,
	"os.bindStdio":              osBindStdio,
	"fmt.errorf":                fmtErrorf,
	"fmt.registerState":         fmtRegisterState,
	"(*fmt.pstate).Write":       pstateWrite,
	"(*fmt.pstate).WriteString": pstateWriteString,
	"(*fmt.pstate).Width":       pstateWidth,
	"(*fmt.pstate).Precision":   pstatePrecision,
	"(*fmt.pstate).Flag":        pstateFlag,
}

func fmtSprint(f *vm.Fiber, args, res []vm.Value) {
	p := newPrinter(f)
	p.doPrint(args[0].Slice())
	res[0] = vm.Str(string(p.buf))
	p.free()
}

func fmtSprintln(f *vm.Fiber, args, res []vm.Value) {
	p := newPrinter(f)
	p.doPrintln(args[0].Slice())
	res[0] = vm.Str(string(p.buf))
	p.free()
}

func fmtSprintf(f *vm.Fiber, args, res []vm.Value) {
	format, a := args[0].String(), args[1].Slice()
	p := newPrinter(f)
	p.doPrintf(format, a)
	res[0] = vm.Str(string(p.buf))
	p.free()
}

func fmtFprint(f *vm.Fiber, args, res []vm.Value) {
	w, kind, format, a := args[0].Iface(), args[1].Int(), args[2].String(), args[3].Slice()
	res[0], res[1] = vm.Value{}, vm.Value{}
	if w == nil {
		return
	}
	var dst *printer // a Format method's State
	fd := -1
	switch w.T.Name {
	case "*os.File":
		if pv := w.V.Ptr(); pv != nil {
			fd = int(pv.Slice()[0].Int())
			if !fdWritable(f.M, fd) {
				return
			}
		} else {
			return
		}
	case "*fmt.pstate":
		pv := w.V.Ptr()
		if pv == nil {
			return
		}
		dst, _ = pv.Slice()[0].R.(*printer)
		if dst == nil {
			return
		}
	default:
		return
	}
	p := newPrinter(f)
	switch kind {
	case 0:
		p.doPrint(a)
	case 1:
		p.doPrintln(a)
	default:
		p.doPrintf(format, a)
	}
	n := len(p.buf)
	if dst != nil {
		dst.buf = append(dst.buf, p.buf...)
	} else {
		n, _ = fdWrite(f.M, fd, p.buf)
	}
	p.free()
	res[0], res[1] = vm.Int(int64(n)), vm.Bool(true)
}

func fmtPrintStd(f *vm.Fiber, args, res []vm.Value) {
	kind, format, a := args[0].Int(), args[1].String(), args[2].Slice()
	res[0], res[1] = vm.Value{}, vm.Value{}
	fd := 1 // package os is not part of the program
	if v := stateOf(f.M).stdoutVar; v != nil {
		pv := v.Ptr() // the current os.Stdout
		if pv == nil {
			return
		}
		fd = int(pv.Slice()[0].Int())
	}
	if !fdWritable(f.M, fd) {
		return
	}
	p := newPrinter(f)
	switch kind {
	case 0:
		p.doPrint(a)
	case 1:
		p.doPrintln(a)
	default:
		p.doPrintf(format, a)
	}
	n, _ := fdWrite(f.M, fd, p.buf)
	p.free()
	res[0], res[1] = vm.Int(int64(n)), vm.Bool(true)
}

func fmtStdio(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	res[0], res[1] = d.stdinFn, d.stdoutFn
}

func osBindStdio(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	d.stdoutVar = args[0].Ptr()
	d.stdinFn, d.stdoutFn = args[1], args[2]
}

func fmtErrorf(f *vm.Fiber, args, res []vm.Value) {
	format, a := args[0].String(), args[1].Slice()
	p := newPrinter(f)
	p.wrapErrs = true
	p.doPrintf(format, a)
	s := string(p.buf)
	w := p.wrapped
	if len(w) > 1 {
		w = slices.Clone(w)
		if p.reordered {
			slices.Sort(w)
		}
		w = slices.Compact(w)
	}
	var idx vm.Value
	if len(w) > 0 {
		idx = Ints(w)
	}
	p.free()
	res[0], res[1] = vm.Str(s), idx
}

func fmtRegisterState(f *vm.Fiber, args, res []vm.Value) {
	if x := args[0].Iface(); x != nil {
		stateOf(f.M).stateT = x.T
	}
}

// statePrinter returns the printer behind a guest *fmt.pstate, which a
// Format method may use only while it runs.
func statePrinter(v vm.Value) *printer {
	if pv := v.Ptr(); pv != nil {
		if p, ok := pv.Slice()[0].R.(*printer); ok {
			return p
		}
	}
	panic(vm.PlainError("fmt: State used after its Format method returned"))
}

func pstateWrite(f *vm.Fiber, args, res []vm.Value) {
	p := statePrinter(args[0])
	b := args[1].Bytes()
	p.buf = append(p.buf, b...)
	res[0], res[1] = vm.Int(int64(len(b))), vm.Value{}
}

func pstateWriteString(f *vm.Fiber, args, res []vm.Value) {
	p := statePrinter(args[0])
	s := args[1].String()
	p.buf = append(p.buf, s...)
	res[0], res[1] = vm.Int(int64(len(s))), vm.Value{}
}

func pstateWidth(f *vm.Fiber, args, res []vm.Value) {
	p := statePrinter(args[0])
	res[0], res[1] = vm.Int(int64(p.fl.wid)), vm.Bool(p.fl.widPresent)
}

func pstatePrecision(f *vm.Fiber, args, res []vm.Value) {
	p := statePrinter(args[0])
	res[0], res[1] = vm.Int(int64(p.fl.prec)), vm.Bool(p.fl.precPresent)
}

func pstateFlag(f *vm.Fiber, args, res []vm.Value) {
	p := statePrinter(args[0])
	var ok bool
	switch args[1].Int() {
	case '-':
		ok = p.fl.minus
	case '+':
		ok = p.fl.plus || p.fl.plusV
	case '#':
		ok = p.fl.sharp || p.fl.sharpV
	case ' ':
		ok = p.fl.space
	case '0':
		ok = p.fl.zero
	}
	res[0] = vm.Bool(ok)
}

// Host side of the guest errors package: the two primitives errors.As
// needs, which look at dynamic types.

var errorsFuncs = hostTable{
	"errors.comparable": errorsComparable,
	"errors.asCheck":    errorsAsCheck,
	"errors.asAssign":   errorsAsAssign,
}

func errorsComparable(f *vm.Fiber, args, res []vm.Value) {
	x := args[0].Iface()
	res[0] = vm.Bool(x == nil || x.T.Comparable)
}

func errorsAsCheck(f *vm.Fiber, args, res []vm.Value) {
	x := args[0].Iface()
	switch {
	case x == nil || x.T.Kind != vm.KPointer || !x.V.IsPtr():
		res[0] = vm.Int(1)
	case x.T.Elem.Kind != vm.KInterface && !implementsError(f.M, x.T.Elem):
		res[0] = vm.Int(2)
	default:
		res[0] = vm.Int(0)
	}
}

func errorsAsAssign(f *vm.Fiber, args, res []vm.Value) {
	e, t := args[0].Iface(), args[1].Iface()
	ok := false
	if e != nil && t != nil && t.T.Kind == vm.KPointer {
		dst, et := t.V.Ptr(), t.T.Elem
		switch {
		case !t.V.IsPtr():
		case dst == nil: // a *byte or *uint64 into packed storage: a scalar
			if e.T == et {
				t.V.StoreThrough(e.V)
				ok = true
			}
		case et.Kind == vm.KInterface:
			if e.T.Implements(et) {
				*dst = vm.Value{R: &vm.Iface{T: e.T, V: e.V}}
				ok = true
			}
		case e.T == et:
			if et.IsAgg() {
				et.Assign(dst, e.V)
			} else {
				*dst = e.V
			}
			ok = true
		}
	}
	res[0] = vm.Bool(ok)
}

// implementsError reports whether t has an Error() string method.
func implementsError(m *vm.Machine, t *vm.Type) bool {
	if et := m.Prog.ErrorType; et != nil {
		return t.Implements(et)
	}
	return false
}
