package vm

import (
	"bufio"
	"container/heap"
	"context"
	"fmt"
	"go/types"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"
)

// Program is a compiled guest program, shared read-only by every Machine
// that runs it.
type Program struct {
	Init, Main *Func
	Globals    []*Type // package-level variables, by OpGlobal index
	// RuntimeErrorType is the guest type (runtime.Error implementation)
	// that run-time errors are raised as.
	RuntimeErrorType *Type
	// PanicNilType is the guest *runtime.PanicNilError type.
	PanicNilType *Type
	// HostErrorType is the guest *runtime.hostError type: errors returned
	// by host functions an embedding program registers.
	HostErrorType *Type
	// ErrorType is the guest `error` interface type.
	ErrorType *Type
	// StringerMethods etc. are looked up by name on dynamic types.
}

// Config is what one run of a program needs from its host.
type Config struct {
	Stdout, Stderr io.Writer
	Stdin          io.Reader
	Args           []string
	Env            []string
	Seed           uint64
	Budget         int // reductions per slice (default 4000)
	MaxStack       int // bytes (default 8 MiB)
	Context        context.Context
	// NoStarveWarning turns off the warning about a fiber that runs for
	// more than a second without blocking.
	NoStarveWarning bool
}

// Machine runs one program on one OS thread: it is a shard. Everything here
// is owned by the goroutine running Run; nothing is shared with other
// Machines except the immutable Program.
type Machine struct {
	Prog    *Program
	Config  Config
	globals []Value
	// globalPtrs is the address of each package-level variable (zero-size
	// ones all share zerobase, as gc gives them one address).
	globalPtrs []*Value
	zerobase   Value

	// ip and rp hold the running fiber's dispatch loop state across a
	// call to one of its slow paths (slow, sendSlow, recvSlow): only one fiber runs
	// on a machine at a time, so they live here rather than in every
	// fiber. A host callback (CallGuest) runs the same fiber nested and
	// leaves them as its own last slow path set them; the outer slow
	// path writes its own back before it returns.
	ip *Instr
	rp unsafe.Pointer

	rq runq // the run queue (runq.go)
	// lastReason and lastReasonIdx cache the last wait reason interned
	// (reasonIndex).
	lastReason    string
	lastReasonIdx uint16
	// runnext is a fiber the running fiber woke: it runs when the running
	// fiber's slice ends by parking or finishing, in the rest of that
	// slice's budget, ahead of the run queue, as Go's runnext does.
	// Handing the budget on keeps a pair of fibers waking each other from
	// starving the rest: their turn ends when the budget does.
	runnext *Fiber
	cur     *Fiber
	main    *Fiber
	// allHead and handles are the two lists of the machine's fibers (see
	// linkAll); nfibers counts the live ones, and queued go statements.
	allHead *Fiber
	handles *Fiber
	nfibers int
	// deadLinked counts the Dead entries of the allHead list.
	deadLinked int
	// freeFibers holds dead fibers kept for reuse (see recycle), as Go
	// keeps dead g's.
	freeFibers []*Fiber
	freeSpawns [maxSpawnVals + 1][]*spawnRec // started spawnRecs, by number of values
	nextID     atomic.Int64

	maxStack int // in Values
	// gcSeen is gcCycles when this shard last ran a stack-shrink pass;
	// grown lists the fibers whose stacks grew and were not shrunk since
	// (fGrown), which the pass visits (shrink.go).
	gcSeen       uint32
	grown        []*Fiber
	shrinkPasses atomic.Uint64
	budget       int
	rng          uint64

	Out      *bufio.Writer
	exitCode int
	exited   bool

	// shutdown: the run's context was cancelled; every fiber is being
	// unwound (its deferred calls run) until shutdownDeadline.
	shutdown         bool
	shutdownDeadline time.Time

	dumpReq      chan chan string // RequestDump's requests
	mainReturned bool             // main returned; waiting for joinable fibers

	timers timerHeap
	tseq   uint64
	slices int
	start  time.Time

	g        *Group // the run this machine is a shard of (group.go)
	shard    int    // index in the group; 0 runs main
	needInit bool   // package initialisation runs before the first fiber
	// initing is set while the package initialisation runs (a frameInit
	// frame is live): fibers other shards start here meanwhile wait in
	// initWait, as Go starts nothing but init's own goroutines before
	// every init has returned.
	initing  bool
	initWait []*Fiber
	pinCPU   int // CPU to pin the thread to; -1: none

	hostData atomic.Pointer[any] // the guest std's state for this machine (HostData)

	in          inbox
	pending     int // outside work that will wake a fiber (AddPending)
	poolJobs    int // pool jobs started and not yet posted back (Offload)
	tid         int // the OS thread running the machine
	stopCtxWake func() bool
}

