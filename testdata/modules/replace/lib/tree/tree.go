// Package tree is a generic binary search tree.
package tree

import (
	"cmp"

	"example.com/lib/internal/secret"
)

// Version uses the module's internal package.
const Version = secret.Value

// Tree is a binary search tree of ordered values.
type Tree[T cmp.Ordered] struct {
	root *node[T]
	n    int
}

type node[T cmp.Ordered] struct {
	v           T
	left, right *node[T]
}

// New returns an empty tree.
func New[T cmp.Ordered]() *Tree[T] { return &Tree[T]{} }

// Insert adds v.
func (t *Tree[T]) Insert(v T) {
	p := &t.root
	for *p != nil {
		if v < (*p).v {
			p = &(*p).left
		} else {
			p = &(*p).right
		}
	}
	*p = &node[T]{v: v}
	t.n++
}

// Len is the number of values.
func (t *Tree[T]) Len() int { return t.n }

// Sorted returns the values in order.
func (t *Tree[T]) Sorted() []T {
	var out []T
	var walk func(*node[T])
	walk = func(n *node[T]) {
		if n == nil {
			return
		}
		walk(n.left)
		out = append(out, n.v)
		walk(n.right)
	}
	walk(t.root)
	return out
}
