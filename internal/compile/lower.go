package compile

// Instruction selection: each ssa instruction lowered to VM instructions
// (instr), once layout has given every value its register. Branches are
// in branch.go, calls in calls.go.
//
// What the lowering must keep true:
//   - a register of a narrow integer, float32 or complex64 type is always
//     canonical: every operation that may leave it out of range is
//     followed by narrow;
//   - a constant used only as an immediate has no register (immOperand,
//     consulted by layout), so binop and compare use the immediate form
//     exactly where immOperand says so;
//   - an Alloc that emits nothing is never addressed: a read-only
//     spill's store emits nothing and its loads read the parameter; a
//     captured variable held by value is its register, which its store
//     and loads move to and from (or share, see byValueAliases).

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// instr emits the code of one instruction.
func (fc *funcCompiler) instr(ins ssa.Instruction) {
	switch i := ins.(type) {
	case *ssa.DebugRef, *ssa.Phi, *ssa.Extract:
		// Phis are moves on edges; extracts alias their tuple's registers.
	case *ssa.Jump:
		fc.lowerJump(i)
	case *ssa.If:
		fc.lowerIf(i)
	case *ssa.Return:
		res := make([]int32, len(i.Results))
		for k, r := range i.Results {
			res[k] = fc.reg(r)
		}
		fc.ret(res)
	case *ssa.Panic:
		fc.emit(vm.OpPanic, 0, fc.reg(i.X), 0)
	case *ssa.RunDefers:
		fc.emit(vm.OpRunDefers, 0, 0, 0)
	case *ssa.Alloc:
		if fc.spills[i] != nil || fc.c.byValue(i) {
			return // a spilled parameter, or a captured value (capture.go)
		}
		fc.emit(vm.OpAlloc, fc.reg(i), fc.goTypeIndex(deref(i.Type())), 0)
	case *ssa.BinOp:
		if !fc.fused[i] {
			fc.binop(i)
		}
	case *ssa.UnOp:
		if i.Op == token.MUL && fc.unevaluatedRange(i) {
			return
		}
		if i.Op == token.MUL && fc.heldByValue(i.X) {
			if fc.reg(i) != fc.reg(i.X) {
				fc.emit(vm.OpMove, fc.reg(i), fc.reg(i.X), 0)
			}
			return
		}
		fc.unop(i)
	case *ssa.Convert:
		_, constant := i.X.(*ssa.Const)
		fc.convert(fc.reg(i), fc.reg(i.X), i.X.Type(), i.Type(), constant, i)
	case *ssa.ChangeType, *ssa.ChangeInterface:
		fc.emit(vm.OpMove, fc.reg(i.(ssa.Value)), fc.reg(*i.Operands(nil)[0]), 0)
	case *ssa.MultiConvert:
		panic(compileError(fc.pos(i.Pos()) + ": spindle does not support conversions between type parameters with mixed core types yet"))
	case *ssa.SliceToArrayPointer:
		fc.emitConv(fc.reg(i), fc.reg(i.X), vm.Conv{Kind: vm.ConvSliceToArrayPtr, To: fc.c.typ(i.Type())})
	case *ssa.MakeInterface:
		t := fc.c.typ(i.X.Type())
		fc.c.methods(t)
		fc.emit(vm.OpMakeIface, fc.reg(i), fc.reg(i.X), fc.typeIndex(t))
	case *ssa.TypeAssert:
		t := fc.c.typ(i.AssertedType)
		var op vm.Op
		switch {
		case t.Kind == vm.KInterface && i.CommaOk:
			op = vm.OpIfaceAssertOK
		case t.Kind == vm.KInterface:
			op = vm.OpIfaceAssert
		case i.CommaOk:
			op = vm.OpTypeAssertOK
		default:
			op = vm.OpTypeAssert
		}
		fc.emit(op, fc.reg(i), fc.reg(i.X), fc.typeIndex(t))
		fc.emit(vm.OpNop, fc.goTypeIndex(i.X.Type()), 0, 0)
	case *ssa.Field:
		fc.emit(vm.OpField, fc.reg(i), fc.reg(i.X), int32(i.Field))
	case *ssa.FieldAddr:
		if fc.spilledField(i) {
			// Read through Field at each load; a field holding the
			// fields others read is read here, as a value.
			for _, r := range *i.Referrers() {
				if _, ok := r.(*ssa.FieldAddr); ok {
					fc.emit(vm.OpField, fc.reg(i), fc.spilledBase(i), int32(i.Field))
					break
				}
			}
			return
		}
		if fc.fieldAccess(i) != nil {
			return // the load or store right after it reads or writes the field
		}
		fc.emit(vm.OpFieldAddr, fc.reg(i), fc.reg(i.X), int32(i.Field))
	case *ssa.Index:
		fc.noteUnsignedIndex(i.Index)
		if isString(i.X.Type()) {
			fc.emit(vm.OpSIndex, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
		} else {
			fc.emit(vm.OpIndex, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
			fc.signExtendPacked(fc.reg(i), i.Type())
		}
	case *ssa.IndexAddr:
		fc.noteUnsignedIndex(i.Index)
		if fc.indexLoad(i) != nil {
			return // the load right after it is an OpIndex
		}
		if _, ok := i.X.Type().Underlying().(*types.Pointer); ok {
			fc.emit(vm.OpIndexAddrP, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
		} else {
			fc.emit(vm.OpIndexAddr, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
		}
	case *ssa.Slice:
		op := vm.SliceOp{Lo: fc.optReg(i.Low), Hi: fc.optReg(i.High), Max: fc.optReg(i.Max)}
		op.Unsigned = unsignedBit(i.Low, vm.SliceLo) | unsignedBit(i.High, vm.SliceHi) | unsignedBit(i.Max, vm.SliceMax)
		switch u := i.X.Type().Underlying().(type) {
		case *types.Basic:
			op.Kind = vm.KString
		case *types.Pointer:
			op.Kind = vm.KPointer
			op.Len = int(u.Elem().Underlying().(*types.Array).Len())
			if a, ok := i.X.(*ssa.Alloc); ok && a.Comment == "makeslice" {
				op.Make = true
			}
		default:
			op.Kind = vm.KSlice
		}
		op.Packed = fc.c.typ(i.Type()).Packed()
		op.Words = fc.c.typ(i.Type()).PackedWords()
		fc.vf.Slices = append(fc.vf.Slices, op)
		fc.emit(vm.OpSlice, fc.reg(i), fc.reg(i.X), int32(len(fc.vf.Slices)-1))
	case *ssa.Lookup:
		if isString(i.X.Type()) {
			fc.noteUnsignedIndex(i.Index)
			fc.emit(vm.OpSIndex, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
			return
		}
		op := vm.OpMapLookup
		if i.CommaOk {
			op = vm.OpMapLookupOK
		}
		fc.emit(op, fc.reg(i), fc.reg(i.X), fc.reg(i.Index))
		fc.emit(vm.OpNop, fc.goTypeIndex(i.X.Type().Underlying().(*types.Map).Elem()), 0, 0)
		fc.memPoint()
	case *ssa.MapUpdate:
		fc.emit(vm.OpMapUpdate, fc.reg(i.Map), fc.reg(i.Key), fc.reg(i.Value))
		fc.memPoint()
	case *ssa.MakeMap:
		fc.emit(vm.OpMakeMap, fc.reg(i), fc.optReg(i.Reserve), fc.goTypeIndex(i.Type()))
	case *ssa.MakeChan:
		fc.emit(vm.OpMakeChan, fc.reg(i), fc.reg(i.Size), fc.goTypeIndex(i.Type()))
	case *ssa.MakeSlice:
		fc.vf.Makes = append(fc.vf.Makes, vm.MakeOp{T: fc.c.typ(i.Type()), Len: fc.reg(i.Len), Cap: fc.reg(i.Cap)})
		fc.emit(vm.OpMakeSlice, fc.reg(i), 0, int32(len(fc.vf.Makes)-1))
	case *ssa.MakeClosure:
		if goOnly(i) != nil {
			return // the go statement passes the free variables (see *ssa.Go)
		}
		op := vm.ClosureOp{Fn: fc.c.fn(i.Fn.(*ssa.Function))}
		for _, b := range i.Bindings {
			op.Free = append(op.Free, fc.reg(b))
		}
		fc.vf.Closures = append(fc.vf.Closures, op)
		fc.emit(vm.OpMakeClosure, fc.reg(i), 0, int32(len(fc.vf.Closures)-1))
	case *ssa.Range:
		fc.emit(vm.OpRange, fc.reg(i), fc.reg(i.X), 0)
	case *ssa.Next:
		fc.emit(vm.OpNext, fc.reg(i), fc.reg(i.Iter), 0)
	case *ssa.Store:
		if a, ok := i.Addr.(*ssa.Alloc); ok && fc.spills[a] != nil {
			return
		}
		if fa, ok := i.Addr.(*ssa.FieldAddr); ok && fc.fieldAccess(fa) == ssa.Instruction(i) {
			fc.emit(vm.OpStoreField, fc.reg(fa.X), fc.reg(i.Val), int32(fa.Field))
			return
		}
		if a, ok := i.Addr.(*ssa.Alloc); ok && fc.c.byValue(a) {
			if fc.reg(a) != fc.reg(i.Val) {
				fc.emit(vm.OpMove, fc.reg(a), fc.reg(i.Val), 0)
			}
			return
		}
		t := fc.c.typ(i.Val.Type())
		if t.IsAgg() {
			fc.emit(vm.OpStoreAgg, fc.reg(i.Addr), fc.reg(i.Val), fc.typeIndex(t))
		} else {
			fc.emit(vm.OpStore, fc.reg(i.Addr), fc.reg(i.Val), 0)
		}
		fc.memPoint()
	case *ssa.Send:
		fc.emit(vm.OpSend, fc.reg(i.Chan), fc.reg(i.X), 0)
	case *ssa.Select:
		op := vm.SelectOp{Blocking: i.Blocking}
		for _, st := range i.States {
			sc := vm.SelectCase{Chan: fc.reg(st.Chan), Send: st.Dir == types.SendOnly}
			if sc.Send {
				sc.Val = fc.reg(st.Send)
			} else {
				op.NRecv++
			}
			op.Cases = append(op.Cases, sc)
		}
		fc.vf.Selects = append(fc.vf.Selects, op)
		fc.emit(vm.OpSelect, fc.reg(i), 0, int32(len(fc.vf.Selects)-1))
	case *ssa.Call:
		dst := int32(-1)
		if r, ok := fc.regs[i]; ok {
			dst = r
		}
		refs := i.Referrers()
		fc.call(i.Common(), dst, refs == nil || len(*refs) == 0)
	case *ssa.Go:
		fc.lowerGo(i)
	case *ssa.Defer:
		fc.lowerDefer(i)
	default:
		panic(compileError(fmt.Sprintf("%s: BUG: unsupported instruction %T (%s)", fc.pos(ins.Pos()), ins, ins)))
	}
}

// binop emits a binary operation (a comparison through compare), with the
// immediate form where immOperand allows it.
func (fc *funcCompiler) binop(i *ssa.BinOp) {
	dst, x, y := fc.reg(i), fc.reg(i.X), fc.regs[i.Y]
	if _, ok := fc.regs[i.Y]; !ok && !immOperand(i, i.Y) {
		y = fc.reg(i.Y)
	}
	t := i.X.Type()
	b := basicOf(t)
	switch i.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		fc.compare(i, dst, x, y, b)
		return
	case token.SHL, token.SHR:
		if yb := basicOf(i.Y.Type()); yb.Info()&types.IsUnsigned == 0 {
			if _, ok := smallConst(i.Y); !ok {
				fc.emit(vm.OpNegShift, 0, y, 0)
			}
		}
		signed := b.Info()&types.IsUnsigned == 0
		if n, ok := smallConst(i.Y); ok && n >= 0 && n < 64 {
			switch {
			case i.Op == token.SHL:
				fc.emit(vm.OpShlI, dst, x, int32(n))
			case signed:
				fc.emit(vm.OpShrSI, dst, x, int32(n))
			default:
				fc.emit(vm.OpShrUI, dst, x, int32(n))
			}
		} else {
			switch {
			case i.Op == token.SHL:
				fc.emit(vm.OpShl, dst, x, y)
			case signed:
				fc.emit(vm.OpShrS, dst, x, y)
			default:
				fc.emit(vm.OpShrU, dst, x, y)
			}
		}
		fc.narrow(dst, t)
		return
	}
	info := b.Info()
	switch {
	case info&types.IsString != 0:
		fc.emit(vm.OpSAdd, dst, x, y)
		return
	case info&types.IsFloat != 0:
		ops := map[token.Token]vm.Op{token.ADD: vm.OpFAdd, token.SUB: vm.OpFSub, token.MUL: vm.OpFMul, token.QUO: vm.OpFDiv}
		fc.emit(ops[i.Op], dst, x, y)
	case info&types.IsComplex != 0:
		ops := map[token.Token]vm.Op{token.ADD: vm.OpCAdd, token.SUB: vm.OpCSub, token.MUL: vm.OpCMul, token.QUO: vm.OpCDiv}
		fc.emit(ops[i.Op], dst, x, y)
	default:
		unsigned := info&types.IsUnsigned != 0
		if n, ok := smallConst(i.Y); ok && (i.Op == token.ADD || i.Op == token.SUB) {
			if i.Op == token.SUB {
				n = -n
			}
			fc.emit(vm.OpAddI, dst, x, int32(n))
			break
		}
		var op vm.Op
		switch i.Op {
		case token.ADD:
			op = vm.OpAdd
		case token.SUB:
			op = vm.OpSub
		case token.MUL:
			op = vm.OpMul
		case token.QUO:
			op = vm.OpDivS
			if unsigned {
				op = vm.OpDivU
			}
		case token.REM:
			op = vm.OpRemS
			if unsigned {
				op = vm.OpRemU
			}
		case token.AND:
			op = vm.OpAnd
		case token.OR:
			op = vm.OpOr
		case token.XOR:
			op = vm.OpXor
		case token.AND_NOT:
			op = vm.OpAndNot
		default:
			panic(compileError("BUG: binop " + i.Op.String()))
		}
		fc.emit(op, dst, x, y)
	}
	fc.narrow(dst, t)
}

// compare emits comparison i of x and y into dst: an integer compare
// (intCompare), a nil test, reference or whole-value equality, or a compare
// of basic values (> and >= as < and <= with the operands swapped, unless
// against an immediate).
func (fc *funcCompiler) compare(i *ssa.BinOp, dst, x, y int32, b *types.Basic) {
	op := i.Op
	if cop, cx, cy, ok := fc.intCompare(i); ok {
		fc.emit(cop, dst, cx, cy)
		return
	}
	// Reference kinds compared with nil.
	if isNilConst(i.X) || isNilConst(i.Y) {
		r := x
		if isNilConst(i.X) {
			r = y
		}
		fc.emit(vm.OpIsNil, dst, r, 0)
		if op == token.NEQ {
			fc.emit(vm.OpNot, dst, dst, 0)
		}
		return
	}
	if b == nil {
		switch t := i.X.Type().Underlying().(type) {
		case *types.Pointer, *types.Chan, *types.Map, *types.Signature:
			if isArrayPointer(t) {
				break // vm.Equal: the array's storage is its identity
			}
			if op == token.EQL {
				fc.emit(vm.OpEqRef, dst, x, y)
			} else {
				fc.emit(vm.OpNeRef, dst, x, y)
			}
			return
		}
		fc.vf.Cmps = append(fc.vf.Cmps, vm.Cmp{T: fc.c.typ(i.X.Type()), X: x, Y: y})
		if op == token.EQL {
			fc.emit(vm.OpEqV, dst, 0, int32(len(fc.vf.Cmps)-1))
		} else {
			fc.emit(vm.OpNeV, dst, 0, int32(len(fc.vf.Cmps)-1))
		}
		return
	}
	// Normalise > and >= by swapping operands.
	if op == token.GTR || op == token.GEQ {
		if n, ok := smallConst(i.Y); ok && op == token.GTR && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0 {
			fc.emit(vm.OpGtSI, dst, x, int32(n))
			return
		}
		x, y = y, x
		if op == token.GTR {
			op = token.LSS
		} else {
			op = token.LEQ
		}
	} else if n, ok := smallConst(i.Y); ok && op == token.LSS && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0 {
		fc.emit(vm.OpLtSI, dst, x, int32(n))
		return
	}
	info := b.Info()
	var eq, ne, lt, le vm.Op
	switch {
	case info&types.IsString != 0:
		eq, ne, lt, le = vm.OpSEq, vm.OpSNe, vm.OpSLt, vm.OpSLe
	case info&types.IsFloat != 0:
		eq, ne, lt, le = vm.OpFEq, vm.OpFNe, vm.OpFLt, vm.OpFLe
	case info&types.IsComplex != 0:
		eq, ne = vm.OpCEq, vm.OpCNe
	case b.Kind() == types.UnsafePointer:
		eq, ne = vm.OpEqRef, vm.OpNeRef
	case info&types.IsUnsigned != 0:
		eq, ne, lt, le = vm.OpEq, vm.OpNe, vm.OpLtU, vm.OpLeU
	default:
		eq, ne, lt, le = vm.OpEq, vm.OpNe, vm.OpLtS, vm.OpLeS
	}
	switch op {
	case token.EQL:
		fc.emit(eq, dst, x, y)
	case token.NEQ:
		fc.emit(ne, dst, x, y)
	case token.LSS:
		fc.emit(lt, dst, x, y)
	case token.LEQ:
		fc.emit(le, dst, x, y)
	}
}

// unop emits a unary operation: !, -, ^, a load (*) or a channel receive.
func (fc *funcCompiler) unop(i *ssa.UnOp) {
	dst, x := fc.reg(i), fc.reg(i.X)
	switch i.Op {
	case token.NOT:
		fc.emit(vm.OpNot, dst, x, 0)
	case token.SUB:
		info := basicOf(i.X.Type()).Info()
		switch {
		case info&types.IsFloat != 0:
			fc.emit(vm.OpFNeg, dst, x, 0)
		case info&types.IsComplex != 0:
			fc.emit(vm.OpCNeg, dst, x, 0)
		default:
			fc.emit(vm.OpNeg, dst, x, 0)
			fc.narrow(dst, i.X.Type())
		}
	case token.XOR:
		fc.emit(vm.OpCom, dst, x, 0)
		fc.narrow(dst, i.X.Type())
	case token.MUL:
		if fa, ok := i.X.(*ssa.FieldAddr); ok {
			if fc.spilledField(fa) {
				fc.emit(vm.OpField, dst, fc.spilledBase(fa), int32(fa.Field))
				return
			}
		}
		if a, ok := i.X.(*ssa.Alloc); ok && fc.spills[a] != nil {
			fc.emit(vm.OpMove, dst, fc.reg(fc.spills[a]), 0)
			return
		}
		if fa, ok := i.X.(*ssa.FieldAddr); ok && fc.fieldAccess(fa) == ssa.Instruction(i) {
			fc.emit(vm.OpLoadField, dst, fc.reg(fa.X), int32(fa.Field))
			return
		}
		if ia, ok := i.X.(*ssa.IndexAddr); ok && fc.indexLoad(ia) == i {
			fc.emit(vm.OpIndex, dst, fc.reg(ia.X), fc.reg(ia.Index))
			fc.signExtendPacked(dst, i.Type())
			fc.memPoint()
			return
		}
		t := fc.c.typ(i.Type())
		if t.IsAgg() && fc.builtLoads[i] {
			// The literal's storage becomes the value: nothing else
			// holds it.
			fc.emit(vm.OpLoad, dst, x, 0)
		} else if t.IsAgg() {
			fc.emit(vm.OpLoadAgg, dst, x, fc.typeIndex(t))
		} else {
			fc.emit(vm.OpLoad, dst, x, 0)
			fc.signExtendPacked(dst, i.Type())
		}
		fc.memPoint()
	case token.ARROW:
		if i.CommaOk {
			fc.emit(vm.OpRecvOK, dst, x, 0)
		} else {
			fc.emit(vm.OpRecv, dst, x, 0)
		}
	default:
		panic(compileError("BUG: unop " + i.Op.String()))
	}
}

// pointeeOf traces an unsafe.Pointer back through conversions and
// unsafe.Add to the
// typed pointer *E it was made from and returns E, or nil.
func pointeeOf(v ssa.Value) types.Type {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			if p, ok := x.X.Type().Underlying().(*types.Pointer); ok {
				if a, ok := p.Elem().Underlying().(*types.Array); ok {
					return a.Elem() // &arr: its elements (firstElemView)
				}
				return p.Elem()
			}
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "Add" {
				v = x.Call.Args[0]
				continue
			}
			return nil
		default:
			return nil
		}
	}
}

// firstElemView reports whether src, an unsafe.Pointer converted to *to,
// is a pointer to an array of to (or of elements laid out as to is)
// converted to unsafe.Pointer: (*E)(unsafe.Pointer(&arr)), which points
// at the array's first element.
func firstElemView(src ssa.Value, to types.Type) bool {
	c, ok := src.(*ssa.Convert)
	if !ok {
		return false
	}
	p, ok := c.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	a, ok := p.Elem().Underlying().(*types.Array)
	if !ok || a.Len() == 0 {
		return false
	}
	if _, ok := to.Underlying().(*types.Array); ok {
		return false // an array view of the array: the same cell
	}
	e, t := a.Elem().Underlying(), to.Underlying()
	if types.Identical(e, t) {
		return true
	}
	eb, tb := basicOf(e), basicOf(t)
	return eb != nil && tb != nil && sameWidthKind(eb, tb)
}

// sameWidthKind reports whether two basic types are stored alike in
// packed storage: both one byte, or both a whole 8-byte word.
func sameWidthKind(a, b *types.Basic) bool {
	oneByte := func(k types.BasicKind) bool { return k == types.Uint8 || k == types.Int8 || k == types.Bool }
	word := func(k types.BasicKind) bool {
		switch k {
		case types.Int, types.Int64, types.Uint, types.Uint64, types.Float64:
			return true
		}
		return false
	}
	return oneByte(a.Kind()) && oneByte(b.Kind()) || word(a.Kind()) && word(b.Kind())
}

// indexLoad returns the load of a non-aggregate element that immediately
// follows i, the address of a slice element, and is i's only use (x :=
// s[k] of a range loop or an expression): the two compile to one OpIndex,
// with the same bounds check at the same point. nil otherwise.
func (fc *funcCompiler) indexLoad(i *ssa.IndexAddr) *ssa.UnOp {
	if _, ok := i.X.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	refs := i.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil
	}
	u, ok := (*refs)[0].(*ssa.UnOp)
	if !ok || u.Op != token.MUL || u.X != i || u.Block() != i.Block() {
		return nil
	}
	if _, ok := u.Type().Underlying().(*types.Array); ok {
		return nil
	}
	if _, ok := u.Type().Underlying().(*types.Struct); ok {
		return nil
	}
	instrs := i.Block().Instrs
	if k := fc.posIn(i); k+1 < len(instrs) && instrs[k+1] == u {
		return u
	}
	return nil
}

// fieldAccess returns the load or store of a non-aggregate field through
// a pointer (x := p.f, p.f = x) that immediately follows i, the field's
// address, and is i's only use: the two compile to one OpLoadField or
// OpStoreField, with the same nil check at the same point. nil otherwise,
// and always with memory points (spindle test -explore-mem), which
// follow each load and store as its own instruction.
func (fc *funcCompiler) fieldAccess(i *ssa.FieldAddr) ssa.Instruction {
	if fc.memPoints {
		return nil
	}
	if fc.spilledField(i) {
		return nil
	}
	refs := i.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil
	}
	use := (*refs)[0]
	var t types.Type
	switch u := use.(type) {
	case *ssa.UnOp:
		if u.Op != token.MUL || u.X != ssa.Value(i) {
			return nil
		}
		t = u.Type()
	case *ssa.Store:
		if u.Addr != ssa.Value(i) || u.Val == ssa.Value(i) {
			return nil
		}
		t = u.Val.Type()
	default:
		return nil
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return nil
	}
	if use.Block() != i.Block() {
		return nil
	}
	instrs := i.Block().Instrs
	if k := fc.posIn(i); k+1 < len(instrs) && instrs[k+1] == use {
		return use
	}
	return nil
}

