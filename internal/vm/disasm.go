package vm

import (
	"fmt"
	"strings"
)

var opNames = [...]string{
	OpNop: "nop", OpMove: "move", OpAdd: "add", OpAddI: "addi", OpSub: "sub", OpMul: "mul",
	OpDivS: "divs", OpDivU: "divu", OpRemS: "rems", OpRemU: "remu", OpAnd: "and", OpOr: "or",
	OpXor: "xor", OpAndNot: "andnot", OpShl: "shl", OpShrS: "shrs", OpShrU: "shru", OpShlI: "shli",
	OpShrSI: "shrsi", OpShrUI: "shrui", OpNegShift: "negshift", OpNeg: "neg", OpCom: "com", OpNot: "not",
	OpSExt8: "sext8", OpSExt16: "sext16", OpSExt32: "sext32", OpZExt8: "zext8", OpZExt16: "zext16", OpZExt32: "zext32",
	OpEq: "eq", OpNe: "ne", OpLtS: "lts", OpLeS: "les", OpLtU: "ltu", OpLeU: "leu", OpLtSI: "ltsi", OpGtSI: "gtsi",
	OpFAdd: "fadd", OpFSub: "fsub", OpFMul: "fmul", OpFDiv: "fdiv", OpFNeg: "fneg", OpFEq: "feq", OpFNe: "fne",
	OpFLt: "flt", OpFLe: "fle", OpF32: "f32",
	OpCAdd: "cadd", OpCSub: "csub", OpCMul: "cmul", OpCDiv: "cdiv", OpCNeg: "cneg", OpCEq: "ceq", OpCNe: "cne", OpC64: "c64",
	OpSAdd: "sadd", OpSEq: "seq", OpSNe: "sne", OpSLt: "slt", OpSLe: "sle", OpSIndex: "sindex",
	OpEqV: "eqv", OpNeV: "nev", OpEqRef: "eqref", OpNeRef: "neref", OpIsNil: "isnil",
	OpCvtSF: "cvtsf", OpCvtUF: "cvtuf", OpCvtFS: "cvtfs", OpCvtFU: "cvtfu", OpConv: "conv",
	OpAlloc: "alloc", OpGlobal: "global", OpGlobalLazy: "globallazy", OpLoad: "load", OpLoadAgg: "loadagg", OpStore: "store", OpStoreAgg: "storeagg",
	OpFieldAddr: "fieldaddr", OpField: "field", OpLoadField: "loadfield", OpStoreField: "storefield", OpIndexAddr: "indexaddr", OpIndexAddrP: "indexaddrp", OpIndex: "index",
	OpSlice: "slice", OpLen: "len", OpCap: "cap", OpMakeSlice: "makeslice", OpAppend: "append", OpCopy: "copy", OpFill: "fill",
	OpMakeMap: "makemap", OpMapLookup: "mapget", OpMapLookupOK: "mapgetok", OpMapUpdate: "mapset", OpMapDelete: "mapdel",
	OpRange: "range", OpNext: "next",
	OpMakeClosure: "closure", OpCall: "call", OpCallHost: "callhost", OpCallClosure: "callclosure", OpCallInvoke: "callinvoke",
	OpReturn: "return", OpRet0: "ret0", OpRet1: "ret1", OpGo: "go", OpDefer: "defer", OpRunDefers: "rundefers", OpPanic: "panic", OpRecover: "recover",
	OpMakeIface: "iface", OpTypeAssert: "assert", OpTypeAssertOK: "assertok", OpIfaceAssert: "iassert", OpIfaceAssertOK: "iassertok",
	OpMakeChan: "makechan", OpSend: "send", OpRecv: "recv", OpRecvOK: "recvok", OpClose: "close", OpSelect: "select",
	OpJump: "jump", OpLoop: "loop", OpBrFalse: "brfalse", OpBrTrue: "brtrue", OpBuiltin: "builtin", OpMemPoint: "mempoint",
	OpJEq: "jeq", OpJNe: "jne", OpJLtS: "jlts", OpJLeS: "jles", OpJLtU: "jltu", OpJLeU: "jleu",
	OpJLtSI: "jltsi", OpJGeSI: "jgesi", OpJGtSI: "jgtsi", OpJLeSI: "jlesi",
	OpLoopJEq: "loopjeq", OpLoopJNe: "loopjne", OpLoopJLtS: "loopjlts", OpLoopJLeS: "loopjles",
	OpLoopJLtU: "loopjltu", OpLoopJLeU: "loopjleu", OpLoopJLtSI: "loopjltsi", OpLoopJGeSI: "loopjgesi",
	OpLoopJGtSI: "loopjgtsi", OpLoopJLeSI: "loopjlesi",
}

// String returns the op's mnemonic.
func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return fmt.Sprintf("op%d", op)
}

// Disasm renders fn's code, one instruction per line: "pc line op A B C".
func Disasm(fn *Func) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s params=%d free=%d regs=%d\n", fn.Name, fn.NParams, fn.NFree, fn.NRegs)
	for i, c := range fn.Consts {
		fmt.Fprintf(&b, "  const r%d = %s\n", int(fn.ConstBase)+i, constString(c))
	}
	for pc, ins := range fn.Code[:max(len(fn.Code)-1, 0)] {
		if fn.sealed {
			ins = decode(ins)
		}
		line := int32(0)
		if pc < len(fn.Lines) {
			line = fn.Lines[pc]
		}
		if roles[ins.Op].a == rJump {
			fmt.Fprintf(&b, "%4d %4d  %-10s ->%d %d %d\n", pc, line, ins.Op, pc+1+int(ins.A), ins.B, ins.C)
			continue
		}
		fmt.Fprintf(&b, "%4d %4d  %-10s %d %d %d\n", pc, line, ins.Op, ins.A, ins.B, ins.C)
	}
	return b.String()
}

func constString(v Value) string {
	switch r := v.R.(type) {
	case nil:
		return fmt.Sprintf("%d", int64(v.N))
	case string:
		return fmt.Sprintf("%q", r)
	case *Closure:
		return "func " + r.Fn.Name
	case []Value:
		return fmt.Sprintf("aggregate[%d]", len(r))
	}
	return fmt.Sprintf("%T", v.R)
}
