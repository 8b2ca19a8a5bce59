package compile

// Calls: ordinary calls (static, host, closure, interface method),
// built-in functions, and the go and defer statements.
//
// A call's callee and argument registers go in a vm.CallSite in the
// function's Calls table; the instruction names it by index. A built-in
// function the VM has an instruction for (len, append, delete, ...) is
// that instruction; any other goes through OpBuiltin with a vm.BuiltinOp.

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// call emits a call of cc with its results into dst (-1 when it returns
// nothing); unused reports that nothing reads them. A built-in goes
// through builtinCall.
func (fc *funcCompiler) call(cc *ssa.CallCommon, dst int32, unused bool) {
	if bi, ok := cc.Value.(*ssa.Builtin); ok {
		fc.builtinCall(bi.Name(), cc, dst, unused)
		return
	}
	cs := fc.callSite(cc)
	fc.vf.Calls = append(fc.vf.Calls, cs)
	idx := int32(len(fc.vf.Calls) - 1)
	switch cs.Kind {
	case vm.CallInvoke:
		fc.emit(vm.OpCallInvoke, dst, cs.Recv, idx)
	case vm.CallClosure:
		fc.emit(vm.OpCallClosure, dst, cs.Recv, idx)
	default:
		if cs.Fn.Host != nil {
			fc.emit(vm.OpCallHost, dst, 0, idx)
		} else {
			fc.emit(vm.OpCall, dst, 0, idx)
		}
	}
}

// builtinCall emits a call of the built-in function name: an instruction
// of its own where the VM has one, else OpBuiltin; unused reports that
// nothing reads its result. unsafe.Offsetof, which depends on gc's memory
// layout, is a compile error.
func (fc *funcCompiler) builtinCall(name string, cc *ssa.CallCommon, dst int32, unused bool) {
	args := cc.Args
	switch name {
	case "len", "cap":
		if n, ok := arrayLen(args[0].Type()); ok {
			fc.emit(vm.OpMove, dst, fc.constRegs[fmt.Sprintf("int|%d", n)], 0)
			return
		}
		if name == "len" {
			fc.emit(vm.OpLen, dst, fc.reg(args[0]), 0)
		} else {
			fc.emit(vm.OpCap, dst, fc.reg(args[0]), 0)
		}
	case "append":
		st := args[0].Type().Underlying().(*types.Slice)
		op := vm.AppendOp{Src: fc.reg(args[1]), Elem: fc.c.typ(st.Elem()), FromString: isString(args[1].Type())}
		fc.vf.Appends = append(fc.vf.Appends, op)
		fc.emit(vm.OpAppend, dst, fc.reg(args[0]), int32(len(fc.vf.Appends)-1))
	case "copy":
		st := args[0].Type().Underlying().(*types.Slice)
		op := vm.AppendOp{Src: fc.reg(args[1]), Elem: fc.c.typ(st.Elem()), FromString: isString(args[1].Type())}
		fc.vf.Appends = append(fc.vf.Appends, op)
		fc.emit(vm.OpCopy, dst, fc.reg(args[0]), int32(len(fc.vf.Appends)-1))
	case "delete":
		fc.emit(vm.OpMapDelete, 0, fc.reg(args[0]), fc.reg(args[1]))
		fc.memPoint()
	case "close":
		fc.emit(vm.OpClose, 0, fc.reg(args[0]), 0)
	case "recover":
		fc.emit(vm.OpRecover, dst, 0, 0)
	case "Offsetof":
		panic(compileError(fmt.Sprintf("%s: spindle does not support unsafe.%s (its memory is not laid out as gc's)", fc.pos(cc.Pos()), name)))
	default:
		op := fc.builtinOp(name, cc)
		op.Unused = unused
		if name == "Slice" || name == "String" || name == "Add" {
			if operand, made := unsafeRoot(args[0]); operand != nil {
				op.Root = true
				for _, v := range []ssa.Value{operand, made} {
					op.Args = append(op.Args, fc.reg(v))
					op.Types = append(op.Types, fc.c.typ(v.Type()))
				}
			}
		}
		fc.vf.Builtins = append(fc.vf.Builtins, *op)
		fc.emit(vm.OpBuiltin, dst, 0, int32(len(fc.vf.Builtins)-1))
	}
}

// unsafeRoot traces the pointer argument of unsafe.Slice, unsafe.String
// or unsafe.Add back through conversions and unsafe.Add to where it was
// made in the function: &x[i] (operand x), unsafe.Pointer(&arr) (arr's
// pointer), unsafe.SliceData(s) or unsafe.StringData(s) (operand s),
// made being that value. The VM finds
// the pointer's extent in the operand's storage (vm/unsafe.go); nil when
// the pointer comes from elsewhere.
func unsafeRoot(v ssa.Value) (operand, made ssa.Value) {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			if isArrayPointer(x.X.Type()) {
				return x.X, x.X // unsafe.Pointer(&arr): the array
			}
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.IndexAddr:
			return x.X, x
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok {
				return nil, nil
			}
			switch b.Name() {
			case "SliceData", "StringData":
				return x.Call.Args[0], x
			case "Add":
				v = x.Call.Args[0]
			default:
				return nil, nil
			}
		default:
			return nil, nil
		}
	}
}

