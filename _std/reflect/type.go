// Package reflect is spindle's guest reflect: run-time reflection over
// spindle's own type descriptors (vm.Type) and value representation. The
// type side (Type, Kind, StructField, StructTag, Method) and the checks
// that panic are guest Go; reading and writing values, conversions,
// calls and map access are host functions (internal/std/reflect.go).
// A Type is an rtype, a comparable handle on the descriptor, so Types
// compare with == as in Go, also across shards.
//
// Differences from Go: Value.Call, the functions Method and MakeFunc
// return run as host callbacks (they may block, as any goroutine), and
// those functions cannot be sent to another shard; Send and Recv
// park as the guest's own channel operations do, but Select retries
// (yielding the shard) instead of parking, so one that can never proceed
// is not reported as a deadlock; NewAt and SliceAt panic (spindle has no
// addresses), and so does converting a slice's or string's address to a
// *SliceHeader or *StringHeader. A method reached through reflect must
// have been compiled: spindle compiles the methods of every type a
// program converts to an interface (and, in programs that import
// reflect, of *T for each such named T, and of the types in their
// signatures), and of the types those contain.
package reflect

import (
	"strconv"
	"unsafe"
)

// A Kind represents the specific kind of type that a Type represents.
type Kind uint

// The kinds, in Go's order.
const (
	Invalid Kind = iota
	Bool
	Int
	Int8
	Int16
	Int32
	Int64
	Uint
	Uint8
	Uint16
	Uint32
	Uint64
	Uintptr
	Float32
	Float64
	Complex64
	Complex128
	Array
	Chan
	Func
	Interface
	Map
	Pointer
	Slice
	String
	Struct
	UnsafePointer
)

// Ptr is the old name for the Pointer kind.
const Ptr = Pointer

var kindNames = []string{
	Invalid:       "invalid",
	Bool:          "bool",
	Int:           "int",
	Int8:          "int8",
	Int16:         "int16",
	Int32:         "int32",
	Int64:         "int64",
	Uint:          "uint",
	Uint8:         "uint8",
	Uint16:        "uint16",
	Uint32:        "uint32",
	Uint64:        "uint64",
	Uintptr:       "uintptr",
	Float32:       "float32",
	Float64:       "float64",
	Complex64:     "complex64",
	Complex128:    "complex128",
	Array:         "array",
	Chan:          "chan",
	Func:          "func",
	Interface:     "interface",
	Map:           "map",
	Pointer:       "ptr",
	Slice:         "slice",
	String:        "string",
	Struct:        "struct",
	UnsafePointer: "unsafe.Pointer",
}

// String returns the name of k.
func (k Kind) String() string {
	if uint(k) < uint(len(kindNames)) {
		return kindNames[uint(k)]
	}
	return "kind" + strconv.Itoa(int(k))
}

// ChanDir represents a channel type's direction.
type ChanDir int

// Channel directions.
const (
	RecvDir ChanDir = 1 << iota
	SendDir
	BothDir = RecvDir | SendDir
)

func (d ChanDir) String() string {
	switch d {
	case SendDir:
		return "chan<-"
	case RecvDir:
		return "<-chan"
	case BothDir:
		return "chan"
	}
	return "ChanDir" + strconv.Itoa(int(d))
}

// Type is the representation of a Go type.
type Type interface {
	Align() int
	FieldAlign() int
	Method(int) Method
	MethodByName(string) (Method, bool)
	NumMethod() int
	Name() string
	PkgPath() string
	Size() uintptr
	String() string
	Kind() Kind
	Implements(u Type) bool
	AssignableTo(u Type) bool
	ConvertibleTo(u Type) bool
	Comparable() bool
	Bits() int
	ChanDir() ChanDir
	IsVariadic() bool
	Elem() Type
	Field(i int) StructField
	FieldByIndex(index []int) StructField
	FieldByName(name string) (StructField, bool)
	FieldByNameFunc(match func(string) bool) (StructField, bool)
	In(i int) Type
	Key() Type
	Len() int
	NumField() int
	NumIn() int
	NumOut() int
	Out(i int) Type
	OverflowComplex(x complex128) bool
	OverflowFloat(x float64) bool
	OverflowInt(x int64) bool
	OverflowUint(x uint64) bool
	CanSeq() bool
	CanSeq2() bool
	common() unsafe.Pointer
}

