// Code generated from spindle's pdqsort template; DO NOT EDIT.

// Pattern-defeating quicksort (Orson Peters, https://arxiv.org/pdf/2106.05123.pdf),
// taking the same steps as Go's sort so that elements that compare equal
// end up in the same order as under Go.

package sort

import "math/bits"

const (
	unknownHint = iota
	increasingHint
	decreasingHint
)

// insertionSort sorts data[a:b] by insertion.
func insertionSort(data Interface, a, b int) {
	for i := a + 1; i < b; i++ {
		for j := i; j > a && data.Less(j, j-1); j-- {
			data.Swap(j, j-1)
		}
	}
}

// siftDown restores the heap property of data[first+lo:first+hi] at
// root lo.
func siftDown(data Interface, lo, hi, first int) {
	root := lo
	for {
		child := 2*root + 1
		if child >= hi {
			return
		}
		if child+1 < hi && data.Less(first+child, first+child+1) {
			child++
		}
		if !(data.Less(first+root, first+child)) {
			return
		}
		data.Swap(first+root, first+child)
		root = child
	}
}

func heapSort(data Interface, a, b int) {
	first, hi := a, b-a
	for i := (hi - 1) / 2; i >= 0; i-- {
		siftDown(data, i, hi, first)
	}
	for i := hi - 1; i >= 0; i-- {
		data.Swap(first, first+i)
		siftDown(data, 0, i, first)
	}
}

// pdqsort sorts data[a:b]; limit is the number of allowed bad pivot
// choices before falling back to heapsort.
func pdqsort(data Interface, a, b, limit int) {
	const maxInsertion = 12
	balanced, partitioned := true, true
	for {
		n := b - a
		if n <= maxInsertion {
			insertionSort(data, a, b)
			return
		}
		if limit == 0 {
			heapSort(data, a, b)
			return
		}
		if !balanced {
			breakPatterns(data, a, b)
			limit--
		}
		pivot, hint := choosePivot(data, a, b)
		if hint == decreasingHint {
			for i, j := a, b-1; i < j; i, j = i+1, j-1 {
				data.Swap(i, j)
			}
			pivot = (b - 1) - (pivot - a)
			hint = increasingHint
		}
		if balanced && partitioned && hint == increasingHint {
			if partialInsertionSort(data, a, b) {
				return
			}
		}
		// A predecessor not less than the pivot: everything here is >= it,
		// so put the elements equal to the pivot first and skip them.
		if a > 0 && !(data.Less(a-1, pivot)) {
			a = partitionEqual(data, a, b, pivot)
			continue
		}
		mid, already := partition(data, a, b, pivot)
		partitioned = already
		left, right := mid-a, b-mid
		threshold := n / 8
		if left < right {
			balanced = left >= threshold
			pdqsort(data, a, mid, limit)
			a = mid + 1
		} else {
			balanced = right >= threshold
			pdqsort(data, mid+1, b, limit)
			b = mid
		}
	}
}

// partition partitions data[a:b] around the element at pivot: the
// result mid has data[a:mid] < pivot <= data[mid+1:b], the pivot at mid.
func partition(data Interface, a, b, pivot int) (mid int, already bool) {
	data.Swap(a, pivot)
	i, j := a+1, b-1
	for i <= j && data.Less(i, a) {
		i++
	}
	for i <= j && !(data.Less(j, a)) {
		j--
	}
	if i > j {
		data.Swap(j, a)
		return j, true
	}
	data.Swap(i, j)
	i++
	j--
	for {
		for i <= j && data.Less(i, a) {
			i++
		}
		for i <= j && !(data.Less(j, a)) {
			j--
		}
		if i > j {
			break
		}
		data.Swap(i, j)
		i++
		j--
	}
	data.Swap(j, a)
	return j, false
}

// partitionEqual moves the elements equal to the pivot to the front
// of data[a:b] (all are known to be >= it) and returns the end of them.
func partitionEqual(data Interface, a, b, pivot int) int {
	data.Swap(a, pivot)
	i, j := a+1, b-1
	for {
		for i <= j && !(data.Less(a, i)) {
			i++
		}
		for i <= j && data.Less(a, j) {
			j--
		}
		if i > j {
			break
		}
		data.Swap(i, j)
		i++
		j--
	}
	return i
}

