// Package std holds the host (Go) implementations of the guest standard
// library's bodyless functions, keyed by their ssa names
// ("strings.Index", "(*sync.Mutex).Lock"). The guest sides live in _std/
// at the repository root and are embedded by the root package.
//
// Owns: the host bindings (Host, assembled from one table per file:
// stringsFuncs, netFuncs, ...), the per-machine host state they keep
// (machineState: open files and sockets, the environment, signal
// delivery, fmt's method cache), and the conversions between host and
// guest values that the bindings and the root package share (Strings,
// GoStrings, Bytes, BytesValue). The root package calls CloseAll when a
// run ends and DeliverSignal when the process receives a signal.
//
// Imports the vm (values, fibers, machines), internal/poll (a shard's
// event loop, for sockets) and golang.org/x/sys/unix, besides the host's
// standard library. Must not
// import the compiler, the loader or the root package: the root package
// imports std and hands Host to the compiler (deps_test.go checks this).
package std

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"spindle/internal/vm"
)

// hostTable maps ssa names to host functions. Each file has one (or one
// per guest package it binds), listed in Host.
type hostTable map[string]vm.HostFunc

// Host is the table of host implementations: the union of the files'
// tables.
var Host = mergeTables(
	runtimeFuncs, callersFuncs,
	bufioFuncs,
	cryptoFuncs, hashBlockFuncs,
	goKernelFuncs,
	flateFuncs,
	fiberFuncs, shardFuncs,
	fmtFuncs, errorsFuncs, scanFuncs,
	hashFuncs,
	logFuncs, flagFuncs,
	mathFuncs, bitsFuncs, cmplxFuncs,
	netFuncs, udpFuncs,
	osFuncs, osPoolFuncs, execFuncs, xsysFuncs,
	randFuncs,
	reflectFuncs,
	regexpFuncs,
	signalFuncs,
	sortFuncs,
	stringsFuncs, bytesFuncs, bytesBufFuncs, strconvFuncs, unicodeFuncs,
	syncFuncs, atomicFuncs,
	timeFuncs, synctestFuncs,
	weakFuncs,
)

// mergeTables returns the union of tables; a name bound twice is a bug.
func mergeTables(tables ...hostTable) map[string]vm.HostFunc {
	h := map[string]vm.HostFunc{}
	for _, t := range tables {
		for name, fn := range t {
			if _, dup := h[name]; dup {
				panic("BUG: duplicate host function " + name)
			}
			h[name] = fn
		}
	}
	return h
}

// Version is reported by runtime.Version.
const Version = "spindle-dev"

var runtimeFuncs = hostTable{
	"runtime.Gosched":              runtimeGosched,
	"runtime.GOROOT":               runtimeGOROOT,
	"runtime.Breakpoint":           func(f *vm.Fiber, args, res []vm.Value) { panic(vm.Fatal("SIGTRAP: trace trap")) },
	"runtime.SetFinalizer":         runtimeSetFinalizer,
	"runtime.addCleanup":           runtimeAddCleanup,
	"runtime.stopCleanup":          runtimeStopCleanup,
	"runtime/debug.SetGCPercent":   debugSetGCPercent,
	"runtime/debug.SetMemoryLimit": debugSetMemoryLimit,
	"runtime/debug.FreeOSMemory":   debugFreeOSMemory,
	"runtime/debug.SetMaxStack":    debugSetMaxStack,
	"runtime/debug.SetTraceback": func(f *vm.Fiber, args, res []vm.Value) {
		switch args[0].String() {
		case "all", "system", "crash":
			f.M.TracebackAll = true
		default:
			f.M.TracebackAll = false
		}
	},
	"runtime.Stack":            runtimeStack,
	"runtime.NumGoroutine":     runtimeNumGoroutine,
	"runtime.GC":               runtimeGC,
	"runtime.GOMAXPROCS":       runtimeGOMAXPROCS,
	"runtime.NumCPU":           runtimeNumCPU,
	"runtime.Version":          runtimeVersion,
	"runtime.Goexit":           runtimeGoexit,
	"runtime.readMemStats":     runtimeReadMemStats,
	"internal/sysinfo.cpuName": sysinfoCPUName,
}

// sysinfoCPUName returns the processor's model name from /proc/cpuinfo,
// as Go's internal/sysinfo does on Linux (testing's benchmark header).
var sysinfoCPUName = func() vm.HostFunc {
	name := sync.OnceValue(func() string {
		b, err := os.ReadFile("/proc/cpuinfo")
		if err != nil {
			return ""
		}
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
		return ""
	})
	return func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(name()) }
}()

func runtimeGosched(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	f.Park("yield")
	f.Wake(vm.Value{}, true)
}

