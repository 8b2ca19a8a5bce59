package runtime

// Caller reports the function, file and line of the goroutine's stack
// skip frames up: 0 is the function calling Caller. A spindle pc names a
// function and a call site; it is valid for FuncForPC and CallersFrames,
// not as a machine address.
func Caller(skip int) (pc uintptr, file string, line int, ok bool)

// Callers fills pc with the program counters of the calling goroutine's
// stack (skip 0: Callers itself, 1: its caller) and returns how many it
// wrote.
func Callers(skip int, pc []uintptr) int

func funcInfo(pc uintptr) (name, file string, line int, entry uintptr, ok bool)

// Func represents a function in the running program.
type Func struct {
	pc uintptr
}

// FuncForPC returns the Func of the function containing pc, or nil.
func FuncForPC(pc uintptr) *Func {
	if _, _, _, _, ok := funcInfo(pc); !ok {
		return nil
	}
	return &Func{pc: pc}
}

// Name returns the name of the function ("main.f", "main.(*T).M").
func (f *Func) Name() string {
	if f == nil {
		return ""
	}
	name, _, _, _, _ := funcInfo(f.pc)
	return name
}

// Entry returns the entry address of the function.
func (f *Func) Entry() uintptr {
	_, _, _, entry, _ := funcInfo(f.pc)
	return entry
}

// FileLine returns the file name and line number of the source code
// corresponding to pc.
func (f *Func) FileLine(pc uintptr) (file string, line int) {
	_, file, line, _, _ = funcInfo(pc)
	return file, line
}

// Frame is the information returned by Frames for each call frame.
type Frame struct {
	PC       uintptr
	Func     *Func
	Function string
	File     string
	Line     int
	Entry    uintptr
}

// Frames may be used to get function/file/line information for a slice
// of PC values returned by Callers.
type Frames struct {
	pcs []uintptr
}

// CallersFrames takes a slice of PCs returned by Callers and prepares to
// return function/file/line information.
func CallersFrames(callers []uintptr) *Frames { return &Frames{pcs: callers} }

// Next returns a Frame representing the next call frame in the slice of
// PC values, and whether there are more frames after it.
func (ci *Frames) Next() (frame Frame, more bool) {
	for len(ci.pcs) > 0 {
		pc := ci.pcs[0]
		ci.pcs = ci.pcs[1:]
		name, file, line, entry, ok := funcInfo(pc)
		if !ok {
			continue
		}
		return Frame{PC: pc, Func: &Func{pc: pc}, Function: name, File: file, Line: line, Entry: entry}, len(ci.pcs) > 0
	}
	return Frame{}, false
}
