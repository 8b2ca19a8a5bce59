package vm

import "sync/atomic"

// Instr is one instruction; see opcodes.go for each Op's operands.
type Instr struct {
	Op      Op
	A, B, C int32
}

// HostFunc is a guest function implemented in Go. args holds the arguments
// (receiver first); the function writes its results to res (res and args
// may overlap: read all arguments before writing results). A host function
// that must wait calls f.Park... and returns; see fiber.go.
type HostFunc func(f *Fiber, args []Value, res []Value)

// Func is a compiled guest function.
//
// Frame layout (registers of one activation):
//
//	[0, NParams)                 parameters, receiver first
//	[NParams, NParams+NFree)     captured variables of a closure
//	[ConstBase, ConstBase+len(Consts))  constants, copied in at entry
//	[..., NRegs)                 temporaries (SSA values)
type Func struct {
	Name  string // package-qualified, as Go prints it in a stack trace: "main.f", "main.(*T).M"
	File  string
	Line  int32 // line of the declaration
	Code  []Instr
	Lines []int32 // source line of each instruction
	// Wrapper marks a compiler-made wrapper (a method value's, a
	// promoted or pointer-receiver method's), left out of tracebacks.
	Wrapper bool
	// Files is the source file of each instruction where //line
	// directives make one differ from File (nil otherwise).
	Files     []string
	NParams   int32
	NFree     int32
	NResults  int32
	ConstBase int32
	Consts    []Value
	NRegs     int32
	// RecoverPC is where a frame resumes after a recovered panic (the
	// ssa Recover block), or -1: return zero results.
	RecoverPC int32
	// ResultTypes are needed to build zero results.
	ResultTypes []*Type

	Host HostFunc // non-nil for a bodyless (host) function
	// HostName is the name the compiler bound Host by (its HostTable
	// key), for the compile cache to bind it again (codec.go).
	HostName string
	// Captures marks a host function that closes over guest values
	// (reflect's method values and MakeFunc functions): its closures are
	// not copied across shards, which would share those values.
	Captures bool

	Types    []*Type
	Calls    []CallSite
	Lists    [][]int32
	Cmps     []Cmp
	Convs    []Conv
	Slices   []SliceOp
	Makes    []MakeOp
	Appends  []AppendOp
	Closures []ClosureOp
	Selects  []SelectOp
	Builtins []BuiltinOp

	// Refs lists the registers that can hold references (their type is not
	// a pure scalar); RefsAll says to clear the whole frame instead.
	Refs    []int32
	RefsAll bool

	// Static is the function value for this function (no free variables).
	Static *Closure

	// UnsignedIndex lists, in order, the index instructions (OpIndex,
	// OpIndexAddr, OpIndexAddrP, OpSIndex) whose index is of an unsigned
	// type: out of range, it prints unsigned, as gc does.
	UnsignedIndex []int32

	// StackNeed is the stack (in values) a fiber starting in this function
	// grows to on its first call: its registers plus its deepest chain of
	// static calls, capped (see SizeStacks). 0 for host functions.
	StackNeed int32

	// live is the register liveness of the function's call sites,
	// computed when a shrink pass first needs it (liveness.go).
	live atomic.Pointer[liveness]

	// sealed: Seal has run, and the code's register operands are byte
	// offsets (see Seal).
	sealed bool
}

// CallSite describes the callee and arguments of a call, go or defer.
type CallSite struct {
	Fn     *Func   // static callee (OpCall, OpCallHost)
	Method string  // method name for invoke
	Args   []int32 // argument registers (excluding the invoke receiver)
	NRes   int32   // number of results
	// For OpGo/OpDefer: Kind says how to find the callee; Recv is the
	// closure or interface register.
	Kind    CallKind
	Recv    int32
	Builtin *BuiltinOp // Kind == CallBuiltin
	// DeferStack is the register holding the frame whose defer list a
	// defer statement pushes to (range-over-func bodies), or -1.
	DeferStack int32
	// Free, for an OpGo of a function literal (Kind CallStatic), holds the
	// registers of its free variables: `go func() {...}()` starts the
	// fiber with them directly, allocating no closure.
	Free []int32
	// ic caches the last dynamic type and method of an invoke (Seal
	// allocates it; shared by every machine running the program).
	ic *icache
}

// CallKind is the form of a call.
type CallKind uint8

// Call kinds.
const (
	CallStatic CallKind = iota
	CallClosure
	CallInvoke
	CallBuiltin
)

// Cmp is the operand table of OpEqV/OpNeV.
type Cmp struct {
	T    *Type
	X, Y int32
}

// ConvKind enumerates the conversions of OpConv.
type ConvKind uint8

