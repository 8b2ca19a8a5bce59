package vm

import (
	"fmt"
	"strings"
)

// FiberState is where a fiber is in its life.
type FiberState uint8

// Fiber states. A fiber is in exactly one run queue (or the run-next
// slot) or wait queue, or running, at a time.
const (
	// Runnable: on its machine's run queue or in its run-next slot, not
	// executing guest code (or,
	// started by another shard while this shard's package initialisation
	// runs, in Machine.initWait until it returns).
	Runnable FiberState = iota
	// Running: the machine's current fiber; its frames are live in the
	// dispatch loop (the saved pcs of the other frames are valid).
	Running
	// Parked: in some wait queue (a channel's, a mutex's, a timer's); its
	// top frame's pc is at the instruction that parked, which re-executes
	// in completion mode (Fiber.resume) when the fiber is woken, except a
	// plain channel send or receive, which its waker completes (the value
	// stored in the receiver's register, the pc moved past the
	// instruction: wakeSudog).
	Parked
	// Dead: returned from its entry function or died of a panic. Its stack
	// is released, or, for a fiber started by a go statement, cleared and
	// kept with the record on the machine's free list for the next fiber
	// (Machine.recycle); a fiber on the free list is in no queue and has
	// no ID.
	Dead
)

// frame kinds
const (
	frameNormal        uint8 = iota
	frameDefer               // a deferred call made by OpRunDefers
	frameDeferPanic          // a deferred call made while panicking
	frameHost                // a guest call made by host code (CallGuest)
	frameCancelHandler       // an OnCancelled handler run as the fiber ends
	frameInit                // the package initialisation run before a shard's first fiber
)

// Frame is one activation record. Frames live in Fiber.frames; their
// registers live in Fiber.stack[base : base+fn.NRegs].
type Frame struct {
	fn     *Func
	pc     int32 // next instruction (return address while a callee runs)
	base   int32
	ret    int32 // caller register that receives the results, as a byte offset like an instruction operand (-1: none)
	kind   uint8
	defers *deferRec
}

type deferRec struct {
	fn      *Func // guest callee (nil for a builtin)
	free    []Value
	builtin *BuiltinOp
	args    []Value
	next    *deferRec
}

type panicRec struct {
	val        Value // the guest panic value (an interface value)
	recovered  bool
	aborted    bool
	goexit     bool // runtime.Goexit: runs defers, not recoverable
	repanicked bool
	link       *panicRec
	stack      string // traceback where the panic started
}

// Fiber is a guest goroutine: a stack of frames and registers, run by the
// dispatch loop until it returns, parks, or uses up its budget.
type Fiber struct {
	ID    int64
	M     *Machine
	stack []Value
	// frames is frame0[:1] until the fiber calls deeper.
	frames []Frame
	budget int32
	// hostTop is the end of the running host call's argument window: guest
	// frames pushed by CallGuest go above it.
	hostTop int32

	state FiberState
	end   EndStatus
	// reason is the wait reason of the last park (reason.go).
	reason uint16
	// resume: the parked instruction re-executes in completion mode; xok:
	// the ok of the park's completion (see Wake). The rarer flags are
	// bits of flags.
	resume bool
	xok    bool
	flags  fiberFlags

	// Park bookkeeping: gen counts parks (see Token); unlink removes the
	// fiber from a host wait queue if the park is interrupted (a channel
	// wait is flagged instead: fChanWait, fSelectWait, see chanWait).
	gen    uint64
	unlink func()
	// sg is the wait entry of a plain channel operation. It also carries
	// the completion of any park: whoever wakes the fiber with Wake leaves
	// the value in sg.val (and ok in xok), a select's winning case in
	// sg.caseIdx, for the parked instruction to read when it re-executes.
	sg sudog

	// ext holds what few fibers need (fiber-package state, select
	// buffers, a result), allocated on first use to keep fibers small.
	ext *fiberExt
	// allNext links the machine's go-statement list of fibers
	// (Machine.allHead; see linkAll).
	allNext *Fiber
	// frame0 holds the first frame, so a fiber needs no frame allocation
	// until it calls deeper than its entry function.
	frame0 [1]Frame
}

// fiberFlags are a fiber's rarely used flags, one bit each (a bool each
// would cost every fiber eight bytes more).
type fiberFlags uint16

