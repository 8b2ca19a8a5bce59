// Package sort is spindle's guest sort package: sorting slices and
// user-defined collections, and binary search.
//
// Sort, Slice and the typed helpers take exactly the steps of Go's
// pattern-defeating quicksort, so elements that compare equal end up in
// the same order as under Go. Ints, Strings and Float64s (and Sort of an
// IntSlice, StringSlice or Float64Slice) sort on the host. Slice sorts a
// permutation of indexes with the less function and then moves the
// elements once; SliceStable and Stable are stable merge sorts (Stable
// works in place through Less and Swap only), so they return Go's result
// but call less and Swap a different number of times.
//
// Missing: nothing of the exported API.
package sort

import "math/bits"

// An implementation of Interface can be sorted by the routines in this
// package. The methods refer to elements of the underlying collection by
// integer index.
type Interface interface {
	// Len is the number of elements in the collection.
	Len() int
	// Less reports whether the element with index i must sort before the
	// element with index j.
	Less(i, j int) bool
	// Swap swaps the elements with indexes i and j.
	Swap(i, j int)
}

// Host primitives over a slice held in an interface value.
func sortOrdered(x any)
func isSortedOrdered(x any) bool
func sliceLen(x any, op string) int
func permute(x any, perm []int)

// Sort sorts data in ascending order as determined by the Less method. It
// makes one call to data.Len to determine n and O(n*log(n)) calls to
// data.Less and data.Swap. The sort is not guaranteed to be stable.
func Sort(data Interface) {
	switch x := data.(type) {
	case IntSlice:
		Ints(x)
		return
	case StringSlice:
		Strings(x)
		return
	case Float64Slice:
		Float64s(x)
		return
	case *reverse:
		// Descending ints or strings: equal elements are indistinguishable,
		// so sorting ascending on the host and reversing gives Go's result.
		switch y := x.Interface.(type) {
		case IntSlice:
			Ints(y)
			reverseRange(y, 0, len(y))
			return
		case StringSlice:
			Strings(y)
			reverseRange(y, 0, len(y))
			return
		}
	}
	n := data.Len()
	if n <= 1 {
		return
	}
	pdqsort(data, 0, n, bits.Len(uint(n)))
}

// IsSorted reports whether data is sorted.
func IsSorted(data Interface) bool {
	n := data.Len()
	for i := n - 1; i > 0; i-- {
		if data.Less(i, i-1) {
			return false
		}
	}
	return true
}

type reverse struct {
	// This embedded Interface permits Reverse to use the methods of
	// another Interface implementation.
	Interface
}

// Less returns the opposite of the embedded implementation's Less method.
func (r reverse) Less(i, j int) bool {
	return r.Interface.Less(j, i)
}

// Reverse returns the reverse order for data.
func Reverse(data Interface) Interface {
	return &reverse{data}
}

// Slice sorts the slice x given the provided less function. It panics if
// x is not a slice. The sort is not guaranteed to be stable: equal
// elements end up in Go's order.
func Slice(x any, less func(i, j int) bool) {
	n := sliceLen(x, "Swapper")
	if n <= 1 {
		return
	}
	p := identity(n)
	pdqsortPerm(p, 0, n, bits.Len(uint(n)), less)
	permute(x, p)
}

// SliceStable sorts the slice x using the provided less function, keeping
// equal elements in their original order. It panics if x is not a slice.
func SliceStable(x any, less func(i, j int) bool) {
	n := sliceLen(x, "Swapper")
	if n <= 1 {
		return
	}
	p := identity(n)
	stablePerm(p, less)
	permute(x, p)
}

