package typecodec

import (
	"encoding/binary"
	"fmt"
	"go/types"
)

// Encode writes roots and every type they reach. It is deterministic: the
// same roots, in the same order, give the same bytes. An error names a
// type it cannot encode: nil, a types.Type go/types does not define, a
// type parameter without constraint or declared by two types, a named
// type without underlying type, or a type nested deeper than Decode
// follows.
func Encode(roots []types.Type) (data []byte, err error) {
	e := &encoder{
		strIndex: map[string]uint64{},
		pkgIndex: map[string]uint64{},
		memo:     make(map[types.Type]uint64, len(universeIndex)+len(roots)),
		named:    map[*types.TypeName]uint64{},
		shapes:   map[string]uint64{},
		insts:    map[*types.TypeName][]instance{},
		binder:   map[*types.TypeParam]any{},
		methods:  map[*types.Signature]methodRef{},
	}
	for t, i := range universeIndex {
		e.memo[t] = i
	}
	defer func() {
		if r := recover(); r != nil {
			ee, ok := r.(encodeError)
			if !ok {
				panic(r)
			}
			data, err = nil, ee.err
		}
	}()
	refs := make([]uint64, 0, 2*len(roots))
	for _, t := range roots {
		if sig, ok := types.Unalias(t).(*types.Signature); ok {
			if m, ok := e.method(sig); ok {
				refs = append(refs, m.named<<1|1, uint64(m.index))
				continue
			}
		}
		refs = append(refs, e.typ(t)<<1)
	}
	return e.output(len(roots), refs), nil
}

// An encoder holds the state of one Encode: the tables being built and
// the memos that make the same type be written once.
type encoder struct {
	strIndex map[string]uint64
	strs     []string
	pkgIndex map[string]uint64 // by path
	pkgs     []*types.Package

	// entries holds the type entries, entry i being type len(universe)+i.
	// A named type's or type parameter's entry is reserved (empty) before
	// its operands are written, so that they may refer to it.
	entries []string
	// memo holds the index of every type met, by pointer.
	memo map[types.Type]uint64
	// named holds the named types that are not instances, by object.
	named map[*types.TypeName]uint64
	// shapes holds the entries of the types that are neither named nor
	// type parameters nor interfaces, by their bytes, so that types of
	// equal structure share one entry.
	shapes map[string]uint64
	// insts holds the instances of each generic type, so that identical
	// instances share one entry.
	insts map[*types.TypeName][]instance
	// binder holds what declares each type parameter written: the index
	// of a named type or signature, or a method's *types.Func.
	binder map[*types.TypeParam]any
	// methods holds the signatures of the methods of the named types
	// written, so that a root that is one refers to the method.
	methods map[*types.Signature]methodRef

	free  [][]byte // scratch buffers for entries, reused
	depth int
}

// An instance is an instance of a generic type already written.
type instance struct {
	targs *types.TypeList
	index uint64
}

// A methodRef is the index'th method of the named type with index named.
type methodRef struct {
	named uint64
	index int
}

// An encodeError carries an error of Encode up its recursion.
type encodeError struct{ err error }

func (e *encoder) fail(format string, args ...any) {
	panic(encodeError{fmt.Errorf("typecodec: "+format, args...)})
}

// typ returns t's index, writing its entry if it has none yet.
func (e *encoder) typ(t types.Type) uint64 {
	t = types.Unalias(t)
	if i, ok := e.memo[t]; ok {
		return i
	}
	if e.depth++; e.depth > maxDepth {
		e.fail("type nested more than %d deep: %s", maxDepth, t)
	}
	var i uint64
	switch t := t.(type) {
	case nil:
		e.fail("nil type")
	case *types.Basic:
		i = e.basic(t)
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			i = e.instance(t)
		} else {
			i = e.namedType(t)
		}
	case *types.TypeParam:
		i = e.typeParam(t)
	default:
		i = e.shape(t)
	}
	e.depth--
	e.memo[t] = i
	return i
}

// basic returns the index of a basic type that is not the universe's own
// object: it is encoded as the universe's type of its kind and name.
func (e *encoder) basic(t *types.Basic) uint64 {
	switch k := t.Kind(); {
	case t.Name() == "byte" || t.Name() == "rune":
		return universeIndex[types.Unalias(types.Universe.Lookup(t.Name()).Type())]
	case k >= 0 && int(k) < len(types.Typ) && types.Typ[k] != nil:
		return universeIndex[types.Typ[k]]
	}
	e.fail("unknown basic type %s", t)
	return 0
}

