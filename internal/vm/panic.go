package vm

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// Panics: what happens when a fiber raises a guest panic, a run-time
// error, Goexit, a stack overflow, a fatal error or a spindle bug; unwinding
// through deferred calls, and Go's report of an unrecovered panic.

// handlePanics is handlePanic for the scheduler loop: unwinding runs
// builtin and host deferred calls on the spot (defer panic(x), defer
// f.Close()), and a panic they raise is a new panic of the same fiber,
// handled in turn.
func (m *Machine) handlePanics(f *Fiber, p any) bool {
	for {
		ok, np := m.handlePanicRecovering(f, p)
		if np == nil {
			return ok
		}
		p = np
	}
}

// handlePanicRecovering is handlePanic returning a panic raised while it
// runs as np.
func (m *Machine) handlePanicRecovering(f *Fiber, p any) (ok bool, np any) {
	defer func() {
		if r := recover(); r != nil {
			np = classifyPanic(r)
		}
	}()
	return m.handlePanic(f, p), nil
}

// classifyPanic keeps the VM's own panic values and turns any other Go
// panic into a spindle bug report.
func classifyPanic(r any) any {
	switch r.(type) {
	case *GuestPanic, *rtError, *fatalError, *exitSignal, *bugError, *stackOverflow, *goexitSignal:
		return r
	}
	return &bugError{msg: fmt.Sprintf("%v\n%s", r, debug.Stack())}
}

type stackOverflow struct{ need int }

func (m *Machine) stackOverflow(f *Fiber, need int) {
	panic(&stackOverflow{need: need})
}

// handlePanic deals with a panic raised while running f. It reports whether f
// can continue (its frames now set up to run a deferred call or the
// recovery path).
func (m *Machine) handlePanic(f *Fiber, p any) bool {
	// A panic out of a resumed host call (an interrupted park's unwinding)
	// ends that call: the deferred calls' own host calls start afresh.
	f.resume = false
	switch e := p.(type) {
	case *GuestPanic:
		return m.startPanic(f, e.Val)
	case *rtError:
		return m.startPanic(f, m.rtErrorValue(e))
	case *goexitSignal:
		// Goexit (and cancellation) unwinds like a panic that recover
		// cannot stop.
		if f.has(fHandlersRun) {
			// Cancelled again inside an OnCancelled handler: just finish.
			f.frames = f.frames[:0]
			f.setFlag(fFinished)
			return false
		}
		f.setPanic(&panicRec{goexit: true, link: f.panicking()})
		return m.unwind(f)
	case *fatalError:
		if e.limit != NoLimit {
			m.fatalLimit(e.limit, e.msg)
			return false
		}
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "fatal error: %s\n\n%s", e.msg, m.Dump())
		m.exit(2)
	case *stackOverflow:
		if f.has(fJoinable) && !f.has(fHandlersRun) {
			f.end = EndOverflow
			f.ensureExt().overflow = int64(e.need) * 8
			f.frames = f.frames[:0]
			f.setFlag(fFinished)
			return false
		}
		m.exitLimit(2, LimitStack) // first: the report may pass an output limit
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "runtime: goroutine stack exceeds %d-byte limit\nfatal error: stack overflow\n\ngoroutine %d [running]:\n%s", m.Config.MaxStack, f.ID+1, f.Stack())
	case *exitSignal:
		m.exit(e.code)
	case *bugError:
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "BUG: %s\n", e.msg)
		m.exit(70)
	}
	return false
}

func (m *Machine) rtErrorValue(e *rtError) Value {
	t := m.Prog.RuntimeErrorType
	return Value{R: &Iface{T: t, V: Value{R: []Value{Str(e.msg)}}}}
}

func (m *Machine) nilPanicValue() Value {
	t := m.Prog.PanicNilType
	if t == nil {
		return m.rtErrorValue(&rtError{msg: "panic called with nil argument"})
	}
	return Value{R: &Iface{T: t, V: Value{R: &Value{R: []Value{}}}}}
}

// startPanic begins unwinding f with panic value v (an interface value).
func (m *Machine) startPanic(f *Fiber, v Value) bool {
	rec := &panicRec{val: v, link: f.panicking(), stack: f.Stack()}
	if old := f.panicking(); old != nil {
		if old.recovered && samePanicValue(old.val, v) {
			// Re-panicking the value just recovered: Go reports it once,
			// as "[recovered, repanicked]".
			rec.repanicked = true
			rec.link = old.link
		} else if !old.recovered {
			old.aborted = true
		}
	}
	f.setPanic(rec)
	return m.unwind(f)
}