// transientString reports whether the string that conv makes is only
// read by the instruction right after it (a map lookup's key, an operand
// of a comparison), so it may share the bytes it is
// made from, as gc's string(b) does there: nothing can write them in
// between.
func (fc *funcCompiler) transientString(conv *ssa.Convert) bool {
	refs := conv.Referrers()
	if refs == nil || len(*refs) != 1 {
		return false
	}
	use := (*refs)[0]
	switch u := use.(type) {
	case *ssa.Lookup:
		if u.Index != conv {
			return false
		}
	case *ssa.BinOp:
		// Not +: "" + s is s itself, which would keep the view.
		if u.Op == token.ADD {
			return false
		}
	default:
		return false
	}
	instrs := conv.Block().Instrs
	k := fc.posIn(conv)
	return use.Block() == conv.Block() && k+1 < len(instrs) && instrs[k+1] == use
}

// isArrayPointer reports whether t is a pointer to a non-empty array.
func isArrayPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	a, ok := p.Elem().Underlying().(*types.Array)
	return ok && a.Len() > 0
}

// convert emits the conversion conv of x, of type from, into dst, of type
// to.
func (fc *funcCompiler) convert(dst, x int32, from, to types.Type, constant bool, conv *ssa.Convert) {
	src := conv.X
	fb, tb := basicOf(from), basicOf(to)
	switch {
	case fb != nil && tb != nil:
		fi, ti := fb.Info(), tb.Info()
		switch {
		case ti&types.IsString != 0 && fi&types.IsInteger != 0:
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvRuneToString})
		case ti&types.IsString != 0:
			fc.emit(vm.OpMove, dst, x, 0)
		case fi&types.IsInteger != 0 && ti&types.IsInteger != 0:
			if dst != x {
				fc.emit(vm.OpMove, dst, x, 0)
			}
			fc.narrow(dst, to)
		case fi&types.IsInteger != 0 && ti&types.IsFloat != 0:
			if fi&types.IsUnsigned != 0 {
				fc.emit(vm.OpCvtUF, dst, x, 0)
			} else {
				fc.emit(vm.OpCvtSF, dst, x, 0)
			}
			fc.narrow(dst, to)
		case fi&types.IsFloat != 0 && ti&types.IsInteger != 0:
			if ti&types.IsUnsigned != 0 {
				fc.emit(vm.OpCvtFU, dst, x, 0)
			} else {
				fc.emit(vm.OpCvtFS, dst, x, 0)
			}
			fc.narrow(dst, to)
		case fi&types.IsFloat != 0 && ti&types.IsFloat != 0:
			fc.emit(vm.OpMove, dst, x, 0)
			fc.narrow(dst, to)
		case fi&types.IsComplex != 0 && ti&types.IsComplex != 0:
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvComplex, To: fc.c.typ(to)})
		case fb.Kind() == types.UnsafePointer && tb.Kind() == types.Uintptr:
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvPtrToUintptr})
		case fb.Kind() == types.Uintptr && tb.Kind() == types.UnsafePointer:
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvUintptrToPtr})
		default:
			// unsafe.Pointer <-> unsafe.Pointer and friends: payload
			// unchanged.
			fc.emit(vm.OpMove, dst, x, 0)
		}
	case tb != nil && tb.Info()&types.IsString != 0:
		if isRuneSlice(from) {
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvRunesToString})
		} else {
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvBytesToString, View: fc.transientString(conv)})
		}
	case fb != nil && fb.Info()&types.IsString != 0:
		if isRuneSlice(to) {
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvStringToRunes})
		} else {
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvStringToBytes, Exact: constant})
		}
	default:
		if _, ok := to.Underlying().(*types.Array); ok {
			fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvSliceToArray, To: fc.c.typ(to)})
			return
		}
		if p, ok := to.Underlying().(*types.Pointer); ok && fb != nil && fb.Kind() == types.UnsafePointer {
			if firstElemView(src, p.Elem()) {
				fc.emitConv(dst, x, vm.Conv{Kind: vm.ConvArrayPtrToElem, To: fc.c.typ(p.Elem())})
				return
			}
			cv := vm.Conv{Kind: vm.ConvUnsafeToPtr, To: fc.c.typ(p.Elem()), Snapshot: fc.f.Pkg != nil && fc.c.goSource[fc.f.Pkg.Pkg] && fc.f.Pkg.Pkg.Path() == "crypto/internal/fips140/nistec"}
			if e := pointeeOf(src); e != nil {
				cv.From = fc.c.typ(e)
			}
			fc.emitConv(dst, x, cv)
			return
		}
		fc.emit(vm.OpMove, dst, x, 0)
	}
}

