package vm

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// Shards: M:N across cores.
//
// A Group is one run of a program on N shards. A shard is a Machine: one
// locked OS thread with its own fibers, run queue, timers, event loop,
// inbox and package-level variables. Shard 0 runs main and starts with the
// run; shard k > 0 starts (its thread, then its package initialisation) on
// first use, when work is first sent to it, so a program that never crosses
// shards runs on one thread whatever the shard count.
//
// Ownership. Everything a Machine holds is touched only by its own thread.
// The Group holds only what shards must agree on: the exit status (and
// the limit that ended the run), the count of live joinable fibers (for
// join-at-shutdown), the quiescence counters (for the all-shards deadlock
// check), what the shards charge against the run's limits (limits.go) and
// the table of started shards. Shards talk only through inboxes: Machine.SendTo queues a function
// that the target runs on its own thread; values travel as deep copies
// (CopyValue), so no guest object is ever reachable from two shards.
//
// Exit. os.Exit, a fatal panic, a deadlock, or main returning (once every
// joinable fiber on every shard has ended) end the whole group: Group.exit
// records the status (first wins) and posts an exit to every shard.
// Cancelling the run's context instead unwinds every shard's fibers on its
// own thread; the group ends when every shard has.
//
// Deadlock. A shard with nothing runnable, no timer and no outside work
// pending counts itself quiescent and sleeps on its inbox. Every cross-shard
// message is counted in flight from SendTo until the target has run it, and
// a woken shard leaves quiescence before it runs its inbox; so "every
// started shard quiescent and nothing in flight" is stable, and the shard
// that observes it reports Go's deadlock error with every shard's fibers.
// Host code wakes shards too, uncounted (a collection's stack-shrink pass,
// finalizers), so the observation and the report are made under
// quiesceMu, which a shard also takes to leave quiescence: a shard woken
// meanwhile waits until the report has read its fibers.

// MaxShards bounds the shard count.
const MaxShards = 1024

// Group is one run of a program across shards.
type Group struct {
	Prog *Program
	cfg  Config // shard 0's; others differ in Seed
	pin  bool

	mu       sync.Mutex
	shards   []*Machine   // started shards by index (nil: not started)
	count    atomic.Int32 // shard count (SetProcessorCount; written under mu)
	code     int
	exited   bool
	wg       sync.WaitGroup // threads of shards > 0
	rr       atomic.Uint64  // round-robin placement
	nstarted atomic.Int32

	joinables    atomic.Int64 // live joinable fibers, all shards
	mainReturned atomic.Bool
	quiescent    atomic.Int32
	inflight     atomic.Int64
	deadlocked   atomic.Bool
	quiesceMu    sync.Mutex // see "Deadlock" above

	dir atomic.Pointer[string] // the run's working directory (Machine.Dir)

	runData atomic.Pointer[any] // the guest std's state for the run (Machine.RunData)

	poolSem chan struct{} // the run's syscall-pool slots (see io.go)

	lim runLimits // what the shards charge against the run's limits (limits.go)
}

// NewGroup prepares a run of p on shards shards (shard 0 is created now).
// pin pins each shard's thread to a CPU (shard k on CPU k mod NumCPU).
func NewGroup(p *Program, c Config, shards int, pin bool) *Group {
	if shards < 1 {
		shards = 1
	}
	shards = min(shards, MaxShards)
	if c.Stdout == nil {
		c.Stdout = io.Discard
	}
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
	if c.Dir != "" && !filepath.IsAbs(c.Dir) {
		if abs, err := filepath.Abs(c.Dir); err == nil {
			c.Dir = abs
		}
	}
	g := &Group{Prog: p, pin: pin, poolSem: make(chan struct{}, PoolSlots)}
	g.limitStreams(&c)
	// Shards write to the run's streams from their own threads.
	c.Stdout = &lockedWriter{w: c.Stdout}
	c.Stderr = &lockedWriter{w: c.Stderr}
	g.cfg = c
	g.count.Store(int32(shards))
	g.shards = make([]*Machine, shards)
	m0 := NewMachine(p, c)
	m0.g = g
	m0.initLimits()
	g.shards[0] = m0
	g.nstarted.Store(1)
	return g
}

// Main returns shard 0, which runs main.
func (g *Group) Main() *Machine { return g.shards[0] }

