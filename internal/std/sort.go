package std

import (
	"slices"
	"strings"

	"spindle/internal/vm"
)

// Host side of the guest sort and slices packages: sorting slices of
// ordered element types with Go's own algorithm (so equal-comparing but
// distinguishable elements, like -0.0 and +0.0, end up where Go puts
// them), and the permutation primitive behind sort.Slice.

// sliceOf returns the elements and element type of the guest slice in the
// interface value v; it panics like reflect for a non-slice.
func sliceOf(v vm.Value, fn string) ([]vm.Value, *vm.Type) {
	x := v.Iface()
	if x == nil {
		panic(vm.PlainError("reflect: call of " + fn + " on zero Value"))
	}
	if x.T.Kind != vm.KSlice {
		panic(vm.PlainError("reflect: call of " + fn + " on " + kindName(x.T.Kind) + " Value"))
	}
	return x.V.Slice(), x.T.Elem
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
	s, elem := sliceOf(args[0], "sort")
	sortValues(s, elem.Kind)
}

func sortSortOrdered(f *vm.Fiber, args, res []vm.Value) {
	s, elem := sliceOf(args[0], "sort")
	sortValues(s, elem.Kind)
}

func sortIsSortedOrdered(f *vm.Fiber, args, res []vm.Value) {
	s, elem := sliceOf(args[0], "sort")
	res[0] = vm.Bool(isSortedValues(s, elem.Kind))
}

func sortSliceLen(f *vm.Fiber, args, res []vm.Value) {
	s, _ := sliceOf(args[0], args[1].String())
	res[0] = vm.Int(int64(len(s)))
}

func sortPermute(f *vm.Fiber, args, res []vm.Value) {
	// s[k] = old s[perm[k]] for every k.
	s, elem := sliceOf(args[0], "Swapper")
	perm := args[1].Slice()
	old := make([]vm.Value, len(s))
	if elem.IsAgg() {
		for i, v := range s {
			old[i] = elem.Copy(v)
		}
		for k, p := range perm {
			elem.Assign(&s[k], old[p.N])
		}
		return
	}
	copy(old, s)
	for k, p := range perm {
		s[k] = old[p.N]
	}
}