// emitConv emits an OpConv that converts x into dst as cv describes.
func (fc *funcCompiler) emitConv(dst, x int32, cv vm.Conv) {
	fc.vf.Convs = append(fc.vf.Convs, cv)
	fc.emit(vm.OpConv, dst, x, int32(len(fc.vf.Convs)-1))
}

// narrow brings register r back to the canonical form of its type t after
// an operation that may leave it out of range: a narrow integer is sign- or
// zero-extended from its width, a float32 or complex64 rounded to its
// precision. Other types need nothing.
func (fc *funcCompiler) narrow(r int32, t types.Type) {
	b := basicOf(t)
	if b == nil {
		return
	}
	switch b.Kind() {
	case types.Int8:
		fc.emit(vm.OpSExt8, r, r, 0)
	case types.Int16:
		fc.emit(vm.OpSExt16, r, r, 0)
	case types.Int32:
		fc.emit(vm.OpSExt32, r, r, 0)
	case types.Uint8:
		fc.emit(vm.OpZExt8, r, r, 0)
	case types.Uint16:
		fc.emit(vm.OpZExt16, r, r, 0)
	case types.Uint32:
		fc.emit(vm.OpZExt32, r, r, 0)
	case types.Float32:
		fc.emit(vm.OpF32, r, r, 0)
	case types.Complex64:
		fc.emit(vm.OpC64, r, r, 0)
	}
}

