package std

import (
	"math/bits"

	"spindle/internal/vm"
)

// Host side of the guest math/bits package.

var bitsFuncs = hostTable{
	"math/bits.LeadingZeros":    bitsInt(func(x uint64) int { return bits.LeadingZeros(uint(x)) }),
	"math/bits.LeadingZeros8":   bitsInt(func(x uint64) int { return bits.LeadingZeros8(uint8(x)) }),
	"math/bits.LeadingZeros16":  bitsInt(func(x uint64) int { return bits.LeadingZeros16(uint16(x)) }),
	"math/bits.LeadingZeros32":  bitsInt(func(x uint64) int { return bits.LeadingZeros32(uint32(x)) }),
	"math/bits.LeadingZeros64":  bitsInt(func(x uint64) int { return bits.LeadingZeros64(uint64(x)) }),
	"math/bits.TrailingZeros":   bitsInt(func(x uint64) int { return bits.TrailingZeros(uint(x)) }),
	"math/bits.TrailingZeros8":  bitsInt(func(x uint64) int { return bits.TrailingZeros8(uint8(x)) }),
	"math/bits.TrailingZeros16": bitsInt(func(x uint64) int { return bits.TrailingZeros16(uint16(x)) }),
	"math/bits.TrailingZeros32": bitsInt(func(x uint64) int { return bits.TrailingZeros32(uint32(x)) }),
	"math/bits.TrailingZeros64": bitsInt(func(x uint64) int { return bits.TrailingZeros64(uint64(x)) }),
	"math/bits.OnesCount":       bitsInt(func(x uint64) int { return bits.OnesCount(uint(x)) }),
	"math/bits.OnesCount8":      bitsInt(func(x uint64) int { return bits.OnesCount8(uint8(x)) }),
	"math/bits.OnesCount16":     bitsInt(func(x uint64) int { return bits.OnesCount16(uint16(x)) }),
	"math/bits.OnesCount32":     bitsInt(func(x uint64) int { return bits.OnesCount32(uint32(x)) }),
	"math/bits.OnesCount64":     bitsInt(func(x uint64) int { return bits.OnesCount64(uint64(x)) }),
	"math/bits.Len":             bitsInt(func(x uint64) int { return bits.Len(uint(x)) }),
	"math/bits.Len8":            bitsInt(func(x uint64) int { return bits.Len8(uint8(x)) }),
	"math/bits.Len16":           bitsInt(func(x uint64) int { return bits.Len16(uint16(x)) }),
	"math/bits.Len32":           bitsInt(func(x uint64) int { return bits.Len32(uint32(x)) }),
	"math/bits.Len64":           bitsInt(func(x uint64) int { return bits.Len64(uint64(x)) }),
	"math/bits.RotateLeft":      bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft(uint(x), k)) }),
	"math/bits.Reverse":         bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse(uint(x))) }),
	"math/bits.ReverseBytes":    bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes(uint(x))) }),
	"math/bits.RotateLeft8":     bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft8(uint8(x), k)) }),
	"math/bits.Reverse8":        bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse8(uint8(x))) }),
	"math/bits.RotateLeft16":    bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft16(uint16(x), k)) }),
	"math/bits.Reverse16":       bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse16(uint16(x))) }),
	"math/bits.ReverseBytes16":  bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes16(uint16(x))) }),
	"math/bits.RotateLeft32":    bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft32(uint32(x), k)) }),
	"math/bits.Reverse32":       bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) }),
	"math/bits.ReverseBytes32":  bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes32(uint32(x))) }),
	"math/bits.RotateLeft64":    bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft64(uint64(x), k)) }),
	"math/bits.Reverse64":       bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse64(uint64(x))) }),
	"math/bits.ReverseBytes64":  bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes64(uint64(x))) }),

	// uint is 64 bits wide, so Add and Add64 (Sub, Mul, Div, Rem
	// likewise) are one function.
	"math/bits.Add":   bitsAdd64,
	"math/bits.Add64": bitsAdd64,
	"math/bits.Sub":   bitsSub64,
	"math/bits.Sub64": bitsSub64,
	"math/bits.Mul":   bitsMul64,
	"math/bits.Mul64": bitsMul64,
	"math/bits.Div":   bitsDiv64,
	"math/bits.Div64": bitsDiv64,
	"math/bits.Rem":   bitsRem64,
	"math/bits.Rem64": bitsRem64,

	"math/bits.Add32": bitsAdd32,
	"math/bits.Sub32": bitsSub32,
	"math/bits.Mul32": bitsMul32,
	"math/bits.Div32": bitsDiv32,
	"math/bits.Rem32": bitsRem32,
}

