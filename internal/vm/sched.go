package vm

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"time"
)

// ready puts f at the tail of the run queue.
func (m *Machine) ready(f *Fiber) {
	f.state = Runnable
	m.rq.push(runEntry{f: f})
}

// flushNext moves the run-next fiber to the tail of the run queue.
func (m *Machine) flushNext() {
	if f := m.runnext; f != nil {
		m.runnext = nil
		m.ready(f)
	}
}

// pop takes the run-next fiber, or else the first entry of the run queue,
// starting its fiber if it is a go statement not started yet; nil if
// nothing is runnable.
func (m *Machine) pop() *Fiber {
	if m.explore != nil {
		m.flushNext()
		m.explore.pick(m)
	}
	if f := m.runnext; f != nil {
		m.runnext = nil
		return f
	}
	if m.rq.n == 0 {
		return nil
	}
	e := m.rq.shift()
	if e.f == nil {
		return m.startSpawn(e.s)
	}
	return e.f
}

// Spawn starts a new fiber calling c with args; it is runnable at once.
// It is the runtime's own (a timer's AfterFunc, a finalizer): past the
// fiber limit the run ends.
func (m *Machine) Spawn(c *Closure, args []Value) *Fiber {
	f := m.newFiber(c.Fn, args, c.Free)
	m.ready(f)
	m.checkHostSpawn()
	return f
}

// Run runs the program to completion and returns its exit status.
func (m *Machine) Run() (code int) {
	// A machine is a shard: one OS thread runs all of its fibers.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m.setThread()
	defer func() {
		m.Out.Flush()
		m.awaitPool(time.Second)
		m.release()
		m.unpinThread()
	}()
	if !m.initGlobals() {
		return m.exitCode
	}
	p := m.Prog
	f := m.newFiber(p.Main, nil, nil)
	m.pushInit(f)
	m.main = f
	m.ready(f)
	m.schedule()
	return m.exitCode
}

// schedule is the scheduler loop: it runs slices and idles until the machine
// exits.
func (m *Machine) schedule() {
	// A goroutine holding a callback's frames that the scheduler resumed
	// (handoff.go) leaves the loop, its slice filed, once it is not the
	// shard's scheduler.
	for !m.exited && m.active == m.thr {
		// Run slices until the run queue is empty; a guest panic comes
		// back here with the fiber it happened on.
		f, p := m.drainRunQueue()
		if p != nil {
			st := stPark
			if m.handlePanics(f, p) {
				st = stContinue // the fiber runs on from its recovery point
			} else if f.has(fFinished) {
				st = stDone
			}
			if f != nil && m.limited && !m.exited {
				m.endSlice(f) // a recovered fiber's slice goes on from here
			}
			m.cur = nil
			if m.exited {
				break
			}
			if st == stContinue {
				// Keep the fiber running in its current slice.
				m.flushNext()
				m.pushFront(f)
				f.state = Runnable
				f.setFlag(fKeepBudget)
				continue
			}
			m.afterSlice(f, st)
			continue
		}
		if m.exited || m.active != m.thr || !m.idle() {
			break
		}
	}
	m.retire()
}

