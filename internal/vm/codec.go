package vm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"go/types"
	"maps"
	"math"
	"slices"
	"unique"
	"unsafe"
)

// The serialised form of a Program (spindle's compile cache).
//
// EncodeProgram writes a compiled program as bytes; DecodeProgram reads
// them back in another process into a Program that runs as the original
// does. Functions and type descriptors are numbered in the order a walk
// from the program's roots meets them, and refer to each other by number;
// strings are written once, in a table. What the program holds that is not
// spindle's to write is handed to the caller: the go/types type of every
// descriptor (EncodeProgram returns them in order, for the caller to
// encode, and DecodeProgram takes them back) and host functions, written
// by the name the compiler bound them by (Func.HostName) and bound again by
// the caller's table.
//
// A program holding something the format does not know (a constant of a
// new representation, a closure with captured values) is not encoded: the
// error names it, and the program is simply not cached.

// codecMagic starts every encoded program; the version changes with the
// format (the cache is also keyed by spindle's build, so an old file is
// never read by a newer format).
const codecMagic = "spindle program v1\n"

// CodecLayout names the layout decoded programs are built in (the
// format, the instruction set's size and the records code is copied into
// as it lies in memory), for the compile cache's key.
func CodecLayout() string {
	return fmt.Sprintf("%q ops=%d instr=%d func=%d type=%d value=%d", codecMagic, opCount, instrSize, unsafe.Sizeof(Func{}), unsafe.Sizeof(Type{}), unsafe.Sizeof(Value{}))
}

// Value tags of encoded constants.
const (
	valScalar byte = iota
	valString
	valComplex
	valRaw
	valStatic
	valValues
	valBytes
	valWords
)

type progEncoder struct {
	body    []byte
	strs    map[string]uint64
	strList []string
	types   map[*Type]uint64
	tlist   []*Type
	funcs   map[*Func]uint64
	flist   []*Func
}

// EncodeProgram returns p's serialised form and the go/types type of each
// of its descriptors that has one, in the order DecodeProgram wants them
// back.
func EncodeProgram(p *Program) (data []byte, goTypes []types.Type, err error) {
	e := &progEncoder{strs: map[string]uint64{}, types: map[*Type]uint64{}, funcs: map[*Func]uint64{}}
	e.fn(p.Init)
	e.fn(p.Main)
	for _, t := range p.Globals {
		e.typ(t)
	}
	for _, t := range []*Type{p.RuntimeErrorType, p.PanicNilType, p.HostErrorType, p.ErrorType} {
		e.typ(t)
	}
	for _, t := range p.Types {
		e.typ(t)
	}
	// Number everything reachable: a function's tables name types and
	// functions; a type's methods and components name more.
	for fi, ti := 0, 0; fi < len(e.flist) || ti < len(e.tlist); {
		for ; fi < len(e.flist); fi++ {
			if err := e.walkFunc(e.flist[fi]); err != nil {
				return nil, nil, err
			}
		}
		for ; ti < len(e.tlist); ti++ {
			e.walkType(e.tlist[ti])
		}
	}
	e.uvar(uint64(len(e.tlist)))
	e.uvar(uint64(len(e.flist)))
	for _, t := range e.tlist {
		e.writeType(t)
		if t.GoType != nil {
			goTypes = append(goTypes, t.GoType)
		}
	}
	for _, f := range e.flist {
		if err := e.writeFunc(f); err != nil {
			return nil, nil, err
		}
	}
	e.fnRef(p.Init)
	e.fnRef(p.Main)
	e.typeList(p.Globals)
	for _, t := range []*Type{p.RuntimeErrorType, p.PanicNilType, p.HostErrorType, p.ErrorType} {
		e.typeRef(t)
	}
	// The output: magic, string table, body.
	out := append([]byte(nil), codecMagic...)
	out = binary.AppendUvarint(out, uint64(len(e.strList)))
	for _, s := range e.strList {
		out = binary.AppendUvarint(out, uint64(len(s)))
	}
	for _, s := range e.strList {
		out = append(out, s...)
	}
	return append(out, e.body...), goTypes, nil
}

// fn numbers f (nil is 0, f is its number+1).
func (e *progEncoder) fn(f *Func) {
	if f != nil && e.funcs[f] == 0 {
		e.flist = append(e.flist, f)
		e.funcs[f] = uint64(len(e.flist))
	}
}