const (
	fKeepBudget  fiberFlags = 1 << iota // resume the slice after a recovered panic, or in the rest of a waker's (runnext)
	fGoexited                           // ended through runtime.Goexit or a cancellation unwind
	fInterrupted                        // the park was interrupted by cancellation
	fJoinable                           // spawned by fiber.Spawn and not detached
	fCancelled                          // cancelled (Cancel, or the run's shutdown)
	fCancelSeen                         // cancellation delivered (handlers run at exit)
	fHandlersRun                        // its OnCancelled handlers are running or ran
	fFinished                           // ended (returned, unwound, or captured a panic)
	fRecyclable                         // started by a go statement, never a handle or parent (see recycle)
	fLive                               // counted in Machine.nfibers (started, not ended)
	fLinked                             // on the machine's go-statement list of fibers (see Machine.linkAll)
	fHandled                            // on the machine's handles list of fibers (links in ext)
	fChanWait                           // parked with its own wait entry (sg) in a channel's queue
	fSelectWait                         // parked in a select: its wait entries are ext.selPtrs
	fIdleMark                           // parked when the last stack-shrink pass ran (shrink.go); every park clears it
	fGrown                              // on the machine's list of fibers whose stacks grew (Machine.grown, shrink.go)
)

func (f *Fiber) has(b fiberFlags) bool { return f.flags&b != 0 }

// cancelPending reports a cancellation not yet delivered to f.
func (f *Fiber) cancelPending() bool    { return f.flags&(fCancelled|fCancelSeen) == fCancelled }
func (f *Fiber) setFlag(b fiberFlags)   { f.flags |= b }
func (f *Fiber) clearFlag(b fiberFlags) { f.flags &^= b }

// fiberExt is the part of a fiber that most fibers never use.
type fiberExt struct {
	panic *panicRec // the panic being unwound (see panicking)
	// allPrev and allNext link a fiber that can have a handle into
	// Machine.handles (see linkAll).
	allPrev, allNext *Fiber
	result           []Value // results of the entry function (for joins)
	parent           *Fiber
	remote           *RemoteFiber // the home shard's handle, for a SpawnOn child
	panicVal         Value
	panicStack       string
	overflow         int64 // stack bytes requested when the fiber overflowed
	joiners          []Token
	onCancel         []*Closure
	hostState        any
	warned           bool    // the held-shard warning was printed
	selBuf           []sudog // a select's wait entries, reused
	selPtrs          []*sudog
	// grownAt is 1 + the fiber's index in Machine.grown, for a fiber that
	// can have a handle (0: not there): when it ends, its entry is cleared
	// at once, so the list does not keep its result alive (shrink.go).
	grownAt int32
	bubble  *Bubble // the synctest bubble it belongs to (bubble.go)
	// holder is the goroutine holding the host frames of the callback
	// f parked or yielded in, waiting for f to run (handoff.go).
	holder *shardThread
}

// panicking returns the panic f is unwinding, or nil.
func (f *Fiber) panicking() *panicRec {
	if f.ext == nil {
		return nil
	}
	return f.ext.panic
}

// setPanic sets the panic f is unwinding.
func (f *Fiber) setPanic(p *panicRec) {
	if p == nil && f.ext == nil {
		return
	}
	f.ensureExt().panic = p
}

// chanWait returns the wait entry f is parked with in a channel queue
// (its own, or a select's first), or nil.
func (f *Fiber) chanWait() *sudog {
	switch {
	case f.has(fChanWait):
		return &f.sg
	case f.has(fSelectWait):
		return f.ext.selPtrs[0]
	}
	return nil
}

// ensureExt returns the fiber's extension, allocating it on first use.
func (f *Fiber) ensureExt() *fiberExt {
	if f.ext == nil {
		f.ext = new(fiberExt)
	}
	return f.ext
}

// State returns the fiber's state.
func (f *Fiber) State() FiberState { return f.state }

// Park parks the running fiber: the current instruction (a host call or a
// blocking op) completes when the fiber is woken with Wake. reason is the
// wait reason printed in dumps ("chan receive", "sleep", ...). Host code
// that keeps the fiber in a queue should keep f.Token() instead of f, and
// use ParkUnlink so a cancelled fiber leaves the queue.
func (f *Fiber) Park(reason string) {
	f.ParkUnlink(reason, nil)
}

// ParkUnlink parks like Park; unlink (if not nil) is called if the park is
// interrupted (the fiber is cancelled), to remove the fiber from whatever
// queue or timer it waits in.
func (f *Fiber) ParkUnlink(reason string, unlink func()) {
	f.gen++
	f.state = Parked
	f.flags &^= fIdleMark
	f.reason = f.M.reasonIndex(reason)
	f.unlink = unlink
	if f.cancelPending() || f.M.shutdown {
		// Cancellation reaches a fiber at its next park point.
		f.M.interrupt(f)
	}
}

