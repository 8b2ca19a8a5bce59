package compile

// Control flow: the branches that end a block, the phi moves on its
// outgoing edges, integer comparisons fused into compare-and-branch
// instructions, and loop rotation.
//
// Jumps are emitted with a placeholder offset and patched by emitBody once
// every block's pc is known (fixup); a backward jump becomes a loop
// instruction, which charges a reduction. A phi is a register written on
// each incoming edge: the moves of one edge are a parallel copy, made
// through the temporaries reserved after the SSA values when a source is
// also a destination (phiTemps, edgeMoves).

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// lowerJump emits the phi moves of a jump's edge and the jump, which falls
// through when the successor is the block emitted next.
func (fc *funcCompiler) lowerJump(i *ssa.Jump) {
	b := i.Block()
	to := b.Succs[0]
	fc.edgeMoves(b, to)
	if to != fc.next {
		fc.jump(vm.OpJump, 0, to)
	}
}

// lowerIf emits an If's branch. Without phi moves on either edge it is a
// conditional jump (fused with an integer comparison, see condJump) to the
// successor not emitted next, and a plain jump when neither is. With moves,
// the conditional jump skips the then edge's moves and jump, to the else
// edge's.
func (fc *funcCompiler) lowerIf(i *ssa.If) {
	b := i.Block()
	then, els := b.Succs[0], b.Succs[1]
	if !fc.hasPhis(then) && !fc.hasPhis(els) {
		switch {
		case then == fc.next:
			fc.condJump(i.Cond, false, els)
		case els == fc.next:
			fc.condJump(i.Cond, true, then)
		default:
			fc.condJump(i.Cond, false, els)
			fc.jump(vm.OpJump, 0, then)
		}
		return
	}
	br := fc.condJump(i.Cond, false, nil)
	fc.edgeMoves(b, then)
	fc.jump(vm.OpJump, 0, then)
	fc.code[br].A = int32(len(fc.code) - (br + 1))
	fc.edgeMoves(b, els)
	if els != fc.next {
		fc.jump(vm.OpJump, 0, els)
	}
}

// phiTemps returns how many temporaries the phi moves of the function
// need, once every SSA value has its register: an edge whose moves
// conflict goes through temporaries, one per move (edgeMoves); other
// edges need none.
func (fc *funcCompiler) phiTemps() int32 {
	n := 0
	for _, b := range fc.f.Blocks {
		for pi := range b.Preds {
			if dsts, srcs := fc.phiMoves(b, pi); len(dsts) > n && movesConflict(dsts, srcs) {
				n = len(dsts)
			}
		}
	}
	return int32(n)
}

// phiMoves returns the register moves that enter block to along its
// predecessor edge pi: the phis' registers and their incoming values'
// (a move whose source is its destination left out). A source with no
// register yet (a constant, global or function, while layout runs:
// those are placed after the temporaries, so never a phi's register) is
// -1.
func (fc *funcCompiler) phiMoves(to *ssa.BasicBlock, pi int) (dsts, srcs []int32) {
	for _, ins := range to.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		d := fc.regs[phi]
		src, ok := fc.regs[phi.Edges[pi]]
		if !ok {
			src = -1
		}
		if src != d {
			dsts = append(dsts, d)
			srcs = append(srcs, src)
		}
	}
	return dsts, srcs
}

// movesConflict reports whether a source register of a parallel move is
// also a destination (of another move: phiMoves leaves out a move whose
// source is its destination).
func movesConflict(dsts, srcs []int32) bool {
	for _, s := range srcs {
		for _, d := range dsts {
			if s == d {
				return true
			}
		}
	}
	return false
}

