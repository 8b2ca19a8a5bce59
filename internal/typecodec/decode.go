package typecodec

import (
	"encoding/binary"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// Decode returns types equivalent to the roots Encode was given, in the
// same order (see the package doc). Its results are complete: interfaces'
// type sets are computed and type parameters have their constraints, so
// that new types may be built from them at once. Data that Encode did not
// write gives an error, never a panic.
//
// Decode's results share no mutable state with those of another Decode or
// with go/types' universe, which they only read. They may be used from
// several goroutines at once: interfaces are completed and type
// parameters constrained here, and what go/types still expands lazily (an
// instance's methods and underlying type) it guards itself.
//
// The data is trusted as the go command trusts its build cache: what
// Encode did not write gives an error, not a panic; instances whose type
// arguments go/types would take exponential time to hash are refused
// (maxHashSize), and so are instantiation cycles, which go/types would
// expand without end (mono.go). A compile cache must
// not be writable by anyone whose programs it should not run.
func Decode(data []byte) (roots []types.Type, err error) {
	d := &decoder{ctxt: types.NewContext()}
	defer func() {
		if r := recover(); r != nil {
			// Data that passes the checks below may still be
			// inconsistent in ways only go/types notices (a struct
			// with two fields of one name); its panics are errors
			// here too, and what was built is dropped.
			if de, ok := r.(decodeError); ok {
				err = de.err
			} else {
				err = fmt.Errorf("typecodec: corrupt data: %v", r)
			}
			roots = nil
		}
	}()
	r := d.header(data)
	for i := len(universe); i < len(d.types); i++ {
		d.typ(uint64(i))
		d.readBodies()
	}
	d.checkInstantiationCycles()
	d.complete()

	roots = make([]types.Type, r.count())
	for k := range roots {
		x := r.uvarint()
		t := d.typ(x >> 1)
		if x&1 != 0 {
			j := r.uvarint()
			named, ok := t.(*types.Named)
			if !ok || j >= uint64(named.NumMethods()) {
				d.fail("root %d is not a method", k)
			}
			t = named.Method(int(j)).Type()
		}
		roots[k] = t
	}
	r.done("roots")
	return roots, nil
}

// A decoder holds the state of one Decode.
type decoder struct {
	strs []string
	pkgs []*types.Package
	// entries holds the type entries, entry j from offs[j] to offs[j+1].
	entries []byte
	offs    []int
	// types holds every type by index, nil until decoded; a named type is
	// there once its header is read.
	types []types.Type
	state []entryState // by entry
	depth int
	// bodies holds the named types whose headers are read, bodies[next:]
	// those whose bodies may be still to read.
	bodies []body
	next   int
	// readied holds the types readyHash has seen.
	readied map[types.Type]bool
	// sizes holds what hashSize computed.
	sizes map[types.Type]int64
	// bounds holds the constraints of the type parameters, set by
	// complete once every named type has its underlying type.
	bounds []bound
	// ifaces holds the interfaces built, completed by complete.
	ifaces []*types.Interface
	ctxt   *types.Context
}

// A body is where the body of the named type of entry j starts.
type body struct{ j, off int }

// An entryState says how far an entry is read.
type entryState uint8

const (
	unread entryState = iota
	reading
	// A named type's entry is read in two parts: its header (name,
	// package, type parameters), which gives the type, and its body
	// (underlying type and methods), which is read later.
	bodyUnread
	bodyReading
	read
)

// A bound is a type parameter's constraint, to be set.
type bound struct {
	tp    *types.TypeParam
	index uint64
	c     types.Type // decoded from index
	set   bool       // SetConstraint was called
}

// A decodeError carries an error of Decode up its recursion.
type decodeError struct{ err error }

func (d *decoder) fail(format string, args ...any) {
	panic(decodeError{fmt.Errorf("typecodec: corrupt data: "+format, args...)})
}

// header reads the tables and returns a reader at the roots.
func (d *decoder) header(data []byte) *reader {
	if !strings.HasPrefix(string(data), magic) {
		if v := len(magic) - 1; len(data) > v && string(data[:v]) == magic[:v] {
			panic(decodeError{fmt.Errorf("typecodec: format version %d, want %d", data[v], magic[v])})
		}
		panic(decodeError{fmt.Errorf("typecodec: not an encoding of types")})
	}
	r := &reader{d: d, b: data, i: len(magic)}

	lens := make([]int, r.count())
	total := 0
	for k := range lens {
		lens[k] = r.count()
		total += lens[k]
	}
	// One string holds them all, so that reading a string allocates
	// nothing.
	all := string(r.bytes(total))
	d.strs = make([]string, len(lens))
	for k, n := range lens {
		d.strs[k], all = all[:n], all[n:]
	}

	d.pkgs = make([]*types.Package, r.count())
	byPath := make(map[string]*types.Package, len(d.pkgs))
	for k := range d.pkgs {
		path, name := r.str(), r.str()
		p := byPath[path]
		if p == nil {
			p = types.NewPackage(path, name)
			p.MarkComplete()
			byPath[path] = p
		}
		d.pkgs[k] = p
	}

	n := r.count()
	d.offs = make([]int, n+1)
	for k := range n {
		d.offs[k+1] = d.offs[k] + r.count()
	}
	d.entries = r.bytes(d.offs[n])
	d.types = make([]types.Type, len(universe)+n)
	copy(d.types, universe)
	d.state = make([]entryState, n)
	return r
}

// typ returns the type with index i, reading its entry if need be. Of a
// named type only the header is read (see readBody).
func (d *decoder) typ(i uint64) types.Type {
	if i >= uint64(len(d.types)) {
		d.fail("type %d of %d", i, len(d.types))
	}
	if t := d.types[i]; t != nil {
		return t
	}
	j := i - uint64(len(universe))
	if d.state[j] != unread {
		d.fail("type %d contains itself", i)
	}
	d.state[j] = reading
	if d.depth++; d.depth > 2*maxDepth {
		d.fail("types nested more than %d deep", 2*maxDepth)
	}
	r := &reader{d: d, b: d.entries[d.offs[j]:d.offs[j+1]]}
	t := d.entry(r, i)
	if d.state[j] == reading {
		r.done("type entry")
		d.state[j] = read
	}
	d.depth--
	d.types[i] = t
	return t
}

// entry reads the entry of type i.
func (d *decoder) entry(r *reader, i uint64) types.Type {
	switch tag := r.byte(); tag {
	case tagNamed:
		return d.named(r, i)
	case tagInstance:
		orig, ok := r.typ().(*types.Named)
		n := r.count()
		if !ok || n == 0 || orig.TypeArgs().Len() != 0 || orig.TypeParams().Len() != n {
			d.fail("instance of type that is not generic")
		}
		targs := make([]types.Type, n)
		var size int64
		for k := range targs {
			targs[k] = r.elem()
			d.readyHash(targs[k])
			size += d.hashSize(targs[k])
		}
		if size > maxHashSize {
			// go/types hashes (prints) type arguments without sharing:
			// nested instances sharing arguments grow exponentially.
			d.fail("instance's type arguments too large to hash")
		}
		t, err := types.Instantiate(d.ctxt, orig, targs, false)
		if err != nil {
			d.fail("%v", err)
		}
		return t
	case tagTypeParam:
		name, pkg := r.str(), r.pkg()
		tp := types.NewTypeParam(types.NewTypeName(token.NoPos, pkg, name, nil), nil)
		d.bounds = append(d.bounds, bound{tp: tp, index: r.uvarint()})
		return tp
	case tagPointer:
		return types.NewPointer(r.elem())
	case tagSlice:
		return types.NewSlice(r.elem())
	case tagArray:
		n := r.varint()
		return types.NewArray(r.elem(), n)
	case tagMap:
		k := r.elem()
		return types.NewMap(k, r.elem())
	case tagChan:
		dir := types.ChanDir(r.uvarint())
		if dir != types.SendRecv && dir != types.SendOnly && dir != types.RecvOnly {
			d.fail("channel direction %d", dir)
		}
		return types.NewChan(dir, r.elem())
	case tagSignature:
		return d.signature(r, false)
	case tagTuple:
		flags := r.uvarint()
		if flags&^tupleResults != 0 {
			d.fail("tuple flags %#x", flags)
		}
		kind := types.ParamVar
		if flags&tupleResults != 0 {
			kind = types.ResultVar
		}
		vars := make([]*types.Var, r.count())
		for k := range vars {
			vars[k] = d.variable(r, kind)
		}
		return types.NewTuple(vars...)
	case tagStruct:
		return d.structType(r)
	case tagInterface:
		return d.iface(r)
	case tagUnion:
		terms := make([]*types.Term, r.count())
		if len(terms) == 0 {
			d.fail("empty union")
		}
		for k := range terms {
			x := r.uvarint()
			terms[k] = types.NewTerm(x&1 != 0, d.elem(x>>1))
		}
		return types.NewUnion(terms)
	default:
		d.fail("type %d has tag %d", i, tag)
		return nil
	}
}

// named reads a named type's header. Its body is read later, by
// readBodies, and not while reading the types that refer to it: a type
// written inside the named type's body may be one of them.
func (d *decoder) named(r *reader, i uint64) *types.Named {
	name, pkg, flags := r.str(), r.pkg(), r.uvarint()
	obj := types.NewTypeName(token.NoPos, pkg, name, nil)
	t := types.NewNamed(obj, nil, nil)
	if flags&flagPackageLevel != 0 {
		if pkg == nil {
			d.fail("package-level type %s without package", name)
		}
		pkg.Scope().Insert(obj)
	}
	if tps := d.typeParams(r); tps != nil {
		t.SetTypeParams(tps)
	}
	j := int(i) - len(universe)
	d.state[j] = bodyUnread
	d.bodies = append(d.bodies, body{j, d.offs[j] + r.i})
	return t
}

// readBodies reads the bodies of the named types whose headers are read,
// and of those they refer to in turn.
func (d *decoder) readBodies() {
	for d.next < len(d.bodies) {
		b := d.bodies[d.next]
		d.next++
		d.readBody(b)
	}
}

// readBody reads body b, unless it is read or being read.
func (d *decoder) readBody(b body) {
	j := b.j
	if d.state[j] != bodyUnread {
		return
	}
	d.state[j] = bodyReading
	t := d.types[len(universe)+j].(*types.Named)
	r := &reader{d: d, b: d.entries[b.off:d.offs[j+1]]}
	switch u := r.typ(); u.(type) {
	case *types.Basic, *types.Pointer, *types.Slice, *types.Array, *types.Map,
		*types.Chan, *types.Signature, *types.Struct, *types.Interface:
		t.SetUnderlying(u)
	default:
		d.fail("named type %s has underlying type %s", t.Obj().Name(), u)
	}
	for range r.count() {
		name := r.str()
		t.AddMethod(types.NewFunc(token.NoPos, t.Obj().Pkg(), name, d.signature(r, true)))
	}
	r.done("named type")
	d.state[j] = read
}

// readNamed reads the body of named type t and of the types its type set
// or its expansion (for an instance) needs, now: see readyHash.
func (d *decoder) readNamed(t *types.Named) {
	t = t.Origin()
	// This is rare (see its callers), and a search will do.
	for _, b := range d.bodies {
		if d.types[len(universe)+b.j] == t {
			if d.state[b.j] == bodyReading {
				d.fail("named type %s is needed complete inside itself", t.Obj().Name())
			}
			d.readBody(b)
			return
		}
	}
}

// maxHashSize bounds the size hashSize gives type arguments: far beyond
// any program's, and small enough that go/types hashes them quickly.
const maxHashSize = 1 << 16

// hashSize returns the number of types go/types' hash of t walks (the
// size of t's tree, unshared, down to named types and type parameters),
// saturating above maxHashSize.
func (d *decoder) hashSize(t types.Type) int64 {
	if n, ok := d.sizes[t]; ok {
		return n
	}
	if d.sizes == nil {
		d.sizes = map[types.Type]int64{}
	}
	d.sizes[t] = 1 // a cycle (through an interface) counts once
	n := int64(1)
	eachComponent(t, func(u types.Type) {
		n = min(n+d.hashSize(u), maxHashSize+1)
	})
	d.sizes[t] = n
	return n
}

// readyHash reads the bodies of the named types that types.Instantiate
// reads when given type argument t. Instantiate hashes its arguments, down
// to named types and type parameters, and an interface by its type set,
// which go/types computes once: from the underlying types of the types
// it embeds, which therefore must be set by then.
func (d *decoder) readyHash(t types.Type) {
	if d.readied[t] {
		return
	}
	if d.readied == nil {
		d.readied = map[types.Type]bool{}
	}
	d.readied[t] = true
	switch t := t.(type) {
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			d.readyHash(a)
		}
	case *types.Pointer:
		d.readyHash(t.Elem())
	case *types.Slice:
		d.readyHash(t.Elem())
	case *types.Array:
		d.readyHash(t.Elem())
	case *types.Map:
		d.readyHash(t.Key())
		d.readyHash(t.Elem())
	case *types.Chan:
		d.readyHash(t.Elem())
	case *types.Signature:
		d.readyHash(t.Params())
		d.readyHash(t.Results())
	case *types.Tuple:
		for v := range t.Variables() {
			d.readyHash(v.Type())
		}
	case *types.Struct:
		for f := range t.Fields() {
			d.readyHash(f.Type())
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			d.readyHash(m.Type())
		}
		for e := range t.EmbeddedTypes() {
			d.readyEmbedded(e)
		}
	}
}

