package atomic

// A Bool is an atomic boolean value. The zero value is false.
type Bool struct {
	_ noCopy
	v uint32
}

// Load atomically loads and returns the value stored in x.
func (x *Bool) Load() bool { return x.v != 0 }

// Store atomically stores val into x.
func (x *Bool) Store(val bool) { x.v = b32(val) }

// Swap atomically stores new into x and returns the previous value.
func (x *Bool) Swap(new bool) (old bool) {
	old = x.v != 0
	x.v = b32(new)
	return
}

// CompareAndSwap executes the compare-and-swap operation for the boolean
// value x.
func (x *Bool) CompareAndSwap(old, new bool) (swapped bool) {
	if (x.v != 0) != old {
		return false
	}
	x.v = b32(new)
	return true
}

func b32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// A Pointer is an atomic pointer of type *T. The zero value is a nil *T.
type Pointer[T any] struct {
	_ [0]*T
	_ noCopy
	v *T
}

// Load atomically loads and returns the value stored in x.
func (x *Pointer[T]) Load() *T { return x.v }

// Store atomically stores val into x.
func (x *Pointer[T]) Store(val *T) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Pointer[T]) Swap(new *T) (old *T) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// An Int32 is an atomic int32. The zero value is zero.
type Int32 struct {
	_ noCopy
	v int32
}

// Load atomically loads and returns the value stored in x.
func (x *Int32) Load() int32 { return x.v }

// Store atomically stores val into x.
func (x *Int32) Store(val int32) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Int32) Swap(new int32) (old int32) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Int32) CompareAndSwap(old, new int32) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add atomically adds delta to x and returns the new value.
func (x *Int32) Add(delta int32) (new int32) {
	x.v += delta
	return x.v
}

// And atomically performs a bitwise AND operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Int32) And(mask int32) (old int32) {
	old = x.v
	x.v = old & mask
	return
}

// Or atomically performs a bitwise OR operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Int32) Or(mask int32) (old int32) {
	old = x.v
	x.v = old | mask
	return
}

// An Int64 is an atomic int64. The zero value is zero.
type Int64 struct {
	_ noCopy
	_ align64
	v int64
}

// Load atomically loads and returns the value stored in x.
func (x *Int64) Load() int64 { return x.v }

// Store atomically stores val into x.
func (x *Int64) Store(val int64) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Int64) Swap(new int64) (old int64) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Int64) CompareAndSwap(old, new int64) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add atomically adds delta to x and returns the new value.
func (x *Int64) Add(delta int64) (new int64) {
	x.v += delta
	return x.v
}

// And atomically performs a bitwise AND operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Int64) And(mask int64) (old int64) {
	old = x.v
	x.v = old & mask
	return
}

// Or atomically performs a bitwise OR operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Int64) Or(mask int64) (old int64) {
	old = x.v
	x.v = old | mask
	return
}

// An Uint32 is an atomic uint32. The zero value is zero.
type Uint32 struct {
	_ noCopy
	v uint32
}

// Load atomically loads and returns the value stored in x.
func (x *Uint32) Load() uint32 { return x.v }

// Store atomically stores val into x.
func (x *Uint32) Store(val uint32) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Uint32) Swap(new uint32) (old uint32) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Uint32) CompareAndSwap(old, new uint32) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add atomically adds delta to x and returns the new value.
func (x *Uint32) Add(delta uint32) (new uint32) {
	x.v += delta
	return x.v
}

// And atomically performs a bitwise AND operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uint32) And(mask uint32) (old uint32) {
	old = x.v
	x.v = old & mask
	return
}

// Or atomically performs a bitwise OR operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uint32) Or(mask uint32) (old uint32) {
	old = x.v
	x.v = old | mask
	return
}

// An Uint64 is an atomic uint64. The zero value is zero.
type Uint64 struct {
	_ noCopy
	_ align64
	v uint64
}

// Load atomically loads and returns the value stored in x.
func (x *Uint64) Load() uint64 { return x.v }

// Store atomically stores val into x.
func (x *Uint64) Store(val uint64) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Uint64) Swap(new uint64) (old uint64) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Uint64) CompareAndSwap(old, new uint64) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add atomically adds delta to x and returns the new value.
func (x *Uint64) Add(delta uint64) (new uint64) {
	x.v += delta
	return x.v
}

// And atomically performs a bitwise AND operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uint64) And(mask uint64) (old uint64) {
	old = x.v
	x.v = old & mask
	return
}

// Or atomically performs a bitwise OR operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uint64) Or(mask uint64) (old uint64) {
	old = x.v
	x.v = old | mask
	return
}

// An Uintptr is an atomic uintptr. The zero value is zero.
type Uintptr struct {
	_ noCopy
	v uintptr
}

// Load atomically loads and returns the value stored in x.
func (x *Uintptr) Load() uintptr { return x.v }

// Store atomically stores val into x.
func (x *Uintptr) Store(val uintptr) { x.v = val }

// Swap atomically stores new into x and returns the previous value.
func (x *Uintptr) Swap(new uintptr) (old uintptr) {
	old = x.v
	x.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Uintptr) CompareAndSwap(old, new uintptr) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add atomically adds delta to x and returns the new value.
func (x *Uintptr) Add(delta uintptr) (new uintptr) {
	x.v += delta
	return x.v
}

// And atomically performs a bitwise AND operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uintptr) And(mask uintptr) (old uintptr) {
	old = x.v
	x.v = old & mask
	return
}

// Or atomically performs a bitwise OR operation on x using the bitmask
// provided as mask and returns the old value.
func (x *Uintptr) Or(mask uintptr) (old uintptr) {
	old = x.v
	x.v = old | mask
	return
}

// A Value provides an atomic load and store of a consistently typed value.
// The zero value for a Value returns nil from Load.
type Value struct {
	v any
}

// sameType reports whether x and y have the same dynamic type.
func sameType(x, y any) bool

// Load returns the value set by the most recent Store. It returns nil if
// there has been no call to Store for this Value.
func (v *Value) Load() (val any) {
	return v.v
}

// Store sets the value of the Value v to val. All calls to Store for a
// given Value must use values of the same concrete type. Store of an
// inconsistent type panics, as does Store(nil).
func (v *Value) Store(val any) {
	if val == nil {
		panic("sync/atomic: store of nil value into Value")
	}
	if v.v != nil && !sameType(v.v, val) {
		panic("sync/atomic: store of inconsistently typed value into Value")
	}
	v.v = val
}

// Swap stores new into Value and returns the previous value. It returns
// nil if the Value is empty.
func (v *Value) Swap(new any) (old any) {
	if new == nil {
		panic("sync/atomic: swap of nil value into Value")
	}
	if v.v != nil && !sameType(v.v, new) {
		panic("sync/atomic: swap of inconsistently typed value into Value")
	}
	old = v.v
	v.v = new
	return
}

// CompareAndSwap executes the compare-and-swap operation for the Value.
func (v *Value) CompareAndSwap(old, new any) (swapped bool) {
	if new == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && !sameType(old, new) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	if v.v == nil {
		if old != nil {
			return false
		}
		v.v = new
		return true
	}
	if !sameType(v.v, new) {
		panic("sync/atomic: compare and swap of inconsistently typed value into Value")
	}
	if v.v != old {
		return false
	}
	v.v = new
	return true
}