// partialInsertionSort tries to finish a nearly sorted data[a:b] with
// a few element moves; it reports whether data[a:b] is now sorted.
func partialInsertionSort(data Interface, a, b int) bool {
	const (
		maxSteps         = 5
		shortestShifting = 50
	)
	i := a + 1
	for step := 0; step < maxSteps; step++ {
		for i < b && !(data.Less(i, i-1)) {
			i++
		}
		if i == b {
			return true
		}
		if b-a < shortestShifting {
			return false
		}
		data.Swap(i, i-1)
		if i-a >= 2 { // move the smaller one left
			for j := i - 1; j >= 1; j-- {
				if !(data.Less(j, j-1)) {
					break
				}
				data.Swap(j, j-1)
			}
		}
		if b-i >= 2 { // move the greater one right
			for j := i + 1; j < b; j++ {
				if !(data.Less(j, j-1)) {
					break
				}
				data.Swap(j, j-1)
			}
		}
	}
	return false
}

// breakPatterns swaps three elements near the middle of data[a:b]
// with pseudo-random others.
func breakPatterns(data Interface, a, b int) {
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
		data.Swap(first+k, a+other)
	}
}

// choosePivot picks a pivot index in data[a:b] (median of three, or
// Tukey's ninther for long ranges) and reports whether the samples looked
// increasing or decreasing.
func choosePivot(data Interface, a, b int) (pivot int, hint int) {
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
			i = median(data, i-1, i, i+1, &swaps)
			j = median(data, j-1, j, j+1, &swaps)
			k = median(data, k-1, k, k+1, &swaps)
		}
		j = median(data, i, j, k, &swaps)
	}
	switch swaps {
	case 0:
		return j, increasingHint
	case maxSwaps:
		return j, decreasingHint
	}
	return j, unknownHint
}

// median returns the index of the median of the elements at a, b
// and c, counting in *swaps the out-of-order pairs it met.
func median(data Interface, a, b, c int, swaps *int) int {
	if data.Less(b, a) {
		*swaps++
		a, b = b, a
	}
	if data.Less(c, b) {
		*swaps++
		b, c = c, b
	}
	if data.Less(b, a) {
		*swaps++
		a, b = b, a
	}
	return b
}