// readyEmbedded readies an embedded type (or union term) of an interface
// that readyHash meets: its underlying type, and what hashing its methods
// reads.
func (d *decoder) readyEmbedded(t types.Type) {
	switch t := t.(type) {
	case *types.Named:
		d.readNamed(t)
		d.readyHash(t)
		if _, ok := t.Origin().Underlying().(*types.Interface); ok {
			d.readyHash(t.Origin().Underlying())
		}
	case *types.Union:
		for term := range t.Terms() {
			d.readyEmbedded(term.Type())
		}
	default:
		d.readyHash(t)
	}
}

// signature reads the operands of a signature (see tagSignature); only a
// method's (method) has a receiver.
func (d *decoder) signature(r *reader, method bool) *types.Signature {
	flags := r.uvarint()
	if flags&^(sigVariadic|sigRecv) != 0 || method != (flags&sigRecv != 0) {
		d.fail("signature flags %#x", flags)
	}
	var recv *types.Var
	var rtps []*types.TypeParam
	if method {
		recv = d.variable(r, types.RecvVar)
		rtps = d.typeParams(r)
	}
	tps := d.typeParams(r)
	if method && tps != nil {
		d.fail("method with type parameters")
	}
	params, results := d.tuple(r), d.tuple(r)
	variadic := flags&sigVariadic != 0
	if variadic {
		d.checkVariadic(params)
	}
	return types.NewSignatureType(recv, rtps, tps, params, results, variadic)
}

