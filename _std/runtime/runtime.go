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

// Compiler is the name of the toolchain that built the running program.
const Compiler = "spindle"

// Gosched yields the processor: the calling fiber goes to the back of its
// shard's run queue.
func Gosched()

// NumGoroutine returns the number of live fibers on the calling shard.
func NumGoroutine() int

// GC runs a host garbage collection.
func GC()

// GOMAXPROCS returns the number of shards; setting it is not supported
// yet and is ignored (the previous value is returned).
func GOMAXPROCS(n int) int

// NumCPU returns the host's number of CPUs.
func NumCPU() int

// Version returns the spindle version string.
func Version() string

// KeepAlive marks x reachable.
func KeepAlive(x any) {}

// Goexit ends the calling fiber after running its deferred calls.
func Goexit()

// MemStats holds host memory statistics (a subset of Go's fields).
type MemStats struct {
	Alloc      uint64
	TotalAlloc uint64
	Sys        uint64
	Mallocs    uint64
	Frees      uint64
	HeapAlloc  uint64
	HeapSys    uint64
	HeapInuse  uint64
	StackInuse uint64
	NumGC      uint32
}

// ReadMemStats fills m from the host runtime (the whole host process: a
// guest's fibers live in the host heap, not on host stacks).
func ReadMemStats(m *MemStats) {
	a, t, s, ma, fr, ha, hs, hi, si, n := readMemStats()
	*m = MemStats{Alloc: a, TotalAlloc: t, Sys: s, Mallocs: ma, Frees: fr, HeapAlloc: ha, HeapSys: hs, HeapInuse: hi, StackInuse: si, NumGC: n}
}

func readMemStats() (alloc, total, sys, mallocs, frees, heapAlloc, heapSys, heapInuse, stackInuse uint64, numGC uint32)
