package vm

import "slices"

// Schedule exploration.
//
// A machine normally runs its fibers first in, first out: the run queue,
// with the run-next slot for a fiber the running one woke (sched.go). That
// order is deterministic, so on one shard a run is a function of the
// program, its input and the seed, but it is also one schedule out of
// the many a real Go runtime could produce, and a concurrency bug that
// needs another stays hidden.
//
// Config.Sched picks another scheduler, still a function of Config.Seed
// alone (the machine's generator, which also orders maps and selects), so
// a schedule that fails is replayed exactly by running again with the
// same seed:
//
//   - SchedRandom is a random walk: each slice takes a uniformly chosen
//     runnable fiber, ends after a random budget of 1 to 64 reductions
//     (calls and loop back-edges, log-uniformly: short slices as likely
//     as long), and each synchronisation point ends it with probability
//     1/2.
//   - SchedPCT is probabilistic concurrency testing (Burckhardt et al.,
//     ASPLOS 2010), as Coyote and shuttle use it: every fiber gets a
//     random priority when it starts, the highest-priority runnable fiber
//     always runs, and at pctDepth-1 random synchronisation points (the
//     change points, drawn over a run length k that is itself drawn,
//     since a run's length is not known in advance) the running fiber's
//     priority drops below every other's. A bug that needs d ordering constraints is found with
//     probability at least 1/(n·k^(d-1)) per run for n fibers and k steps.
//
// The synchronisation points are where another goroutine could observe
// or change what the running one does: every channel operation (send,
// receive, select, close), every go statement, and every host function
// that returns without parking (sync.Mutex and RWMutex, WaitGroup, Cond,
// Once's slow path, time, I/O; sync/atomic's functions are calls, and
// the random walk's budget ends slices at calls). A preemption there
// ends the slice at once, just after the operation, never inside one;
// after a deferred host call (defer mu.Unlock()) it ends the slice at
// the fiber's next call or loop back-edge. Pool work (file I/O) runs on
// the shard itself while exploring, so that when its fiber resumes does
// not depend on another thread's timing.
//
// With either scheduler, the run-next slot and the dispatch loop's
// in-place switch are off, so every choice of what runs next is the
// scheduler's. Exploring is meant for one shard (the CLI sets it): with
// several, the shards' interleaving is the OS threads'.

// Sched is a machine's scheduling strategy (Config.Sched).
type Sched uint8

const (
	SchedFIFO   Sched = iota // run queue order, with run-next (the default)
	SchedRandom              // a random walk over the runnable fibers
	SchedPCT                 // priority-based (probabilistic concurrency testing)
)

// ParseSched maps a strategy's name to it.
func ParseSched(s string) (Sched, bool) {
	switch s {
	case "", "fifo":
		return SchedFIFO, true
	case "random":
		return SchedRandom, true
	case "pct":
		return SchedPCT, true
	}
	return 0, false
}

func (s Sched) String() string {
	return [...]string{"fifo", "random", "pct"}[s]
}

const (
	// pctDepth is PCT's d: the bug depth it targets, with d-1 change
	// points. Three finds the classic two- and three-step races.
	pctDepth = 3
	// PCT's k is the run length, in synchronisation points, over which
	// the change points are drawn. A run does not know its length in
	// advance, so each draws k log-uniformly from 32 to 32<<pctScales-1
	// (4096): a short test's bug is found by the small ones, a long
	// one's by the large.
	pctScales = 8
	// A random-walk slice has 1 to 2<<(randomBudgetBits-1) (64)
	// reductions.
	randomBudgetBits = 6
)

// explorer is the state of a machine whose Config.Sched is not FIFO.
type explorer struct {
	sched Sched
	// prio is each fiber's PCT priority by fiber id (a go statement not
	// started yet has its id already); higher runs first.
	prio map[int64]int64
	// steps counts synchronisation points; change holds the PCT change
	// points (in steps) not reached yet.
	steps  int
	change []int
	// low is the next priority a change point gives: below every
	// initial one, and each lower than the one before.
	low int64
}

func newExplorer(m *Machine, s Sched) *explorer {
	e := &explorer{sched: s, prio: map[int64]int64{}, low: pctDepth}
	if s == SchedPCT {
		k := uint64(32) << (m.rand() % pctScales)
		for len(e.change) < pctDepth-1 {
			if c := 1 + int(m.rand()%k); !slices.Contains(e.change, c) {
				e.change = append(e.change, c)
			}
		}
	}
	return e
}

// priority returns the PCT priority of the fiber or go statement id,
// drawing it on first sight.
func (e *explorer) priority(m *Machine, id int64) int64 {
	p, ok := e.prio[id]
	if !ok {
		p = pctDepth + 1 + int64(m.rand()>>2)
		e.prio[id] = p
	}
	return p
}

func entryID(en *runEntry) int64 {
	if en.f != nil {
		return en.f.ID
	}
	return en.s.id
}

// pick moves the run queue's entry the strategy chooses to its head.
func (e *explorer) pick(m *Machine) {
	q := &m.rq
	if q.n < 2 {
		return
	}
	var i int
	switch e.sched {
	case SchedRandom:
		i = int(m.rand() % uint64(q.n))
	case SchedPCT:
		best := int64(-1)
		for j := range q.n {
			if p := e.priority(m, entryID(&q.buf[(q.head+j)&(len(q.buf)-1)])); p > best {
				best, i = p, j
			}
		}
	}
	if i != 0 {
		mask := len(q.buf) - 1
		a, b := &q.buf[q.head], &q.buf[(q.head+i)&mask]
		*a, *b = *b, *a
	}
}

// sliceBudget is the budget of a slice the strategy starts.
func (e *explorer) sliceBudget(m *Machine) int32 {
	if e.sched == SchedRandom {
		// Log-uniform over 1..randomBudget: short slices, which split
		// a read from its write, are as likely as long ones.
		return int32(1 + m.rand()%(2<<(m.rand()%randomBudgetBits)))
	}
	return int32(m.budget)
}

// afterSync ends a channel operation of the running fiber f that did not
// park (ip is past its instruction): stYield when the strategy preempts
// f there.
func (m *Machine) afterSync(f *Fiber, ip *Instr) status {
	if m.explore != nil && m.syncPoint(f) {
		f.save(ip)
		return stYield
	}
	return stContinue
}

// syncPoint is a synchronisation point of the running fiber f, just
// after the operation: it reports whether the strategy preempts f there
// (its slice ends at once, and it stays runnable).
func (m *Machine) syncPoint(f *Fiber) bool {
	e := m.explore
	e.steps++
	switch e.sched {
	case SchedRandom:
		return m.rand()&1 == 0
	case SchedPCT:
		for i, c := range e.change {
			if c == e.steps {
				e.low--
				e.prio[f.ID] = e.low
				e.change = append(e.change[:i], e.change[i+1:]...)
				break
			}
		}
		// The highest-priority runnable fiber always runs.
		mine := e.priority(m, f.ID)
		if nf := m.runnext; nf != nil && e.priority(m, nf.ID) > mine {
			return true
		}
		q := &m.rq
		for j := range q.n {
			if e.priority(m, entryID(&q.buf[(q.head+j)&(len(q.buf)-1)])) > mine {
				return true
			}
		}
	}
	return false
}
