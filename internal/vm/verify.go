package vm

import (
	"fmt"
	"math"
)

// Operand roles, for the verifier and the disassembler.
type role uint8

const (
	rNone role = iota // ignored
	rReg              // a register: 0 <= x < NRegs
	rOpt              // a register or -1
	rReg2             // registers x and x+1
	rReg3             // registers x, x+1, x+2
	rJump             // relative jump: the target must be a pc of the function
	rImm              // an immediate
	rType             // index into Types
	rAux              // index into the op's side table (checked per op)
	rDst              // call result base: -1 or registers x .. x+NRes-1
)

type opRoles struct{ a, b, c role }

var roles = [opCount]opRoles{
	OpNop: {rNone, rNone, rNone}, OpMove: {rReg, rReg, rNone},
	OpAdd: {rReg, rReg, rReg}, OpAddI: {rReg, rReg, rImm}, OpSub: {rReg, rReg, rReg}, OpMul: {rReg, rReg, rReg},
	OpDivS: {rReg, rReg, rReg}, OpDivU: {rReg, rReg, rReg}, OpRemS: {rReg, rReg, rReg}, OpRemU: {rReg, rReg, rReg},
	OpAnd: {rReg, rReg, rReg}, OpOr: {rReg, rReg, rReg}, OpXor: {rReg, rReg, rReg}, OpAndNot: {rReg, rReg, rReg},
	OpShl: {rReg, rReg, rReg}, OpShrS: {rReg, rReg, rReg}, OpShrU: {rReg, rReg, rReg},
	OpShlI: {rReg, rReg, rImm}, OpShrSI: {rReg, rReg, rImm}, OpShrUI: {rReg, rReg, rImm},
	OpNegShift: {rNone, rReg, rNone}, OpNeg: {rReg, rReg, rNone}, OpCom: {rReg, rReg, rNone}, OpNot: {rReg, rReg, rNone},
	OpSExt8: {rReg, rReg, rNone}, OpSExt16: {rReg, rReg, rNone}, OpSExt32: {rReg, rReg, rNone},
	OpZExt8: {rReg, rReg, rNone}, OpZExt16: {rReg, rReg, rNone}, OpZExt32: {rReg, rReg, rNone},
	OpEq: {rReg, rReg, rReg}, OpNe: {rReg, rReg, rReg}, OpLtS: {rReg, rReg, rReg}, OpLeS: {rReg, rReg, rReg},
	OpLtU: {rReg, rReg, rReg}, OpLeU: {rReg, rReg, rReg}, OpLtSI: {rReg, rReg, rImm}, OpGtSI: {rReg, rReg, rImm},
	OpFAdd: {rReg, rReg, rReg}, OpFSub: {rReg, rReg, rReg}, OpFMul: {rReg, rReg, rReg}, OpFDiv: {rReg, rReg, rReg},
	OpFNeg: {rReg, rReg, rNone}, OpFEq: {rReg, rReg, rReg}, OpFNe: {rReg, rReg, rReg}, OpFLt: {rReg, rReg, rReg},
	OpFLe: {rReg, rReg, rReg}, OpF32: {rReg, rReg, rNone},
	OpCAdd: {rReg, rReg, rReg}, OpCSub: {rReg, rReg, rReg}, OpCMul: {rReg, rReg, rReg}, OpCDiv: {rReg, rReg, rReg},
	OpCNeg: {rReg, rReg, rReg}, OpCEq: {rReg, rReg, rReg}, OpCNe: {rReg, rReg, rReg}, OpC64: {rReg, rReg, rReg},
	OpSAdd: {rReg, rReg, rReg}, OpSEq: {rReg, rReg, rReg}, OpSNe: {rReg, rReg, rReg}, OpSLt: {rReg, rReg, rReg},
	OpSLe: {rReg, rReg, rReg}, OpSIndex: {rReg, rReg, rReg},
	OpEqV: {rReg, rNone, rAux}, OpNeV: {rReg, rNone, rAux}, OpEqRef: {rReg, rReg, rReg}, OpNeRef: {rReg, rReg, rReg},
	OpIsNil: {rReg, rReg, rNone},
	OpCvtSF: {rReg, rReg, rNone}, OpCvtUF: {rReg, rReg, rNone}, OpCvtFS: {rReg, rReg, rNone}, OpCvtFU: {rReg, rReg, rNone},
	OpConv:  {rReg, rReg, rAux},
	OpAlloc: {rReg, rType, rNone}, OpGlobal: {rReg, rImm, rNone}, OpGlobalLazy: {rReg, rImm, rNone}, OpLoad: {rReg, rReg, rNone}, OpLoadAgg: {rReg, rReg, rType},
	OpStore: {rReg, rReg, rNone}, OpStoreAgg: {rReg, rReg, rType}, OpFieldAddr: {rReg, rReg, rImm}, OpField: {rReg, rReg, rImm},
	OpLoadField: {rReg, rReg, rImm}, OpStoreField: {rReg, rReg, rImm},
	OpIndexAddr: {rReg, rReg, rReg}, OpIndexAddrP: {rReg, rReg, rReg}, OpIndex: {rReg, rReg, rReg},
	OpSlice: {rReg, rReg, rAux}, OpLen: {rReg, rReg, rNone}, OpCap: {rReg, rReg, rNone}, OpMakeSlice: {rReg, rNone, rAux},
	OpAppend: {rReg, rReg, rAux}, OpCopy: {rReg, rReg, rAux}, OpFill: {rReg, rReg, rImm},
	OpMakeMap: {rReg, rOpt, rType}, OpMapLookup: {rReg, rReg, rReg}, OpMapLookupOK: {rReg2, rReg, rReg},
	OpMapUpdate: {rReg, rReg, rReg}, OpMapDelete: {rNone, rReg, rReg}, OpRange: {rReg, rReg, rNone}, OpNext: {rReg3, rReg, rNone},
	OpMakeClosure: {rReg, rNone, rAux}, OpCall: {rDst, rNone, rAux}, OpCallHost: {rDst, rNone, rAux},
	OpCallClosure: {rDst, rReg, rAux}, OpCallInvoke: {rDst, rReg, rAux}, OpReturn: {rNone, rNone, rAux}, OpRet0: {rNone, rNone, rAux}, OpRet1: {rNone, rReg, rAux},
	OpGo: {rNone, rNone, rAux}, OpDefer: {rNone, rNone, rAux}, OpRunDefers: {rNone, rNone, rNone},
	OpPanic: {rNone, rReg, rNone}, OpRecover: {rReg, rNone, rNone},
	OpMakeIface: {rReg, rReg, rType}, OpTypeAssert: {rReg, rReg, rType}, OpTypeAssertOK: {rReg2, rReg, rType},
	OpIfaceAssert: {rReg, rReg, rType}, OpIfaceAssertOK: {rReg2, rReg, rType},
	OpMakeChan: {rReg, rOpt, rType}, OpSend: {rReg, rReg, rNone}, OpRecv: {rReg, rReg, rNone}, OpRecvOK: {rReg2, rReg, rNone},
	OpClose: {rNone, rReg, rNone}, OpSelect: {rReg2, rNone, rAux},
	OpJump: {rJump, rNone, rNone}, OpLoop: {rJump, rNone, rNone}, OpBrFalse: {rJump, rReg, rNone}, OpBrTrue: {rJump, rReg, rNone},
	OpBuiltin:  {rOpt, rNone, rAux},
	OpMemPoint: {rNone, rNone, rNone},
	OpJEq:      {rJump, rReg, rReg}, OpJNe: {rJump, rReg, rReg}, OpJLtS: {rJump, rReg, rReg}, OpJLeS: {rJump, rReg, rReg},
	OpJLtU: {rJump, rReg, rReg}, OpJLeU: {rJump, rReg, rReg},
	OpJLtSI: {rJump, rReg, rImm}, OpJGeSI: {rJump, rReg, rImm}, OpJGtSI: {rJump, rReg, rImm}, OpJLeSI: {rJump, rReg, rImm},
	OpLoopJEq: {rJump, rReg, rReg}, OpLoopJNe: {rJump, rReg, rReg}, OpLoopJLtS: {rJump, rReg, rReg}, OpLoopJLeS: {rJump, rReg, rReg},
	OpLoopJLtU: {rJump, rReg, rReg}, OpLoopJLeU: {rJump, rReg, rReg},
	OpLoopJLtSI: {rJump, rReg, rImm}, OpLoopJGeSI: {rJump, rReg, rImm}, OpLoopJGtSI: {rJump, rReg, rImm}, OpLoopJLeSI: {rJump, rReg, rImm},
}

