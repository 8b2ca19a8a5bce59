package vm

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The Machine: one shard's state, its construction, and the accessors
// host bindings use.

// Machine runs one program on one OS thread: it is a shard. Everything here
// is owned by the goroutine running Run (shard 0) or runShard (the
// others), except the fields documented as safe from other threads;
// nothing is shared with other Machines except the immutable Program.
type Machine struct {
	Prog    *Program
	Config  Config
	globals []Value
	// globalPtrs is the address of each package-level variable (zero-size
	// ones all share zerobase, as gc gives them one address).
	globalPtrs []*Value
	zerobase   Value

	// ip and rp hold the running fiber's dispatch loop state across a
	// call to one of its slow paths (dispatchSlow, sendSlow, recvSlow): only one fiber runs
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
	// stackCeiling is the run's cap in bytes (Config.MaxStack as the
	// run began): SetMaxStack never raises the cap above it.
	stackCeiling int
	// hostStack is the host stack the running fiber's nested host work
	// holds now, as charged (EnterHost): each CallGuest, each level of
	// fmt's printing. It counts against the guest's cap, so that a guest
	// recursing through host code (a String method printing a value
	// whose String method prints...) overflows its own stack, not the
	// host's.
	hostStack int
	// gcSeen is gcCycles when this shard last ran a stack-shrink pass;
	// grown lists the fibers whose stacks grew and were not shrunk since
	// (fGrown), which the pass visits (shrink.go).
	gcSeen       uint32
	grown        []*Fiber
	shrinkPasses atomic.Uint64
	budget       int
	rng          uint64
	fakeNow      atomic.Int64 // the virtual clock (Config.FakeTime), since start
	explore      *explorer    // nil: first in, first out (explore.go)
	bubbles      []*Bubble    // synctest bubbles with fibers (bubble.go)
	trace        *tracer      // nil unless Config.Trace (trace.go)
	// TracebackAll: an unrecovered panic prints every goroutine
	// (runtime/debug.SetTraceback("all")).
	TracebackAll bool

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
	// unpinned is the thread's affinity before setThread pinned it; nil
	// when it is not pinned.
	unpinned *unix.CPUSet

	hostData atomic.Pointer[any] // the guest std's state for this machine (HostData)
	runData  atomic.Pointer[any] // RunData's, for a machine outside a group

	in      inbox
	pending int // outside work that will wake a fiber (AddPending)
	// memLimit is the run's memory limit in bytes (Config.MemoryLimit
	// resolved; 0: none); memSince, the large allocations charged since
	// the last heap check (memguard.go).
	memLimit, memSince int64
	// memBase is the live heap when the run began, for a limit the host
	// set (the default one bounds the whole process: memBase 0).
	memBase int64
	// memCycles is gcCycles at the last heap check past the limit;
	// memLook, at the last look after a collection (checkLive).
	memCycles, memLook uint32
	// The machine's share of the run's other limits (limits.go):
	// fiberLimit is Config.MaxFibers (0: none); untilCheck counts down
	// the reductions to the next checkLimits from checkSet; fuelHeld is
	// fuel taken from the run's and not spent yet; sliceBudget is the
	// running slice's budget when it began or was last charged; cpuBase
	// is the thread's CPU time at the last check; outCut is the run's
	// output-limit flag (nil without a limit); limited says whether any of
	// fuel, CPU and output is limited (slice ends are charged).
	fiberLimit           int
	spawnCredit          int // spawns before checkSpawn's slow path
	outCut               *atomic.Bool
	limited              bool
	untilCheck, checkSet int64
	fuelHeld             int64
	sliceBudget          int32
	// traceStart is when the running slice began, for its trace event
	// (a slice held in a callback ends at the hand-off, handoff.go).
	traceStart int64
	// heldStack is the host stack the goroutines holding blocked
	// callbacks' frames keep (handoff.go), counted towards the memory
	// limit (memguard.go).
	heldStack int64
	cpuBase   int64
	// ended is closed when the machine's run is over (release): pool
	// jobs still waiting for a slot then give up (offload).
	ended chan struct{}
	// innerPending counts the pending waits that only a fiber of this
	// machine can end (AddInnerPending).
	innerPending int
	// graceWaits counts the times a virtual clock waited fakeTimeGrace
	// for outside work (GraceWaits).
	graceWaits int
	poolJobs   int // pool jobs started and not yet posted back (Offload)
	tid        int // the OS thread the machine started on (ThreadID)
	// thr is the goroutine running the shard now, active the one whose
	// scheduler loop is the shard's, root the shard's first; holders
	// lists the goroutines holding a callback's host frames (handoff.go).
	// noHold counts the host work in progress during which a callback
	// may not hand the shard off (panicText).
	thr, active, root *shardThread
	holders           []*shardThread
	noHold            int
	stopCtxWake       func() bool
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
	if c.Reductions <= 0 {
		c.Reductions = DefaultReductions
	}
	c.Reductions = min(c.Reductions, math.MaxInt32) // a fiber's budget is an int32
	var memBase int64
	switch {
	case c.MemoryLimit == 0:
		c.MemoryLimit = DefaultMemoryLimit()
	case c.MemoryLimit < 0:
		c.MemoryLimit = 0
	default:
		memBase = heapBytes("/gc/heap/live:bytes")
	}
	if c.MaxStack <= 0 {
		c.MaxStack = DefaultMaxStack
	}
	if c.Context == nil {
		c.Context = context.Background()
	}
	m := &Machine{
		Prog:     p,
		Config:   c,
		budget:   c.Reductions,
		maxStack: c.MaxStack / 8, // a register counts as one 8-byte word, as in gc's frames

		stackCeiling: c.MaxStack,
		untilCheck:   math.MaxInt64,
		checkSet:     math.MaxInt64,
		memLimit:     c.MemoryLimit,
		memBase:      memBase,
		rng:          c.Seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D,
		Out:          bufio.NewWriterSize(c.Stdout, 32<<10),
		dumpReq:      make(chan chan string),
		ended:        make(chan struct{}),
		in:           inbox{sig: make(chan struct{}, 1)},
		start:        time.Now(),
		pinCPU:       -1,
	}
	if c.Sched != SchedFIFO {
		m.explore = newExplorer(m, c.Sched)
	}
	if c.Trace {
		m.trace = &tracer{start: time.Now(), waitFrom: map[int64]traceWait{}, spawned: map[int64]traceSpawn{}}
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
		if !t.LazyGlobal() {
			m.globals[i] = t.Zero()
		}
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

// Now returns the monotonic time since the machine started: the virtual
// clock's reading with Config.FakeTime.
func (m *Machine) Now() time.Duration {
	if m.Config.FakeTime {
		return time.Duration(m.fakeNow.Load())
	}
	return time.Since(m.start)
}

// FakeEpoch is the wall time at which a virtual clock starts, as in Go's
// testing/synctest: midnight UTC, 2000-01-01.
var FakeEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Wall returns the wall-clock time: the host's, or with Config.FakeTime
// FakeEpoch plus the virtual clock's reading.
func (m *Machine) Wall() time.Time {
	if m.Config.FakeTime {
		return FakeEpoch.Add(m.Now())
	}
	return time.Now()
}

// advanceFakeTime moves the virtual clock to the next timer when nothing
// else can happen (no fiber runnable, and no outside work pending unless
// force), and fires the timers then due. It reports whether it did.
func (m *Machine) advanceFakeTime(force bool) bool {
	if !m.Config.FakeTime || len(m.timers) == 0 || m.pending > 0 && !force {
		return false
	}
	if when := m.timers[0].when; when > m.Now() {
		m.fakeNow.Store(int64(when))
	}
	m.fireTimers()
	return true
}

// RunData is HostData for the whole run: one value shared by every
// shard (a machine outside a group has its own).
func (m *Machine) RunData(create func() any) any {
	slot := &m.runData
	if m.g != nil {
		slot = &m.g.runData
	}
	if p := slot.Load(); p != nil {
		return *p
	}
	v := create()
	if slot.CompareAndSwap(nil, &v) {
		return v
	}
	return *slot.Load()
}

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

// Stderr returns the writer for guest standard error; it flushes stdout
// first so the two streams interleave as the program wrote them.
func (m *Machine) Stderr() io.Writer {
	m.Out.Flush()
	return m.Config.Stderr
}

// SetMaxStack sets the stack cap of this machine's fibers (bytes, a
// register counting 8) and returns the previous one (runtime/debug). The
// guest may lower it and raise it again, but never above the cap the run
// began with (its host's RunOptions.MaxStack): a guest must not take
// more of its host's memory than the host granted.
func (m *Machine) SetMaxStack(bytes int) int {
	old := m.Config.MaxStack
	if bytes > 0 {
		bytes = min(bytes, m.stackCeiling)
		m.Config.MaxStack = bytes
		m.maxStack = max(bytes/8, 1)
	}
	return old
}

// NumFibers returns the number of live fibers.
func (m *Machine) NumFibers() int { return m.nfibers }
