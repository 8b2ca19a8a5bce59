package reflect

import (
	"strconv"
	"unsafe"
)

// Value is the reflection interface to a Go value. t is the host's
// *vm.Type; p holds the value itself, or (flagIndir) a pointer to the
// storage that holds it, as the host's vm.Value (N and R), which guest
// code only moves. flag's low bits are the kind.
type Value struct {
	t    unsafe.Pointer
	p    unsafe.Pointer
	flag flag
}

type flag uintptr

const (
	flagKindWidth      = 5
	flagKindMask  flag = 1<<flagKindWidth - 1
	flagStickyRO  flag = 1 << 5
	flagEmbedRO   flag = 1 << 6
	flagIndir     flag = 1 << 7
	flagAddr      flag = 1 << 8
	flagRO        flag = flagStickyRO | flagEmbedRO
)

func (f flag) kind() Kind { return Kind(f & flagKindMask) }

// A ValueError occurs when a Value method is invoked on a Value that does
// not support it.
type ValueError struct {
	Method string
	Kind   Kind
}

func (e *ValueError) Error() string {
	if e.Kind == 0 {
		return "reflect: call of " + e.Method + " on zero Value"
	}
	return "reflect: call of " + e.Method + " on " + e.Kind.String() + " Value"
}

func (f flag) mustBeAt(expected Kind, method string) {
	if Kind(f&flagKindMask) != expected {
		panic(&ValueError{method, f.kind()})
	}
}

func (f flag) mustBeExported(method string) {
	if f == 0 {
		panic(&ValueError{method, Invalid})
	}
	if f&flagRO != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
}

func (f flag) mustBeAssignable(method string) {
	if f == 0 {
		panic(&ValueError{method, Invalid})
	}
	if f&flagRO != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
	if f&flagAddr == 0 {
		panic("reflect: " + method + " using unaddressable value")
	}
}

// Host primitives over values.
func valueOf(i any) Value
func (v Value) iface() any
func (v Value) elem() Value
func (v Value) field(i int) (Value, bool)
func (v Value) index(i int) (Value, bool)
func (v Value) vlen() int
func (v Value) vcap() int
func (v Value) word() uint64
func (v Value) str() string
func (v Value) cplx() complex128
func (v Value) setWord(n uint64)
func (v Value) setStr(s string)
func (v Value) setCplx(c complex128)
func (v Value) assign(x Value)
func (v Value) bytesOf() []byte
func (v Value) isNil() bool
func (v Value) isZero() bool
func (v Value) setZero()
func (v Value) pointer() uintptr
func (v Value) addr() Value
func (v Value) slice3(i, j, k int) Value
func (v Value) setLen(n int)
func (v Value) mapIndex(k Value) Value
func (v Value) setMapIndex(k, e Value)
func (v Value) mapKeys() []Value
func (v Value) mapClear()
func (v Value) mapIter() unsafe.Pointer
func mapIterNext(it unsafe.Pointer) (k, e Value, ok bool)
func newValue(t unsafe.Pointer) Value
func zeroValue(t unsafe.Pointer) Value
func makeSlice(t unsafe.Pointer, n, c int) Value
func makeMap(t unsafe.Pointer, n int) Value
func makeChan(t unsafe.Pointer, n int) Value
func (v Value) appendValues(xs []Value) Value
func copyValues(dst, src Value) int
func (v Value) grow(n int) Value
func (v Value) convert(t unsafe.Pointer) Value
func (v Value) call(in []Value) []Value
func methodFunc(t unsafe.Pointer, i int) Value
func (v Value) methodValue(i int) Value
func (v Value) equal(u Value) bool
func (v Value) swap(i, j int)
func (v Value) chanOp(op int, x Value) (Value, bool)
func deepEqual(x, y any) bool
func gosched()
func (v Value) send(x Value)
func (v Value) recv() (Value, bool)

// ValueOf returns a new Value initialized to the concrete value stored in
// the interface i. ValueOf(nil) returns the zero Value.
func ValueOf(i any) Value {
	if i == nil {
		return Value{}
	}
	return valueOf(i)
}

// Kind returns v's Kind. If v is the zero Value, Kind returns Invalid.
func (v Value) Kind() Kind { return Kind(v.flag & flagKindMask) }

// Type returns v's type.
func (v Value) Type() Type {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.Type", Invalid})
	}
	return cachedType(v.t, typeTemplate)
}

// IsValid reports whether v represents a value.
func (v Value) IsValid() bool { return v.flag != 0 }

// CanAddr reports whether the value's address can be obtained with Addr.
func (v Value) CanAddr() bool { return v.flag&flagAddr != 0 }

// CanSet reports whether the value of v can be changed.
func (v Value) CanSet() bool { return v.flag&(flagAddr|flagRO) == flagAddr }

// CanInterface reports whether Interface can be used without panicking.
func (v Value) CanInterface() bool {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.CanInterface", Invalid})
	}
	return v.flag&flagRO == 0
}

// Interface returns v's current value as an interface{}.
func (v Value) Interface() any {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.Interface", Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
	}
	return v.iface()
}

// Addr returns a pointer value representing the address of v.
func (v Value) Addr() Value {
	if v.flag&flagAddr == 0 {
		panic("reflect.Value.Addr of unaddressable value")
	}
	return v.addr()
}

// UnsafeAddr returns a pointer to v's data.
func (v Value) UnsafeAddr() uintptr {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.UnsafeAddr", Invalid})
	}
	if v.flag&flagAddr == 0 {
		panic("reflect.Value.UnsafeAddr of unaddressable value")
	}
	return v.addr().pointer()
}

// Elem returns the value that the interface v contains or that the
// pointer v points to.
func (v Value) Elem() Value {
	switch v.Kind() {
	case Interface, Pointer:
		return v.elem()
	}
	panic(&ValueError{"reflect.Value.Elem", v.Kind()})
}

