package std

import (
	"math/bits"

	"spindle/internal/vm"
)

// Host side of the guest math/bits package.

func init() {
	toInt := func(name string, fn func(uint64) int) {
		reg("math/bits."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Int(int64(fn(args[0].N)))
		})
	}
	toUint := func(name string, fn func(uint64) uint64) {
		reg("math/bits."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Uint(fn(args[0].N))
		})
	}
	rot := func(name string, fn func(uint64, int) uint64) {
		reg("math/bits."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Uint(fn(args[0].N, int(args[1].Int())))
		})
	}
	toInt("LeadingZeros", func(x uint64) int { return bits.LeadingZeros(uint(x)) })
	toInt("LeadingZeros8", func(x uint64) int { return bits.LeadingZeros8(uint8(x)) })
	toInt("LeadingZeros16", func(x uint64) int { return bits.LeadingZeros16(uint16(x)) })
	toInt("LeadingZeros32", func(x uint64) int { return bits.LeadingZeros32(uint32(x)) })
	toInt("LeadingZeros64", func(x uint64) int { return bits.LeadingZeros64(uint64(x)) })
	toInt("TrailingZeros", func(x uint64) int { return bits.TrailingZeros(uint(x)) })
	toInt("TrailingZeros8", func(x uint64) int { return bits.TrailingZeros8(uint8(x)) })
	toInt("TrailingZeros16", func(x uint64) int { return bits.TrailingZeros16(uint16(x)) })
	toInt("TrailingZeros32", func(x uint64) int { return bits.TrailingZeros32(uint32(x)) })
	toInt("TrailingZeros64", func(x uint64) int { return bits.TrailingZeros64(uint64(x)) })
	toInt("OnesCount", func(x uint64) int { return bits.OnesCount(uint(x)) })
	toInt("OnesCount8", func(x uint64) int { return bits.OnesCount8(uint8(x)) })
	toInt("OnesCount16", func(x uint64) int { return bits.OnesCount16(uint16(x)) })
	toInt("OnesCount32", func(x uint64) int { return bits.OnesCount32(uint32(x)) })
	toInt("OnesCount64", func(x uint64) int { return bits.OnesCount64(uint64(x)) })
	toInt("Len", func(x uint64) int { return bits.Len(uint(x)) })
	toInt("Len8", func(x uint64) int { return bits.Len8(uint8(x)) })
	toInt("Len16", func(x uint64) int { return bits.Len16(uint16(x)) })
	toInt("Len32", func(x uint64) int { return bits.Len32(uint32(x)) })
	toInt("Len64", func(x uint64) int { return bits.Len64(uint64(x)) })
	rot("RotateLeft", func(x uint64, k int) uint64 { return uint64(bits.RotateLeft(uint(x), k)) })
	toUint("Reverse", func(x uint64) uint64 { return uint64(bits.Reverse(uint(x))) })
	toUint("ReverseBytes", func(x uint64) uint64 { return uint64(bits.ReverseBytes(uint(x))) })
	rot("RotateLeft8", func(x uint64, k int) uint64 { return uint64(bits.RotateLeft8(uint8(x), k)) })
	toUint("Reverse8", func(x uint64) uint64 { return uint64(bits.Reverse8(uint8(x))) })
	rot("RotateLeft16", func(x uint64, k int) uint64 { return uint64(bits.RotateLeft16(uint16(x), k)) })
	toUint("Reverse16", func(x uint64) uint64 { return uint64(bits.Reverse16(uint16(x))) })
	toUint("ReverseBytes16", func(x uint64) uint64 { return uint64(bits.ReverseBytes16(uint16(x))) })
	rot("RotateLeft32", func(x uint64, k int) uint64 { return uint64(bits.RotateLeft32(uint32(x), k)) })
	toUint("Reverse32", func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) })
	toUint("ReverseBytes32", func(x uint64) uint64 { return uint64(bits.ReverseBytes32(uint32(x))) })
	rot("RotateLeft64", func(x uint64, k int) uint64 { return uint64(bits.RotateLeft64(uint64(x), k)) })
	toUint("Reverse64", func(x uint64) uint64 { return uint64(bits.Reverse64(uint64(x))) })
	toUint("ReverseBytes64", func(x uint64) uint64 { return uint64(bits.ReverseBytes64(uint64(x))) })
	reg("math/bits.Add32", func(f *vm.Fiber, args, res []vm.Value) {
		s, c := bits.Add32(uint32(args[0].N), uint32(args[1].N), uint32(args[2].N))
		res[0], res[1] = vm.Uint(uint64(s)), vm.Uint(uint64(c))
	})
	reg("math/bits.Sub32", func(f *vm.Fiber, args, res []vm.Value) {
		d, b := bits.Sub32(uint32(args[0].N), uint32(args[1].N), uint32(args[2].N))
		res[0], res[1] = vm.Uint(uint64(d)), vm.Uint(uint64(b))
	})
	reg("math/bits.Mul32", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo := bits.Mul32(uint32(args[0].N), uint32(args[1].N))
		res[0], res[1] = vm.Uint(uint64(hi)), vm.Uint(uint64(lo))
	})
	reg("math/bits.Div32", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo, y := uint32(args[0].N), uint32(args[1].N), uint32(args[2].N)
		if y == 0 {
			panic(vm.RuntimeError("integer divide by zero"))
		}
		if y <= hi {
			panic(vm.RuntimeError("integer overflow"))
		}
		q, r := bits.Div32(hi, lo, y)
		res[0], res[1] = vm.Uint(uint64(q)), vm.Uint(uint64(r))
	})
	reg("math/bits.Rem32", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo, y := uint32(args[0].N), uint32(args[1].N), uint32(args[2].N)
		if y == 0 {
			panic(vm.RuntimeError("integer divide by zero"))
		}
		res[0] = vm.Uint(uint64(bits.Rem32(hi, lo, y)))
	})
	reg2("math/bits.Add", "math/bits.Add64", func(f *vm.Fiber, args, res []vm.Value) {
		s, c := bits.Add64(uint64(args[0].N), uint64(args[1].N), uint64(args[2].N))
		res[0], res[1] = vm.Uint(uint64(s)), vm.Uint(uint64(c))
	})
	reg2("math/bits.Sub", "math/bits.Sub64", func(f *vm.Fiber, args, res []vm.Value) {
		d, b := bits.Sub64(uint64(args[0].N), uint64(args[1].N), uint64(args[2].N))
		res[0], res[1] = vm.Uint(uint64(d)), vm.Uint(uint64(b))
	})
	reg2("math/bits.Mul", "math/bits.Mul64", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo := bits.Mul64(uint64(args[0].N), uint64(args[1].N))
		res[0], res[1] = vm.Uint(uint64(hi)), vm.Uint(uint64(lo))
	})
	reg2("math/bits.Div", "math/bits.Div64", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo, y := uint64(args[0].N), uint64(args[1].N), uint64(args[2].N)
		if y == 0 {
			panic(vm.RuntimeError("integer divide by zero"))
		}
		if y <= hi {
			panic(vm.RuntimeError("integer overflow"))
		}
		q, r := bits.Div64(hi, lo, y)
		res[0], res[1] = vm.Uint(uint64(q)), vm.Uint(uint64(r))
	})
	reg2("math/bits.Rem", "math/bits.Rem64", func(f *vm.Fiber, args, res []vm.Value) {
		hi, lo, y := uint64(args[0].N), uint64(args[1].N), uint64(args[2].N)
		if y == 0 {
			panic(vm.RuntimeError("integer divide by zero"))
		}
		res[0] = vm.Uint(uint64(bits.Rem64(hi, lo, y)))
	})
}

// reg2 registers fn under two names: uint is 64 bits wide, so Add and
// Add64 (Sub, Mul, Div, Rem likewise) are one function.
func reg2(a, b string, fn func(f *vm.Fiber, args, res []vm.Value)) {
	reg(a, fn)
	reg(b, fn)
}