// namedType writes a named type that is not an instance.
func (e *encoder) namedType(t *types.Named) uint64 {
	obj := t.Obj()
	if i, ok := e.named[obj]; ok {
		return i
	}
	i := e.reserve()
	e.memo[t], e.named[obj] = i, i
	u := t.Underlying()
	if u == nil {
		e.fail("named type %s has no underlying type", t)
	}
	b := e.buf()
	b = append(b, tagNamed)
	b = e.appendString(b, obj.Name())
	b = e.appendPkg(b, obj.Pkg())
	var flags uint64
	if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
		flags |= flagPackageLevel
	}
	b = binary.AppendUvarint(b, flags)
	tps := t.TypeParams()
	b = binary.AppendUvarint(b, uint64(tps.Len()))
	for tp := range tps.TypeParams() {
		b = binary.AppendUvarint(b, e.bind(tp, i))
	}
	b = binary.AppendUvarint(b, e.typ(u))
	b = binary.AppendUvarint(b, uint64(t.NumMethods()))
	for j := range t.NumMethods() {
		m := t.Method(j)
		sig := m.Signature()
		if sig.Recv() == nil {
			e.fail("method %s of %s has no receiver", m.Name(), t)
		}
		e.methods[sig] = methodRef{i, j}
		b = e.appendString(b, m.Name())
		b = e.appendSig(b, sig, true, m)
	}
	e.entries[i-uint64(len(universe))] = string(b)
	e.release(b)
	return i
}

// instance writes an instance of a generic type, or returns the index of
// an identical one.
func (e *encoder) instance(t *types.Named) uint64 {
	orig := t.Origin()
	if orig == t || orig.TypeParams().Len() != t.TypeArgs().Len() {
		e.fail("instance %s does not match its generic type", t)
	}
	oi := e.typ(orig)
	b := e.buf()
	b = append(b, tagInstance)
	b = binary.AppendUvarint(b, oi)
	targs := t.TypeArgs()
	b = binary.AppendUvarint(b, uint64(targs.Len()))
	for a := range targs.Types() {
		b = binary.AppendUvarint(b, e.typ(a))
	}
	// Instances are identical if their type arguments are: the first
	// one written stands for all, however its arguments print.
	for _, in := range e.insts[orig.Obj()] {
		if identicalLists(in.targs, targs) {
			e.release(b)
			return in.index
		}
	}
	i := e.add(string(b))
	e.release(b)
	e.insts[orig.Obj()] = append(e.insts[orig.Obj()], instance{targs, i})
	return i
}

func identicalLists(x, y *types.TypeList) bool {
	if x.Len() != y.Len() {
		return false
	}
	for i := range x.Len() {
		if !types.Identical(x.At(i), y.At(i)) {
			return false
		}
	}
	return true
}

// typeParam writes a type parameter; its declaration (bind) is written
// by the type that declares it.
func (e *encoder) typeParam(t *types.TypeParam) uint64 {
	i := e.reserve()
	e.memo[t] = i
	c := t.Constraint()
	if c == nil {
		e.fail("type parameter %s has no constraint", t)
	}
	b := e.buf()
	b = append(b, tagTypeParam)
	b = e.appendString(b, t.Obj().Name())
	b = e.appendPkg(b, t.Obj().Pkg())
	b = binary.AppendUvarint(b, e.typ(c))
	e.entries[i-uint64(len(universe))] = string(b)
	e.release(b)
	return i
}

// bind returns the index of type parameter tp, which binder declares:
// Decode binds each type parameter to one list, as go/types does.
func (e *encoder) bind(tp *types.TypeParam, binder any) uint64 {
	i := e.typ(tp)
	if b, ok := e.binder[tp]; ok && b != binder {
		e.fail("type parameter %s is declared by two types", tp)
	}
	e.binder[tp] = binder
	return i
}