// Field returns the i'th field of the struct v.
func (v Value) Field(i int) Value {
	if Kind(v.flag&flagKindMask) != Struct {
		panic(&ValueError{"reflect.Value.Field", v.Kind()})
	}
	f, ok := v.field(i)
	if !ok {
		panic("reflect: Field index out of range")
	}
	return f
}

// FieldByIndex returns the nested field corresponding to index.
func (v Value) FieldByIndex(index []int) Value {
	if len(index) == 1 {
		return v.Field(index[0])
	}
	v.flag.mustBeAt(Struct, "reflect.Value.FieldByIndex")
	for i, x := range index {
		if i > 0 && v.Kind() == Pointer && tkind(telem(v.t)) == Struct {
			if v.IsNil() {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// FieldByIndexErr is FieldByIndex, with an error instead of a panic at a
// nil embedded pointer.
func (v Value) FieldByIndexErr(index []int) (Value, error) {
	if len(index) == 1 {
		return v.Field(index[0]), nil
	}
	v.flag.mustBeAt(Struct, "reflect.Value.FieldByIndexErr")
	for i, x := range index {
		if i > 0 && v.Kind() == Pointer && tkind(telem(v.t)) == Struct {
			if v.IsNil() {
				return Value{}, &nilEmbedError{toType(telem(v.t)).Name()}
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, nil
}

type nilEmbedError struct{ name string }

func (e *nilEmbedError) Error() string {
	return "reflect: indirection through nil pointer to embedded struct field " + e.name
}

// FieldByName returns the struct field with the given name.
func (v Value) FieldByName(name string) Value {
	v.flag.mustBeAt(Struct, "reflect.Value.FieldByName")
	if f, ok := v.Type().FieldByName(name); ok {
		return v.FieldByIndex(f.Index)
	}
	return Value{}
}

// FieldByNameFunc returns the struct field with a name that satisfies
// the match function.
func (v Value) FieldByNameFunc(match func(string) bool) Value {
	if f, ok := v.Type().FieldByNameFunc(match); ok {
		return v.FieldByIndex(f.Index)
	}
	return Value{}
}

// NumField returns the number of fields in the struct v.
func (v Value) NumField() int {
	v.flag.mustBeAt(Struct, "reflect.Value.NumField")
	return tnumfield(v.t)
}

// Index returns v's i'th element.
func (v Value) Index(i int) Value {
	k := Kind(v.flag & flagKindMask)
	if k != Slice && k != Array && k != String {
		panic(&ValueError{"reflect.Value.Index", k})
	}
	e, ok := v.index(i)
	if !ok {
		panic("reflect: " + kindNames[k] + " index out of range")
	}
	return e
}

// Len returns v's length.
func (v Value) Len() int {
	switch v.Kind() {
	case Array:
		return tlen(v.t)
	case Slice, String, Map, Chan:
		return v.vlen()
	case Pointer:
		if tkind(telem(v.t)) == Array {
			return tlen(telem(v.t))
		}
		panic("reflect: call of reflect.Value.Len on ptr to non-array Value")
	}
	panic(&ValueError{"reflect.Value.Len", v.Kind()})
}

// Cap returns v's capacity.
func (v Value) Cap() int {
	switch v.Kind() {
	case Array:
		return tlen(v.t)
	case Slice, Chan:
		return v.vcap()
	case Pointer:
		if tkind(telem(v.t)) == Array {
			return tlen(telem(v.t))
		}
		panic("reflect: call of reflect.Value.Cap on ptr to non-array Value")
	}
	panic(&ValueError{"reflect.Value.Cap", v.Kind()})
}

// Bool returns v's underlying value.
func (v Value) Bool() bool {
	if v.Kind() != Bool {
		panic(&ValueError{"reflect.Value.Bool", v.Kind()})
	}
	return v.word() != 0
}

// Int returns v's underlying value, as an int64.
func (v Value) Int() int64 {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		return int64(v.word())
	}
	panic(&ValueError{"reflect.Value.Int", v.Kind()})
}

// Uint returns v's underlying value, as a uint64.
func (v Value) Uint() uint64 {
	switch v.Kind() {
	case Uint, Uint8, Uint16, Uint32, Uint64, Uintptr:
		return v.word()
	}
	panic(&ValueError{"reflect.Value.Uint", v.Kind()})
}

// Float returns v's underlying value, as a float64.
func (v Value) Float() float64 {
	switch v.Kind() {
	case Float32, Float64:
		return float64frombits(v.word())
	}
	panic(&ValueError{"reflect.Value.Float", v.Kind()})
}

func float64frombits(b uint64) float64 { return *(*float64)(unsafe.Pointer(&b)) }
func float64bits(f float64) uint64     { return *(*uint64)(unsafe.Pointer(&f)) }

// Complex returns v's underlying value, as a complex128.
func (v Value) Complex() complex128 {
	switch v.Kind() {
	case Complex64, Complex128:
		return v.cplx()
	}
	panic(&ValueError{"reflect.Value.Complex", v.Kind()})
}

// String returns the string v's underlying value, as a string. Unlike
// the other getters, it does not panic if v's Kind is not String: it
// returns "<T Value>".
func (v Value) String() string {
	if v.Kind() == String {
		return v.str()
	}
	if v.flag == 0 {
		return "<invalid Value>"
	}
	return "<" + v.Type().String() + " Value>"
}

// Bytes returns v's underlying value: a byte slice, or an addressable
// byte array.
func (v Value) Bytes() []byte {
	switch v.Kind() {
	case Slice:
		if tkind(telem(v.t)) != Uint8 {
			panic("reflect.Value.Bytes of non-byte slice")
		}
		return v.bytesOf()
	case Array:
		if tkind(telem(v.t)) != Uint8 {
			panic("reflect.Value.Bytes of non-byte array")
		}
		if !v.CanAddr() {
			panic("reflect.Value.Bytes of unaddressable byte array")
		}
		return v.bytesOf()
	}
	panic(&ValueError{"reflect.Value.Bytes", v.Kind()})
}

// Pointer returns v's value as a uintptr.
func (v Value) Pointer() uintptr {
	switch v.Kind() {
	case Pointer, Chan, Map, UnsafePointer, Func, Slice:
		return v.pointer()
	}
	panic(&ValueError{"reflect.Value.Pointer", v.Kind()})
}

// UnsafePointer returns v's value as an unsafe.Pointer.
func (v Value) UnsafePointer() unsafe.Pointer {
	switch v.Kind() {
	case Pointer, UnsafePointer:
		if v.IsNil() {
			return nil
		}
		return v.convert(typeOf(unsafe.Pointer(nil))).iface().(unsafe.Pointer)
	}
	panic(&ValueError{"reflect.Value.UnsafePointer", v.Kind()})
}

// IsNil reports whether its argument v is nil.
func (v Value) IsNil() bool {
	switch v.Kind() {
	case Chan, Func, Map, Pointer, UnsafePointer, Interface, Slice:
		return v.isNil()
	}
	panic(&ValueError{"reflect.Value.IsNil", v.Kind()})
}

// IsZero reports whether v is the zero value for its type.
func (v Value) IsZero() bool {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.IsZero", Invalid})
	}
	return v.isZero()
}

// SetZero sets v to be the zero value of v's type.
func (v Value) SetZero() {
	v.flag.mustBeAssignable("reflect.Value.SetZero")
	v.setZero()
}

// CanInt reports whether Int can be used without panicking.
func (v Value) CanInt() bool {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		return true
	}
	return false
}

// CanUint reports whether Uint can be used without panicking.
func (v Value) CanUint() bool {
	switch v.Kind() {
	case Uint, Uint8, Uint16, Uint32, Uint64, Uintptr:
		return true
	}
	return false
}

// CanFloat reports whether Float can be used without panicking.
func (v Value) CanFloat() bool {
	switch v.Kind() {
	case Float32, Float64:
		return true
	}
	return false
}

// CanComplex reports whether Complex can be used without panicking.
func (v Value) CanComplex() bool {
	switch v.Kind() {
	case Complex64, Complex128:
		return true
	}
	return false
}

// OverflowInt reports whether the int64 x cannot be represented by v's type.
func (v Value) OverflowInt(x int64) bool {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		return v.Type().OverflowInt(x)
	}
	panic(&ValueError{"reflect.Value.OverflowInt", v.Kind()})
}

// OverflowUint reports whether the uint64 x cannot be represented by v's type.
func (v Value) OverflowUint(x uint64) bool {
	switch v.Kind() {
	case Uint, Uintptr, Uint8, Uint16, Uint32, Uint64:
		return v.Type().OverflowUint(x)
	}
	panic(&ValueError{"reflect.Value.OverflowUint", v.Kind()})
}

// OverflowFloat reports whether the float64 x cannot be represented by v's type.
func (v Value) OverflowFloat(x float64) bool {
	switch v.Kind() {
	case Float32, Float64:
		return v.Type().OverflowFloat(x)
	}
	panic(&ValueError{"reflect.Value.OverflowFloat", v.Kind()})
}

// OverflowComplex reports whether the complex128 x cannot be represented by v's type.
func (v Value) OverflowComplex(x complex128) bool {
	switch v.Kind() {
	case Complex64, Complex128:
		return v.Type().OverflowComplex(x)
	}
	panic(&ValueError{"reflect.Value.OverflowComplex", v.Kind()})
}

// Set assigns x to the value v.
func (v Value) Set(x Value) {
	v.flag.mustBeAssignable("reflect.Value.Set")
	x.flag.mustBeExported("reflect.Value.Set")
	x = x.assignTo("reflect.Set", v.t)
	v.assign(x)
}

// assignTo returns x as a value of type t, or panics when x is not
// assignable to t.
func (x Value) assignTo(context string, t unsafe.Pointer) Value {
	if x.flag == 0 {
		panic(&ValueError{context, Invalid})
	}
	if x.t == t {
		return x
	}
	if !tassignable(x.t, t) {
		panic(context + ": value of type " + tstring(x.t) + " is not assignable to type " + tstring(t))
	}
	return x.convert(t)
}

// SetBool sets v's underlying value.
func (v Value) SetBool(x bool) {
	v.flag.mustBeAssignable("reflect.Value.SetBool")
	v.flag.mustBeAt(Bool, "reflect.Value.SetBool")
	if x {
		v.setWord(1)
	} else {
		v.setWord(0)
	}
}

// SetInt sets v's underlying value to x.
func (v Value) SetInt(x int64) {
	v.flag.mustBeAssignable("reflect.Value.SetInt")
	switch v.Kind() {
	case Int, Int64:
	case Int8:
		x = int64(int8(x))
	case Int16:
		x = int64(int16(x))
	case Int32:
		x = int64(int32(x))
	default:
		panic(&ValueError{"reflect.Value.SetInt", v.Kind()})
	}
	v.setWord(uint64(x))
}

// SetUint sets v's underlying value to x.
func (v Value) SetUint(x uint64) {
	v.flag.mustBeAssignable("reflect.Value.SetUint")
	switch v.Kind() {
	case Uint, Uint64, Uintptr:
	case Uint8:
		x = uint64(uint8(x))
	case Uint16:
		x = uint64(uint16(x))
	case Uint32:
		x = uint64(uint32(x))
	default:
		panic(&ValueError{"reflect.Value.SetUint", v.Kind()})
	}
	v.setWord(x)
}

// SetFloat sets v's underlying value to x.
func (v Value) SetFloat(x float64) {
	v.flag.mustBeAssignable("reflect.Value.SetFloat")
	switch v.Kind() {
	case Float32:
		x = float64(float32(x))
	case Float64:
	default:
		panic(&ValueError{"reflect.Value.SetFloat", v.Kind()})
	}
	v.setWord(float64bits(x))
}

// SetComplex sets v's underlying value to x.
func (v Value) SetComplex(x complex128) {
	v.flag.mustBeAssignable("reflect.Value.SetComplex")
	switch v.Kind() {
	case Complex64:
		x = complex128(complex64(x))
	case Complex128:
	default:
		panic(&ValueError{"reflect.Value.SetComplex", v.Kind()})
	}
	v.setCplx(x)
}

// SetString sets v's underlying value to x.
func (v Value) SetString(x string) {
	v.flag.mustBeAssignable("reflect.Value.SetString")
	v.flag.mustBeAt(String, "reflect.Value.SetString")
	v.setStr(x)
}

// SetBytes sets v's underlying value.
func (v Value) SetBytes(x []byte) {
	v.flag.mustBeAssignable("reflect.Value.SetBytes")
	v.flag.mustBeAt(Slice, "reflect.Value.SetBytes")
	if tkind(telem(v.t)) != Uint8 {
		panic("reflect.Value.SetBytes of non-byte slice")
	}
	v.assign(ValueOf(x).convert(v.t))
}

// SetLen sets v's length to n.
func (v Value) SetLen(n int) {
	v.flag.mustBeAssignable("reflect.Value.SetLen")
	v.flag.mustBeAt(Slice, "reflect.Value.SetLen")
	if uint(n) > uint(v.vcap()) {
		panic("reflect: slice length out of range in SetLen")
	}
	v.setLen(n)
}

// SetCap sets v's capacity to n.
func (v Value) SetCap(n int) {
	v.flag.mustBeAssignable("reflect.Value.SetCap")
	v.flag.mustBeAt(Slice, "reflect.Value.SetCap")
	if n < v.vlen() || n > v.vcap() {
		panic("reflect: slice capacity out of range in SetCap")
	}
	v.assign(v.slice3(0, v.vlen(), n))
}

// SetPointer sets the unsafe.Pointer value v to x.
func (v Value) SetPointer(x unsafe.Pointer) {
	v.flag.mustBeAssignable("reflect.Value.SetPointer")
	v.flag.mustBeAt(UnsafePointer, "reflect.Value.SetPointer")
	v.assign(ValueOf(x))
}

// Slice returns v[i:j].
func (v Value) Slice(i, j int) Value {
	var c int
	switch v.Kind() {
	case Array:
		if v.flag&flagAddr == 0 {
			panic("reflect.Value.Slice: slice of unaddressable array")
		}
		c = tlen(v.t)
	case Slice:
		c = v.vcap()
	case String:
		if i < 0 || j < i || j > v.vlen() {
			panic("reflect.Value.Slice: string slice index out of bounds")
		}
		return v.slice3(i, j, -1)
	default:
		panic(&ValueError{"reflect.Value.Slice", v.Kind()})
	}
	if i < 0 || j < i || j > c {
		panic("reflect.Value.Slice: slice index out of bounds")
	}
	return v.slice3(i, j, -1)
}

// Slice3 is the 3-index form of the slice operation: it returns v[i:j:k].
func (v Value) Slice3(i, j, k int) Value {
	var c int
	switch v.Kind() {
	case Array:
		if v.flag&flagAddr == 0 {
			panic("reflect.Value.Slice3: slice of unaddressable array")
		}
		c = tlen(v.t)
	case Slice:
		c = v.vcap()
	default:
		panic(&ValueError{"reflect.Value.Slice3", v.Kind()})
	}
	if i < 0 || j < i || k < j || k > c {
		panic("reflect.Value.Slice3: slice index out of bounds")
	}
	return v.slice3(i, j, k)
}

// MapIndex returns the value associated with key in the map v.
func (v Value) MapIndex(key Value) Value {
	v.flag.mustBeAt(Map, "reflect.Value.MapIndex")
	key = key.assignTo("reflect.Value.MapIndex", tkey(v.t))
	return v.mapIndex(key)
}

// MapKeys returns a slice containing all the keys present in the map, in
// unspecified order.
func (v Value) MapKeys() []Value {
	v.flag.mustBeAt(Map, "reflect.Value.MapKeys")
	return v.mapKeys()
}

// SetMapIndex sets the element associated with key in the map v to elem.
// If elem is the zero Value, SetMapIndex deletes the key from the map.
func (v Value) SetMapIndex(key, elem Value) {
	v.flag.mustBeAt(Map, "reflect.Value.SetMapIndex")
	v.flag.mustBeExported("reflect.Value.SetMapIndex")
	key.flag.mustBeExported("reflect.Value.SetMapIndex")
	key = key.assignTo("reflect.Value.SetMapIndex", tkey(v.t))
	if elem.IsValid() {
		elem.flag.mustBeExported("reflect.Value.SetMapIndex")
		elem = elem.assignTo("reflect.Value.SetMapIndex", telem(v.t))
	}
	v.setMapIndex(key, elem)
}

// A MapIter is an iterator for ranging over a map.
type MapIter struct {
	m     Value
	it    unsafe.Pointer
	k, e  Value
	valid bool
}

// MapRange returns a range iterator for a map.
func (v Value) MapRange() *MapIter {
	if v.Kind() != Map {
		panic(&ValueError{"reflect.Value.MapRange", v.Kind()})
	}
	return &MapIter{m: v}
}

// Reset modifies iter to iterate over v.
func (iter *MapIter) Reset(v Value) {
	if v.IsValid() {
		v.flag.mustBeAt(Map, "reflect.MapIter.Reset")
	}
	*iter = MapIter{m: v}
}

// Next advances the map iterator and reports whether there is another
// entry.
func (iter *MapIter) Next() bool {
	if !iter.m.IsValid() {
		panic("MapIter.Next called on an iterator that does not have an associated map Value")
	}
	if iter.it == nil {
		if iter.m.IsNil() {
			return false
		}
		iter.it = iter.m.mapIter()
	} else if !iter.valid {
		panic("MapIter.Next called on exhausted iterator")
	}
	iter.k, iter.e, iter.valid = mapIterNext(iter.it)
	return iter.valid
}

// Key returns the key of iter's current map entry.
func (iter *MapIter) Key() Value {
	if !iter.valid {
		panic("MapIter.Key called before Next")
	}
	return iter.k
}

// Value returns the value of iter's current map entry.
func (iter *MapIter) Value() Value {
	if !iter.valid {
		panic("MapIter.Value called before Next")
	}
	return iter.e
}

// SetIterKey assigns to v the key of iter's current map entry.
func (v Value) SetIterKey(iter *MapIter) { v.Set(iter.Key()) }

// SetIterValue assigns to v the value of iter's current map entry.
func (v Value) SetIterValue(iter *MapIter) { v.Set(iter.Value()) }

// Clear clears the contents of a map or zeros the contents of a slice.
func (v Value) Clear() {
	switch v.Kind() {
	case Slice:
		for i := 0; i < v.Len(); i++ {
			v.Index(i).SetZero()
		}
	case Map:
		v.mapClear()
	default:
		panic(&ValueError{"reflect.Value.Clear", v.Kind()})
	}
}

// NumMethod returns the number of methods in the value's method set.
func (v Value) NumMethod() int {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.NumMethod", Invalid})
	}
	return tnummethod(v.t)
}

// Method returns a function value corresponding to v's i'th method.
func (v Value) Method(i int) Value {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.Method", Invalid})
	}
	if uint(i) >= uint(tnummethod(v.t)) {
		panic("reflect: Method index out of range")
	}
	if v.Kind() == Interface && v.IsNil() {
		panic("reflect: Method on nil interface value")
	}
	return v.methodValue(i)
}

// MethodByName returns a function value corresponding to the method of v
// with the given name.
func (v Value) MethodByName(name string) Value {
	if v.flag == 0 {
		panic(&ValueError{"reflect.Value.MethodByName", Invalid})
	}
	i := tmethodindex(v.t, name)
	if i < 0 {
		return Value{}
	}
	return v.Method(i)
}

// Call calls the function v with the input arguments in.
func (v Value) Call(in []Value) []Value {
	v.flag.mustBeAt(Func, "reflect.Value.Call")
	v.flag.mustBeExported("reflect.Value.Call")
	return v.doCall("Call", in, false)
}

// CallSlice calls the variadic function v with the input arguments in,
// assigning the slice in[len(in)-1] to v's final variadic argument.
func (v Value) CallSlice(in []Value) []Value {
	v.flag.mustBeAt(Func, "reflect.Value.CallSlice")
	v.flag.mustBeExported("reflect.Value.CallSlice")
	return v.doCall("CallSlice", in, true)
}

func (v Value) doCall(op string, in []Value, isSlice bool) []Value {
	if v.IsNil() {
		panic("reflect.Value." + op + ": call of nil function")
	}
	t := v.Type()
	n := t.NumIn()
	isVariadic := t.IsVariadic()
	if isSlice {
		if !isVariadic {
			panic("reflect: CallSlice of non-variadic function")
		}
		if len(in) < n {
			panic("reflect: CallSlice with too few input arguments")
		}
		if len(in) > n {
			panic("reflect: CallSlice with too many input arguments")
		}
		n--
	} else {
		if isVariadic {
			n--
		}
		if len(in) < n {
			panic("reflect: Call with too few input arguments")
		}
		if !isVariadic && len(in) > n {
			panic("reflect: Call with too many input arguments")
		}
	}
	for _, x := range in {
		if x.Kind() == Invalid {
			panic("reflect: " + op + " using zero Value argument")
		}
	}
	args := make([]Value, 0, t.NumIn())
	for i := 0; i < n; i++ {
		if xt, targ := in[i].Type(), t.In(i); !xt.AssignableTo(targ) {
			panic("reflect: " + op + " using " + xt.String() + " as type " + targ.String())
		}
		args = append(args, in[i].assignTo("reflect.Value."+op, t.In(i).common()))
	}
	if isSlice {
		args = append(args, in[n].assignTo("reflect.Value.CallSlice", t.In(n).common()))
	} else if isVariadic {
		m := len(in) - n
		st := t.In(n)
		slice := MakeSlice(st, m, m)
		elem := st.Elem()
		for i := 0; i < m; i++ {
			x := in[n+i]
			if xt := x.Type(); !xt.AssignableTo(elem) {
				panic("reflect: cannot use " + xt.String() + " as type " + elem.String() + " in " + op)
			}
			slice.Index(i).Set(x)
		}
		args = append(args, slice)
	}
	return v.call(args)
}

// Convert returns the value v converted to type t.
func (v Value) Convert(t Type) Value {
	if !v.Type().ConvertibleTo(t) {
		panic("reflect.Value.Convert: value of type " + v.Type().String() + " cannot be converted to type " + t.String())
	}
	if v.Kind() == Slice && t.Kind() == Array && v.Len() < t.Len() {
		panic("reflect: cannot convert slice with length " + strconv.Itoa(v.Len()) + " to array with length " + strconv.Itoa(t.Len()))
	}
	if v.Kind() == Slice && t.Kind() == Pointer && t.Elem().Kind() == Array && v.Len() < t.Elem().Len() {
		panic("reflect: cannot convert slice with length " + strconv.Itoa(v.Len()) + " to array or pointer to array with length " + strconv.Itoa(t.Elem().Len()))
	}
	return v.convert(t.common())
}

// CanConvert reports whether the value v can be converted to type t.
func (v Value) CanConvert(t Type) bool {
	vt := v.Type()
	if !vt.ConvertibleTo(t) {
		return false
	}
	switch {
	case vt.Kind() == Slice && t.Kind() == Array:
		return t.Len() <= v.Len()
	case vt.Kind() == Slice && t.Kind() == Pointer && t.Elem().Kind() == Array:
		return v.IsNil() || t.Elem().Len() <= v.Len()
	}
	return true
}

// Comparable reports whether the value v is comparable.
func (v Value) Comparable() bool {
	switch v.Kind() {
	case Invalid:
		return false
	case Array:
		for i := 0; i < v.Len(); i++ {
			if !v.Index(i).Comparable() {
				return false
			}
		}
		return tcomparable(v.t)
	case Interface:
		return v.IsNil() || v.Elem().Comparable()
	case Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Field(i).Comparable() {
				return false
			}
		}
		return true
	}
	return tcomparable(v.t)
}