// SliceIsSorted reports whether the slice x is sorted according to the
// provided less function. It panics if x is not a slice.
func SliceIsSorted(x any, less func(i, j int) bool) bool {
	n := sliceLen(x, "reflect.Value.Len")
	for i := n - 1; i > 0; i-- {
		if less(i, i-1) {
			return false
		}
	}
	return true
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// stablePerm sorts the index permutation p stably by less on the indexes:
// insertion-sorted runs merged bottom-up through a buffer.
func stablePerm(p []int, less func(i, j int) bool) {
	n := len(p)
	const run = 16
	for a := 0; a < n; a += run {
		insertionSortPerm(p, a, min(a+run, n), less)
	}
	if n <= run {
		return
	}
	src, dst := p, make([]int, n)
	inBuf := false
	for width := run; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid := min(lo+width, n)
			hi := min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if less(src[j], src[i]) {
					dst[k] = src[j]
					j++
				} else {
					dst[k] = src[i]
					i++
				}
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
		}
		src, dst = dst, src
		inBuf = !inBuf
	}
	if inBuf {
		copy(p, src)
	}
}

// Stable sorts data in ascending order as determined by the Less method,
// while keeping the original order of equal elements. It makes one call
// to data.Len and uses only Less and Swap: insertion-sorted blocks merged
// in place by rotations.
func Stable(data Interface) {
	n := data.Len()
	const block = 20
	a := 0
	for ; a+block <= n; a += block {
		insertionSort(data, a, a+block)
	}
	insertionSort(data, a, n)
	for size := block; size < n; size *= 2 {
		for lo := 0; lo+size < n; lo += 2 * size {
			mergeInPlace(data, lo, lo+size, min(lo+2*size, n))
		}
	}
}

// mergeInPlace merges the sorted runs data[a:m] and data[m:b] stably:
// it takes the middle element of the longer run as a pivot, finds where
// it splits the other run, rotates the pivot and the elements that must
// cross it into place, and merges the two sides.
func mergeInPlace(data Interface, a, m, b int) {
	for a < m && m < b {
		if b-a == 2 {
			if data.Less(m, a) {
				data.Swap(a, m)
			}
			return
		}
		// After the rotation, data[a:m1] and data[m1:e1] must be merged,
		// then data[s2:m2] and data[m2:b].
		var m1, e1, s2, m2 int
		if m-a >= b-m {
			i := a + (m-a)/2
			// first j in data[m:b] not less than data[i]
			lo, hi := m, b
			for lo < hi {
				h := int(uint(lo+hi) >> 1)
				if data.Less(h, i) {
					lo = h + 1
				} else {
					hi = h
				}
			}
			j := lo
			rotate(data, i, m, j)
			pos := i + (j - m) // the pivot's new index
			m1, e1, s2, m2 = i, pos, pos+1, j
		} else {
			p := m + (b-m)/2
			// first i in data[a:m] greater than data[p]
			lo, hi := a, m
			for lo < hi {
				h := int(uint(lo+hi) >> 1)
				if !data.Less(p, h) {
					lo = h + 1
				} else {
					hi = h
				}
			}
			i := lo
			rotate(data, i, m, p+1)
			pos := i + (p - m) // the pivot's new index
			m1, e1, s2, m2 = i, pos, pos+1, p+1
		}
		// Recurse on the shorter side, loop on the longer one.
		if e1-a < b-s2 {
			mergeInPlace(data, a, m1, e1)
			a, m = s2, m2
		} else {
			mergeInPlace(data, s2, m2, b)
			m, b = m1, e1
		}
	}
}

// rotate exchanges the blocks data[a:m] and data[m:b].
func rotate(data Interface, a, m, b int) {
	if a == m || m == b {
		return
	}
	reverseRange(data, a, m)
	reverseRange(data, m, b)
	reverseRange(data, a, b)
}

func reverseRange(data Interface, a, b int) {
	for i, j := a, b-1; i < j; i, j = i+1, j-1 {
		data.Swap(i, j)
	}
}