// shape writes a type that is neither named nor a type parameter, or
// returns the index of one with the same bytes.
func (e *encoder) shape(t types.Type) uint64 {
	b := e.buf()
	switch t := t.(type) {
	case *types.Pointer:
		b = append(b, tagPointer)
		b = binary.AppendUvarint(b, e.typ(t.Elem()))
	case *types.Slice:
		b = append(b, tagSlice)
		b = binary.AppendUvarint(b, e.typ(t.Elem()))
	case *types.Array:
		b = append(b, tagArray)
		b = binary.AppendVarint(b, t.Len())
		b = binary.AppendUvarint(b, e.typ(t.Elem()))
	case *types.Map:
		b = append(b, tagMap)
		b = binary.AppendUvarint(b, e.typ(t.Key()))
		b = binary.AppendUvarint(b, e.typ(t.Elem()))
	case *types.Chan:
		b = append(b, tagChan)
		b = binary.AppendUvarint(b, uint64(t.Dir()))
		b = binary.AppendUvarint(b, e.typ(t.Elem()))
	case *types.Signature:
		b = append(b, tagSignature)
		b = e.appendSig(b, t, false, nil)
	case *types.Tuple:
		b = append(b, tagTuple)
		var flags uint64
		if t.Len() > 0 && t.At(0).Kind() == types.ResultVar {
			flags |= tupleResults
		}
		b = binary.AppendUvarint(b, flags)
		b = binary.AppendUvarint(b, uint64(t.Len()))
		for v := range t.Variables() {
			b = e.appendVar(b, v)
		}
	case *types.Struct:
		b = append(b, tagStruct)
		b = binary.AppendUvarint(b, uint64(t.NumFields()))
		for i := range t.NumFields() {
			f := t.Field(i)
			b = e.appendVar(b, f)
			var flags uint64
			if f.Embedded() {
				flags |= fieldEmbedded
			}
			tag := t.Tag(i)
			if tag != "" {
				flags |= fieldTagged
			}
			b = binary.AppendUvarint(b, flags)
			if tag != "" {
				b = e.appendString(b, tag)
			}
		}
	case *types.Interface:
		b = append(b, tagInterface)
		var flags uint64
		if t.IsImplicit() {
			flags |= ifaceImplicit
		}
		b = binary.AppendUvarint(b, flags)
		b = binary.AppendUvarint(b, uint64(t.NumExplicitMethods()))
		for i := range t.NumExplicitMethods() {
			m := t.ExplicitMethod(i)
			b = e.appendString(b, m.Name())
			b = e.appendPkg(b, m.Pkg())
			b = e.appendSig(b, m.Signature(), false, nil)
		}
		b = binary.AppendUvarint(b, uint64(t.NumEmbeddeds()))
		for i := range t.NumEmbeddeds() {
			b = binary.AppendUvarint(b, e.typ(t.EmbeddedType(i)))
		}
	case *types.Union:
		b = append(b, tagUnion)
		b = binary.AppendUvarint(b, uint64(t.Len()))
		for i := range t.Len() {
			term := t.Term(i)
			x := e.typ(term.Type()) << 1
			if term.Tilde() {
				x |= 1
			}
			b = binary.AppendUvarint(b, x)
		}
	default:
		e.fail("cannot encode %T %s", t, t)
	}
	// Interfaces are not shared: go/types prints the type parameters
	// [A, B C] rather than [A C, B C] when their constraints are one
	// pointer. (go/types has but one empty interface.)
	var i uint64
	if it, ok := t.(*types.Interface); ok && (it.NumExplicitMethods() > 0 || it.NumEmbeddeds() > 0) {
		i = e.add(string(b))
	} else if i, ok = e.shapes[string(b)]; !ok {
		key := string(b)
		i = e.add(key)
		e.shapes[key] = i
	}
	e.release(b)
	if sig, ok := t.(*types.Signature); ok {
		for tp := range sig.TypeParams().TypeParams() {
			e.bind(tp, i)
		}
	}
	return i
}

// appendSig appends signature sig's operands (see tagSignature). Only a
// method of a named type (m) keeps its receiver: a function type has none
// and an interface's methods get theirs from types.NewInterfaceType.
func (e *encoder) appendSig(b []byte, sig *types.Signature, recv bool, m *types.Func) []byte {
	var flags uint64
	if sig.Variadic() {
		flags |= sigVariadic
	}
	if recv {
		flags |= sigRecv
	}
	b = binary.AppendUvarint(b, flags)
	if recv {
		b = e.appendVar(b, sig.Recv())
		rtps := sig.RecvTypeParams()
		b = binary.AppendUvarint(b, uint64(rtps.Len()))
		for tp := range rtps.TypeParams() {
			b = binary.AppendUvarint(b, e.bind(tp, m))
		}
	}
	// The type parameters of a function type are bound by shape, once its
	// index is known; those of a method (which go/types does not allow)
	// by the method.
	tps := sig.TypeParams()
	b = binary.AppendUvarint(b, uint64(tps.Len()))
	for tp := range tps.TypeParams() {
		if m != nil {
			b = binary.AppendUvarint(b, e.bind(tp, m))
		} else {
			b = binary.AppendUvarint(b, e.typ(tp))
		}
	}
	b = e.appendTuple(b, sig.Params())
	return e.appendTuple(b, sig.Results())
}

