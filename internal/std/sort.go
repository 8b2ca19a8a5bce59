package std

import (
	"slices"
	"strings"
	"unsafe"

	"spindle/internal/vm"
)

// Host side of the guest sort and slices packages: sorting slices of
// ordered element types with Go's own algorithm (so equal-comparing but
// distinguishable elements, like -0.0 and +0.0, end up where Go puts
// them), and the permutation primitive behind sort.Slice.

// guestSlice is a guest slice's elements: s; or, byte-packed, for an
// element type of kind bool, int8 or uint8 (vm.Type.PackedBytes), b; or,
// word-packed, for one of kind int, int64, uint, uint64 or float64
// (vm.Type.PackedWords), w.
type guestSlice struct {
	s      []vm.Value
	b      []byte
	w      []uint64
	packed packing
}

// packing is how a guest slice stores its elements.
type packing uint8

const (
	notPacked packing = iota
	packedBytes
	packedWords
)

func (g guestSlice) len() int { return len(g.s) + len(g.b) + len(g.w) }

// sliceOf returns the elements and element type of the guest slice in the
// interface value v; it panics like reflect for a non-slice.
func sliceOf(v vm.Value, fn string) (guestSlice, *vm.Type) {
	x := v.Iface()
	if x == nil {
		panic(vm.PlainError("reflect: call of " + fn + " on zero Value"))
	}
	if x.T.Kind != vm.KSlice {
		panic(vm.PlainError("reflect: call of " + fn + " on " + kindName(x.T.Kind) + " Value"))
	}
	switch {
	case x.T.PackedBytes():
		return guestSlice{b: x.V.Bytes(), packed: packedBytes}, x.T.Elem
	case x.T.PackedWords():
		return guestSlice{w: x.V.Words(), packed: packedWords}, x.T.Elem
	}
	return guestSlice{s: x.V.Slice()}, x.T.Elem
}

// int8s is b's bytes as int8s (the guest's storage of an []int8).
func int8s(b []byte) []int8 {
	return unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}

// int64s is w's words as int64s (the guest's storage of an []int or
// []int64).
func int64s(w []uint64) []int64 {
	return unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(w))), len(w))
}

// float64s is w's words as float64s (the guest's storage of a
// []float64: each element its bits).
func float64s(w []uint64) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(w))), len(w))
}

// sortGuest sorts g (elements of kind k) like Go's slices.Sort: packed
// bytes and words in place.
func sortGuest(g guestSlice, k vm.Kind) {
	switch {
	case g.packed == notPacked:
		sortValues(g.s, k)
	case g.packed == packedWords:
		switch {
		case k.IsSigned():
			slices.Sort(int64s(g.w))
		case k.IsUnsigned():
			slices.Sort(g.w)
		case k.IsFloat():
			slices.Sort(float64s(g.w)) // NaNs first, as Go's
		default:
			panic(vm.Fatal("BUG: sort of word-packed kind " + kindName(k)))
		}
	case k == vm.KUint8:
		slices.Sort(g.b)
	case k == vm.KInt8:
		slices.Sort(int8s(g.b))
	default:
		panic(vm.Fatal("BUG: sort of unordered kind " + kindName(k)))
	}
}

// isSortedGuest reports whether g (elements of kind k) is sorted.
func isSortedGuest(g guestSlice, k vm.Kind) bool {
	switch {
	case g.packed == notPacked:
		return isSortedValues(g.s, k)
	case g.packed == packedWords:
		switch {
		case k.IsSigned():
			return slices.IsSorted(int64s(g.w))
		case k.IsFloat():
			return slices.IsSorted(float64s(g.w))
		}
		return slices.IsSorted(g.w)
	case k == vm.KInt8:
		return slices.IsSorted(int8s(g.b))
	}
	return slices.IsSorted(g.b)
}