// edgeMoves emits the phi moves for the edge from -> to: straight moves,
// or, when a source is also a destination, every source into its
// temporary first and then the temporaries into the destinations (the
// parallel copy semantics of phis).
func (fc *funcCompiler) edgeMoves(from, to *ssa.BasicBlock) {
	pi := -1
	for i, p := range to.Preds {
		if p == from {
			pi = i
			break
		}
	}
	dsts, srcs := fc.phiMoves(to, pi)
	if !movesConflict(dsts, srcs) {
		for i := range dsts {
			fc.emit(vm.OpMove, dsts[i], srcs[i], 0)
		}
		return
	}
	for i := range srcs {
		fc.emit(vm.OpMove, fc.phiTempBase+int32(i), srcs[i], 0)
	}
	for i := range dsts {
		fc.emit(vm.OpMove, dsts[i], fc.phiTempBase+int32(i), 0)
	}
}

// hasPhis reports whether block to starts with phis, whose incoming edges
// may need moves.
func (fc *funcCompiler) hasPhis(to *ssa.BasicBlock) bool {
	if len(to.Instrs) == 0 {
		return false
	}
	_, ok := to.Instrs[0].(*ssa.Phi)
	return ok
}

// fusable finds integer comparisons used only by the If that ends their
// block: they become one compare-and-branch instruction.
func (fc *funcCompiler) fusable() map[*ssa.BinOp]bool {
	out := map[*ssa.BinOp]bool{}
	for _, b := range fc.f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, ok := iff.Cond.(*ssa.BinOp)
		if !ok || c.Block() != b || len(*c.Referrers()) != 1 {
			continue
		}
		if _, _, _, ok := fc.intCompare(c); ok {
			out[c] = true
		}
	}
	return out
}

// intCompare maps an integer comparison to a compare op on (x, y) or
// (x, immediate). It reports false for other comparisons.
func (fc *funcCompiler) intCompare(i *ssa.BinOp) (op vm.Op, x, y int32, ok bool) {
	b := basicOf(i.X.Type())
	if b == nil || b.Info()&(types.IsInteger|types.IsBoolean) == 0 {
		return 0, 0, 0, false
	}
	if isNilConst(i.X) || isNilConst(i.Y) {
		return 0, 0, 0, false
	}
	signed := b.Info()&types.IsUnsigned == 0 && b.Info()&types.IsInteger != 0
	if n, isImm := smallConst(i.Y); isImm && signed {
		switch i.Op {
		case token.LSS:
			return vm.OpLtSI, fc.regs[i.X], int32(n), true
		case token.LEQ:
			return vm.OpLtSI, fc.regs[i.X], int32(n + 1), true
		case token.GTR:
			return vm.OpGtSI, fc.regs[i.X], int32(n), true
		case token.GEQ:
			return vm.OpGtSI, fc.regs[i.X], int32(n - 1), true
		}
	}
	// (During layout the registers are not assigned yet; only ok matters.)
	x, y = fc.regs[i.X], fc.regs[i.Y]
	switch i.Op {
	case token.EQL:
		return vm.OpEq, x, y, true
	case token.NEQ:
		return vm.OpNe, x, y, true
	case token.LSS:
		if signed {
			return vm.OpLtS, x, y, true
		}
		return vm.OpLtU, x, y, true
	case token.LEQ:
		if signed {
			return vm.OpLeS, x, y, true
		}
		return vm.OpLeU, x, y, true
	case token.GTR:
		if signed {
			return vm.OpLtS, y, x, true
		}
		return vm.OpLtU, y, x, true
	case token.GEQ:
		if signed {
			return vm.OpLeS, y, x, true
		}
		return vm.OpLeU, y, x, true
	}
	return 0, 0, 0, false
}

// condJump emits a jump to target taken when cond == sense, fusing an
// integer comparison into the branch. With a nil target the caller patches
// the jump; condJump returns its pc.
func (fc *funcCompiler) condJump(cond ssa.Value, sense bool, target *ssa.BasicBlock) int {
	var op vm.Op
	var x, y int32
	if c, ok := cond.(*ssa.BinOp); ok && fc.fused[c] {
		op, x, y, _ = fc.intCompare(c)
		if !sense {
			op, x, y = negate(op, x, y)
		}
		op = jumpOf(op)
	} else {
		op, x = vm.OpBrFalse, fc.reg(cond)
		if sense {
			op = vm.OpBrTrue
		}
	}
	pc := fc.emit(op, 0, x, y)
	if target != nil {
		fc.fixups = append(fc.fixups, fixup{pc: pc, block: target.Index})
	}
	return pc
}