// Run runs the program on its shards and returns its exit status.
func (g *Group) Run() int {
	m0 := g.shards[0]
	if g.pin && g.Count() > 1 {
		m0.pinCPU = 0
	}
	code := m0.Run()
	if m0.shutdown {
		// Cancelled: every shard unwinds its own fibers and ends.
		g.wg.Wait()
		g.mu.Lock()
		if !g.exited {
			g.exited, g.code = true, code
		}
		g.mu.Unlock()
	} else {
		g.exit(code)
		g.wg.Wait()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.code
}

// Shards returns the started shards (for closing what they left open).
func (g *Group) Shards() []*Machine {
	g.mu.Lock()
	defer g.mu.Unlock()
	var ms []*Machine
	for _, m := range g.shards {
		if m != nil {
			ms = append(ms, m)
		}
	}
	return ms
}

// Count returns the shard count.
func (g *Group) Count() int { return int(g.count.Load()) }

// SetCount sets the shard count (n > 0; capped at MaxShards) and returns
// the previous one. Shards beyond the new count keep their fibers; they
// just receive no new placements.
func (g *Group) SetCount(n int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.Count()
	if n > 0 {
		g.count.Store(int32(min(n, MaxShards)))
		for len(g.shards) < g.Count() {
			g.shards = append(g.shards, nil)
		}
	}
	return old
}

// Place returns the shard index for a placement request: k mod the shard
// count, or the next shard round-robin when k < 0.
func (g *Group) Place(k int) int {
	n := g.Count()
	if k < 0 {
		return int((g.rr.Add(1) - 1) % uint64(n))
	}
	return k % n
}

// Shard returns shard k, starting it if needed; nil once the group has
// exited.
func (g *Group) Shard(k int) *Machine {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.exited {
		return nil
	}
	if m := g.shards[k]; m != nil {
		return m
	}
	c := g.cfg
	c.Seed = c.Seed + uint64(k)*0x9E3779B97F4A7C15
	m := NewMachine(g.Prog, c)
	m.g = g
	m.initLimits()
	m.shard = k
	m.needInit = true
	m.pinCPU = -1
	if g.pin {
		m.pinCPU = k
	}
	g.shards[k] = m
	g.nstarted.Add(1)
	g.wg.Add(1)
	ready := make(chan struct{})
	go func() {
		defer g.wg.Done()
		m.runShard(ready)
	}()
	<-ready // the thread id is known before anything is sent
	return m
}

// exit ends the whole group with status code (the first status wins).
func (g *Group) exit(code int) { g.exitLimit(code, NoLimit) }

// Dump describes every fiber of every started shard (as Go prints on
// SIGQUIT); it is safe from any goroutine. It returns "" once the run
// ended.
func (g *Group) Dump(done <-chan struct{}) string {
	ms := g.Shards()
	if len(ms) == 1 {
		return ms[0].RequestDump(done)
	}
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "shard %d (thread %d):\n", m.shard, m.tid)
		b.WriteString(m.RequestDump(done))
	}
	return b.String()
}

// runShard is the life of shard k > 0: it waits for work, runs it, and
// ends when the group exits or the run is cancelled and its fibers are
// gone.
func (m *Machine) runShard(ready chan<- struct{}) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m.setThread()
	close(ready)
	defer func() {
		m.Out.Flush()
		m.awaitPool(time.Second)
		m.release()
		m.unpinThread()
	}()
	m.initGlobals()
	m.schedule()
}

// setThread records the machine's thread and pins it where asked; from
// now on collections reach the machine (gcReach, until release).
func (m *Machine) setThread() {
	m.tid = unix.Gettid()
	m.root = newShardThread(true)
	m.active = m.root
	m.take(m.root) // and starts the CPU count (enterThread)
	gcReach.add(m)
	if m.pinCPU >= 0 {
		var old unix.CPUSet
		if unix.SchedGetaffinity(0, &old) != nil || old.Count() == 0 {
			return
		}
		cpu := nthCPU(&old, m.pinCPU%old.Count())
		var set unix.CPUSet
		set.Set(cpu)
		// Not allowed (a seccomp filter, say): run unpinned.
		if unix.SchedSetaffinity(0, &set) == nil {
			m.unpinned = &old
		}
	}
}

