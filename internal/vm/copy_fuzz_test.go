package vm

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unsafe"
)

// fuzzGraph builds a value graph from fuzz bytes: arrays, cells, packed
// byte and word arrays, maps, interfaces and closures whose elements refer
// to each other (so with cycles, shared sub-structure, interior pointers
// and overlapping views), and, when the input asks for it, a channel, an
// unknown host object or a reflect-made closure, which cannot cross.
type fuzzGraph struct {
	z      *fuzzBytes
	arrays [][]Value
	cells  []*Value
	bytes  [][]byte
	words  [][]uint64
	maps   []*Map
	clos   []*Closure
	refuse bool // whether refs may produce values that cannot cross
}

var (
	fuzzFn       = &Func{Name: "main.f"}
	fuzzCaptures = &Func{Name: "reflect.methodValueCall", Captures: true}
	fuzzMapKeys  = []*Type{tInt, tString, tPtr, tKey, tAny}
)

func newFuzzGraph(data []byte) *fuzzGraph {
	g := &fuzzGraph{z: &fuzzBytes{b: data}}
	z := g.z
	g.refuse = z.intn(4) == 0
	for range 1 + z.intn(5) {
		g.arrays = append(g.arrays, make([]Value, 1+z.intn(8)))
	}
	for range 1 + z.intn(3) {
		g.cells = append(g.cells, new(Value))
	}
	for range 1 + z.intn(2) {
		b := make([]byte, 1+z.intn(16))
		for i := range b {
			b[i] = z.byte()
		}
		g.bytes = append(g.bytes, b)
		w := make([]uint64, 1+z.intn(6))
		for i := range w {
			w[i] = uint64(z.int32())
		}
		g.words = append(g.words, w)
	}
	for range z.intn(3) {
		g.maps = append(g.maps, NewMap(fuzzMapKeys[z.intn(len(fuzzMapKeys))], tAny, 0))
	}
	for range z.intn(3) {
		g.clos = append(g.clos, &Closure{Fn: fuzzFn, Free: make([]Value, z.intn(4))})
	}
	// Fill everything in, so that any object may refer to any other.
	for _, a := range g.arrays {
		for i := range a {
			a[i] = g.ref()
		}
	}
	for _, p := range g.cells {
		*p = g.ref()
	}
	for _, c := range g.clos {
		for i := range c.Free {
			c.Free[i] = g.ref()
		}
	}
	for _, m := range g.maps {
		for range z.intn(5) {
			k := g.key(m.KeyT)
			if z.intn(4) == 0 {
				m.Delete(k) // a dead entry left in the insertion list
				continue
			}
			m.Store(k, g.ref())
		}
	}
	return g
}

// fuzzView returns s[i:j:k] for fuzzed 0 <= i <= j <= k <= len(s).
func fuzzView[T any](z *fuzzBytes, s []T) []T {
	i := z.intn(len(s) + 1)
	j := i + z.intn(len(s)-i+1)
	k := j + z.intn(len(s)-j+1)
	if z.bool() {
		return s[i:j]
	}
	return s[i:j:k]
}

func pick[T any](z *fuzzBytes, s []T) T { return s[z.intn(len(s))] }

// ref returns a value referring into the graph (or a scalar).
func (g *fuzzGraph) ref() Value {
	z := g.z
	switch z.intn(24) {
	case 0:
		return Int(int64(z.int32()))
	case 1:
		return Value{N: uint64(z.byte()), R: strings.Repeat("s", z.intn(3))}
	case 2:
		return Complex(complex(float64(z.byte()), 0))
	case 3:
		a := pick(z, g.arrays)
		return ptrVal(&a[z.intn(len(a))])
	case 4:
		return ptrVal(pick(z, g.cells))
	case 5:
		return sliceVal(fuzzView(z, pick(z, g.arrays)))
	case 6:
		return sliceVal(pick(z, g.arrays)) // the whole array, as an aggregate
	case 7:
		if len(g.maps) > 0 {
			return Value{R: pick(z, g.maps)}
		}
	case 8:
		return Value{R: &Iface{T: tAny, V: g.concrete()}}
	case 9:
		if len(g.clos) > 0 {
			return Value{R: pick(z, g.clos)}
		}
	case 10:
		return Value{R: fuzzView(z, pick(z, g.bytes))}
	case 11:
		b := pick(z, g.bytes)
		return Value{R: &b[z.intn(len(b))]}
	case 12:
		return Value{R: fuzzView(z, pick(z, g.words))}
	case 13:
		w := pick(z, g.words)
		return Value{R: &w[z.intn(len(w))]}
	case 14:
		return pick(z, []Value{{R: (*Value)(nil)}, {R: []Value(nil)}, {R: (*Map)(nil)}, {R: (*Closure)(nil)},
			{R: (*Chan)(nil)}, {R: []byte(nil)}, {R: (*Iface)(nil)}, {R: []uint64(nil)}, {R: (*byte)(nil)}, {R: (*uint64)(nil)},
			{R: []Value{}}, {R: []byte{}}, {R: make([]Value, 0, 2)}})
	case 15:
		return pick(z, []Value{{R: &testShared{}}, {R: tInt}, {R: unicode.Latin}, RawPointer(uint64(z.byte()) + 1)})
	case 16:
		return Value{R: &Closure{Fn: fuzzFn}} // no free variables: shared
	case 17:
		if g.refuse {
			return pick(z, []Value{{R: &Chan{}}, {R: &testHost{}}, {R: &Closure{Fn: fuzzCaptures}}, {R: &strings.Builder{}}})
		}
	case 18:
		// A struct in an interface: struct{ a int; p *int }.
		return Value{R: &Iface{T: tKey, V: aggVal(Int(int64(z.byte())), g.ref())}}
	}
	return Value{N: uint64(z.byte())}
}