// needsTypeNop lists ops followed by an OpNop whose A is a type index.
func needsTypeNop(op Op) bool {
	switch op {
	case OpMapLookup, OpMapLookupOK, OpTypeAssert, OpTypeAssertOK, OpIfaceAssert, OpIfaceAssertOK:
		return true
	}
	return false
}

// Verify checks that every register operand, side-table index and jump
// target of fn is in range, and that execution cannot run off the end of
// the code. The dispatch loop relies on it: it does not bounds-check
// register accesses. It also checks that every backward jump charges a
// reduction (loop and the loopj ops), so that code cannot spin without
// reaching a preemption point: the fuel and CPU limits, timeouts and
// cancellation all act there.
func Verify(fn *Func) error {
	if fn.Host != nil {
		return nil
	}
	n := fn.NRegs
	bad := func(pc int, format string, args ...any) error {
		return fmt.Errorf("verify %s: pc %d (%v): %s", fn.Name, pc, fn.Code[pc].Op, fmt.Sprintf(format, args...))
	}
	if fn.NParams < 0 || fn.NFree < 0 || int64(fn.NParams)+int64(fn.NFree) > int64(n) ||
		fn.ConstBase < 0 || int64(fn.ConstBase)+int64(len(fn.Consts)) > int64(n) {
		return fmt.Errorf("verify %s: frame layout out of range", fn.Name)
	}
	if len(fn.Code) < 2 || len(fn.Lines) != len(fn.Code) {
		return fmt.Errorf("verify %s: empty code or line table mismatch", fn.Name)
	}
	// The dispatch loop advances its instruction pointer before executing
	// an instruction; the sentinel keeps that pointer inside the code
	// array (a pointer past an allocation's end is invalid for the GC).
	if fn.Code[len(fn.Code)-1] != sentinel {
		return fmt.Errorf("verify %s: code lacks the end sentinel", fn.Name)
	}
	switch fn.Code[len(fn.Code)-2].Op {
	case OpReturn, OpRet0, OpRet1, OpJump, OpLoop, OpPanic:
	default:
		return fmt.Errorf("verify %s: code does not end in a terminator", fn.Name)
	}
	body := len(fn.Code) - 1
	if fn.RecoverPC < -1 || int(fn.RecoverPC) >= len(fn.Code)-1 {
		return fmt.Errorf("verify %s: recover pc out of range", fn.Name)
	}
	reg := func(r int32) bool { return r >= 0 && r < n }
	regs := func(rs []int32) bool {
		for _, r := range rs {
			if !reg(r) {
				return false
			}
		}
		return true
	}
	for pc, ins := range fn.Code[:body] {
		if int(ins.Op) >= int(opCount) {
			return bad(pc, "bad opcode")
		}
		if fn.sealed {
			ins = decode(ins)
		}
		ro := roles[ins.Op]
		nres := int32(0)
		switch ins.Op {
		case OpCall, OpCallHost, OpCallClosure, OpCallInvoke:
			if ins.C < 0 || int(ins.C) >= len(fn.Calls) {
				return bad(pc, "call site out of range")
			}
			nres = fn.Calls[ins.C].NRes
		}
		for k, x := range []int32{ins.A, ins.B, ins.C} {
			var r role
			switch k {
			case 0:
				r = ro.a
			case 1:
				r = ro.b
			case 2:
				r = ro.c
			}
			ok := true
			switch r {
			case rReg:
				ok = reg(x)
			case rOpt:
				ok = x == -1 || reg(x)
			case rReg2:
				ok = reg(x) && reg(x+1)
			case rReg3:
				ok = reg(x) && reg(x+2)
			case rJump:
				t := int64(pc) + 1 + int64(x)
				ok = t >= 0 && t < int64(body)
				if ok && t <= int64(pc) && !chargesJump(ins.Op) {
					return bad(pc, "backward jump (%d) charges no reduction", x)
				}
			case rType:
				ok = x >= 0 && int(x) < len(fn.Types)
			case rDst:
				ok = (x == -1 && nres == 0) || (reg(x) && reg(x+max(nres, 1)-1))
			}
			if !ok {
				return bad(pc, "operand %d (%d) out of range (regs %d)", k, x, n)
			}
		}
		if needsTypeNop(ins.Op) {
			if pc+1 >= len(fn.Code) || fn.Code[pc+1].Op != OpNop || fn.Code[pc+1].A < 0 || int(fn.Code[pc+1].A) >= len(fn.Types) {
				return bad(pc, "missing type operand")
			}
		}
		c := int(ins.C)
		okAux := true
		switch ins.Op {
		case OpEqV, OpNeV:
			okAux = c >= 0 && c < len(fn.Cmps) && reg(fn.Cmps[c].X) && reg(fn.Cmps[c].Y)
		case OpConv:
			okAux = c >= 0 && c < len(fn.Convs)
		case OpSlice:
			okAux = c >= 0 && c < len(fn.Slices)
			if okAux {
				s := fn.Slices[c]
				okAux = (s.Lo == -1 || reg(s.Lo)) && (s.Hi == -1 || reg(s.Hi)) && (s.Max == -1 || reg(s.Max))
			}
		case OpMakeSlice:
			okAux = c >= 0 && c < len(fn.Makes) && reg(fn.Makes[c].Len) && (fn.Makes[c].Cap == -1 || reg(fn.Makes[c].Cap))
		case OpAppend, OpCopy:
			okAux = c >= 0 && c < len(fn.Appends) && reg(fn.Appends[c].Src)
		case OpMakeClosure:
			okAux = c >= 0 && c < len(fn.Closures) && regs(fn.Closures[c].Free)
		case OpCall, OpCallHost, OpCallClosure, OpCallInvoke, OpGo, OpDefer:
			okAux = c >= 0 && c < len(fn.Calls) && regs(fn.Calls[c].Args) && regs(fn.Calls[c].Free)
			if okAux {
				cs := fn.Calls[c]
				okAux = (cs.Recv == -1 || reg(cs.Recv)) && (cs.DeferStack == -1 || reg(cs.DeferStack))
				if cs.Kind == CallBuiltin {
					okAux = okAux && cs.Builtin != nil && regs(cs.Builtin.Args)
				} else if (ins.Op == OpCall || ins.Op == OpCallHost) && cs.Fn == nil {
					okAux = false
				}
			}
		case OpReturn, OpRet0, OpRet1:
			okAux = c == -1 || (c >= 0 && c < len(fn.Lists) && regs(fn.Lists[c]))
		case OpSelect:
			okAux = c >= 0 && c < len(fn.Selects)
			if okAux {
				// Results: index, recvOK, then one value per receive case.
				s := fn.Selects[c]
				nrecv := 0
				for _, cs := range s.Cases {
					okAux = okAux && reg(cs.Chan) && (!cs.Send || reg(cs.Val))
					if !cs.Send {
						nrecv++
					}
				}
				okAux = okAux && s.NRecv == nrecv && int64(ins.A)+1+int64(nrecv) < int64(n)
			}
		case OpBuiltin:
			okAux = c >= 0 && c < len(fn.Builtins) && regs(fn.Builtins[c].Args)
		}
		if !okAux {
			return bad(pc, "side-table operand out of range")
		}
	}
	return nil
}

