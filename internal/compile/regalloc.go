package compile

// Register allocation: the layout of a function's frame.
//
// A frame is one run of registers: the parameters, the free variables, the
// SSA values, the phi-move temporaries, the addresses of the package-level
// variables the function uses, and the constants, in that order (layout).
// Registers are untyped. A phi has a register of its own, which a value
// feeding it only there may share (coalesce); a value used only in its own
// block, or anywhere in a function without loops, takes a register from a
// pool shared by values whose lives do not overlap (poolLocals); the
// loads of a captured variable held by value share its register
// (byValueAliases). A constant's register is never written, so constants
// with the same representation share one (constReg). The value and
// temporary registers that can hold a reference are listed (refRegs), so a
// returning frame clears only those.

import (
	"fmt"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// layout assigns registers: params, free variables, SSA values, phi
// temporaries, global addresses, constants.
func (fc *funcCompiler) layout() {
	f := fc.f
	for _, p := range f.Params {
		fc.regs[p] = fc.nregs
		fc.nregs++
	}
	fc.vf.NParams = fc.nregs
	for _, fv := range f.FreeVars {
		fc.regs[fv] = fc.nregs
		fc.nregs++
	}
	fc.vf.NFree = int32(len(f.FreeVars))
	var extracts []*ssa.Extract
	// Phis first, so values coalesced into them can share their register.
	for _, b := range f.Blocks {
		for _, ins := range b.Instrs {
			if phi, ok := ins.(*ssa.Phi); ok {
				fc.regs[phi] = fc.nregs
				fc.nregs++
			}
		}
	}
	fc.findFills()
	fc.unsafeRoots = fc.findUnsafeRoots()
	coalesced := fc.coalesce()
	fc.fused = fc.fusable()
	fc.straight = fc.isStraight()
	fc.spills = fc.readOnlySpills()
	fc.builtLoads = fc.builtLiterals()
	pooled := map[ssa.Value]bool{}
	aliases := fc.byValueAliases(coalesced)
	for _, b := range f.Blocks {
		for _, ins := range b.Instrs {
			v, ok := ins.(ssa.Value)
			if !ok || fc.fills[ins] != nil {
				continue
			}
			if _, ok := v.(*ssa.Phi); ok {
				continue
			}
			if aliases[v] != nil {
				continue
			}
			if e, ok := v.(*ssa.Extract); ok {
				extracts = append(extracts, e)
				continue
			}
			if p := coalesced[v]; p != nil {
				fc.regs[v] = fc.regs[p]
				continue
			}
			if fc.poolable(v, coalesced) {
				pooled[v] = true // poolLocals gives it a register
				continue
			}
			n := int32(1)
			if tup, ok := v.Type().(*types.Tuple); ok {
				n = int32(tup.Len())
				if n == 0 {
					continue
				}
			}
			fc.regs[v] = fc.nregs
			fc.nregs += n
		}
	}
	fc.poolLocals(pooled)
	for _, e := range extracts {
		fc.regs[e] = fc.regs[e.Tuple] + int32(e.Index)
	}
	for v, to := range aliases {
		fc.regs[v] = fc.regs[to]
	}
	fc.phiTempBase = fc.nregs
	fc.phiTempCount = fc.phiTemps()
	fc.nregs += fc.phiTempCount
	fc.refRegs(fc.phiTempBase)
	// Globals used: their addresses are loaded once at entry.
	var rands []*ssa.Value
	for _, b := range f.Blocks {
		for _, ins := range b.Instrs {
			rands = ins.Operands(rands[:0])
			for _, rp := range rands {
				if rp == nil || *rp == nil {
					continue
				}
				if g, ok := (*rp).(*ssa.Global); ok {
					if _, seen := fc.globalRegs[g]; !seen {
						fc.globalRegs[g] = fc.nregs
						fc.regs[g] = fc.nregs
						fc.nregs++
					}
				}
			}
		}
	}
	// Constants.
	fc.vf.ConstBase = fc.nregs
	for _, b := range f.Blocks {
		for _, ins := range b.Instrs {
			if run := fc.fills[ins]; run != nil {
				fc.constReg(run.blob, fmt.Sprintf("fill|%p", run))
				continue
			}
			rands = ins.Operands(rands[:0])
			for _, rp := range rands {
				if rp == nil || *rp == nil {
					continue
				}
				switch v := (*rp).(type) {
				case *ssa.Const:
					if immOperand(ins, v) {
						continue
					}
					fc.regs[v] = fc.constReg(fc.constValue(v, ins), v.Type().String()+"|"+constKey(v))
				case *ssa.Function:
					if call, ok := ins.(ssa.CallInstruction); ok && rp == &call.Common().Value {
						fc.c.fn(v) // a static callee needs no register
						continue
					}
					vf := fc.c.fn(v)
					fc.regs[v] = fc.constReg(vm.Value{R: vf.Static}, fmt.Sprintf("fn|%p", vf))
				}
			}
			if call, ok := ins.(ssa.CallInstruction); ok {
				if bi, ok := call.Common().Value.(*ssa.Builtin); ok && (bi.Name() == "len" || bi.Name() == "cap") {
					if n, ok := arrayLen(call.Common().Args[0].Type()); ok {
						fc.constReg(vm.Int(n), fmt.Sprintf("int|%d", n))
					}
				}
			}
		}
	}
	if fc.hasDefer() && f.Recover == nil {
		for i, t := range fc.vf.ResultTypes {
			fc.constReg(t.Zero(), fmt.Sprintf("zero|%p|%d", t, i))
		}
	}
	// A conversion that is only a move, read by the next instruction
	// alone, reads its operand's register: the move disappears (x :=
	// uint64(b[i]) in a byte loop). Nothing runs in between that could
	// reuse the operand's register.
	for _, b := range f.Blocks {
		for k, ins := range b.Instrs {
			if c, ok := ins.(*ssa.Convert); ok && k+1 < len(b.Instrs) && isMoveConvert(c) {
				refs := c.Referrers()
				if _, phi := b.Instrs[k+1].(*ssa.Phi); !phi && refs != nil && len(*refs) == 1 && (*refs)[0] == b.Instrs[k+1] {
					if r, ok := fc.regs[c.X]; ok {
						fc.regs[c] = r
					}
				}
			}
		}
	}
}

// isMoveConvert reports whether conversion c copies its operand's Value
// as it is: an integer converted to a 64-bit integer type (Value.N is
// kept sign- or zero-extended, which is the result's bits).
func isMoveConvert(c *ssa.Convert) bool {
	from, to := basicOf(c.X.Type()), basicOf(c.Type())
	if from == nil || to == nil || from.Info()&types.IsInteger == 0 {
		return false
	}
	switch to.Kind() {
	case types.Int, types.Int64, types.Uint, types.Uint64:
		return true
	}
	return false
}

// constKey identifies a constant's value within its type (see constReg).
func constKey(c *ssa.Const) string {
	if c.Value == nil {
		return "nil"
	}
	return c.Value.Kind().String() + ":" + c.Value.ExactString()
}

// arrayLen returns the length of an array type, or of the array a pointer
// type points to: len and cap of such an operand are constants.
func arrayLen(t types.Type) (int64, bool) {
	switch u := t.Underlying().(type) {
	case *types.Array:
		return u.Len(), true
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			return a.Len(), true
		}
	}
	return 0, false
}