// unwind continues the panic of f: it sets up the next deferred call of the
// top frame, or pops frames that have none. It reports whether f still has
// guest code to run.
func (m *Machine) unwind(f *Fiber) bool {
	for {
		n := len(f.frames)
		if n == 0 {
			p := f.panicking()
			switch {
			case p.goexit:
				f.setFlag(fGoexited | fFinished)
			case f.has(fHandlersRun):
				// A panic in an OnCancelled handler aborts the program.
				m.fatalPanic(f)
			case f.has(fJoinable):
				// Kept for Join; the program goes on.
				f.end = EndPanicked
				x := f.ensureExt()
				x.panicVal = p.val
				x.panicStack = p.stack
				f.setPanic(nil)
				f.setFlag(fFinished)
			default:
				m.fatalPanic(f)
			}
			return false
		}
		fr := &f.frames[n-1]
		if d := fr.defers; d != nil {
			fr.defers = d.next
			if m.pushDefer(f, d, frameDeferPanic) {
				return true
			}
			// A builtin or host deferred call ran to completion.
			if f.panicking().recovered {
				f.setPanic(f.panicking().link)
				fr.pc = fr.fn.RecoverPC
				return true
			}
			continue
		}
		if fr.kind == frameHost {
			// Propagate through the host function that called us.
			regs := f.stack[fr.base : fr.base+fr.fn.NRegs]
			clear(regs)
			f.frames = f.frames[:n-1]
			p := f.panicking()
			f.setPanic(p.link)
			if p.goexit {
				// Goexit and cancellation stay what they are: no host
				// function's recover may take them for a panic.
				panic(&goexitSignal{cancel: f.has(fCancelled)})
			}
			panic(&GuestPanic{Val: p.val})
		}
		regs := f.stack[fr.base : fr.base+fr.fn.NRegs]
		clear(regs)
		f.frames = f.frames[:n-1]
	}
}

// fatalPanic prints an unrecovered panic like Go and ends the program.
func (m *Machine) fatalPanic(f *Fiber) {
	m.Out.Flush()
	var chain []*panicRec
	for p := f.panicking(); p != nil; p = p.link {
		chain = append(chain, p)
	}
	var b strings.Builder
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		if i < len(chain)-1 {
			b.WriteString("\t")
		}
		b.WriteString("panic: ")
		b.WriteString(m.panicText(f, p.val))
		if p.repanicked {
			b.WriteString(" [recovered, repanicked]")
		} else if p.recovered {
			b.WriteString(" [recovered]")
		}
		b.WriteString("\n")
	}
	if m.isNilDeref(chain[0].val) {
		b.WriteString("[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n")
	}
	fmt.Fprintf(&b, "\ngoroutine %d [running]:\n%s", f.ID+1, chain[0].stack)
	if m.TracebackAll {
		// debug.SetTraceback("all"): every goroutine, as Go prints them
		// (testing sets it before panicking on a timeout).
		if others := m.dump(f); others != "" {
			b.WriteString("\n" + others)
		}
	}
	io.WriteString(m.Config.Stderr, b.String())
	m.exit(2)
}

func (m *Machine) isNilDeref(v Value) bool {
	x := v.Iface()
	if x == nil || x.T != m.Prog.RuntimeErrorType {
		return false
	}
	return x.V.Slice()[0].String() == errNil.msg
}

// panicText renders a panic value as Go's printpanicval does: errors and
// Stringers through their methods, other values by kind.
func (m *Machine) panicText(f *Fiber, v Value) (s string) {
	x := v.Iface()
	if x == nil {
		return "nil"
	}
	m.noHold++ // the fiber is dying: its method may not park
	defer func() {
		m.noHold--
		if r := recover(); r != nil {
			s = "(" + x.T.Name + ") [method panicked]"
		}
	}()
	if fn := x.T.Methods["Error"]; fn != nil && len(fn.ResultTypes) == 1 && fn.ResultTypes[0].Kind == KString && fn.NParams == 1 {
		return m.CallGuest(f, fn, nil, x.V)[0].String()
	}
	if fn := x.T.Methods["String"]; fn != nil && len(fn.ResultTypes) == 1 && fn.ResultTypes[0].Kind == KString && fn.NParams == 1 {
		return m.CallGuest(f, fn, nil, x.V)[0].String()
	}
	s = printValue(x.T, x.V)
	switch x.T.Kind {
	case KString:
		if x.T.Named {
			return x.T.Name + "(" + quoteGo(s) + ")"
		}
		return s
	case KBool, KInt, KInt8, KInt16, KInt32, KInt64, KUint, KUint8, KUint16, KUint32, KUint64, KUintptr,
		KFloat32, KFloat64, KComplex64, KComplex128:
		if x.T.Named {
			return x.T.Name + "(" + s + ")"
		}
		return s
	}
	return "(" + x.T.Name + ") " + s
}

func samePanicValue(a, b Value) bool {
	x, y := a.Iface(), b.Iface()
	if x == y {
		return true
	}
	if x == nil || y == nil || x.T != y.T || !x.T.Comparable {
		return false
	}
	return Equal(x.T, x.V, y.V)
}
