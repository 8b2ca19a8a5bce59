// Package unique canonicalises comparable values: Make returns equal
// handles for equal values. spindle's own (Go's interns values with the
// runtime's weak pointers): a Handle holds its value, so two handles are
// == exactly when their values are, on every shard and after a handle is
// deep-copied to another shard, which a pointer identity would not
// survive. Handles are as large as their values, not pointer-sized.
package unique

// Handle is a globally unique identity for some value of type T. Two
// handles compare equal exactly if the two values used to create them
// would have also compared equal.
type Handle[T comparable] struct {
	value T
	made  bool // the zero Handle differs from Make of the zero value, as in Go
}

// Value returns a shallow copy of the value that produced the Handle.
func (h Handle[T]) Value() T { return h.value }

// Make returns a globally unique handle for a value of type T.
func Make[T comparable](value T) Handle[T] { return Handle[T]{value, true} }
