package vm

import (
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
)

// The memory guard. A guest that allocates without bound would end its
// host with Go's own "fatal error: out of memory" and the host's stack
// trace; instead, the allocations that can be large (make, append's
// growth, channel buffers) are checked against the run's
// limit (Config.MemoryLimit) before they are made, and each fiber a go
// statement or Spawn makes counts fiberHostBytes towards the next check
// (limits.go), so that a program that only starts goroutines reaches it:
//
//   - one allocation larger than the limit is an out-of-memory at once;
//   - the large ones (memLarge and up) are added up, and every
//     memCheckEvery bytes (or an eighth of the limit, if less) the
//     process's live heap is read (runtime/metrics); over the limit, one
//     collection runs and the heap is read again;
//   - still over the limit, the run ends with Go's "fatal error: runtime:
//     out of memory" (exit status 2).
//
// The heap read is the process's. A limit the host sets bounds its growth
// since the run began (the live heap then is the run's base), so what
// the host held before does not count, but what other runs in the
// process allocate meanwhile does. The default limit bounds the whole
// process, which for the spindle command is the program. Small
// allocations (a struct, a closure, a string, a map's growth inside the
// host's map) are not counted as they are made, which would cost every
// allocation: instead each shard looks at the live heap once after every
// completed collection (checkLive), so a program that only makes small
// objects ends at the first collection that finds the live heap past the
// limit, the heap then at most what the collector lets it grow to between
// collections (GOGC: twice the live heap) past it.

const (
	memLarge      = 256 << 10
	memCheckEvery = 64 << 20
)

// DefaultMemoryLimit is the limit of a run whose Config.MemoryLimit is 0:
// seven eighths of the memory the process may use (its cgroup's limit,
// else the machine's). Go's GOMEMLIMIT is a soft limit, a goal for the
// collector, so it is not taken as a hard one.
func DefaultMemoryLimit() int64 {
	defaultLimitOnce.Do(func() {
		total := physicalMemory()
		if c := cgroupLimit(); c > 0 && (total == 0 || c < total) {
			total = c
		}
		if total > 0 {
			defaultLimit = total - total/8
		}
	})
	return defaultLimit
}

var (
	defaultLimitOnce sync.Once
	defaultLimit     int64 // 0: unknown, no limit
)

func physicalMemory() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

func cgroupLimit() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0 // "max"
	}
	return n
}

// chargeAlloc checks an allocation of bytes of host memory against the
// run's memory limit before it is made (see above).
// A nil m (reflect's MakeSlice and Append, which run without one) checks
// nothing.
func (m *Machine) chargeAlloc(bytes int64) {
	if bytes < memLarge || m == nil || m.memLimit <= 0 {
		return
	}
	if bytes > m.memLimit {
		panic(outOfMemory())
	}

	m.chargeHeap(bytes)
}

// ChargeAlloc checks an allocation of bytes that host code is about to
// make for the guest against the run's memory limit, as the guest's own
// make and append are checked.
func (m *Machine) ChargeAlloc(bytes int64) { m.chargeAlloc(bytes) }

// chargeHeap counts bytes towards the next heap check, and makes the
// check when it is due; m has a limit.
func (m *Machine) chargeHeap(bytes int64) {
	m.memSince += bytes
	if m.memSince < min(memCheckEvery, m.memLimit/8) {
		return
	}
	m.memSince = 0
	if heapBytes("/memory/classes/heap/objects:bytes")-m.memBase+m.heldStack+bytes <= m.memLimit {
		return
	}
	// Garbage included, the heap is past the limit: what is live? As of
	// the last collection, if one completed since the previous check;
	// else one runs now (the shard waits for it).
	if c := gcCycles.Load(); c == m.memCycles {
		runtime.GC()
	}
	m.memCycles = gcCycles.Load()
	live := heapBytes("/gc/heap/live:bytes")
	// A base read before the collection that followed the run's start
	// (the compiler's garbage still counted) is too high.
	m.memBase = min(m.memBase, live)
	if live-m.memBase+m.heldStack+bytes > m.memLimit {
		panic(outOfMemory())
	}
}

// holdStack counts the host stack of a callback about to wait on its own
// goroutine (handoff.go) towards the limit until it runs again, and
// returns the bytes counted: what its frames were charged against the
// stack cap (EnterHost) and the goroutine's first 8 KiB, which is what
// such a goroutine's stack measures (runtime.MemStats.StackInuse over 200
// held fibers: 8 KiB each called back once, 257 KiB 100 levels deep, 4
// MiB 1,500 deep). Fibers blocked deep in String methods thus end in the
// run's out-of-memory error, not the host's.
func (m *Machine) holdStack() int64 {
	n := int64(m.hostStack) + 8<<10
	if m.memLimit > 0 {
		m.chargeHeap(n)
	}
	m.heldStack += n
	return n
}

// checkLive ends the run past its memory limit if a collection completed
// since the shard last looked and found the live heap over the limit
// (see above). It is called every 256 slices and each time a callback
// from host code spends its budget: an atomic load unless a collection
// completed.
func (m *Machine) checkLive() {
	if m.memLimit <= 0 {
		return
	}
	c := gcCycles.Load()
	if c == m.memLook {
		return
	}
	m.memLook = c
	live := heapBytes("/gc/heap/live:bytes")
	m.memBase = min(m.memBase, live)
	if live-m.memBase+m.heldStack > m.memLimit {
		m.fatalLimit(LimitMemory, "runtime: out of memory")
	}
}

// elemHostBytes is the host bytes an element of slice or array type t
// takes: 1 or 8 packed, else a Value and, for an aggregate, the storage
// its zero value gets.
func (t *Type) elemHostBytes() int64 {
	switch {
	case t.PackedBytes():
		return 1
	case t.PackedWords():
		return 8
	}
	return t.Elem.hostBytesInSlice()
}

// hostBytesInSlice is the host bytes a non-packed element of type t
// takes in a slice: its Value, and an aggregate's own storage.
func (t *Type) hostBytesInSlice() int64 {
	if t.isAgg() {
		return int64(valueSize) + t.hostBytes()
	}
	return int64(valueSize)
}

// hostBytes estimates the host memory a value of type t takes: an array
// of packed elements its bytes, anything else three times gc's size (a
// word is a 24-byte Value).
func (t *Type) hostBytes() int64 {
	if t.Kind == KArray && t.Packed() {
		return int64(t.Len) * t.elemHostBytes()
	}
	return t.Size * 3
}

func outOfMemory() *fatalError {
	return &fatalError{msg: "runtime: out of memory", limit: LimitMemory}
}

// heapBytes reads one of runtime/metrics' byte counts.
func heapBytes(name string) int64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