// signExtendPacked follows a load of an int8 (by OpLoad or OpIndex) with
// a sign extension: a packed element (Type.Packed) loads zero-extended.
func (fc *funcCompiler) signExtendPacked(r int32, t types.Type) {
	if b := basicOf(t); b != nil && b.Kind() == types.Int8 {
		fc.emit(vm.OpSExt8, r, r, 0)
	}
}

// optReg is reg of an optional operand: -1 when v is nil.
func (fc *funcCompiler) optReg(v ssa.Value) int32 {
	if v == nil {
		return -1
	}
	return fc.reg(v)
}

// noteUnsignedIndex records that the index instruction about to be
// emitted takes an unsigned index, whose out-of-range panic prints it
// unsigned (vm.Func.UnsignedIndex).
func (fc *funcCompiler) noteUnsignedIndex(v ssa.Value) {
	if isUnsigned(v.Type()) {
		fc.vf.UnsignedIndex = append(fc.vf.UnsignedIndex, int32(len(fc.code)))
	}
}

// unsignedBit is bit if the optional slice bound v is of an unsigned type.
func unsignedBit(v ssa.Value, bit uint8) uint8 {
	if v != nil && isUnsigned(v.Type()) {
		return bit
	}
	return 0
}

// isUnsigned reports whether t is an unsigned integer type.
func isUnsigned(t types.Type) bool {
	b := basicOf(t)
	return b != nil && b.Info()&types.IsUnsigned != 0
}

