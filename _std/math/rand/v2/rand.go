// Package rand is spindle's guest math/rand/v2 package: pseudo-random
// numbers.
//
// PCG and ChaCha8 are Go's generators (ChaCha8 runs on the host) and the
// Rand methods use Go's algorithms, so seeded programs get Go's exact
// numbers. The top-level functions draw from the machine's seeded
// generator: a run is deterministic for a given spindle seed.
//
// Missing: nothing of the exported API.
package rand

import (
	"errors"
	"math/bits"
)

// A Source is a source of uniformly-distributed pseudo-random uint64
// values in the range [0, 1<<64).
type Source interface {
	Uint64() uint64
}

// A Rand is a source of random numbers.
type Rand struct {
	src Source
}

// New returns a new Rand that uses random values from src to generate
// other random values.
func New(src Source) *Rand {
	return &Rand{src: src}
}

// Int64 returns a non-negative pseudo-random 63-bit integer as an int64.
func (r *Rand) Int64() int64 { return int64(r.src.Uint64() &^ (1 << 63)) }

// Uint32 returns a pseudo-random 32-bit value as a uint32.
func (r *Rand) Uint32() uint32 { return uint32(r.src.Uint64() >> 32) }

// Uint64 returns a pseudo-random 64-bit value as a uint64.
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }

// Int32 returns a non-negative pseudo-random 31-bit integer as an int32.
func (r *Rand) Int32() int32 { return int32(r.src.Uint64() >> 33) }

// Int returns a non-negative pseudo-random int.
func (r *Rand) Int() int { return int(uint(r.src.Uint64()) << 1 >> 1) }

// Uint returns a pseudo-random uint.
func (r *Rand) Uint() uint { return uint(r.src.Uint64()) }

// Int64N returns, as an int64, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	return int64(r.uint64n(uint64(n)))
}

// Uint64N returns, as a uint64, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n == 0.
func (r *Rand) Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("invalid argument to Uint64N")
	}
	return r.uint64n(n)
}

// uint64n is Lemire's unbiased multiply-shift method.
func (r *Rand) uint64n(n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// Int32N returns, as an int32, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) Int32N(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int32N")
	}
	return int32(r.uint64n(uint64(n)))
}

// Uint32N returns, as a uint32, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n == 0.
func (r *Rand) Uint32N(n uint32) uint32 {
	if n == 0 {
		panic("invalid argument to Uint32N")
	}
	return uint32(r.uint64n(uint64(n)))
}

// IntN returns, as an int, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	return int(r.uint64n(uint64(n)))
}

// UintN returns, as a uint, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n == 0.
func (r *Rand) UintN(n uint) uint {
	if n == 0 {
		panic("invalid argument to UintN")
	}
	return uint(r.uint64n(uint64(n)))
}

// Float64 returns, as a float64, a pseudo-random number in the half-open
// interval [0.0,1.0).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()<<11>>11) / (1 << 53)
}

// Float32 returns, as a float32, a pseudo-random number in the half-open
// interval [0.0,1.0).
func (r *Rand) Float32() float32 {
	return float32(r.Uint32()<<8>>8) / (1 << 24)
}

// Perm returns, as a slice of n ints, a pseudo-random permutation of the
// integers in the half-open interval [0,n).
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Shuffle pseudo-randomizes the order of elements. n is the number of
// elements. Shuffle panics if n < 0. swap swaps the elements with indexes
// i and j.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	for i := n - 1; i > 0; i-- {
		j := int(r.uint64n(uint64(i + 1)))
		swap(i, j)
	}
}

func normFloat64(src Source) float64
func expFloat64(src Source) float64

// NormFloat64 returns a normally distributed float64 in the range
// [-math.MaxFloat64, +math.MaxFloat64] with standard normal distribution
// (mean = 0, stddev = 1).
func (r *Rand) NormFloat64() float64 { return normFloat64(r.src) }

