package compile

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Captured variables held by value.
//
// go/ssa gives every variable a function literal captures a heap cell
// (an escaping Alloc): the enclosing function and the literal load it
// through a pointer, and making the cell costs an allocation. Most such
// variables are written once, before the literal is made, and never
// again: a channel, a slice, a per-iteration loop variable. For those the
// compiler keeps the value itself in the Alloc's register, passes it to
// the closure as the free variable, and turns every load into a move.
//
// A cell qualifies (byValue) when:
//   - it holds a scalar or reference value (not a struct or array, whose
//     cells are mutable storage);
//   - its only store is in the Alloc's own block, after it (so each cell
//     is written exactly once, before any other use), and every load and
//     closure that uses it comes after that store: in the same block, or
//     in a block the store's block dominates;
//   - nothing else uses its address (no field or index address, no call
//     argument, no phi), and every closure that captures it only loads
//     the free variable (no store, no further capture).

// byValue reports whether Alloc a is held by value (cached per program).
func (c *Compiler) byValue(a *ssa.Alloc) bool {
	if v, ok := c.byVal[a]; ok {
		return v
	}
	v := c.checkByValue(a)
	c.byVal[a] = v
	return v
}

// checkByValue decides byValue by the rules at the top of this file.
func (c *Compiler) checkByValue(a *ssa.Alloc) bool {
	if !a.Heap || a.Block() == nil {
		return false
	}
	switch deref(a.Type()).Underlying().(type) {
	case *types.Struct, *types.Array:
		return false
	}
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	var store *ssa.Store
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || r.Val == a || store != nil {
				return false
			}
			store = r
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.MakeClosure:
			for k, b := range r.Bindings {
				if b == a && !loadsOnly(r.Fn.(*ssa.Function).FreeVars[k]) {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	if store == nil || store.Block() != a.Block() {
		return false
	}
	at := indexIn(a.Block(), store)
	if at < indexIn(a.Block(), a) {
		return false
	}
	for _, r := range *refs {
		if r == store {
			continue
		}
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		b := r.Block()
		if b == store.Block() {
			if indexIn(b, r) < at {
				return false
			}
		} else if !store.Block().Dominates(b) {
			return false
		}
	}
	return true
}

// loadsOnly reports whether the free variable is only loaded.
func loadsOnly(fv *ssa.FreeVar) bool {
	refs := fv.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// freeByValue reports whether free variable fv of fn receives a value
// held by value (see byValue) instead of a cell.
func (c *Compiler) freeByValue(fn *ssa.Function, fv *ssa.FreeVar) bool {
	mc := maker(fn)
	if mc == nil {
		return false
	}
	for k, f := range fn.FreeVars {
		if f == fv {
			a, ok := mc.Bindings[k].(*ssa.Alloc)
			return ok && c.byValue(a)
		}
	}
	return false
}

// maker returns the MakeClosure that creates the function literal fn (a
// literal's referrers are the instructions that use it, go/ssa keeps them
// for anonymous functions), or nil.
func maker(fn *ssa.Function) *ssa.MakeClosure {
	if refs := fn.Referrers(); refs != nil {
		for _, r := range *refs {
			if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
		}
	}
	return nil
}

// heldByValue reports whether v is a captured cell whose register holds
// its value (an Alloc of this function, or a free variable of this
// literal; see capture.go).
func (fc *funcCompiler) heldByValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Alloc:
		return fc.c.byValue(v)
	case *ssa.FreeVar:
		return fc.c.freeByValue(fc.f, v)
	}
	return false
}

// byValueAliases returns the values that share the register of a captured
// variable held by value, with the value whose register they take: every
// load of such a variable (its register is written once, by the store,
// before any load, and never again), and the value stored, when the store
// is its only use and it is an ordinary instruction result (so it is
// computed straight into the variable's register), so using such a
// variable (a captured channel in a loop) costs no move. Values coalesced
// into a phi keep their own registers.
func (fc *funcCompiler) byValueAliases(coalesced map[ssa.Value]*ssa.Phi) map[ssa.Value]ssa.Value {
	out := map[ssa.Value]ssa.Value{}
	for _, b := range fc.f.Blocks {
		for _, ins := range b.Instrs {
			switch i := ins.(type) {
			case *ssa.UnOp:
				if i.Op == token.MUL && coalesced[i] == nil && fc.heldByValue(i.X) {
					out[i] = i.X
				}
			case *ssa.Store:
				a, ok := i.Addr.(*ssa.Alloc)
				if !ok || !fc.c.byValue(a) || coalesced[i.Val] != nil || !storedOnly(i.Val) {
					continue
				}
				if u, ok := i.Val.(*ssa.UnOp); ok && u.Op == token.MUL && fc.heldByValue(u.X) {
					continue // a load, which shares its variable's register
				}
				switch v := i.Val.(type) {
				case *ssa.Phi, *ssa.Extract, *ssa.Alloc:
				case ssa.Instruction:
					if _, tup := i.Val.Type().(*types.Tuple); !tup && v.Block() != nil && v.Parent() == fc.f {
						out[i.Val] = a
					}
				}
			}
		}
	}
	return out
}

// storedOnly reports whether v's only use (debug references aside) is one
// store.
func storedOnly(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	n := 0
	for _, r := range *refs {
		switch r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			n++
		default:
			return false
		}
	}
	return n == 1
}
