package std

import (
	"math"

	"spindle/internal/vm"
)

// Host side of the guest math package: every function is the host's.

var mathFuncs = hostTable{
	"math.Abs":         float1(math.Abs),
	"math.Acos":        float1(math.Acos),
	"math.Acosh":       float1(math.Acosh),
	"math.Asin":        float1(math.Asin),
	"math.Asinh":       float1(math.Asinh),
	"math.Atan":        float1(math.Atan),
	"math.Atanh":       float1(math.Atanh),
	"math.Cbrt":        float1(math.Cbrt),
	"math.Ceil":        float1(math.Ceil),
	"math.Cos":         float1(math.Cos),
	"math.Cosh":        float1(math.Cosh),
	"math.Erf":         float1(math.Erf),
	"math.Erfc":        float1(math.Erfc),
	"math.Erfcinv":     float1(math.Erfcinv),
	"math.Erfinv":      float1(math.Erfinv),
	"math.Exp":         float1(math.Exp),
	"math.Exp2":        float1(math.Exp2),
	"math.Expm1":       float1(math.Expm1),
	"math.Floor":       float1(math.Floor),
	"math.Gamma":       float1(math.Gamma),
	"math.J0":          float1(math.J0),
	"math.J1":          float1(math.J1),
	"math.Log":         float1(math.Log),
	"math.Log10":       float1(math.Log10),
	"math.Log1p":       float1(math.Log1p),
	"math.Log2":        float1(math.Log2),
	"math.Logb":        float1(math.Logb),
	"math.Round":       float1(math.Round),
	"math.RoundToEven": float1(math.RoundToEven),
	"math.Sin":         float1(math.Sin),
	"math.Sinh":        float1(math.Sinh),
	"math.Sqrt":        float1(math.Sqrt),
	"math.Tan":         float1(math.Tan),
	"math.Tanh":        float1(math.Tanh),
	"math.Trunc":       float1(math.Trunc),
	"math.Y0":          float1(math.Y0),
	"math.Y1":          float1(math.Y1),
	"math.Atan2":       float2(math.Atan2),
	"math.Copysign":    float2(math.Copysign),
	"math.Dim":         float2(math.Dim),
	"math.Hypot":       float2(math.Hypot),
	"math.Max":         float2(math.Max),
	"math.Min":         float2(math.Min),
	"math.Mod":         float2(math.Mod),
	"math.Nextafter":   float2(math.Nextafter),
	"math.Pow":         float2(math.Pow),
	"math.Remainder":   float2(math.Remainder),

	"math.FMA":             mathFMA,
	"math.Float32bits":     mathFloat32bits,
	"math.Float32frombits": mathFloat32frombits,
	"math.Float64bits":     mathFloat64bits,
	"math.Float64frombits": mathFloat64frombits,
	"math.Frexp":           mathFrexp,
	"math.Ilogb":           mathIlogb,
	"math.Inf":             mathInf,
	"math.IsInf":           mathIsInf,
	"math.IsNaN":           mathIsNaN,
	"math.Jn":              mathJn,
	"math.Yn":              mathYn,
	"math.Ldexp":           mathLdexp,
	"math.Lgamma":          mathLgamma,
	"math.Modf":            mathModf,
	"math.NaN":             mathNaN,
	"math.Nextafter32":     mathNextafter32,
	"math.Pow10":           mathPow10,
	"math.Signbit":         mathSignbit,
	"math.Sincos":          mathSincos,
}

// float1 and float2 adapt the host's float64 functions of one and two
// arguments: most of mathFuncs is built from them.
func float1(fn func(float64) float64) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(fn(args[0].Float()))
	}
}

func float2(fn func(float64, float64) float64) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(fn(args[0].Float(), args[1].Float()))
	}
}

func mathFMA(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.FMA(args[0].Float(), args[1].Float(), args[2].Float()))
}

func mathFloat32bits(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Uint(uint64(math.Float32bits(float32(args[0].Float()))))
}

func mathFloat32frombits(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(float64(math.Float32frombits(uint32(args[0].N))))
}

func mathFloat64bits(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Uint(args[0].N)
}

func mathFloat64frombits(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Value{N: args[0].N}
}

func mathFrexp(f *vm.Fiber, args, res []vm.Value) {
	fr, e := math.Frexp(args[0].Float())
	res[0], res[1] = vm.Float(fr), vm.Int(int64(e))
}

func mathIlogb(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(math.Ilogb(args[0].Float())))
}

func mathInf(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.Inf(int(args[0].Int())))
}

func mathIsInf(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(math.IsInf(args[0].Float(), int(args[1].Int())))
}

func mathIsNaN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(math.IsNaN(args[0].Float()))
}

func mathJn(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.Jn(int(args[0].Int()), args[1].Float()))
}

func mathYn(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.Yn(int(args[0].Int()), args[1].Float()))
}

func mathLdexp(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.Ldexp(args[0].Float(), int(args[1].Int())))
}

func mathLgamma(f *vm.Fiber, args, res []vm.Value) {
	l, s := math.Lgamma(args[0].Float())
	res[0], res[1] = vm.Float(l), vm.Int(int64(s))
}

func mathModf(f *vm.Fiber, args, res []vm.Value) {
	i, fr := math.Modf(args[0].Float())
	res[0], res[1] = vm.Float(i), vm.Float(fr)
}

func mathNaN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.NaN())
}

func mathNextafter32(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(float64(math.Nextafter32(float32(args[0].Float()), float32(args[1].Float()))))
}

func mathPow10(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(math.Pow10(int(args[0].Int())))
}

func mathSignbit(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(math.Signbit(args[0].Float()))
}

func mathSincos(f *vm.Fiber, args, res []vm.Value) {
	s, c := math.Sincos(args[0].Float())
	res[0], res[1] = vm.Float(s), vm.Float(c)
}
