// Package util records the order of initialisation and offers generics.
package util

import "fmt"

var log []string

// Trace records s and returns its index.
func Trace(s string) int {
	log = append(log, s)
	return len(log)
}

var _ = Trace("util var")

func init() { Trace("util init") }

// Log returns what was traced.
func Log() string { return fmt.Sprint(log) }

// Number is what Sum adds.
type Number interface{ ~int | ~float64 }

// Sum adds xs.
func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Stack is a generic stack.
type Stack[T any] struct{ items []T }

// NewStack returns an empty stack.
func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

// Push pushes x.
func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) }

// Pop pops the top.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

// Len is the stack's size.
func (s *Stack[T]) Len() int { return len(s.items) }