// Equal reports true if v is equal to u.
func (v Value) Equal(u Value) bool {
	if v.Kind() == Interface {
		v = v.Elem()
	}
	if u.Kind() == Interface {
		u = u.Elem()
	}
	if !v.IsValid() || !u.IsValid() {
		return v.IsValid() == u.IsValid()
	}
	if v.Kind() != u.Kind() || v.t != u.t {
		return false
	}
	if !tcomparable(v.t) {
		panic("reflect.Value.Equal: values of type " + v.Type().String() + " are not comparable")
	}
	return v.equal(u)
}

// Grow increases the slice's capacity, if necessary, to guarantee space
// for another n elements.
func (v Value) Grow(n int) {
	v.flag.mustBeAssignable("reflect.Value.Grow")
	v.flag.mustBeAt(Slice, "reflect.Value.Grow")
	if n < 0 {
		panic("reflect.Value.Grow: negative len")
	}
	if v.vlen()+n > v.vcap() {
		v.assign(v.grow(n))
	}
}

// Seq returns an iter.Seq[Value] that loops over the elements of v.
func (v Value) Seq() func(yield func(Value) bool) {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		return func(yield func(Value) bool) {
			n := v.Int()
			for i := int64(0); i < n; i++ {
				if !yield(ValueOf(i).Convert(v.Type())) {
					return
				}
			}
		}
	case Uint, Uint8, Uint16, Uint32, Uint64, Uintptr:
		return func(yield func(Value) bool) {
			n := v.Uint()
			for i := uint64(0); i < n; i++ {
				if !yield(ValueOf(i).Convert(v.Type())) {
					return
				}
			}
		}
	case Pointer:
		if v.Type().Elem().Kind() != Array {
			break
		}
		return func(yield func(Value) bool) {
			v = v.Elem()
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case Array, Slice:
		return func(yield func(Value) bool) {
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case String:
		return func(yield func(Value) bool) {
			for i := range v.String() {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case Map:
		return func(yield func(Value) bool) {
			i := v.MapRange()
			for i.Next() {
				if !yield(i.Key()) {
					return
				}
			}
		}
	}
	panic("reflect: " + v.Type().String() + " cannot produce iter.Seq[Value]")
}

// Seq2 returns an iter.Seq2[Value, Value] that loops over the elements of v.
func (v Value) Seq2() func(yield func(Value, Value) bool) {
	switch v.Kind() {
	case Pointer:
		if v.Type().Elem().Kind() != Array {
			break
		}
		return func(yield func(Value, Value) bool) {
			v = v.Elem()
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i), v.Index(i)) {
					return
				}
			}
		}
	case Array, Slice:
		return func(yield func(Value, Value) bool) {
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i), v.Index(i)) {
					return
				}
			}
		}
	case String:
		return func(yield func(Value, Value) bool) {
			for i, r := range v.String() {
				if !yield(ValueOf(i), ValueOf(r)) {
					return
				}
			}
		}
	case Map:
		return func(yield func(Value, Value) bool) {
			i := v.MapRange()
			for i.Next() {
				if !yield(i.Key(), i.Value()) {
					return
				}
			}
		}
	}
	panic("reflect: " + v.Type().String() + " cannot produce iter.Seq2[Value, Value]")
}

