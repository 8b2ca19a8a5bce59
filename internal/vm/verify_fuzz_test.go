package vm

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// fuzzBytes hands out a fuzz input's bytes; past the end it gives zeros,
// so every input decodes to something.
type fuzzBytes struct {
	b []byte
	// tidy makes most operands valid, so that long functions of any
	// instructions pass Verify often enough to be checked.
	tidy bool
}

func (z *fuzzBytes) byte() byte {
	if len(z.b) == 0 {
		return 0
	}
	c := z.b[0]
	z.b = z.b[1:]
	return c
}

func (z *fuzzBytes) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(z.byte()) % n
}

func (z *fuzzBytes) bool() bool { return z.byte()&1 != 0 }

func (z *fuzzBytes) int32() int32 {
	return int32(uint32(z.byte()) | uint32(z.byte())<<8 | uint32(z.byte())<<16 | uint32(z.byte())<<24)
}

// operand returns a register index or jump distance for a function of n
// registers and code length ncode: mostly near the valid range, now and
// then an extreme.
func (z *fuzzBytes) operand(n, ncode int) int32 {
	c := z.byte()
	if z.tidy && c < 192 {
		return int32(c) % int32(max(n, 1))
	}
	switch c >> 5 {
	case 0, 1, 2, 3:
		return int32(c&63) % int32(n+3)
	case 4:
		return int32(c&63)%int32(ncode+3) - int32(ncode) // a jump back or forward
	case 5:
		return -1 - int32(c&3)
	case 6:
		return []int32{int32(n), int32(n - 1), int32(n + 1), math.MaxInt32, math.MinInt32,
			maxRegOperand, maxRegOperand + 1, math.MaxInt32 / int32(instrSize), math.MaxInt32/int32(instrSize) + 1,
			math.MinInt32 / int32(instrSize), math.MinInt32/int32(instrSize) - 1, -2, 1 << 20, -(1 << 20)}[c&31%14]
	}
	return z.int32()
}

func (z *fuzzBytes) regs(n, ncode int) []int32 {
	var rs []int32
	for range z.intn(4) {
		rs = append(rs, z.operand(n, ncode))
	}
	return rs
}

// runnableOps are the instructions a fuzzed function that is run may hold:
// those whose meaning needs no other function, global or type to be
// consistent with it, only that their operands are in range (what Verify
// proves), and that never trust a register's representation (they read N,
// or check R's dynamic type).
var runnableOps = []Op{
	OpNop, OpMove, OpAdd, OpAddI, OpSub, OpMul, OpDivS, OpDivU, OpRemS, OpRemU,
	OpAnd, OpOr, OpXor, OpAndNot, OpShl, OpShrS, OpShrU, OpShlI, OpShrSI, OpShrUI,
	OpNegShift, OpNeg, OpCom, OpNot, OpSExt8, OpSExt16, OpSExt32, OpZExt8, OpZExt16, OpZExt32,
	OpEq, OpNe, OpLtS, OpLeS, OpLtU, OpLeU, OpLtSI, OpGtSI,
	OpFAdd, OpFSub, OpFMul, OpFDiv, OpFNeg, OpFEq, OpFNe, OpFLt, OpFLe, OpF32,
	OpCAdd, OpCSub, OpCMul, OpCDiv, OpCNeg, OpCEq, OpCNe, OpC64,
	OpSAdd, OpSEq, OpSNe, OpSLt, OpSLe, OpSIndex,
	OpEqRef, OpNeRef, OpIsNil, OpCvtSF, OpCvtUF, OpCvtFS, OpCvtFU,
	OpLoad, OpStore, OpReturn, OpRet0, OpRet1, OpPanic, OpMemPoint,
	OpJump, OpLoop, OpBrFalse, OpBrTrue,
	OpJEq, OpJNe, OpJLtS, OpJLeS, OpJLtU, OpJLeU, OpJLtSI, OpJGeSI, OpJGtSI, OpJLeSI,
	OpLoopJEq, OpLoopJNe, OpLoopJLtS, OpLoopJLeS, OpLoopJLtU, OpLoopJLeU,
	OpLoopJLtSI, OpLoopJGeSI, OpLoopJGtSI, OpLoopJLeSI,
}

var terminators = []Op{OpReturn, OpRet0, OpRet1, OpJump, OpLoop, OpPanic}

