// Package std holds the host (Go) implementations of the guest standard
// library's bodyless functions, keyed by their ssa names
// ("strings.Index", "(*sync.Mutex).Lock"). The guest sides live in _std/
// at the repository root and are embedded by the root package.
//
// Owns: host bindings and host-side helpers (formatting guest values).
// Imports the vm only; must not import the compiler, loader or root.
package std

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"

	"spindle/internal/vm"
)

// Host is the table of host implementations.
var Host = map[string]vm.HostFunc{}

func reg(name string, fn vm.HostFunc) {
	if _, dup := Host[name]; dup {
		panic("BUG: duplicate host function " + name)
	}
	Host[name] = fn
}

// Version is reported by runtime.Version.
const Version = "spindle-dev"

func init() {
	reg("runtime.Gosched", func(f *vm.Fiber, args, res []vm.Value) {
		if f.Resuming() {
			return
		}
		f.Park("yield")
		f.Wake(vm.Value{}, true)
	})
	reg("runtime.SetFinalizer", func(f *vm.Fiber, args, res []vm.Value) {
		obj, fin := args[0].Iface(), args[1].Iface()
		if obj == nil {
			panic(vm.Fatal("runtime.SetFinalizer: first argument is nil"))
		}
		if obj.T.Kind != vm.KPointer {
			panic(vm.Fatal("runtime.SetFinalizer: first argument is " + obj.T.Name + ", not pointer"))
		}
		p := obj.V.Ptr()
		if p == nil {
			panic(vm.Fatal("runtime.SetFinalizer: pointer not in allocated block"))
		}
		setFinalizer(f.M, p, obj, fin)
	})
	// The collector is the host's, shared by every run of the process: a
	// guest's settings are kept per run (and reported back) but not
	// applied, so no program can switch collection off for the others.
	reg("runtime/debug.SetGCPercent", func(f *vm.Fiber, args, res []vm.Value) {
		d := mdata(f.M)
		old := 100
		if d.gcPercent != nil {
			old = *d.gcPercent
		}
		p := int(args[0].Int())
		d.gcPercent = &p
		res[0] = vm.Int(int64(old))
	})
	reg("runtime/debug.SetMemoryLimit", func(f *vm.Fiber, args, res []vm.Value) {
		d := mdata(f.M)
		old := int64(math.MaxInt64)
		if d.memLimit != nil {
			old = *d.memLimit
		}
		if l := args[0].Int(); l >= 0 {
			d.memLimit = &l
		}
		res[0] = vm.Int(old)
	})
	reg("runtime/debug.FreeOSMemory", func(f *vm.Fiber, args, res []vm.Value) {
		if f.Resuming() {
			f.SetHostState(nil)
			f.M.AfterGC()
			return
		}
		f.M.Offload(f, "garbage collection", func() any { debug.FreeOSMemory(); return nil })
	})
	reg("runtime/debug.SetMaxStack", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(f.M.SetMaxStack(int(args[0].Int()))))
	})
	reg("runtime.Stack", func(f *vm.Fiber, args, res []vm.Value) {
		buf, all := args[0].Slice(), args[1].Bool()
		var s string
		if all {
			s = f.M.Dump()
		} else {
			s = fmt.Sprintf("goroutine %d [running]:\n%s", f.ID+1, f.Stack())
		}
		n := min(len(buf), len(s))
		putBytes(buf, []byte(s[:n]))
		res[0] = vm.Int(int64(n))
	})
	reg("runtime.NumGoroutine", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(f.M.NumFibers()))
	})
	// runtime.GC blocks its caller until a collection completes, as in Go:
	// the collection runs on the syscall pool and the other fibers go on
	// (a fiber that loops on runtime.GC no longer holds the shard for a
	// whole slice of collections).
	reg("runtime.GC", func(f *vm.Fiber, args, res []vm.Value) {
		if f.Resuming() {
			f.SetHostState(nil)
			f.M.AfterGC()
			return
		}
		f.M.Offload(f, "garbage collection", func() any { runtime.GC(); return nil })
	})
	reg("runtime.GOMAXPROCS", func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(1) })
	reg("runtime.NumCPU", func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(runtime.NumCPU())) })
	reg("runtime.Version", func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(Version) })
	reg("runtime.Goexit", func(f *vm.Fiber, args, res []vm.Value) { panic(vm.Goexit()) })
	reg("runtime.readMemStats", func(f *vm.Fiber, args, res []vm.Value) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		v := []uint64{ms.Alloc, ms.TotalAlloc, ms.Sys, ms.Lookups, ms.Mallocs, ms.Frees,
			ms.HeapAlloc, ms.HeapSys, ms.HeapIdle, ms.HeapInuse, ms.HeapReleased, ms.HeapObjects,
			ms.StackInuse, ms.StackSys, ms.MSpanInuse, ms.MSpanSys, ms.MCacheInuse, ms.MCacheSys,
			ms.BuckHashSys, ms.GCSys, ms.OtherSys, ms.NextGC, ms.LastGC, ms.PauseTotalNs,
			uint64(ms.NumGC), uint64(ms.NumForcedGC), uint64(ms.GCCPUFraction * 1e9), b2u(ms.EnableGC), b2u(ms.DebugGC)}
		v = append(v, ms.PauseNs[:]...)
		v = append(v, ms.PauseEnd[:]...)
		for _, b := range ms.BySize {
			v = append(v, uint64(b.Size), b.Mallocs, b.Frees)
		}
		out := make([]vm.Value, len(v))
		for i, x := range v {
			out[i] = vm.Uint(x)
		}
		res[0] = vm.Value{R: out}
	})

}

