package vm

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Shrinking the stacks of idle fibers.
//
// A fiber's stack only grows while it runs (growStack doubles it, or
// jumps to its entry function's StackNeed). A goroutine serving a
// connection grows its stack through its first exchange and then spends
// most of its life parked, holding a stack sized for its deepest moment
// and rounded up past it by the doubling. Go's runtime shrinks goroutine
// stacks during garbage collection (shrinkstack); a shard does the same
// for its own fibers:
//
//   - Every completed collection adds one to gcCycles (a finalizer that
//     re-arms itself, installed when the first machine is made).
//   - The finalizer posts a check to every running machine (gcReach: the
//     post wakes a sleeping shard; a busy one takes it with its other
//     posts, between slices). The check runs a pass (shrinkIdle) if
//     gcCycles moved since the machine's last one, over its fibers whose
//     stacks grew (the machine's grown list: a fiber that never outgrew
//     its first stack has nothing to shrink, and a pass does not visit
//     it). A guest's runtime.GC runs one when its collection completes
//     (AfterGC).
//   - A pass shrinks only fibers that have stayed parked since the
//     previous pass: a pass sets fIdleMark on every parked fiber, and
//     every park clears it. Those fibers have been parked for at least a
//     whole collection cycle. A fiber that parks and wakes between
//     collections (a busy connection's) keeps its stack, and does not
//     shrink and regrow every cycle.
//   - The new stack holds the fiber's frames plus the largest argument
//     window of its top function's call sites (the instruction it is
//     parked at may be a host call, which re-executes with its window
//     when the fiber resumes), rounded up to the allocator's size class.
//     It replaces the old one only if that saves at least a quarter. The
//     frame array is trimmed to its frames too. A fiber that wakes and
//     calls deeper again grows again (doubling, or straight to its entry
//     function's StackNeed): like Go's, a stack shrunk at one collection
//     may regrow before the next, which the one-cycle idle rule makes
//     rare.
//
// What may point into a parked fiber's stack: only a direct channel
// operation's destination register (sudog.dst), which the pass moves.
// Host functions are handed their arguments as a window of the stack but
// keep nothing of it across a park (a parked host call re-executes with
// a fresh window); a fiber with a host callback on its stack is never
// shrunk, as its host caller holds such a window on the Go stack.
//
// docs/PERFORMANCE.md has what an idle connection's fiber costs after it.

// gcCycles counts completed garbage collections (approximately: one
// finalizer runs per cycle, after it).
var gcCycles atomic.Uint32

var gcNotifyOnce sync.Once

// gcSentinel is the object whose finalizer counts a collection. It holds
// a pointer so that it is not a tiny allocation (a finalizer on one of
// those may never run).
type gcSentinel struct{ _ *byte }

func armGCNotify() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		gcCycles.Add(1)
		gcReach.post()
		armGCNotify()
	})
}

// gcReach holds the running machines, which each collection reaches with
// a post (a shard asleep in its poller would otherwise run no pass until
// something else woke it: an idle server's connections would keep their
// stacks). A machine joins when its thread starts (setThread) and leaves
// before it closes its poller (release), under the set's lock, so no
// post reaches a closed one.
var gcReach machineSet

type machineSet struct {
	mu sync.Mutex
	ms map[*Machine]struct{}
}

func (r *machineSet) add(m *Machine) {
	r.mu.Lock()
	if r.ms == nil {
		r.ms = map[*Machine]struct{}{}
	}
	r.ms[m] = struct{}{}
	r.mu.Unlock()
}

func (r *machineSet) remove(m *Machine) {
	r.mu.Lock()
	delete(r.ms, m)
	r.mu.Unlock()
}

// post asks every machine to check for a shrink pass.
func (r *machineSet) post() {
	r.mu.Lock()
	for m := range r.ms {
		m.Post(m.maybeShrink)
	}
	r.mu.Unlock()
}

// maybeShrink runs a shrink pass if a collection completed since the
// last one.
func (m *Machine) maybeShrink() {
	if c := gcCycles.Load(); c != m.gcSeen {
		m.gcSeen = c
		m.shrinkIdle()
	}
}

// AfterGC runs a stack-shrink pass at once, for a guest runtime.GC (or
// debug.FreeOSMemory) whose collection just completed: the finalizer that
// counts it may not have run yet.
func (m *Machine) AfterGC() {
	m.gcSeen = gcCycles.Load()
	m.shrinkIdle()
}