// chargesJump reports whether op's taken jump charges a reduction (see
// opcodes.go), as a backward jump must.
func chargesJump(op Op) bool {
	return op == OpLoop || op >= OpLoopJEq && op <= OpLoopJLeSI
}

// sentinel ends every function's code (see Verify). It is never executed.
var sentinel = Instr{Op: OpNop, A: -1, B: -1, C: -1}

// Seal appends the end sentinel to fn's code; compilers call it last.
//
// Seal also encodes every register operand of an instruction as its byte
// offset from the frame's register base (index * the size of a Value), and
// every jump as a byte offset from the next instruction, so the dispatch
// loop adds them to the base or the instruction pointer as they are, with
// no scaling per operand.
// Side tables (call arguments, return lists, select cases...) keep register
// indexes; so does the frame's view of a result register only through
// Frame.ret, which is an offset too. Verify and Disasm decode operands back
// to indexes, and the slow paths receive decoded instructions (decode).
func Seal(fn *Func) {
	for i := range fn.Calls {
		if fn.Calls[i].Kind == CallInvoke {
			fn.Calls[i].ic = new(icache)
		}
	}
	for i, ins := range fn.Code {
		if int(ins.Op) < int(opCount) {
			fn.Code[i] = encode(ins)
		}
	}
	fn.Code = append(fn.Code, sentinel)
	fn.Lines = append(fn.Lines, fn.Lines[len(fn.Lines)-1])
	if len(fn.Files) > 0 {
		fn.Files = append(fn.Files, fn.Files[len(fn.Files)-1])
	}
	fn.sealed = true
}

