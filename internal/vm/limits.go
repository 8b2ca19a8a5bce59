package vm

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// Run limits. Besides the memory limit (memguard.go) and the stack cap
// (grow.go), a run may be bounded in live fibers, reductions (fuel), CPU
// time and output (Config.MaxFibers, Fuel, CPULimit, MaxOutput). Each
// ends only its run, as a Go fatal error would (exit status 2, the
// message and every goroutine on stderr), and the Group records which
// limit it was (Group.Limit) for the host's typed error. None of them
// costs the dispatch loop anything: they are charged where a slice ends
// (on a machine with fuel, CPU or output limits: Machine.limited; one
// test per slice without), a fiber is made, or output reaches the run's
// writers.
//
//   - Fibers: a go statement, fiber.Spawn or SpawnOn that would take the
//     run's live fibers (main included, queued go statements too) past
//     MaxFibers ends the run before making its fiber. The count is the
//     run's, every shard's, kept in one atomic only when a limit is set;
//     two shards spawning at once may each pass the last free place.
//     Fibers the runtime starts (timers' AfterFunc, finalizers) are
//     counted too and end the run when past the limit.
//   - Fuel: every reduction a slice spent is charged when the slice ends
//     (start budget minus what is left), and a guest function called back
//     from host code charges its own when it yields or returns. A shard
//     takes fuel from the run's in chunks (fuelChunk) and ends the run
//     when it has spent its own and the run has none left: the run does
//     at most Fuel reductions plus one slice per shard, and on one shard
//     it ends at the same point for the same seed.
//   - CPU time: each shard reads its thread's CPU clock every 256 slices
//     and every cpuCheckReductions reductions (so a callback that spins
//     is checked too) and adds what it used to the run's total. Work on
//     the syscall pool and the host's collector threads is not counted.
//   - Output: both streams count against one budget; the write that
//     crosses it writes what fits and fails, as a write past
//     RLIMIT_FSIZE does in Go (EFBIG, "file too large"), and the run is
//     ended from whichever thread wrote it: its shards see the exit at
//     their next periodic check, the writer's at the end of its slice
//     (stopped). The notice goes past the limit, to Stderr itself; a cut
//     after the run ended (its last flush) still counts, and turns an
//     exit status of 0 into 2.

// Limit names the limit that ended a run (Group.Limit).
type Limit uint8

// The limits.
const (
	NoLimit     Limit = iota
	LimitMemory       // Config.MemoryLimit: Go's "runtime: out of memory"
	LimitStack        // Config.MaxStack: a stack overflow that ended the run
	LimitFibers       // Config.MaxFibers
	LimitFuel         // Config.Fuel
	LimitCPU          // Config.CPULimit
	LimitOutput       // Config.MaxOutput
)

const (
	// cpuCheckReductions is how many reductions a shard with a CPU limit
	// runs between reads of its thread's CPU clock (a system call), at
	// most: about a millisecond of guest code.
	cpuCheckReductions = 1 << 18
	// fiberHostBytes is what a fiber is charged against the memory
	// limit when a go statement or Spawn makes it (its record and first
	// stack, about): a program that only starts goroutines reaches a
	// heap check too.
	fiberHostBytes = 512
)

// runLimits is a Group's share of the limits: what the shards charge
// together.
type runLimits struct {
	ended    Limit        // the limit that ended the run (under Group.mu)
	fibers   atomic.Int64 // live fibers, every shard's (only with MaxFibers)
	fuelLeft atomic.Int64 // fuel no shard has taken yet
	cpuUsed  atomic.Int64 // nanoseconds of CPU time the shards reported
	outBytes atomic.Int64 // bytes offered to Stdout and Stderr
	outCut   atomic.Bool
	// stderr is Stderr without the output limit: the limit's own notice
	// goes there.
	stderr io.Writer
}

// Limit returns the limit that ended the run, NoLimit if none did; it is
// final once Run has returned.
func (g *Group) Limit() Limit {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.lim.ended
}

// Cancelled reports whether the run was ended by its context: shard 0
// began to unwind its fibers. Valid once Run has returned.
func (g *Group) Cancelled() bool { return g.shards[0].shutdown }

// limitStreams puts c's streams under the output limit (before they are
// locked: the count is the run's, both streams together).
func (g *Group) limitStreams(c *Config) {
	g.lim.fuelLeft.Store(c.Fuel)
	if c.MaxOutput <= 0 {
		return
	}
	g.lim.stderr = c.Stderr
	c.Stdout = &limitedStream{g: g, w: c.Stdout, name: "/dev/stdout"}
	c.Stderr = &limitedStream{g: g, w: c.Stderr, name: "/dev/stderr"}
}

// initLimits arms the machine's share of the limits (once it is a shard
// of g).
func (m *Machine) initLimits() {
	m.fiberLimit = m.Config.MaxFibers
	if m.Config.MaxOutput > 0 {
		m.outCut = &m.g.lim.outCut
		m.limited = true
	}
	if m.Config.Fuel > 0 || m.Config.CPULimit > 0 {
		m.untilCheck, m.checkSet = 0, 0 // the first slice's end checks
		m.limited = true
	}
}

