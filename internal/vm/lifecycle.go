package vm

import (
	"fmt"
	"strings"
	"time"
)

// Fiber lifecycle beyond Go's goroutines: what package fiber's Fiber[T]
// adds (join, detach, cancel, OnCancelled).
//
// A fiber started by a go statement is detached: nobody joins it, and a
// panic that escapes it ends the program (Go's rule). A fiber started by
// fiber.Spawn is joinable: its end status (returned, panicked, cancelled,
// stack overflow) is kept for Join, a panic that escapes it is captured
// instead of ending the program, and when main returns the program waits
// for every joinable fiber before exiting. Detach turns a joinable fiber
// into a detached one.
//
// Cancellation is cooperative and reaches a fiber at a park point: Cancel
// marks the fiber; if it is parked (or when it next parks) the park is
// interrupted: the fiber leaves its wait queue and resumes. Operations of
// the fiber package then report ErrCancelled; plain Go operations (a
// channel receive, Lock, Sleep) unwind the fiber through its deferred
// calls instead, like runtime.Goexit. When a cancelled fiber ends, its
// OnCancelled handlers run (on the fiber itself, newest first) before
// joiners see ErrCancelled; a panic in a handler ends the program.

// EndStatus is how a fiber ended.
type EndStatus uint8

// End statuses, as fiber_join_status reports them.
const (
	EndRunning       EndStatus = iota // not ended yet
	EndOK                             // returned
	EndPanicked                       // a panic escaped it (joinable fibers only)
	EndCancelled                      // cancelled
	EndOverflow                       // exceeded the stack cap
	EndWouldDeadlock                  // (join result) joining self or an ancestor
)

// SpawnJoinable starts a joinable fiber calling c with no arguments, child
// of parent, on parent's machine.
func (m *Machine) SpawnJoinable(parent *Fiber, c *Closure) *Fiber {
	m.checkSpawn()
	f := m.newFiber(c.Fn, nil, c.Free)
	f.ensureExt().parent = parent
	parent.Bubble().EnterNew(f)
	parent.clearFlag(fRecyclable) // a child names it as its parent
	f.setFlag(fJoinable)
	m.addJoinable(1)
	m.ready(f)
	return f
}

// Detach makes a joinable fiber detached.
func (m *Machine) Detach(f *Fiber) {
	if !f.has(fJoinable) {
		return
	}
	f.clearFlag(fJoinable)
	if f.state == Dead {
		if f.end == EndPanicked {
			// Its panic was kept for a join that will never come: it ends
			// the program, as a detached fiber's panic does.
			f.setPanic(&panicRec{val: f.ext.panicVal, stack: f.ext.panicStack})
			m.fatalPanic(f)
		}
		return
	}
	m.addJoinable(-1)
}

// Cancel requests cancellation of f (idempotent).
func (m *Machine) Cancel(f *Fiber) {
	if f.state == Dead || f.has(fCancelled) {
		return
	}
	f.setFlag(fCancelled)
	if f.state == Parked {
		m.interrupt(f)
	}
}

// Cancelled reports whether f has been cancelled.
func (f *Fiber) Cancelled() bool { return f.has(fCancelled) }

// interrupt takes a parked, cancelled fiber out of its wait and makes it
// runnable with the interrupted flag set.
func (m *Machine) interrupt(f *Fiber) {
	f.setFlag(fCancelSeen)
	if s := f.chanWait(); s != nil {
		unlinkSudog(s)
	}
	if u := f.unlink; u != nil {
		u()
	}
	f.setFlag(fInterrupted)
	f.Wake(Value{}, false)
}

// OnCancelled registers h to run when f ends cancelled.
func (f *Fiber) OnCancelled(h *Closure) { x := f.ensureExt(); x.onCancel = append(x.onCancel, h) }

// Join reports f's end status if it has ended; otherwise it parks the
// caller until it does (the caller's host function re-runs on resume).
func (m *Machine) Join(caller, f *Fiber) (EndStatus, bool) {
	if f == caller {
		return EndWouldDeadlock, true
	}
	for p := caller.Parent(); p != nil; p = p.Parent() {
		if p == f {
			return EndWouldDeadlock, true
		}
	}
	if f.state == Dead {
		return f.end, true
	}
	caller.ParkUnlink("fiber join", nil)
	x := f.ensureExt()
	x.joiners = append(x.joiners, caller.Token())
	return EndRunning, false
}

// End returns f's end status, kept panic value and traceback, and the
// stack size it requested when it overflowed.
func (f *Fiber) End() (st EndStatus, panicVal Value, stack string, overflow int64) {
	if f.ext == nil {
		return f.end, Value{}, "", 0
	}
	return f.end, f.ext.panicVal, f.ext.panicStack, f.ext.overflow
}

