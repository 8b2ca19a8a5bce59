package std

import "spindle/internal/vm"

// Host side of the guest errors package: the two primitives errors.As
// needs, which look at dynamic types.

func init() {
	reg("errors.comparable", func(f *vm.Fiber, args, res []vm.Value) {
		x := args[0].Iface()
		res[0] = vm.Bool(x == nil || x.T.Comparable)
	})
	reg("errors.asCheck", func(f *vm.Fiber, args, res []vm.Value) {
		x := args[0].Iface()
		switch {
		case x == nil || x.T.Kind != vm.KPointer || x.V.Ptr() == nil:
			res[0] = vm.Int(1)
		case x.T.Elem.Kind != vm.KInterface && !implementsError(f.M, x.T.Elem):
			res[0] = vm.Int(2)
		default:
			res[0] = vm.Int(0)
		}
	})
	reg("errors.asAssign", func(f *vm.Fiber, args, res []vm.Value) {
		e, t := args[0].Iface(), args[1].Iface()
		ok := false
		if e != nil && t != nil && t.T.Kind == vm.KPointer {
			dst, et := t.V.Ptr(), t.T.Elem
			switch {
			case dst == nil:
			case et.Kind == vm.KInterface:
				if e.T.Implements(et) {
					*dst = vm.Value{R: &vm.Iface{T: e.T, V: e.V}}
					ok = true
				}
			case e.T == et:
				if et.IsAgg() {
					et.Assign(dst, e.V)
				} else {
					*dst = e.V
				}
				ok = true
			}
		}
		res[0] = vm.Bool(ok)
	})
}

// implementsError reports whether t has an Error() string method.
func implementsError(m *vm.Machine, t *vm.Type) bool {
	if et := m.Prog.ErrorType; et != nil {
		return t.Implements(et)
	}
	return false
}