// findUnsafeRoots returns the roots the function's unsafe calls read
// (unsafeRoot).
func (fc *funcCompiler) findUnsafeRoots() map[ssa.Value]bool {
	var out map[ssa.Value]bool
	for _, b := range fc.f.Blocks {
		for _, ins := range b.Instrs {
			call, ok := ins.(*ssa.Call)
			if !ok {
				continue
			}
			bi, ok := call.Call.Value.(*ssa.Builtin)
			if !ok || (bi.Name() != "Slice" && bi.Name() != "String" && bi.Name() != "Add") {
				continue
			}
			if operand, made := unsafeRoot(call.Call.Args[0]); operand != nil {
				if out == nil {
					out = map[ssa.Value]bool{}
				}
				out[operand], out[made] = true, true
			}
		}
	}
	return out
}

// callSite describes a call's callee and arguments (for calls, go and
// defer).
func (fc *funcCompiler) callSite(cc *ssa.CallCommon) vm.CallSite {
	cs := vm.CallSite{Recv: -1, DeferStack: -1}
	for _, a := range cc.Args {
		cs.Args = append(cs.Args, fc.reg(a))
	}
	switch v := cc.Value.(type) {
	case *ssa.Builtin:
		cs.Kind = vm.CallBuiltin
		cs.Builtin = fc.builtinOp(v.Name(), cc)
	default:
		if cc.IsInvoke() {
			cs.Kind = vm.CallInvoke
			cs.Method = cc.Method.Name()
			cs.Recv = fc.reg(cc.Value)
		} else if fn, ok := v.(*ssa.Function); ok {
			cs.Kind = vm.CallStatic
			cs.Fn = fc.c.fn(fn)
		} else {
			cs.Kind = vm.CallClosure
			cs.Recv = fc.reg(cc.Value)
		}
	}
	if sig := cc.Signature(); sig != nil {
		cs.NRes = int32(sig.Results().Len())
	}
	return cs
}

// builtinOp describes a built-in call for the VM: its argument registers,
// their types, and its result type.
func (fc *funcCompiler) builtinOp(name string, cc *ssa.CallCommon) *vm.BuiltinOp {
	op := &vm.BuiltinOp{Name: name}
	for _, a := range cc.Args {
		op.Args = append(op.Args, fc.reg(a))
		op.Types = append(op.Types, fc.c.typ(a.Type()))
	}
	if sig := cc.Signature(); sig != nil && sig.Results().Len() == 1 {
		op.T = fc.c.typ(sig.Results().At(0).Type())
	}
	return op
}

// lowerGo emits a go statement. A function literal made only for it (see
// goOnly) is started as a static call with its free variables' registers.
func (fc *funcCompiler) lowerGo(i *ssa.Go) {
	cs := fc.callSite(i.Common())
	if mc, ok := i.Call.Value.(*ssa.MakeClosure); ok && goOnly(mc) == i {
		cs.Kind, cs.Recv, cs.Fn = vm.CallStatic, -1, fc.c.fn(mc.Fn.(*ssa.Function))
		for _, b := range mc.Bindings {
			cs.Free = append(cs.Free, fc.reg(b))
		}
	}
	fc.vf.Calls = append(fc.vf.Calls, cs)
	fc.emit(vm.OpGo, 0, 0, int32(len(fc.vf.Calls)-1))
}

// goOnly returns the go statement that is the only use of closure mc
// and comes right after it in its block (`go func() {...}()`), or nil.
// Such a closure is never allocated: the go statement starts the fiber
// with the free variables' registers, which nothing between the two
// instructions can overwrite.
func goOnly(mc *ssa.MakeClosure) *ssa.Go {
	refs := mc.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil
	}
	g, ok := (*refs)[0].(*ssa.Go)
	if !ok || g.Call.Value != mc || g.Block() != mc.Block() {
		return nil
	}
	instrs := mc.Block().Instrs
	if k := indexIn(mc.Block(), mc); k+1 < len(instrs) && instrs[k+1] == g {
		return g
	}
	return nil
}

// lowerDefer emits a defer statement, pushing to the frame in register
// DeferStack when go/ssa names one (a range-over-func body), else to the
// current frame.
func (fc *funcCompiler) lowerDefer(i *ssa.Defer) {
	cs := fc.callSite(i.Common())
	cs.DeferStack = -1
	if i.DeferStack != nil {
		cs.DeferStack = fc.reg(i.DeferStack)
	}
	fc.vf.Calls = append(fc.vf.Calls, cs)
	fc.emit(vm.OpDefer, 0, 0, int32(len(fc.vf.Calls)-1))
}
