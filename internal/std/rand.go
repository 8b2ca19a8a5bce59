package std

import (
	"encoding/binary"
	"math/rand"
	randv2 "math/rand/v2"

	"spindle/internal/vm"
)

// Host side of the guest math/rand and math/rand/v2 packages. Go's own
// generators (math/rand's NewSource, v2's PCG and ChaCha8) run here, so
// seeded guest programs get Go's exact numbers; the guest keeps each
// generator's host state in an `any` field (rngSource.h, ChaCha8.h) or, for
// PCG, in its two uint64 fields.

// machineSource is a host rand.Source64 over the machine's generator.
type machineSource struct{ m *vm.Machine }

func (s machineSource) Int63() int64   { return int64(s.m.Rand() >> 1) }
func (s machineSource) Uint64() uint64 { return s.m.Rand() }
func (s machineSource) Seed(int64)     {}

// guestSource is a host rand.Source over a guest rand.Source value (an
// interface value), used to run Go's ziggurat algorithms. Host-backed
// sources are read directly; others are called back.
type guestSource struct {
	f   *vm.Fiber
	src *vm.Iface
}

func (g guestSource) Int63() int64 {
	if g.src == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	if p := g.src.V.Ptr(); p != nil {
		if fs := p.Slice(); len(fs) == 1 {
			if h, ok := fs[0].R.(rand.Source); ok {
				return h.Int63()
			}
		}
	}
	fn := g.src.T.Methods["Int63"]
	if fn == nil {
		panic(vm.Fatal("BUG: math/rand: source without Int63"))
	}
	return g.f.M.CallGuest(g.f, fn, nil, g.src.V)[0].Int()
}

func (g guestSource) Seed(int64) {}

// rngAt returns the host generator of a guest *rngSource.
func rngAt(p vm.Value) rand.Source64 {
	fs := structFields(p, 1)
	h, ok := fs[0].R.(rand.Source64)
	if !ok {
		h = rand.NewSource(1).(rand.Source64)
		fs[0].R = h
	}
	return h
}

var randFuncs = hostTable{
	"math/rand.newRngSource":           randNewRngSource,
	"(*math/rand.rngSource).Int63":     rngSourceInt63,
	"(*math/rand.rngSource).Uint64":    rngSourceUint64,
	"(math/rand.runtimeSource).Int63":  randRuntimeSourceInt63,
	"(math/rand.runtimeSource).Uint64": randRuntimeSourceUint64,
	"math/rand.normFloat64":            randNormFloat64,
	"math/rand.expFloat64":             randExpFloat64,

	// math/rand/v2.
	"(*math/rand/v2.PCG).Uint64":          pcgUint64,
	"math/rand/v2.newChaCha8":             randV2NewChaCha8,
	"(*math/rand/v2.ChaCha8).Uint64":      chaCha8Uint64,
	"(math/rand/v2.runtimeSource).Uint64": randV2RuntimeSourceUint64,
	"math/rand/v2.normFloat64":            randV2NormFloat64,
	"math/rand/v2.expFloat64":             randV2ExpFloat64,

	// Zipf and ChaCha8 keep host state in the guest value.
	"math/rand.newZipf":            randNewZipf,
	"math/rand/v2.newZipf":         randV2NewZipf,
	"math/rand.zipfUint64":         zipfUint64,
	"math/rand/v2.zipfUint64":      zipfUint64,
	"math/rand/v2.chachaRead":      randV2ChachaRead,
	"math/rand/v2.chachaMarshal":   randV2ChachaMarshal,
	"math/rand/v2.chachaUnmarshal": randV2ChachaUnmarshal,
}

func randNewRngSource(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	fs[0].R = rand.NewSource(args[1].Int()).(rand.Source64)
}

func rngSourceInt63(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(rngAt(args[0]).Int63())
}

func rngSourceUint64(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Uint(rngAt(args[0]).Uint64())
}

func randRuntimeSourceInt63(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.Rand() >> 1))
}

func randRuntimeSourceUint64(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Uint(f.M.Rand())
}

func randNormFloat64(f *vm.Fiber, args, res []vm.Value) {
	r := rand.New(guestSource{f: f, src: args[0].Iface()})
	res[0] = vm.Float(r.NormFloat64())
}

func randExpFloat64(f *vm.Fiber, args, res []vm.Value) {
	r := rand.New(guestSource{f: f, src: args[0].Iface()})
	res[0] = vm.Float(r.ExpFloat64())
}