func kindName(k vm.Kind) string {
	names := [...]string{"invalid", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
		"float32", "float64", "complex64", "complex128", "array", "chan", "func", "interface", "map", "ptr", "slice", "string", "struct", "unsafe.Pointer"}
	if int(k) < len(names) {
		return names[k]
	}
	return "invalid"
}

// sortValues sorts s (elements of kind k) like Go's slices.Sort.
func sortValues(s []vm.Value, k vm.Kind) {
	switch {
	case k.IsSigned():
		a := make([]int64, len(s))
		for i, v := range s {
			a[i] = int64(v.N)
		}
		slices.Sort(a)
		for i, x := range a {
			s[i].N = uint64(x)
		}
	case k.IsUnsigned():
		a := make([]uint64, len(s))
		for i, v := range s {
			a[i] = v.N
		}
		slices.Sort(a)
		for i, x := range a {
			s[i].N = x
		}
	case k.IsFloat():
		a := make([]float64, len(s))
		for i, v := range s {
			a[i] = v.Float()
		}
		slices.Sort(a)
		for i, x := range a {
			s[i] = vm.Float(x)
		}
	case k == vm.KString:
		a := make([]string, len(s))
		for i, v := range s {
			a[i] = v.String()
		}
		slices.Sort(a)
		for i, x := range a {
			s[i] = vm.Str(x)
		}
	default:
		panic(vm.Fatal("BUG: sort of unordered kind " + kindName(k)))
	}
}

// isSortedValues reports whether s (elements of kind k) is sorted.
func isSortedValues(s []vm.Value, k vm.Kind) bool {
	for i := len(s) - 1; i > 0; i-- {
		a, b := s[i], s[i-1]
		var less bool
		switch {
		case k.IsSigned():
			less = int64(a.N) < int64(b.N)
		case k.IsUnsigned():
			less = a.N < b.N
		case k.IsFloat():
			x, y := a.Float(), b.Float()
			less = x < y || (x != x && y == y)
		default:
			less = strings.Compare(a.String(), b.String()) < 0
		}
		if less {
			return false
		}
	}
	return true
}

var sortFuncs = hostTable{
	"slices.sortOrdered":   slicesSortOrdered,
	"sort.sortOrdered":     sortSortOrdered,
	"sort.isSortedOrdered": sortIsSortedOrdered,
	"sort.sliceLen":        sortSliceLen,
	"sort.permute":         sortPermute,
}

func slicesSortOrdered(f *vm.Fiber, args, res []vm.Value) {
	g, elem := sliceOf(args[0], "sort")
	sortGuest(g, elem.Kind)
}

func sortSortOrdered(f *vm.Fiber, args, res []vm.Value) {
	g, elem := sliceOf(args[0], "sort")
	sortGuest(g, elem.Kind)
}

func sortIsSortedOrdered(f *vm.Fiber, args, res []vm.Value) {
	g, elem := sliceOf(args[0], "sort")
	res[0] = vm.Bool(isSortedGuest(g, elem.Kind))
}

func sortSliceLen(f *vm.Fiber, args, res []vm.Value) {
	g, _ := sliceOf(args[0], args[1].String())
	res[0] = vm.Int(int64(g.len()))
}

func sortPermute(f *vm.Fiber, args, res []vm.Value) {
	// s[k] = old s[perm[k]] for every k.
	g, elem := sliceOf(args[0], "Swapper")
	perm := args[1].Words() // a []int: word-packed
	switch g.packed {
	case packedBytes:
		old := append([]byte(nil), g.b...)
		for k, p := range perm {
			g.b[k] = old[p]
		}
		return
	case packedWords:
		old := append([]uint64(nil), g.w...)
		for k, p := range perm {
			g.w[k] = old[p]
		}
		return
	}
	s := g.s
	old := make([]vm.Value, len(s))
	if elem.IsAgg() {
		for i, v := range s {
			old[i] = elem.Copy(v)
		}
		for k, p := range perm {
			elem.Assign(&s[k], old[p])
		}
		return
	}
	copy(old, s)
	for k, p := range perm {
		s[k] = old[p]
	}
}