func (e *progEncoder) typ(t *Type) {
	if t != nil && e.types[t] == 0 {
		e.tlist = append(e.tlist, t)
		e.types[t] = uint64(len(e.tlist))
	}
}

func (e *progEncoder) walkType(t *Type) {
	e.typ(t.Elem)
	e.typ(t.Key)
	for _, f := range t.Fields {
		e.typ(f.Type)
	}
	for _, pt := range t.Params {
		e.typ(pt)
	}
	for _, rt := range t.Results {
		e.typ(rt)
	}
	for _, name := range slices.Sorted(maps.Keys(t.Methods)) {
		e.fn(t.Methods[name])
	}
}

func (e *progEncoder) walkFunc(f *Func) error {
	if f.Host != nil && f.HostName == "" {
		return fmt.Errorf("host function %s has no name to bind it by", f.Name)
	}
	for _, t := range f.ResultTypes {
		e.typ(t)
	}
	for _, t := range f.Types {
		e.typ(t)
	}
	for i := range f.Calls {
		c := &f.Calls[i]
		e.fn(c.Fn)
		if c.Builtin != nil {
			e.builtinRefs(c.Builtin)
		}
	}
	for _, c := range f.Cmps {
		e.typ(c.T)
	}
	for _, c := range f.Convs {
		e.typ(c.To)
		e.typ(c.From)
	}
	for _, m := range f.Makes {
		e.typ(m.T)
	}
	for _, a := range f.Appends {
		e.typ(a.Elem)
	}
	for _, c := range f.Closures {
		e.fn(c.Fn)
	}
	for i := range f.Builtins {
		e.builtinRefs(&f.Builtins[i])
	}
	for _, v := range f.Consts {
		if err := e.valueRefs(v); err != nil {
			return fmt.Errorf("%s: %v", f.Name, err)
		}
	}
	return nil
}

func (e *progEncoder) builtinRefs(b *BuiltinOp) {
	for _, t := range b.Types {
		e.typ(t)
	}
	e.typ(b.T)
}