// Close closes the channel v.
func (v Value) Close() {
	v.flag.mustBeAt(Chan, "reflect.Value.Close")
	v.flag.mustBeExported("reflect.Value.Close")
	v.chanOp(0, Value{})
}

// TrySend attempts to send x on the channel v but will not block.
func (v Value) TrySend(x Value) bool {
	v.flag.mustBeAt(Chan, "reflect.Value.TrySend")
	v.flag.mustBeExported("reflect.Value.TrySend")
	if tchandir(v.t)&SendDir == 0 {
		panic("reflect: send on recv-only channel")
	}
	x = x.assignTo("reflect.Value.Send", telem(v.t))
	_, ok := v.chanOp(1, x)
	return ok
}

// TryRecv attempts to receive a value from the channel v but will not
// block.
func (v Value) TryRecv() (x Value, ok bool) {
	v.flag.mustBeAt(Chan, "reflect.Value.TryRecv")
	v.flag.mustBeExported("reflect.Value.TryRecv")
	if tchandir(v.t)&RecvDir == 0 {
		panic("reflect: recv on send-only chan")
	}
	return v.chanOp(2, Value{})
}

// Send sends x on the channel v, parking the goroutine as a send does.
func (v Value) Send(x Value) {
	v.flag.mustBeAt(Chan, "reflect.Value.Send")
	v.flag.mustBeExported("reflect.Value.Send")
	if tchandir(v.t)&SendDir == 0 {
		panic("reflect: send on recv-only channel")
	}
	x.flag.mustBeExported("reflect.Value.Send")
	x = x.assignTo("reflect.Value.Send", telem(v.t))
	v.send(x)
}

