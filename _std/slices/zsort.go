// Code generated from spindle's pdqsort template; DO NOT EDIT.

// Pattern-defeating quicksort (Orson Peters, https://arxiv.org/pdf/2106.05123.pdf),
// taking the same steps as Go's sort so that elements that compare equal
// end up in the same order as under Go.

package slices

import "math/bits"

const (
	unknownHint = iota
	increasingHint
	decreasingHint
)

// insertionSortCmp sorts data[a:b] by insertion.
func insertionSortCmp[E any](data []E, a, b int, cmp func(a, b E) int) {
	for i := a + 1; i < b; i++ {
		for j := i; j > a && cmp(data[j], data[j-1]) < 0; j-- {
			data[j], data[j-1] = data[j-1], data[j]
		}
	}
}

// siftDownCmp restores the heap property of data[first+lo:first+hi] at
// root lo.
func siftDownCmp[E any](data []E, lo, hi, first int, cmp func(a, b E) int) {
	root := lo
	for {
		child := 2*root + 1
		if child >= hi {
			return
		}
		if child+1 < hi && cmp(data[first+child], data[first+child+1]) < 0 {
			child++
		}
		if !(cmp(data[first+root], data[first+child]) < 0) {
			return
		}
		data[first+root], data[first+child] = data[first+child], data[first+root]
		root = child
	}
}

func heapSortCmp[E any](data []E, a, b int, cmp func(a, b E) int) {
	first, hi := a, b-a
	for i := (hi - 1) / 2; i >= 0; i-- {
		siftDownCmp(data, i, hi, first, cmp)
	}
	for i := hi - 1; i >= 0; i-- {
		data[first], data[first+i] = data[first+i], data[first]
		siftDownCmp(data, 0, i, first, cmp)
	}
}

// pdqsortCmp sorts data[a:b]; limit is the number of allowed bad pivot
// choices before falling back to heapsort.
func pdqsortCmp[E any](data []E, a, b, limit int, cmp func(a, b E) int) {
	const maxInsertion = 12
	balanced, partitioned := true, true
	for {
		n := b - a
		if n <= maxInsertion {
			insertionSortCmp(data, a, b, cmp)
			return
		}
		if limit == 0 {
			heapSortCmp(data, a, b, cmp)
			return
		}
		if !balanced {
			breakPatternsCmp(data, a, b)
			limit--
		}
		pivot, hint := choosePivotCmp(data, a, b, cmp)
		if hint == decreasingHint {
			for i, j := a, b-1; i < j; i, j = i+1, j-1 {
				data[i], data[j] = data[j], data[i]
			}
			pivot = (b - 1) - (pivot - a)
			hint = increasingHint
		}
		if balanced && partitioned && hint == increasingHint {
			if partialInsertionSortCmp(data, a, b, cmp) {
				return
			}
		}
		// A predecessor not less than the pivot: everything here is >= it,
		// so put the elements equal to the pivot first and skip them.
		if a > 0 && !(cmp(data[a-1], data[pivot]) < 0) {
			a = partitionEqualCmp(data, a, b, pivot, cmp)
			continue
		}
		mid, already := partitionCmp(data, a, b, pivot, cmp)
		partitioned = already
		left, right := mid-a, b-mid
		threshold := n / 8
		if left < right {
			balanced = left >= threshold
			pdqsortCmp(data, a, mid, limit, cmp)
			a = mid + 1
		} else {
			balanced = right >= threshold
			pdqsortCmp(data, mid+1, b, limit, cmp)
			b = mid
		}
	}
}

// partitionCmp partitions data[a:b] around the element at pivot: the
// result mid has data[a:mid] < pivot <= data[mid+1:b], the pivot at mid.
func partitionCmp[E any](data []E, a, b, pivot int, cmp func(a, b E) int) (mid int, already bool) {
	data[a], data[pivot] = data[pivot], data[a]
	i, j := a+1, b-1
	for i <= j && cmp(data[i], data[a]) < 0 {
		i++
	}
	for i <= j && !(cmp(data[j], data[a]) < 0) {
		j--
	}
	if i > j {
		data[j], data[a] = data[a], data[j]
		return j, true
	}
	data[i], data[j] = data[j], data[i]
	i++
	j--
	for {
		for i <= j && cmp(data[i], data[a]) < 0 {
			i++
		}
		for i <= j && !(cmp(data[j], data[a]) < 0) {
			j--
		}
		if i > j {
			break
		}
		data[i], data[j] = data[j], data[i]
		i++
		j--
	}
	data[j], data[a] = data[a], data[j]
	return j, false
}