// NewMachine prepares a run of p.
func NewMachine(p *Program, c Config) *Machine {
	gcNotifyOnce.Do(armGCNotify)
	if c.Stdout == nil {
		c.Stdout = io.Discard
	}
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
	if c.Budget <= 0 {
		c.Budget = 4000
	}
	if c.MaxStack <= 0 {
		c.MaxStack = 8 << 20
	}
	if c.Context == nil {
		c.Context = context.Background()
	}
	m := &Machine{
		Prog:     p,
		Config:   c,
		budget:   c.Budget,
		maxStack: c.MaxStack / 8, // a register counts as one 8-byte word, as in gc's frames
		rng:      c.Seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D,
		Out:      bufio.NewWriterSize(c.Stdout, 32<<10),
		dumpReq:  make(chan chan string),
		in:       inbox{sig: make(chan struct{}, 1)},
		start:    time.Now(),
		pinCPU:   -1,
	}
	m.zerobase = Value{R: []Value{}}
	m.globals = make([]Value, len(p.Globals))
	m.globalPtrs = make([]*Value, len(p.Globals))
	for i, t := range p.Globals {
		m.globalPtrs[i] = &m.globals[i]
		if t.isEmptyAgg() {
			m.globalPtrs[i] = &m.zerobase
		}
	}
	return m
}

// initGlobals gives every package-level variable its zero value. A
// variable too large for spindle (past MaxAllocValues elements) ends the
// run with a run-time error instead of taking the host down.
func (m *Machine) initGlobals() (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			e, isRT := r.(*rtError)
			if !isRT {
				panic(r)
			}
			m.Out.Flush()
			fmt.Fprintf(m.Config.Stderr, "panic: %s\n\ngoroutine 1 [running]:\n", e.msg)
			m.exit(2)
			ok = false
		}
	}()
	for i, t := range m.Prog.Globals {
		m.globals[i] = t.Zero()
	}
	return true
}

// rand returns the next number of the machine's seeded generator
// (xorshift64*): map order and select choices come from here, so a run is a
// function of the seed.
func (m *Machine) rand() uint64 {
	x := m.rng
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	m.rng = x
	return x * 2685821657736338717
}

// Rand exposes the generator to host functions.
func (m *Machine) Rand() uint64 { return m.rand() }

// Now returns the monotonic time since the machine started.
func (m *Machine) Now() time.Duration { return time.Since(m.start) }

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

// newFiber makes a fiber that will call fn with args (receiver first) and
// free variables free. A fiber that can have a handle (main, fiber.Spawn's
// children, host spawns) gets a new record; a go statement's (newGoFiber)
// may reuse one.
func (m *Machine) newFiber(fn *Func, args, free []Value) *Fiber {
	m.nfibers++
	return m.makeFiber(fn, args, free, m.newID(), false)
}

