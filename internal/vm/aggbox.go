package vm

import "unsafe"

// Aggregates in one allocation.
//
// A struct or array of Values is a Value whose R holds a []Value. Storing
// a slice in an interface allocates its header (runtime.convTslice), so
// an aggregate made the plain way, Value{R: make([]Value, n)}, costs two
// allocations: the elements and the header. NewAgg makes both in one
// object, the header followed by the elements, and points the
// interface's data word at that header: the interface is then exactly
// what converting the slice would have made (its type word is
// []Value's, its data a pointer to an immutable header, the elements
// kept alive through the header as through any interior pointer), one
// allocation instead of two. Up to aggBoxMax elements; more, the plain
// way.

// aggBox is the allocation of NewAgg for n = len(A) elements.
type aggBox[A any] struct {
	hdr []Value
	arr A
}

// eface is the layout of an empty interface.
type eface struct {
	typ, data unsafe.Pointer
}

// sliceType is the type word of an interface holding a []Value.
var sliceType = func() unsafe.Pointer {
	var x any = []Value(nil)
	return (*eface)(unsafe.Pointer(&x)).typ
}()

const aggBoxMax = 8

// NewAgg returns an aggregate Value of n zero elements and its elements
// (the Value's storage, to fill in).
func NewAgg(n int) (Value, []Value) {
	var hdr *[]Value
	switch n {
	case 1:
		b := &aggBox[[1]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 2:
		b := &aggBox[[2]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 3:
		b := &aggBox[[3]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 4:
		b := &aggBox[[4]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 5:
		b := &aggBox[[5]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 6:
		b := &aggBox[[6]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 7:
		b := &aggBox[[7]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	case 8:
		b := &aggBox[[8]Value]{}
		b.hdr, hdr = b.arr[:], &b.hdr
	default:
		s := make([]Value, n)
		return Value{R: s}, s
	}
	var v Value
	*(*eface)(unsafe.Pointer(&v.R)) = eface{sliceType, unsafe.Pointer(hdr)}
	return v, *hdr
}
