package vm

import "os"

// Register liveness at call sites, for the stack-shrink pass.
//
// A frame suspended in a call keeps every register it ever wrote, where
// Go's stack maps let the collector skip dead slots: a connection's
// fiber parked between requests keeps the last request's response,
// request and context reachable from registers its loop will overwrite
// before reading. When a shrink pass fits the stack of a fiber parked
// for a whole collection cycle, it also clears, in every frame but the
// innermost, the reference registers that no path from the frame's call
// site reads before writing (deadAfterCall).
//
// The analysis is conservative: an operand it does not know to be only
// written counts as read, every register an instruction's side table
// names counts as read, and the recover block (where a recovered panic
// resumes the frame) is a successor of every instruction. Constants'
// registers are never cleared (they are not in Refs), nor registers of
// the innermost frame, whose parked instruction re-executes, nor frames
// that are not suspended in a plain call, nor any register of a function
// that converts a pointer to a uintptr.

// regSet is a bit set of registers.
type regSet []uint64

func (s regSet) add(r int32)      { s[r>>6] |= 1 << (r & 63) }
func (s regSet) has(r int32) bool { return s[r>>6]&(1<<(r&63)) != 0 }

// liveness holds the registers live where a call returns (keyed by the
// pc after the call, with the recover block's included); nil for a
// function whose registers are never cleared.
type liveness struct {
	at map[int32]regSet
}

// maxLivenessWords bounds the analysis: a function with more
// instructions times 64-register words keeps its registers.
const maxLivenessWords = 1 << 18

// pureDef lists the ops whose operand A (and the registers after it, for
// rReg2, rReg3 and rDst) is only written, never read.
var pureDef = func() (d [opCount]bool) {
	for _, op := range []Op{
		OpMove, OpAdd, OpAddI, OpSub, OpMul, OpDivS, OpDivU, OpRemS, OpRemU, OpAnd, OpOr, OpXor, OpAndNot,
		OpShl, OpShrS, OpShrU, OpShlI, OpShrSI, OpShrUI, OpNeg, OpCom, OpNot,
		OpSExt8, OpSExt16, OpSExt32, OpZExt8, OpZExt16, OpZExt32,
		OpEq, OpNe, OpLtS, OpLeS, OpLtU, OpLeU, OpLtSI, OpGtSI,
		OpFAdd, OpFSub, OpFMul, OpFDiv, OpFNeg, OpFEq, OpFNe, OpFLt, OpFLe, OpF32,
		OpSAdd, OpSEq, OpSNe, OpSLt, OpSLe, OpSIndex, OpEqV, OpNeV, OpEqRef, OpNeRef, OpIsNil,
		OpCvtSF, OpCvtUF, OpCvtFS, OpCvtFU, OpConv,
		OpAlloc, OpGlobal, OpGlobalLazy, OpLoad, OpField, OpLoadField, OpFieldAddr,
		OpIndexAddr, OpIndexAddrP, OpIndex, OpSlice, OpLen, OpCap, OpMakeSlice,
		OpMakeMap, OpMapLookup, OpMapLookupOK, OpMakeClosure, OpMakeIface,
		OpTypeAssert, OpTypeAssertOK, OpIfaceAssert, OpIfaceAssertOK, OpMakeChan, OpRecv, OpRecvOK,
		OpCall, OpCallHost, OpCallClosure, OpCallInvoke, OpRecover,
	} {
		d[op] = true
	}
	return
}()