// constReg returns the register of constant v, placing it on first use.
// key names the constant: "type|value" (constKey) for an ssa constant,
// "fn|..." for a function value, "int|n" for an array length and
// "zero|..." for a zero result of the recovery path; emitBody and
// builtinCall find the last two by the same keys.
func (fc *funcCompiler) constReg(v vm.Value, key string) int32 {
	if r, ok := fc.constRegs[key]; ok {
		return r
	}
	// Constants of different types with the same representation (0, nil,
	// false and 0.0 are all the zero Value) share a register: registers
	// are untyped, and a constant's is never written.
	vkey := ""
	switch x := v.R.(type) {
	case nil:
		vkey = fmt.Sprintf("v|%d", v.N)
	case string:
		vkey = fmt.Sprintf("s|%d|%s", v.N, x)
	}
	if r, ok := fc.constRegs[vkey]; ok && vkey != "" {
		fc.constRegs[key] = r
		return r
	}
	r := fc.nregs
	fc.nregs++
	fc.constRegs[key] = r
	if vkey != "" {
		fc.constRegs[vkey] = r
	}
	fc.vf.Consts = append(fc.vf.Consts, v)
	return r
}

// constValue converts an ssa constant, an operand of instruction at.
func (fc *funcCompiler) constValue(c *ssa.Const, at ssa.Instruction) vm.Value {
	vt := fc.c.typ(c.Type())
	if c.Value == nil {
		return vt.Zero()
	}
	switch vt.Kind {
	case vm.KBool:
		return vm.Bool(constant.BoolVal(c.Value))
	case vm.KInt, vm.KInt8, vm.KInt16, vm.KInt32, vm.KInt64:
		v, _ := constant.Int64Val(constant.ToInt(c.Value))
		return vm.Int(v)
	case vm.KUint, vm.KUint8, vm.KUint16, vm.KUint32, vm.KUint64, vm.KUintptr:
		v, _ := constant.Uint64Val(constant.ToInt(c.Value))
		return vm.Uint(v)
	case vm.KFloat32:
		v, _ := constant.Float64Val(constant.ToFloat(c.Value))
		return vm.Float(float64(float32(v)))
	case vm.KFloat64:
		v, _ := constant.Float64Val(constant.ToFloat(c.Value))
		return vm.Float(v)
	case vm.KComplex64, vm.KComplex128:
		cv := constant.ToComplex(c.Value)
		re, _ := constant.Float64Val(constant.Real(cv))
		im, _ := constant.Float64Val(constant.Imag(cv))
		if vt.Kind == vm.KComplex64 {
			return vm.Value{R: complex128(complex64(complex(re, im)))}
		}
		return vm.Value{R: complex(re, im)}
	case vm.KString:
		return vm.Str(constant.StringVal(c.Value))
	case vm.KUnsafePointer:
		// unsafe.Pointer(uintptr(k)), folded: 0 is nil, anything else a
		// pointer nothing can be read through (vm.RawPointer).
		v, _ := constant.Uint64Val(constant.ToInt(c.Value))
		return vm.RawPointer(v)
	}
	panic(compileError(fmt.Sprintf("BUG: constant %s of type %s", c.Value, c.Type())))
}

