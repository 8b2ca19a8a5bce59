package typecodec

import "go/types"

// Instantiation cycles.
//
// A generic type whose declaration instantiates itself (or, through
// others, any generic type back to itself) with an argument that grows,
// type T[P any] interface{ T[*P] }, has an infinite expansion: computing
// its type set expands T[*P], T[**P], ... for ever, and go/types would
// recurse until the stack overflows, which no recover catches. The type
// checker refuses such declarations ("instantiation cycle", go/types'
// mono.go), so Encode never meets one from a compiled program, but Decode
// must not trust its input that far. checkInstantiationCycles runs the
// same test over the decoded generic types before anything computes a
// type set: a graph with a node per type parameter and, where a
// declaration of X instantiates Y with argument A for Y's parameter Q, an
// edge from each parameter P of X that A mentions to Q, of weight 0 when
// A is P itself and 1 when A only contains it; a cycle through an edge of
// weight 1 is an error.

type monoEdge struct {
	to     *types.TypeParam
	weight int
}

// checkInstantiationCycles fails when the decoded generic types have an
// instantiation cycle. It only reads declarations: no instance is
// expanded.
func (d *decoder) checkInstantiationCycles() {
	edges := map[*types.TypeParam][]monoEdge{}
	for _, t := range d.types {
		// Instances first: asking an instance for its type parameters
		// expands it.
		x, ok := t.(*types.Named)
		if !ok || x.TypeArgs().Len() > 0 || x.Origin() != x || x.TypeParams().Len() == 0 {
			continue
		}
		params := map[*types.TypeParam]*types.TypeParam{} // as written -> x's own
		for p := range x.TypeParams().TypeParams() {
			params[p] = p
		}
		w := &monoWalker{params: params, edges: edges, seen: map[types.Type]bool{}}
		w.walk(x.Underlying())
		for p := range x.TypeParams().TypeParams() {
			if c := p.Constraint(); c != nil {
				w.walk(c)
			}
		}
		for m := range x.Methods() {
			sig, ok := m.Type().(*types.Signature)
			if !ok {
				continue
			}
			// A method's receiver has type parameters of its own,
			// standing for x's.
			if rtp := sig.RecvTypeParams(); rtp != nil && rtp.Len() == x.TypeParams().Len() {
				for i := 0; i < rtp.Len(); i++ {
					params[rtp.At(i)] = x.TypeParams().At(i)
				}
			}
			w.walk(sig.Params())
			w.walk(sig.Results())
		}
	}
	for from, es := range edges {
		for _, e := range es {
			if e.weight > 0 && reaches(edges, e.to, from) {
				d.fail("instantiation cycle through type parameter %s", from)
			}
		}
	}
}

// reaches reports whether to is reachable from from along edges.
func reaches(edges map[*types.TypeParam][]monoEdge, from, to *types.TypeParam) bool {
	seen := map[*types.TypeParam]bool{from: true}
	stack := []*types.TypeParam{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == to {
			return true
		}
		for _, e := range edges[n] {
			if !seen[e.to] {
				seen[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
	return false
}

// monoWalker finds the instantiations in one declaration.
type monoWalker struct {
	params map[*types.TypeParam]*types.TypeParam
	edges  map[*types.TypeParam][]monoEdge
	seen   map[types.Type]bool
}

func (w *monoWalker) walk(t types.Type) {
	if t == nil || w.seen[t] {
		return
	}
	w.seen[t] = true
	if n, ok := t.(*types.Named); ok {
		args := n.TypeArgs()
		qs := n.Origin().TypeParams()
		for i := 0; i < args.Len() && i < qs.Len(); i++ {
			a := args.At(i)
			for p, own := range w.params {
				if a == types.Type(p) {
					w.edges[own] = append(w.edges[own], monoEdge{qs.At(i), 0})
				} else if mentions(a, p, map[types.Type]bool{}) {
					w.edges[own] = append(w.edges[own], monoEdge{qs.At(i), 1})
				}
			}
		}
	}
	eachComponent(t, w.walk)
}

// mentions reports whether t contains type parameter p, without
// expanding any instance.
func mentions(t types.Type, p *types.TypeParam, seen map[types.Type]bool) bool {
	if t == types.Type(p) {
		return true
	}
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	found := false
	eachComponent(t, func(u types.Type) {
		found = found || mentions(u, p, seen)
	})
	return found
}

// eachComponent calls f with each type t is made of, as go/types hashes
// and substitutes it: a named type's type arguments (not its underlying
// type, which is its declaration's, or an expansion that must not be
// computed), elements, keys, parameters and results, fields, an
// interface's explicit methods and embedded types, a union's terms.
func eachComponent(t types.Type, f func(types.Type)) {
	switch t := t.(type) {
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			f(a)
		}
	case *types.Pointer:
		f(t.Elem())
	case *types.Slice:
		f(t.Elem())
	case *types.Array:
		f(t.Elem())
	case *types.Map:
		f(t.Key())
		f(t.Elem())
	case *types.Chan:
		f(t.Elem())
	case *types.Signature:
		f(t.Params())
		f(t.Results())
	case *types.Tuple:
		for v := range t.Variables() {
			f(v.Type())
		}
	case *types.Struct:
		for fld := range t.Fields() {
			f(fld.Type())
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			f(m.Type())
		}
		for e := range t.EmbeddedTypes() {
			f(e)
		}
	case *types.Union:
		for term := range t.Terms() {
			f(term.Type())
		}
	}
}