// ExpFloat64 returns an exponentially distributed float64 in the range
// (0, +math.MaxFloat64] with an exponential distribution whose rate
// parameter (lambda) is 1 and whose mean is 1/lambda (1).
func (r *Rand) ExpFloat64() float64 { return expFloat64(r.src) }

// A PCG is a PCG generator with 128 bits of internal state. A zero PCG is
// equivalent to NewPCG(0, 0).
type PCG struct {
	hi uint64
	lo uint64
}

// NewPCG returns a new PCG seeded with the given values.
func NewPCG(seed1, seed2 uint64) *PCG {
	return &PCG{seed1, seed2}
}

// Seed resets the PCG to behave the same way as NewPCG(seed1, seed2).
func (p *PCG) Seed(seed1, seed2 uint64) {
	p.hi = seed1
	p.lo = seed2
}

// Uint64 returns a uniformly-distributed random uint64 value.
func (p *PCG) Uint64() uint64

// A ChaCha8 is a ChaCha8-based cryptographically strong random number
// generator.
type ChaCha8 struct {
	h any // the host's *rand.ChaCha8
}

func newChaCha8(c *ChaCha8, seed [32]byte)

// NewChaCha8 returns a new ChaCha8 seeded with the given seed.
func NewChaCha8(seed [32]byte) *ChaCha8 {
	c := &ChaCha8{}
	newChaCha8(c, seed)
	return c
}

// Seed resets the ChaCha8 to behave the same way as NewChaCha8(seed).
func (c *ChaCha8) Seed(seed [32]byte) { newChaCha8(c, seed) }

// Uint64 returns a uniformly distributed random uint64 value.
func (c *ChaCha8) Uint64() uint64

// runtimeSource draws from the machine's seeded generator.
type runtimeSource struct{}

func (runtimeSource) Uint64() uint64

var globalRand = &Rand{src: runtimeSource{}}

// Int64 returns a non-negative pseudo-random 63-bit integer as an int64
// from the default Source.
func Int64() int64 { return globalRand.Int64() }

// Uint32 returns a pseudo-random 32-bit value as a uint32 from the default
// Source.
func Uint32() uint32 { return globalRand.Uint32() }

// Uint64 returns a pseudo-random 64-bit value as a uint64 from the default
// Source.
func Uint64() uint64 { return globalRand.Uint64() }

// Int32 returns a non-negative pseudo-random 31-bit integer as an int32
// from the default Source.
func Int32() int32 { return globalRand.Int32() }

// Int returns a non-negative pseudo-random int from the default Source.
func Int() int { return globalRand.Int() }

// Uint returns a pseudo-random uint from the default Source.
func Uint() uint { return globalRand.Uint() }

// Int64N returns, as an int64, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n <= 0.
func Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	return int64(globalRand.uint64n(uint64(n)))
}

// Uint64N returns, as a uint64, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n == 0.
func Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("invalid argument to Uint64N")
	}
	return globalRand.uint64n(n)
}

// Int32N returns, as an int32, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n <= 0.
func Int32N(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int32N")
	}
	return int32(globalRand.uint64n(uint64(n)))
}

// Uint32N returns, as a uint32, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n == 0.
func Uint32N(n uint32) uint32 {
	if n == 0 {
		panic("invalid argument to Uint32N")
	}
	return uint32(globalRand.uint64n(uint64(n)))
}

// IntN returns, as an int, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n <= 0.
func IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	return int(globalRand.uint64n(uint64(n)))
}

// UintN returns, as a uint, a pseudo-random number in the half-open
// interval [0,n) from the default Source. It panics if n == 0.
func UintN(n uint) uint {
	if n == 0 {
		panic("invalid argument to UintN")
	}
	return uint(globalRand.uint64n(uint64(n)))
}

// N returns a pseudo-random number in the half-open interval [0,n) from
// the default Source. The type parameter Int can be any integer type. It
// panics if n <= 0.
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(globalRand.uint64n(uint64(n)))
}

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Float64 returns, as a float64, a pseudo-random number in the half-open
// interval [0.0,1.0) from the default Source.
func Float64() float64 { return globalRand.Float64() }