// partitionEqualCmp moves the elements equal to the pivot to the front
// of data[a:b] (all are known to be >= it) and returns the end of them.
func partitionEqualCmp[E any](data []E, a, b, pivot int, cmp func(a, b E) int) int {
	data[a], data[pivot] = data[pivot], data[a]
	i, j := a+1, b-1
	for {
		for i <= j && !(cmp(data[a], data[i]) < 0) {
			i++
		}
		for i <= j && cmp(data[a], data[j]) < 0 {
			j--
		}
		if i > j {
			break
		}
		data[i], data[j] = data[j], data[i]
		i++
		j--
	}
	return i
}

// partialInsertionSortCmp tries to finish a nearly sorted data[a:b] with
// a few element moves; it reports whether data[a:b] is now sorted.
func partialInsertionSortCmp[E any](data []E, a, b int, cmp func(a, b E) int) bool {
	const (
		maxSteps         = 5
		shortestShifting = 50
	)
	i := a + 1
	for step := 0; step < maxSteps; step++ {
		for i < b && !(cmp(data[i], data[i-1]) < 0) {
			i++
		}
		if i == b {
			return true
		}
		if b-a < shortestShifting {
			return false
		}
		data[i], data[i-1] = data[i-1], data[i]
		if i-a >= 2 { // move the smaller one left
			for j := i - 1; j >= 1; j-- {
				if !(cmp(data[j], data[j-1]) < 0) {
					break
				}
				data[j], data[j-1] = data[j-1], data[j]
			}
		}
		if b-i >= 2 { // move the greater one right
			for j := i + 1; j < b; j++ {
				if !(cmp(data[j], data[j-1]) < 0) {
					break
				}
				data[j], data[j-1] = data[j-1], data[j]
			}
		}
	}
	return false
}

// breakPatternsCmp swaps three elements near the middle of data[a:b]
// with pseudo-random others.
func breakPatternsCmp[E any](data []E, a, b int) {
	n := b - a
	if n < 8 {
		return
	}
	r := uint64(n)
	mask := uint(1)<<bits.Len(uint(n)) - 1
	first := a + (n/4)*2 - 1
	for k := 0; k < 3; k++ {
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		other := int(uint(r) & mask)
		if other >= n {
			other -= n
		}
		data[first+k], data[a+other] = data[a+other], data[first+k]
	}
}

// choosePivotCmp picks a pivot index in data[a:b] (median of three, or
// Tukey's ninther for long ranges) and reports whether the samples looked
// increasing or decreasing.
func choosePivotCmp[E any](data []E, a, b int, cmp func(a, b E) int) (pivot int, hint int) {
	const (
		shortestNinther = 50
		maxSwaps        = 4 * 3
	)
	n := b - a
	swaps := 0
	i := a + n/4*1
	j := a + n/4*2
	k := a + n/4*3
	if n >= 8 {
		if n >= shortestNinther {
			i = medianCmp(data, i-1, i, i+1, &swaps, cmp)
			j = medianCmp(data, j-1, j, j+1, &swaps, cmp)
			k = medianCmp(data, k-1, k, k+1, &swaps, cmp)
		}
		j = medianCmp(data, i, j, k, &swaps, cmp)
	}
	switch swaps {
	case 0:
		return j, increasingHint
	case maxSwaps:
		return j, decreasingHint
	}
	return j, unknownHint
}

// medianCmp returns the index of the median of the elements at a, b
// and c, counting in *swaps the out-of-order pairs it met.
func medianCmp[E any](data []E, a, b, c int, swaps *int, cmp func(a, b E) int) int {
	if cmp(data[b], data[a]) < 0 {
		*swaps++
		a, b = b, a
	}
	if cmp(data[c], data[b]) < 0 {
		*swaps++
		b, c = c, b
	}
	if cmp(data[b], data[a]) < 0 {
		*swaps++
		a, b = b, a
	}
	return b
}
