package vm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
//   - SchedDFS replays one path of a systematic search: the run queue's
//     order and the default budget, as FIFO without run-next, except at
//     the decision points Config.SchedPath names, where it takes another
//     choice (a delay, in delay-bounded search: Emmi, Qadeer and
//     Rakamarić, POPL 2011). The decision points are each pick among two
//     or more runnable fibers (choice i: the queue's i-th) and each
//     synchronisation point (choice 1: preempt). The machine records how
//     many choices each decision point had (DFSChoices; a synchronisation
//     point where no other fiber is runnable is none), from which the
//     driver (spindle test -explore) derives the paths with one more
//     delay; the seed plays no part in the schedule, only in map order
//     and select.
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
	SchedDFS                 // one path of a delay-bounded systematic search
)

// Choice is a decision point of a SchedDFS run where the path does not
// take the default (0): the Step-th decision (from 0) takes choice Index.
type Choice struct{ Step, Index int }

// ParseSched maps a strategy's name to it: fifo, random, pct, or
// dfs[:STEP=INDEX,...] with the path's choices in increasing steps.
func ParseSched(s string) (Sched, []Choice, error) {
	switch s {
	case "", "fifo":
		return SchedFIFO, nil, nil
	case "random":
		return SchedRandom, nil, nil
	case "pct":
		return SchedPCT, nil, nil
	case "dfs":
		return SchedDFS, nil, nil
	}
	rest, ok := strings.CutPrefix(s, "dfs:")
	if !ok {
		return 0, nil, fmt.Errorf("unknown scheduler %q (want fifo, random, pct or dfs[:STEP=CHOICE,...])", s)
	}
	var path []Choice
	for _, c := range strings.Split(rest, ",") {
		a, b, ok := strings.Cut(c, "=")
		step, err1 := strconv.Atoi(a)
		idx, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || step < 0 || idx < 1 || len(path) > 0 && step <= path[len(path)-1].Step {
			return 0, nil, fmt.Errorf("scheduler %q: want dfs:STEP=CHOICE,... with increasing steps and choices of at least 1", s)
		}
		path = append(path, Choice{step, idx})
	}
	return SchedDFS, path, nil
}

func (s Sched) String() string {
	return [...]string{"fifo", "random", "pct", "dfs"}[s]
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
	// SchedDFS: the path's choices not reached yet, the decision points
	// so far, and how many choices each had.
	path      []Choice
	decisions int
	choices   []int32
}

func newExplorer(m *Machine, s Sched) *explorer {
	e := &explorer{sched: s, prio: map[int64]int64{}, low: pctDepth, path: m.Config.SchedPath}
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
	case SchedDFS:
		i = e.decide(q.n)
	}
	if i != 0 {
		mask := len(q.buf) - 1
		a, b := &q.buf[q.head], &q.buf[(q.head+i)&mask]
		*a, *b = *b, *a
	}
}

// maxDecisions bounds the decision points a SchedDFS run reports: a
// search explores the first ones long before it could reach more.
const maxDecisions = 1 << 16

// decide is a SchedDFS decision point with n choices: the path's choice
// there, or 0.
func (e *explorer) decide(n int) int {
	step := e.decisions
	e.decisions++
	if len(e.choices) < maxDecisions {
		e.choices = append(e.choices, int32(n))
	}
	if len(e.path) > 0 && e.path[0].Step == step {
		c := e.path[0].Index
		e.path = e.path[1:]
		if c < n {
			return c
		}
	}
	return 0
}

// DFSChoices returns how many choices each decision point of m's
// SchedDFS run had, in order (nil for other schedulers).
func (m *Machine) DFSChoices() []int32 {
	if m.explore == nil || m.explore.sched != SchedDFS {
		return nil
	}
	return m.explore.choices
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
	case SchedDFS:
		if m.rq.n == 0 && m.runnext == nil {
			return false // nothing else could run: no choice to make
		}
		return e.decide(2) == 1
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