// addGrown puts f, whose stack just grew, on the machine's list.
func (m *Machine) addGrown(f *Fiber) {
	f.setFlag(fGrown)
	if !f.has(fRecyclable) && f.ext != nil {
		f.ext.grownAt = int32(len(m.grown)) + 1
	}
	m.grown = append(m.grown, f)
}

// dropGrown takes an ended fiber that can have a handle off the list at
// once (a go statement's fiber holds nothing once ended, and leaves at
// the next pass).
func (m *Machine) dropGrown(f *Fiber) {
	x := f.ext
	if !f.has(fGrown) || x == nil || x.grownAt == 0 {
		return
	}
	if i := int(x.grownAt) - 1; i < len(m.grown) && m.grown[i] == f {
		m.grown[i] = nil
	}
	x.grownAt = 0
	f.clearFlag(fGrown)
}

// shrinkIdle is one pass: it shrinks the stacks of the grown fibers
// parked since the previous pass and marks the other parked ones. It
// visits only the machine's list of fibers whose stacks grew (fGrown,
// added by growStack), so a million parked fibers that never called
// deeper than their first stack cost a pass nothing. A fiber leaves the
// list when its stack is shrunk or it ends for good (a recycled record
// stays, with its stack, for the fiber that reuses it).
func (m *Machine) shrinkIdle() {
	m.shrinkPasses.Add(1)
	var traceStart int64
	shrunk := 0
	if m.trace != nil {
		traceStart = m.trace.now()
	}
	keep := m.grown[:0]
	for _, f := range m.grown {
		switch {
		case f == nil: // ended (dropGrown)
			continue
		case f.state == Dead && f.stack == nil:
			f.clearFlag(fGrown)
			continue
		case f.state != Parked:
		case !f.has(fIdleMark):
			f.setFlag(fIdleMark)
		case f.shrinkStack():
			shrunk++
			f.clearFlag(fGrown)
			if f.ext != nil {
				f.ext.grownAt = 0
			}
			continue
		}
		if f.ext != nil && f.ext.grownAt != 0 {
			f.ext.grownAt = int32(len(keep)) + 1
		}
		keep = append(keep, f)
	}
	clear(m.grown[len(keep):])
	m.grown = keep
	if m.trace != nil {
		m.traceGC(traceStart, shrunk)
	}
}

// shrinkStack fits f's stack and frame array, f being parked; it reports
// whether it replaced the stack.
func (f *Fiber) shrinkStack() bool {
	n := len(f.frames)
	if n == 0 || f.hostTop != 0 || len(f.stack) <= inlineStackMax || f.InCallback() {
		// A stack that small may be the one allocated with the record,
		// which a smaller one would not free.
		return false
	}
	if n == 1 {
		if &f.frames[0] != &f.frame0[0] {
			f.frame0[0] = f.frames[0]
			f.frames = f.frame0[:1]
		}
	} else if cap(f.frames) > n {
		f.frames = append([]Frame(nil), f.frames...)
	}
	f.clearDeadFrames()
	top := &f.frames[n-1]
	keep := int(top.base+top.fn.NRegs) + callWindow(top.fn)
	size := roundupsize(keep*int(valueSize), true) / int(valueSize)
	if size > len(f.stack)*3/4 {
		return false
	}
	ns := make([]Value, size)
	copy(ns, f.stack[:min(keep, len(f.stack))])
	if f.sg.direct && f.sg.dst != nil {
		old := uintptr(unsafe.Pointer(unsafe.SliceData(f.stack)))
		off := (uintptr(unsafe.Pointer(f.sg.dst)) - old) / valueSize
		if off < uintptr(keep) {
			f.sg.dst = &ns[off]
		}
	}
	f.stack = ns
	return true
}

// callWindow is what a host call of fn's needs above fn's registers: the
// larger of its arguments (with a receiver) and results, and the guard
// slot; 1 (the guard) if fn makes no calls.
func callWindow(fn *Func) int {
	w := 0
	for i := range fn.Calls {
		cs := &fn.Calls[i]
		w = max(w, len(cs.Args)+1, int(cs.NRes))
	}
	return w + 1
}

// ShrinkPasses is how many stack-shrink passes the machine ran (safe from
// any goroutine; for tests and diagnostics).
func (m *Machine) ShrinkPasses() uint64 { return m.shrinkPasses.Load() }

// StackSize is the length of f's register stack, in values.
func (f *Fiber) StackSize() int { return len(f.stack) }
