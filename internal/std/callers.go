package std

import (
	"sync"

	"spindle/internal/vm"
)

// Program counters for runtime.Caller, Callers and FuncForPC. A guest pc
// names a function and an instruction in it: the function's number in a
// process-wide table (shifted up) plus 2*(the instruction index)+2. Like
// gc's return addresses, a pc minus one still names the same call
// instruction (FuncForPC(pc-1), which stack-trace libraries use), and no
// valid pc is 0.
var pcTable struct {
	sync.Mutex
	funcs []*vm.Func
	ids   map[*vm.Func]uintptr
}

const pcShift = 24

func pcOf(c vm.Caller) uintptr {
	pcTable.Lock()
	defer pcTable.Unlock()
	id, ok := pcTable.ids[c.Func]
	if !ok {
		if pcTable.ids == nil {
			pcTable.ids = map[*vm.Func]uintptr{}
		}
		pcTable.funcs = append(pcTable.funcs, c.Func)
		id = uintptr(len(pcTable.funcs))
		pcTable.ids[c.Func] = id
	}
	return id<<pcShift | uintptr(2*c.PC+2)&(1<<pcShift-1)
}

// funcAt returns the function and instruction a pc names (nil if none).
func funcAt(pc uintptr) (*vm.Func, int32) {
	pcTable.Lock()
	defer pcTable.Unlock()
	id := pc >> pcShift
	if id == 0 || int(id) > len(pcTable.funcs) || pc&(1<<pcShift-1) == 0 {
		return nil, 0
	}
	return pcTable.funcs[id-1], (int32(pc&(1<<pcShift-1)) - 1) / 2
}

// callerAt returns the guest frame skip levels up f's stack (0: the
// innermost guest frame).
func callerAt(f *vm.Fiber, skip int) (vm.Caller, bool) {
	cs := f.Callers()
	if skip < 0 || skip >= len(cs) {
		return vm.Caller{}, false
	}
	return cs[skip], true
}

var callersFuncs = hostTable{
	"runtime.Caller":   runtimeCaller,
	"runtime.Callers":  runtimeCallers,
	"runtime.funcInfo": runtimeFuncInfo,
}

// Caller(skip) (pc uintptr, file string, line int, ok bool)
func runtimeCaller(f *vm.Fiber, args, res []vm.Value) {
	c, ok := callerAt(f, int(args[0].Int()))
	if !ok {
		res[0], res[1], res[2], res[3] = vm.Uint(0), vm.Str(""), vm.Int(0), vm.Bool(false)
		return
	}
	res[0], res[1], res[2], res[3] = vm.Uint(uint64(pcOf(c))), vm.Str(c.Func.FileAt(c.PC)), vm.Int(int64(c.Func.LineAt(c.PC))), vm.Bool(true)
}

// Callers(skip int, pc []uintptr) int: skip 0 is Callers itself, which
// is no guest frame, so 0 and 1 both start at its caller.
func runtimeCallers(f *vm.Fiber, args, res []vm.Value) {
	skip, out := int(args[0].Int())-1, args[1].Slice()
	cs := f.Callers()
	n := 0
	for i := max(skip, 0); i < len(cs) && n < len(out); i++ {
		out[n] = vm.Uint(uint64(pcOf(cs[i])))
		n++
	}
	res[0] = vm.Int(int64(n))
}

// funcInfo(pc) (name, file string, line int, entry uintptr, ok bool)
func runtimeFuncInfo(f *vm.Fiber, args, res []vm.Value) {
	fn, at := funcAt(uintptr(args[0].N))
	if fn == nil {
		res[0], res[1], res[2], res[3], res[4] = vm.Str(""), vm.Str(""), vm.Int(0), vm.Uint(0), vm.Bool(false)
		return
	}
	res[0], res[1], res[2] = vm.Str(fn.Name), vm.Str(fn.FileAt(at)), vm.Int(int64(fn.LineAt(at)))
	res[3], res[4] = vm.Uint(uint64(pcOf(vm.Caller{Func: fn}))), vm.Bool(true)
}