// drainRunQueue runs fibers from the run queue, one slice each, until the queue
// is empty or the machine exits. A guest panic (or any Go panic) in a
// slice returns the fiber and the panic value.
func (m *Machine) drainRunQueue() (pf *Fiber, p any) {
	defer func() {
		if r := recover(); r != nil {
			pf, p = m.cur, classifyPanic(r)
		}
	}()
	ctx := m.Config.Context
	for !m.exited {
		if m.active != m.thr {
			// A holder whose fiber's slice (or its unwinding, at a
			// cancel) is over: the shard goes back to the scheduler
			// (retire).
			return nil, nil
		}
		f := m.pop()
		if f == nil {
			return nil, nil
		}
		m.slices++
		if m.slices&255 == 0 {
			// Output written by fibers that keep the shard busy reaches
			// the host within these checks' period (Go's stdout is not
			// buffered at all).
			if m.Out.Buffered() > 0 {
				m.Out.Flush()
			}
			m.serveDump()
			m.pollOutside()
			// Busy fibers must not starve timers or ignore cancellation.
			if ctx.Err() != nil {
				if m.beginShutdown() {
					return nil, nil
				}
			}
			if m.Config.CPULimit > 0 {
				// A shard whose slices are short (they park) reads its CPU
				// clock here; one whose slices spend their budgets reaches
				// a check by its reductions too.
				if m.checkLimits(); m.exited {
					return nil, nil
				}
			}
			if m.checkLive(); m.exited {
				return nil, nil // past the memory limit (memguard.go)
			}
			m.fireTimers()
		}
		m.cur = f
		if f.held() {
			// Its callback's host frames are on another goroutine: the
			// slice runs there (and a cancelled run unwinds it there).
			f.state = Running
			f.clearFlag(fKeepBudget)
			f.budget = int32(m.budget)
			if m.trace != nil {
				m.traceStart = m.traceSliceStart(f)
			}
			m.resumeHolder(f)
			if m.exited {
				return nil, nil
			}
			continue
		}
		if m.shutdown && !f.has(fCancelSeen) {
			// A runnable fiber is unwound at the start of its next slice.
			f.setFlag(fCancelled | fCancelSeen)
			f.state = Running
			if !m.handlePanic(f, &goexitSignal{cancel: true}) {
				m.cur = nil
				if f.has(fFinished) {
					m.afterSlice(f, stDone)
				}
				continue
			}
		}
		f.state = Running
		if f.has(fKeepBudget) {
			f.clearFlag(fKeepBudget)
		} else if m.explore != nil {
			f.budget = m.explore.sliceBudget(m)
		} else {
			f.budget = int32(m.budget)
		}
		m.sliceBudget = f.budget
		if m.trace != nil {
			m.traceStart = m.traceSliceStart(f)
		}
		st := m.execute(f)
		f = m.cur // the dispatch loop may have switched fibers (switchFrom)
		if m.limited && m.endSlice(f) {
			m.cur = nil
			return nil, nil // past a limit: the run ends
		}
		m.cur = nil
		if m.trace != nil {
			m.traceSliceEnd(f, m.traceStart, st)
		}
		if m.exited {
			return nil, nil
		}
		m.afterSlice(f, st)
	}
	return nil, nil
}

// switchFrom ends the slice of f, which parked, and starts the next
// runnable fiber's slice in place, for the dispatch loop. It returns nil
// when the scheduler loop must take over (nothing runnable, periodic
// checks due, shutdown, an exited or cancelled run).
func (m *Machine) switchFrom(f *Fiber) *Fiber {
	if m.exited || m.shutdown || (m.slices+1)&255 == 0 || m.explore != nil || m.trace != nil || m.active != m.thr || len(m.holders) > 0 {
		// (A fiber whose callback's frames another goroutine holds
		// runs there: resumeHolder.)
		return nil
	}
	if m.limited && m.endSlice(f) {
		return nil // past a limit: the run ends
	}
	nf, budget := m.runnext, m.leftBudget(f)
	if nf != nil {
		if budget <= 0 {
			return nil // afterSlice queues it behind the others
		}
		m.runnext = nil
	} else {
		if m.rq.n == 0 {
			return nil
		}
		nf, budget = m.pop(), int32(m.budget)
	}
	m.slices++
	m.cur = nf
	nf.state = Running
	nf.budget = budget
	m.sliceBudget = budget
	return nf
}

// leftBudget is what f, whose slice ends, hands on to the run-next fiber:
// the rest of its budget, never more than a full one (a host callback
// runs with a larger one: CallGuest).
func (m *Machine) leftBudget(f *Fiber) int32 { return min(f.budget, int32(m.budget)) }

// afterSlice files a fiber whose slice ended with status st.
func (m *Machine) afterSlice(f *Fiber, st status) {
	if nf := m.runnext; nf != nil {
		// The fiber f woke runs next, in the rest of f's slice; if f used
		// up its budget, both queue behind the others.
		if st == stYield || f.budget <= 0 {
			m.flushNext()
		} else {
			nf.budget = m.leftBudget(f)
			nf.setFlag(fKeepBudget)
		}
	}
	switch st {
	case stYield:
		m.ready(f)
		m.fireTimers()
		m.pollIfQueued()
	case stDone:
		if !m.finish(f) {
			m.ready(f) // an OnCancelled handler runs first
			return
		}
		m.fiberDone(f)
		if f == m.main && !f.has(fGoexited) && !m.shutdown {
			m.mainReturned = true
			m.g.mainReturned.Store(true)
			m.checkMainDone()
		}
	}
}

// pushFront puts f at the head of the run queue.
func (m *Machine) pushFront(f *Fiber) {
	m.rq.pushFront(runEntry{f: f})
}