// tuple reads the parameters or results of a signature.
func (d *decoder) tuple(r *reader) *types.Tuple {
	i := r.uvarint()
	if i == 0 {
		return nil
	}
	t, ok := d.typ(i - 1).(*types.Tuple)
	if !ok {
		d.fail("parameters are not a tuple")
	}
	return t
}

// checkVariadic fails unless the last parameter may be variadic, as
// types.NewSignatureType requires.
func (d *decoder) checkVariadic(params *types.Tuple) {
	if params.Len() == 0 {
		d.fail("variadic signature without parameters")
	}
	switch last := params.At(params.Len() - 1).Type().(type) {
	case *types.Slice:
	case *types.TypeParam:
		// NewSignatureType reads its type set (append's signature).
		d.setBound(last)
	default:
		if n, ok := last.(*types.Named); ok {
			d.readNamed(n)
			d.readyHash(n.Origin().Underlying())
		}
		u := last.Underlying()
		if b, ok := u.(*types.Basic); ok && b.Info()&types.IsString != 0 {
			break
		}
		if _, ok := u.(*types.Slice); !ok {
			d.fail("variadic parameter of type %s", last)
		}
	}
}

// typeParams reads a list of type parameters, which the caller binds.
func (d *decoder) typeParams(r *reader) []*types.TypeParam {
	n := r.count()
	if n == 0 {
		return nil
	}
	tps := make([]*types.TypeParam, n)
	for k := range tps {
		tp, ok := r.typ().(*types.TypeParam)
		if !ok || tp.Index() >= 0 || slices.Contains(tps[:k], tp) {
			d.fail("type parameter declared twice, or not a type parameter")
		}
		tps[k] = tp
	}
	return tps
}

