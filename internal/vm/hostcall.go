package vm

import "time"

// Calls across the host boundary: host functions called by guest code
// (callHost), guest functions called back from host code (CallGuest), and
// the guest error values host functions return.

// dispatchCallback runs a slice of f's host callback (CallGuest): dispatch, not
// execute, since no other fiber may run while a host function is on the Go
// stack; a panic comes back as p.
func (m *Machine) dispatchCallback(f *Fiber) (st status, p any) {
	defer func() {
		if r := recover(); r != nil {
			p = classifyPanic(r)
		}
	}()
	return m.dispatch(f), nil
}

// Host stack, as charged against the guest's cap (EnterHost): a nested
// CallGuest counts callbackStackCost bytes (the default 8 MiB cap allows
// 4,096 levels of a String method printing through fmt), and whatever
// the cap, nesting stops at maxHostStack, since one such level takes
// about 4 KB of real host stack (measured: 100,000 levels, 400 MB) and
// the host goroutine's stack is limited too (1 GB by default).
const (
	callbackStackCost = 2 << 10
	maxHostStack      = 200 << 20
)

// EnterHost charges bytes of host stack that host work on fiber f is
// about to hold (a recursive host function's level: fmt's printValue),
// ending f with the guest's stack overflow when that passes its cap;
// LeaveHost gives them back.
func (m *Machine) EnterHost(f *Fiber, bytes int) {
	m.hostStack += bytes
	if m.hostStack > min(m.Config.MaxStack, maxHostStack) {
		m.hostStack -= bytes
		m.stackOverflow(f, m.Config.MaxStack/8+1)
	}
}

// LeaveHost gives back what EnterHost charged.
func (m *Machine) LeaveHost(bytes int) { m.hostStack -= bytes }

// CallGuest calls guest function fn (with captured variables free) from
// host code running on fiber f, and returns its results. The callee may
// park, and is preempted like any fiber: the host frames below wait on
// their goroutine while the shard runs the others (handoff.go); a guest panic propagates out of CallGuest as a Go panic that
// the dispatch loop turns back into a guest panic.
func (m *Machine) CallGuest(f *Fiber, fn *Func, free []Value, args ...Value) []Value {
	m.onThread("guest code called")
	if fn.Host != nil {
		res := make([]Value, max(int(fn.NResults), len(args)))
		copy(res, args)
		fn.Host(f, res[:len(args)], res)
		return res[:fn.NResults]
	}
	m.EnterHost(f, callbackStackCost)
	defer m.LeaveHost(callbackStackCost)
	base := f.hostTop
	if n := len(f.frames); n > 0 {
		top := &f.frames[n-1]
		base = max(base, top.base+top.fn.NRegs)
	}
	savedTop := f.hostTop
	defer func() { f.hostTop = savedTop }()
	need := int(base+fn.NRegs) + 1
	if !f.growStack(need) {
		m.stackOverflow(f, need)
	}
	win := f.stack[base : base+fn.NRegs]
	copy(win, args)
	copy(win[fn.NParams:], free)
	copy(win[fn.ConstBase:], fn.Consts)
	depth := len(f.frames)
	f.frames = append(f.frames, Frame{fn: fn, base: base, ret: -1, kind: frameHost})
	// The slice that called the host function goes on when it returns,
	// its charging (chargeSlice) where it was: a hand-off meanwhile ran
	// other slices.
	saved, savedSlice := f.budget, m.sliceBudget
	f.budget = int32(m.budget)
	defer func() { f.budget, m.sliceBudget = saved, savedSlice }()
	since := time.Now()
	for {
		st, p := m.dispatchCallback(f)
		if p != nil {
			if gp, ok := p.(*GuestPanic); ok && len(f.frames) <= depth {
				panic(gp) // propagated through the frameHost boundary
			}
			switch p.(type) {
			case *GuestPanic, *rtError:
				if !m.handlePanic(f, p) {
					panic(&exitSignal{m.exitCode})
				}
				continue
			}
			panic(p)
		}
		switch st {
		case stHostReturn:
			// Its reductions count against the run's fuel and CPU checks
			// (limits.go), as a slice's do; past a limit, the host
			// function is unwound too.
			if m.limited && m.endCallback(f) {
				panic(&exitSignal{m.exitCode})
			}
			return f.ext.result
		case stYield:
			if m.limited && m.endCallback(f) {
				panic(&exitSignal{m.exitCode})
			}
			if m.checkLive(); m.exited {
				panic(&exitSignal{m.exitCode})
			}
			// Timers and I/O may have woken others.
			m.fireTimers()
			m.pollOutside()
			if m.canHold(f) && (m.rq.n > 0 || m.runnext != nil) {
				// Its turn is over: the others run, the callback's
				// host frames wait on this goroutine (handoff.go).
				m.ready(f)
				m.holdFor(f)
			} else {
				// Nothing else to run (or it may not hand off: a long
				// one is warned about, noteHeld).
				m.noteHeld(f, since)
				if m.Out.Buffered() > 0 {
					m.Out.Flush() // output before and during a long callback
				}
				m.serveDump()
			}
			if m.cancelCallback(f) {
				continue
			}
			f.budget = int32(m.budget)
			continue
		case stPark:
			if f.state == Runnable && m.rq.n == 1 && m.runnext == nil && m.rq.dropBack(f) {
				// runtime.Gosched with nothing else to run: go on.
				f.state = Running
				continue
			}
			if !m.canHold(f) {
				where := "outside a goroutine's slice"
				if m.noHold > 0 {
					where = "while a panic is printed"
				}
				panic(&fatalError{msg: "spindle: a function called back from host code " + where + " blocked"})
			}
			// It blocks as the goroutine would in Go: the shard runs the
			// others until it is woken (handoff.go), which gives it a new
			// budget: what it spent is charged now.
			if m.limited && m.endCallback(f) {
				panic(&exitSignal{m.exitCode})
			}
			m.holdFor(f)
			m.cancelCallback(f)
			continue
		default:
			panic(bugf("CallGuest: unexpected status %d", st))
		}
	}
}