func runtimeSetFinalizer(f *vm.Fiber, args, res []vm.Value) {
	obj, fin := args[0].Iface(), args[1].Iface()
	if obj == nil {
		panic(vm.Fatal("runtime.SetFinalizer: first argument is nil"))
	}
	if obj.T.Kind != vm.KPointer {
		panic(vm.Fatal("runtime.SetFinalizer: first argument is " + obj.T.Name + ", not pointer"))
	}
	if !obj.V.IsPtr() {
		panic(vm.Fatal("runtime.SetFinalizer: pointer not in allocated block"))
	}
	setFinalizer(f.M, obj, fin)
}

// The collector is the host's, shared by every run of the process: a
// guest's settings are kept per run (and reported back) but not
// applied, so no program can switch collection off for the others.
func debugSetGCPercent(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	old := 100
	if d.gcPercent != nil {
		old = *d.gcPercent
	}
	p := int(args[0].Int())
	d.gcPercent = &p
	res[0] = vm.Int(int64(old))
}

func debugSetMemoryLimit(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	old := int64(math.MaxInt64)
	if d.memLimit != nil {
		old = *d.memLimit
	}
	if l := args[0].Int(); l >= 0 {
		d.memLimit = &l
	}
	res[0] = vm.Int(old)
}

func debugFreeOSMemory(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		f.SetHostState(nil)
		f.M.AfterGC()
		return
	}
	f.M.Offload(f, "garbage collection", func() any { debug.FreeOSMemory(); return nil })
}

func debugSetMaxStack(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.SetMaxStack(int(args[0].Int()))))
}

func runtimeStack(f *vm.Fiber, args, res []vm.Value) {
	buf, all := args[0].Bytes(), args[1].Bool()
	var s string
	if all {
		s = f.M.Dump()
	} else {
		s = fmt.Sprintf("goroutine %d [running]:\n%s", f.ID+1, f.Stack())
	}
	res[0] = vm.Int(int64(copy(buf, s)))
}

func runtimeNumGoroutine(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.NumFibers()))
}

// runtime.GC blocks its caller until a collection completes, as in Go:
// the collection runs on the syscall pool and the shard's other fibers
// run meanwhile (a fiber that loops on runtime.GC does not hold the shard
// through its collections).
func runtimeGC(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		f.SetHostState(nil)
		f.M.AfterGC()
		return
	}
	if f.InCallback() {
		// A callback (a String method, a reflect.MakeFunc function) may
		// not park: collect on the shard's thread.
		runtime.GC()
		f.M.AfterGC()
		return
	}
	f.M.Offload(f, "garbage collection", func() any { runtime.GC(); return nil })
}

// runtimeGOMAXPROCS reports the run's shard count and, for n > 0, sets it
// (as fiber.SetProcessorCount does): shards beyond a lowered count keep
// their fibers but get no new placements.
func runtimeGOMAXPROCS(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.Group().SetCount(int(args[0].Int()))))
}

func runtimeNumCPU(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(runtime.NumCPU())) }

func runtimeVersion(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(Version) }

func runtimeGoexit(f *vm.Fiber, args, res []vm.Value) { panic(vm.Goexit()) }

func runtimeReadMemStats(f *vm.Fiber, args, res []vm.Value) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	v := []uint64{ms.Alloc, ms.TotalAlloc, ms.Sys, ms.Lookups, ms.Mallocs, ms.Frees,
		ms.HeapAlloc, ms.HeapSys, ms.HeapIdle, ms.HeapInuse, ms.HeapReleased, ms.HeapObjects,
		ms.StackInuse, ms.StackSys, ms.MSpanInuse, ms.MSpanSys, ms.MCacheInuse, ms.MCacheSys,
		ms.BuckHashSys, ms.GCSys, ms.OtherSys, ms.NextGC, ms.LastGC, ms.PauseTotalNs,
		uint64(ms.NumGC), uint64(ms.NumForcedGC), uint64(ms.GCCPUFraction * 1e9), boolBit(ms.EnableGC), boolBit(ms.DebugGC)}
	v = append(v, ms.PauseNs[:]...)
	v = append(v, ms.PauseEnd[:]...)
	for _, b := range ms.BySize {
		v = append(v, uint64(b.Size), b.Mallocs, b.Frees)
	}
	res[0] = OwnWords(v) // a []uint64: word-packed
}

// Strings converts a host []string to a guest []string.
func Strings(ss []string) vm.Value {
	if ss == nil {
		return vm.Value{}
	}
	out := make([]vm.Value, len(ss))
	for i, s := range ss {
		out[i] = vm.Str(s)
	}
	return vm.Value{R: out}
}

// GoStrings converts a guest []string to a host []string.
func GoStrings(v vm.Value) []string {
	s := v.Slice()
	if s == nil {
		return nil
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = x.String()
	}
	return out
}

