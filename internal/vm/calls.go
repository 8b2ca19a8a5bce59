package vm

import (
	"math"
	"strconv"
	"strings"
)

// resolveCall evaluates the callee and arguments of a go or defer
// statement now, as Go does.
func (m *Machine) resolveCall(cs *CallSite, regs []Value) (fn *Func, free, args []Value) {
	switch cs.Kind {
	case CallStatic:
		fn = cs.Fn
	case CallClosure:
		c, _ := regs[cs.Recv].R.(*Closure)
		if c == nil {
			panic(errNil)
		}
		fn, free = c.Fn, c.Free
	case CallInvoke:
		x, _ := regs[cs.Recv].R.(*Iface)
		if x == nil {
			panic(errNil)
		}
		fn = cs.lookup(x.T)
		args = append(args, x.V)
	}
	for _, a := range cs.Args {
		args = append(args, regs[a])
	}
	return fn, free, args
}

func (m *Machine) makeDefer(fn *Func, cs *CallSite, regs []Value, _ int32) *deferRec {
	if cs.Kind == CallBuiltin {
		args := make([]Value, len(cs.Args))
		for i, a := range cs.Args {
			args[i] = regs[a]
		}
		return &deferRec{builtin: cs.Builtin, args: args}
	}
	if cs.Kind == CallClosure {
		if c, _ := regs[cs.Recv].R.(*Closure); c == nil {
			// Deferring a nil func panics when the call runs, not now.
			return &deferRec{}
		}
	}
	callee, free, args := m.resolveCall(cs, regs)
	return &deferRec{fn: callee, free: free, args: args}
}

// pushDefer starts deferred call d on f. It reports true if it pushed a
// guest frame (the dispatch loop must continue there); false if the call
// was a builtin or host function that already ran.
func (m *Machine) pushDefer(f *Fiber, d *deferRec, kind uint8) bool {
	if d.builtin != nil {
		if d.builtin.Name == "recover" {
			// defer recover() in F: run by F's return, recover acts as if
			// F called it, so it stops the panic when F itself is a
			// deferred call the panic made; run by a panic's unwinding it
			// is called from the panic, not from F, and does nothing (Go's
			// test/recover1.go, test5 and test7).
			top := &f.frames[len(f.frames)-1]
			if p := f.panicking(); p != nil && kind == frameDefer && top.kind == frameDeferPanic && !p.recovered {
				p.recovered = true
			}
			return false
		}
		m.builtinArgs(f, d.builtin, d.args)
		return false
	}
	fn := d.fn
	if fn == nil {
		panic(errNil) // a deferred nil func
	}
	if fn.Host != nil {
		res := make([]Value, max(len(d.args), int(fn.NResults)))
		copy(res, d.args)
		fn.Host(f, res[:len(d.args)], res[:fn.NResults])
		if f.state != Running {
			panic(&fatalError{msg: "spindle: a deferred host call blocked; not supported yet"})
		}
		if m.explore != nil && m.syncPoint(f) {
			// A deferred mu.Unlock or wg.Done: the slice ends at the
			// fiber's next call or loop back-edge.
			f.budget = 0
		}
		return false
	}
	top := &f.frames[len(f.frames)-1]
	nb := top.base + top.fn.NRegs
	need := int(nb+fn.NRegs) + 1
	if !f.growStack(need) {
		m.stackOverflow(f, need)
	}
	win := f.stack[nb : nb+fn.NRegs]
	copy(win, d.args)
	copy(win[fn.NParams:], d.free)
	copy(win[fn.ConstBase:], fn.Consts)
	f.frames = append(f.frames, Frame{fn: fn, base: nb, ret: -1, kind: kind})
	return true
}