// Conversions.
const (
	ConvRuneToString ConvKind = iota // string(rune)
	ConvBytesToString
	ConvRunesToString
	ConvStringToBytes
	ConvStringToRunes
	ConvComplex // complex64 <-> complex128
	ConvSliceToArray
	ConvSliceToArrayPtr
	// ConvUnsafeToPtr is unsafe.Pointer -> *T (To is T): the payload is
	// unchanged, but memory holding a value of another layout is refused
	// with a run-time panic (spindle's values are not laid out as gc's,
	// so such a reinterpretation has no meaning here).
	ConvUnsafeToPtr
	// ConvArrayPtrToElem is unsafe.Pointer -> *T where the unsafe.Pointer
	// was made from a pointer to an array of T (the compiler sees it):
	// a pointer to the array's first element.
	ConvArrayPtrToElem
	// ConvPtrToUintptr is unsafe.Pointer -> uintptr: the result keeps the
	// pointer (R) and holds its host address (N), so uintptrs compare,
	// hash and print as addresses do.
	ConvPtrToUintptr
	// ConvUintptrToPtr is uintptr -> unsafe.Pointer: the pointer the
	// uintptr was made from, refused with a run-time panic when its
	// address was changed (pointer arithmetic, which spindle cannot do)
	// or it was made from no pointer.
	ConvUintptrToPtr
)

// Conv is the operand of OpConv.
type Conv struct {
	Kind ConvKind
	To   *Type
	// From is, for ConvUnsafeToPtr, the element type of the typed pointer
	// the unsafe.Pointer was made from where the compiler sees it (nil
	// otherwise).
	From *Type
	// Exact marks a []byte conversion of a constant string: gc allocates
	// exactly its length (other strings get a size class's capacity).
	Exact bool
	// View marks a string([]byte) only read by the next instruction (a
	// map lookup, a comparison): it shares the bytes, uncopied.
	View bool
	// Snapshot marks a ConvUnsafeToPtr in Go's own source of nistec: a
	// byte array converted to a type made of 8-byte words (its P-256
	// table, read-only) becomes a decoded copy, not a view.
	Snapshot bool
}

// SliceOp is the operand table of OpSlice: r[A] = r[B][Lo:Hi:Max]; a
// negative index means absent.
type SliceOp struct {
	Lo, Hi, Max int32
	Kind        Kind // KString, KSlice, or KPointer (to array)
	Len         int  // array length for KPointer
	// Make marks the slicing go/ssa emits for make([]T, n, m) with a
	// constant m (a new [m]T sliced to n): a bad n panics as makeslice
	// does in gc ("len out of range", "cap out of range").
	Make bool
	// Unsigned marks bounds of an unsigned type (SliceLo, SliceHi,
	// SliceMax bits): out of range, they print unsigned, as gc does.
	Unsigned uint8
	// Packed marks a result of a packed slice type (Type.Packed), Words
	// a word-packed one.
	Packed, Words bool
}

// SliceOp.Unsigned bits.
const (
	SliceLo = 1 << iota
	SliceHi
	SliceMax
)

// MakeOp is the operand of OpMakeSlice.
type MakeOp struct {
	T        *Type // slice type
	Len, Cap int32 // Cap < 0: same as Len
}

// AppendOp is the operand of OpAppend: r[A] = append(r[B], r[Src]...).
type AppendOp struct {
	Src        int32
	Elem       *Type
	FromString bool
}

// ClosureOp is the operand of OpMakeClosure.
type ClosureOp struct {
	Fn   *Func
	Free []int32
}

// SelectOp is the operand of OpSelect. Results: r[A] = chosen index (-1 for
// default), r[A+1] = recvOK, r[A+2...] = one value per receive case.
type SelectOp struct {
	Cases    []SelectCase
	Blocking bool
	NRecv    int
}

// SelectCase is one case of a select.
type SelectCase struct {
	Send bool
	Chan int32
	Val  int32 // value register for a send
}

// BuiltinOp is the operand of OpBuiltin.
type BuiltinOp struct {
	Name  string
	Args  []int32
	Types []*Type // argument types
	T     *Type   // result type
	// Unused reports that nothing reads the result (unsafe.Slice and
	// unsafe.String of a pointer made from an integer check their
	// arguments and make nothing).
	Unused bool
	// Root reports that the last two arguments of unsafe.Slice,
	// unsafe.String or unsafe.Add are the traced root of the pointer
	// argument and the pointer the root made (unsafe.go).
	Root bool
}

// icache is a call site's inline cache: the last (dynamic type, method)
// pair an interface method call resolved.
type icache struct {
	p atomic.Pointer[icEntry]
}

type icEntry struct {
	t  *Type
	fn *Func
}
