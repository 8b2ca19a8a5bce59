package compile

import (
	"encoding/binary"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"spindle/internal/vm"
)

// typeTable interns the run-time type descriptors: one *vm.Type for every
// class of identical go/types types (types.Identical), so that reflect
// may compare descriptors with ==.
//
// A class is found in time proportional to the type's own size, not its
// depth: a type is keyed structurally by the classes of its components
// (typeKey), which are found first and remembered per go/types value. A
// typeutil.Map would do, but its hash of an unnamed composite type is
// nearly that of its element, so that types nested a few dozen deep all
// collide and every lookup compares them pairwise, deeply: a type nested
// 2,000 deep took minutes.
//
// Cycles in go/types types pass through a Named type (a leaf here, keyed
// by its declaration and type arguments) but for interfaces that embed an
// interface whose methods mention them (type T interface{ m() interface{T} }).
// The types whose unfolding is infinite, those on or reaching such a
// cycle, and the few types keyed not by structure but up to renaming
// (generic signatures, constraint interfaces) fall back to a typeutil.Map,
// which compares them with types.Identical. Whether a type takes that path
// depends only on its identity class, so no class is split between the two.
type typeTable struct {
	// class holds the class of every go/types value met (the memo).
	class map[types.Type]typeClass
	// byKey holds the classes keyed by structure.
	byKey map[typeKey]int32
	// slow holds (as int32) the classes keyed by types.Identical.
	slow typeutil.Map
	// busy marks the unnamed types whose key is being computed: meeting
	// one again is a cycle.
	busy map[types.Type]bool
	// desc holds each class's descriptor, nil until typ makes it.
	desc []*vm.Type
	// layouts holds the sizes and alignments layout computed, by class.
	layouts map[int32][2]int64
}

// typeClass is a type's class and whether its unfolding is infinite.
type typeClass struct {
	id       int32
	infinite bool
}

// A typeKey identifies an identity class by structure.
type typeKey struct {
	tag  byte
	a, b int32 // component classes: the element (a map's key), a map's element
	n    int64 // basic kind, array length, channel direction, variadic
	obj  any   // a Named type's *types.TypeName, a *types.TypeParam
	s    string
}

const (
	keyBasic byte = iota + 1
	keyPointer
	keySlice
	keyArray
	keyMap
	keyChan
	keySignature
	keyTuple
	keyStruct
	keyInterface
	keyNamed
	keyTypeParam
)

func newTypeTable() *typeTable {
	return &typeTable{class: map[types.Type]typeClass{}, byKey: map[typeKey]int32{}, busy: map[types.Type]bool{}, layouts: map[int32][2]int64{}}
}

// classOf returns t's class.
func (tt *typeTable) classOf(t types.Type) int32 {
	c, _ := tt.visit(types.Unalias(t))
	return c.id
}

// visit returns t's class; back reports that t is on the path being
// keyed (a cycle: t has no class yet).
func (tt *typeTable) visit(t types.Type) (c typeClass, back bool) {
	if c, ok := tt.class[t]; ok {
		return c, false
	}
	if tt.busy[t] {
		return typeClass{}, true
	}
	tt.busy[t] = true
	k, ok, infinite := tt.key(t)
	delete(tt.busy, t)
	if !ok {
		c = typeClass{id: tt.slowClass(t), infinite: infinite}
	} else {
		id, found := tt.byKey[k]
		if !found {
			id = tt.newClass()
			tt.byKey[k] = id
		}
		c = typeClass{id: id}
	}
	tt.class[t] = c
	return c, false
}

func (tt *typeTable) newClass() int32 {
	tt.desc = append(tt.desc, nil)
	return int32(len(tt.desc) - 1)
}

func (tt *typeTable) slowClass(t types.Type) int32 {
	if id, ok := tt.slow.At(t).(int32); ok {
		return id
	}
	id := tt.newClass()
	tt.slow.Set(t, id)
	return id
}

