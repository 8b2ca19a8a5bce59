package vm

import (
	"math"
	"unsafe"
)

// Value is one guest value: a register, a variable, a struct field or a
// slice element. Its meaning is fixed by the static type the compiler knows:
//
//	bool                      N = 0 or 1
//	int8..int64, int          N = the value sign-extended to 64 bits
//	uint8..uint64, uintptr    N = the value zero-extended to 64 bits
//	float32, float64          N = math.Float64bits of the value (float32 kept rounded)
//	complex64, complex128     R = complex128 (nil = 0)
//	string                    R = string (nil = "")
//	pointer                   R = *Value (nil = nil pointer), or *byte to
//	                          an element of packed storage
//	slice                     R = []Value (nil = nil slice)
//	array, struct             R = []Value, one element per element or field
//	packed slice, array       R = []byte, one byte per element (Type.Packed:
//	                          elements of kind bool, int8 or uint8)
//	map                       R = *Map
//	chan                      R = *Chan
//	func                      R = *Closure
//	interface                 R = *Iface (nil = nil interface)
//	unsafe.Pointer            R = anything
//
// Scalars never allocate: arithmetic reads and writes N only. Aggregates
// (arrays and structs) are values: a register holding one is never mutated
// in place, so Load and Store copy them (see copyAgg).
type Value struct {
	N uint64
	R any
}

// Iface is the dynamic part of a non-nil interface value.
type Iface struct {
	T *Type
	V Value
}

// Closure is a function value: code plus captured variables.
type Closure struct {
	Fn   *Func
	Free []Value
}

// newClosure returns a closure of fn with n (zeroed) free variables. Up to
// four free variables are allocated together with the closure record: one
// allocation instead of two (goroutine bodies and callbacks are mostly
// closures over a few variables).
func newClosure(fn *Func, n int) *Closure {
	switch n {
	case 1:
		return withFree[[1]Value](fn, n)
	case 2:
		return withFree[[2]Value](fn, n)
	case 3:
		return withFree[[3]Value](fn, n)
	case 4:
		return withFree[[4]Value](fn, n)
	}
	return &Closure{Fn: fn, Free: make([]Value, n)}
}

// withFree allocates a closure and its n free variables (R is [n]Value)
// as one object.
func withFree[R any](fn *Func, n int) *Closure {
	x := new(struct {
		c Closure
		r R
	})
	x.c = Closure{Fn: fn, Free: unsafe.Slice((*Value)(unsafe.Pointer(&x.r)), n)}
	return &x.c
}

// Int returns a Value holding the signed integer i.
func Int(i int64) Value { return Value{N: uint64(i)} }

// Uint returns a Value holding the unsigned integer u.
func Uint(u uint64) Value { return Value{N: u} }

// Bool returns a Value holding b.
func Bool(b bool) Value {
	if b {
		return Value{N: 1}
	}
	return Value{}
}

// Float returns a Value holding f.
func Float(f float64) Value { return Value{N: math.Float64bits(f)} }

// Str returns a Value holding s.
func Str(s string) Value {
	if s == "" {
		return Value{}
	}
	return Value{R: s}
}

// String returns v's string (v must have string type).
func (v Value) String() string {
	s, _ := v.R.(string)
	return s
}

// Float returns v's float64.
func (v Value) Float() float64 { return math.Float64frombits(v.N) }

// Int returns v's signed integer.
func (v Value) Int() int64 { return int64(v.N) }

// Bool returns v's bool.
func (v Value) Bool() bool { return v.N != 0 }

// Complex returns v's complex128.
func (v Value) Complex() complex128 {
	c, _ := v.R.(complex128)
	return c
}

// Slice returns v's elements (slice, array or struct).
func (v Value) Slice() []Value {
	s, _ := v.R.([]Value)
	return s
}

// Bytes returns the packed elements of v, a slice or array of a packed
// type (Type.Packed): the guest's storage itself, not a copy.
func (v Value) Bytes() []byte {
	b, _ := v.R.([]byte)
	return b
}

// Words returns the packed elements of v, a slice or array of a
// word-packed type (Type.PackedWords): the guest's storage itself.
func (v Value) Words() []uint64 {
	w, _ := v.R.([]uint64)
	return w
}

// IsPtr reports whether v, of a pointer type, is non-nil: a *Value, or a
// *byte or *uint64 into packed storage.
func (v Value) IsPtr() bool {
	switch p := v.R.(type) {
	case *Value:
		return p != nil
	case *byte:
		return p != nil
	case *uint64:
		return p != nil
	}
	return false
}

// StoreThrough writes x, a scalar, through v, a non-nil pointer (a *Value,
// or a *byte or *uint64 into packed storage; a *byte keeps x's low byte).
func (v Value) StoreThrough(x Value) {
	switch p := v.R.(type) {
	case *Value:
		*p = x
	case *byte:
		*p = byte(x.N)
	case *uint64:
		*p = x.N
	}
}

// LoadThrough reads the scalar v, a non-nil pointer, points at (an
// element of byte-packed storage loads zero-extended).
func (v Value) LoadThrough() Value {
	switch p := v.R.(type) {
	case *Value:
		return *p
	case *byte:
		return Value{N: uint64(*p)}
	case *uint64:
		return Value{N: *p}
	}
	return Value{}
}

// Ptr returns v's pointer target.
func (v Value) Ptr() *Value {
	p, _ := v.R.(*Value)
	return p
}

// Iface returns v's interface box (nil for a nil interface).
func (v Value) Iface() *Iface {
	p, _ := v.R.(*Iface)
	return p
}

// Complex returns a Value holding c.
func Complex(c complex128) Value {
	if c == 0 {
		return Value{R: complex128(0)}
	}
	return Value{R: c}
}
