package vm

// Op is a bytecode operation. Every instruction is an Instr{Op, A, B, C}:
// A, B and C are register indexes in the current frame unless the comment
// says otherwise. "aux" names a per-function side table indexed by an
// operand. Registers hold Values (see value.go); r[X] is register X.
// The comments give operands as the compiler writes them (register
// indexes, jumps in instructions); Seal re-encodes register operands and
// jumps as byte offsets for the dispatch loop (see Seal).
//
// Integer ops work on 64 bits and wrap; the compiler follows every op on a
// narrower type with an extension op, so registers always hold a properly
// sign- or zero-extended value. Float ops work on float64; float32 results
// are re-rounded with OpF32.
//
// Reductions: OpLoop (a backward jump) and every call charge one unit of the
// fiber's budget, after the jump or call has happened, so a preempted fiber
// resumes at the loop head or in the callee (charging before the jump would
// let a fiber with budget 1 spin forever: it would be preempted before
// making progress, every time).
type Op uint8

// The instruction set.
const (
	OpNop Op = iota // no effect

	// Moves.
	OpMove // r[A] = r[B]

	// Integer arithmetic, 64-bit wrapping.
	OpAdd      // r[A] = r[B] + r[C]
	OpAddI     // r[A] = r[B] + C           (C is an immediate)
	OpSub      // r[A] = r[B] - r[C]
	OpMul      // r[A] = r[B] * r[C]
	OpDivS     // r[A] = r[B] / r[C] signed; panics "integer divide by zero"
	OpDivU     // r[A] = r[B] / r[C] unsigned
	OpRemS     // r[A] = r[B] % r[C] signed
	OpRemU     // r[A] = r[B] % r[C] unsigned
	OpAnd      // r[A] = r[B] & r[C]
	OpOr       // r[A] = r[B] | r[C]
	OpXor      // r[A] = r[B] ^ r[C]
	OpAndNot   // r[A] = r[B] &^ r[C]
	OpShl      // r[A] = r[B] << r[C] (count unsigned; >= 64 gives 0)
	OpShrS     // r[A] = r[B] >> r[C] arithmetic
	OpShrU     // r[A] = r[B] >> r[C] logical
	OpShlI     // r[A] = r[B] << C (immediate count < 64)
	OpShrSI    // r[A] = r[B] >> C arithmetic, immediate
	OpShrUI    // r[A] = r[B] >> C logical, immediate
	OpNegShift // panics "negative shift amount" if int64(r[B]) < 0
	OpNeg      // r[A] = -r[B]
	OpCom      // r[A] = ^r[B]
	OpNot      // r[A] = !r[B] (bool)
	OpSExt8    // r[A] = int64(int8(r[B]))
	OpSExt16   // r[A] = int64(int16(r[B]))
	OpSExt32   // r[A] = int64(int32(r[B]))
	OpZExt8    // r[A] = uint64(uint8(r[B]))
	OpZExt16   // r[A] = uint64(uint16(r[B]))
	OpZExt32   // r[A] = uint64(uint32(r[B]))

	// Integer comparisons; the result is a bool.
	OpEq   // r[A] = r[B] == r[C] (integers, bools)
	OpNe   // r[A] = r[B] != r[C]
	OpLtS  // r[A] = r[B] < r[C] signed
	OpLeS  // r[A] = r[B] <= r[C] signed
	OpLtU  // r[A] = r[B] < r[C] unsigned
	OpLeU  // r[A] = r[B] <= r[C] unsigned
	OpLtSI // r[A] = r[B] < C signed, C immediate
	OpGtSI // r[A] = r[B] > C signed, C immediate

	// Floats (float64 bits in N).
	OpFAdd // r[A] = r[B] + r[C]
	OpFSub // r[A] = r[B] - r[C]
	OpFMul // r[A] = r[B] * r[C]
	OpFDiv // r[A] = r[B] / r[C]
	OpFNeg // r[A] = -r[B]
	OpFEq  // r[A] = r[B] == r[C]
	OpFNe  // r[A] = r[B] != r[C]
	OpFLt  // r[A] = r[B] < r[C]
	OpFLe  // r[A] = r[B] <= r[C]
	OpF32  // r[A] = float64(float32(r[B]))

	// Complex numbers (complex128 in R).
	OpCAdd // r[A] = r[B] + r[C]
	OpCSub // r[A] = r[B] - r[C]
	OpCMul // r[A] = r[B] * r[C]
	OpCDiv // r[A] = r[B] / r[C]
	OpCNeg // r[A] = -r[B]
	OpCEq  // r[A] = r[B] == r[C]
	OpCNe  // r[A] = r[B] != r[C]
	OpC64  // r[A] = complex128(complex64(r[B]))

	// Strings.
	OpSAdd   // r[A] = r[B] + r[C]
	OpSEq    // r[A] = r[B] == r[C]
	OpSNe    // r[A] = r[B] != r[C]
	OpSLt    // r[A] = r[B] < r[C]
	OpSLe    // r[A] = r[B] <= r[C]
	OpSIndex // r[A] = r[B][r[C]] (a byte); bounds-checked

	// Other comparisons.
	OpEqV   // r[A] = Equal(fn.Cmps[C]) (interfaces, arrays, structs: Go's ==)
	OpNeV   // r[A] = !Equal(fn.Cmps[C])
	OpEqRef // r[A] = identity(r[B]) == identity(r[C]) (pointers, chans, maps, unsafe pointers)
	OpNeRef // r[A] = identity(r[B]) != identity(r[C])
	OpIsNil // r[A] = r[B] is nil (slices, funcs, maps, pointers, chans, interfaces)

	// Conversions.
	OpCvtSF // r[A] = float64(int64(r[B]))
	OpCvtUF // r[A] = float64(uint64(r[B]))
	OpCvtFS // r[A] = int64(float64(r[B])) (then an extension op for narrow types)
	OpCvtFU // r[A] = uint64(float64(r[B]))
	OpConv  // r[A] = convert(r[B]) per fn.Convs[C] (strings, runes, bytes, complex, ...)

	// Memory. A pointer is a *Value (see value.go).
	OpAlloc      // r[A] = new(types[B]) (fresh zeroed storage)
	OpGlobal     // r[A] = &globals[B] (package-level variables live in the Machine)
	OpLoad       // r[A] = *r[B]; panics on nil
	OpLoadAgg    // r[A] = copy(*r[B]) of type types[C]
	OpStore      // *r[A] = r[B]
	OpStoreAgg   // *r[A] = copy(r[B]) of type types[C]
	OpFieldAddr  // r[A] = &r[B].fields[C]; panics on nil
	OpField      // r[A] = r[B].fields[C] (struct value)
	OpLoadField  // r[A] = (*r[B]).fields[C], not an aggregate; panics on nil (OpFieldAddr then OpLoad)
	OpStoreField // (*r[A]).fields[C] = r[B], not an aggregate; panics on nil (OpFieldAddr then OpStore)
	OpIndexAddr  // r[A] = &r[B][r[C]] (r[B] a slice); bounds-checked
	OpIndexAddrP // r[A] = &(*r[B])[r[C]] (r[B] a pointer to array)
	OpIndex      // r[A] = r[B][r[C]] (array value)
	OpSlice      // r[A] = r[B][lo:hi:max] per fn.Slices[C]
	OpLen        // r[A] = len(r[B]) (string, slice, map, chan)
	OpCap        // r[A] = cap(r[B]) (slice, chan)
	OpMakeSlice  // r[A] = make(fn.Makes[C].T, r[len], r[cap])
	OpAppend     // r[A] = append(r[B], r[fn.Appends[C].Src]...) (a string source for []byte)
	OpCopy       // r[A] = copy(r[B], r[fn.Appends[C].Src]) (a string source for []byte)
	OpFill       // copy((*r[A])[C:], r[B]): a constant blob into a packed array

	// Maps.
	OpMakeMap     // r[A] = make(map) of type types[C], hint r[B] (B < 0: none)
	OpMapLookup   // r[A] = r[B][r[C]] (zero if absent; value type from the map)
	OpMapLookupOK // r[A], r[A+1] = r[B][r[C]]
	OpMapUpdate   // r[A][r[B]] = r[C]; panics on a nil map
	OpMapDelete   // delete(r[B], r[C])
	OpRange       // r[A] = iterator over r[B] (map or string)
	OpNext        // r[A], r[A+1], r[A+2] = ok, key, value of iterator r[B]

	// Functions.
	OpMakeClosure // r[A] = closure per fn.Closures[C]
	OpCall        // r[A...] = call fn.Calls[C] (static guest function)
	OpCallHost    // r[A...] = call fn.Calls[C] (static host function)
	OpCallClosure // r[A...] = call r[B] with fn.Calls[C]'s arguments
	OpCallInvoke  // r[A...] = call method fn.Calls[C].Method of interface r[B]
	OpReturn      // return fn.Lists[C] registers
	OpRet0        // return (no results; C as for OpReturn)
	OpRet1        // return r[B] (C as for OpReturn, used on the slow path)
	OpGo          // go fn.Calls[C] (callee from B as for the call kinds; A = kind)
	OpDefer       // defer fn.Calls[C] (as OpGo)
	OpRunDefers   // run this frame's deferred calls (re-executed until none left)
	OpPanic       // panic(r[B])
	OpRecover     // r[A] = recover()

	// Interfaces.
	OpMakeIface     // r[A] = interface holding r[B] of dynamic type types[C]
	OpTypeAssert    // r[A] = r[B].(types[C]) concrete type; panics on mismatch
	OpTypeAssertOK  // r[A], r[A+1] = r[B].(types[C]) concrete type
	OpIfaceAssert   // r[A] = r[B].(types[C]) interface type
	OpIfaceAssertOK // r[A], r[A+1] = r[B].(types[C]) interface type

	// Channels.
	OpMakeChan // r[A] = make(types[C], r[B]) (B < 0: unbuffered)
	OpSend     // r[A] <- r[B]
	OpRecv     // r[A] = <-r[B]
	OpRecvOK   // r[A], r[A+1] = <-r[B]
	OpClose    // close(r[B])
	OpSelect   // r[A...] = select per fn.Selects[C]: index, recvOK, values...

	// Control.
	OpJump    // pc += A (relative to the next instruction)
	OpLoop    // pc += A, charging one reduction (backward jumps)
	OpBrFalse // if !r[B] { pc += A }
	OpBrTrue  // if r[B] { pc += A }
	// Fused compare-and-branch (jumps are relative to the next pc).
	OpJEq   // if r[B] == r[C] { pc += A }
	OpJNe   // if r[B] != r[C] { pc += A }
	OpJLtS  // if r[B] < r[C] (signed) { pc += A }
	OpJLeS  // if r[B] <= r[C] (signed) { pc += A }
	OpJLtU  // if r[B] < r[C] (unsigned) { pc += A }
	OpJLeU  // if r[B] <= r[C] (unsigned) { pc += A }
	OpJLtSI // if r[B] < C (signed immediate) { pc += A }
	OpJGeSI // if r[B] >= C { pc += A }
	OpJGtSI // if r[B] > C { pc += A }
	OpJLeSI // if r[B] <= C { pc += A }
	// Fused loop back-edges: the same tests, but a taken branch charges
	// one reduction like OpLoop. The compiler rotates a loop whose header
	// is a single compare-and-branch out of the loop: the back-edge tests
	// the negated condition and jumps straight into the body, and falls
	// through to the exit (see compile's rotateLoops). A loop that exits
	// this way charges nothing for its last test.
	OpLoopJEq   // if r[B] == r[C] { pc += A; charge }
	OpLoopJNe   // if r[B] != r[C] { pc += A; charge }
	OpLoopJLtS  // if r[B] < r[C] (signed) { pc += A; charge }
	OpLoopJLeS  // if r[B] <= r[C] (signed) { pc += A; charge }
	OpLoopJLtU  // if r[B] < r[C] (unsigned) { pc += A; charge }
	OpLoopJLeU  // if r[B] <= r[C] (unsigned) { pc += A; charge }
	OpLoopJLtSI // if r[B] < C { pc += A; charge }
	OpLoopJGeSI // if r[B] >= C { pc += A; charge }
	OpLoopJGtSI // if r[B] > C { pc += A; charge }
	OpLoopJLeSI // if r[B] <= C { pc += A; charge }

	// Rare builtins (min, max, clear, print, println, complex, real, imag,
	// ...): r[A...] = builtin fn.Builtins[C].
	OpBuiltin

	// OpGlobal of a Type.LazyGlobal variable: its storage is made on
	// first use (rare: out of the dispatch loop's switch).
	OpGlobalLazy

	// A memory synchronisation point, after a load or store through a
	// pointer or a map access, which the compiler emits only with
	// compile.Options.MemPoints (spindle test -explore-mem): an exploring
	// scheduler may preempt there; otherwise it does nothing.
	OpMemPoint

	opCount
)