// smallConst returns the value of integer constant v if it fits an
// instruction's 32-bit immediate with room to spare: intCompare adds or
// subtracts one and binop negates it, and the result must still fit.
func smallConst(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(c.Value)
	if !exact || n < math.MinInt32/2 || n > math.MaxInt32/2 {
		return 0, false
	}
	return n, true
}

// immOperand reports whether constant c is used by ins only as an
// immediate (so it needs no register).
func immOperand(ins ssa.Instruction, c ssa.Value) bool {
	i, ok := ins.(*ssa.BinOp)
	if !ok || i.Y != c || i.X == c {
		return false
	}
	n, ok := smallConst(c)
	if !ok {
		return false
	}
	b := basicOf(i.X.Type())
	if b == nil || b.Info()&types.IsInteger == 0 {
		return false
	}
	switch i.Op {
	case token.ADD, token.SUB:
		return true
	case token.SHL, token.SHR:
		return n >= 0 && n < 64
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return b.Info()&types.IsUnsigned == 0
	}
	return false
}

// isNilConst reports whether v is the constant nil of a nillable type (the
// zero value of a struct or array is also a Const with a nil Value).
func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value != nil {
		return false
	}
	switch u := c.Type().Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedNil
	}
	return false
}

func deref(t types.Type) types.Type { return t.Underlying().(*types.Pointer).Elem() }

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func basicOf(t types.Type) *types.Basic {
	b, _ := t.Underlying().(*types.Basic)
	return b
}

func isRuneSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b := basicOf(s.Elem())
	return b != nil && b.Kind() == types.Int32
}

// unevaluatedRange reports whether load is the dereference `*p` of an
// array pointer that is the range expression of a loop with at most one
// iteration variable, and nothing uses the loaded array: Go does not
// evaluate such a range expression (its length is a constant), so a nil p
// must not panic ($GOROOT/test/fixedbugs/issue72844.go, issue73476.go),
// while go/ssa emits the load.
func (fc *funcCompiler) unevaluatedRange(load *ssa.UnOp) bool {
	if refs := load.Referrers(); refs != nil && len(*refs) > 0 {
		return false
	}
	if ptr, ok := load.X.Type().Underlying().(*types.Pointer); !ok {
		return false
	} else if _, ok := ptr.Elem().Underlying().(*types.Array); !ok {
		return false
	}
	if fc.rangeDerefs == nil {
		fc.rangeDerefs = map[token.Pos]bool{}
		if syn := fc.f.Syntax(); syn != nil {
			ast.Inspect(syn, func(n ast.Node) bool {
				rs, ok := n.(*ast.RangeStmt)
				if !ok || rs.Value != nil {
					return true
				}
				star, ok := ast.Unparen(rs.X).(*ast.StarExpr)
				if !ok {
					return true
				}
				// len(x) is constant only if x holds no function call
				// or channel receive.
				plain := true
				ast.Inspect(star, func(m ast.Node) bool {
					switch m := m.(type) {
					case *ast.CallExpr:
						plain = false
					case *ast.UnaryExpr:
						if m.Op == token.ARROW {
							plain = false
						}
					}
					return plain
				})
				if plain {
					fc.rangeDerefs[star.Star] = true
				}
				return true
			})
		}
	}
	return fc.rangeDerefs[load.Pos()]
}

