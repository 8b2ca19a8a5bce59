package vm

import (
	"bytes"
	"encoding/binary"
	"math"
	"unsafe"
)

// Equal reports whether a == b for values of type t, with Go's semantics.
// It panics with a guest run-time error when t (or an interface's dynamic
// type) is not comparable.
func Equal(t *Type, a, b Value) bool {
	switch t.Kind {
	case KFloat32, KFloat64:
		return math.Float64frombits(a.N) == math.Float64frombits(b.N)
	case KComplex64, KComplex128:
		return a.Complex() == b.Complex()
	case KString:
		return a.String() == b.String()
	case KInterface:
		x, y := a.Iface(), b.Iface()
		if x == nil || y == nil {
			return x == y
		}
		if x.T != y.T {
			return false
		}
		if !x.T.Comparable {
			panic(runtimeError("comparing uncomparable type " + x.T.Name))
		}
		return Equal(x.T, x.V, y.V)
	case KArray:
		if t.PackedBytes() {
			return bytes.Equal(a.Bytes(), b.Bytes())
		}
		if t.PackedWords() {
			xs, ys := a.Words(), b.Words()
			for i := range xs {
				if !Equal(t.Elem, Value{N: xs[i]}, Value{N: ys[i]}) {
					return false
				}
			}
			return true
		}
		xs, ys := a.Slice(), b.Slice()
		for i := range xs {
			if !Equal(t.Elem, xs[i], ys[i]) {
				return false
			}
		}
		return true
	case KStruct:
		xs, ys := a.Slice(), b.Slice()
		for i, f := range t.Fields {
			if f.Name == "_" {
				continue
			}
			if !Equal(f.Type, xs[i], ys[i]) {
				return false
			}
		}
		return true
	case KPointer, KChan, KMap, KFunc, KSlice, KUnsafePointer:
		return ptrIdentity(t, a.R) == ptrIdentity(t, b.R)
	}
	return a.N == b.N
}

// Addr returns the address of a reference-typed value's payload (what
// %p prints and uintptr conversions give).
func Addr(r any) uintptr {
	if a, ok := r.(rawAddr); ok {
		return a.h.Value()
	}
	return refIdentity(r)
}

// ptrIdentity is refIdentity for a value of type t. A pointer to a
// non-empty array is its first element's address, as in gc: &a and the
// (*[N]T)(s) of a slice of a's storage are the same pointer, though
// the second is a cell of its own.
func ptrIdentity(t *Type, r any) uintptr {
	if t.Kind == KPointer && t.Elem.Kind == KArray && t.Elem.Len > 0 {
		if p, ok := r.(*Value); ok && p != nil {
			if id := refIdentity(p.R); id != 0 {
				return id
			}
		}
	}
	return refIdentity(r)
}

// refIdentity returns the identity of a reference-typed value's payload.
func refIdentity(r any) uintptr {
	switch p := r.(type) {
	case nil:
		return 0
	case *Value:
		return uintptr(unsafe.Pointer(p))
	case *Chan:
		return uintptr(unsafe.Pointer(p))
	case *Map:
		return uintptr(unsafe.Pointer(p))
	case *Closure:
		return uintptr(unsafe.Pointer(p))
	case []Value:
		if len(p) == 0 && cap(p) == 0 {
			return 0
		}
		return uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	case []byte:
		if len(p) == 0 && cap(p) == 0 {
			return 0
		}
		return uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	case []uint64:
		if len(p) == 0 && cap(p) == 0 {
			return 0
		}
		return uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	}
	// Host objects stored in unsafe.Pointer values, and pointers made
	// from integers (interned: one data word per address): compare the
	// interface data word.
	type eface struct{ t, d unsafe.Pointer }
	return uintptr((*eface)(unsafe.Pointer(&r)).d)
}

// appendKey appends a canonical encoding of v (of comparable type t) to b:
// two values are == iff their encodings are equal (NaN aside, see Map).
func appendKey(b []byte, t *Type, v Value) []byte {
	switch t.Kind {
	case KFloat32, KFloat64:
		f := math.Float64frombits(v.N)
		if f == 0 {
			f = 0 // -0 == +0
		}
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
	case KComplex64, KComplex128:
		c := v.Complex()
		r, i := real(c), imag(c)
		if r == 0 {
			r = 0
		}
		if i == 0 {
			i = 0
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(r))
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(i))
	case KString:
		s := v.String()
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...)
	case KInterface:
		x := v.Iface()
		if x == nil {
			return append(b, 0)
		}
		if !x.T.Comparable {
			panic(runtimeError("hash of unhashable type " + x.T.Name))
		}
		b = append(b, 1)
		b = binary.LittleEndian.AppendUint64(b, uint64(uintptr(unsafe.Pointer(x.T))))
		return appendKey(b, x.T, x.V)
	case KArray:
		if t.PackedBytes() {
			return append(b, v.Bytes()...)
		}
		if t.PackedWords() {
			for _, w := range v.Words() {
				b = appendKey(b, t.Elem, Value{N: w})
			}
			return b
		}
		for _, e := range v.Slice() {
			b = appendKey(b, t.Elem, e)
		}
		return b
	case KStruct:
		for i, e := range v.Slice() {
			if t.Fields[i].Name == "_" {
				continue
			}
			b = appendKey(b, t.Fields[i].Type, e)
		}
		return b
	case KPointer, KChan, KMap, KFunc, KSlice, KUnsafePointer:
		return binary.LittleEndian.AppendUint64(b, uint64(ptrIdentity(t, v.R)))
	}
	return binary.LittleEndian.AppendUint64(b, v.N)
}

// hasNaN reports whether a key of type t holding v contains a NaN (such a
// key is never equal to itself, so every insertion makes a new entry).
func hasNaN(t *Type, v Value) bool {
	switch t.Kind {
	case KFloat32, KFloat64:
		f := math.Float64frombits(v.N)
		return f != f
	case KComplex64, KComplex128:
		c := v.Complex()
		return real(c) != real(c) || imag(c) != imag(c)
	case KInterface:
		if x := v.Iface(); x != nil {
			return hasNaN(x.T, x.V)
		}
	case KArray:
		if t.Elem.Kind == KFloat64 {
			for _, w := range v.Words() {
				if f := math.Float64frombits(w); f != f {
					return true
				}
			}
		}
		for _, e := range v.Slice() {
			if hasNaN(t.Elem, e) {
				return true
			}
		}
	case KStruct:
		for i, e := range v.Slice() {
			if hasNaN(t.Fields[i].Type, e) {
				return true
			}
		}
	}
	return false
}