func lookupEnv(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key {
			return kv[len(key)+1:]
		}
	}
	return ""
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

// Bytes copies a guest []byte into a host []byte.
func Bytes(v vm.Value) []byte {
	s := v.Slice()
	if s == nil {
		return nil
	}
	out := make([]byte, len(s))
	for i, x := range s {
		out[i] = byte(x.N)
	}
	return out
}

// BytesValue converts a host []byte into a new guest []byte.
func BytesValue(b []byte) vm.Value {
	if b == nil {
		return vm.Value{}
	}
	out := make([]vm.Value, len(b))
	for i, x := range b {
		out[i] = vm.Value{N: uint64(x)}
	}
	return vm.Value{R: out}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// setFinalizer attaches a host finalizer to the cell p behind the guest
// pointer obj: when the host collector finds the cell unreachable, it
// posts the guest finalizer fin to the machine, which starts it as a new
// fiber with obj (or obj boxed, for a finalizer taking an interface).
func setFinalizer(m *vm.Machine, p *vm.Value, obj, fin *vm.Iface) {
	defer func() {
		// The host refuses interior pointers (a field's or an element's
		// address) and the shared zero-size cell, as gc does.
		if r := recover(); r != nil {
			panic(vm.Fatal("runtime.SetFinalizer: pointer not at beginning of allocated block"))
		}
	}()
	if fin == nil {
		runtime.SetFinalizer(p, nil)
		return
	}
	c, _ := fin.V.R.(*vm.Closure)
	if fin.T.Kind != vm.KFunc || len(fin.T.Params) != 1 || c == nil {
		panic(vm.Fatal("runtime.SetFinalizer: second argument is " + fin.T.Name + ", not a function of one argument"))
	}
	// The host finalizer must not hold the cell (it would keep it alive):
	// it gets it back as its argument.
	t, boxed := obj.T, fin.T.Params[0].Kind == vm.KInterface
	runtime.SetFinalizer(p, func(p *vm.Value) {
		a := vm.Value{R: p}
		if boxed {
			a = vm.Value{R: &vm.Iface{T: t, V: a}}
		}
		m.Post(func() { m.Spawn(c, []vm.Value{a}) })
	})
}