func (e *progEncoder) valueRefs(v Value) error {
	switch r := v.R.(type) {
	case nil, string, complex128, rawAddr, []byte, []uint64:
	case *Closure:
		if len(r.Free) != 0 || r.Fn == nil || r.Fn.Static != r {
			return errors.New("a constant closure with captured values")
		}
		e.fn(r.Fn)
	case []Value:
		for _, x := range r {
			if err := e.valueRefs(x); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("a constant of representation %T", v.R)
	}
	return nil
}

func (e *progEncoder) uvar(x uint64) { e.body = binary.AppendUvarint(e.body, x) }
func (e *progEncoder) svar(x int64)  { e.body = binary.AppendVarint(e.body, x) }

func (e *progEncoder) flag(b bool) {
	if b {
		e.body = append(e.body, 1)
	} else {
		e.body = append(e.body, 0)
	}
}

func (e *progEncoder) str(s string) {
	i, ok := e.strs[s]
	if !ok {
		i = uint64(len(e.strList))
		e.strs[s] = i
		e.strList = append(e.strList, s)
	}
	e.uvar(i)
}

func (e *progEncoder) typeRef(t *Type) { e.uvar(e.types[t]) }
func (e *progEncoder) fnRef(f *Func)   { e.uvar(e.funcs[f]) }

func (e *progEncoder) typeList(ts []*Type) {
	e.uvar(uint64(len(ts)))
	for _, t := range ts {
		e.typeRef(t)
	}
}

func (e *progEncoder) ints(xs []int32) {
	e.uvar(uint64(len(xs)))
	for _, x := range xs {
		e.svar(int64(x))
	}
}

func (e *progEncoder) writeType(t *Type) {
	e.body = append(e.body, byte(t.Kind))
	e.str(t.Name)
	e.flag(t.GoType != nil)
	e.typeRef(t.Elem)
	e.typeRef(t.Key)
	e.svar(int64(t.Len))
	e.svar(t.Size)
	e.svar(t.Align)
	e.uvar(uint64(len(t.Fields)))
	for _, f := range t.Fields {
		e.str(f.Name)
		e.typeRef(f.Type)
		e.flag(f.Embedded)
		e.flag(f.Exported)
		e.str(f.Tag)
	}
	e.flag(t.Comparable)
	e.flag(t.Named)
	names := slices.Sorted(maps.Keys(t.Methods))
	e.flag(t.Methods != nil)
	e.uvar(uint64(len(names)))
	for _, name := range names {
		e.str(name)
		e.fnRef(t.Methods[name])
	}
	e.svar(int64(t.ChanDir))
	e.typeList(t.Params)
	e.typeList(t.Results)
	e.flag(t.Variadic)
}

func (e *progEncoder) writeFunc(f *Func) error {
	e.str(f.Name)
	e.str(f.File)
	e.svar(int64(f.Line))
	// Code and lines as they lie in memory (the cache is keyed by the
	// build, so the reader has this one's layout): one copy to read.
	e.uvar(uint64(len(f.Code)))
	for _, in := range f.Code {
		var raw Instr // zero padding, so the bytes are deterministic
		raw.Op, raw.A, raw.B, raw.C = in.Op, in.A, in.B, in.C
		e.body = append(e.body, unsafe.Slice((*byte)(unsafe.Pointer(&raw)), instrSize)...)
	}
	e.uvar(uint64(len(f.Lines)))
	if len(f.Lines) > 0 {
		e.body = append(e.body, unsafe.Slice((*byte)(unsafe.Pointer(&f.Lines[0])), 4*len(f.Lines))...)
	}
	e.flag(f.Wrapper)
	e.uvar(uint64(len(f.Files)))
	for _, s := range f.Files {
		e.str(s)
	}
	e.svar(int64(f.NParams))
	e.svar(int64(f.NFree))
	e.svar(int64(f.NResults))
	e.svar(int64(f.ConstBase))
	e.uvar(uint64(len(f.Consts)))
	for _, v := range f.Consts {
		e.value(v)
	}
	e.svar(int64(f.NRegs))
	e.svar(int64(f.RecoverPC))
	e.typeList(f.ResultTypes)
	e.str(f.HostName)
	e.flag(f.Captures)
	e.typeList(f.Types)
	e.uvar(uint64(len(f.Calls)))
	for i := range f.Calls {
		c := &f.Calls[i]
		e.fnRef(c.Fn)
		e.str(c.Method)
		e.ints(c.Args)
		e.svar(int64(c.NRes))
		e.body = append(e.body, byte(c.Kind))
		e.svar(int64(c.Recv))
		e.flag(c.Builtin != nil)
		if c.Builtin != nil {
			e.builtin(c.Builtin)
		}
		e.svar(int64(c.DeferStack))
		e.flag(c.Free != nil)
		e.ints(c.Free)
	}
	e.uvar(uint64(len(f.Lists)))
	for _, l := range f.Lists {
		e.ints(l)
	}
	e.uvar(uint64(len(f.Cmps)))
	for _, c := range f.Cmps {
		e.typeRef(c.T)
		e.svar(int64(c.X))
		e.svar(int64(c.Y))
	}
	e.uvar(uint64(len(f.Convs)))
	for _, c := range f.Convs {
		e.body = append(e.body, byte(c.Kind))
		e.typeRef(c.To)
		e.typeRef(c.From)
		e.flag(c.Exact)
		e.flag(c.View)
		e.flag(c.Snapshot)
	}
	e.uvar(uint64(len(f.Slices)))
	for _, s := range f.Slices {
		e.svar(int64(s.Lo))
		e.svar(int64(s.Hi))
		e.svar(int64(s.Max))
		e.body = append(e.body, byte(s.Kind))
		e.svar(int64(s.Len))
		e.flag(s.Make)
		e.body = append(e.body, s.Unsigned)
		e.flag(s.Packed)
		e.flag(s.Words)
	}
	e.uvar(uint64(len(f.Makes)))
	for _, m := range f.Makes {
		e.typeRef(m.T)
		e.svar(int64(m.Len))
		e.svar(int64(m.Cap))
	}
	e.uvar(uint64(len(f.Appends)))
	for _, a := range f.Appends {
		e.svar(int64(a.Src))
		e.typeRef(a.Elem)
		e.flag(a.FromString)
	}
	e.uvar(uint64(len(f.Closures)))
	for _, c := range f.Closures {
		e.fnRef(c.Fn)
		e.ints(c.Free)
	}
	e.uvar(uint64(len(f.Selects)))
	for _, s := range f.Selects {
		e.uvar(uint64(len(s.Cases)))
		for _, c := range s.Cases {
			e.flag(c.Send)
			e.svar(int64(c.Chan))
			e.svar(int64(c.Val))
		}
		e.flag(s.Blocking)
		e.svar(int64(s.NRecv))
	}
	e.uvar(uint64(len(f.Builtins)))
	for i := range f.Builtins {
		e.builtin(&f.Builtins[i])
	}
	e.ints(f.Refs)
	e.flag(f.RefsAll)
	e.flag(f.Static != nil)
	e.ints(f.UnsignedIndex)
	e.svar(int64(f.StackNeed))
	e.flag(f.sealed)
	return nil
}

func (e *progEncoder) builtin(b *BuiltinOp) {
	e.str(b.Name)
	e.ints(b.Args)
	e.typeList(b.Types)
	e.typeRef(b.T)
	e.flag(b.Unused)
	e.flag(b.Root)
}

func (e *progEncoder) value(v Value) {
	switch r := v.R.(type) {
	case nil:
		e.body = append(e.body, valScalar)
		e.uvar(v.N)
	case string:
		e.body = append(e.body, valString)
		e.uvar(v.N)
		e.str(r)
	case complex128:
		e.body = append(e.body, valComplex)
		e.uvar(v.N)
		e.body = binary.LittleEndian.AppendUint64(e.body, math.Float64bits(real(r)))
		e.body = binary.LittleEndian.AppendUint64(e.body, math.Float64bits(imag(r)))
	case rawAddr:
		e.body = append(e.body, valRaw)
		e.uvar(v.N)
		e.uvar(uint64(r.addr()))
	case *Closure:
		e.body = append(e.body, valStatic)
		e.uvar(v.N)
		e.fnRef(r.Fn)
	case []Value:
		e.body = append(e.body, valValues)
		e.uvar(v.N)
		e.uvar(uint64(len(r)))
		for _, x := range r {
			e.value(x)
		}
	case []byte:
		e.body = append(e.body, valBytes)
		e.uvar(v.N)
		e.uvar(uint64(len(r)))
		e.body = append(e.body, r...)
	case []uint64:
		e.body = append(e.body, valWords)
		e.uvar(v.N)
		e.uvar(uint64(len(r)))
		for _, w := range r {
			e.uvar(w)
		}
	}
}

// progDecoder reads what progEncoder wrote. Every read is checked: bad
// input ends the decoding with errCorrupt (a panic recovered by
// DecodeProgram), never with a crash.
type progDecoder struct {
	b     []byte
	strs  []string
	types []*Type
	funcs []*Func
	host  func(name string) HostFunc

	int32s   chunk[int32]
	typeRefs chunk[*Type]
	instrs   chunk[Instr]
	values   chunk[Value]
	calls    chunk[CallSite]
	fields   chunk[Field]
	slices   chunk[SliceOp]
	convs    chunk[Conv]
	cmps     chunk[Cmp]
	makes    chunk[MakeOp]
	appends  chunk[AppendOp]
	closures chunk[ClosureOp]
	lists    chunk[[]int32]
	strings  chunk[string]
	selects  chunk[SelectOp]
	cases    chunk[SelectCase]
	builtins chunk[BuiltinOp]
}

var errCorrupt = errors.New("corrupt program encoding")

// chunk hands out slices of n fresh elements from shared blocks: a
// program's tables are many and short, and one allocation for hundreds
// of them is most of what makes decoding fast. Each slice is capped at
// its length, so an append copies it out. n is at most the input left,
// so a damaged count cannot ask for more than that many elements.
type chunk[T any] struct{ free []T }

func (c *chunk[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	if n > len(c.free) {
		if n >= 1024 {
			return make([]T, n)
		}
		c.free = make([]T, 4096)
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// DecodeProgram reads a program EncodeProgram wrote. goTypes returns the
// go/types types EncodeProgram returned, decoded again by the caller, in
// the same order; it is called last, so that the caller may decode them
// meanwhile. host returns the host function bound by a name (nil: it no
// longer exists, and the program is not decoded). The result has no
// TypeFor: the caller sets it, from descs, every descriptor decoded.
func DecodeProgram(data []byte, goTypes func() ([]types.Type, error), host func(name string) HostFunc) (p *Program, descs []*Type, err error) {
	if len(data) < len(codecMagic) || string(data[:len(codecMagic)]) != codecMagic {
		return nil, nil, errors.New("not an encoded spindle program")
	}
	d := &progDecoder{b: data[len(codecMagic):], host: host}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				panic(r)
			}
			p, descs, err = nil, nil, e
		}
	}()
	ns := d.count()
	lens := make([]int, ns)
	total := 0
	for i := range lens {
		lens[i] = d.count()
		total += lens[i]
	}
	if total > len(d.b) {
		panic(errCorrupt)
	}
	all := string(d.b[:total]) // one allocation for every string
	d.b = d.b[total:]
	d.strs = make([]string, ns)
	for i, n := range lens {
		d.strs[i], all = all[:n], all[n:]
	}
	nt, nf := d.count(), d.count()
	tstore := make([]Type, nt)
	d.types = make([]*Type, nt)
	for i := range tstore {
		d.types[i] = &tstore[i]
	}
	fstore := make([]Func, nf)
	d.funcs = make([]*Func, nf)
	for i := range fstore {
		d.funcs[i] = &fstore[i]
	}
	hasGo := make([]bool, nt)
	for i, t := range d.types {
		hasGo[i] = d.readType(t)
	}
	for _, f := range d.funcs {
		d.readFunc(f)
	}
	p = &Program{Init: d.fnRef(), Main: d.fnRef()}
	p.Globals = d.typeList()
	p.RuntimeErrorType = d.typeRef()
	p.PanicNilType = d.typeRef()
	p.HostErrorType = d.typeRef()
	p.ErrorType = d.typeRef()
	p.Types = d.types
	if len(d.b) != 0 {
		panic(errCorrupt)
	}
	// The dispatch loop relies on every function's having been verified;
	// the cache's checksum and key say whose the bytes are, not that
	// nothing else wrote them.
	for _, f := range d.funcs {
		if f.Host == nil && (len(f.Code) == 0 || !f.sealed) {
			return nil, nil, fmt.Errorf("function %s has no code", f.Name)
		}
		if err := Verify(f); err != nil {
			return nil, nil, err
		}
		for _, c := range f.Calls {
			if c.Kind > CallBuiltin || (c.Kind == CallBuiltin && c.Builtin == nil) {
				return nil, nil, errCorrupt
			}
		}
		for _, c := range f.Convs {
			if c.Kind > ConvUintptrToPtr {
				return nil, nil, errCorrupt
			}
		}
	}
	gts, err := goTypes()
	if err != nil {
		return nil, nil, err
	}
	gi := 0
	for i, t := range d.types {
		if hasGo[i] {
			if gi >= len(gts) {
				return nil, nil, errors.New("fewer go/types types than descriptors that have one")
			}
			t.GoType = gts[gi]
			gi++
		}
	}
	if gi != len(gts) {
		return nil, nil, errors.New("more go/types types than descriptors that have one")
	}
	return p, d.types, nil
}

func (d *progDecoder) uvar() uint64 {
	x, n := binary.Uvarint(d.b)
	if n <= 0 {
		panic(errCorrupt)
	}
	d.b = d.b[n:]
	return x
}

func (d *progDecoder) svar() int64 {
	x, n := binary.Varint(d.b)
	if n <= 0 {
		panic(errCorrupt)
	}
	d.b = d.b[n:]
	return x
}

func (d *progDecoder) i32() int32 {
	x := d.svar()
	if x < math.MinInt32 || x > math.MaxInt32 {
		panic(errCorrupt)
	}
	return int32(x)
}

// count reads a length, which cannot exceed the bytes left (every element
// takes at least one).
func (d *progDecoder) count() int {
	x := d.uvar()
	if x > uint64(len(d.b))+1 {
		panic(errCorrupt)
	}
	return int(x)
}

func (d *progDecoder) byte1() byte {
	if len(d.b) == 0 {
		panic(errCorrupt)
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// raw fills b from the input.
func (d *progDecoder) raw(b []byte) {
	if len(b) > len(d.b) {
		panic(errCorrupt)
	}
	copy(b, d.b)
	d.b = d.b[len(b):]
}

func (d *progDecoder) flag() bool { return d.byte1() != 0 }

func (d *progDecoder) str() string {
	i := d.uvar()
	if i >= uint64(len(d.strs)) {
		panic(errCorrupt)
	}
	return d.strs[i]
}

func (d *progDecoder) typeRef() *Type {
	i := d.uvar()
	if i > uint64(len(d.types)) {
		panic(errCorrupt)
	}
	if i == 0 {
		return nil
	}
	return d.types[i-1]
}

func (d *progDecoder) fnRef() *Func {
	i := d.uvar()
	if i > uint64(len(d.funcs)) {
		panic(errCorrupt)
	}
	if i == 0 {
		return nil
	}
	return d.funcs[i-1]
}

func (d *progDecoder) typeList() []*Type {
	n := d.count()
	if n == 0 {
		return nil
	}
	ts := d.typeRefs.take(n)
	for i := range ts {
		ts[i] = d.typeRef()
	}
	return ts
}

func (d *progDecoder) ints() []int32 {
	n := d.count()
	if n == 0 {
		return nil
	}
	xs := d.int32s.take(n)
	for i := range xs {
		xs[i] = d.i32()
	}
	return xs
}

// readType fills t and reports whether it has a go/types type.
func (d *progDecoder) readType(t *Type) bool {
	t.Kind = Kind(d.byte1())
	if t.Kind > KTuple {
		panic(errCorrupt)
	}
	t.Name = d.str()
	hasGo := d.flag()
	t.Elem = d.typeRef()
	t.Key = d.typeRef()
	t.Len = int(d.svar())
	t.Size = d.svar()
	t.Align = d.svar()
	if n := d.count(); n > 0 {
		t.Fields = d.fields.take(n)
		for i := range t.Fields {
			f := &t.Fields[i]
			f.Name = d.str()
			f.Type = d.typeRef()
			f.Embedded = d.flag()
			f.Exported = d.flag()
			f.Tag = d.str()
		}
	}
	t.Comparable = d.flag()
	t.Named = d.flag()
	hasMethods := d.flag()
	n := d.count()
	if hasMethods {
		t.Methods = make(map[string]*Func, n)
	}
	for range n {
		name := d.str()
		fn := d.fnRef()
		if t.Methods == nil {
			panic(errCorrupt)
		}
		t.Methods[name] = fn
	}
	t.ChanDir = int(d.svar())
	t.Params = d.typeList()
	t.Results = d.typeList()
	t.Variadic = d.flag()
	return hasGo
}

func (d *progDecoder) readFunc(f *Func) {
	f.Name = d.str()
	f.File = d.str()
	f.Line = d.i32()
	if n := d.count(); n > 0 {
		f.Code = d.instrs.take(n)
		d.raw(unsafe.Slice((*byte)(unsafe.Pointer(&f.Code[0])), n*instrSize))
	}
	if n := d.count(); n > 0 {
		f.Lines = d.int32s.take(n)
		d.raw(unsafe.Slice((*byte)(unsafe.Pointer(&f.Lines[0])), 4*n))
	}
	f.Wrapper = d.flag()
	if n := d.count(); n > 0 {
		f.Files = d.strings.take(n)
		for i := range f.Files {
			f.Files[i] = d.str()
		}
	}
	f.NParams = d.i32()
	f.NFree = d.i32()
	f.NResults = d.i32()
	f.ConstBase = d.i32()
	if n := d.count(); n > 0 {
		f.Consts = d.values.take(n)
		for i := range f.Consts {
			f.Consts[i] = d.value()
		}
	}
	f.NRegs = d.i32()
	f.RecoverPC = d.i32()
	f.ResultTypes = d.typeList()
	if f.HostName = d.str(); f.HostName != "" {
		if f.Host = d.host(f.HostName); f.Host == nil {
			panic(fmt.Errorf("no host function %s", f.HostName))
		}
	}
	f.Captures = d.flag()
	f.Types = d.typeList()
	if n := d.count(); n > 0 {
		f.Calls = d.calls.take(n)
		for i := range f.Calls {
			c := &f.Calls[i]
			c.Fn = d.fnRef()
			c.Method = d.str()
			c.Args = d.ints()
			c.NRes = d.i32()
			c.Kind = CallKind(d.byte1())
			c.Recv = d.i32()
			if d.flag() {
				c.Builtin = d.builtin()
			}
			c.DeferStack = d.i32()
			free := d.flag()
			c.Free = d.ints()
			if free && c.Free == nil {
				c.Free = []int32{}
			}
			if c.Kind == CallInvoke {
				c.ic = new(icache)
			}
		}
	}
	if n := d.count(); n > 0 {
		f.Lists = d.lists.take(n)
		for i := range f.Lists {
			f.Lists[i] = d.ints()
		}
	}
	if n := d.count(); n > 0 {
		f.Cmps = d.cmps.take(n)
		for i := range f.Cmps {
			f.Cmps[i] = Cmp{T: d.typeRef(), X: d.i32(), Y: d.i32()}
		}
	}
	if n := d.count(); n > 0 {
		f.Convs = d.convs.take(n)
		for i := range f.Convs {
			c := &f.Convs[i]
			c.Kind = ConvKind(d.byte1())
			c.To = d.typeRef()
			c.From = d.typeRef()
			c.Exact = d.flag()
			c.View = d.flag()
			c.Snapshot = d.flag()
		}
	}
	if n := d.count(); n > 0 {
		f.Slices = d.slices.take(n)
		for i := range f.Slices {
			s := &f.Slices[i]
			s.Lo, s.Hi, s.Max = d.i32(), d.i32(), d.i32()
			s.Kind = Kind(d.byte1())
			s.Len = int(d.svar())
			s.Make = d.flag()
			s.Unsigned = d.byte1()
			s.Packed = d.flag()
			s.Words = d.flag()
		}
	}
	if n := d.count(); n > 0 {
		f.Makes = d.makes.take(n)
		for i := range f.Makes {
			f.Makes[i] = MakeOp{T: d.typeRef(), Len: d.i32(), Cap: d.i32()}
		}
	}
	if n := d.count(); n > 0 {
		f.Appends = d.appends.take(n)
		for i := range f.Appends {
			f.Appends[i] = AppendOp{Src: d.i32(), Elem: d.typeRef(), FromString: d.flag()}
		}
	}
	if n := d.count(); n > 0 {
		f.Closures = d.closures.take(n)
		for i := range f.Closures {
			f.Closures[i] = ClosureOp{Fn: d.fnRef(), Free: d.ints()}
		}
	}
	if n := d.count(); n > 0 {
		f.Selects = d.selects.take(n)
		for i := range f.Selects {
			s := &f.Selects[i]
			s.Cases = d.cases.take(d.count())
			for j := range s.Cases {
				s.Cases[j] = SelectCase{Send: d.flag(), Chan: d.i32(), Val: d.i32()}
			}
			s.Blocking = d.flag()
			s.NRecv = int(d.svar())
		}
	}
	if n := d.count(); n > 0 {
		f.Builtins = d.builtins.take(n)
		for i := range f.Builtins {
			f.Builtins[i] = *d.builtin()
		}
	}
	f.Refs = d.ints()
	f.RefsAll = d.flag()
	if d.flag() && f.Static == nil {
		f.Static = &Closure{Fn: f}
	}
	f.UnsignedIndex = d.ints()
	f.StackNeed = d.i32()
	f.sealed = d.flag()
}

func (d *progDecoder) builtin() *BuiltinOp {
	return &BuiltinOp{Name: d.str(), Args: d.ints(), Types: d.typeList(), T: d.typeRef(), Unused: d.flag(), Root: d.flag()}
}

func (d *progDecoder) value() Value {
	tag := d.byte1()
	v := Value{N: d.uvar()}
	switch tag {
	case valScalar:
	case valString:
		v.R = d.str()
	case valComplex:
		if len(d.b) < 16 {
			panic(errCorrupt)
		}
		re := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
		im := math.Float64frombits(binary.LittleEndian.Uint64(d.b[8:]))
		d.b = d.b[16:]
		v.R = complex(re, im)
	case valRaw:
		v.R = rawAddr{unique.Make(uintptr(d.uvar()))}
	case valStatic:
		fn := d.fnRef()
		if fn == nil {
			panic(errCorrupt)
		}
		if fn.Static == nil {
			// The callee's own flag is read later (functions are read in
			// order); a constant naming it means it has one.
			fn.Static = &Closure{Fn: fn}
		}
		v.R = fn.Static
	case valValues:
		vs := make([]Value, d.count())
		for i := range vs {
			vs[i] = d.value()
		}
		v.R = vs
	case valBytes:
		n := d.count()
		if n > len(d.b) {
			panic(errCorrupt)
		}
		bs := make([]byte, n)
		copy(bs, d.b)
		v.R = bs
		d.b = d.b[n:]
	case valWords:
		ws := make([]uint64, d.count())
		for i := range ws {
			ws[i] = d.uvar()
		}
		v.R = ws
	default:
		panic(errCorrupt)
	}
	return v
}