// Search uses binary search to find and return the smallest index i in
// [0, n) at which f(i) is true, assuming that on the range [0, n),
// f(i) == true implies f(i+1) == true. If there is no such index, Search
// returns n.
func Search(n int, f func(int) bool) int {
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if !f(h) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// Find uses binary search to find and return the smallest index i in
// [0, n) at which cmp(i) <= 0. If there is no such index i, Find returns
// i = n. The found result is true if i < n and cmp(i) == 0.
func Find(n int, cmp func(int) int) (i int, found bool) {
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(h) > 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && cmp(i) == 0
}

// SearchInts searches for x in a sorted slice of ints and returns the
// index as specified by Search. The return value is the index to insert x
// if x is not present (it could be len(a)).
func SearchInts(a []int, x int) int {
	i, j := 0, len(a)
	for i < j {
		h := int(uint(i+j) >> 1)
		if a[h] < x {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// SearchFloat64s searches for x in a sorted slice of float64s and returns
// the index as specified by Search.
func SearchFloat64s(a []float64, x float64) int {
	i, j := 0, len(a)
	for i < j {
		h := int(uint(i+j) >> 1)
		if a[h] < x || (a[h] != a[h] && x == x) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// SearchStrings searches for x in a sorted slice of strings and returns
// the index as specified by Search.
func SearchStrings(a []string, x string) int {
	i, j := 0, len(a)
	for i < j {
		h := int(uint(i+j) >> 1)
		if a[h] < x {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// IntSlice attaches the methods of Interface to []int, sorting in
// increasing order.
type IntSlice []int

func (x IntSlice) Len() int           { return len(x) }
func (x IntSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x IntSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Sort is a convenience method: x.Sort() calls Sort(x).
func (x IntSlice) Sort() { Ints(x) }

// Search returns the result of applying SearchInts to the receiver and x.
func (x IntSlice) Search(v int) int { return SearchInts(x, v) }

// Float64Slice implements Interface for a []float64, sorting in increasing
// order, with not-a-number (NaN) values ordered before other values.
type Float64Slice []float64

func (x Float64Slice) Len() int { return len(x) }

// Less reports whether x[i] should be ordered before x[j], as required by
// the sort Interface. Note that floating-point comparison by itself is not
// a transitive relation: it does not report a consistent ordering for
// not-a-number (NaN) values. This implementation of Less places NaN values
// before any others.
func (x Float64Slice) Less(i, j int) bool { return x[i] < x[j] || (isNaN(x[i]) && !isNaN(x[j])) }
func (x Float64Slice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Sort is a convenience method: x.Sort() calls Sort(x).
func (x Float64Slice) Sort() { Float64s(x) }

// Search returns the result of applying SearchFloat64s to the receiver
// and x.
func (x Float64Slice) Search(v float64) int { return SearchFloat64s(x, v) }

func isNaN(f float64) bool {
	return f != f
}

// StringSlice attaches the methods of Interface to []string, sorting in
// increasing order.
type StringSlice []string

func (x StringSlice) Len() int           { return len(x) }
func (x StringSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x StringSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Sort is a convenience method: x.Sort() calls Sort(x).
func (x StringSlice) Sort() { Strings(x) }

// Search returns the result of applying SearchStrings to the receiver and
// x.
func (x StringSlice) Search(v string) int { return SearchStrings(x, v) }

// Ints sorts a slice of ints in increasing order.
func Ints(x []int) {
	if len(x) > 1 {
		sortOrdered(x)
	}
}

// Float64s sorts a slice of float64s in increasing order. Not-a-number
// (NaN) values are ordered before other values.
func Float64s(x []float64) {
	if len(x) > 1 {
		sortOrdered(x)
	}
}

// Strings sorts a slice of strings in increasing order.
func Strings(x []string) {
	if len(x) > 1 {
		sortOrdered(x)
	}
}

// IntsAreSorted reports whether the slice x is sorted in increasing order.
func IntsAreSorted(x []int) bool { return isSortedOrdered(x) }

// Float64sAreSorted reports whether the slice x is sorted in increasing
// order, with not-a-number (NaN) values before any other values.
func Float64sAreSorted(x []float64) bool { return isSortedOrdered(x) }

// StringsAreSorted reports whether the slice x is sorted in increasing
// order.
func StringsAreSorted(x []string) bool { return isSortedOrdered(x) }