// newGoFiber is newFiber for a go statement: its fiber is recycled when it
// ends (see recycle).
func (m *Machine) newGoFiber(fn *Func, args, free []Value) *Fiber {
	m.nfibers++
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

// HostData returns the host bindings' state for this machine, creating it
// with create on first use (safe from any goroutine; one value wins).
func (m *Machine) HostData(create func() any) any {
	if p := m.hostData.Load(); p != nil {
		return *p
	}
	v := create()
	if m.hostData.CompareAndSwap(nil, &v) {
		return v
	}
	return *m.hostData.Load()
}

// newID returns a fresh fiber id: shard k's ids are k<<40 + n, so ids are
// unique across shards and a one-shard run numbers its fibers 0, 1, 2...
// Safe from any thread (a remote spawn takes its id from the target).
func (m *Machine) newID() int64 { return int64(m.shard)<<40 + m.nextID.Add(1) - 1 }

// Spawn starts a new fiber calling c with args; it is runnable at once.
func (m *Machine) Spawn(c *Closure, args []Value) *Fiber {
	f := m.newFiber(c.Fn, args, c.Free)
	m.ready(f)
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
	}()
	if !m.initGlobals() {
		return m.exitCode
	}
	p := m.Prog
	f := m.newFiber(p.Main, nil, nil)
	m.pushInit(f)
	m.main = f
	m.ready(f)
	m.loop()
	return m.exitCode
}