// exit ends the run with status code: this shard at once, the others
// through the group.
func (m *Machine) exit(code int) {
	m.exitLocal(code)
	if m.g != nil {
		m.g.exit(code)
	}
}

// release drops every fiber and timer so nothing of the run stays
// reachable.
func (m *Machine) release() {
	gcReach.remove(m) // before the poller closes: no post may reach it
	close(m.ended)
	m.eachFiber(func(f *Fiber) {
		f.stack = nil
		f.frames = nil
		f.state = Dead
		f.clearFlag(fLive | fLinked | fHandled)
	})
	for f := m.allHead; f != nil; {
		f, f.allNext = f.allNext, nil
	}
	for f := m.handles; f != nil; {
		f, f.ext.allPrev, f.ext.allNext = f.ext.allNext, nil, nil
	}
	m.allHead, m.handles = nil, nil
	m.grown = nil
	m.rq, m.runnext = runq{}, nil
	m.freeFibers = nil
	m.freeSpawns = [maxSpawnVals + 1][]*spawnRec{}
	if m.stopCtxWake != nil {
		m.stopCtxWake()
	}
	if p := m.in.poller; p != nil {
		m.in.mu.Lock()
		m.in.poller = nil
		m.in.mu.Unlock()
		p.Close()
	}
	m.timers = nil
	m.globals = nil
	m.globalPtrs = nil
}

// fakeTimeGrace is how long, in real time, a machine on the virtual clock
// waits for pending outside work before the clock moves on without it.
const fakeTimeGrace = 20 * time.Millisecond

// innerPoll is how long, in real time, a machine on a virtual clock whose
// pending waits are all inner (AddInnerPending) polls for their readiness
// before the clock moves on.
const innerPoll = time.Millisecond

// idle is called when no fiber is runnable: it waits for the next timer or
// reports a deadlock. It returns false when the run must end.
func (m *Machine) idle() bool {
	m.Out.Flush()
	if m.Config.Context.Err() != nil || m.shutdown {
		if m.beginShutdown() || m.nfibers == 0 || time.Now().After(m.shutdownDeadline) {
			m.exitLocal(1)
			return false
		}
		if m.rq.n > 0 || m.runnext != nil {
			return true
		}
	}
	if m.drainInbox() {
		return true
	}
	virtual := m.Config.FakeTime && len(m.timers) > 0 || len(m.bubbles) > 0
	if virtual && m.pending > 0 && m.pending == m.innerPending {
		// Every pending wait is on a socket whose peer is a fiber of this
		// machine: once a short poll has found nothing ready (loopback
		// data is readable when its write returns; the poll is for the
		// readiness report), they are durably blocked, and the virtual
		// clocks move on without the grace outside work gets.
		if !m.waitOutside(innerPoll, nil) {
			return false
		}
		if m.rq.n > 0 || m.runnext != nil {
			return true
		}
		if m.pending == m.innerPending {
			if m.advanceBubbles() {
				return true
			}
			if m.advanceFakeTime(true) {
				return true
			}
		}
	}
	if m.pending == 0 && m.advanceBubbles() {
		return true
	}
	if m.advanceFakeTime(false) {
		return true
	}
	if virtual && m.pending > 0 {
		// Outside work may never finish (a signal subscription, a
		// listener): after a moment of real time with nothing from it,
		// the virtual clock moves on.
		m.graceWaits++
		if !m.waitOutside(fakeTimeGrace, nil) {
			return false
		}
		if m.rq.n == 0 && m.runnext == nil && !m.advanceBubbles() {
			m.advanceFakeTime(true)
		}
		return true
	}
	if len(m.timers) > 0 && !m.Config.FakeTime || m.pending > 0 {
		d := time.Duration(-1)
		if len(m.timers) > 0 && !m.Config.FakeTime {
			d = max(time.Until(m.start.Add(m.timers[0].when)), 0)
		}
		if !m.waitOutside(d, nil) {
			return false
		}
		m.fireTimers()
		return true
	}
	if m.g != nil && m.g.nstarted.Load() > 1 {
		// Another shard may still send work.
		return m.waitQuiescent()
	}
	if m.main.state == Dead && !m.main.has(fGoexited) && !m.mainReturned {
		return false
	}
	if m.main.has(fGoexited) && m.nfibers == 0 {
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "fatal error: no goroutines (main called runtime.Goexit) - deadlock!\n")
		m.exit(2)
		return false
	}
	m.deadlock()
	return false
}