func pcgUint64(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 2)
	p := randv2.NewPCG(fs[0].N, fs[1].N)
	v := p.Uint64()
	b, _ := p.MarshalBinary() // "pcg:" + hi + lo, big-endian
	fs[0].N = binary.BigEndian.Uint64(b[4:])
	fs[1].N = binary.BigEndian.Uint64(b[12:])
	res[0] = vm.Uint(v)
}

func randV2NewChaCha8(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	var seed [32]byte
	copy(seed[:], args[1].Bytes())
	fs[0].R = randv2.NewChaCha8(seed)
}

func chaCha8Uint64(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	c, ok := fs[0].R.(*randv2.ChaCha8)
	if !ok {
		c = randv2.NewChaCha8([32]byte{})
		fs[0].R = c
	}
	res[0] = vm.Uint(c.Uint64())
}

func randV2RuntimeSourceUint64(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Uint(f.M.Rand())
}

func randV2NormFloat64(f *vm.Fiber, args, res []vm.Value) {
	r := randv2.New(guestSource64{f: f, src: args[0].Iface()})
	res[0] = vm.Float(r.NormFloat64())
}

func randV2ExpFloat64(f *vm.Fiber, args, res []vm.Value) {
	r := randv2.New(guestSource64{f: f, src: args[0].Iface()})
	res[0] = vm.Float(r.ExpFloat64())
}

// hostZipf is the host state of a guest Zipf: Go's generator over the
// guest Rand's source; src.f is set to the calling fiber on each use.
type hostZipf struct {
	z1  *rand.Zipf
	z2  *randv2.Zipf
	src *guestSource
	s64 *guestSource64
}

func (h *hostZipf) next(f *vm.Fiber) uint64 {
	if h.z1 != nil {
		h.src.f = f
		return h.z1.Uint64()
	}
	h.s64.f = f
	return h.z2.Uint64()
}

func chachaAt(p vm.Value) *randv2.ChaCha8 {
	fs := structFields(p, 1)
	c, ok := fs[0].R.(*randv2.ChaCha8)
	if !ok {
		c = randv2.NewChaCha8([32]byte{})
		fs[0].R = c
	}
	return c
}

// zipfUint64 serves both math/rand and math/rand/v2: a hostZipf holds
// either generator.
func zipfUint64(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	h, ok := fs[0].R.(*hostZipf)
	if !ok {
		panic(vm.RuntimeError(errNilDeref))
	}
	res[0] = vm.Uint(h.next(f))
}

func randNewZipf(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	src := &guestSource{f: f, src: args[1].Iface()}
	z := rand.NewZipf(rand.New(src), args[2].Float(), args[3].Float(), args[4].N)
	if z != nil {
		fs[0].R = &hostZipf{z1: z, src: src}
	}
	res[0] = vm.Bool(z != nil)
}

func randV2NewZipf(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 1)
	src := &guestSource64{f: f, src: args[1].Iface()}
	z := randv2.NewZipf(randv2.New(src), args[2].Float(), args[3].Float(), args[4].N)
	if z != nil {
		fs[0].R = &hostZipf{z2: z, s64: src}
	}
	res[0] = vm.Bool(z != nil)
}

func randV2ChachaRead(f *vm.Fiber, args, res []vm.Value) {
	c := chachaAt(args[0])
	p := args[1].Bytes() // the guest's bytes, filled in place
	c.Read(p)
	res[0] = vm.Int(int64(len(p)))
}

func randV2ChachaMarshal(f *vm.Fiber, args, res []vm.Value) {
	b, _ := chachaAt(args[0]).MarshalBinary()
	res[0] = OwnBytes(b) // MarshalBinary's new slice
}

func randV2ChachaUnmarshal(f *vm.Fiber, args, res []vm.Value) {
	c := chachaAt(args[0])
	data := args[1].Bytes() // read, not kept
	res[0] = vm.Value{}
	if err := c.UnmarshalBinary(data); err != nil {
		res[0] = vm.Str(err.Error())
	}
}

// guestSource64 is a host rand/v2 Source over a guest rand/v2 Source.
type guestSource64 struct {
	f   *vm.Fiber
	src *vm.Iface
}

func (g guestSource64) Uint64() uint64 {
	if g.src == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	fn := g.src.T.Methods["Uint64"]
	if fn == nil {
		panic(vm.Fatal("BUG: math/rand/v2: source without Uint64"))
	}
	return g.f.M.CallGuest(g.f, fn, nil, g.src.V)[0].N
}