// concrete is ref for an interface's payload, which is never itself an
// interface box.
func (g *fuzzGraph) concrete() Value {
	for {
		v := g.ref()
		if _, ok := v.R.(*Iface); !ok {
			return v
		}
	}
}

// key returns a map key of type t.
func (g *fuzzGraph) key(t *Type) Value {
	z := g.z
	switch t {
	case tInt:
		return Int(int64(z.intn(8)))
	case tString:
		return Str(strconv.Itoa(z.intn(8)))
	case tPtr:
		if z.bool() {
			return ptrVal(pick(z, g.cells))
		}
		a := pick(z, g.arrays)
		return ptrVal(&a[z.intn(len(a))])
	case tKey:
		return aggVal(Int(int64(z.intn(4))), g.key(tPtr))
	}
	switch z.intn(3) {
	case 0:
		return Value{R: &Iface{T: tInt, V: g.key(tInt)}}
	case 1:
		return Value{R: &Iface{T: tString, V: g.key(tString)}}
	}
	return Value{R: &Iface{T: tPtr, V: g.key(tPtr)}}
}

// graphWalk renders the graph reachable from a value canonically: storage
// locations (elements of arrays and packed arrays, pointer targets) and
// maps, closures and interfaces are numbered in the order the walk meets
// them, so two graphs render alike exactly when they have the same shape,
// contents and aliasing. It also counts the values that cannot cross.
type graphWalk struct {
	b       strings.Builder
	ids     map[any]int
	refused int
}

func render(v Value) (string, int) {
	w := &graphWalk{ids: map[any]int{}}
	w.value(v)
	return w.b.String(), w.refused
}

// id returns k's number and whether it is new.
func (w *graphWalk) id(k any) (int, bool) {
	if n, ok := w.ids[k]; ok {
		return n, false
	}
	n := len(w.ids)
	w.ids[k] = n
	return n, true
}

func (w *graphWalk) loc(p *Value) {
	n, isNew := w.id(uintptr(unsafe.Pointer(p)))
	fmt.Fprintf(&w.b, "@%d", n)
	if isNew {
		w.b.WriteByte('{')
		w.value(*p)
		w.b.WriteByte('}')
	}
}

func packedLocs[T byte | uint64](w *graphWalk, s []T) {
	for i := range s {
		n, isNew := w.id(uintptr(unsafe.Pointer(&s[i])))
		fmt.Fprintf(&w.b, "@%d", n)
		if isNew {
			fmt.Fprintf(&w.b, "=%d", s[i])
		}
	}
}

func (w *graphWalk) value(v Value) {
	fmt.Fprintf(&w.b, "(%d %T ", v.N, v.R)
	defer w.b.WriteByte(')')
	switch r := v.R.(type) {
	case nil:
		w.b.WriteString("nil")
	case string:
		fmt.Fprintf(&w.b, "%q", r)
	case complex128, rawAddr:
		fmt.Fprintf(&w.b, "%v", r)
	case *Value:
		if r == nil {
			w.b.WriteString("*nil")
			return
		}
		w.b.WriteByte('*')
		w.loc(r)
	case []Value:
		fmt.Fprintf(&w.b, "[]%d/%d/%v", len(r), cap(r), r == nil)
		for i := range r[:cap(r)] {
			w.loc(&r[:cap(r)][i])
		}
	case []byte:
		fmt.Fprintf(&w.b, "b%d/%d/%v", len(r), cap(r), r == nil)
		packedLocs(w, r[:cap(r)])
	case []uint64:
		fmt.Fprintf(&w.b, "w%d/%d/%v", len(r), cap(r), r == nil)
		packedLocs(w, r[:cap(r)])
	case *byte:
		if r != nil {
			packedLocs(w, unsafe.Slice(r, 1))
		}
	case *uint64:
		if r != nil {
			packedLocs(w, unsafe.Slice(r, 1))
		}
	case *Map:
		if r == nil {
			w.b.WriteString("map nil")
			return
		}
		n, isNew := w.id(r)
		fmt.Fprintf(&w.b, "map%d %s", n, r.KeyT.Name)
		if isNew {
			keys, vals := r.Entries()
			for i := range keys {
				w.value(keys[i])
				w.value(vals[i])
			}
		}
	case *Closure:
		if r == nil {
			w.b.WriteString("func nil")
			return
		}
		if r.Fn.Captures {
			w.refused++
		}
		n, isNew := w.id(r)
		fmt.Fprintf(&w.b, "func%d %s", n, r.Fn.Name)
		if isNew {
			for _, x := range r.Free {
				w.value(x)
			}
		}
	case *Iface:
		if r == nil {
			w.b.WriteString("iface nil")
			return
		}
		n, isNew := w.id(r)
		fmt.Fprintf(&w.b, "iface%d %s", n, r.T.Name)
		if isNew {
			w.value(r.V)
		}
	case *Chan:
		if r != nil {
			w.refused++
		}
		fmt.Fprintf(&w.b, "chan %v", r == nil)
	case Shareable, *Type, *unicode.RangeTable:
		fmt.Fprintf(&w.b, "shared %p", r)
	default:
		w.refused++
		fmt.Fprintf(&w.b, "host %T", r)
	}
}

