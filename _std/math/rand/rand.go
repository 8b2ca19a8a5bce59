// Package rand is spindle's guest math/rand package: pseudo-random
// numbers.
//
// NewSource(seed) is Go's own generator (run by the host), and the Rand
// methods use Go's algorithms, so a program that seeds its generator gets
// exactly Go's numbers. The top-level functions draw from the machine's
// seeded generator (Seed is a no-op, as in Go 1.24): a run is deterministic
// for a given spindle seed.
//
// Missing: nothing of the exported API.
package rand

// A Source represents a source of uniformly-distributed pseudo-random
// int64 values in the range [0, 1<<63).
type Source interface {
	Int63() int64
	Seed(seed int64)
}

// A Source64 is a Source that can also generate uniformly-distributed
// pseudo-random uint64 values in the range [0, 1<<64) directly.
type Source64 interface {
	Source
	Uint64() uint64
}

// rngSource is Go's additive lagged Fibonacci generator, kept by the host.
type rngSource struct {
	h any
}

func newRngSource(r *rngSource, seed int64)

func (r *rngSource) Int63() int64
func (r *rngSource) Uint64() uint64
func (r *rngSource) Seed(seed int64) { newRngSource(r, seed) }

// NewSource returns a new pseudo-random Source seeded with the given value.
func NewSource(seed int64) Source {
	r := &rngSource{}
	newRngSource(r, seed)
	return r
}

// runtimeSource draws from the machine's seeded generator.
type runtimeSource struct{}

func (runtimeSource) Int63() int64
func (runtimeSource) Uint64() uint64
func (runtimeSource) Seed(int64) {}

// A Rand is a source of random numbers.
type Rand struct {
	src Source
	s64 Source64 // non-nil if src is Source64

	// readVal and readPos hold the bytes of an Int63 not yet used by Read.
	readVal int64
	readPos int
}

// New returns a new Rand that uses random values from src to generate
// other random values.
func New(src Source) *Rand {
	s64, _ := src.(Source64)
	return &Rand{src: src, s64: s64}
}

// Seed uses the provided seed value to initialize the generator to a
// deterministic state.
func (r *Rand) Seed(seed int64) {
	r.src.Seed(seed)
	r.readPos = 0
}

// Int63 returns a non-negative pseudo-random 63-bit integer as an int64.
func (r *Rand) Int63() int64 { return r.src.Int63() }

// Uint32 returns a pseudo-random 32-bit value as a uint32.
func (r *Rand) Uint32() uint32 { return uint32(r.Int63() >> 31) }

// Uint64 returns a pseudo-random 64-bit value as a uint64.
func (r *Rand) Uint64() uint64 {
	if r.s64 != nil {
		return r.s64.Uint64()
	}
	return uint64(r.Int63())>>31 | uint64(r.Int63())<<32
}

// Int31 returns a non-negative pseudo-random 31-bit integer as an int32.
func (r *Rand) Int31() int32 { return int32(r.Int63() >> 32) }

// Int returns a non-negative pseudo-random int.
func (r *Rand) Int() int {
	u := uint(r.Int63())
	return int(u << 1 >> 1)
}

// Int63n returns, as an int64, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) Int63n(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int63n")
	}
	if n&(n-1) == 0 {
		return r.Int63() & (n - 1)
	}
	limit := int64((1 << 63) - 1 - (1<<63)%uint64(n))
	v := r.Int63()
	for v > limit {
		v = r.Int63()
	}
	return v % n
}

// Int31n returns, as an int32, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) Int31n(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int31n")
	}
	if n&(n-1) == 0 {
		return r.Int31() & (n - 1)
	}
	limit := int32((1 << 31) - 1 - (1<<31)%uint32(n))
	v := r.Int31()
	for v > limit {
		v = r.Int31()
	}
	return v % n
}

// int31n is Lemire's multiply-shift method (used by Shuffle).
func (r *Rand) int31n(n int32) int32 {
	v := r.Uint32()
	prod := uint64(v) * uint64(n)
	low := uint32(prod)
	if low < uint32(n) {
		thresh := uint32(-n) % uint32(n)
		for low < thresh {
			v = r.Uint32()
			prod = uint64(v) * uint64(n)
			low = uint32(prod)
		}
	}
	return int32(prod >> 32)
}

// Intn returns, as an int, a non-negative pseudo-random number in the
// half-open interval [0,n). It panics if n <= 0.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("invalid argument to Intn")
	}
	if n <= 1<<31-1 {
		return int(r.Int31n(int32(n)))
	}
	return int(r.Int63n(int64(n)))
}

