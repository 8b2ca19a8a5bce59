// Package cmp is spindle's guest cmp package: types and functions for
// comparing ordered values.
//
// Missing: nothing of the exported API.
package cmp

// Ordered is a constraint that permits any ordered type: any type that
// supports the operators < <= >= >.
type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 |
		~string
}

// Less reports whether x is less than y. For floating-point types, a NaN
// is considered less than any non-NaN, and -0.0 is not less than (is equal
// to) 0.0.
func Less[T Ordered](x, y T) bool {
	return (x != x && y == y) || x < y // x != x: x is a NaN
}

// Compare returns -1 if x is less than y, 0 if x equals y, +1 if x is
// greater than y. For floating-point types, a NaN is considered less than
// any non-NaN, a NaN is considered equal to a NaN, and -0.0 is equal to
// 0.0.
func Compare[T Ordered](x, y T) int {
	// The NaN tests (x != x) are written out: a call costs more than the
	// comparison in spindle.
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	if x == y {
		return 0
	}
	xNaN, yNaN := x != x, y != y
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	return +1
}

// Or returns the first of its arguments that is not equal to the zero
// value. If no argument is non-zero, it returns the zero value.
func Or[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}