// fuzzFunc decodes a function from fuzz bytes: its frame layout, code and
// side tables, each operand near or at the edges of its valid range.
// runnable limits its code to runnableOps.
func fuzzFunc(z *fuzzBytes) (fn *Func, runnable bool) {
	mode := z.byte()
	runnable, z.tidy = mode&1 != 0, mode&2 != 0
	n := z.intn(24)
	if z.intn(16) == 0 {
		n = int(z.int32()) // a frame of any size, negative too
	}
	ncode := z.intn(40)
	fn = &Func{Name: "main.fuzz", File: "fuzz.go", NRegs: int32(n), RecoverPC: -1}
	fn.NParams = int32(z.intn(4))
	fn.NFree = int32(z.intn(3))
	if z.intn(8) == 0 {
		fn.NParams, fn.NFree = z.int32(), z.int32()
	}
	for range z.intn(4) {
		switch z.intn(4) {
		case 0:
			fn.Consts = append(fn.Consts, Int(int64(z.int32())))
		case 1:
			fn.Consts = append(fn.Consts, Str(strings.Repeat("s", z.intn(5))))
		case 2:
			fn.Consts = append(fn.Consts, Complex(complex(float64(z.int32()), 1)))
		default:
			fn.Consts = append(fn.Consts, Float(float64(z.int32())/7))
		}
	}
	fn.ConstBase = int32(z.intn(n + 2))
	if z.intn(8) == 0 {
		fn.ConstBase = z.operand(n, ncode)
	}
	if z.tidy {
		// A frame layout that fits: parameters, free variables, then
		// the constants, with room for temporaries.
		n = min(max(n, 4), 64)
		fn.NRegs = int32(n)
		fn.NParams = min(max(fn.NParams, 0), int32(n/4))
		fn.NFree = min(max(fn.NFree, 0), int32(n/4))
		fn.ConstBase = fn.NParams + fn.NFree
	}
	if z.intn(4) == 0 {
		fn.RecoverPC = z.operand(ncode, ncode)
	}
	types := []*Type{tInt, tString, tAny, tPtr}
	fn.Types = types[:z.intn(len(types)+1)]
	for range z.intn(3) {
		cs := CallSite{Kind: CallKind(z.intn(5)), Args: z.regs(n, ncode), NRes: z.operand(3, 3),
			Recv: z.operand(n, ncode), DeferStack: z.operand(n, ncode), Free: z.regs(n, ncode), Method: "M"}
		if z.bool() {
			cs.Fn = &Func{Name: "main.callee", NRegs: 4, RecoverPC: -1}
		}
		if z.bool() {
			cs.Builtin = &BuiltinOp{Name: "print", Args: z.regs(n, ncode)}
		}
		fn.Calls = append(fn.Calls, cs)
	}
	for range z.intn(3) {
		fn.Lists = append(fn.Lists, z.regs(n, ncode))
	}
	for range z.intn(2) {
		fn.Cmps = append(fn.Cmps, Cmp{T: tInt, X: z.operand(n, ncode), Y: z.operand(n, ncode)})
	}
	for range z.intn(2) {
		fn.Convs = append(fn.Convs, Conv{Kind: ConvKind(z.intn(12)), To: tString})
	}
	for range z.intn(2) {
		fn.Slices = append(fn.Slices, SliceOp{Lo: z.operand(n, ncode), Hi: z.operand(n, ncode), Max: z.operand(n, ncode), Kind: KSlice})
	}
	for range z.intn(2) {
		fn.Makes = append(fn.Makes, MakeOp{T: tInt, Len: z.operand(n, ncode), Cap: z.operand(n, ncode)})
	}
	for range z.intn(2) {
		fn.Appends = append(fn.Appends, AppendOp{Src: z.operand(n, ncode), Elem: tInt})
	}
	for range z.intn(2) {
		fn.Closures = append(fn.Closures, ClosureOp{Fn: &Func{Name: "main.lit", RecoverPC: -1}, Free: z.regs(n, ncode)})
	}
	for range z.intn(2) {
		var s SelectOp
		for range z.intn(4) {
			s.Cases = append(s.Cases, SelectCase{Send: z.bool(), Chan: z.operand(n, ncode), Val: z.operand(n, ncode)})
		}
		s.NRecv = z.intn(4)
		if z.intn(8) == 0 {
			s.NRecv = int(z.int32())
		}
		fn.Selects = append(fn.Selects, s)
	}
	for range z.intn(2) {
		fn.Builtins = append(fn.Builtins, BuiltinOp{Name: "print", Args: z.regs(n, ncode)})
	}
	for pc := range ncode {
		var op Op
		switch {
		case pc == ncode-1 && (z.intn(8) != 0 || z.tidy):
			op = terminators[z.intn(len(terminators))]
		case runnable:
			op = runnableOps[z.intn(len(runnableOps))]
		default:
			op = Op(z.intn(int(opCount) + 3)) // bad opcodes too
		}
		ins := Instr{Op: op, A: z.operand(n, ncode), B: z.operand(n, ncode), C: z.operand(n, ncode)}
		if z.tidy && int(op) < int(opCount) {
			ro := roles[op]
			ins.A = tidyOperand(z, fn, op, ro.a, ins.A, ncode-pc)
			ins.B = tidyOperand(z, fn, op, ro.b, ins.B, ncode-pc)
			ins.C = tidyOperand(z, fn, op, ro.c, ins.C, ncode-pc)
		}
		if needsTypeNop(op) && z.intn(8) != 0 {
			// The type operand that follows (usually well formed).
			fn.Code = append(fn.Code, ins)
			ins = Instr{Op: OpNop, A: int32(z.intn(len(fn.Types) + 1))}
		}
		fn.Code = append(fn.Code, ins)
	}
	for range len(fn.Code) {
		fn.Lines = append(fn.Lines, int32(z.intn(100)))
	}
	switch k := z.intn(16); {
	case z.tidy:
	case k == 0:
		fn.Lines = append(fn.Lines, 1) // a line table that does not match
	case k == 1:
		if len(fn.Lines) > 1 {
			fn.Lines = fn.Lines[:len(fn.Lines)-1]
		}
	}
	if len(fn.Lines) == 0 {
		fn.Lines = []int32{1} // Seal copies the last line for the sentinel
	}
	return fn, runnable
}