// nthCPU returns the n-th CPU (from 0) in set: shard k pins to the k-th
// CPU the process may use, so a container whose cpuset does not start at
// CPU 0 still pins.
func nthCPU(set *unix.CPUSet, n int) int {
	for cpu := 0; ; cpu++ {
		if set.IsSet(cpu) {
			if n == 0 {
				return cpu
			}
			n--
		}
	}
}

// unpinThread gives the machine's thread back its affinity from before
// setThread pinned it: the thread returns to the host's pool when the
// shard ends, and the host's goroutines must not inherit the pin.
func (m *Machine) unpinThread() {
	if m.unpinned != nil {
		_ = unix.SchedSetaffinity(0, m.unpinned)
		m.unpinned = nil
	}
}

// Group returns the run the machine is a shard of.
func (m *Machine) Group() *Group { return m.g }

// ShardIndex returns the machine's shard index (main's is 0).
func (m *Machine) ShardIndex() int { return m.shard }

// SendTo runs fn on target's thread soon (target may be m itself). It is
// how shards talk: fn is counted in flight until target ran it, and m's
// buffered output is written first, so what m printed before sending is
// seen before anything the target prints in response.
func (m *Machine) SendTo(target *Machine, fn func()) {
	if target == m {
		m.Post(fn)
		return
	}
	if m.Out.Buffered() > 0 {
		m.Out.Flush()
	}
	g := m.g
	g.inflight.Add(1)
	target.Post(func() {
		fn()
		g.inflight.Add(-1)
	})
}

// exitLocal ends this shard's loop with status code.
func (m *Machine) exitLocal(code int) {
	if !m.exited {
		m.exited = true
		m.exitCode = code
	}
}

// waitQuiescent is idle's last resort on a multi-shard run: nothing local
// can wake the shard, so it sleeps until another shard sends it work. It
// reports false when the run must end (a deadlock of every shard, reported
// here, or the group's exit).
func (m *Machine) waitQuiescent() bool {
	g := m.g
	g.quiesceMu.Lock()
	if g.quiescent.Add(1) == g.nstarted.Load() && g.inflight.Load() == 0 {
		if g.deadlocked.CompareAndSwap(false, true) {
			m.allDeadlock()
		}
		g.quiesceMu.Unlock()
		return false
	}
	g.quiesceMu.Unlock()
	// Leave quiescence before running what woke the shard: a message's
	// in-flight count drops once it ran, so it must not drop while the
	// shard still counts as asleep.
	return m.waitOutside(-1, func() {
		g.quiesceMu.Lock()
		g.quiescent.Add(-1)
		g.quiesceMu.Unlock()
	})
}

// allDeadlock reports that every fiber of every shard is asleep. The other
// shards are quiescent (asleep on their inboxes, with nothing in flight),
// so their fiber lists are stable and ordered before this read by the
// quiescence counter.
func (m *Machine) allDeadlock() {
	var b strings.Builder
	for _, s := range m.g.Shards() {
		if s.shard == 0 {
			b.WriteString(s.Dump())
		}
	}
	for _, s := range m.g.Shards() {
		if s.shard != 0 {
			fmt.Fprintf(&b, "shard %d:\n%s", s.shard, s.Dump())
		}
	}
	m.Out.Flush()
	fmt.Fprintf(m.Config.Stderr, "fatal error: all goroutines are asleep - deadlock!\n\n%s", b.String())
	m.exit(2)
}

// lockedWriter serialises writes from several shards.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// Dir returns the run's working directory: absolute, or "" for the host
// process's. Every shard of the run shares it (os.Chdir changes it for
// the whole run, as in Go, and never the host's).
func (m *Machine) Dir() string {
	if m.g != nil {
		if d := m.g.dir.Load(); d != nil {
			return *d
		}
	}
	return m.Config.Dir
}

// SetDir sets the run's working directory to dir (absolute).
func (m *Machine) SetDir(dir string) {
	if m.g != nil {
		m.g.dir.Store(&dir)
		return
	}
	m.Config.Dir = dir
}

// Unwrap returns the writer l serializes (a child process is given the
// host's file itself: os/exec).
func (l *lockedWriter) Unwrap() io.Writer { return l.w }

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