// Bytes copies a guest []byte (packed: vm.Type.Packed) into a new host
// []byte; nil for a nil slice.
func Bytes(v vm.Value) []byte {
	b := v.Bytes()
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// BytesValue returns a guest []byte holding a copy of b; nil for nil.
func BytesValue(b []byte) vm.Value {
	if b == nil {
		return vm.Value{}
	}
	return vm.Value{R: append([]byte{}, b...)}
}

// OwnWords returns a guest slice of a word-packed type ([]int, []int64,
// []uint64, []float64: vm.Type.PackedWords) that is w itself,
// each element its Value.N (an int sign-extended, a float64's bits).
func OwnWords(w []uint64) vm.Value {
	if w == nil {
		return vm.Value{}
	}
	return vm.Value{R: w}
}

// Ints returns a new guest []int holding xs.
func Ints(xs []int) vm.Value {
	if xs == nil {
		return vm.Value{}
	}
	w := make([]uint64, len(xs))
	for i, x := range xs {
		w[i] = uint64(x)
	}
	return vm.Value{R: w}
}

// OwnBytes returns a guest []byte that is b itself: the caller gives b
// up (a buffer it made for the guest and will not touch again).
func OwnBytes(b []byte) vm.Value {
	if b == nil {
		return vm.Value{}
	}
	return vm.Value{R: b}
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// setFinalizer attaches a host finalizer to the cell p behind the guest
// pointer obj: when the host collector finds the cell unreachable, it
// posts the guest finalizer fin to the machine, which starts it as a new
// fiber with obj (or obj boxed, for a finalizer taking an interface).
func setFinalizer(m *vm.Machine, obj, fin *vm.Iface) {
	defer func() {
		// The host refuses interior pointers (a field's or an element's
		// address) and the shared zero-size cell, as gc does.
		if r := recover(); r != nil {
			panic(vm.Fatal("runtime.SetFinalizer: pointer not at beginning of allocated block"))
		}
	}()
	if fin == nil {
		runtime.SetFinalizer(obj.V.R, nil)
		return
	}
	c, _ := fin.V.R.(*vm.Closure)
	if fin.T.Kind != vm.KFunc || len(fin.T.Params) != 1 || c == nil {
		panic(vm.Fatal("runtime.SetFinalizer: second argument is " + fin.T.Name + ", not a function of one argument"))
	}
	// The host finalizer must not hold the cell (it would keep it alive):
	// it gets it back as its argument.
	t, boxed := obj.T, fin.T.Params[0].Kind == vm.KInterface
	run := func(a vm.Value) {
		if boxed {
			a = vm.Value{R: &vm.Iface{T: t, V: a}}
		}
		m.Post(func() { m.Spawn(c, []vm.Value{a}) })
	}
	switch p := obj.V.R.(type) {
	case *vm.Value:
		runtime.SetFinalizer(p, func(p *vm.Value) { run(vm.Value{R: p}) })
	case *byte: // the first element of byte-packed storage
		runtime.SetFinalizer(p, func(p *byte) { run(vm.Value{R: p}) })
	case *uint64: // the first element of word-packed storage
		runtime.SetFinalizer(p, func(p *uint64) { run(vm.Value{R: p}) })
	}
}

// runtimeAddCleanup is runtime.AddCleanup: fn, a guest closure that does
// not hold the object, runs in a new fiber on obj's machine once the host
// collector frees the object (its cell, byte or word).
func runtimeAddCleanup(f *vm.Fiber, args, res []vm.Value) {
	obj, fn := args[0].Iface(), args[1]
	c, _ := fn.R.(*vm.Closure)
	m := f.M
	run := func(c *vm.Closure) { m.Post(func() { m.Spawn(c, nil) }) }
	var h runtime.Cleanup
	switch p := obj.V.R.(type) {
	case *vm.Value:
		h = runtime.AddCleanup(p, run, c)
	case *byte:
		h = runtime.AddCleanup(p, run, c)
	case *uint64:
		h = runtime.AddCleanup(p, run, c)
	default:
		panic(vm.Fatal("runtime.AddCleanup: ptr is not a pointer to an allocated object"))
	}
	res[0] = vm.Value{R: &h}
}

func runtimeStopCleanup(f *vm.Fiber, args, res []vm.Value) {
	if h, ok := args[0].R.(*runtime.Cleanup); ok {
		h.Stop()
	}
}

func runtimeGOROOT(f *vm.Fiber, args, res []vm.Value) {
	for _, kv := range f.M.Config.Env {
		if v, ok := strings.CutPrefix(kv, "GOROOT="); ok && v != "" {
			res[0] = vm.Str(v)
			return
		}
	}
	res[0] = vm.Str(runtime.GOROOT())
}