// builtLiterals finds the composite literals of struct and array type
// that go/ssa builds in a local variable only to load it once, as a
// value: T{a, b} is an Alloc, stores through its FieldAddrs (IndexAddrs
// for an array), and a load. When the Alloc, every store and the load
// are in one block, in that order, and nothing else refers to the
// variable or its element addresses, the variable's storage is dead once
// loaded, so the load takes it over instead of copying it (two
// allocations fewer per literal; the block's next run allocates the
// variable afresh).
func (fc *funcCompiler) builtLiterals() map[*ssa.UnOp]bool {
	out := map[*ssa.UnOp]bool{}
	for _, b := range fc.f.Blocks {
		// in reports the position of r in block b.
		in := func(r ssa.Instruction) (int, bool) {
			if r.Block() != b {
				return 0, false
			}
			return fc.posIn(r), true
		}
		for k, ins := range b.Instrs {
			a, ok := ins.(*ssa.Alloc)
			if !ok || a.Heap {
				continue
			}
			switch deref(a.Type()).Underlying().(type) {
			case *types.Struct, *types.Array:
			default:
				continue
			}
			var load *ssa.UnOp
			last := k // the last store's position
			good := true
			for _, r := range *a.Referrers() {
				switch r := r.(type) {
				case *ssa.FieldAddr, *ssa.IndexAddr:
					if ia, ok := r.(*ssa.IndexAddr); ok && !isConstIndex(ia) {
						good = false
						break
					}
					at, ok := in(r)
					if !ok {
						good = false
						break
					}
					for _, u := range *r.(ssa.Value).Referrers() {
						st, ok := u.(*ssa.Store)
						if _, dbg := u.(*ssa.DebugRef); dbg {
							continue
						}
						if !ok || st.Addr != r.(ssa.Value) || st.Val == r.(ssa.Value) {
							good = false
							break
						}
						sk, ok := in(st)
						if !ok || sk < at {
							good = false
							break
						}
						last = max(last, sk)
					}
				case *ssa.UnOp:
					if r.Op != token.MUL || load != nil {
						good = false
					}
					load = r
				case *ssa.DebugRef:
				default:
					good = false
				}
				if !good {
					break
				}
			}
			if !good || load == nil {
				continue
			}
			if lk, ok := in(load); ok && lk > last {
				out[load] = true
			}
		}
	}
	return out
}