// coalesce picks values that can live in the register of the phi they
// feed: defined in the predecessor, used only by the phi, the predecessor
// ends in a plain jump, and the phi's old value is not read after the
// definition on that path. The phi move on that edge then disappears.
func (fc *funcCompiler) coalesce() map[ssa.Value]*ssa.Phi {
	out := map[ssa.Value]*ssa.Phi{}
	for _, b := range fc.f.Blocks {
		for _, ins := range b.Instrs {
			p, ok := ins.(*ssa.Phi)
			if !ok {
				break
			}
			for ei, v := range p.Edges {
				pred := b.Preds[ei]
				vi, ok := v.(ssa.Instruction)
				if !ok || vi.Block() != pred || out[v] != nil {
					continue
				}
				if fc.unsafeRoots[p] || fc.unsafeRoots[v] {
					// An unsafe call reads the phi's old value where go/ssa
					// lists no use (unsafeRoot).
					continue
				}
				switch v.(type) {
				case *ssa.Phi, *ssa.Extract:
					continue
				}
				if _, tup := v.Type().(*types.Tuple); tup {
					continue
				}
				if refs := v.Referrers(); refs == nil || len(*refs) != 1 || (*refs)[0] != ssa.Instruction(p) {
					continue
				}
				if _, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.Jump); !ok {
					continue
				}
				def := indexIn(pred, vi)
				conflict := false
				for _, r := range *p.Referrers() {
					if r.Block() == pred && indexIn(pred, r) > def {
						conflict = true
					}
					if q, ok := r.(*ssa.Phi); ok && q.Block() == b && q.Edges[ei] == p {
						conflict = true
					}
				}
				if !conflict {
					out[v] = p
				}
			}
		}
	}
	return out
}