// cancelCallback unwinds f, which runs a callback (CallGuest), if the run
// was cancelled and f has not begun unwinding: out through the host
// function (its deferred calls run), as a busy fiber would at its next
// slice; the others unwind as the run shuts down. It reports whether f
// now runs its deferred calls.
func (m *Machine) cancelCallback(f *Fiber) bool {
	if m.Config.Context.Err() == nil && !m.shutdown {
		return false
	}
	if m.beginShutdown() {
		// Past the shutdown's grace (a deferred call of the unwinding
		// fiber spins too): the run ends now.
		panic(&exitSignal{m.exitCode})
	}
	if f.has(fCancelSeen) {
		return false
	}
	f.setFlag(fCancelled | fCancelSeen)
	if !m.handlePanic(f, &goexitSignal{cancel: true}) {
		panic(&exitSignal{m.exitCode})
	}
	return true
}

// callHost calls host function fn with the call's arguments, writing the
// results to the caller's registers at dst.
func (m *Machine) callHost(f *Fiber, fn *Func, cs *CallSite, regs []Value, nb int32, dst int32, recv Value, hasRecv bool) {
	nargs := len(cs.Args)
	if hasRecv {
		nargs++
	}
	n := max(nargs, int(fn.NResults))
	need := int(nb) + n + 1
	if need > len(f.stack) {
		fr := &f.frames[len(f.frames)-1]
		if !f.growStack(need) {
			m.stackOverflow(f, need)
		}
		regs = f.stack[fr.base : fr.base+fr.fn.NRegs]
	}
	win := f.stack[nb : int(nb)+n]
	f.hostTop = int32(need)
	if !f.resume {
		j := 0
		if hasRecv {
			win[0] = recv
			j = 1
		}
		for _, a := range cs.Args {
			win[j] = regs[a]
			j++
		}
	}
	sl := len(f.stack)
	fn.Host(f, win[:nargs], win[:fn.NResults])
	f.hostTop = 0
	if f.state != Running {
		return
	}
	// A resumed call is complete even if the host function did not ask
	// (Resuming): the next host call starts afresh.
	f.resume = false
	if len(f.stack) != sl { // only growStack replaces a running fiber's stack, always longer
		// A guest callback (CallGuest: a String method, a Read) grew the
		// stack: the results are in the old window, the caller's
		// registers in the new stack, whose window holds stale copies.
		fr := &f.frames[len(f.frames)-1]
		regs = f.stack[fr.base : fr.base+fr.fn.NRegs]
		clear(f.stack[nb : int(nb)+n])
	}
	// Element loops, not copy and clear: for the one or two values of a
	// typical host call, typedslicecopy and memclrHasPointers cost more
	// than the move itself, and scalars need no clearing.
	if nr := int(fn.NResults); nr > 0 {
		out := regs[dst : int(dst)+nr]
		for i := range out {
			out[i] = win[i]
		}
	}
	for i := range win {
		// Clear without clear(): most slots are already zero, and a
		// result a host function leaves unwritten must read as zero.
		if win[i].R != nil || win[i].N != 0 {
			win[i] = Value{}
		}
	}
}

// HostError returns a guest error value (an interface) with text msg.
func (m *Machine) HostError(msg string) Value {
	return Value{R: &Iface{T: m.Prog.HostErrorType, V: Value{R: &Value{R: []Value{Str(msg)}}}}}
}
