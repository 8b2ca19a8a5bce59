// Package atomic is spindle's guest sync/atomic package.
//
// Every goroutine of a program runs on one OS thread and is only preempted
// at calls and loop back-edges, so these are plain loads and stores: each
// function body runs without interruption.
//
// Missing: nothing of the exported API.
package atomic

import "unsafe"

type noCopy struct{}

// align64 marks 64-bit values (no effect in spindle).
type align64 struct{}

// SwapInt32 atomically stores new into *addr and returns the previous *addr value.
func SwapInt32(addr *int32, new int32) (old int32) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapInt32 executes the compare-and-swap operation for a int32 value.
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddInt32 atomically adds delta to *addr and returns the new value.
func AddInt32(addr *int32, delta int32) (new int32) {
	*addr += delta
	return *addr
}

// AndInt32 atomically performs a bitwise AND operation on *addr using the
// bitmask provided as mask and returns the old value.
func AndInt32(addr *int32, mask int32) (old int32) {
	old = *addr
	*addr = old & mask
	return
}

// OrInt32 atomically performs a bitwise OR operation on *addr using the
// bitmask provided as mask and returns the old value.
func OrInt32(addr *int32, mask int32) (old int32) {
	old = *addr
	*addr = old | mask
	return
}

// LoadInt32 atomically loads *addr.
func LoadInt32(addr *int32) (val int32) {
	return *addr
}

// StoreInt32 atomically stores val into *addr.
func StoreInt32(addr *int32, val int32) {
	*addr = val
}

// SwapInt64 atomically stores new into *addr and returns the previous *addr value.
func SwapInt64(addr *int64, new int64) (old int64) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapInt64 executes the compare-and-swap operation for a int64 value.
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddInt64 atomically adds delta to *addr and returns the new value.
func AddInt64(addr *int64, delta int64) (new int64) {
	*addr += delta
	return *addr
}

// AndInt64 atomically performs a bitwise AND operation on *addr using the
// bitmask provided as mask and returns the old value.
func AndInt64(addr *int64, mask int64) (old int64) {
	old = *addr
	*addr = old & mask
	return
}

// OrInt64 atomically performs a bitwise OR operation on *addr using the
// bitmask provided as mask and returns the old value.
func OrInt64(addr *int64, mask int64) (old int64) {
	old = *addr
	*addr = old | mask
	return
}

// LoadInt64 atomically loads *addr.
func LoadInt64(addr *int64) (val int64) {
	return *addr
}

// StoreInt64 atomically stores val into *addr.
func StoreInt64(addr *int64, val int64) {
	*addr = val
}

// SwapUint32 atomically stores new into *addr and returns the previous *addr value.
func SwapUint32(addr *uint32, new uint32) (old uint32) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapUint32 executes the compare-and-swap operation for a uint32 value.
func CompareAndSwapUint32(addr *uint32, old, new uint32) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUint32 atomically adds delta to *addr and returns the new value.
func AddUint32(addr *uint32, delta uint32) (new uint32) {
	*addr += delta
	return *addr
}

// AndUint32 atomically performs a bitwise AND operation on *addr using the
// bitmask provided as mask and returns the old value.
func AndUint32(addr *uint32, mask uint32) (old uint32) {
	old = *addr
	*addr = old & mask
	return
}

// OrUint32 atomically performs a bitwise OR operation on *addr using the
// bitmask provided as mask and returns the old value.
func OrUint32(addr *uint32, mask uint32) (old uint32) {
	old = *addr
	*addr = old | mask
	return
}

// LoadUint32 atomically loads *addr.
func LoadUint32(addr *uint32) (val uint32) {
	return *addr
}

// StoreUint32 atomically stores val into *addr.
func StoreUint32(addr *uint32, val uint32) {
	*addr = val
}

// SwapUint64 atomically stores new into *addr and returns the previous *addr value.
func SwapUint64(addr *uint64, new uint64) (old uint64) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapUint64 executes the compare-and-swap operation for a uint64 value.
func CompareAndSwapUint64(addr *uint64, old, new uint64) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUint64 atomically adds delta to *addr and returns the new value.
func AddUint64(addr *uint64, delta uint64) (new uint64) {
	*addr += delta
	return *addr
}

// AndUint64 atomically performs a bitwise AND operation on *addr using the
// bitmask provided as mask and returns the old value.
func AndUint64(addr *uint64, mask uint64) (old uint64) {
	old = *addr
	*addr = old & mask
	return
}

// OrUint64 atomically performs a bitwise OR operation on *addr using the
// bitmask provided as mask and returns the old value.
func OrUint64(addr *uint64, mask uint64) (old uint64) {
	old = *addr
	*addr = old | mask
	return
}

// LoadUint64 atomically loads *addr.
func LoadUint64(addr *uint64) (val uint64) {
	return *addr
}

// StoreUint64 atomically stores val into *addr.
func StoreUint64(addr *uint64, val uint64) {
	*addr = val
}

// SwapUintptr atomically stores new into *addr and returns the previous *addr value.
func SwapUintptr(addr *uintptr, new uintptr) (old uintptr) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapUintptr executes the compare-and-swap operation for a uintptr value.
func CompareAndSwapUintptr(addr *uintptr, old, new uintptr) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUintptr atomically adds delta to *addr and returns the new value.
func AddUintptr(addr *uintptr, delta uintptr) (new uintptr) {
	*addr += delta
	return *addr
}

// AndUintptr atomically performs a bitwise AND operation on *addr using the
// bitmask provided as mask and returns the old value.
func AndUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	old = *addr
	*addr = old & mask
	return
}

// OrUintptr atomically performs a bitwise OR operation on *addr using the
// bitmask provided as mask and returns the old value.
func OrUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	old = *addr
	*addr = old | mask
	return
}

// LoadUintptr atomically loads *addr.
func LoadUintptr(addr *uintptr) (val uintptr) {
	return *addr
}

// StoreUintptr atomically stores val into *addr.
func StoreUintptr(addr *uintptr, val uintptr) {
	*addr = val
}

// SwapPointer atomically stores new into *addr and returns the previous *addr value.
func SwapPointer(addr *unsafe.Pointer, new unsafe.Pointer) (old unsafe.Pointer) {
	old = *addr
	*addr = new
	return
}

// CompareAndSwapPointer executes the compare-and-swap operation for a
// unsafe.Pointer value.
func CompareAndSwapPointer(addr *unsafe.Pointer, old, new unsafe.Pointer) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// LoadPointer atomically loads *addr.
func LoadPointer(addr *unsafe.Pointer) (val unsafe.Pointer) {
	return *addr
}

// StorePointer atomically stores val into *addr.
func StorePointer(addr *unsafe.Pointer, val unsafe.Pointer) {
	*addr = val
}