// computeLiveness runs the backward analysis over fn's code.
func computeLiveness(fn *Func) *liveness {
	body := len(fn.Code) - 1 // the sentinel is not code
	words := (int(fn.NRegs) + 63) / 64
	if body*words > maxLivenessWords {
		return &liveness{}
	}
	uses := make([]regSet, body)
	defs := make([]regSet, body)
	succ := make([][2]int, body)  // -1: none
	always := make(regSet, words) // read by the VM itself: DeferStack registers
	// derivedFrom[pc]: the register an interior pointer made at pc (a
	// field's or element's address, a slice of an array) was derived
	// from, or -1. spindle's interior pointers point into an object's
	// storage, not its box, so they do not keep the box (what a
	// finalizer, cleanup or weak pointer is attached to) alive as Go's
	// do: a base stays while a pointer derived from it is live, or is an
	// argument of the call the frame waits in (keepBases).
	derivedFrom := make([]int32, body)
	target := make([]bool, body+1) // entered other than by falling through
	if fn.RecoverPC >= 0 {
		target[fn.RecoverPC] = true
	}
	for i := range fn.Calls {
		if r := fn.Calls[i].DeferStack; r >= 0 {
			always.add(r)
		}
	}
	for pc := 0; pc < body; pc++ {
		ins := fn.Code[pc]
		if fn.sealed {
			ins = decode(ins)
		}
		u, d := make(regSet, words), make(regSet, words)
		uses[pc], defs[pc] = u, d
		succ[pc] = [2]int{pc + 1, -1}
		ro := roles[ins.Op]
		nres := int32(1)
		switch ins.Op {
		case OpCall, OpCallHost, OpCallClosure, OpCallInvoke:
			nres = fn.Calls[ins.C].NRes
		case OpSelect:
			nres = 2 + int32(fn.Selects[ins.C].NRecv)
		}
		for k, x := range [3]int32{ins.A, ins.B, ins.C} {
			r := [3]role{ro.a, ro.b, ro.c}[k]
			n := int32(0)
			switch r {
			case rReg:
				n = 1
			case rOpt:
				if x >= 0 {
					n = 1
				}
			case rReg2:
				n = 2
				if ins.Op == OpSelect {
					n = nres
				}
			case rReg3:
				n = 3
			case rDst:
				if x >= 0 {
					n = nres
				}
			case rJump:
				t := pc + 1 + int(x)
				switch ins.Op {
				case OpJump, OpLoop:
					succ[pc] = [2]int{t, -1}
				default:
					succ[pc][1] = t
				}
			}
			for i := int32(0); i < n; i++ {
				if k == 0 && pureDef[ins.Op] {
					d.add(x + i)
				} else {
					u.add(x + i)
				}
			}
		}
		switch ins.Op {
		case OpReturn, OpRet0, OpRet1, OpPanic:
			succ[pc] = [2]int{-1, -1}
		}
		derivedFrom[pc] = -1
		switch ins.Op {
		case OpFieldAddr, OpIndexAddr, OpIndexAddrP, OpSlice:
			derivedFrom[pc] = ins.B
		case OpConv:
			switch fn.Convs[ins.C].Kind {
			case ConvArrayPtrToElem:
				derivedFrom[pc] = ins.B
			case ConvPtrToUintptr:
				// uintptr(p) passed to a call must keep p's object alive
				// for the call, as //go:uintptrescapes does (Go's test/
				// uintptrescapes3.go); a []uintptr does not hold it.
				return &liveness{}
			}
		}
		for _, t := range succ[pc] {
			if t >= 0 && t != pc+1 {
				target[t] = true
			}
		}
		sideUses(fn, ins, u)
	}
	in := make([]regSet, body+1)
	for pc := range in {
		in[pc] = make(regSet, words)
	}
	rec := int(fn.RecoverPC)
	out := make(regSet, words)
	for changed := true; changed; {
		changed = false
		for pc := body - 1; pc >= 0; pc-- {
			// out = the successors' in, and the recover block's.
			copy(out, always)
			for _, s := range succ[pc] {
				if s >= 0 && s < body {
					orInto(out, in[s])
				}
			}
			if rec >= 0 {
				orInto(out, in[rec])
			}
			// in = uses ∪ (out − defs)
			for w := range out {
				v := uses[pc][w] | out[w]&^defs[pc][w]
				if v != in[pc][w] {
					in[pc][w] = v
					changed = true
				}
			}
		}
	}
	lv := &liveness{at: map[int32]regSet{}}
	d := deriv{defs: defs, from: derivedFrom, target: target}
	for pc := 1; pc < body; pc++ {
		switch fn.Code[pc-1].Op {
		case OpCall, OpCallClosure, OpCallInvoke:
			live := append(regSet(nil), in[pc]...)
			if rec >= 0 {
				orInto(live, in[rec])
			}
			call := fn.Code[pc-1]
			if fn.sealed {
				call = decode(call)
			}
			cs := &fn.Calls[call.C]
			extra := append([]int32{cs.Recv}, cs.Args...)
			if call.Op != OpCall {
				extra = append(extra, call.B) // the closure or receiver
			}
			d.keepBases(live, pc, extra)
			lv.at[int32(pc)] = live
		}
	}
	return lv
}

// deriv answers which register a live interior pointer was derived from.
type deriv struct {
	defs   []regSet
	from   []int32
	target []bool
}