// Recv receives and returns a value from the channel v, parking the
// goroutine as a receive does.
func (v Value) Recv() (x Value, ok bool) {
	v.flag.mustBeAt(Chan, "reflect.Value.Recv")
	v.flag.mustBeExported("reflect.Value.Recv")
	if tchandir(v.t)&RecvDir == 0 {
		panic("reflect: recv on send-only chan")
	}
	return v.recv()
}

// Indirect returns the value that v points to. If v is a nil pointer,
// Indirect returns a zero Value. If v is not a pointer, Indirect returns v.
func Indirect(v Value) Value {
	if v.Kind() != Pointer {
		return v
	}
	return v.Elem()
}

// New returns a Value representing a pointer to a new zero value for the
// specified type.
func New(typ Type) Value {
	if typ == nil {
		panic("reflect: New(nil)")
	}
	return newValue(typ.common())
}

// NewAt is not supported: spindle has no addresses.
func NewAt(typ Type, p unsafe.Pointer) Value {
	panic("reflect.NewAt: not supported by spindle")
}

// Zero returns a Value representing the zero value for the specified type.
func Zero(typ Type) Value {
	if typ == nil {
		panic("reflect: Zero(nil)")
	}
	return zeroValue(typ.common())
}

// MakeSlice creates a new zero-initialized slice value for the specified
// slice type, length, and capacity.
func MakeSlice(typ Type, len, cap int) Value {
	if typ.Kind() != Slice {
		panic("reflect.MakeSlice of non-slice type")
	}
	if len < 0 {
		panic("reflect.MakeSlice: negative len")
	}
	if cap < 0 {
		panic("reflect.MakeSlice: negative cap")
	}
	if len > cap {
		panic("reflect.MakeSlice: len > cap")
	}
	return makeSlice(typ.common(), len, cap)
}