// rtype is the Type of a descriptor: t is the host's *vm.Type, interned
// per program, so two rtypes are == iff they are the same type.
type rtype struct {
	t unsafe.Pointer
}

// Host primitives over type descriptors.
func typeOf(i any) unsafe.Pointer
func tkind(t unsafe.Pointer) Kind
func tstring(t unsafe.Pointer) string
func tname(t unsafe.Pointer) (name, pkgPath string)
func tsize(t unsafe.Pointer) (size, align uintptr)
func telem(t unsafe.Pointer) unsafe.Pointer
func tkey(t unsafe.Pointer) unsafe.Pointer
func tlen(t unsafe.Pointer) int
func tchandir(t unsafe.Pointer) ChanDir
func tnumfield(t unsafe.Pointer) int
func tfield(t unsafe.Pointer, i int) (name, pkgPath string, typ unsafe.Pointer, tag string, offset uintptr, embedded bool)
func tfunc(t unsafe.Pointer) (nin, nout int, variadic bool)
func tin(t unsafe.Pointer, i int) unsafe.Pointer
func tout(t unsafe.Pointer, i int) unsafe.Pointer
func tnummethod(t unsafe.Pointer) int
func tmethod(t unsafe.Pointer, i int) (name, pkgPath string, mtyp unsafe.Pointer)
func tmethodindex(t unsafe.Pointer, name string) int
func timplements(t, u unsafe.Pointer) bool
func tassignable(t, u unsafe.Pointer) bool
func tconvertible(t, u unsafe.Pointer) bool
func tcomparable(t unsafe.Pointer) bool
func ptrTo(t unsafe.Pointer) unsafe.Pointer
func sliceOf(t unsafe.Pointer) unsafe.Pointer
func mapOf(k, e unsafe.Pointer) unsafe.Pointer
func arrayOf(n int, t unsafe.Pointer) unsafe.Pointer
func chanOf(dir ChanDir, t unsafe.Pointer) unsafe.Pointer

// toType returns the Type of descriptor t (nil for nil): one interface
// value per descriptor, made the first time and then kept with it
// (cachedType), since Value.Type and Type.Elem are asked per value
// decoded or printed and an interface holding a struct is three
// allocations. The first call runs the same guest code as the others,
// so a schedule replays the same whatever the host has cached.
func toType(t unsafe.Pointer) Type {
	if t == nil {
		return nil
	}
	return cachedType(t, typeTemplate)
}

// typeTemplate gives cachedType the dynamic type of the Types it makes.
var typeTemplate Type = rtype{}

// cachedType returns the Type of descriptor t: an rtype holding t (the
// dynamic type of tmpl), made the first time and kept with t.
func cachedType(t unsafe.Pointer, tmpl Type) Type

func (t rtype) common() unsafe.Pointer { return t.t }

func (t rtype) String() string { return tstring(t.t) }
func (t rtype) Kind() Kind     { return tkind(t.t) }

func (t rtype) Name() string {
	n, _ := tname(t.t)
	return n
}

func (t rtype) PkgPath() string {
	_, p := tname(t.t)
	return p
}

func (t rtype) Size() uintptr {
	s, _ := tsize(t.t)
	return s
}

func (t rtype) Align() int {
	_, a := tsize(t.t)
	return int(a)
}

func (t rtype) FieldAlign() int { return t.Align() }

func (t rtype) Bits() int {
	k := t.Kind()
	if k < Int || k > Complex128 {
		panic("reflect: Bits of non-arithmetic Type " + t.String())
	}
	return int(t.Size()) * 8
}

func (t rtype) ChanDir() ChanDir {
	if t.Kind() != Chan {
		panic("reflect: ChanDir of non-chan type " + t.String())
	}
	return tchandir(t.t)
}

func (t rtype) IsVariadic() bool {
	if t.Kind() != Func {
		panic("reflect: IsVariadic of non-func type " + t.String())
	}
	_, _, v := tfunc(t.t)
	return v
}

func (t rtype) Elem() Type {
	switch t.Kind() {
	case Array, Chan, Map, Pointer, Slice:
		return toType(telem(t.t))
	}
	panic("reflect: Elem of invalid type " + t.String())
}

func (t rtype) Key() Type {
	if t.Kind() != Map {
		panic("reflect: Key of non-map type " + t.String())
	}
	return toType(tkey(t.t))
}