// Wake makes a parked fiber runnable; the parked instruction re-executes
// in completion mode and reads the value and ok (Xfer). Waking a fiber
// that is not parked (a stale wake-up of a cancelled fiber) does nothing.
func (f *Fiber) Wake(v Value, ok bool) {
	if f.state != Parked {
		return
	}
	f.resume = true
	if f.has(fSelectWait) {
		clear(f.ext.selBuf) // a select's wait entries
	}
	f.wakeDone()
	f.sg.val, f.xok = v, ok // after wakeDone, which clears sg.val
}

// wakeDone makes a parked fiber runnable, dropping its wait entry's
// references (the channel, a sent value; queue links are already
// cleared). Called directly, for an operation its waker has completed (a
// plain send or receive, see wakeSudog), the fiber resumes after the
// instruction instead of re-executing it.
func (f *Fiber) wakeDone() {
	f.unlink = nil
	f.clearFlag(fChanWait | fSelectWait)
	f.sg.c, f.sg.val, f.sg.dst, f.sg.direct = nil, Value{}, nil, false
	// Woken by the running fiber, f takes the run-next slot if that is
	// empty (see Machine.runnext), else it goes to the tail.
	m := f.M
	f.state = Runnable
	if m.cur != nil && m.runnext == nil && f != m.cur && m.explore == nil {
		m.runnext = f
		return
	}
	m.rq.push(runEntry{f: f})
}

// Token identifies one park of a fiber: waking through a token does
// nothing if the fiber has since been woken (by cancellation, say) or
// parked again.
type Token struct {
	f   *Fiber
	m   *Machine // f's machine, readable from any thread (see Machine)
	gen uint64
}

// InCallback reports whether f runs guest code called back from host code
// (CallGuest: a String method, fmt.Fscan's Read), where a park is fatal.
func (f *Fiber) InCallback() bool {
	for i := range f.frames {
		if f.frames[i].kind == frameHost {
			return true
		}
	}
	return false
}

// Parks counts the fiber's parks (its park generation): equal values at
// two points mean it did not park in between.
func (f *Fiber) Parks() uint64 { return f.gen }

// Token returns the token of the fiber's current park.
func (f *Fiber) Token() Token { return Token{f, f.M, f.gen} }

// NextToken returns the token the fiber's next park will have: a host
// function can publish it (under its own lock) before it parks, and park
// after releasing that lock, since a park can run the unlink function at
// once (a cancelled fiber). Only wakes delivered on the fiber's own thread
// (Machine.SendTo) may use it, as they run after the park.
func (f *Fiber) NextToken() Token { return Token{f, f.M, f.gen + 1} }

// Machine returns the machine of the token's fiber, for a waker on another
// thread to send the wake to (the fiber record itself may be rewritten
// meanwhile by its own machine, when it ends and is recycled).
func (t Token) Machine() *Machine { return t.m }

// Wake wakes the fiber if it is still in the park the token was taken in;
// it reports whether it did.
func (t Token) Wake(v Value, ok bool) bool {
	if t.f == nil || t.f.state != Parked || t.f.gen != t.gen {
		return false
	}
	t.f.Wake(v, ok)
	return true
}

// Interrupted reports whether the operation being resumed was interrupted
// by cancellation instead of completing (and clears the flag). Host
// functions of the fiber package use it to return ErrCancelled; plain Go
// operations unwind instead (see CheckInterrupt).
func (f *Fiber) Interrupted() bool {
	r := f.has(fInterrupted)
	f.clearFlag(fInterrupted)
	return r
}

// CheckInterrupt unwinds the fiber (running its deferred calls) if the
// operation being resumed was interrupted by cancellation. Blocking host
// functions that have no error result call it when resuming.
func (f *Fiber) CheckInterrupt() {
	if f.has(fInterrupted) {
		f.clearFlag(fInterrupted)
		panic(&goexitSignal{cancel: true})
	}
}

// Resuming reports whether the current instruction is completing after a
// park (and clears the flag). Host functions that park call it on entry.
func (f *Fiber) Resuming() bool {
	r := f.resume
	f.resume = false
	if r && f.has(fInterrupted) {
		f.CheckInterrupt()
	}
	return r
}

// ResumingAPI is Resuming for host functions that report cancellation as
// an error (the fiber package): an interrupted park does not unwind; the
// function checks Interrupted instead.
func (f *Fiber) ResumingAPI() bool {
	r := f.resume
	f.resume = false
	return r
}

// Xfer returns the value handed over by Wake.
func (f *Fiber) Xfer() (Value, bool) { return f.sg.val, f.xok }

// WaitReason is the reason given to the fiber's last park ("chan
// receive", "sleep", ...).
func (f *Fiber) WaitReason() string { return reasonName(f.reason) }