// Result returns the results of f's entry function (after EndOK).
func (f *Fiber) Result() []Value {
	if f.ext == nil {
		return nil
	}
	return f.ext.result
}

// Parent returns the fiber that spawned f (nil for main and go fibers).
func (f *Fiber) Parent() *Fiber {
	if f.ext == nil {
		return nil
	}
	return f.ext.parent
}

// finish is called when f's code has ended (its frames are gone). It runs
// pending OnCancelled handlers first; it reports false if it pushed one
// (the fiber must run again).
func (m *Machine) finish(f *Fiber) bool {
	if f.has(fCancelled) && f.ext != nil && len(f.ext.onCancel) > 0 {
		x := f.ext
		h := x.onCancel[len(x.onCancel)-1]
		x.onCancel = x.onCancel[:len(x.onCancel)-1]
		f.setFlag(fHandlersRun)
		f.frames = f.frames[:0]
		f.setPanic(nil)
		need := int(h.Fn.NRegs) + 1
		if !f.growStack(need) {
			m.stackOverflow(f, need)
		}
		win := f.stack[:h.Fn.NRegs]
		clear(f.stack)
		copy(win[h.Fn.NParams:], h.Free)
		copy(win[h.Fn.ConstBase:], h.Fn.Consts)
		f.frames = append(f.frames, Frame{fn: h.Fn, ret: -1, kind: frameCancelHandler})
		f.clearFlag(fFinished | fGoexited)
		return false
	}
	switch {
	case f.end != EndRunning:
	case f.has(fCancelled):
		f.end = EndCancelled
	default:
		f.end = EndOK
	}
	return true
}

// fiberDone retires a finished fiber: it wakes joiners and releases the
// fiber's stack.
func (m *Machine) fiberDone(f *Fiber) {
	f.state = Dead
	if f.ext != nil && f.ext.bubble != nil {
		f.ext.bubble.left(f)
	}
	m.unlinkAll(f)
	if m.recycle(f) {
		return
	}
	// A finished fiber's handle may be kept (by a joiner, say): drop its
	// stack so nothing it referenced stays reachable through it (and
	// clear it if it may be the one allocated with the fiber), and take
	// it off the list of grown stacks.
	m.dropGrown(f)
	if len(f.stack) <= inlineStackMax {
		clear(f.stack)
	}
	f.stack = nil
	f.frames = nil
	f.clearFlag(fChanWait | fSelectWait)
	f.unlink = nil
	f.sg = sudog{} // the last value received or sent through it
	if x := f.ext; x != nil {
		for _, t := range x.joiners {
			t.Wake(Value{}, true)
		}
		x.joiners = nil
		x.selBuf, x.selPtrs, x.hostState = nil, nil, nil
	}
	if f.ext != nil && f.ext.remote != nil {
		// A SpawnOn child: its handle (joined, or detached and still
		// joinable, as a local fiber's is) lives on the parent's shard.
		m.remoteDone(f, f.ext.remote)
	}
	if f.has(fJoinable) {
		m.addJoinable(-1)
	}
}

// checkMainDone ends the program once main has returned and no joinable
// fiber is left.
func (m *Machine) checkMainDone() {
	if m.g.mainReturned.Load() && m.g.joinables.Load() == 0 {
		m.exit(0)
	}
}

// addJoinable counts live joinable fibers (on every shard: main waits for
// them all).
func (m *Machine) addJoinable(d int64) {
	if m.g.joinables.Add(d) == 0 && d < 0 {
		m.checkMainDone()
	}
}

// noteHeld implements the held-shard warning: guest code called back from
// host code (a String method fmt calls, a sort comparison) cannot be
// preempted, since no other fiber may run while a host function is on the
// Go stack. When one has run for more than a second since since while
// other fibers wait to run, it gets one warning naming where it runs. A
// fiber preempted by its budget holds nothing: Go prints nothing for it,
// and neither does spindle.
func (m *Machine) noteHeld(f *Fiber, since time.Time) {
	if m.Config.NoStarveWarning || f.ext != nil && f.ext.warned {
		return
	}
	held := time.Since(since)
	if held < time.Second || (m.rq.n == 0 && m.runnext == nil) {
		return
	}
	f.ensureExt().warned = true
	// Name the innermost frame of the program's own code (not the std's).
	where := "?"
	for i := len(f.frames) - 1; i >= 0; i-- {
		fr := &f.frames[i]
		if i == len(f.frames)-1 || !strings.HasPrefix(fr.fn.File, "$std/") {
			where = fmt.Sprintf("%s at %s:%d", fr.fn.Name, fr.fn.File, fr.fn.lineAt(fr.pc-1))
		}
		if !strings.HasPrefix(fr.fn.File, "$std/") {
			break
		}
	}
	m.Out.Flush()
	fmt.Fprintf(m.Config.Stderr, "spindle: warning: goroutine %d has held its shard for %v in a function called from host code (%s); other goroutines cannot run until it returns\n",
		f.ID+1, held.Round(time.Millisecond), where)
}