func (t rtype) Len() int {
	if t.Kind() != Array {
		panic("reflect: Len of non-array type " + t.String())
	}
	return tlen(t.t)
}

func (t rtype) NumField() int {
	if t.Kind() != Struct {
		panic("reflect: NumField of non-struct type " + t.String())
	}
	return tnumfield(t.t)
}

func (t rtype) Field(i int) StructField {
	if t.Kind() != Struct {
		panic("reflect: Field of non-struct type " + t.String())
	}
	if i < 0 || i >= tnumfield(t.t) {
		panic("reflect: Field index out of bounds")
	}
	name, pkg, ft, tag, off, emb := tfield(t.t, i)
	return StructField{Name: name, PkgPath: pkg, Type: toType(ft), Tag: StructTag(tag), Offset: off, Index: []int{i}, Anonymous: emb}
}

func (t rtype) FieldByIndex(index []int) StructField {
	var f StructField
	var ft Type = t
	for i, x := range index {
		if i > 0 {
			if ft.Kind() == Pointer && ft.Elem().Kind() == Struct {
				ft = ft.Elem()
			}
		}
		f = ft.Field(x)
		ft = f.Type
	}
	if len(index) > 1 {
		f.Index = append([]int(nil), index...)
	}
	return f
}

func (t rtype) FieldByName(name string) (StructField, bool) {
	return t.FieldByNameFunc(func(s string) bool { return s == name })
}

// FieldByNameFunc searches the struct's fields and its embedded structs
// breadth first: the shallowest match wins, and two at the same depth
// (also through the same type embedded twice) cancel each other, as Go's
// selector rules say.
func (t rtype) FieldByNameFunc(match func(string) bool) (StructField, bool) {
	if t.Kind() != Struct {
		panic("reflect: FieldByNameFunc of non-struct type " + t.String())
	}
	type scan struct {
		typ   Type
		index []int
	}
	current := []scan{}
	next := []scan{{typ: t}}
	// count and nextCount record how many times a struct type was reached
	// at the current and the next depth; more than once makes any field
	// found in it ambiguous.
	var count, nextCount map[Type]int
	visited := map[Type]bool{}
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, nil
		var result StructField
		ok := false
		for _, sc := range current {
			st := sc.typ
			if visited[st] {
				continue
			}
			visited[st] = true
			for i := 0; i < st.NumField(); i++ {
				f := st.Field(i)
				var ntyp Type
				if f.Anonymous {
					ntyp = f.Type
					if ntyp.Kind() == Pointer {
						ntyp = ntyp.Elem()
					}
				}
				if match(f.Name) {
					if count[st] > 1 || ok {
						return StructField{}, false
					}
					result = f
					result.Index = append(append([]int(nil), sc.index...), i)
					ok = true
					continue
				}
				if ok || ntyp == nil || ntyp.Kind() != Struct {
					continue
				}
				if nextCount[ntyp] > 0 {
					nextCount[ntyp] = 2
					continue
				}
				if nextCount == nil {
					nextCount = map[Type]int{}
				}
				nextCount[ntyp] = 1
				if count[st] > 1 {
					nextCount[ntyp] = 2
				}
				next = append(next, scan{typ: ntyp, index: append(append([]int(nil), sc.index...), i)})
			}
		}
		if ok {
			return result, true
		}
	}
	return StructField{}, false
}

func (t rtype) NumIn() int {
	if t.Kind() != Func {
		panic("reflect: NumIn of non-func type " + t.String())
	}
	n, _, _ := tfunc(t.t)
	return n
}

func (t rtype) NumOut() int {
	if t.Kind() != Func {
		panic("reflect: NumOut of non-func type " + t.String())
	}
	_, n, _ := tfunc(t.t)
	return n
}

func (t rtype) In(i int) Type {
	if t.Kind() != Func {
		panic("reflect: In of non-func type " + t.String())
	}
	checkIndex(i, t.NumIn())
	return toType(tin(t.t, i))
}

func (t rtype) Out(i int) Type {
	if t.Kind() != Func {
		panic("reflect: Out of non-func type " + t.String())
	}
	checkIndex(i, t.NumOut())
	return toType(tout(t.t, i))
}

// checkIndex panics as indexing a slice of length n with i does (Go's
// In and Out index their parameter slices).
func checkIndex(i, n int) {
	_ = make([]struct{}, n)[i]
}