// loop is the scheduler loop: it runs slices and idles until the machine
// exits.
func (m *Machine) loop() {
	for !m.exited {
		// Run slices until the run queue is empty; a guest panic comes
		// back here with the fiber it happened on.
		f, p := m.runSlices()
		if p != nil {
			st := stPark
			if m.handleSafe(f, p) {
				st = stContinue // the fiber runs on from its recovery point
			} else if f.has(fFinished) {
				st = stDone
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
		if m.exited || !m.idle() {
			break
		}
	}
}

// handleSafe is handle for the scheduler loop: unwinding runs builtin and
// host deferred calls on the spot (defer panic(x), defer f.Close()), and a
// panic they raise is a new panic of the same fiber, handled in turn.
func (m *Machine) handleSafe(f *Fiber, p any) bool {
	for {
		ok, np := m.tryHandle(f, p)
		if np == nil {
			return ok
		}
		p = np
	}
}

func (m *Machine) tryHandle(f *Fiber, p any) (ok bool, np any) {
	defer func() {
		if r := recover(); r != nil {
			np = classifyPanic(r)
		}
	}()
	return m.handle(f, p), nil
}

// classifyPanic keeps the VM's own panic values and turns any other Go
// panic into a spindle bug report.
func classifyPanic(r any) any {
	switch r.(type) {
	case *GuestPanic, *rtError, *fatalError, *exitSignal, *bugError, *stackOverflow, *goexitSignal:
		return r
	}
	return &bugError{msg: fmt.Sprintf("%v\n%s", r, debug.Stack())}
}

// runSlices runs fibers from the run queue, one slice each, until the queue
// is empty or the machine exits. A guest panic (or any Go panic) in a
// slice returns the fiber and the panic value.
func (m *Machine) runSlices() (pf *Fiber, p any) {
	defer func() {
		if r := recover(); r != nil {
			pf, p = m.cur, classifyPanic(r)
		}
	}()
	ctx := m.Config.Context
	for !m.exited {
		f := m.pop()
		if f == nil {
			return nil, nil
		}
		m.slices++
		if m.slices&255 == 0 {
			m.serveDump()
			m.pollOutside()
			// Busy fibers must not starve timers or ignore cancellation.
			if ctx.Err() != nil {
				if m.beginShutdown() {
					return nil, nil
				}
			}
			m.fireTimers()
		}
		m.cur = f
		if m.shutdown && !f.has(fCancelSeen) {
			// A runnable fiber is unwound at the start of its next slice.
			f.setFlag(fCancelled | fCancelSeen)
			f.state = Running
			if !m.handle(f, &goexitSignal{cancel: true}) {
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
		} else {
			f.budget = int32(m.budget)
		}
		st := m.exec(f)
		f = m.cur // the dispatch loop may have switched fibers (switchFrom)
		m.cur = nil
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
	if m.exited || m.shutdown || (m.slices+1)&255 == 0 {
		return nil
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
	if f.ext != nil {
		f.ext.hotSince = time.Time{}
	}
	m.slices++
	m.cur = nf
	nf.state = Running
	nf.budget = budget
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
		m.noteHot(f)
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
	default:
		if f.ext != nil {
			f.ext.hotSince = time.Time{}
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
	if len(m.timers) > 0 || m.pending > 0 {
		d := time.Duration(-1)
		if len(m.timers) > 0 {
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

// fireTimers runs the callbacks of every timer that is due.
func (m *Machine) fireTimers() {
	if len(m.timers) == 0 {
		return
	}
	now := m.Now()
	for len(m.timers) > 0 && m.timers[0].when <= now {
		t := heap.Pop(&m.timers).(*Timer)
		t.fired = true
		t.fn()
	}
}

// Dump describes every live fiber like Go's goroutine dump.
func (m *Machine) Dump() string {
	type entry struct {
		id int64
		f  *Fiber
		s  *spawnRec // a go statement not started yet
	}
	es := make([]entry, 0, m.nfibers)
	m.eachFiber(func(f *Fiber) { es = append(es, entry{id: f.ID, f: f}) })
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
			fmt.Fprintf(&b, "goroutine %d [runnable]:\n%s()\n\t%s:%d\n", s.id+1, s.fn.Name, s.fn.File, s.fn.lineAt(0))
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

// Timer is a pending timer of a machine.
type Timer struct {
	when  time.Duration
	seq   uint64
	fn    func()
	index int
	fired bool
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
	heap.Remove(&m.timers, t.index)
	return true
}

// run1Protected runs a slice of f's host callback (CallGuest): run1, not
// exec, since no other fiber may run while a host function is on the Go
// stack; a panic comes back as p.
func (m *Machine) run1Protected(f *Fiber) (st status, p any) {
	defer func() {
		if r := recover(); r != nil {
			p = classifyPanic(r)
		}
	}()
	return m.run1(f), nil
}

type stackOverflow struct{ need int }

func (m *Machine) stackOverflow(f *Fiber, need int) {
	panic(&stackOverflow{need: need})
}

// handle deals with a panic raised while running f. It reports whether f
// can continue (its frames now set up to run a deferred call or the
// recovery path).
func (m *Machine) handle(f *Fiber, p any) bool {
	switch e := p.(type) {
	case *GuestPanic:
		return m.startPanic(f, e.Val)
	case *rtError:
		return m.startPanic(f, m.rtErrorValue(e))
	case *goexitSignal:
		// Goexit (and cancellation) unwinds like a panic that recover
		// cannot stop.
		if f.has(fHandlersRun) {
			// Cancelled again inside an OnCancelled handler: just finish.
			f.frames = f.frames[:0]
			f.setFlag(fFinished)
			return false
		}
		f.setPanic(&panicRec{goexit: true, link: f.panicking()})
		return m.unwind(f)
	case *fatalError:
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "fatal error: %s\n\n%s", e.msg, m.Dump())
		m.exit(2)
	case *stackOverflow:
		if f.has(fJoinable) && !f.has(fHandlersRun) {
			f.end = EndOverflow
			f.x().overflow = int64(e.need) * 8
			f.frames = f.frames[:0]
			f.setFlag(fFinished)
			return false
		}
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "runtime: goroutine stack exceeds %d-byte limit\nfatal error: stack overflow\n\ngoroutine %d [running]:\n%s", m.Config.MaxStack, f.ID+1, f.Stack())
		m.exit(2)
	case *exitSignal:
		m.exit(e.code)
	case *bugError:
		m.Out.Flush()
		fmt.Fprintf(m.Config.Stderr, "BUG: %s\n", e.msg)
		m.exit(70)
	}
	return false
}

func (m *Machine) rtErrorValue(e *rtError) Value {
	t := m.Prog.RuntimeErrorType
	return Value{R: &Iface{T: t, V: Value{R: []Value{Str(e.msg)}}}}
}

func (m *Machine) nilPanicValue() Value {
	t := m.Prog.PanicNilType
	if t == nil {
		return m.rtErrorValue(&rtError{msg: "panic called with nil argument"})
	}
	return Value{R: &Iface{T: t, V: Value{R: &Value{R: []Value{}}}}}
}

// startPanic begins unwinding f with panic value v (an interface value).
func (m *Machine) startPanic(f *Fiber, v Value) bool {
	rec := &panicRec{val: v, link: f.panicking(), stack: f.Stack()}
	if old := f.panicking(); old != nil {
		if old.recovered && samePanicValue(old.val, v) {
			// Re-panicking the value just recovered: Go reports it once,
			// as "[recovered, repanicked]".
			rec.repanicked = true
			rec.link = old.link
		} else if !old.recovered {
			old.aborted = true
		}
	}
	f.setPanic(rec)
	return m.unwind(f)
}

// unwind continues the panic of f: it sets up the next deferred call of the
// top frame, or pops frames that have none. It reports whether f still has
// guest code to run.
func (m *Machine) unwind(f *Fiber) bool {
	for {
		n := len(f.frames)
		if n == 0 {
			p := f.panicking()
			switch {
			case p.goexit:
				f.setFlag(fGoexited | fFinished)
			case f.has(fHandlersRun):
				// A panic in an OnCancelled handler aborts the program.
				m.fatalPanic(f)
			case f.has(fJoinable):
				// Kept for Join; the program goes on.
				f.end = EndPanicked
				x := f.x()
				x.panicVal = p.val
				x.panicStack = p.stack
				f.setPanic(nil)
				f.setFlag(fFinished)
			default:
				m.fatalPanic(f)
			}
			return false
		}
		fr := &f.frames[n-1]
		if d := fr.defers; d != nil {
			fr.defers = d.next
			if m.pushDefer(f, d, frameDeferPanic) {
				return true
			}
			// A builtin or host deferred call ran to completion.
			if f.panicking().recovered {
				f.setPanic(f.panicking().link)
				fr.pc = fr.fn.RecoverPC
				return true
			}
			continue
		}
		if fr.kind == frameHost {
			// Propagate through the host function that called us.
			regs := f.stack[fr.base : fr.base+fr.fn.NRegs]
			clear(regs)
			f.frames = f.frames[:n-1]
			p := f.panicking()
			f.setPanic(p.link)
			panic(&GuestPanic{Val: p.val})
		}
		regs := f.stack[fr.base : fr.base+fr.fn.NRegs]
		clear(regs)
		f.frames = f.frames[:n-1]
	}
}

// fatalPanic prints an unrecovered panic like Go and ends the program.
func (m *Machine) fatalPanic(f *Fiber) {
	m.Out.Flush()
	var chain []*panicRec
	for p := f.panicking(); p != nil; p = p.link {
		chain = append(chain, p)
	}
	var b strings.Builder
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		if i < len(chain)-1 {
			b.WriteString("\t")
		}
		b.WriteString("panic: ")
		b.WriteString(m.panicText(f, p.val))
		if p.repanicked {
			b.WriteString(" [recovered, repanicked]")
		} else if p.recovered {
			b.WriteString(" [recovered]")
		}
		b.WriteString("\n")
	}
	if m.isNilDeref(chain[0].val) {
		b.WriteString("[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n")
	}
	fmt.Fprintf(&b, "\ngoroutine %d [running]:\n%s", f.ID+1, chain[0].stack)
	io.WriteString(m.Config.Stderr, b.String())
	m.exit(2)
}

func (m *Machine) isNilDeref(v Value) bool {
	x := v.Iface()
	if x == nil || x.T != m.Prog.RuntimeErrorType {
		return false
	}
	return x.V.Slice()[0].String() == errNil.msg
}

// panicText renders a panic value as Go's printpanicval does: errors and
// Stringers through their methods, other values by kind.
func (m *Machine) panicText(f *Fiber, v Value) (s string) {
	x := v.Iface()
	if x == nil {
		return "nil"
	}
	defer func() {
		if r := recover(); r != nil {
			s = "(" + x.T.Name + ") [method panicked]"
		}
	}()
	if fn := x.T.Methods["Error"]; fn != nil && len(fn.ResultTypes) == 1 && fn.ResultTypes[0].Kind == KString && fn.NParams == 1 {
		return m.CallGuest(f, fn, nil, x.V)[0].String()
	}
	if fn := x.T.Methods["String"]; fn != nil && len(fn.ResultTypes) == 1 && fn.ResultTypes[0].Kind == KString && fn.NParams == 1 {
		return m.CallGuest(f, fn, nil, x.V)[0].String()
	}
	s = printValue(x.T, x.V)
	switch x.T.Kind {
	case KString:
		if x.T.Named {
			return x.T.Name + "(" + quoteGo(s) + ")"
		}
		return s
	case KBool, KInt, KInt8, KInt16, KInt32, KInt64, KUint, KUint8, KUint16, KUint32, KUint64, KUintptr,
		KFloat32, KFloat64, KComplex64, KComplex128:
		if x.T.Named {
			return x.T.Name + "(" + s + ")"
		}
		return s
	}
	return "(" + x.T.Name + ") " + s
}

// CallGuest calls guest function fn (with captured variables free) from
// host code running on fiber f, and returns its results. The callee may
// not park; a guest panic propagates out of CallGuest as a Go panic that
// the dispatch loop turns back into a guest panic.
func (m *Machine) CallGuest(f *Fiber, fn *Func, free []Value, args ...Value) []Value {
	m.onThread("guest code called")
	if fn.Host != nil {
		res := make([]Value, max(int(fn.NResults), len(args)))
		copy(res, args)
		fn.Host(f, res[:len(args)], res)
		return res[:fn.NResults]
	}
	base := f.hostTop
	if n := len(f.frames); n > 0 {
		top := &f.frames[n-1]
		base = max(base, top.base+top.fn.NRegs)
	}
	savedTop := f.hostTop
	defer func() { f.hostTop = savedTop }()
	need := int(base+fn.NRegs) + 1
	if !f.growStack(need) {
		m.stackOverflow(f, need)
	}
	win := f.stack[base : base+fn.NRegs]
	copy(win, args)
	copy(win[fn.NParams:], free)
	copy(win[fn.ConstBase:], fn.Consts)
	depth := len(f.frames)
	f.frames = append(f.frames, Frame{fn: fn, base: base, ret: -1, kind: frameHost})
	saved := f.budget
	f.budget = 1 << 30
	defer func() { f.budget = saved }()
	for {
		st, p := m.run1Protected(f)
		if p != nil {
			if gp, ok := p.(*GuestPanic); ok && len(f.frames) <= depth {
				panic(gp) // propagated through the frameHost boundary
			}
			switch p.(type) {
			case *GuestPanic, *rtError:
				if !m.handle(f, p) {
					panic(&exitSignal{m.exitCode})
				}
				continue
			}
			panic(p)
		}
		switch st {
		case stHostReturn:
			return f.ext.result
		case stYield:
			// A callback that spent 2^30 reductions: it goes on, as
			// nothing else can run until the host function returns.
			f.budget = 1 << 30
			continue
		case stPark:
			if f.state == Runnable && m.rq.dropBack(f) {
				// runtime.Gosched (a park its own call ended): the same.
				f.state = Running
				continue
			}
			panic(&fatalError{"spindle: a function called back from host code (a String method, a sort comparison) blocked; callbacks may not block"})
		default:
			panic(bugf("CallGuest: unexpected status %d", st))
		}
	}
}

// callHost calls host function fn with the call's arguments, writing the
// results to the caller's registers at dst.
func (m *Machine) callHost(f *Fiber, fn *Func, cs *CallSite, regs []Value, nb int32, dst int32, recv Value, hasRecv bool) {
	nargs := len(cs.Args)
	if hasRecv {
		nargs++
	}
	n := max(nargs, int(fn.NResults))
	need := int(nb) + n + 1
	if need > len(f.stack) {
		fr := &f.frames[len(f.frames)-1]
		if !f.growStack(need) {
			m.stackOverflow(f, need)
		}
		regs = f.stack[fr.base : fr.base+fr.fn.NRegs]
	}
	win := f.stack[nb : int(nb)+n]
	f.hostTop = int32(need)
	if !f.resume {
		j := 0
		if hasRecv {
			win[0] = recv
			j = 1
		}
		for _, a := range cs.Args {
			win[j] = regs[a]
			j++
		}
	}
	sl := len(f.stack)
	fn.Host(f, win[:nargs], win[:fn.NResults])
	f.hostTop = 0
	if f.state != Running {
		return
	}
	if len(f.stack) != sl { // only growStack replaces a running fiber's stack, always longer
		// A guest callback (CallGuest: a String method, a Read) grew the
		// stack: the results are in the old window, the caller's
		// registers in the new stack, whose window holds stale copies.
		fr := &f.frames[len(f.frames)-1]
		regs = f.stack[fr.base : fr.base+fr.fn.NRegs]
		clear(f.stack[nb : int(nb)+n])
	}
	// Element loops, not copy and clear: for the one or two values of a
	// typical host call, typedslicecopy and memclrHasPointers cost more
	// than the move itself, and scalars need no clearing.
	if nr := int(fn.NResults); nr > 0 {
		out := regs[dst : int(dst)+nr]
		for i := range out {
			out[i] = win[i]
		}
	}
	for i := range win {
		// Clear without clear(): most slots are already zero, and a
		// result a host function leaves unwritten must read as zero.
		if win[i].R != nil || win[i].N != 0 {
			win[i] = Value{}
		}
	}
}

// lookup finds the method of dynamic type t for an invoke call site.
func (cs *CallSite) lookup(t *Type) *Func {
	if cs.ic != nil {
		if e := cs.ic.p.Load(); e != nil && e.t == t {
			return e.fn
		}
	}
	if fn := t.Methods[cs.Method]; fn != nil {
		if cs.ic != nil {
			cs.ic.p.Store(&icEntry{t, fn})
		}
		return fn
	}
	panic(bugf("method %s not found on %s", cs.Method, t.Name))
}

func (m *Machine) missingMethod(t, iface *Type) string {
	// Find the first method of iface missing from t.
	if x, ok := iface.GoType.Underlying().(*types.Interface); ok {
		for i := 0; i < x.NumMethods(); i++ {
			name := x.Method(i).Name()
			if t.Methods[name] == nil {
				return name
			}
		}
	}
	return "?"
}

// Stderr returns the writer for guest standard error; it flushes stdout
// first so the two streams interleave as the program wrote them.
func (m *Machine) Stderr() io.Writer {
	m.Out.Flush()
	return m.Config.Stderr
}

var _ = os.Stderr

// SetMaxStack sets the stack cap of this machine's fibers (bytes, a
// register counting 8) and returns the previous one (runtime/debug).
func (m *Machine) SetMaxStack(bytes int) int {
	old := m.Config.MaxStack
	if bytes > 0 {
		m.Config.MaxStack = bytes
		m.maxStack = max(bytes/8, 1)
	}
	return old
}

// NumFibers returns the number of live fibers.
func (m *Machine) NumFibers() int { return m.nfibers }

// Funcs returns every compiled function reachable from the program's entry
// points (for disassembly and verification).
func (p *Program) Funcs() []*Func {
	seen := map[*Func]bool{}
	var out []*Func
	var visit func(fn *Func)
	visit = func(fn *Func) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, c := range fn.Calls {
			visit(c.Fn)
		}
		for _, c := range fn.Closures {
			visit(c.Fn)
		}
		for _, v := range fn.Consts {
			if c, ok := v.R.(*Closure); ok {
				visit(c.Fn)
			}
		}
		for _, t := range fn.Types {
			for _, m := range t.Methods {
				visit(m)
			}
		}
	}
	visit(p.Init)
	visit(p.Main)
	return out
}

func samePanicValue(a, b Value) bool {
	x, y := a.Iface(), b.Iface()
	if x == y {
		return true
	}
	if x == nil || y == nil || x.T != y.T || !x.T.Comparable {
		return false
	}
	return Equal(x.T, x.V, y.V)
}

// HostError returns a guest error value (an interface) with text msg.
func (m *Machine) HostError(msg string) Value {
	return Value{R: &Iface{T: m.Prog.HostErrorType, V: Value{R: &Value{R: []Value{Str(msg)}}}}}
}
