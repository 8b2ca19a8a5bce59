// Package heap is spindle's guest container/heap package: heap operations
// for any type that implements heap.Interface. A heap is a tree with the
// property that each node is the minimum-valued node in its subtree; the
// tree is stored in the collection as a binary heap (children of i at
// 2i+1 and 2i+2).
//
// Missing: nothing of the exported API.
package heap

import "sort"

// The Interface type describes the requirements for a type using the
// routines in this package. Push adds x as element Len(); Pop removes and
// returns element Len() - 1.
type Interface interface {
	sort.Interface
	Push(x any) // add x as element Len()
	Pop() any   // remove and return element Len() - 1.
}

// Init establishes the heap invariants required by the other routines in
// this package. The complexity is O(n) where n = h.Len().
func Init(h Interface) {
	n := h.Len()
	for i := n/2 - 1; i >= 0; i-- {
		down(h, i, n)
	}
}

// Push pushes the element x onto the heap. The complexity is O(log n)
// where n = h.Len().
func Push(h Interface, x any) {
	h.Push(x)
	up(h, h.Len()-1)
}

// Pop removes and returns the minimum element (according to Less) from the
// heap. The complexity is O(log n) where n = h.Len(). Pop is equivalent to
// Remove(h, 0).
func Pop(h Interface) any {
	n := h.Len() - 1
	h.Swap(0, n)
	down(h, 0, n)
	return h.Pop()
}

// Remove removes and returns the element at index i from the heap. The
// complexity is O(log n) where n = h.Len().
func Remove(h Interface, i int) any {
	n := h.Len() - 1
	if n != i {
		h.Swap(i, n)
		if !down(h, i, n) {
			up(h, i)
		}
	}
	return h.Pop()
}

// Fix re-establishes the heap ordering after the element at index i has
// changed its value. The complexity is O(log n) where n = h.Len().
func Fix(h Interface, i int) {
	if !down(h, i, h.Len()) {
		up(h, i)
	}
}

// up moves the element at j towards the root while it is less than its
// parent.
func up(h Interface, j int) {
	for j > 0 {
		parent := (j - 1) / 2
		if !h.Less(j, parent) {
			break
		}
		h.Swap(parent, j)
		j = parent
	}
}

// down moves the element at i0 towards the leaves (within the first n
// elements) while a child is less than it; it reports whether it moved.
func down(h Interface, i0, n int) bool {
	i := i0
	for {
		child := 2*i + 1
		if child >= n || child < 0 { // child < 0 after int overflow
			break
		}
		if right := child + 1; right < n && h.Less(right, child) {
			child = right
		}
		if !h.Less(child, i) {
			break
		}
		h.Swap(i, child)
		i = child
	}
	return i > i0
}