// rotateLoops fuses a loop's back-edge with its header test. A back-edge
// (OpLoop) whose target starts with a compare-and-branch that leaves the
// loop for the instruction right after the back-edge becomes the negated
// test as a loop op: taken, it jumps past the header into the body and
// charges the reduction; not taken, it falls through to the exit. One
// dispatch per iteration fewer, and the header test is kept for the first
// entry.
func rotateLoops(code []vm.Instr) {
	for pc := range code {
		ins := &code[pc]
		if ins.Op != vm.OpLoop {
			continue
		}
		head := pc + 1 + int(ins.A)
		h := code[head]
		op, b, c, ok := loopNegation(h)
		if !ok || head+1+int(h.A) != pc+1 {
			continue
		}
		*ins = vm.Instr{Op: op, A: int32(head + 1 - (pc + 1)), B: b, C: c}
	}
}

// loopNegation returns the loop form of the test that is true when the
// compare-and-branch h is not taken.
func loopNegation(h vm.Instr) (vm.Op, int32, int32, bool) {
	b, c := h.B, h.C
	switch h.Op {
	case vm.OpJEq:
		return vm.OpLoopJNe, b, c, true
	case vm.OpJNe:
		return vm.OpLoopJEq, b, c, true
	case vm.OpJLtS:
		return vm.OpLoopJLeS, c, b, true
	case vm.OpJLeS:
		return vm.OpLoopJLtS, c, b, true
	case vm.OpJLtU:
		return vm.OpLoopJLeU, c, b, true
	case vm.OpJLeU:
		return vm.OpLoopJLtU, c, b, true
	case vm.OpJLtSI:
		return vm.OpLoopJGeSI, b, c, true
	case vm.OpJGeSI:
		return vm.OpLoopJLtSI, b, c, true
	case vm.OpJGtSI:
		return vm.OpLoopJLeSI, b, c, true
	case vm.OpJLeSI:
		return vm.OpLoopJGtSI, b, c, true
	}
	return 0, 0, 0, false
}

// negate returns the comparison that is true when (op x y) is false.
func negate(op vm.Op, x, y int32) (vm.Op, int32, int32) {
	switch op {
	case vm.OpEq:
		return vm.OpNe, x, y
	case vm.OpNe:
		return vm.OpEq, x, y
	case vm.OpLtS:
		return vm.OpLeS, y, x
	case vm.OpLeS:
		return vm.OpLtS, y, x
	case vm.OpLtU:
		return vm.OpLeU, y, x
	case vm.OpLeU:
		return vm.OpLtU, y, x
	case vm.OpLtSI:
		return opGeSI, x, y
	case vm.OpGtSI:
		return opLeSI, x, y
	}
	panic(compileError("BUG: negate " + op.String()))
}

// Pseudo ops for the immediate forms without a value-producing variant.
const (
	opGeSI = vm.Op(250)
	opLeSI = vm.Op(251)
)

// jumpOf returns the compare-and-branch form of comparison op.
func jumpOf(op vm.Op) vm.Op {
	switch op {
	case vm.OpEq:
		return vm.OpJEq
	case vm.OpNe:
		return vm.OpJNe
	case vm.OpLtS:
		return vm.OpJLtS
	case vm.OpLeS:
		return vm.OpJLeS
	case vm.OpLtU:
		return vm.OpJLtU
	case vm.OpLeU:
		return vm.OpJLeU
	case vm.OpLtSI:
		return vm.OpJLtSI
	case vm.OpGtSI:
		return vm.OpJGtSI
	case opGeSI:
		return vm.OpJGeSI
	case opLeSI:
		return vm.OpJLeSI
	}
	panic(compileError("BUG: jumpOf " + op.String()))
}
