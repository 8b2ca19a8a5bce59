package vm

import "unsafe"

// The run queue.
//
// A machine's run queue is a FIFO ring of entries, each either a runnable
// fiber or a go statement whose fiber has not started yet (a spawnRec).
// Whichever kind an entry is, it runs in its turn, so deferring the start
// of a fiber changes nothing in the schedule. (The one exception to FIFO
// order is outside the queue: Machine.runnext, the fiber the running one
// woke, runs first, or goes to the tail when the running fiber yields or
// recovers from a panic.)
//
// Why not start the fiber at once: a fiber record and its first stack cost
// a few hundred bytes, a spawnRec only the callee, the id and the values of
// the arguments and captured variables. A program that starts many
// goroutines before any of them runs (skynet starts a million leaves while
// their parents wait) holds that many spawnRecs, not that many fibers, and
// each leaf, when its turn comes, takes a fiber record another one left on
// the free list (see recycle). A spawnRec counts as a live fiber
// (NumFibers, runtime.NumGoroutine) and appears in a dump as a runnable
// fiber at the start of its function.
//
// Invariants: buf's length is zero or a power of two; the n entries from
// head (wrapping) are live and every other slot is zero, so a popped entry
// keeps nothing reachable.
type runq struct {
	buf  []runEntry
	head int
	n    int
}

type runEntry struct {
	f *Fiber    // a runnable fiber, or nil:
	s *spawnRec // a go statement not started yet
}

// spawnRec is a go statement whose fiber has not started: fn, the id the
// fiber will have, and, allocated with the record, fn.NParams+fn.NFree
// values for its first registers (arguments, then free variables).
type spawnRec struct {
	fn *Func
	id int64
}

// maxSpawnVals is the largest number of values a spawnRec carries (see
// allocWith); a go statement with more starts its fiber at once.
const maxSpawnVals = inlineStackMax

// maxFreeSpawns is the number of started spawnRecs a machine keeps for
// reuse, per number of values.
const maxFreeSpawns = 4096

// newSpawn returns a spawnRec for fn, reused or new, or nil if fn takes too
// many values.
func (m *Machine) newSpawn(fn *Func) *spawnRec {
	n := fn.NParams + fn.NFree
	if n <= maxSpawnVals {
		if l := m.freeSpawns[n]; len(l) > 0 {
			s := l[len(l)-1]
			m.freeSpawns[n] = l[:len(l)-1]
			s.fn = fn
			return s
		}
	}
	s := allocSpawn(n)
	if s != nil {
		s.fn = fn
	}
	return s
}

func allocSpawn(n int32) *spawnRec {
	if n == 0 {
		return new(spawnRec)
	}
	s, _ := allocWith[spawnRec](int(n))
	return s
}

// vals returns the values allocated with s (see newSpawn).
func (s *spawnRec) vals() []Value {
	n := int(s.fn.NParams + s.fn.NFree)
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*Value)(unsafe.Add(unsafe.Pointer(s), unsafe.Sizeof(spawnRec{}))), n)
}

func (q *runq) push(e runEntry) {
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)&(len(q.buf)-1)] = e
	q.n++
}

func (q *runq) pushFront(e runEntry) {
	if q.n == len(q.buf) {
		q.grow()
	}
	q.head = (q.head - 1) & (len(q.buf) - 1)
	q.buf[q.head] = e
	q.n++
}

// dropBack removes the last entry if it is f, and reports whether it did.
func (q *runq) dropBack(f *Fiber) bool {
	if q.n == 0 {
		return false
	}
	i := (q.head + q.n - 1) & (len(q.buf) - 1)
	if q.buf[i].f != f {
		return false
	}
	q.buf[i] = runEntry{}
	q.n--
	return true
}

// shift removes and returns the first entry; the queue must not be empty.
func (q *runq) shift() runEntry {
	e := q.buf[q.head]
	q.buf[q.head] = runEntry{}
	q.head = (q.head + 1) & (len(q.buf) - 1)
	q.n--
	if len(q.buf) > runqKeep && q.n < len(q.buf)/4 {
		q.resize(len(q.buf) / 2) // a burst is over: give its ring back
	}
	return e
}

// runqKeep is the smallest ring the queue shrinks from.
const runqKeep = 1 << 12

func (q *runq) grow() { q.resize(max(2*len(q.buf), 16)) }

func (q *runq) resize(size int) {
	nb := make([]runEntry, size)
	for i := range q.n {
		nb[i] = q.buf[(q.head+i)&(len(q.buf)-1)]
	}
	q.buf, q.head = nb, 0
}

// each calls fn for every entry, first to last.
func (q *runq) each(fn func(*runEntry)) {
	for i := range q.n {
		fn(&q.buf[(q.head+i)&(len(q.buf)-1)])
	}
}

// spawn queues a go statement (s from newSpawn, its values filled in).
func (m *Machine) spawn(s *spawnRec) {
	s.id = m.newID()
	m.addFiber()
	m.rq.push(runEntry{s: s})
}

// startSpawn makes the fiber of a queued go statement.
func (m *Machine) startSpawn(s *spawnRec) *Fiber {
	fn := s.fn
	vals := s.vals()
	f := m.makeFiber(fn, vals[:fn.NParams], vals[fn.NParams:], s.id, true) // counted in nfibers since spawn
	if l := m.freeSpawns[len(vals)]; len(l) < maxFreeSpawns {
		clear(vals)
		*s = spawnRec{}
		m.freeSpawns[len(vals)] = append(l, s)
	}
	return f
}
