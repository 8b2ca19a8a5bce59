package vm

import (
	"container/heap"
	"math"
	"time"
)

// Bubbles: testing/synctest.
//
// A Bubble is a group of fibers on one machine with a virtual clock of its
// own, as Go's synctest bubble is: the fiber synctest.Run starts is its
// root, and every fiber a bubbled fiber starts (a go statement, an
// AfterFunc callback) joins it. Time in the bubble starts at FakeEpoch
// and moves only when the machine has nothing to run (every fiber of the
// run blocked, so every fiber of the bubble is): then, in order, a fiber
// in synctest.Wait is woken, else the bubble's clock jumps to its next
// timer, else the bubble is deadlocked and Run panics. Go counts a fiber
// blocked on a mutex or on I/O as not durably blocked; here any park
// counts once nothing else can run (pending outside work is waited for
// first, as for the virtual clock of Config.FakeTime), which is what
// lets a mutex-holding test advance where Go's would not.

// Bubble is one synctest bubble (see above).
type Bubble struct {
	m      *Machine
	now    time.Duration // the bubble's clock, since FakeEpoch
	timers timerHeap
	live   int // fibers in the bubble that have not finished
	root   *Fiber
	runner Token // the fiber in synctest.Run
	waiter Token // the fiber in synctest.Wait, if any
	// rootDone: the root has returned (time stops); deadlock is the
	// reason the bubble ended blocked ("" while it runs).
	rootDone bool
	deadlock string
}

// NewBubble starts a bubble whose root runs c, for the fiber f calling
// synctest.Run, which then parks until the bubble ends (Deadlock says
// how).
func (m *Machine) NewBubble(f *Fiber, c *Closure) *Bubble {
	b := &Bubble{m: m, runner: f.Token()}
	m.bubbles = append(m.bubbles, b)
	root := m.Spawn(c, nil)
	b.enter(root)
	b.root = root
	return b
}

// Deadlock is why the bubble ended with fibers blocked in it, "" if it
// did not.
func (b *Bubble) Deadlock() string { return b.deadlock }

// Bubble returns the bubble f belongs to, nil if none.
func (f *Fiber) Bubble() *Bubble {
	if f.ext == nil {
		return nil
	}
	return f.ext.bubble
}

// Enter makes the new fiber f (not yet run) a member of b.
func (b *Bubble) enter(f *Fiber) {
	f.ensureExt().bubble = b
	b.live++
}

// EnterNew makes the fiber f just spawned a member of b (nil: none).
func (b *Bubble) EnterNew(f *Fiber) {
	if b != nil {
		b.enter(f)
	}
}

// Waiting reports whether a fiber of b is in synctest.Wait.
func (b *Bubble) Waiting() bool { return b.waiter.Valid() }

// SetWaiter records f, a fiber of b parked in synctest.Wait, to be woken
// once the rest of b is blocked.
func (b *Bubble) SetWaiter(f *Fiber) { b.waiter = f.Token() }

// left is called when a fiber of b finishes.
func (b *Bubble) left(f *Fiber) {
	b.live--
	if f == b.root {
		b.rootDone = true
	}
	if b.live == 0 {
		b.end("")
	}
}

func (b *Bubble) end(deadlock string) {
	m := b.m
	for i, x := range m.bubbles {
		if x == b {
			m.bubbles = append(m.bubbles[:i], m.bubbles[i+1:]...)
			break
		}
	}
	b.deadlock = deadlock
	for _, t := range b.timers {
		t.index = -1 // never fires; Stop reports it was not pending
	}
	b.timers = nil
	b.runner.Wake(Value{}, true)
}

// advanceBubbles is called when nothing on the machine can run: each
// bubble's waiter wakes, or its clock moves to its next timer, or it is
// deadlocked. It reports whether anything became runnable.
func (m *Machine) advanceBubbles() bool {
	for _, b := range m.bubbles {
		// Timers already due fire first (AfterFunc(0) runs before Wait
		// returns), also once the root has returned.
		if fireDue(&b.timers, b.now) {
			return true
		}
		if b.waiter.Valid() {
			w := b.waiter
			b.waiter = Token{}
			w.Wake(Value{}, true)
			return true
		}
		if len(b.timers) > 0 && !b.rootDone {
			b.now = max(b.now, b.timers[0].when)
			fireDue(&b.timers, b.now)
			return true
		}
		if b.rootDone {
			b.end("deadlock: main bubble goroutine has exited but blocked goroutines remain")
		} else {
			b.end("deadlock: all goroutines in bubble are blocked")
		}
		return true
	}
	return false
}

// NowIn returns the time since the start of b's clock, or of the
// machine's (Now) for a nil b.
func (m *Machine) NowIn(b *Bubble) time.Duration {
	if b != nil {
		return b.now
	}
	return m.Now()
}

// WallIn returns the wall-clock time of b's clock (FakeEpoch plus its
// reading), or the machine's (Wall) for a nil b.
func (m *Machine) WallIn(b *Bubble) time.Time {
	if b != nil {
		return FakeEpoch.Add(b.now)
	}
	return m.Wall()
}

// AddTimerIn is AddTimer on b's clock (the machine's for a nil b).
func (m *Machine) AddTimerIn(b *Bubble, d time.Duration, fn func()) *Timer {
	if b == nil {
		return m.AddTimer(d, fn)
	}
	m.tseq++
	when := b.now + max(d, 0)
	if d > math.MaxInt64-b.now {
		when = math.MaxInt64 // a timer practically never due
	}
	t := &Timer{when: when, seq: m.tseq, fn: fn, b: b}
	heap.Push(&b.timers, t)
	return t
}