// growStack makes the stack at least n Values long, doubling; it reports
// false if that would exceed the machine's cap.
func (f *Fiber) growStack(n int) bool {
	if n <= len(f.stack) {
		return true
	}
	sz := 2 * len(f.stack)
	if len(f.frames) > 0 && n <= int(f.frames[0].fn.StackNeed) && len(f.stack) < int(f.frames[0].fn.StackNeed) {
		// The first call out of the entry function: grow once to what its
		// static calls need (see SizeStacks).
		sz = int(f.frames[0].fn.StackNeed)
	} else if sz < 32 {
		sz = 32
	}
	for sz < n {
		sz *= 2
	}
	if sz > f.M.maxStack {
		if n > f.M.maxStack {
			return false
		}
		sz = f.M.maxStack
	}
	ns := make([]Value, sz)
	copy(ns, f.stack)
	if !f.has(fGrown) {
		f.M.addGrown(f)
	}
	if len(f.stack) <= inlineStackMax && f.hostTop == 0 {
		// Possibly the stack allocated with the fiber (allocFiber): it
		// stays as long as the fiber does, so it must not keep the values
		// it held alive. Not while a host call runs (a guest callback
		// grew the stack): the host function may still read its
		// arguments there.
		clear(f.stack)
	}
	f.stack = ns
	return true
}

// Stack returns a guest traceback: one "fn()\n\tfile:line" pair per
// frame, innermost first. Like Go, a deep stack shows its 50 innermost and
// 50 outermost frames.
func (f *Fiber) Stack() string {
	var b strings.Builder
	n := len(f.frames)
	for i := n - 1; i >= 0; i-- {
		if n > 100 && i == n-51 {
			fmt.Fprintf(&b, "...%d frames elided...\n", n-100)
			i = 50
		}
		fr := &f.frames[i]
		pc := f.framePC(i)
		if !f.elided(i) {
			fmt.Fprintf(&b, "%s()\n\t%s:%d\n", fr.fn.Name, fr.fn.FileAt(pc), fr.fn.lineAt(pc))
		}
		if fr.kind == frameDefer || fr.kind == frameDeferPanic {
			b.WriteString("panic()\n")
		}
	}
	return b.String()
}

// elided reports whether frame i is a compiler-made wrapper calling the
// next frame (a method value's, a promoted or pointer-receiver method's),
// which Go's tracebacks and runtime.Callers leave out; one that is itself
// the innermost frame (it panicked) stays.
func (f *Fiber) elided(i int) bool {
	return f.frames[i].fn.Wrapper && i < len(f.frames)-1
}

// Caller is one guest frame of a fiber's stack: its function and the
// index of the instruction it is executing (a call, for all but a parked
// innermost frame).
type Caller struct {
	Func *Func
	PC   int32
}

// framePC returns the instruction frame i is executing: saved pcs point
// past it, except a parked top frame's and that of a frame running its
// deferred calls (OpRunDefers re-executes), which point at it.
func (f *Fiber) framePC(i int) int32 {
	pc := f.frames[i].pc - 1
	if i == len(f.frames)-1 && f.state == Parked || i < len(f.frames)-1 && f.frames[i+1].kind == frameDefer {
		pc++
	}
	return pc
}

// Callers returns the fiber's guest frames, innermost first, as Stack
// prints them (a frame called back from host code, frameHost, is the
// guest function's own).
func (f *Fiber) Callers() []Caller {
	out := make([]Caller, 0, len(f.frames))
	n := len(f.frames)
	for i := n - 1; i >= 0; i-- {
		fr := &f.frames[i]
		if f.elided(i) {
			continue
		}
		out = append(out, Caller{fr.fn, max(f.framePC(i), 0)})
	}
	return out
}

// LineAt returns the source line of instruction pc.
func (fn *Func) LineAt(pc int32) int32 { return fn.lineAt(pc) }

// FileAt returns the source file of instruction pc, as //line directives
// have it ("??" for one that names no file, as gc reports it).
func (fn *Func) FileAt(pc int32) string {
	if pc < 0 {
		pc = 0
	}
	if int(pc) < len(fn.Files) {
		if f := fn.Files[pc]; f != "" {
			return f
		}
		return "??"
	}
	if fn.File == "" && fn.Line > 0 {
		return "??" // declared under a //line directive that names no file
	}
	return fn.File
}

func (fn *Func) lineAt(pc int32) int32 {
	if pc < 0 {
		pc = 0
	}
	if int(pc) < len(fn.Lines) {
		return fn.Lines[pc]
	}
	return fn.Line
}
