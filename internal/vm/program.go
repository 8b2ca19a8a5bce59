package vm

import (
	"context"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"slices"
	"time"
)

// The compiled program and the configuration of one run of it.

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
	// TypeFor returns the descriptor of a go/types type, the compiler's
	// own when it made one, else one made now (reflect.PointerTo,
	// SliceOf, ...: interned like the compiler's). Safe for concurrent
	// use; nil only in programs built without the compiler.
	TypeFor func(types.Type) *Type
	// Types holds every descriptor the compiler made, those only TypeFor
	// reaches (a method set made for reflect) included: the compile cache
	// writes them all.
	Types []*Type
}

// Config is what one run of a program needs from its host.
type Config struct {
	Stdout, Stderr io.Writer
	Stdin          io.Reader
	Args           []string
	Env            []string
	Dir            string // the run's working directory ("": the host's)
	Seed           uint64
	Reductions     int    // reductions per slice (default DefaultReductions)
	EventLoop      string // poll.New's mode ("" is batch)
	MaxStack       int    // bytes (default DefaultMaxStack)
	Context        context.Context
	// NoStarveWarning turns off the held-shard warning (noteHeld).
	NoStarveWarning bool
	// Exec allows syscall.Exec to replace the host process.
	Exec bool
	// Sched is the scheduling strategy (explore.go); with any but
	// SchedFIFO, Seed draws the schedule too.
	Sched Sched
	// SchedPath is the path a SchedDFS run takes (explore.go).
	SchedPath []Choice
	// FakeTime runs the machine on a virtual clock, starting at FakeEpoch,
	// that stands still while fibers run and jumps to the next timer when
	// none can (every fiber parked, no outside work pending).
	FakeTime bool
	// MemoryLimit bounds the heap the run may grow (memguard.go): 0 is
	// DefaultMemoryLimit, < 0 none.
	MemoryLimit int64
	// MaxFibers, Fuel, CPULimit and MaxOutput are the run's other limits
	// (limits.go); 0 is none.
	MaxFibers int           // live fibers (goroutines) at once, every shard's
	Fuel      int64         // reductions, every shard's
	CPULimit  time.Duration // CPU time of the shards' threads
	MaxOutput int64         // bytes written to Stdout and Stderr together
	// Trace records the run's slices, waits and go statements
	// (trace.go; WriteTrace).
	Trace bool
	// Grants is what the run may reach of its host; the guest std
	// enforces it (internal/std/grants.go).
	Grants Grants
	// MaxFiles caps the descriptors the run holds at once: 0 is
	// DefaultMaxFiles, < 0 none.
	MaxFiles int
}

// Grants is the host a run may reach (spindle.Grants, resolved: Root is
// absolute and free of symlinks, or "").
type Grants struct {
	Root     string // the host directory the run's file system is confined to; "/" all
	ReadOnly bool   // with Root: no writes
	FS       fs.FS  // with Root "": the run's read-only file system
	// Dial and Listen are the allowed addresses ("host:port", "*").
	Dial, Listen []string
	Exec         bool // child processes
}

// Funcs returns every compiled function reachable from the program's entry
// points (for disassembly and verification), in the same order for every
// compilation of the same program.
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
			for _, name := range slices.Sorted(maps.Keys(t.Methods)) {
				visit(t.Methods[name])
			}
		}
	}
	visit(p.Init)
	visit(p.Main)
	return out
}

// Defaults of a run's settings (Config), the same for the library and the
// CLI.
const (
	DefaultReductions = 4000    // reductions per slice
	DefaultMaxStack   = 8 << 20 // bytes of fiber stack
	DefaultMaxFiles   = 1024    // descriptors a run may hold at once
)
