package vm

// Cross-shard spawn (fiber.SpawnOn, fiber.OnEachShard).
//
// The parent copies the function and its argument (CopyValue) on its own
// thread and sends them to the target shard, which starts a joinable fiber
// calling them. The parent keeps a RemoteFiber: the handle Join, Cancel,
// Detach and ID work on. When the child ends, its shard copies the result
// (or the panic value) and sends it home, where it completes the handle and
// wakes the joiners. Each half of the handle is touched by one thread only:
// the home fields by the parent's shard, child and the request flags by the
// target's.

// RemoteFiber is the home shard's handle on a joinable fiber running on
// another shard.
type RemoteFiber struct {
	home, target *Machine
	id           int64

	// Home side.
	done       bool
	end        EndStatus
	result     Value
	panicVal   Value
	panicStack string
	overflow   int64
	joiners    []Token
	detached   bool // Detach was called: the result is not kept

	// Target side.
	child           *Fiber
	cancelRequested bool
}

// ID returns the remote fiber's id.
func (r *RemoteFiber) ID() int64 { return r.id }

// SpawnOn starts c(arg) as a joinable fiber on shard k (< 0: round-robin),
// child of parent. c's free variables and arg are deep-copied; a value that
// cannot cross panics in the caller. On the caller's own shard the child is
// an ordinary joinable *Fiber (the copy still happens, so the semantics do
// not depend on placement); elsewhere the result is a *RemoteFiber.
func (m *Machine) SpawnOn(parent *Fiber, k int, c *Closure, arg Value) any {
	m.checkSpawn()
	parent.clearFlag(fRecyclable) // a child names it as its parent
	cv, err := CopyValue(Value{R: c})
	if err == nil {
		arg, err = CopyValue(arg)
	}
	if err != nil {
		panic(plainError(err.Error()))
	}
	c = cv.R.(*Closure)
	target := m.g.Shard(m.g.Place(k))
	if target == m {
		f := m.newFiber(c.Fn, []Value{arg}, c.Free)
		f.ensureExt().parent = parent
		f.setFlag(fJoinable)
		m.addJoinable(1)
		m.ready(f)
		return f
	}
	r := &RemoteFiber{home: m}
	if target == nil {
		// The run is ending: the fiber never starts.
		r.done, r.end = true, EndCancelled
		return r
	}
	r.target = target
	r.id = target.newID()
	m.g.joinables.Add(1)
	m.SendTo(target, func() { target.startRemote(r, c, arg) })
	return r
}

// startRemote runs on the target shard: it starts the child fiber.
func (m *Machine) startRemote(r *RemoteFiber, c *Closure, arg Value) {
	if m.exited {
		return
	}
	f := m.newFiber(c.Fn, []Value{arg}, c.Free)
	f.ID = r.id
	f.setFlag(fJoinable)
	f.ensureExt().remote = r
	r.child = f
	wait := m.initing
	if m.needInit {
		m.needInit = false
		m.pushInit(f)
	}
	if r.cancelRequested {
		f.setFlag(fCancelled)
	}
	if wait {
		m.initWait = append(m.initWait, f)
		return
	}
	m.ready(f)
}

// initDone runs when the package initialisation's frame returns: the
// fibers that arrived meanwhile become runnable.
func (m *Machine) initDone() {
	m.initing = false
	for _, f := range m.initWait {
		m.ready(f)
	}
	m.initWait = nil
}

// remoteDone runs on the target shard when the child of r has ended: it
// sends the outcome home. A result or panic value that cannot cross
// becomes a panic whose value is nil and whose stack names the problem.
func (m *Machine) remoteDone(f *Fiber, r *RemoteFiber) {
	x := f.ext
	end, stack, overflow := f.end, x.panicStack, x.overflow
	var result, pv Value
	var err error
	if len(x.result) > 0 {
		result, err = CopyValue(x.result[0])
	}
	if err == nil && end == EndPanicked {
		pv, err = CopyValue(x.panicVal)
	}
	if err != nil {
		end, result, pv = EndPanicked, Value{}, Value{}
		stack = err.Error() + "\n" + stack
	}
	home := r.home
	m.SendTo(home, func() {
		if r.detached {
			result = Value{} // as a detached local fiber keeps none
		}
		r.done = true
		r.end, r.result, r.panicVal, r.panicStack, r.overflow = end, result, pv, stack, overflow
		for _, t := range r.joiners {
			t.Wake(Value{}, true)
		}
		r.joiners = nil
	})
}

// JoinRemote is Join for a remote fiber.
func (m *Machine) JoinRemote(caller *Fiber, r *RemoteFiber) (EndStatus, bool) {
	if r.done {
		return r.end, true
	}
	caller.ParkUnlink("fiber join", nil)
	r.joiners = append(r.joiners, caller.Token())
	return EndRunning, false
}

// End returns the remote fiber's outcome (after JoinRemote reported it
// done): status, result, panic value and traceback, overflow request.
func (r *RemoteFiber) End() (st EndStatus, result, panicVal Value, stack string, overflow int64) {
	return r.end, r.result, r.panicVal, r.panicStack, r.overflow
}

// CancelRemote requests cancellation of a remote fiber (idempotent).
func (m *Machine) CancelRemote(r *RemoteFiber) {
	if r.done || r.target == nil {
		return
	}
	t := r.target
	m.SendTo(t, func() {
		if r.child != nil {
			t.Cancel(r.child)
		} else {
			r.cancelRequested = true
		}
	})
}

// DetachRemote detaches a remote fiber: main no longer waits for it, and a
// panic that escapes it ends the program.
func (m *Machine) DetachRemote(r *RemoteFiber) {
	// The child may have ended already (it runs in parallel): drop the
	// result here, on the home shard, so Join after Detach reports the
	// zero value whatever the timing, as for a local fiber.
	r.detached, r.result = true, Value{}
	if r.target == nil {
		return
	}
	t := r.target
	m.SendTo(t, func() {
		if c := r.child; c != nil {
			t.Detach(c)
		}
	})
}

// pushInit makes f run the program's package initialisation before its
// entry function: shard k > 0 initialises its own package variables when
// its first fiber starts.
func (m *Machine) pushInit(f *Fiber) {
	p := m.Prog
	if p.Init == nil {
		return
	}
	base := f.frames[0].fn.NRegs
	f.growStack(int(base+p.Init.NRegs) + 1)
	copy(f.stack[base+p.Init.ConstBase:], p.Init.Consts)
	f.frames = append(f.frames, Frame{fn: p.Init, base: base, ret: -1, kind: frameInit})
	m.initing = true
}
