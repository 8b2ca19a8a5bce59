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
	switch t := t.(type) {
	case *types.Named:
		// Not its underlying type: that is its own declaration's (or,
		// for an instance, an expansion, which must not be computed).
		args := t.TypeArgs()
		if args.Len() == 0 {
			return
		}
		qs := t.Origin().TypeParams()
		for i := 0; i < args.Len() && i < qs.Len(); i++ {
			a := args.At(i)
			for p, own := range w.params {
				if a == types.Type(p) {
					w.edges[own] = append(w.edges[own], monoEdge{qs.At(i), 0})
				} else if mentions(a, p, map[types.Type]bool{}) {
					w.edges[own] = append(w.edges[own], monoEdge{qs.At(i), 1})
				}
			}
			w.walk(a)
		}
	case *types.Pointer:
		w.walk(t.Elem())
	case *types.Slice:
		w.walk(t.Elem())
	case *types.Array:
		w.walk(t.Elem())
	case *types.Map:
		w.walk(t.Key())
		w.walk(t.Elem())
	case *types.Chan:
		w.walk(t.Elem())
	case *types.Signature:
		w.walk(t.Params())
		w.walk(t.Results())
	case *types.Tuple:
		for v := range t.Variables() {
			w.walk(v.Type())
		}
	case *types.Struct:
		for f := range t.Fields() {
			w.walk(f.Type())
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			w.walk(m.Type())
		}
		for e := range t.EmbeddedTypes() {
			w.walk(e)
		}
	case *types.Union:
		for term := range t.Terms() {
			w.walk(term.Type())
		}
	}
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
	switch t := t.(type) {
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if mentions(a, p, seen) {
				return true
			}
		}
	case *types.Pointer:
		return mentions(t.Elem(), p, seen)
	case *types.Slice:
		return mentions(t.Elem(), p, seen)
	case *types.Array:
		return mentions(t.Elem(), p, seen)
	case *types.Map:
		return mentions(t.Key(), p, seen) || mentions(t.Elem(), p, seen)
	case *types.Chan:
		return mentions(t.Elem(), p, seen)
	case *types.Signature:
		return mentions(t.Params(), p, seen) || mentions(t.Results(), p, seen)
	case *types.Tuple:
		for v := range t.Variables() {
			if mentions(v.Type(), p, seen) {
				return true
			}
		}
	case *types.Struct:
		for f := range t.Fields() {
			if mentions(f.Type(), p, seen) {
				return true
			}
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			if mentions(m.Type(), p, seen) {
				return true
			}
		}
		for e := range t.EmbeddedTypes() {
			if mentions(e, p, seen) {
				return true
			}
		}
	case *types.Union:
		for term := range t.Terms() {
			if mentions(term.Type(), p, seen) {
				return true
			}
		}
	}
	return false
}
