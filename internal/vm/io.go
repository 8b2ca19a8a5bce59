package vm

import (
	"context"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"spindle/internal/poll"
)

// Blocking work and I/O readiness reach a machine from other threads through
// its inbox: Post queues a function that the machine runs on its own thread
// between slices, or while it idles. The machine's event loop (a poll.Poller,
// created on first use) wakes it for readiness and for posts. Host code that
// parks a fiber waiting for outside work counts it with AddPending, so the
// machine does not mistake a fiber waiting for I/O for a deadlock.

// inbox is the machine's queue of posted functions.
type inbox struct {
	mu  sync.Mutex
	q   []func()
	sig chan struct{} // capacity 1: wakes an idle machine without a poller
	// poller is set once (on the machine's thread) and then only read by
	// Post, under mu.
	poller poll.Poller
	// sleeping is set while the machine blocks in its poller: only then
	// does Post pay for a wake-up (an eventfd write). The machine sets it
	// and then re-checks q; Post appends to q and then reads it; so either
	// the machine sees the post or the post sees the sleeper.
	sleeping atomic.Bool
}

// Post runs fn on the machine's thread soon. Safe from any goroutine; fn
// must not block.
func (m *Machine) Post(fn func()) {
	in := &m.in
	in.mu.Lock()
	in.q = append(in.q, fn)
	p := in.poller
	in.mu.Unlock()
	if p != nil {
		if in.sleeping.Load() {
			p.Wake()
		}
		return
	}
	select {
	case in.sig <- struct{}{}:
	default:
	}
}

// drainInbox runs the posted functions; it reports whether there were any.
func (m *Machine) drainInbox() bool {
	in := &m.in
	in.mu.Lock()
	q := in.q
	in.q = nil
	in.mu.Unlock()
	for _, fn := range q {
		fn()
	}
	return len(q) > 0
}

// AddPending counts outside work (I/O waits, pool jobs) that will wake a
// fiber; the machine only reports a deadlock when none is pending.
func (m *Machine) AddPending(n int) { m.pending += n }

// AddInnerPending counts, among the pending work (AddPending counts it
// too), the waits that only another fiber of this machine can end: a
// read or write on a socket whose peer is a socket of the same machine.
// The virtual clocks (Config.FakeTime, bubbles) do not wait for those:
// once every pending wait is one, and a poll finds nothing ready, the
// fibers are durably blocked.
func (m *Machine) AddInnerPending(n int) { m.innerPending += n }

// GraceWaits is how many times the machine's virtual clocks waited for
// pending outside work before moving on (for tests and diagnostics; read
// it after the run).
func (m *Machine) GraceWaits() int { return m.graceWaits }

// TracksInner reports whether sockets should find their peers for
// AddInnerPending: only when a virtual clock would use it.
func (m *Machine) TracksInner(f *Fiber) bool {
	return m.Config.FakeTime || f.Bubble() != nil
}

// Poller returns the machine's event loop, creating it on first use.
func (m *Machine) Poller() (poll.Poller, error) {
	if m.in.poller != nil {
		return m.in.poller, nil
	}
	p, err := poll.New(m.Config.EventLoop)
	if err != nil {
		return nil, err
	}
	m.in.mu.Lock()
	m.in.poller = p
	m.in.mu.Unlock()
	// Cancellation must wake a machine blocked in the poller.
	m.stopCtxWake = context.AfterFunc(m.Config.Context, p.Wake)
	return p, nil
}

// OthersRunnable reports whether a fiber other than the running one is
// runnable (or a go statement waits to start): work the machine will run
// before it next polls.
func (m *Machine) OthersRunnable() bool { return m.rq.n > 0 || m.runnext != nil }

// ThreadID returns the OS thread id the machine runs on (0 before Run).
func (m *Machine) ThreadID() int { return m.tid }

// onThread panics with a spindle bug unless called on the machine's
// thread: guest code and guest objects belong to it alone.
func (m *Machine) onThread(what string) {
	if m.thr != nil && syscall.Gettid() != m.thr.tid {
		panic(bugf("%s off the machine's thread", what))
	}
}

// The syscall pool runs blocking host work (file I/O, user host functions
// marked blocking) on host goroutines, a bounded number at a time, while
// the calling fiber is parked. Workers never run guest code or touch guest
// objects: the work function gets and returns host values only, and its
// result is handed to the fiber on the machine's thread. Each run has its
// own PoolSlots slots (Group.poolSem), so a run whose calls block for
// good (FIFOs nobody opens) stalls only itself; machines outside a group
// share poolSem.
const PoolSlots = 64

var poolSem = make(chan struct{}, PoolSlots)

// slots returns the pool semaphore m's jobs take.
func (m *Machine) slots() chan struct{} {
	if m.g != nil {
		return m.g.poolSem
	}
	return poolSem
}