func (d *decoder) variable(r *reader, kind types.VarKind) *types.Var {
	name, pkg, t := r.str(), r.pkg(), r.elem()
	v := types.NewParam(token.NoPos, pkg, name, t)
	if kind != types.ParamVar {
		v.SetKind(kind)
	}
	return v
}

func (d *decoder) structType(r *reader) *types.Struct {
	fields := make([]*types.Var, r.count())
	var tags []string
	for k := range fields {
		name, pkg, t := r.str(), r.pkg(), r.elem()
		flags := r.uvarint()
		if flags&^(fieldEmbedded|fieldTagged) != 0 {
			d.fail("field flags %#x", flags)
		}
		fields[k] = types.NewField(token.NoPos, pkg, name, t, flags&fieldEmbedded != 0)
		if flags&fieldTagged != 0 {
			if tags == nil {
				tags = make([]string, len(fields))
			}
			tags[k] = r.str()
		}
	}
	return types.NewStruct(fields, tags)
}

func (d *decoder) iface(r *reader) *types.Interface {
	flags := r.uvarint()
	if flags&^ifaceImplicit != 0 {
		d.fail("interface flags %#x", flags)
	}
	methods := make([]*types.Func, r.count())
	for k := range methods {
		name, pkg := r.str(), r.pkg()
		methods[k] = types.NewFunc(token.NoPos, pkg, name, d.signature(r, false))
	}
	embeddeds := make([]types.Type, r.count())
	for k := range embeddeds {
		t := r.typ()
		if _, ok := t.(*types.Tuple); ok {
			d.fail("interface embeds a tuple")
		}
		embeddeds[k] = t
	}
	if len(methods)+len(embeddeds) == 0 {
		if flags&ifaceImplicit != 0 {
			d.fail("empty implicit interface")
		}
		// go/types shares one empty interface; it needs no completing.
		return types.NewInterfaceType(nil, nil)
	}
	t := types.NewInterfaceType(methods, embeddeds)
	if flags&ifaceImplicit != 0 {
		t.MarkImplicit()
	}
	d.ifaces = append(d.ifaces, t)
	return t
}