func (t rtype) NumMethod() int { return tnummethod(t.t) }

func (t rtype) Method(i int) Method {
	if i < 0 || i >= tnummethod(t.t) {
		panic("reflect: Method index out of range")
	}
	name, pkg, mt := tmethod(t.t, i)
	m := Method{Name: name, PkgPath: pkg, Type: toType(mt), Index: i}
	if t.Kind() != Interface {
		m.Func = methodFunc(t.t, i)
	}
	return m
}

func (t rtype) MethodByName(name string) (Method, bool) {
	i := tmethodindex(t.t, name)
	if i < 0 {
		return Method{}, false
	}
	return t.Method(i), true
}

func (t rtype) Implements(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.Implements")
	}
	if u.Kind() != Interface {
		panic("reflect: non-interface type passed to Type.Implements")
	}
	return timplements(t.t, u.common())
}

func (t rtype) AssignableTo(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.AssignableTo")
	}
	return tassignable(t.t, u.common())
}

func (t rtype) ConvertibleTo(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.ConvertibleTo")
	}
	return tconvertible(t.t, u.common())
}

func (t rtype) Comparable() bool { return tcomparable(t.t) }

func (t rtype) OverflowInt(x int64) bool {
	k := t.Kind()
	switch k {
	case Int, Int8, Int16, Int32, Int64:
		bitSize := t.Size() * 8
		trunc := (x << (64 - bitSize)) >> (64 - bitSize)
		return x != trunc
	}
	panic("reflect: OverflowInt of non-int type " + t.String())
}

func (t rtype) OverflowUint(x uint64) bool {
	k := t.Kind()
	switch k {
	case Uint, Uintptr, Uint8, Uint16, Uint32, Uint64:
		bitSize := t.Size() * 8
		trunc := (x << (64 - bitSize)) >> (64 - bitSize)
		return x != trunc
	}
	panic("reflect: OverflowUint of non-uint type " + t.String())
}

func (t rtype) OverflowFloat(x float64) bool {
	k := t.Kind()
	switch k {
	case Float32:
		return overflowFloat32(x)
	case Float64:
		return false
	}
	panic("reflect: OverflowFloat of non-float type " + t.String())
}

func (t rtype) OverflowComplex(x complex128) bool {
	k := t.Kind()
	switch k {
	case Complex64:
		return overflowFloat32(real(x)) || overflowFloat32(imag(x))
	case Complex128:
		return false
	}
	panic("reflect: OverflowComplex of non-complex type " + t.String())
}

func overflowFloat32(x float64) bool {
	if x < 0 {
		x = -x
	}
	return 3.40282346638528859811704183484516925440e+38 < x && x <= 1.79769313486231570814527423731704356798070e+308
}

func (t rtype) CanSeq() bool {
	switch t.Kind() {
	case Int8, Int16, Int32, Int64, Int, Uint8, Uint16, Uint32, Uint64, Uint, Uintptr, Array, Slice, Chan, String, Map:
		return true
	case Func:
		return canRangeFunc(t, 1)
	case Pointer:
		return t.Elem().Kind() == Array
	}
	return false
}

func (t rtype) CanSeq2() bool {
	switch t.Kind() {
	case Array, Slice, String, Map:
		return true
	case Func:
		return canRangeFunc(t, 2)
	case Pointer:
		return t.Elem().Kind() == Array
	}
	return false
}

// canRangeFunc reports whether t is func(yield func(K[, V]) bool).
func canRangeFunc(t Type, n int) bool {
	if t.NumIn() != 1 || t.NumOut() != 0 {
		return false
	}
	y := t.In(0)
	if y.Kind() != Func || y.NumIn() != n || y.NumOut() != 1 {
		return false
	}
	return y.Out(0).Kind() == Bool
}

// Method represents a single method.
type Method struct {
	Name    string
	PkgPath string
	Type    Type  // method type
	Func    Value // func with receiver as first argument
	Index   int   // index for Type.Method
}

// IsExported reports whether the method is exported.
func (m Method) IsExported() bool { return m.PkgPath == "" }

// A StructField describes a single field in a struct.
type StructField struct {
	Name      string
	PkgPath   string
	Type      Type
	Tag       StructTag
	Offset    uintptr
	Index     []int
	Anonymous bool
}

// IsExported reports whether the field is exported.
func (f StructField) IsExported() bool { return f.PkgPath == "" }