// exitLimit is exit for a run that limit l ends.
func (m *Machine) exitLimit(code int, l Limit) {
	m.exitLocal(code)
	if m.g != nil {
		m.g.exitLimit(code, l)
	}
}

// exitLimit is exit recording the limit l that ended the run. It reports
// whether it did (the first exit wins).
func (g *Group) exitLimit(code int, l Limit) bool {
	g.mu.Lock()
	if g.exited {
		g.mu.Unlock()
		return false
	}
	g.exited, g.code, g.lim.ended = true, code, l
	ms := append([]*Machine(nil), g.shards...)
	g.mu.Unlock()
	for _, m := range ms {
		if m != nil {
			m.Post(func() { m.exitLocal(code) })
		}
	}
	return true
}

// fatalLimit ends the run because it passed limit l, as a Go fatal error
// does: "fatal error: msg" and every goroutine of the shard on stderr,
// exit status 2. The exit comes first, so that the report cannot be taken
// for a crossing of the output limit. It may run anywhere on the shard's
// thread; the caller's loop stops at its next look at m.exited.
func (m *Machine) fatalLimit(l Limit, msg string) {
	if m.exited {
		return
	}
	m.exitLimit(2, l)
	m.Out.Flush()
	fmt.Fprintf(m.Config.Stderr, "fatal error: %s\n\n%s", msg, m.Dump())
}

// stopped reports whether the machine must stop: it exited, or the run's
// output was cut (the exit posted to it would take until the next
// periodic check to arrive; a fiber that prints in a loop stops at the
// end of its slice instead).
func (m *Machine) stopped() bool {
	if !m.exited && m.outCut != nil && m.outCut.Load() {
		m.exitLocal(2)
	}
	return m.exited
}

// endSlice charges the slice of f that ends (or goes on after a
// recovered panic) to the limits, on a machine with fuel, CPU or output
// limits (Machine.limited, so that a run without them pays one test per
// slice); it reports whether the machine must stop.
func (m *Machine) endSlice(f *Fiber) bool {
	m.chargeSlice(f)
	return m.stopped()
}

// Fibers.

// addFiber counts a new fiber or queued go statement (nfibers, and the
// run's count under a fiber limit).
func (m *Machine) addFiber() {
	m.nfibers++
	if m.fiberLimit > 0 {
		m.g.lim.fibers.Add(1)
	}
}

// dropFiber uncounts an ended fiber.
func (m *Machine) dropFiber() {
	m.nfibers--
	if m.fiberLimit > 0 {
		m.g.lim.fibers.Add(-1)
	}
}

// checkSpawn runs before a go statement, fiber.Spawn or SpawnOn makes a
// fiber, on the spawning fiber: at the fiber limit it ends the run (a
// fatal error, raised as a panic so the spawner stops where it is), and
// it charges the fiber to the memory guard. Without a fiber limit the
// charge is made for spawnBatch spawns at a time.
func (m *Machine) checkSpawn() {
	m.spawnCredit--
	if m.spawnCredit < 0 {
		m.checkSpawns()
	}
}

// spawnBatch is how many spawns checkSpawn charges at once without a
// fiber limit.
const spawnBatch = 64

// checkSpawns is checkSpawn's slow path: it checks the fiber limit and
// charges the memory guard for the spawns it allows before the next.
func (m *Machine) checkSpawns() {
	n := spawnBatch
	if m.fiberLimit > 0 {
		if m.g.lim.fibers.Load() >= int64(m.fiberLimit) {
			panic(&fatalError{msg: m.fiberLimitText(), limit: LimitFibers})
		}
		n = 1
	}
	m.spawnCredit = n - 1
	if m.memLimit > 0 {
		m.chargeHeap(int64(n) * fiberHostBytes)
	}
}

// checkHostSpawn runs after the runtime made a fiber of its own (a
// timer's AfterFunc, a finalizer): past the fiber limit the run ends,
// without a panic (the caller may be the scheduler itself).
func (m *Machine) checkHostSpawn() {
	if m.fiberLimit > 0 && m.g.lim.fibers.Load() > int64(m.fiberLimit) {
		m.fatalLimit(LimitFibers, m.fiberLimitText())
	}
}

func (m *Machine) fiberLimitText() string {
	return "spindle: goroutine limit (" + strconv.Itoa(m.fiberLimit) + ") exceeded"
}

// Fuel and CPU time.

// chargeSlice charges the reductions f spent since its slice began (or
// since the last charge) to the fuel and CPU checks.
func (m *Machine) chargeSlice(f *Fiber) {
	m.untilCheck -= int64(m.sliceBudget - f.budget)
	m.sliceBudget = f.budget
	if m.untilCheck < 0 {
		m.checkLimits()
	}
}