// SliceAt is not supported: spindle has no addresses.
func SliceAt(typ Type, p unsafe.Pointer, n int) Value {
	panic("reflect.SliceAt: not supported by spindle")
}

// MakeMap creates a new map with the specified type.
func MakeMap(typ Type) Value { return MakeMapWithSize(typ, 0) }

// MakeMapWithSize creates a new map with the specified type and initial
// space for approximately n elements.
func MakeMapWithSize(typ Type, n int) Value {
	if typ.Kind() != Map {
		panic("reflect.MakeMapWithSize of non-map type")
	}
	return makeMap(typ.common(), n)
}

// MakeChan creates a new channel with the specified type and buffer size.
func MakeChan(typ Type, buffer int) Value {
	if typ.Kind() != Chan {
		panic("reflect.MakeChan of non-chan type")
	}
	if buffer < 0 {
		panic("reflect.MakeChan: negative buffer size")
	}
	if typ.ChanDir() != BothDir {
		panic("reflect.MakeChan: unidirectional channel type")
	}
	return makeChan(typ.common(), buffer)
}

// Append appends the values x to a slice s and returns the resulting slice.
func Append(s Value, x ...Value) Value {
	s.flag.mustBeAt(Slice, "reflect.Append")
	et := telem(s.t)
	xs := make([]Value, len(x))
	for i, e := range x {
		e.flag.mustBeExported("reflect.Append")
		xs[i] = e.assignTo("reflect.Append", et)
	}
	return s.appendValues(xs)
}

