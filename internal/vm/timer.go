package vm

import (
	"container/heap"
	"math"
	"time"
)

// Timers: a machine's heap of pending callbacks, run on its thread.

// fireTimers runs the callbacks of every timer that is due.
func (m *Machine) fireTimers() {
	if len(m.timers) == 0 {
		return
	}
	fireDue(&m.timers, m.Now())
}

// fireDue runs the callbacks of the timers of h due at now, in order; it
// reports whether there were any.
func fireDue(h *timerHeap, now time.Duration) bool {
	fired := false
	for len(*h) > 0 && (*h)[0].when <= now {
		t := heap.Pop(h).(*Timer)
		t.fired = true
		t.fn()
		fired = true
	}
	return fired
}

// Timer is a pending timer of a machine.
type Timer struct {
	when  time.Duration
	seq   uint64
	fn    func()
	index int
	fired bool
	b     *Bubble // the clock it runs on: nil for the machine's
}

type timerHeap []*Timer

func (h timerHeap) Len() int { return len(h) }

func (h timerHeap) Less(i, j int) bool {
	if h[i].when != h[j].when {
		return h[i].when < h[j].when
	}
	return h[i].seq < h[j].seq
}

func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}

func (h *timerHeap) Push(x any) {
	t := x.(*Timer)
	t.index = len(*h)
	*h = append(*h, t)
}

func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

// AddTimer runs fn on the machine's thread once d has passed.
func (m *Machine) AddTimer(d time.Duration, fn func()) *Timer {
	m.tseq++
	now := m.Now()
	when := now + d
	if d > math.MaxInt64-now {
		when = math.MaxInt64 // a timer practically never due
	}
	t := &Timer{when: when, seq: m.tseq, fn: fn}
	heap.Push(&m.timers, t)
	return t
}

// StopTimer cancels t; it reports whether t had not yet fired.
func (m *Machine) StopTimer(t *Timer) bool {
	if t.fired || t.index < 0 {
		return false
	}
	if t.b != nil {
		heap.Remove(&t.b.timers, t.index)
		return true
	}
	heap.Remove(&m.timers, t.index)
	return true
}