// Offload parks f (wait reason reason) and runs work on the syscall pool;
// when it returns, f resumes and HostState holds work's result. A host
// function calls it on first entry and reads the result when Resuming. A
// result whose fiber is gone by then (cancelled) is dropped: its Drop
// method, if it has one, runs on the machine's thread.
func (m *Machine) Offload(f *Fiber, reason string, work func() any) {
	m.offload(f, reason, work, true)
}

// OffloadWait is Offload for work that waits on something outside the
// run for as long as it takes (a child process's exit): it takes no pool
// slot, so a thousand waits do not stall other runs' file I/O, and a run
// that ends does not wait for it (the host goroutine ends when the work
// does).
func (m *Machine) OffloadWait(f *Fiber, reason string, work func() any) {
	m.offload(f, reason, work, false)
}

func (m *Machine) offload(f *Fiber, reason string, work func() any, pooled bool) {
	f.ParkUnlink(reason, nil)
	tok := f.Token()
	if m.explore != nil && pooled {
		// Exploring schedules: the work runs here, holding the shard, and
		// the fiber wakes at once, so that when it resumes is a function
		// of the seed, not of when another thread finished (a file read,
		// a stat, os.Getwd). Work that waits for the outside world for
		// as long as it takes (OffloadWait) still runs on its own.
		f.SetHostState(work())
		tok.Wake(Value{}, true)
		return
	}
	m.pending++
	if pooled {
		m.poolJobs++
	}
	sem, ended := m.slots(), m.ended
	go func() {
		if pooled {
			got := false
			select {
			case sem <- struct{}{}:
				got = true
			case <-ended:
			}
			select {
			case <-ended:
				// The run ended while the job waited for a slot (the
				// slots held by calls blocked for good): its fiber is
				// gone, and the job never runs.
				if got {
					<-sem
				}
				return
			default:
			}
		}
		r := work()
		if pooled {
			<-sem
		}
		m.Post(func() {
			m.pending--
			if pooled {
				m.poolJobs--
			}
			if tok.Valid() {
				tok.f.SetHostState(r)
				tok.Wake(Value{}, true)
			} else if d, ok := r.(interface{ Drop() }); ok {
				d.Drop() // its fiber is gone: what it holds goes too
			}
		})
	}()
}

// awaitPool waits, for at most limit, for the pool jobs the run started to
// finish, so that work in flight when the run ended (a deferred Close
// running on the pool as a cancelled fiber unwound) is done before the run
// reports its end. A job still blocked after limit (a FIFO nobody opens) is
// abandoned; whatever it opens is closed by os.File's cleanup.
//
// It drains the inbox before each wait: a job's result may already be
// queued with no wake-up left for it (waitOutside took the wake-up and
// returned for the cancellation without draining), and waiting for
// another would hold the run's end for the whole limit.
func (m *Machine) awaitPool(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for m.drainInbox(); m.poolJobs > 0; m.drainInbox() {
		d := time.Until(deadline)
		if d <= 0 {
			return
		}
		if p := m.in.poller; p != nil {
			if _, err := m.sleepIn(p, d); err != nil {
				return
			}
		} else {
			t := time.NewTimer(d)
			select {
			case <-m.in.sig:
			case <-t.C:
			}
			t.Stop()
		}
	}
}

// sleepIn blocks in the poller for at most d (d < 0: no limit), announcing
// the sleep to Post (see inbox.sleeping).
func (m *Machine) sleepIn(p poll.Poller, d time.Duration) (int, error) {
	in := &m.in
	in.sleeping.Store(true)
	in.mu.Lock()
	queued := len(in.q) > 0
	in.mu.Unlock()
	if queued {
		d = 0
	}
	n, err := p.Wait(d)
	in.sleeping.Store(false)
	return n, err
}

// Valid reports whether the token's park is still in progress.
func (t Token) Valid() bool { return t.f != nil && t.f.state == Parked && t.f.gen == t.gen }

// waitOutside blocks the idle machine until a timer is due (d < 0: no
// timer), a post or I/O event arrives, a dump is requested or the run is
// cancelled. It reports false if the run must end. woke, if not nil, runs
// as soon as the wait ends, before anything that woke the machine runs.
func (m *Machine) waitOutside(d time.Duration, woke func()) bool {
	if p := m.in.poller; p != nil {
		if _, err := m.sleepIn(p, d); err != nil {
			panic(bugf("poller: %v", err))
		}
		if woke != nil {
			woke()
		}
		m.drainInbox()
		m.serveDump()
		if m.Config.Context.Err() != nil {
			return !m.beginShutdown()
		}
		return true
	}
	var tc <-chan time.Time
	if d >= 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		tc = timer.C
	}
	var r chan string
	select {
	case <-tc:
	case <-m.in.sig:
	case r = <-m.dumpReq:
	case <-m.Config.Context.Done():
	}
	if woke != nil {
		woke()
	}
	switch {
	case m.Config.Context.Err() != nil:
		return !m.beginShutdown()
	case r != nil:
		r <- m.Dump()
	}
	m.drainInbox()
	return true
}
