// Package weak is spindle's guest weak: weak pointers over the host's
// (weak.Pointer of the cell, byte or word a guest pointer is), so Value
// returns nil once the host collector has freed the object. Two Pointers
// made from the same object compare equal.
package weak

import "unsafe"

// Pointer is a weak pointer to a value of type T.
type Pointer[T any] struct {
	_ [0]*T
	u unsafe.Pointer // the host's weak handle, one per object
}

func makeWeak(p any) unsafe.Pointer
func weakValue(u unsafe.Pointer) any

// Make creates a weak pointer from a pointer to some value of type T.
func Make[T any](ptr *T) Pointer[T] {
	if ptr == nil {
		return Pointer[T]{}
	}
	return Pointer[T]{u: makeWeak(ptr)}
}

// Value returns the original pointer used to create the weak pointer, or
// nil if the value it points to has been reclaimed.
func (p Pointer[T]) Value() *T {
	if p.u == nil {
		return nil
	}
	v, _ := weakValue(p.u).(*T)
	return v
}