// bitsInt, bitsUint and bitsRotate adapt the host's functions on
// uint64-widened arguments: most of bitsFuncs is built from them.
func bitsInt(fn func(uint64) int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(fn(args[0].N)))
	}
}

func bitsUint(fn func(uint64) uint64) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Uint(fn(args[0].N))
	}
}

func bitsRotate(fn func(uint64, int) uint64) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Uint(fn(args[0].N, int(args[1].Int())))
	}
}

func bitsAdd64(f *vm.Fiber, args, res []vm.Value) {
	s, c := bits.Add64(uint64(args[0].N), uint64(args[1].N), uint64(args[2].N))
	res[0], res[1] = vm.Uint(uint64(s)), vm.Uint(uint64(c))
}

func bitsSub64(f *vm.Fiber, args, res []vm.Value) {
	d, b := bits.Sub64(uint64(args[0].N), uint64(args[1].N), uint64(args[2].N))
	res[0], res[1] = vm.Uint(uint64(d)), vm.Uint(uint64(b))
}

func bitsMul64(f *vm.Fiber, args, res []vm.Value) {
	hi, lo := bits.Mul64(uint64(args[0].N), uint64(args[1].N))
	res[0], res[1] = vm.Uint(uint64(hi)), vm.Uint(uint64(lo))
}

func bitsDiv64(f *vm.Fiber, args, res []vm.Value) {
	hi, lo, y := uint64(args[0].N), uint64(args[1].N), uint64(args[2].N)
	if y == 0 {
		panic(vm.RuntimeError("integer divide by zero"))
	}
	if y <= hi {
		panic(vm.RuntimeError("integer overflow"))
	}
	q, r := bits.Div64(hi, lo, y)
	res[0], res[1] = vm.Uint(uint64(q)), vm.Uint(uint64(r))
}

func bitsRem64(f *vm.Fiber, args, res []vm.Value) {
	hi, lo, y := uint64(args[0].N), uint64(args[1].N), uint64(args[2].N)
	if y == 0 {
		panic(vm.RuntimeError("integer divide by zero"))
	}
	res[0] = vm.Uint(uint64(bits.Rem64(hi, lo, y)))
}

func bitsAdd32(f *vm.Fiber, args, res []vm.Value) {
	s, c := bits.Add32(uint32(args[0].N), uint32(args[1].N), uint32(args[2].N))
	res[0], res[1] = vm.Uint(uint64(s)), vm.Uint(uint64(c))
}

func bitsSub32(f *vm.Fiber, args, res []vm.Value) {
	d, b := bits.Sub32(uint32(args[0].N), uint32(args[1].N), uint32(args[2].N))
	res[0], res[1] = vm.Uint(uint64(d)), vm.Uint(uint64(b))
}

func bitsMul32(f *vm.Fiber, args, res []vm.Value) {
	hi, lo := bits.Mul32(uint32(args[0].N), uint32(args[1].N))
	res[0], res[1] = vm.Uint(uint64(hi)), vm.Uint(uint64(lo))
}

func bitsDiv32(f *vm.Fiber, args, res []vm.Value) {
	hi, lo, y := uint32(args[0].N), uint32(args[1].N), uint32(args[2].N)
	if y == 0 {
		panic(vm.RuntimeError("integer divide by zero"))
	}
	if y <= hi {
		panic(vm.RuntimeError("integer overflow"))
	}
	q, r := bits.Div32(hi, lo, y)
	res[0], res[1] = vm.Uint(uint64(q)), vm.Uint(uint64(r))
}

func bitsRem32(f *vm.Fiber, args, res []vm.Value) {
	hi, lo, y := uint32(args[0].N), uint32(args[1].N), uint32(args[2].N)
	if y == 0 {
		panic(vm.RuntimeError("integer divide by zero"))
	}
	res[0] = vm.Uint(uint64(bits.Rem32(hi, lo, y)))
}