// AppendSlice appends a slice t to a slice s and returns the resulting slice.
func AppendSlice(s, t Value) Value {
	s.flag.mustBeAt(Slice, "reflect.AppendSlice")
	t.flag.mustBeAt(Slice, "reflect.AppendSlice")
	if telem(s.t) != telem(t.t) {
		panic("reflect.AppendSlice: " + tstring(s.t) + " != " + tstring(t.t))
	}
	n := t.Len()
	xs := make([]Value, n)
	for i := 0; i < n; i++ {
		xs[i] = t.Index(i)
	}
	return s.appendValues(xs)
}

// Copy copies the contents of src into dst until either dst has been
// filled or src has been exhausted. It returns the number of elements
// copied.
func Copy(dst, src Value) int {
	dk := dst.Kind()
	if dk != Array && dk != Slice {
		panic(&ValueError{"reflect.Copy", dk})
	}
	if dk == Array && dst.flag&flagAddr == 0 {
		panic("reflect.Copy: unaddressable array value")
	}
	dst.flag.mustBeExported("reflect.Copy")
	sk := src.Kind()
	var stringCopy bool
	if sk != Array && sk != Slice {
		stringCopy = sk == String && tkind(telem(dst.t)) == Uint8
		if !stringCopy {
			panic(&ValueError{"reflect.Copy", sk})
		}
	}
	src.flag.mustBeExported("reflect.Copy")
	if !stringCopy && telem(dst.t) != telem(src.t) {
		panic("reflect.Copy: " + tstring(dst.t) + " != " + tstring(src.t))
	}
	return copyValues(dst, src)
}

// Swapper returns a function that swaps the elements in the provided slice.
func Swapper(slice any) func(i, j int) {
	v := ValueOf(slice)
	if v.Kind() != Slice {
		panic(&ValueError{"Swapper", v.Kind()})
	}
	n := v.Len()
	return func(i, j int) {
		if uint(i) >= uint(n) || uint(j) >= uint(n) {
			panic("reflect: slice index out of range")
		}
		v.swap(i, j)
	}
}

// DeepEqual reports whether x and y are "deeply equal", as Go defines it.
func DeepEqual(x, y any) bool { return deepEqual(x, y) }