// A StructTag is the tag string in a struct field.
type StructTag string

// Get returns the value associated with key in the tag string.
func (tag StructTag) Get(key string) string {
	v, _ := tag.Lookup(key)
	return v
}

// Lookup returns the value associated with key in the tag string, and
// whether the key was present. Tags are key:"value" pairs separated by
// spaces, as the conventional format says; a malformed tag ends the
// search.
func (tag StructTag) Lookup(key string) (value string, ok bool) {
	s := string(tag)
	for s != "" {
		i := 0
		for i < len(s) && s[i] == ' ' {
			i++
		}
		s = s[i:]
		if s == "" {
			break
		}
		i = 0
		for i < len(s) && s[i] > ' ' && s[i] != ':' && s[i] != '"' && s[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(s) || s[i] != ':' || s[i+1] != '"' {
			break
		}
		name := s[:i]
		s = s[i+1:]
		i = 1
		for i < len(s) && s[i] != '"' {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			break
		}
		qvalue := s[:i+1]
		s = s[i+1:]
		if key == name {
			v, err := strconv.Unquote(qvalue)
			if err != nil {
				break
			}
			return v, true
		}
	}
	return "", false
}

// TypeOf returns the dynamic type of i, or nil if i is a nil interface.
func TypeOf(i any) Type { return toType(typeOf(i)) }

// TypeFor returns the Type that represents the type argument T.
func TypeFor[T any]() Type {
	var v T
	if t := TypeOf(v); t != nil {
		return t
	}
	return TypeOf((*T)(nil)).Elem()
}

// PtrTo is the old name for PointerTo.
func PtrTo(t Type) Type { return PointerTo(t) }

// PointerTo returns the pointer type with element t.
func PointerTo(t Type) Type { return toType(ptrTo(t.common())) }

// SliceOf returns the slice type with element type t.
func SliceOf(t Type) Type { return toType(sliceOf(t.common())) }

// MapOf returns the map type with the given key and element types.
func MapOf(key, elem Type) Type {
	if !key.Comparable() {
		panic("reflect.MapOf: invalid key type " + key.String())
	}
	return toType(mapOf(key.common(), elem.common()))
}

// ArrayOf returns the array type with the given length and element type.
func ArrayOf(length int, elem Type) Type {
	if length < 0 {
		panic("reflect: negative length passed to ArrayOf")
	}
	return toType(arrayOf(length, elem.common()))
}

// ChanOf returns the channel type with the given direction and element type.
func ChanOf(dir ChanDir, t Type) Type {
	if dir != SendDir && dir != RecvDir && dir != BothDir {
		panic("reflect.ChanOf: invalid dir")
	}
	return toType(chanOf(dir, t.common()))
}

// VisibleFields returns all the visible fields in t, which must be a
// struct type: the fields of embedded structs that are not shadowed, in
// Go's order (a field before the fields promoted through it).
func VisibleFields(t Type) []StructField {
	if t == nil {
		panic("reflect: VisibleFields(nil)")
	}
	if t.Kind() != Struct {
		panic("reflect.VisibleFields of non-struct type")
	}
	type entry struct {
		f     StructField
		depth int
	}
	var out []entry
	byName := map[string]int{} // name -> index in out, -1 when ambiguous
	visiting := map[Type]bool{}
	var walk func(t Type, index []int, depth int)
	walk = func(t Type, index []int, depth int) {
		if visiting[t] {
			return
		}
		visiting[t] = true
		defer delete(visiting, t)
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			f.Index = append(append([]int(nil), index...), i)
			add := true
			if j, ok := byName[f.Name]; ok {
				old := out[j]
				switch {
				case depth < old.depth:
					out[j].f.Name = "" // hidden by the shallower field
				case depth == old.depth:
					out[j].f.Name = "" // ambiguous: hide it
					add = false
				default:
					add = false
				}
			}
			if add {
				byName[f.Name] = len(out)
				out = append(out, entry{f, depth})
			}
			if f.Anonymous {
				ft := f.Type
				if ft.Kind() == Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == Struct {
					walk(ft, f.Index, depth+1)
				}
			}
		}
	}
	walk(t, nil, 0)
	fields := make([]StructField, 0, len(out))
	for _, e := range out {
		if e.f.Name != "" {
			fields = append(fields, e.f)
		}
	}
	return fields
}