// elem returns the type with index i, which must be a type of values
// (not a tuple or union).
func (d *decoder) elem(i uint64) types.Type {
	switch t := d.typ(i); t.(type) {
	case *types.Tuple, *types.Union:
		d.fail("%s is not a type of values", t)
	default:
		return t
	}
	return nil
}

// setBound sets the constraint of type parameter tp now, reading what
// computing its type set needs.
func (d *decoder) setBound(tp *types.TypeParam) {
	for k := range d.bounds {
		if d.bounds[k].tp == tp {
			if d.bounds[k].c == nil {
				c := d.typ(d.bounds[k].index) // may append to d.bounds
				d.bounds[k].c = c
			}
			d.readyEmbedded(d.bounds[k].c)
			d.setConstraint(k)
			return
		}
	}
	d.fail("type parameter %s not decoded", tp)
}

func (d *decoder) setConstraint(k int) {
	b := &d.bounds[k]
	if b.set {
		return
	}
	if _, isTP := b.c.(*types.TypeParam); isTP {
		d.fail("type parameter %s constrained by a type parameter", b.tp)
	}
	if _, ok := b.c.Underlying().(*types.Interface); !ok {
		d.fail("type parameter %s constrained by %s", b.tp, b.c)
	}
	b.set = true
	b.tp.SetConstraint(b.c)
}