// TypeAssert is v.Interface().(T), without the allocation Go avoids.
func TypeAssert[T any](v Value) (T, bool) {
	if v.flag == 0 {
		panic(&ValueError{"reflect.TypeAssert", Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	x, ok := v.iface().(T)
	return x, ok
}

func makeFunc(t unsafe.Pointer, fn func([]Value) []Value) Value
func funcOf(in, out []unsafe.Pointer, variadic bool) unsafe.Pointer
func structOf(names, pkgs, tags []string, types []unsafe.Pointer, embedded []bool) unsafe.Pointer
func fastrand() uint64

// MakeFunc returns a new function of the given Type that wraps the
// function fn. The function runs as a host callback.
func MakeFunc(typ Type, fn func(args []Value) (results []Value)) Value {
	if typ.Kind() != Func {
		panic("reflect: call of MakeFunc with non-Func type")
	}
	return makeFunc(typ.common(), fn)
}

// FuncOf returns the function type with the given argument and result
// types.
func FuncOf(in, out []Type, variadic bool) Type {
	if variadic && (len(in) == 0 || in[len(in)-1].Kind() != Slice) {
		panic("reflect.FuncOf: last arg of variadic func must be slice")
	}
	ins := make([]unsafe.Pointer, len(in))
	for i, t := range in {
		ins[i] = t.common()
	}
	outs := make([]unsafe.Pointer, len(out))
	for i, t := range out {
		outs[i] = t.common()
	}
	return toType(funcOf(ins, outs, variadic))
}

// StructOf returns the struct type containing fields.
func StructOf(fields []StructField) Type {
	n := len(fields)
	names, pkgs, tags := make([]string, n), make([]string, n), make([]string, n)
	typs, emb := make([]unsafe.Pointer, n), make([]bool, n)
	seen := map[string]bool{}
	for i, f := range fields {
		if f.Name == "" {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has no name")
		}
		if !isValidFieldName(f.Name) {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has invalid name")
		}
		if f.Type == nil {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has no type")
		}
		if f.Name[0] < 'A' || f.Name[0] > 'Z' {
			if f.PkgPath == "" {
				panic("reflect.StructOf: field \"" + f.Name + "\" is unexported but missing PkgPath")
			}
		}
		if seen[f.Name] && f.Name != "_" {
			panic("reflect.StructOf: duplicate field " + f.Name)
		}
		seen[f.Name] = true
		names[i], pkgs[i], tags[i], typs[i], emb[i] = f.Name, f.PkgPath, string(f.Tag), f.Type.common(), f.Anonymous
	}
	return toType(structOf(names, pkgs, tags, typs, emb))
}

func isValidFieldName(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80 || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return len(s) > 0
}

// A SelectDir describes the communication direction of a select case.
type SelectDir int

// The select directions.
const (
	_ SelectDir = iota
	SelectSend
	SelectRecv
	SelectDefault
)

// A SelectCase describes a single case in a select operation.
type SelectCase struct {
	Dir  SelectDir
	Chan Value
	Send Value
}

// Select executes a select operation described by the list of cases. It
// chooses among the ready cases at random, as Go's select does; like Send
// and Recv it retries (yielding the shard) while no case is ready, so a
// select that can never proceed is not reported as a deadlock.
func Select(cases []SelectCase) (chosen int, recv Value, recvOK bool) {
	def := -1
	sends := make([]Value, len(cases))
	for i, c := range cases {
		switch c.Dir {
		case SelectDefault:
			if def >= 0 {
				panic("reflect.Select: multiple default cases")
			}
			if c.Chan.IsValid() {
				panic("reflect.Select: default case has Chan value")
			}
			if c.Send.IsValid() {
				panic("reflect.Select: default case has Send value")
			}
			def = i
		case SelectSend:
			if !c.Chan.IsValid() {
				break
			}
			c.Chan.flag.mustBeAt(Chan, "reflect.Select")
			c.Chan.flag.mustBeExported("reflect.Select")
			if tchandir(c.Chan.t)&SendDir == 0 {
				panic("reflect.Select: SendDir case using recv-only channel")
			}
			if !c.Send.IsValid() {
				panic("reflect.Select: SendDir case missing Send value")
			}
			c.Send.flag.mustBeExported("reflect.Select")
			sends[i] = c.Send.assignTo("reflect.Select", telem(c.Chan.t))
		case SelectRecv:
			if c.Send.IsValid() {
				panic("reflect.Select: RecvDir case has Send value")
			}
			if !c.Chan.IsValid() {
				break
			}
			c.Chan.flag.mustBeAt(Chan, "reflect.Select")
			c.Chan.flag.mustBeExported("reflect.Select")
			if tchandir(c.Chan.t)&RecvDir == 0 {
				panic("reflect.Select: RecvDir case using send-only channel")
			}
		default:
			panic("reflect.Select: invalid Dir")
		}
	}
	n := len(cases)
	for {
		if n > 0 {
			start := int(fastrand() % uint64(n))
			for k := 0; k < n; k++ {
				i := (start + k) % n
				c := cases[i]
				if !c.Chan.IsValid() || c.Chan.IsNil() {
					continue
				}
				switch c.Dir {
				case SelectSend:
					if _, ok := c.Chan.chanOp(1, sends[i]); ok {
						return i, Value{}, false
					}
				case SelectRecv:
					if x, ok := c.Chan.chanOp(2, Value{}); x.IsValid() {
						return i, x, ok
					}
				}
			}
		}
		if def >= 0 {
			return def, Value{}, false
		}
		gosched()
	}
}

// SliceHeader is the runtime representation of a slice in gc. spindle's
// slices are not laid out this way: converting a slice's address to a
// *SliceHeader panics, saying so (the type exists so that code choosing
// it under a build tag compiles).
//
// Deprecated: Use unsafe.Slice or unsafe.SliceData instead.
type SliceHeader struct {
	Data uintptr
	Len  int
	Cap  int
}

// StringHeader is the runtime representation of a string in gc; see
// SliceHeader.
//
// Deprecated: Use unsafe.String or unsafe.StringData instead.
type StringHeader struct {
	Data uintptr
	Len  int
}
