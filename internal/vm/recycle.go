package vm

import "unsafe"

// Fiber records: creation, and reuse of the records of ended go
// statements.

// newFiber makes a fiber that will call fn with args (receiver first) and
// free variables free. A fiber that can have a handle (main, fiber.Spawn's
// children, host spawns) gets a new record; a go statement's (newGoFiber)
// may reuse one.
func (m *Machine) newFiber(fn *Func, args, free []Value) *Fiber {
	m.addFiber()
	return m.makeFiber(fn, args, free, m.newID(), false)
}

// newGoFiber is newFiber for a go statement: its fiber is recycled when it
// ends (see recycle).
func (m *Machine) newGoFiber(fn *Func, args, free []Value) *Fiber {
	m.addFiber()
	return m.makeFiber(fn, args, free, m.newID(), true)
}

// makeFiber returns a fiber with id, linked, ready to call fn with args
// and free variables free; the caller has counted it in nfibers. A go
// statement's fiber (goStmt) may take a recycled record and is recycled
// when it ends; other fibers never are: a reused record may still be on
// the go-statement list (see linkAll).
func (m *Machine) makeFiber(fn *Func, args, free []Value, id int64, goStmt bool) *Fiber {
	n := max(int(fn.NRegs), 1) // no guard slot: a call grows the stack first
	var f *Fiber
	if k := len(m.freeFibers); goStmt && k > 0 && len(m.freeFibers[k-1].stack) >= n {
		// A recycled fiber: zeroed, with its stack and a one-frame
		// frames slice (see recycle).
		f = m.freeFibers[k-1]
		m.freeFibers[k-1] = nil
		m.freeFibers = m.freeFibers[:k-1]
	} else {
		f = allocFiber(n)
		f.frames = f.frame0[:1:1]
	}
	f.M, f.state = m, Runnable // a recycled record was Dead
	copy(f.stack, args)
	copy(f.stack[fn.NParams:], free)
	copy(f.stack[fn.ConstBase:], fn.Consts)
	f.frames[0] = Frame{fn: fn, ret: -1}
	f.ID = id
	if goStmt {
		f.setFlag(fRecyclable)
	}
	m.linkAll(f)
	return f
}

// Fiber recycling. A fiber started by a go statement is referenced, once
// it has ended, by nothing that can still reach it as a live fiber: no
// guest handle names it (fiber.Spawn's children are not recycled), no
// child records it as its parent (spawning a joinable child pins it), and
// every host wait queue and timer refers to it through a Token, which a
// recycled fiber's ever-growing park count (gen) makes stale. Such a fiber
// goes, cleared, onto its machine's free list, and the next fiber started
// there reuses its record, stack and frame array: spawning costs no
// allocation in the steady state of a program that starts many short
// goroutines, and leaves nothing for the host collector.
const (
	maxFreeFibers = 4096 // fibers kept per machine
	maxFreeStack  = 128  // values; a fiber with a larger stack is not kept
	maxFreeFrames = 16   // frames; a larger frame array is dropped
)

// recycle puts a dead fiber on the free list if it may be reused; it
// reports whether it did. Its stack is cleared, so it keeps nothing alive.
func (m *Machine) recycle(f *Fiber) bool {
	if !f.has(fRecyclable) || len(m.freeFibers) >= maxFreeFibers || len(f.stack) > maxFreeStack || f.hostTop != 0 {
		return false
	}
	stack, frames, gen := f.stack, f.frames, f.gen
	clear(stack)
	inline := cap(frames) == 0 || &frames[:1][0] == &f.frame0[0]
	if inline || cap(frames) > maxFreeFrames {
		frames = nil
	} else {
		clear(frames[:cap(frames)])
	}
	// Cleared but for its place on the list of fibers (see linkAll).
	*f = Fiber{stack: stack, gen: gen, state: Dead, flags: f.flags & (fLinked | fGrown), allNext: f.allNext}
	if frames != nil {
		f.frames = frames[:1]
	} else {
		f.frames = f.frame0[:1:1]
	}
	m.freeFibers = append(m.freeFibers, f)
	return true
}

// allocFiber returns a zeroed fiber with a stack of n values. A small
// first stack is allocated together with the fiber record (one allocation
// instead of two; the size class of the pair is the same as of the two
// apart, so a parked fiber costs the same); a grown stack is a separate
// slice, and the inline one then stays unused until the fiber is
// collected.
func allocFiber(n int) *Fiber {
	if f, stack := allocWith[Fiber](n); f != nil {
		f.stack = stack
		return f
	}
	return &Fiber{stack: make([]Value, n)}
}

// allocWith allocates an H and n values (1 <= n <= inlineStackMax) as one
// object, the values right after the H; nil for any other n.
func allocWith[H any](n int) (*H, []Value) {
	switch n {
	case 1:
		return with[H, [1]Value]()
	case 2:
		return with[H, [2]Value]()
	case 3:
		return with[H, [3]Value]()
	case 4:
		return with[H, [4]Value]()
	case 5:
		return with[H, [5]Value]()
	case 6:
		return with[H, [6]Value]()
	case 7:
		return with[H, [7]Value]()
	case 8:
		return with[H, [8]Value]()
	}
	return nil, nil
}

// with allocates an H followed by R, an array of Values, as one object.
func with[H, R any]() (*H, []Value) {
	x := new(struct {
		h H
		r R
	})
	return &x.h, unsafe.Slice((*Value)(unsafe.Pointer(&x.r)), unsafe.Sizeof(x.r)/unsafe.Sizeof(Value{}))
}

// inlineStackMax is the largest stack allocFiber allocates with the fiber.
const inlineStackMax = 8