// mutate changes every scalar, element and map entry reachable from v.
func mutate(v Value) {
	seen := map[any]bool{}
	var maps []*Map
	var walk func(v Value)
	cell := func(p *Value) {
		k := uintptr(unsafe.Pointer(p))
		if !seen[k] {
			seen[k] = true
			walk(*p)
			p.N++
		}
	}
	walk = func(v Value) {
		switch r := v.R.(type) {
		case *Value:
			if r != nil {
				cell(r)
			}
		case []Value:
			for i := range r[:cap(r)] {
				cell(&r[:cap(r)][i])
			}
		case []byte:
			for i := range r[:cap(r)] {
				r[:cap(r)][i]++
			}
		case []uint64:
			for i := range r[:cap(r)] {
				r[:cap(r)][i]++
			}
		case *byte:
			if r != nil {
				*r++
			}
		case *uint64:
			if r != nil {
				*r++
			}
		case *Map:
			if r != nil && !seen[r] {
				seen[r] = true
				maps = append(maps, r)
				keys, vals := r.Entries()
				for i := range keys {
					walk(keys[i])
					walk(vals[i])
				}
			}
		case *Closure:
			if r != nil && !seen[r] {
				seen[r] = true
				for i := range r.Free {
					walk(r.Free[i])
					r.Free[i].N++
				}
			}
		case *Iface:
			if r != nil && !seen[r] {
				seen[r] = true
				walk(r.V)
			}
		}
	}
	walk(v)
	for _, m := range maps {
		keys, _ := m.Entries()
		for _, k := range keys {
			m.Store(k, Str("mutated"))
		}
		m.Store(zeroKey(m.KeyT), Int(1)) // a new entry
	}
}

// zeroKey returns the zero value of t, one of fuzzMapKeys.
func zeroKey(t *Type) Value {
	if t == tKey {
		return aggVal(Value{}, Value{})
	}
	return Value{}
}

// FuzzCopyValue builds a value graph from fuzz bytes and copies it as a
// message to another shard would be. CopyValue must leave the original
// as it was and either refuse it with a *CrossError, exactly when the
// graph reaches a value that cannot cross, or return a copy that renders
// as the original does (same shape, contents and aliasing, cycles
// included), is isomorphic to it location by location with no storage in
// common (checkIso), and whose mutation leaves the original unchanged.
func FuzzCopyValue(f *testing.F) {
	rng := rand.New(rand.NewPCG(20, 3))
	for range 64 {
		data := make([]byte, 8+rng.IntN(200))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := newFuzzGraph(data)
		root := make([]Value, 1+g.z.intn(4))
		for i := range root {
			root[i] = g.ref()
		}
		orig := sliceVal(root)
		if g.z.bool() {
			orig = root[0] // a single value, not a slice of them
		}
		before, refused := render(orig)
		c, err := CopyValue(orig)
		if after, _ := render(orig); after != before {
			t.Fatalf("CopyValue changed the original:\nbefore %s\nafter  %s", before, after)
		}
		if err != nil {
			var ce *CrossError
			if !errors.As(err, &ce) {
				t.Fatalf("CopyValue: %v, not a *CrossError", err)
			}
			if refused == 0 {
				t.Fatalf("CopyValue refused a graph with nothing that cannot cross: %v\n%s", err, before)
			}
			return
		}
		if refused > 0 {
			t.Fatalf("CopyValue copied a graph reaching %d values that cannot cross:\n%s", refused, before)
		}
		if got, _ := render(c); got != before {
			t.Fatalf("copy differs from the original:\noriginal %s\ncopy     %s", before, got)
		}
		checkIso(t, orig, c)
		mutate(c)
		if after, _ := render(orig); after != before {
			t.Fatalf("mutating the copy changed the original:\nbefore %s\nafter  %s", before, after)
		}
	})
}