// regScale is the byte size of a register: an encoded register operand is
// its index times regScale.
const regScale = int32(valueSize)

// maxRegOperand is the largest register index an operand can encode.
const maxRegOperand = math.MaxInt32/regScale - 3

func encodeOperand(r role, x int32) int32 {
	switch r {
	case rJump:
		if x < math.MinInt32/int32(instrSize) || x > math.MaxInt32/int32(instrSize) {
			return math.MinInt32 // decodes out of range: Verify rejects it
		}
		return x * int32(instrSize)
	case rReg, rReg2, rReg3, rOpt, rDst:
		if x == -1 && (r == rOpt || r == rDst) {
			return -1
		}
		if x < 0 || x > maxRegOperand {
			return math.MinInt32 // decodes out of range: Verify rejects it
		}
		return x * regScale
	}
	return x
}

func decodeOperand(r role, x int32) int32 {
	switch r {
	case rJump:
		return x / int32(instrSize)
	case rReg, rReg2, rReg3, rOpt, rDst:
		if x < 0 {
			if x == -1 {
				return -1
			}
			return math.MinInt32
		}
		return x / regScale
	}
	return x
}

// encode returns ins with its register operands as byte offsets.
func encode(ins Instr) Instr {
	ro := roles[ins.Op]
	ins.A = encodeOperand(ro.a, ins.A)
	ins.B = encodeOperand(ro.b, ins.B)
	ins.C = encodeOperand(ro.c, ins.C)
	return ins
}

// decode returns a sealed instruction with its register operands as
// indexes again.
func decode(ins Instr) Instr {
	if int(ins.Op) >= int(opCount) {
		return ins
	}
	ro := roles[ins.Op]
	ins.A = decodeOperand(ro.a, ins.A)
	ins.B = decodeOperand(ro.b, ins.B)
	ins.C = decodeOperand(ro.c, ins.C)
	return ins
}