func (m *Machine) deadlock() {
	fmt.Fprintf(m.Config.Stderr, "fatal error: all goroutines are asleep - deadlock!\n\n%s", m.Dump())
	m.exit(2)
}

// RequestDump asks the running machine for a dump of its fibers (the text
// of Dump); it is safe to call from any goroutine. It returns "" if the
// run ended first.
func (m *Machine) RequestDump(done <-chan struct{}) string {
	r := make(chan string, 1)
	select {
	case m.dumpReq <- r:
	case <-done:
		return ""
	}
	select {
	case s := <-r:
		return s
	case <-done:
		return ""
	}
}

// serveDump answers a pending dump request, between slices.
func (m *Machine) serveDump() {
	select {
	case r := <-m.dumpReq:
		m.Out.Flush() // a dump ends the process (SIGQUIT): lose no output
		r <- m.Dump()
	default:
	}
}

// beginShutdown starts unwinding every fiber after the run's context was
// cancelled: parked fibers are interrupted (a plain blocking operation
// unwinds through the deferred calls, a fiber-package one reports
// ErrCancelled), runnable ones unwind at their next slice, and OnCancelled
// handlers run. The run ends with status 1 when no fiber is left or a
// second has passed. It reports whether the run must end now.
func (m *Machine) beginShutdown() bool {
	if m.shutdown {
		return time.Now().After(m.shutdownDeadline)
	}
	m.shutdown = true
	m.shutdownDeadline = time.Now().Add(time.Second)
	m.exitCode = 1
	m.initDone() // fibers waiting for init are unwound like the others
	// Newest first, as the fibers' ids say (the lists' order depends on
	// which records were reused).
	var parked []*Fiber
	m.eachFiber(func(f *Fiber) {
		if f.state == Parked {
			parked = append(parked, f)
		}
	})
	sort.Slice(parked, func(i, j int) bool { return parked[i].ID > parked[j].ID })
	for _, f := range parked {
		f.setFlag(fCancelled)
		m.interrupt(f)
	}
	return false
}

// pollOutside takes in posted work and ready I/O between slices, without
// blocking.
func (m *Machine) pollOutside() {
	if p := m.in.poller; p != nil {
		if _, err := p.Wait(0); err != nil {
			panic(bugf("poller: %v", err))
		}
	}
	m.drainInbox()
}

// pollIfQueued submits the socket operations queued on the poller (see
// internal/poll's batch) after a slice that spent its budget or yielded:
// while fibers that do not park keep the run queue busy, queued
// operations would otherwise wait for pollOutside, 256 slices away. After
// a slice that long, one io_uring_enter (and readiness poll) costs little;
// slices that end by parking (an echo server's) keep sharing a flush.
func (m *Machine) pollIfQueued() {
	if p := m.in.poller; p != nil && p.Queued() > 0 {
		if _, err := p.Wait(0); err != nil {
			panic(bugf("poller: %v", err))
		}
	}
}

// Dump describes every live fiber like Go's goroutine dump.
func (m *Machine) Dump() string { return m.dump(nil) }

// dump is Dump without the fiber except (nil: every fiber).
func (m *Machine) dump(except *Fiber) string {
	type entry struct {
		id int64
		f  *Fiber
		s  *spawnRec // a go statement not started yet
	}
	es := make([]entry, 0, m.nfibers)
	m.eachFiber(func(f *Fiber) {
		if f != except {
			es = append(es, entry{id: f.ID, f: f})
		}
	})
	m.rq.each(func(e *runEntry) {
		if s := e.s; s != nil {
			es = append(es, entry{id: s.id, s: s})
		}
	})
	sort.Slice(es, func(i, j int) bool { return es[i].id < es[j].id })
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString("\n")
		}
		if s := e.s; s != nil {
			// Runnable, at the start of its function.
			fmt.Fprintf(&b, "goroutine %d [runnable]:\n%s()\n\t%s:%d\n", s.id+1, s.fn.Name, s.fn.FileAt(0), s.fn.lineAt(0))
			continue
		}
		f := e.f
		reason := f.WaitReason()
		switch f.state {
		case Runnable:
			reason = "runnable"
		case Running:
			reason = "running"
		}
		fmt.Fprintf(&b, "goroutine %d [%s]:\n%s", f.ID+1, reason, f.Stack())
	}
	return b.String()
}