// endCallback is endSlice for a guest function called back from host
// code (CallGuest), which runs with a budget of its own: it charges what
// the callback spent of it since it began or last yielded.
func (m *Machine) endCallback(f *Fiber) bool {
	m.untilCheck -= int64(m.budget) - int64(f.budget)
	if m.untilCheck < 0 {
		m.checkLimits()
	}
	return m.stopped()
}

// checkLimits settles the reductions spent since the last check against
// the run's fuel and reads the thread's CPU time; past either limit it
// ends the run (fatalLimit). It then sets how many reductions may run
// before the next check.
func (m *Machine) checkLimits() {
	g := m.g
	if g == nil || m.exited {
		m.untilCheck, m.checkSet = math.MaxInt64, math.MaxInt64
		return
	}
	spent := m.checkSet - m.untilCheck
	next := int64(math.MaxInt64)
	if fuel := m.Config.Fuel; fuel > 0 {
		m.fuelHeld -= spent
		for m.fuelHeld < 0 {
			t := g.lim.takeFuel(fuelChunk(fuel))
			if t == 0 {
				m.fatalLimit(LimitFuel, "spindle: fuel limit ("+strconv.FormatInt(fuel, 10)+" reductions) exceeded")
				return
			}
			m.fuelHeld += t
		}
		next = m.fuelHeld
	}
	if limit := m.Config.CPULimit; limit > 0 {
		now := threadCPU()
		used := g.lim.cpuUsed.Add(now - m.cpuBase)
		m.cpuBase = now
		if used > int64(limit) {
			m.fatalLimit(LimitCPU, "spindle: CPU limit ("+limit.String()+") exceeded")
			return
		}
		next = min(next, cpuCheckReductions)
	}
	m.untilCheck, m.checkSet = next, next
}

// leaveThread charges the CPU time the calling thread spent running the
// shard since it took it (enterThread): the shard moves between threads
// when a callback from host code blocks (handoff.go).
func (m *Machine) leaveThread() {
	if m.Config.CPULimit > 0 && m.g != nil {
		m.g.lim.cpuUsed.Add(threadCPU() - m.cpuBase)
	}
}

// enterThread starts the CPU count of the thread taking the shard.
func (m *Machine) enterThread() {
	if m.Config.CPULimit > 0 {
		m.cpuBase = threadCPU()
	}
}

// fuelChunk is how much fuel a shard takes from the run's at a time: a
// sixty-fourth of it, within bounds that keep the atomic rare and what
// an idle shard holds small.
func fuelChunk(fuel int64) int64 { return min(max(fuel/64, 1<<12), 1<<22) }

// takeFuel takes up to n reductions of the run's fuel; 0 when none is
// left.
func (l *runLimits) takeFuel(n int64) int64 {
	for {
		left := l.fuelLeft.Load()
		if left <= 0 {
			return 0
		}
		t := min(n, left)
		if l.fuelLeft.CompareAndSwap(left, left-t) {
			return t
		}
	}
}

// threadCPU returns the calling thread's CPU time in nanoseconds.
func threadCPU() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return ts.Nano()
}

// Output.

// limitedStream is one of a run's standard streams under its output
// limit; the count is the Group's, both streams together. Writes come
// from the shards' threads.
type limitedStream struct {
	g    *Group
	w    io.Writer
	name string // for the error: /dev/stdout, /dev/stderr
}

func (s *limitedStream) Write(p []byte) (int, error) {
	max := s.g.cfg.MaxOutput
	end := s.g.lim.outBytes.Add(int64(len(p)))
	if end <= max {
		return s.w.Write(p)
	}
	n, err := 0, error(nil)
	if room := max - (end - int64(len(p))); room > 0 {
		n, err = s.w.Write(p[:room])
	}
	s.g.outputCut()
	if err == nil {
		err = &fs.PathError{Op: "write", Path: s.name, Err: syscall.EFBIG}
	}
	return n, err
}

// outputCut ends the run when its output first passes the limit, and
// says so on Stderr (past the limit). A cut after the run ended, in its
// last flush, is recorded too unless another limit ended it.
func (g *Group) outputCut() {
	if !g.lim.outCut.CompareAndSwap(false, true) {
		return
	}
	if !g.exitLimit(2, LimitOutput) {
		g.mu.Lock()
		late := g.lim.ended == NoLimit
		if late {
			g.lim.ended = LimitOutput
			if g.code == 0 {
				g.code = 2
			}
		}
		g.mu.Unlock()
		if !late {
			return
		}
	}
	fmt.Fprintf(g.lim.stderr, "fatal error: spindle: output limit (%s) exceeded\n", ByteSize(g.cfg.MaxOutput))
}

// ByteSize writes n bytes as the limits' messages do: "256 MiB" for a
// whole number of KiB, MiB, GiB or TiB, else "1000 bytes".
func ByteSize(n int64) string {
	for _, u := range []struct {
		shift int
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
