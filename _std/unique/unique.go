// Package unique canonicalises comparable values: Make returns equal
// handles for equal values. spindle's own (Go's works on the runtime's
// weak pointers): a handle stays valid for the life of the run and its
// value is never collected, and handles are canonical per shard (each
// shard has its own package variables; a handle sent to another shard is
// a deep copy, as every value is).
package unique

import "sync"

// Handle is a globally unique identity for some value of type T. Two
// handles compare equal exactly if the two values used to create them
// would have also compared equal.
type Handle[T comparable] struct {
	value *T
}

// Value returns a shallow copy of the value that produced the Handle.
func (h Handle[T]) Value() T { return *h.value }

var (
	mu     sync.Mutex
	values = map[any]any{} // a value, as an interface, to its *T
)

// Make returns a globally unique handle for a value of type T.
func Make[T comparable](value T) Handle[T] {
	mu.Lock()
	defer mu.Unlock()
	if p, ok := values[value]; ok {
		return Handle[T]{p.(*T)}
	}
	p := new(T)
	*p = value
	values[value] = p
	return Handle[T]{p}
}