// tidyOperand returns, most of the time, an operand of role r that is in
// range for fn (a register, a forward jump of at most ahead instructions,
// a type, an index into op's side table); otherwise x.
func tidyOperand(z *fuzzBytes, fn *Func, op Op, r role, x int32, ahead int) int32 {
	if z.intn(8) == 0 {
		return x
	}
	switch r {
	case rReg, rOpt, rReg2, rReg3, rDst:
		return int32(z.intn(max(int(fn.NRegs)-2, 1)))
	case rJump:
		return int32(z.intn(max(ahead-1, 1)))
	case rType:
		return int32(z.intn(len(fn.Types)))
	case rAux:
		var k int
		switch op {
		case OpEqV, OpNeV:
			k = len(fn.Cmps)
		case OpConv:
			k = len(fn.Convs)
		case OpSlice:
			k = len(fn.Slices)
		case OpMakeSlice:
			k = len(fn.Makes)
		case OpAppend, OpCopy:
			k = len(fn.Appends)
		case OpMakeClosure:
			k = len(fn.Closures)
		case OpSelect:
			k = len(fn.Selects)
		case OpBuiltin:
			k = len(fn.Builtins)
		case OpReturn, OpRet0, OpRet1:
			return int32(z.intn(len(fn.Lists)+1)) - 1
		default:
			k = len(fn.Calls)
		}
		return int32(z.intn(k))
	}
	return x
}

// fuzzRuntimeError is the guest type a fuzzed function's run-time errors
// are raised as (a struct holding the message, as runtime.Error's
// implementation is).
var fuzzRuntimeError = &Type{Kind: KStruct, Name: "runtime.Error", Fields: []Field{{Name: "msg", Type: tString}}}

// FuzzVerify decodes a function from fuzz bytes, seals it and verifies it.
// Verify must return an error rather than panic whatever the function
// holds. A function Verify accepts must decode back to the code it was
// sealed from, with every register operand a byte offset of a register
// in the frame and every jump a byte offset of an instruction in the
// body, and every register, type and jump the instructions use per
// opcodes.go in range (an independent reading, fuzzOperandsOK). One
// whose code holds only runnableOps is run on a machine with a fuel
// limit: it must end (its backward jumps charge reductions), without a
// spindle bug.
func FuzzVerify(f *testing.F) {
	for _, seed := range verifySeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fn, runnable := fuzzFunc(&fuzzBytes{b: data})
		orig := slices.Clone(fn.Code)
		_ = Verify(fn) // unsealed: no sentinel, so an error, but no panic
		Seal(fn)
		err := Verify(fn)
		if err != nil {
			return
		}
		body := fn.Code[:len(fn.Code)-1]
		if len(body) != len(orig) {
			t.Fatalf("sealed code has %d instructions, want %d", len(body), len(orig))
		}
		for pc, ins := range body {
			if d := decode(ins); d != orig[pc] {
				t.Fatalf("pc %d: decodes to %v, sealed from %v", pc, d, orig[pc])
			}
			ro := roles[ins.Op]
			for k, r := range []role{ro.a, ro.b, ro.c} {
				x, y := operandOf(orig[pc], k), operandOf(ins, k)
				var want int32
				switch r {
				case rReg, rReg2, rReg3, rOpt, rDst:
					want = x * regScale
					if x == -1 {
						want = -1
					}
				case rJump:
					want = x * int32(instrSize)
				default:
					want = x
				}
				if y != want {
					t.Fatalf("pc %d (%v): operand %d sealed as %d, want %d", pc, ins.Op, k, y, want)
				}
			}
		}
		if msg := fuzzOperandsOK(fn, orig); msg != "" {
			t.Fatalf("Verify accepted a function that %s:\n%s", msg, Disasm(fn))
		}
		// Frames as large as the compiler makes them: a fiber's first
		// frame is allocated whole, so one of 2^31 registers would be
		// the host's memory, not a property of the code.
		if runnable && onlyRunnable(orig) && fn.NRegs <= 1<<12 {
			runFuzzFunc(t, fn)
		}
	})
}