// appendTuple appends 0 for an empty tuple, else 1 plus its index:
// signatures share the tuples of equal parameters or results.
func (e *encoder) appendTuple(b []byte, t *types.Tuple) []byte {
	if t.Len() == 0 {
		return append(b, 0)
	}
	return binary.AppendUvarint(b, e.typ(t)+1)
}

func (e *encoder) appendVar(b []byte, v *types.Var) []byte {
	b = e.appendString(b, v.Name())
	b = e.appendPkg(b, v.Pkg())
	return binary.AppendUvarint(b, e.typ(v.Type()))
}

func (e *encoder) appendString(b []byte, s string) []byte {
	i, ok := e.strIndex[s]
	if !ok {
		i = uint64(len(e.strs))
		e.strIndex[s] = i
		e.strs = append(e.strs, s)
	}
	return binary.AppendUvarint(b, i)
}

// appendPkg appends 0 for no package, else 1 plus the package's index.
func (e *encoder) appendPkg(b []byte, pkg *types.Package) []byte {
	if pkg == nil {
		return append(b, 0)
	}
	i, ok := e.pkgIndex[pkg.Path()]
	if !ok {
		i = uint64(len(e.pkgs))
		e.pkgIndex[pkg.Path()] = i
		e.pkgs = append(e.pkgs, pkg)
		// The package table refers to its strings by index.
		e.appendString(nil, pkg.Path())
		e.appendString(nil, pkg.Name())
	}
	return binary.AppendUvarint(b, i+1)
}

// method reports whether sig is the signature of a method of a named
// type that is not an instance, writing that type. (An instance's methods
// are go/types' expansions of its generic type's, which Decode would have
// to make; a signature decodes faster.)
func (e *encoder) method(sig *types.Signature) (methodRef, bool) {
	recv := sig.Recv()
	if recv == nil {
		return methodRef{}, false
	}
	rt := types.Unalias(recv.Type())
	if p, ok := rt.(*types.Pointer); ok {
		rt = types.Unalias(p.Elem())
	}
	n, ok := rt.(*types.Named)
	if !ok {
		return methodRef{}, false
	}
	// A generic type's method has an instance for receiver base type:
	// the generic type with the method's receiver type parameters.
	e.typ(n.Origin())
	m, ok := e.methods[sig]
	return m, ok
}

// reserve returns the index of a new, still empty entry.
func (e *encoder) reserve() uint64 { return e.add("") }

func (e *encoder) add(entry string) uint64 {
	e.entries = append(e.entries, entry)
	return uint64(len(universe) + len(e.entries) - 1)
}

// buf returns an empty scratch buffer; release gives it back.
func (e *encoder) buf() []byte {
	if n := len(e.free); n > 0 {
		b := e.free[n-1]
		e.free = e.free[:n-1]
		return b[:0]
	}
	return make([]byte, 0, 64)
}

func (e *encoder) release(b []byte) { e.free = append(e.free, b) }

// output lays out the tables and the roots (see Format in the package
// doc). refs holds the roots' numbers, two for a method's signature.
func (e *encoder) output(roots int, refs []uint64) []byte {
	n := len(magic) + 16
	for _, s := range e.strs {
		n += len(s) + 2
	}
	for _, s := range e.entries {
		n += len(s) + 2
	}
	b := make([]byte, 0, n+4*len(e.pkgs)+2*len(refs))
	b = append(b, magic...)
	b = binary.AppendUvarint(b, uint64(len(e.strs)))
	for _, s := range e.strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
	}
	for _, s := range e.strs {
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(e.pkgs)))
	for _, p := range e.pkgs {
		b = binary.AppendUvarint(b, e.strIndex[p.Path()])
		b = binary.AppendUvarint(b, e.strIndex[p.Name()])
	}
	b = binary.AppendUvarint(b, uint64(len(e.entries)))
	for _, s := range e.entries {
		b = binary.AppendUvarint(b, uint64(len(s)))
	}
	for _, s := range e.entries {
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(roots))
	for _, r := range refs {
		b = binary.AppendUvarint(b, r)
	}
	return b
}