// insertionSortPerm sorts p[a:b] by insertion.
func insertionSortPerm(p []int, a, b int, less func(i, j int) bool) {
	for i := a + 1; i < b; i++ {
		for j := i; j > a && less(p[j], p[j-1]); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
}

// siftDownPerm restores the heap property of p[first+lo:first+hi] at
// root lo.
func siftDownPerm(p []int, lo, hi, first int, less func(i, j int) bool) {
	root := lo
	for {
		child := 2*root + 1
		if child >= hi {
			return
		}
		if child+1 < hi && less(p[first+child], p[first+child+1]) {
			child++
		}
		if !(less(p[first+root], p[first+child])) {
			return
		}
		p[first+root], p[first+child] = p[first+child], p[first+root]
		root = child
	}
}

func heapSortPerm(p []int, a, b int, less func(i, j int) bool) {
	first, hi := a, b-a
	for i := (hi - 1) / 2; i >= 0; i-- {
		siftDownPerm(p, i, hi, first, less)
	}
	for i := hi - 1; i >= 0; i-- {
		p[first], p[first+i] = p[first+i], p[first]
		siftDownPerm(p, 0, i, first, less)
	}
}

// pdqsortPerm sorts p[a:b]; limit is the number of allowed bad pivot
// choices before falling back to heapsort.
func pdqsortPerm(p []int, a, b, limit int, less func(i, j int) bool) {
	const maxInsertion = 12
	balanced, partitioned := true, true
	for {
		n := b - a
		if n <= maxInsertion {
			insertionSortPerm(p, a, b, less)
			return
		}
		if limit == 0 {
			heapSortPerm(p, a, b, less)
			return
		}
		if !balanced {
			breakPatternsPerm(p, a, b)
			limit--
		}
		pivot, hint := choosePivotPerm(p, a, b, less)
		if hint == decreasingHint {
			for i, j := a, b-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
			pivot = (b - 1) - (pivot - a)
			hint = increasingHint
		}
		if balanced && partitioned && hint == increasingHint {
			if partialInsertionSortPerm(p, a, b, less) {
				return
			}
		}
		// A predecessor not less than the pivot: everything here is >= it,
		// so put the elements equal to the pivot first and skip them.
		if a > 0 && !(less(p[a-1], p[pivot])) {
			a = partitionEqualPerm(p, a, b, pivot, less)
			continue
		}
		mid, already := partitionPerm(p, a, b, pivot, less)
		partitioned = already
		left, right := mid-a, b-mid
		threshold := n / 8
		if left < right {
			balanced = left >= threshold
			pdqsortPerm(p, a, mid, limit, less)
			a = mid + 1
		} else {
			balanced = right >= threshold
			pdqsortPerm(p, mid+1, b, limit, less)
			b = mid
		}
	}
}

// partitionPerm partitions p[a:b] around the element at pivot: the
// result mid has p[a:mid] < pivot <= p[mid+1:b], the pivot at mid.
func partitionPerm(p []int, a, b, pivot int, less func(i, j int) bool) (mid int, already bool) {
	p[a], p[pivot] = p[pivot], p[a]
	i, j := a+1, b-1
	for i <= j && less(p[i], p[a]) {
		i++
	}
	for i <= j && !(less(p[j], p[a])) {
		j--
	}
	if i > j {
		p[j], p[a] = p[a], p[j]
		return j, true
	}
	p[i], p[j] = p[j], p[i]
	i++
	j--
	for {
		for i <= j && less(p[i], p[a]) {
			i++
		}
		for i <= j && !(less(p[j], p[a])) {
			j--
		}
		if i > j {
			break
		}
		p[i], p[j] = p[j], p[i]
		i++
		j--
	}
	p[j], p[a] = p[a], p[j]
	return j, false
}

// partitionEqualPerm moves the elements equal to the pivot to the front
// of p[a:b] (all are known to be >= it) and returns the end of them.
func partitionEqualPerm(p []int, a, b, pivot int, less func(i, j int) bool) int {
	p[a], p[pivot] = p[pivot], p[a]
	i, j := a+1, b-1
	for {
		for i <= j && !(less(p[a], p[i])) {
			i++
		}
		for i <= j && less(p[a], p[j]) {
			j--
		}
		if i > j {
			break
		}
		p[i], p[j] = p[j], p[i]
		i++
		j--
	}
	return i
}

// partialInsertionSortPerm tries to finish a nearly sorted p[a:b] with
// a few element moves; it reports whether p[a:b] is now sorted.
func partialInsertionSortPerm(p []int, a, b int, less func(i, j int) bool) bool {
	const (
		maxSteps         = 5
		shortestShifting = 50
	)
	i := a + 1
	for step := 0; step < maxSteps; step++ {
		for i < b && !(less(p[i], p[i-1])) {
			i++
		}
		if i == b {
			return true
		}
		if b-a < shortestShifting {
			return false
		}
		p[i], p[i-1] = p[i-1], p[i]
		if i-a >= 2 { // move the smaller one left
			for j := i - 1; j >= 1; j-- {
				if !(less(p[j], p[j-1])) {
					break
				}
				p[j], p[j-1] = p[j-1], p[j]
			}
		}
		if b-i >= 2 { // move the greater one right
			for j := i + 1; j < b; j++ {
				if !(less(p[j], p[j-1])) {
					break
				}
				p[j], p[j-1] = p[j-1], p[j]
			}
		}
	}
	return false
}

// breakPatternsPerm swaps three elements near the middle of p[a:b]
// with pseudo-random others.
func breakPatternsPerm(p []int, a, b int) {
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
		p[first+k], p[a+other] = p[a+other], p[first+k]
	}
}

// choosePivotPerm picks a pivot index in p[a:b] (median of three, or
// Tukey's ninther for long ranges) and reports whether the samples looked
// increasing or decreasing.
func choosePivotPerm(p []int, a, b int, less func(i, j int) bool) (pivot int, hint int) {
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
			i = medianPerm(p, i-1, i, i+1, &swaps, less)
			j = medianPerm(p, j-1, j, j+1, &swaps, less)
			k = medianPerm(p, k-1, k, k+1, &swaps, less)
		}
		j = medianPerm(p, i, j, k, &swaps, less)
	}
	switch swaps {
	case 0:
		return j, increasingHint
	case maxSwaps:
		return j, decreasingHint
	}
	return j, unknownHint
}

// medianPerm returns the index of the median of the elements at a, b
// and c, counting in *swaps the out-of-order pairs it met.
func medianPerm(p []int, a, b, c int, swaps *int, less func(i, j int) bool) int {
	if less(p[b], p[a]) {
		*swaps++
		a, b = b, a
	}
	if less(p[c], p[b]) {
		*swaps++
		b, c = c, b
	}
	if less(p[b], p[a]) {
		*swaps++
		a, b = b, a
	}
	return b
}