func operandOf(ins Instr, k int) int32 {
	switch k {
	case 0:
		return ins.A
	case 1:
		return ins.B
	}
	return ins.C
}

func onlyRunnable(code []Instr) bool {
	for _, ins := range code {
		if !slices.Contains(runnableOps, ins.Op) {
			return false
		}
	}
	return true
}

// fuzzOperandsOK checks the operands of fn's code (as sealed from orig)
// against what opcodes.go and func.go document each instruction to read
// and write, independently of Verify's roles table: registers (in the
// instruction and in its side-table entry) in the frame, types in
// fn.Types, jumps to an instruction of the body. It returns what is
// wrong, or "".
func fuzzOperandsOK(fn *Func, orig []Instr) string {
	n := fn.NRegs
	for pc, ins := range orig {
		var regs []int32       // registers read or written
		var types []int32      // indexes into fn.Types
		var jump bool          // A is a relative jump
		opt := func(r int32) { // a register or absent (negative)
			if r >= 0 {
				regs = append(regs, r)
			}
		}
		span := func(r, k int32) { // k registers from r
			for i := range k {
				regs = append(regs, r+i)
			}
		}
		A, B, C := ins.A, ins.B, ins.C
		switch op := ins.Op; {
		case op == OpNop || op == OpMemPoint || op == OpRunDefers || op == OpRet0:
		case op == OpNegShift || op == OpPanic || op == OpClose || op == OpRet1:
			regs = []int32{B}
		case op == OpAddI || op == OpShlI || op == OpShrSI || op == OpShrUI || op == OpLtSI || op == OpGtSI ||
			op == OpFieldAddr || op == OpField || op == OpFill || op == OpLoadField || op == OpStoreField:
			regs = []int32{A, B} // C an immediate
		case op == OpMove || op == OpNeg || op == OpCom || op == OpNot ||
			op >= OpSExt8 && op <= OpZExt32 || op == OpFNeg || op == OpF32 ||
			op == OpIsNil || op >= OpCvtSF && op <= OpCvtFU || op == OpLoad || op == OpStore ||
			op == OpLen || op == OpCap || op == OpRange || op == OpSend || op == OpRecv:
			regs = []int32{A, B}
		case op >= OpAdd && op <= OpShrU || op >= OpEq && op <= OpLeU ||
			op >= OpFAdd && op <= OpFLe || op >= OpCAdd && op <= OpC64 ||
			op >= OpSAdd && op <= OpSIndex || op == OpEqRef || op == OpNeRef ||
			op == OpIndexAddr || op == OpIndexAddrP || op == OpIndex || op == OpMapUpdate:
			regs = []int32{A, B, C}
		case op == OpEqV || op == OpNeV:
			regs = []int32{A, fn.Cmps[C].X, fn.Cmps[C].Y}
		case op == OpConv:
			regs = []int32{A, B}
			_ = fn.Convs[C]
		case op == OpAlloc:
			regs, types = []int32{A}, []int32{B}
		case op == OpGlobal || op == OpGlobalLazy || op == OpRecover:
			regs = []int32{A}
		case op == OpLoadAgg || op == OpStoreAgg || op == OpMakeIface || op == OpTypeAssert || op == OpIfaceAssert:
			regs, types = []int32{A, B}, []int32{C}
		case op == OpTypeAssertOK || op == OpIfaceAssertOK:
			regs, types = []int32{A, A + 1, B}, []int32{C}
		case op == OpSlice:
			regs = []int32{A, B}
			sl := fn.Slices[C]
			opt(sl.Lo)
			opt(sl.Hi)
			opt(sl.Max)
		case op == OpMakeSlice:
			regs = []int32{A, fn.Makes[C].Len}
			opt(fn.Makes[C].Cap)
		case op == OpAppend || op == OpCopy:
			regs = []int32{A, B, fn.Appends[C].Src}
		case op == OpMakeMap || op == OpMakeChan:
			regs, types = []int32{A}, []int32{C}
			opt(B)
		case op == OpMapLookup:
			regs = []int32{A, B, C}
		case op == OpMapLookupOK:
			regs = []int32{A, A + 1, B, C}
		case op == OpMapDelete:
			regs = []int32{B, C}
		case op == OpNext:
			regs = []int32{A, A + 1, A + 2, B}
		case op == OpMakeClosure:
			regs = append([]int32{A}, fn.Closures[C].Free...)
		case op >= OpCall && op <= OpCallInvoke || op == OpGo || op == OpDefer:
			cs := fn.Calls[C]
			regs = append(slices.Clone(cs.Args), cs.Free...)
			if op <= OpCallInvoke && (A >= 0 || cs.NRes > 0) {
				span(A, max(cs.NRes, 1))
			}
			if op == OpCallClosure || op == OpCallInvoke {
				regs = append(regs, B)
			}
			opt(cs.Recv)
			opt(cs.DeferStack)
		case op == OpReturn:
		case op == OpRecvOK:
			regs = []int32{A, A + 1, B}
		case op == OpSelect:
			s := fn.Selects[C]
			nrecv := int32(0)
			for _, c := range s.Cases {
				regs = append(regs, c.Chan)
				if c.Send {
					regs = append(regs, c.Val)
				} else {
					nrecv++
				}
			}
			span(A, 2+nrecv) // index, recvOK, one value per receive case
		case op == OpBuiltin:
			opt(A)
			regs = append(regs, fn.Builtins[C].Args...)
		case op == OpJump || op == OpLoop:
			jump = true
		case op == OpBrFalse || op == OpBrTrue || op >= OpJLtSI && op <= OpJLeSI || op >= OpLoopJLtSI && op <= OpLoopJLeSI:
			regs, jump = []int32{B}, true
		case op >= OpJEq && op <= OpJLeU || op >= OpLoopJEq && op <= OpLoopJLeU:
			regs, jump = []int32{B, C}, true
		default:
			return fmt.Sprintf("holds op %d at pc %d", op, pc)
		}
		if needsTypeNop(ins.Op) {
			types = append(types, orig[pc+1].A)
		}
		if (ins.Op == OpReturn || ins.Op == OpRet0 || ins.Op == OpRet1) && C >= 0 {
			regs = append(regs, fn.Lists[C]...)
		}
		for _, r := range regs {
			if r < 0 || r >= n {
				return fmt.Sprintf("reads or writes register %d of %d at pc %d (%v)", r, n, pc, ins.Op)
			}
		}
		for _, x := range types {
			if x < 0 || int(x) >= len(fn.Types) {
				return fmt.Sprintf("names type %d of %d at pc %d (%v)", x, len(fn.Types), pc, ins.Op)
			}
		}
		if jump {
			if t := int64(pc) + 1 + int64(A); t < 0 || t >= int64(len(orig)) {
				return fmt.Sprintf("jumps to %d at pc %d", t, pc)
			}
		}
	}
	return ""
}