// key returns t's structural key; !ok when t is keyed by types.Identical
// instead, infinite when that is because its unfolding is infinite.
func (tt *typeTable) key(t types.Type) (k typeKey, ok, infinite bool) {
	var s keyWriter
	// comp is the class of component u; a component with an infinite
	// unfolding (or the way back to one being keyed) makes t's infinite.
	comp := func(u types.Type) int32 {
		c, back := tt.visit(types.Unalias(u))
		if back || c.infinite {
			infinite = true
		}
		return c.id
	}
	switch t := t.(type) {
	case *types.Basic:
		k = typeKey{tag: keyBasic, n: int64(t.Kind())}
	case *types.Pointer:
		k = typeKey{tag: keyPointer, a: comp(t.Elem())}
	case *types.Slice:
		k = typeKey{tag: keySlice, a: comp(t.Elem())}
	case *types.Array:
		k = typeKey{tag: keyArray, a: comp(t.Elem()), n: t.Len()}
	case *types.Map:
		k = typeKey{tag: keyMap, a: comp(t.Key()), b: comp(t.Elem())}
	case *types.Chan:
		k = typeKey{tag: keyChan, a: comp(t.Elem()), n: int64(t.Dir())}
	case *types.Signature:
		if t.TypeParams().Len() > 0 {
			return k, false, false // identical up to renaming
		}
		s.tuple(t.Params(), comp)
		s.tuple(t.Results(), comp)
		k = typeKey{tag: keySignature, s: s.String()}
		if t.Variadic() {
			k.n = 1
		}
	case *types.Tuple:
		s.tuple(t, comp)
		k = typeKey{tag: keyTuple, s: s.String()}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if f.Embedded() {
				s.int(1)
			} else {
				s.int(0)
			}
			s.str(f.Id())
			s.str(t.Tag(i))
			s.int(comp(f.Type()))
		}
		k = typeKey{tag: keyStruct, s: s.String()}
	case *types.Interface:
		if !t.IsMethodSet() {
			return k, false, false // a type set: comparable, terms
		}
		// The methods of the type set, embedded ones included, ordered
		// by Id as types.Identical compares them.
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			s.str(m.Id())
			s.int(comp(m.Type()))
		}
		k = typeKey{tag: keyInterface, s: s.String()}
	case *types.Named:
		// Identical to another if instantiated from the same declaration
		// with identical type arguments.
		targs := t.TypeArgs()
		for i := 0; i < targs.Len(); i++ {
			s.int(comp(targs.At(i)))
		}
		k = typeKey{tag: keyNamed, obj: t.Origin().Obj(), s: s.String()}
	case *types.TypeParam:
		k = typeKey{tag: keyTypeParam, obj: t}
	default:
		return k, false, false
	}
	if infinite {
		return k, false, true
	}
	return k, true, false
}

// keyWriter encodes a key's components unambiguously.
type keyWriter struct{ strings.Builder }

func (w *keyWriter) int(v int32) {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(v))
	w.Write(b[:])
}

func (w *keyWriter) str(v string) {
	w.int(int32(len(v)))
	w.WriteString(v)
}

func (w *keyWriter) tuple(t *types.Tuple, comp func(types.Type) int32) {
	w.int(int32(t.Len()))
	for i := 0; i < t.Len(); i++ {
		w.int(comp(t.At(i).Type()))
	}
}

// layout returns t's size and alignment as gc lays t out on amd64: what
// sizes (types.SizesFor("gc", "amd64")) computes, but remembered per
// class. gcSizes computes a struct's last field's size twice over, once
// for its offset and once for the struct's end, so its time doubles with
// every level of nested structs (struct{ X struct{ X ... } }).
func (tt *typeTable) layout(t types.Type) (size, align int64) {
	id := tt.classOf(t)
	if l, ok := tt.layouts[id]; ok {
		return l[0], l[1]
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		esize, ealign := tt.layout(u.Elem())
		align = ealign
		const maxInt64 = 1<<63 - 1
		switch n := u.Len(); {
		case n <= 0, esize == 0:
			size = 0
		case esize < 0, esize > maxInt64/n:
			size = -1 // too large
		default:
			size = esize * n
		}
	case *types.Struct:
		n := u.NumFields()
		if n == 0 {
			size, align = 0, sizes.Alignof(t) // sync/atomic.align64 is 8
			break
		}
		// Offsetsof, Alignof and Sizeof of gcSizes, in one pass.
		align = 1
		var offs, last int64
		for i := 0; i < n; i++ {
			fsize, falign := tt.layout(u.Field(i).Type())
			align = max(align, falign)
			if offs < 0 {
				continue // too large
			}
			offs = alignUp(offs, falign)
			last = fsize
			if i == n-1 {
				break
			}
			if fsize >= 0 && offs >= 0 {
				offs += fsize
			} else {
				offs = -1
			}
		}
		switch {
		case offs < 0 || last < 0:
			size = -1
		default:
			if offs > 0 && last == 0 {
				last = 1 // gc: a non-empty struct does not end in a zero-sized field
			}
			size = alignUp(offs+last, align)
		}
	default:
		// Not an aggregate: sizes does not recurse.
		size, align = sizes.Sizeof(t), sizes.Alignof(t)
	}
	tt.layouts[id] = [2]int64{size, align}
	return size, align
}

// alignUp is x rounded up to a multiple of a, a power of two.
func alignUp(x, a int64) int64 { return (x + a - 1) &^ (a - 1) }

// TypeFor returns the Program.TypeFor of a program read back from the
// compile cache, whose descriptors (with their go/types types, decoded
// again) are descs: on first use they seed a table of their own, which
// then finds or makes descriptors as the compiler's would.
func TypeFor(descs []*vm.Type) func(types.Type) *vm.Type {
	var mu sync.Mutex
	var tc *Compiler
	return func(t types.Type) *vm.Type {
		mu.Lock()
		defer mu.Unlock()
		if tc == nil {
			tc = &Compiler{types: newTypeTable()}
			for _, d := range descs {
				if d.GoType == nil {
					continue
				}
				if id := tc.types.classOf(d.GoType); tc.types.desc[id] == nil {
					tc.types.desc[id] = d
				}
			}
		}
		return tc.typ(t)
	}
}