// keepBases adds to live, the set at pc (just after a call), the
// registers the live interior pointers and the call's extra operands
// were derived from, transitively.
func (d *deriv) keepBases(live regSet, pc int, extra []int32) {
	type item struct {
		r  int32
		pc int // the definition reaching pc
	}
	var work []item
	for r := int32(0); int(r) < len(live)*64; r++ {
		if live.has(r) {
			work = append(work, item{r, pc})
		}
	}
	for _, r := range extra {
		if r >= 0 && int(r) < len(live)*64 {
			work = append(work, item{r, pc - 1})
		}
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range d.basesOf(it.r, it.pc) {
			if !live.has(b.r) {
				live.add(b.r)
				work = append(work, item{b.r, b.pc})
			}
		}
	}
}

// basesOf returns the base of the interior pointer in register r where
// control reaches pc, with the pc of its derivation: the nearest
// definition of r above pc in straight-line code. Where another path
// may reach (a jump target on the way), every derivation of r in the
// function counts.
func (d *deriv) basesOf(r int32, pc int) []struct {
	r  int32
	pc int
} {
	type base = struct {
		r  int32
		pc int
	}
	for j := pc - 1; j >= 0; j-- {
		if d.defs[j].has(r) {
			if b := d.from[j]; b >= 0 {
				return []base{{b, j}}
			}
			return nil
		}
		if d.target[j] {
			break
		}
	}
	var all []base
	for j, b := range d.from {
		if b >= 0 && d.defs[j].has(r) {
			all = append(all, base{b, j})
		}
	}
	return all
}

func orInto(dst, src regSet) {
	for i := range dst {
		dst[i] |= src[i]
	}
}

// sideUses adds the registers ins reads through its side table.
func sideUses(fn *Func, ins Instr, u regSet) {
	add := func(rs ...int32) {
		for _, r := range rs {
			if r >= 0 {
				u.add(r)
			}
		}
	}
	c := ins.C
	switch ins.Op {
	case OpEqV, OpNeV:
		add(fn.Cmps[c].X, fn.Cmps[c].Y)
	case OpSlice:
		s := fn.Slices[c]
		add(s.Lo, s.Hi, s.Max)
	case OpMakeSlice:
		add(fn.Makes[c].Len, fn.Makes[c].Cap)
	case OpAppend, OpCopy:
		add(fn.Appends[c].Src)
	case OpMakeClosure:
		add(fn.Closures[c].Free...)
	case OpCall, OpCallHost, OpCallClosure, OpCallInvoke, OpGo, OpDefer:
		cs := &fn.Calls[c]
		add(cs.Args...)
		add(cs.Free...)
		add(cs.Recv, cs.DeferStack)
		if cs.Builtin != nil {
			add(cs.Builtin.Args...)
		}
	case OpReturn, OpRet0, OpRet1:
		if c >= 0 {
			add(fn.Lists[c]...)
		}
	case OpSelect:
		for _, cs := range fn.Selects[c].Cases {
			add(cs.Chan)
			if cs.Send {
				add(cs.Val)
			}
		}
	case OpBuiltin:
		add(fn.Builtins[c].Args...)
	}
}

// clearDeadRefs clears, in frame fr suspended at a call (fr.pc just past
// it), the reference registers regs no path from there reads before
// writing.
func clearDeadRefs(fr *Frame, regs []Value) {
	fn := fr.fn
	if fn.Host != nil || len(fn.Refs) == 0 {
		return
	}
	lv := fn.live.Load()
	if lv == nil {
		lv = computeLiveness(fn)
		fn.live.Store(lv)
	}
	live, ok := lv.at[fr.pc]
	if !ok {
		return
	}
	for _, r := range fn.Refs {
		if !live.has(r) {
			regs[r] = Value{}
		}
	}
}

// clearDeadFrames clears the dead reference registers of every frame of
// the parked fiber f suspended in a plain call (all but the innermost).
func (f *Fiber) clearDeadFrames() {
	for i := 0; i+1 < len(f.frames); i++ {
		if fr := &f.frames[i]; fr.kind == frameNormal && f.frames[i+1].kind == frameNormal {
			clearDeadRefs(fr, f.stack[fr.base:fr.base+fr.fn.NRegs])
		}
	}
}

// stressLiveness (SPINDLE_STRESS_LIVENESS=1, for tests) clears dead
// registers at every park instead of at shrink passes only, so that a
// conformance run checks the analysis against every program's output.
var stressLiveness = os.Getenv("SPINDLE_STRESS_LIVENESS") == "1"