// Float32 returns, as a float32, a pseudo-random number in the half-open
// interval [0.0,1.0) from the default Source.
func Float32() float32 { return globalRand.Float32() }

// Perm returns, as a slice of n ints, a pseudo-random permutation of the
// integers in the half-open interval [0,n) from the default Source.
func Perm(n int) []int { return globalRand.Perm(n) }

// Shuffle pseudo-randomizes the order of elements using the default
// Source.
func Shuffle(n int, swap func(i, j int)) { globalRand.Shuffle(n, swap) }

// NormFloat64 returns a normally distributed float64 from the default
// Source.
func NormFloat64() float64 { return globalRand.NormFloat64() }

// ExpFloat64 returns an exponentially distributed float64 from the default
// Source.
func ExpFloat64() float64 { return globalRand.ExpFloat64() }

// AppendBinary implements the encoding.BinaryAppender interface.
func (p *PCG) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, "pcg:"...)
	b = appendUint64(b, p.hi)
	b = appendUint64(b, p.lo)
	return b, nil
}

// MarshalBinary implements the encoding.BinaryMarshaler interface.
func (p *PCG) MarshalBinary() ([]byte, error) {
	return p.AppendBinary(make([]byte, 0, 20))
}

// UnmarshalBinary implements the encoding.BinaryUnmarshaler interface.
func (p *PCG) UnmarshalBinary(data []byte) error {
	if len(data) != 20 || string(data[:4]) != "pcg:" {
		return errUnmarshalPCG
	}
	p.hi = readUint64(data[4:])
	p.lo = readUint64(data[12:])
	return nil
}

var errUnmarshalPCG = errors.New("invalid PCG encoding")

func appendUint64(b []byte, x uint64) []byte {
	for s := 56; s >= 0; s -= 8 {
		b = append(b, byte(x>>s))
	}
	return b
}

func readUint64(b []byte) uint64 {
	var x uint64
	for i := 0; i < 8; i++ {
		x = x<<8 | uint64(b[i])
	}
	return x
}

func chachaRead(c *ChaCha8, p []byte) int
func chachaMarshal(c *ChaCha8) []byte
func chachaUnmarshal(c *ChaCha8, data []byte) (msg string)

// Read reads exactly len(p) bytes into p. It always returns len(p) and a
// nil error.
func (c *ChaCha8) Read(p []byte) (n int, err error) {
	return chachaRead(c, p), nil
}

// AppendBinary implements the encoding.BinaryAppender interface.
func (c *ChaCha8) AppendBinary(b []byte) ([]byte, error) {
	return append(b, chachaMarshal(c)...), nil
}

// MarshalBinary implements the encoding.BinaryMarshaler interface.
func (c *ChaCha8) MarshalBinary() ([]byte, error) {
	return chachaMarshal(c), nil
}

// UnmarshalBinary implements the encoding.BinaryUnmarshaler interface.
func (c *ChaCha8) UnmarshalBinary(data []byte) error {
	if msg := chachaUnmarshal(c, data); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// A Zipf generates Zipf distributed variates. It runs Go's algorithm on
// the host over the Rand's source.
type Zipf struct {
	h any // host state
}

func newZipf(z *Zipf, src Source, s, v float64, imax uint64) bool

// NewZipf returns a Zipf variate generator. The generator generates values
// k ∈ [0, imax] such that P(k) is proportional to (v + k) ** (-s).
// Requirements: s > 1 and v >= 1.
func NewZipf(r *Rand, s float64, v float64, imax uint64) *Zipf {
	z := new(Zipf)
	if !newZipf(z, r.src, s, v, imax) {
		return nil
	}
	return z
}

func zipfUint64(z *Zipf) uint64

// Uint64 returns a value drawn from the Zipf distribution described by the
// Zipf object.
func (z *Zipf) Uint64() uint64 {
	if z == nil {
		panic("rand: nil Zipf")
	}
	return zipfUint64(z)
}