func unlinkSudog(s *sudog) {
	group := s.group()
	if group == nil {
		group = []*sudog{s}
	}
	for _, o := range group {
		if o.isSend {
			o.c.sendq.remove(o)
		} else {
			o.c.recvq.remove(o)
		}
	}
}

// HostState returns the value a host function stored on the fiber with
// SetHostState (state that must survive a park, such as a hub's delivery
// slot).
func (f *Fiber) HostState() any {
	if f.ext == nil {
		return nil
	}
	return f.ext.hostState
}

// SetHostState stores v for HostState.
func (f *Fiber) SetHostState(v any) { f.ensureExt().hostState = v }

// ProcessorCount returns the run's shard count.
func (m *Machine) ProcessorCount() int { return m.g.Count() }

// SetProcessorCount sets the run's shard count (n > 0) and returns the
// previous value; see Group.SetCount.
func (m *Machine) SetProcessorCount(n int) int { return m.g.SetCount(n) }

// The lists of fibers. Every started fiber of a machine is on one of two
// lists, for dumps, shutdown and release:
//
//   - A fiber started by a go statement (fRecyclable) is on a list singly
//     linked through Fiber.allNext from Machine.allHead (a second link per
//     fiber, to unlink in place, would cost every fiber eight bytes). When
//     it ends it stays there, Dead, until a sweep; it holds nothing by
//     then (fiberDone, recycle). A sweep runs when its dead entries
//     outnumber the machine's live fibers and queued go statements (plus
//     a margin), so the list is at most about twice that and a sweep
//     costs O(1) per ended fiber. A recycled record
//     still on the list is live again when reused by a go statement.
//   - Any other fiber (main, fiber.Spawn and SpawnOn children, host
//     spawns) can have a handle that keeps its result or panic for a
//     Join, so a list must not keep it once it ends: it is on a doubly
//     linked list whose links live in its extension (Machine.handles),
//     and leaves it when it ends. Its record is never a recycled one
//     (makeFiber), so it is never on the first list.
//
// Walkers (eachFiber) skip the Dead entries of the first list.

// linkAll adds f to its list of fibers, as live; the caller counts it in
// nfibers (a go statement's fiber was counted when it was queued).
func (m *Machine) linkAll(f *Fiber) {
	f.setFlag(fLive)
	if !f.has(fRecyclable) {
		x := f.ensureExt()
		f.setFlag(fHandled)
		x.allNext = m.handles
		if m.handles != nil {
			m.handles.ext.allPrev = f
		}
		m.handles = f
		return
	}
	if f.has(fLinked) {
		m.deadLinked-- // a recycled record the list still holds
		return
	}
	f.setFlag(fLinked)
	f.allNext = m.allHead
	m.allHead = f
}

// unlinkAll marks f, which has ended, no longer live and uncounts it: off
// the handles list at once, off the go-statement list at a later sweep.
func (m *Machine) unlinkAll(f *Fiber) {
	if !f.has(fLive) {
		return
	}
	f.clearFlag(fLive)
	m.dropFiber()
	if f.has(fHandled) {
		x := f.ext
		if x.allPrev != nil {
			x.allPrev.ext.allNext = x.allNext
		} else {
			m.handles = x.allNext
		}
		if x.allNext != nil {
			x.allNext.ext.allPrev = x.allPrev
		}
		x.allPrev, x.allNext = nil, nil
		return
	}
	m.deadLinked++
	if m.deadLinked > m.nfibers+64 {
		m.sweepDead()
	}
}

// sweepDead takes the Dead entries off the go-statement list.
func (m *Machine) sweepDead() {
	for pp := &m.allHead; *pp != nil; {
		f := *pp
		if f.state == Dead {
			*pp, f.allNext = f.allNext, nil
			f.clearFlag(fLinked)
			continue
		}
		pp = &f.allNext
	}
	m.deadLinked = 0
}

// eachFiber calls fn for every live fiber of the machine (in no
// particular order); fn must not end fibers.
func (m *Machine) eachFiber(fn func(*Fiber)) {
	for f := m.allHead; f != nil; {
		next := f.allNext
		if f.state != Dead {
			fn(f)
		}
		f = next
	}
	for f := m.handles; f != nil; {
		next := f.ext.allNext
		fn(f)
		f = next
	}
}