// isConstIndex reports whether ia's index is a constant.
func isConstIndex(ia *ssa.IndexAddr) bool {
	_, ok := ia.Index.(*ssa.Const)
	return ok
}

// spilledField reports whether fa is the address of a field (or a field
// of a field...) of a read-only spilled parameter (readOnlySpills): it is
// never materialised, its loads read the parameter's fields.
func (fc *funcCompiler) spilledField(fa *ssa.FieldAddr) bool {
	switch x := fa.X.(type) {
	case *ssa.Alloc:
		return fc.spills[x] != nil
	case *ssa.FieldAddr:
		return fc.spilledField(x)
	}
	return false
}

// spilledBase returns the register holding the struct value whose field
// spilled field address fa names: the parameter, or the enclosing
// field's value (which its FieldAddr read, lower).
func (fc *funcCompiler) spilledBase(fa *ssa.FieldAddr) int32 {
	if a, ok := fa.X.(*ssa.Alloc); ok {
		return fc.reg(fc.spills[a])
	}
	return fc.reg(fa.X)
}

// onlyLoaded reports whether field address fa is only loaded, directly or
// through the addresses of its own fields.
func onlyLoaded(fa *ssa.FieldAddr) bool {
	for _, u := range *fa.Referrers() {
		switch u := u.(type) {
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyLoaded(u) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// readOnlySpills finds struct parameters that go/ssa spilled to a local
// variable only to read their fields (x.f on a value receiver cannot be
// lifted to a register by ssa): the Alloc does not escape, is stored once
// with the parameter, and is otherwise only loaded, directly or through
// FieldAddrs that are only loaded (or whose own fields are, to any depth).
// Those loads read the parameter's fields
// instead, saving two allocations per call.
func (fc *funcCompiler) readOnlySpills() map[*ssa.Alloc]*ssa.Parameter {
	out := map[*ssa.Alloc]*ssa.Parameter{}
	for _, b := range fc.f.Blocks {
		for _, ins := range b.Instrs {
			a, ok := ins.(*ssa.Alloc)
			if !ok || a.Heap {
				continue
			}
			if _, isStruct := deref(a.Type()).Underlying().(*types.Struct); !isStruct {
				continue
			}
			var param *ssa.Parameter
			good := true
			for _, r := range *a.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					p, ok := r.Val.(*ssa.Parameter)
					if !ok || param != nil || r.Addr != a {
						good = false
					}
					param = p
				case *ssa.FieldAddr:
					if !onlyLoaded(r) {
						good = false
					}
				case *ssa.UnOp:
					if r.Op != token.MUL {
						good = false
					}
				case *ssa.DebugRef:
				default:
					good = false
				}
			}
			if good && param != nil {
				out[a] = param
			}
		}
	}
	return out
}
