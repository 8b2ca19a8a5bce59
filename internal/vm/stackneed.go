package vm

// Sizing a new fiber's register stack.
//
// A fiber's stack starts just large enough for its entry function (a
// parked goroutine stays small) and grows by doubling (Fiber.growStack)
// when a call needs more. Most goroutines call a little (wg.Done, a send
// helper, a method), and doubling from a tiny stack would take two or
// three allocations and copies, or one oversized one: a large part of a
// short-lived goroutine's cost. So the compiler records, per function, the
// registers its deepest chain of static calls needs (StackNeed), and the
// first growth of a fiber's stack goes straight to its entry function's
// StackNeed, up to stackNeedCap values. Recursion, closure and interface
// calls are not followed: past StackNeed, stacks double.
//
// Only the first growth is sized, not the first stack: a goroutine that
// parks before its first call (a server's connection, a worker waiting
// for a job) keeps the small stack of its entry function.

// stackNeedCap bounds the first growth (values; 24 bytes each): a fiber
// that needs more doubles on demand.
const stackNeedCap = 64

// SizeStacks computes StackNeed for every function in fns. It runs once,
// when a program is compiled; Funcs are read-only afterwards.
func SizeStacks(fns []*Func) {
	const (
		unseen = iota
		active
		done
	)
	state := make(map[*Func]uint8, len(fns))
	var need func(fn *Func) int32
	need = func(fn *Func) int32 {
		switch state[fn] {
		case active:
			return 0 // recursion: the cycle grows on demand
		case done:
			return fn.StackNeed
		}
		state[fn] = active
		child := int32(1) // the guard slot past the top frame
		for i := range fn.Calls {
			cs := &fn.Calls[i]
			if cs.Kind != CallStatic || cs.Fn == nil {
				continue
			}
			var n int32
			if cs.Fn.Host != nil {
				n = int32(max(len(cs.Args), int(cs.Fn.NResults))) + 1
			} else {
				n = need(cs.Fn)
			}
			child = max(child, n)
		}
		fn.StackNeed = min(fn.NRegs+child, max(stackNeedCap, fn.NRegs+1))
		state[fn] = done
		return fn.StackNeed
	}
	for _, fn := range fns {
		if fn.Host == nil {
			need(fn)
		}
	}
}
