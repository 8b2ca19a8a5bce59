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
		hdr = newAggBox[[1]Value](1)
	case 2:
		hdr = newAggBox[[2]Value](2)
	case 3:
		hdr = newAggBox[[3]Value](3)
	case 4:
		hdr = newAggBox[[4]Value](4)
	case 5:
		hdr = newAggBox[[5]Value](5)
	case 6:
		hdr = newAggBox[[6]Value](6)
	case 7:
		hdr = newAggBox[[7]Value](7)
	case 8:
		hdr = newAggBox[[8]Value](8)
	default:
		s := make([]Value, n)
		return Value{R: s}, s
	}
	var v Value
	*(*eface)(unsafe.Pointer(&v.R)) = eface{sliceType, unsafe.Pointer(hdr)}
	return v, *hdr
}

// newAggBox allocates an aggBox of n = len(A) elements and returns its
// header, set to the elements.
func newAggBox[A any](n int) *[]Value {
	b := new(aggBox[A])
	b.hdr = unsafe.Slice((*Value)(unsafe.Pointer(&b.arr)), n)
	return &b.hdr
}