// spawnCall implements the go statement.
func (m *Machine) spawnCall(f *Fiber, fn *Func, cs *CallSite, regs []Value, _ int32) {
	if cs.Kind == CallBuiltin {
		// go println(x) and friends: run it now; it cannot block.
		args := make([]Value, len(cs.Args))
		for i, a := range cs.Args {
			args[i] = regs[a]
		}
		m.builtinArgs(f, cs.Builtin, args)
		return
	}
	m.checkSpawn()
	var callee *Func
	var free []Value
	switch cs.Kind {
	case CallStatic:
		callee = cs.Fn
	case CallClosure:
		if c, _ := regs[cs.Recv].R.(*Closure); c != nil {
			callee, free = c.Fn, c.Free
		}
	}
	if callee != nil && callee.Host == nil {
		// The common cases: copy the arguments (and a function literal's
		// free variables, cs.Free) straight into the new stack or, with
		// no dead fiber to reuse, into a record the run queue starts the
		// fiber from when it reaches it (runq.go); one may be free by then.
		var s *spawnRec
		var nf *Fiber
		var dst []Value
		bubble := f.Bubble()
		if len(m.freeFibers) == 0 && bubble == nil {
			s = m.newSpawn(callee)
		}
		if s != nil {
			dst = s.vals()
			copy(dst[callee.NParams:], free)
		} else {
			nf = m.newGoFiber(callee, nil, free)
			dst = nf.stack
		}
		if bubble != nil {
			// A go statement in a synctest bubble starts a bubbled fiber
			// (a fiber at once: a spawn record has no room for it).
			bubble.enter(nf)
		}

		for i, a := range cs.Args {
			dst[i] = regs[a]
		}
		for i, r := range cs.Free {
			dst[int(callee.NParams)+i] = regs[r]
		}
		if s != nil {
			m.spawn(s)
		} else {
			m.ready(nf)
		}
		if m.trace != nil {
			if s != nil {
				m.traceSpawn(f, s.id)
			} else {
				m.traceSpawn(f, nf.ID)
			}
		}
		return
	}
	callee, free, args := m.resolveCall(cs, regs)
	if callee.Host != nil {
		wrap := hostThunk(callee, len(args))
		callee = wrap
	}
	nf := m.newGoFiber(callee, args, free)
	f.Bubble().EnterNew(nf)
	m.ready(nf)
	if m.trace != nil {
		m.traceSpawn(f, nf.ID)
	}
}

// hostThunk wraps a host function so a fiber can start in it (go
// hostFunc(x)).
func hostThunk(h *Func, nargs int) *Func {
	fn := &Func{Name: h.Name, File: h.File, NParams: int32(nargs), NRegs: int32(max(nargs, int(h.NResults))) + 1, RecoverPC: -1}
	fn.ConstBase = fn.NRegs
	fn.Calls = []CallSite{{Fn: h, Args: make([]int32, nargs)}}
	for i := range fn.Calls[0].Args {
		fn.Calls[0].Args[i] = int32(i)
	}
	fn.Code = []Instr{{Op: OpCallHost, A: 0, C: 0}, {Op: OpRet0, C: -1}}
	fn.Lines = []int32{0, 0}
	Seal(fn)
	return fn
}

// builtin runs OpBuiltin.
func (m *Machine) builtin(f *Fiber, op *BuiltinOp, regs []Value, dst int32) {
	args := make([]Value, len(op.Args))
	for i, a := range op.Args {
		args[i] = regs[a]
	}
	v := m.builtinArgs(f, op, args)
	if dst >= 0 {
		regs[dst] = v
	}
}

func (m *Machine) builtinArgs(f *Fiber, op *BuiltinOp, args []Value) Value {
	switch op.Name {
	case "print", "println":
		var b strings.Builder
		for i, a := range args {
			if i > 0 && op.Name == "println" {
				b.WriteByte(' ')
			}
			b.WriteString(printValue(op.Types[i], a))
		}
		if op.Name == "println" {
			b.WriteByte('\n')
		}
		m.Out.Flush()
		m.Config.Stderr.Write([]byte(b.String()))
		return Value{}
	case "min", "max":
		// Go's rules: a NaN operand wins; of -0 and +0, min takes -0 and
		// max +0.
		t := op.T
		best := args[0]
		if isNaNValue(t, best) {
			return best
		}
		for _, a := range args[1:] {
			if isNaNValue(t, a) {
				return a
			}
			if lessOrdered(t, a, best) == (op.Name == "min") && !equalOrdered(t, a, best) {
				best = a
			} else if t.Kind.IsFloat() && equalOrdered(t, a, best) && a.Float() == 0 &&
				math.Signbit(a.Float()) == (op.Name == "min") {
				best = a
			}
		}
		return best
	case "clear":
		switch x := args[0].R.(type) {
		case *Map:
			x.Clear()
		case []Value:
			// In place: pointers into aggregate elements see the zeros.
			e := op.Types[0].Elem
			for i := range x {
				if e.isAgg() {
					e.Assign(&x[i], e.Zero())
				} else {
					x[i] = Value{}
				}
			}
		case []byte:
			clear(x)
		case []uint64:
			clear(x)
		}
		return Value{}
	case "complex":
		c := complex(args[0].Float(), args[1].Float())
		if op.T.Kind == KComplex64 {
			c = complex128(complex64(c))
		}
		return Value{R: c}
	case "real":
		return Float(real(args[0].Complex()))
	case "imag":
		return Float(imag(args[0].Complex()))
	case "ssa:wrapnilchk":
		// The wrapper that calls a value method through a nil pointer:
		// gc's runtime.panicwrap text.
		if isNil(args[0].R) {
			recv, meth := args[1].String(), args[2].String()
			short := recv
			if i := strings.LastIndexByte(short, '.'); i >= 0 {
				short = short[i+1:]
			}
			panic(plainError("value method " + recv + "." + meth + " called using nil *" + short + " pointer"))
		}
		return args[0]
	case "close":
		c, _ := args[0].R.(*Chan)
		m.chanClose(c)
		return Value{}
	case "copy":
		// (deferred or go'd copy; a plain copy is OpCopy)
		return Value{N: uint64(copyValues(op.Types[0].Elem, args[0], args[1]))}
	case "delete":
		args[0].R.(*Map).Delete(args[1])
		return Value{}
	case "panic":
		panic(&GuestPanic{Val: args[0]})
	case "recover":
		return Value{}
	case "Sizeof": // unsafe.Sizeof of a type parameter's instance
		return Uint(uint64(op.Types[0].Size))
	case "Alignof":
		return Uint(uint64(op.Types[0].Align))
	case "Slice":
		return unsafeSlice(op, args)
	case "String":
		return unsafeString(op, args)
	case "StringData":
		return unsafeStringData(args[0])
	case "SliceData":
		return unsafeSliceData(op.Types[0], args[0])
	case "Add":
		return unsafeAdd(op, args)
	case "ssa:deferstack":
		return Int(int64(len(f.frames) - 1))
	}
	panic(bugf("unknown builtin %s", op.Name))
}