// runFuzzFunc runs fn as a program's main on one shard with a fuel limit.
func runFuzzFunc(t *testing.T, fn *Func) {
	var stderr bytes.Buffer
	p := &Program{Main: fn, RuntimeErrorType: fuzzRuntimeError}
	g := NewGroup(p, Config{Stderr: &stderr, Fuel: 100_000, MemoryLimit: 64 << 20}, 1, false)
	code := g.Run()
	if code != 0 && code != 2 || strings.Contains(stderr.String(), "BUG") {
		t.Fatalf("exit status %d, stderr:\n%s\n%s", code, stderr.String(), Disasm(fn))
	}
}

// verifySeeds returns inputs that decode to functions Verify accepts
// (runnable ones first) and some it rejects, found by decoding a fixed
// sequence of random inputs.
func verifySeeds() [][]byte {
	rng := rand.New(rand.NewPCG(20, 7))
	var run, other, rejected [][]byte
	for range 20000 {
		data := make([]byte, 16+rng.IntN(240))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		fn, runnable := fuzzFunc(&fuzzBytes{b: data})
		code := slices.Clone(fn.Code)
		Seal(fn)
		switch {
		case Verify(fn) != nil:
			if len(rejected) < 8 {
				rejected = append(rejected, data)
			}
		case runnable && onlyRunnable(code):
			if len(run) < 24 {
				run = append(run, data)
			}
		case len(other) < 8:
			other = append(other, data)
		}
	}
	return slices.Concat(run, other, rejected)
}