// poolable reports whether v takes its register from the pool
// (poolLocals): a value (not a phi or extract, not coalesced into a phi)
// not used by a phi, and used only in its own block unless the function
// is straight (see straight); a tuple's uses are its extracts' uses.
func (fc *funcCompiler) poolable(v ssa.Value, coalesced map[ssa.Value]*ssa.Phi) bool {
	switch v.(type) {
	case *ssa.Phi, *ssa.Extract:
		return false
	}
	if tup, ok := v.Type().(*types.Tuple); ok && tup.Len() == 0 || coalesced[v] != nil || fc.unsafeRoots[v] {
		return false
	}
	if a, ok := v.(*ssa.Alloc); ok && fc.c.byValue(a) {
		return false // its loads share its register (byValueAliases)
	}
	ins, ok := v.(ssa.Instruction)
	if !ok || v.Referrers() == nil {
		return false
	}
	fits := func(refs []ssa.Instruction) bool {
		for _, r := range refs {
			if _, phi := r.(*ssa.Phi); phi || !fc.straight && r.Block() != ins.Block() {
				return false
			}
		}
		return true
	}
	for _, r := range *v.Referrers() {
		if e, ok := r.(*ssa.Extract); ok {
			if e.Block() != ins.Block() || e.Referrers() == nil || !fits(*e.Referrers()) {
				return false
			}
		}
	}
	return fits(*v.Referrers())
}

// isStraight reports whether every edge of the function's control flow
// goes forward in the order its blocks are emitted (no loop) and it has
// no recover block (entered from wherever a panic is recovered). Then
// every block where a value is live lies between its definition and its
// last use in that order, so one scan over the whole function can give
// registers to values that cross blocks too.
func (fc *funcCompiler) isStraight() bool {
	if fc.f.Recover != nil {
		return false
	}
	for _, b := range fc.f.Blocks {
		for _, s := range b.Succs {
			if s.Index <= b.Index {
				return false
			}
		}
	}
	return true
}