func isNaNValue(t *Type, v Value) bool {
	if t.Kind.IsFloat() {
		x := v.Float()
		return x != x
	}
	return false
}

func equalOrdered(t *Type, a, b Value) bool {
	if t.Kind.IsFloat() {
		return a.Float() == b.Float()
	}
	if t.Kind == KString {
		return a.String() == b.String()
	}
	return a.N == b.N
}

func lessOrdered(t *Type, a, b Value) bool {
	switch {
	case t.Kind.IsFloat():
		return a.Float() < b.Float()
	case t.Kind == KString:
		return a.String() < b.String()
	case t.Kind.IsSigned():
		return int64(a.N) < int64(b.N)
	}
	return a.N < b.N
}

// printValue formats v as the print builtin does.
func printValue(t *Type, v Value) string {
	switch t.Kind {
	case KBool:
		return strconv.FormatBool(v.N != 0)
	case KInt, KInt8, KInt16, KInt32, KInt64:
		return strconv.FormatInt(int64(v.N), 10)
	case KUint, KUint8, KUint16, KUint32, KUint64, KUintptr:
		return strconv.FormatUint(v.N, 10)
	case KFloat32:
		// The shortest form that reads back as the same float32.
		return strconv.FormatFloat(v.Float(), 'g', -1, 32)
	case KFloat64:
		return printFloat(v.Float())
	case KComplex64:
		return strconv.FormatComplex(v.Complex(), 'g', -1, 64)
	case KComplex128:
		return strconv.FormatComplex(v.Complex(), 'g', -1, 128)
	case KString:
		return v.String()
	case KInterface:
		x := v.Iface()
		if x == nil {
			return "(0x0,0x0)"
		}
		return "(" + x.T.Name + ") " + printValue(x.T, x.V)
	}
	if t.Kind == KSlice {
		n, c := lenOf(v.R), capOf(v.R)
		addr := "0x0"
		if c > 0 {
			addr = "0xc000010000"
		}
		return "[" + strconv.Itoa(n) + "/" + strconv.Itoa(c) + "]" + addr
	}
	if isNil(v.R) {
		return "0x0"
	}
	return "0xc000010000"
}

// printFloat formats like the runtime's print (Go 1.26: shortest form).
func printFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func quoteGo(s string) string { return strconv.Quote(s) }

// lookup finds the method of dynamic type t for an invoke call site.
func (cs *CallSite) lookup(t *Type) *Func {
	if cs.ic != nil {
		if e := cs.ic.p.Load(); e != nil && e.t == t {
			return e.fn
		}
	}
	if fn := t.Methods[cs.Method]; fn != nil {
		if cs.ic != nil {
			cs.ic.p.Store(&icEntry{t, fn})
		}
		return fn
	}
	panic(bugf("method %s not found on %s", cs.Method, t.Name))
}
