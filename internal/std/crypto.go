package std

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"spindle/internal/vm"
)

// Host side of what Go's crypto packages, compiled from the toolchain's
// sources, link to in gc's runtime: the FIPS 140 service indicator and
// fatal errors, the data-independent-timing switch, CPU feature probes
// (spindle reports none, so the pure-Go code paths run), getrandom(2), and
// the constant-time intrinsic whose Go body only panics.
var cryptoFuncs = hostTable{
	"crypto/internal/fips140.fatal":             cryptoFatal,
	"crypto/internal/sysrand.fatal":             cryptoFatal,
	"crypto/rand.fatal":                         cryptoFatal,
	"crypto/internal/fips140.getIndicator":      func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Uint(0) },
	"crypto/internal/fips140.setIndicator":      func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/subtle.setDITEnabled":               func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Bool(false) },
	"crypto/subtle.setDITDisabled":              func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/fips140.isBypassed":                 func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Bool(false) },
	"crypto/fips140.setBypass":                  func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/fips140.unsetBypass":                func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/internal/boring/sig.BoringCrypto":   func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/internal/boring/sig.FIPSOnly":       func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/internal/boring/sig.StandardCrypto": func(f *vm.Fiber, args, res []vm.Value) {},
	"crypto/internal/fips140hash.sha3Unwrap": func(f *vm.Fiber, args, res []vm.Value) {
		panic(vm.PlainError("spindle: crypto/sha3 digests cannot be used where the FIPS 140 module unwraps them (HMAC, HKDF, PBKDF2 over SHA-3)"))
	},
	"crypto/internal/constanttime.boolToUint8": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Uint(args[0].N & 1) },
	"internal/cpu.cpuid": func(f *vm.Fiber, args, res []vm.Value) {
		res[0], res[1], res[2], res[3] = vm.Uint(0), vm.Uint(0), vm.Uint(0), vm.Uint(0)
	},
	"internal/cpu.xgetbv":          func(f *vm.Fiber, args, res []vm.Value) { res[0], res[1] = vm.Uint(0), vm.Uint(0) },
	"internal/cpu.getGOAMD64level": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(1) },
	"internal/syscall/unix.getrandom": func(f *vm.Fiber, args, res []vm.Value) {
		n, err := unix.Getrandom(args[0].Bytes(), int(args[1].N))
		errno := uint64(0)
		if e, ok := err.(syscall.Errno); ok {
			errno = uint64(e)
		}
		res[0], res[1] = vm.Int(int64(max(n, 0))), vm.Uint(errno)
	},
	// xorBytes reinterprets the bytes as words, which spindle cannot; its
	// only caller, XORBytes, has checked that every slice holds n bytes.
	"crypto/internal/fips140/subtle.xorBytes": cryptoXORBytes,
	// The fixed-size Montgomery kernels slice their pointer arguments,
	// which reach no further than one word under spindle; their caller
	// (montgomeryMul) passes n-word slices' first elements.
	"crypto/internal/fips140/bigmod.addMulVVW1024": addMulVVW(1024 / 64),
	"crypto/internal/fips140/bigmod.addMulVVW1536": addMulVVW(1536 / 64),
	"crypto/internal/fips140/bigmod.addMulVVW2048": addMulVVW(2048 / 64),
	// keccakF1600Generic reads its 200-byte state as 25 words.
	"crypto/internal/fips140/sha3.keccakF1600Generic": keccakF1600,
	"syscall.errnoText": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Str(syscall.Errno(args[0].N).Error()) },
}

func cryptoXORBytes(f *vm.Fiber, args, res []vm.Value) {
	n := int(args[3].Int())
	dp, _ := args[0].R.(*byte)
	xp, _ := args[1].R.(*byte)
	yp, _ := args[2].R.(*byte)
	if n <= 0 || dp == nil || xp == nil || yp == nil {
		return
	}
	subtle.XORBytes(unsafe.Slice(dp, n), unsafe.Slice(xp, n), unsafe.Slice(yp, n))
}

// addMulVVW returns bigmod's addMulVVW over n words: z += x*y, returning
// the carry.
func addMulVVW(n int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		zp, _ := args[0].R.(*uint64)
		xp, _ := args[1].R.(*uint64)
		y := args[2].N
		if zp == nil || xp == nil {
			panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
		}
		z, x := unsafe.Slice(zp, n), unsafe.Slice(xp, n)
		var c uint64
		for i := range z {
			hi, lo := bits.Mul64(x[i], y)
			lo, cc := bits.Add64(lo, z[i], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			z[i] = lo
			c = hi
		}
		res[0] = vm.Uint(c)
	}
}

func cryptoFatal(f *vm.Fiber, args, res []vm.Value) { panic(vm.Fatal(args[0].String())) }

var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakRot[x][y] is the rotation of lane (x, y) (FIPS 202, rho).
var keccakRot = [5][5]int{
	{0, 36, 3, 41, 18},
	{1, 44, 10, 45, 2},
	{62, 6, 43, 15, 61},
	{28, 55, 25, 21, 56},
	{27, 20, 39, 8, 14},
}

// keccakF1600 applies Keccak-f[1600] (FIPS 202) to the guest's 200-byte
// state, a *[200]byte, whose lanes are little-endian words.
func keccakF1600(f *vm.Fiber, args, res []vm.Value) {
	cell := args[0].Ptr()
	b, _ := cell.R.([]byte)
	if cell == nil || len(b) != 200 {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	var a [25]uint64
	for i := range a {
		a[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	for round := 0; round < 24; round++ {
		var c, d [5]uint64
		for x := 0; x < 5; x++ {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := 0; x < 5; x++ {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		var bb [25]uint64
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				v := a[x+5*y] ^ d[x]
				bb[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(v, keccakRot[x][y])
			}
		}
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				a[x+5*y] = bb[x+5*y] ^ (^bb[(x+1)%5+5*y] & bb[(x+2)%5+5*y])
			}
		}
		a[0] ^= keccakRC[round]
	}
	for i := range a {
		binary.LittleEndian.PutUint64(b[8*i:], a[i])
	}
}