// poolLocals gives the pooled values (see poolable) registers from a
// shared pool, by a linear scan: two such values share a register when
// their lives do not overlap. In a function with loops the scan runs per
// block, over values that live inside one block: values of different
// blocks never meet (each is dead once its block is left, and defined
// again before use when the block runs again). In a straight function
// (isStraight) it runs once over all blocks in order, and a value lives
// from its definition to its last use in any block. An instruction's
// operands stay live through it, so its result never lands in an
// operand's register; a comparison fused into its block's If is used at
// the If, where it is emitted. A tuple (a call's results, a comma-ok)
// takes consecutive registers, one per element, and lives through its
// extracts' last use. Sharing registers keeps frames small, and with them
// the stacks of parked fibers.
func (fc *funcCompiler) poolLocals(pooled map[ssa.Value]bool) {
	base := fc.nregs
	width := func(v ssa.Value) int {
		if tup, ok := v.Type().(*types.Tuple); ok {
			return tup.Len()
		}
		return 1
	}
	// pos numbers the instructions of the blocks scanned together; end
	// is each block's last position (where a fused comparison is used).
	pos := map[ssa.Instruction]int{}
	end := map[*ssa.BasicBlock]int{}
	useAt := func(r ssa.Instruction) int {
		if c, ok := r.(*ssa.BinOp); ok && fc.fused[c] {
			return end[c.Block()]
		}
		return pos[r]
	}
	// busy[r] marks pool register r as held by a live value; a value
	// takes the lowest run of free registers that fits it.
	var busy []bool
	take := func(n int) int32 {
		for r := 0; ; r++ {
			fits := true
			for k := r; k < r+n && k < len(busy); k++ {
				if busy[k] {
					fits = false
					break
				}
			}
			if fits {
				for len(busy) < r+n {
					busy = append(busy, false)
				}
				for k := r; k < r+n; k++ {
					busy[k] = true
				}
				return int32(r)
			}
		}
	}
	size := int32(0)
	scan := func(blocks []*ssa.BasicBlock) {
		clear(pos)
		clear(end)
		n := 0
		for _, b := range blocks {
			for _, ins := range b.Instrs {
				pos[ins] = n
				n++
			}
			end[b] = n - 1
		}
		last := map[ssa.Value]int{}
		for _, b := range blocks {
			for _, ins := range b.Instrs {
				v, ok := ins.(ssa.Value)
				if !ok || !pooled[v] {
					continue
				}
				l := pos[ins]
				for _, r := range *v.Referrers() {
					l = max(l, useAt(r))
					if e, ok := r.(*ssa.Extract); ok {
						for _, er := range *e.Referrers() {
							l = max(l, useAt(er))
						}
					}
				}
				last[v] = l
			}
		}
		busy = busy[:0]
		var active []ssa.Value
		for _, b := range blocks {
			for _, ins := range b.Instrs {
				i := pos[ins]
				for k := 0; k < len(active); {
					if a := active[k]; last[a] < i {
						r := int(fc.regs[a] - base)
						for j := r; j < r+width(a); j++ {
							busy[j] = false
						}
						active[k] = active[len(active)-1]
						active = active[:len(active)-1]
						continue
					}
					k++
				}
				v, ok := ins.(ssa.Value)
				if !ok {
					continue
				}
				if _, ok := last[v]; !ok {
					continue
				}
				fc.regs[v] = base + take(width(v))
				active = append(active, v)
			}
		}
		size = max(size, int32(len(busy)))
	}
	if fc.straight {
		scan(fc.f.Blocks)
	} else {
		for _, b := range fc.f.Blocks {
			scan([]*ssa.BasicBlock{b})
		}
	}
	fc.nregs += size
}

// refRegs records which registers below limit can hold references, so a
// returning frame clears only those.
func (fc *funcCompiler) refRegs(limit int32) {
	isRef := make([]bool, limit)
	mark := func(r int32, t types.Type) {
		if r < 0 || r >= limit {
			return
		}
		if tup, ok := t.(*types.Tuple); ok {
			for k := 0; k < tup.Len(); k++ {
				if r+int32(k) < limit && !isScalar(tup.At(k).Type()) {
					isRef[r+int32(k)] = true
				}
			}
			return
		}
		if !isScalar(t) {
			isRef[r] = true
		}
	}
	for v, r := range fc.regs {
		switch v.(type) {
		case *ssa.Const, *ssa.Function, *ssa.Global:
			continue
		}
		mark(r, v.Type())
	}
	var refs []int32
	for r, ref := range isRef {
		if ref {
			refs = append(refs, int32(r))
		}
	}
	for t := fc.phiTempBase; t < fc.phiTempBase+fc.phiTempCount; t++ {
		refs = append(refs, t)
	}
	fc.vf.Refs = refs
	fc.vf.RefsAll = len(refs) > int(limit)/2
}

// isScalar reports whether a value of type t never holds a reference (a
// boolean or a number), so its register needs no clearing.
func isScalar(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0 && b.Kind() != types.UnsafePointer
}