// Float64 returns, as a float64, a pseudo-random number in the half-open
// interval [0.0,1.0).
func (r *Rand) Float64() float64 {
	for {
		f := float64(r.Int63()) / (1 << 63)
		if f != 1 {
			return f
		}
	}
}

// Float32 returns, as a float32, a pseudo-random number in the half-open
// interval [0.0,1.0).
func (r *Rand) Float32() float32 {
	for {
		f := float32(r.Float64())
		if f != 1 {
			return f
		}
	}
}

// Perm returns, as a slice of n ints, a pseudo-random permutation of the
// integers in the half-open interval [0,n).
func (r *Rand) Perm(n int) []int {
	m := make([]int, n)
	for i := 0; i < n; i++ {
		j := r.Intn(i + 1)
		m[i] = m[j]
		m[j] = i
	}
	return m
}

// Shuffle pseudo-randomizes the order of elements. n is the number of
// elements. Shuffle panics if n < 0. swap swaps the elements with indexes
// i and j.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	i := n - 1
	for ; i > 1<<31-1-1; i-- {
		j := int(r.Int63n(int64(i + 1)))
		swap(i, j)
	}
	for ; i > 0; i-- {
		j := int(r.int31n(int32(i + 1)))
		swap(i, j)
	}
}

// Read generates len(p) random bytes and writes them into p. It always
// returns len(p) and a nil error.
func (r *Rand) Read(p []byte) (n int, err error) {
	pos, val := r.readPos, r.readVal
	for n = 0; n < len(p); n++ {
		if pos == 0 {
			val = r.src.Int63()
			pos = 7
		}
		p[n] = byte(val)
		val >>= 8
		pos--
	}
	r.readPos, r.readVal = pos, val
	return
}

// normFloat64 and expFloat64 run Go's ziggurat algorithms (on the host)
// over src.
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

// global is the generator of the top-level functions.
var global *Rand

func globalRand() *Rand {
	if global == nil {
		global = New(runtimeSource{})
	}
	return global
}

// Seed does nothing, as in Go 1.24 and later (without GODEBUG
// randseednop=0): the top-level functions keep drawing from the machine's
// generator.
//
// Deprecated: use New(NewSource(seed)).
func Seed(seed int64) {}

// Int63 returns a non-negative pseudo-random 63-bit integer as an int64
// from the default Source.
func Int63() int64 { return globalRand().Int63() }

// Uint32 returns a pseudo-random 32-bit value as a uint32 from the default
// Source.
func Uint32() uint32 { return globalRand().Uint32() }

// Uint64 returns a pseudo-random 64-bit value as a uint64 from the default
// Source.
func Uint64() uint64 { return globalRand().Uint64() }

// Int31 returns a non-negative pseudo-random 31-bit integer as an int32
// from the default Source.
func Int31() int32 { return globalRand().Int31() }

// Int returns a non-negative pseudo-random int from the default Source.
func Int() int { return globalRand().Int() }

// Int63n returns, as an int64, a non-negative pseudo-random number in the
// half-open interval [0,n) from the default Source. It panics if n <= 0.
func Int63n(n int64) int64 { return globalRand().Int63n(n) }

// Int31n returns, as an int32, a non-negative pseudo-random number in the
// half-open interval [0,n) from the default Source. It panics if n <= 0.
func Int31n(n int32) int32 { return globalRand().Int31n(n) }

// Intn returns, as an int, a non-negative pseudo-random number in the
// half-open interval [0,n) from the default Source. It panics if n <= 0.
func Intn(n int) int { return globalRand().Intn(n) }

// Float64 returns, as a float64, a pseudo-random number in the half-open
// interval [0.0,1.0) from the default Source.
func Float64() float64 { return globalRand().Float64() }

// Float32 returns, as a float32, a pseudo-random number in the half-open
// interval [0.0,1.0) from the default Source.
func Float32() float32 { return globalRand().Float32() }

// Perm returns, as a slice of n ints, a pseudo-random permutation of the
// integers in the half-open interval [0,n) from the default Source.
func Perm(n int) []int { return globalRand().Perm(n) }

// Shuffle pseudo-randomizes the order of elements using the default
// Source.
func Shuffle(n int, swap func(i, j int)) { globalRand().Shuffle(n, swap) }

// Read generates len(p) random bytes from the default Source and writes
// them into p.
//
// Deprecated: use crypto/rand.Read.
func Read(p []byte) (n int, err error) { return globalRand().Read(p) }

// NormFloat64 returns a normally distributed float64 from the default
// Source.
func NormFloat64() float64 { return globalRand().NormFloat64() }

// ExpFloat64 returns an exponentially distributed float64 from the default
// Source.
func ExpFloat64() float64 { return globalRand().ExpFloat64() }

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
