// Package runtime is spindle's guest runtime package: run-time error types
// and the scheduler entry points Go programs use.
package runtime

// Error identifies a run-time error (Go's runtime.Error).
type Error interface {
	error
	RuntimeError()
}

// rtError is the type of every run-time error the VM raises (index out of
// range, nil dereference, ...). The VM builds values of it directly: it
// must stay a struct with one string field.
type rtError struct {
	msg string
}

func (e rtError) Error() string { return e.msg }

func (e rtError) RuntimeError() {}

// hostError is the type of the errors that host functions registered by an
// embedding program return (see spindle.HostFunc). The VM builds values of
// it directly: it must stay a struct with one string field.
type hostError struct {
	msg string
}

func (e *hostError) Error() string { return e.msg }

// A PanicNilError happens when code calls panic(nil).
type PanicNilError struct{}

func (*PanicNilError) Error() string {
	return "panic called with nil argument"
}

func (*PanicNilError) RuntimeError() {}

// GOOS and GOARCH describe the platform spindle presents to guests.
const (
	GOOS   = "linux"
	GOARCH = "amd64"
)

// MemProfileRate is accepted for compatibility; spindle has no memory
// profiler.
var MemProfileRate int = 512 * 1024

var blockProfileRate, mutexProfileFraction int

// SetBlockProfileRate is accepted for compatibility; spindle has no
// blocking profiler.
func SetBlockProfileRate(rate int) { blockProfileRate = rate }

// SetMutexProfileFraction is accepted for compatibility (spindle has no
// mutex profiler); it returns the previous rate, and only reports it when
// rate is negative.
func SetMutexProfileFraction(rate int) int {
	old := mutexProfileFraction
	if rate >= 0 {
		mutexProfileFraction = rate
	}
	return old
}

// Compiler is the name of the toolchain that built the running program.
const Compiler = "spindle"

// Gosched yields the processor: the calling fiber goes to the back of its
// shard's run queue.
func Gosched()

// Breakpoint executes a breakpoint trap: the program dies as a Go
// program does without a debugger attached ("SIGTRAP: trace trap").
func Breakpoint()

// NumGoroutine returns the number of live fibers on the calling shard.
func NumGoroutine() int

// GOROOT returns the root of the Go tree: the GOROOT environment variable
// of the run if set, else the root of the toolchain spindle was built with.
//
// Deprecated: as in Go, use "go env GOROOT".
func GOROOT() string

// GC runs a host garbage collection.
func GC()

// GOMAXPROCS sets the run's number of shards to n (capped at 1024) and
// returns the previous setting; if n < 1, it only reports the current one.
// As with fiber.SetProcessorCount, shards beyond a lowered count keep
// their goroutines but receive no new placements (SpawnOn); go statements
// start goroutines on the caller's shard whatever the count.
func GOMAXPROCS(n int) int

// NumCPU returns the host's number of CPUs.
func NumCPU() int

// Version returns the spindle version string.
func Version() string

// KeepAlive marks x reachable.
func KeepAlive(x any) {}

// SetFinalizer sets the finalizer associated with obj, a pointer to an
// object allocated by new, a composite literal's address or a local whose
// address escapes, to finalizer: when the host's collector finds obj
// unreachable, the finalizer runs in a new goroutine with obj as its
// argument (on obj's shard). A nil finalizer clears it. As in Go, there
// is no guarantee that finalizers run before the program exits.
func SetFinalizer(obj any, finalizer any)

// Cleanup is a handle to a cleanup call for a specific object.
type Cleanup struct {
	h any // the host's runtime.Cleanup; only host code reads it
}

func addCleanup(obj any, fn func()) any
func stopCleanup(h any)

// AddCleanup attaches a cleanup function to ptr: some time after ptr is
// no longer reachable, cleanup(arg) runs in a new goroutine (on ptr's
// shard). As in Go, arg must not be or reach ptr, and there is no
// guarantee that cleanups run before the program exits.
func AddCleanup[T, S any](ptr *T, cleanup func(S), arg S) Cleanup {
	if ptr == nil {
		panic("runtime.AddCleanup: ptr is nil")
	}
	return Cleanup{addCleanup(ptr, func() { cleanup(arg) })}
}

// Stop cancels the cleanup call.
func (c Cleanup) Stop() {
	if c.h != nil {
		stopCleanup(c.h)
	}
}

// Stack formats a stack trace of the calling goroutine into buf and
// returns the number of bytes written; with all, the traces of every
// goroutine of the calling shard follow (other shards are separate
// isolates). Frames show function and file:line, without gc's +0x offsets.
func Stack(buf []byte, all bool) int

// Goexit ends the calling fiber after running its deferred calls.
func Goexit()

// MemStats holds host memory statistics (a subset of Go's fields).
type MemStats struct {
	Alloc         uint64
	TotalAlloc    uint64
	Sys           uint64
	Lookups       uint64
	Mallocs       uint64
	Frees         uint64
	HeapAlloc     uint64
	HeapSys       uint64
	HeapIdle      uint64
	HeapInuse     uint64
	HeapReleased  uint64
	HeapObjects   uint64
	StackInuse    uint64
	StackSys      uint64
	MSpanInuse    uint64
	MSpanSys      uint64
	MCacheInuse   uint64
	MCacheSys     uint64
	BuckHashSys   uint64
	GCSys         uint64
	OtherSys      uint64
	NextGC        uint64
	LastGC        uint64
	PauseTotalNs  uint64
	PauseNs       [256]uint64
	PauseEnd      [256]uint64
	NumGC         uint32
	NumForcedGC   uint32
	GCCPUFraction float64
	EnableGC      bool
	DebugGC       bool
	BySize        [61]struct {
		Size    uint32
		Mallocs uint64
		Frees   uint64
	}
}

// ReadMemStats fills m from the host runtime (the whole host process: a
// guest's fibers live in the host heap, not on host stacks).
func ReadMemStats(m *MemStats) {
	v := readMemStats()
	*m = MemStats{
		Alloc: v[0], TotalAlloc: v[1], Sys: v[2], Lookups: v[3], Mallocs: v[4], Frees: v[5],
		HeapAlloc: v[6], HeapSys: v[7], HeapIdle: v[8], HeapInuse: v[9], HeapReleased: v[10], HeapObjects: v[11],
		StackInuse: v[12], StackSys: v[13], MSpanInuse: v[14], MSpanSys: v[15], MCacheInuse: v[16], MCacheSys: v[17],
		BuckHashSys: v[18], GCSys: v[19], OtherSys: v[20], NextGC: v[21], LastGC: v[22], PauseTotalNs: v[23],
		NumGC: uint32(v[24]), NumForcedGC: uint32(v[25]), GCCPUFraction: float64(v[26]) / 1e9,
		EnableGC: v[27] != 0, DebugGC: v[28] != 0,
	}
	copy(m.PauseNs[:], v[29:29+256])
	copy(m.PauseEnd[:], v[29+256:29+512])
	for i := range m.BySize {
		j := 29 + 512 + 3*i
		m.BySize[i].Size, m.BySize[i].Mallocs, m.BySize[i].Frees = uint32(v[j]), v[j+1], v[j+2]
	}
}

// readMemStats returns the host's MemStats in field order (see
// ReadMemStats; GCCPUFraction in billionths).
func readMemStats() []uint64