// complete finishes the types once every entry is read: the constraints
// of type parameters are set and the type sets of interfaces computed,
// now that the types they embed have their underlying types.
func (d *decoder) complete() {
	// Reading a constraint may read more type parameters, which are
	// appended and visited in turn.
	for k := 0; k < len(d.bounds); k++ {
		if d.bounds[k].c == nil {
			c := d.typ(d.bounds[k].index)
			d.bounds[k].c = c
			d.readBodies()
		}
	}
	for k := range d.bounds {
		d.setConstraint(k)
	}
	for _, t := range d.ifaces {
		t.Complete()
	}
}

// A reader reads the numbers of an entry or of the tables.
type reader struct {
	d *decoder
	b []byte
	i int
}

func (r *reader) uvarint() uint64 {
	// Most numbers are below 128: a quick path for them.
	if i := r.i; i < len(r.b) {
		if b := r.b[i]; b < 0x80 {
			r.i = i + 1
			return uint64(b)
		}
	}
	return r.uvarintSlow()
}

func (r *reader) uvarintSlow() uint64 {
	var x uint64
	for shift := uint(0); r.i < len(r.b) && shift < 64; shift += 7 {
		b := r.b[r.i]
		r.i++
		if b < 0x80 {
			if shift == 63 && b > 1 {
				break // overflows 64 bits
			}
			return x | uint64(b)<<shift
		}
		x |= uint64(b&0x7f) << shift
	}
	r.d.fail("bad number at byte %d", r.i)
	return 0
}

func (r *reader) varint() int64 {
	x, n := binary.Varint(r.b[r.i:])
	if n <= 0 {
		r.d.fail("bad number at byte %d", r.i)
	}
	r.i += n
	return x
}

// count reads a number of things of which each takes at least a byte of
// what is left.
func (r *reader) count() int {
	x := r.uvarint()
	if x > uint64(len(r.b)-r.i) {
		r.d.fail("count %d exceeds the data", x)
	}
	return int(x)
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.d.fail("data ends at byte %d", r.i)
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) bytes(n int) []byte {
	if n > len(r.b)-r.i {
		r.d.fail("data ends at byte %d", len(r.b))
	}
	r.i += n
	return r.b[r.i-n : r.i]
}

func (r *reader) str() string {
	i := r.uvarint()
	if i >= uint64(len(r.d.strs)) {
		r.d.fail("string %d of %d", i, len(r.d.strs))
	}
	return r.d.strs[i]
}

func (r *reader) pkg() *types.Package {
	i := r.uvarint()
	if i > uint64(len(r.d.pkgs)) {
		r.d.fail("package %d of %d", i, len(r.d.pkgs))
	}
	if i == 0 {
		return nil
	}
	return r.d.pkgs[i-1]
}

func (r *reader) typ() types.Type  { return r.d.typ(r.uvarint()) }
func (r *reader) elem() types.Type { return r.d.elem(r.uvarint()) }
func (r *reader) done(what string) {
	if r.i != len(r.b) {
		r.d.fail("%d bytes after %s", len(r.b)-r.i, what)
	}
}
