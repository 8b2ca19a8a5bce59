package slices

import (
	"cmp"
	"math/bits"
)

// sortOrdered sorts the slice in x (a slice of an ordered type) on the
// host, with Go's algorithm for slices.Sort.
func sortOrdered(x any)

// Sort sorts a slice of any ordered type in ascending order. When sorting
// floating-point numbers, NaNs are ordered before other values.
func Sort[S ~[]E, E cmp.Ordered](x S) {
	if len(x) > 1 {
		sortOrdered(x)
	}
}

// SortFunc sorts the slice x in ascending order as determined by the cmp
// function. This sort is not guaranteed to be stable. cmp(a, b) should
// return a negative number when a < b, a positive number when a > b and
// zero when a == b or a and b are incomparable in the sense of a strict
// weak ordering.
func SortFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	n := len(x)
	pdqsortCmp(x, 0, n, bits.Len(uint(n)), cmp)
}

// SortStableFunc sorts the slice x while keeping the original order of
// equal elements, using cmp to compare elements in the same way as
// SortFunc.
func SortStableFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	stableCmp(x, cmp)
}

// IsSorted reports whether x is sorted in ascending order.
func IsSorted[S ~[]E, E cmp.Ordered](x S) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmpLess(x[i], x[i-1]) {
			return false
		}
	}
	return true
}

// IsSortedFunc reports whether x is sorted in ascending order, with cmp as
// the comparison function as defined by SortFunc.
func IsSortedFunc[S ~[]E, E any](x S, cmp func(a, b E) int) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp(x[i], x[i-1]) < 0 {
			return false
		}
	}
	return true
}

// BinarySearch searches for target in a sorted slice and returns the
// earliest position where target is found, or the position where target
// would appear in the sort order; it also returns a bool saying whether
// the target is really found in the slice.
func BinarySearch[S ~[]E, E cmp.Ordered](x S, target E) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmpLess(x[h], target) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && (x[i] == target || (isNaN(x[i]) && isNaN(target)))
}

// BinarySearchFunc works like BinarySearch, but uses a custom comparison
// function. The slice must be sorted in increasing order, where
// "increasing" is defined by cmp.
func BinarySearchFunc[S ~[]E, E, T any](x S, target T, cmp func(E, T) int) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(x[h], target) < 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && cmp(x[i], target) == 0
}

func cmpLess[T cmp.Ordered](x, y T) bool {
	return x < y || (x != x && y == y) // x != x: x is a NaN
}

func isNaN[T cmp.Ordered](x T) bool {
	return x != x
}

// stableCmp sorts data stably: insertion-sorted runs merged bottom-up
// through a buffer.
func stableCmp[E any](data []E, cmp func(a, b E) int) {
	n := len(data)
	const run = 16
	for a := 0; a < n; a += run {
		insertionSortCmp(data, a, min(a+run, n), cmp)
	}
	if n <= run {
		return
	}
	buf := make([]E, n)
	src, dst := data, buf
	inBuf := false
	for width := run; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid := min(lo+width, n)
			hi := min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if cmp(src[j], src[i]) < 0 {
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
		copy(data, src)
	}
}
