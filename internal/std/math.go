package std

import (
	"math"

	"spindle/internal/vm"
)

// Host side of the guest math package: every function is the host's.

func init() {
	f1 := func(name string, fn func(float64) float64) {
		reg("math."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Float(fn(args[0].Float()))
		})
	}
	f2 := func(name string, fn func(float64, float64) float64) {
		reg("math."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Float(fn(args[0].Float(), args[1].Float()))
		})
	}
	f1("Abs", math.Abs)
	f1("Acos", math.Acos)
	f1("Acosh", math.Acosh)
	f1("Asin", math.Asin)
	f1("Asinh", math.Asinh)
	f1("Atan", math.Atan)
	f1("Atanh", math.Atanh)
	f1("Cbrt", math.Cbrt)
	f1("Ceil", math.Ceil)
	f1("Cos", math.Cos)
	f1("Cosh", math.Cosh)
	f1("Erf", math.Erf)
	f1("Erfc", math.Erfc)
	f1("Erfcinv", math.Erfcinv)
	f1("Erfinv", math.Erfinv)
	f1("Exp", math.Exp)
	f1("Exp2", math.Exp2)
	f1("Expm1", math.Expm1)
	f1("Floor", math.Floor)
	f1("Gamma", math.Gamma)
	f1("J0", math.J0)
	f1("J1", math.J1)
	f1("Log", math.Log)
	f1("Log10", math.Log10)
	f1("Log1p", math.Log1p)
	f1("Log2", math.Log2)
	f1("Logb", math.Logb)
	f1("Round", math.Round)
	f1("RoundToEven", math.RoundToEven)
	f1("Sin", math.Sin)
	f1("Sinh", math.Sinh)
	f1("Sqrt", math.Sqrt)
	f1("Tan", math.Tan)
	f1("Tanh", math.Tanh)
	f1("Trunc", math.Trunc)
	f1("Y0", math.Y0)
	f1("Y1", math.Y1)
	f2("Atan2", math.Atan2)
	f2("Copysign", math.Copysign)
	f2("Dim", math.Dim)
	f2("Hypot", math.Hypot)
	f2("Max", math.Max)
	f2("Min", math.Min)
	f2("Mod", math.Mod)
	f2("Nextafter", math.Nextafter)
	f2("Pow", math.Pow)
	f2("Remainder", math.Remainder)
	reg("math.FMA", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.FMA(args[0].Float(), args[1].Float(), args[2].Float()))
	})
	reg("math.Float32bits", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Uint(uint64(math.Float32bits(float32(args[0].Float()))))
	})
	reg("math.Float32frombits", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(float64(math.Float32frombits(uint32(args[0].N))))
	})
	reg("math.Float64bits", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Uint(args[0].N)
	})
	reg("math.Float64frombits", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Value{N: args[0].N}
	})
	reg("math.Frexp", func(f *vm.Fiber, args, res []vm.Value) {
		fr, e := math.Frexp(args[0].Float())
		res[0], res[1] = vm.Float(fr), vm.Int(int64(e))
	})
	reg("math.Ilogb", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(math.Ilogb(args[0].Float())))
	})
	reg("math.Inf", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.Inf(int(args[0].Int())))
	})
	reg("math.IsInf", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(math.IsInf(args[0].Float(), int(args[1].Int())))
	})
	reg("math.IsNaN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(math.IsNaN(args[0].Float()))
	})
	reg("math.Jn", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.Jn(int(args[0].Int()), args[1].Float()))
	})
	reg("math.Yn", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.Yn(int(args[0].Int()), args[1].Float()))
	})
	reg("math.Ldexp", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.Ldexp(args[0].Float(), int(args[1].Int())))
	})
	reg("math.Lgamma", func(f *vm.Fiber, args, res []vm.Value) {
		l, s := math.Lgamma(args[0].Float())
		res[0], res[1] = vm.Float(l), vm.Int(int64(s))
	})
	reg("math.Modf", func(f *vm.Fiber, args, res []vm.Value) {
		i, fr := math.Modf(args[0].Float())
		res[0], res[1] = vm.Float(i), vm.Float(fr)
	})
	reg("math.NaN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.NaN())
	})
	reg("math.Nextafter32", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(float64(math.Nextafter32(float32(args[0].Float()), float32(args[1].Float()))))
	})
	reg("math.Pow10", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(math.Pow10(int(args[0].Int())))
	})
	reg("math.Signbit", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(math.Signbit(args[0].Float()))
	})
	reg("math.Sincos", func(f *vm.Fiber, args, res []vm.Value) {
		s, c := math.Sincos(args[0].Float())
		res[0], res[1] = vm.Float(s), vm.Float(c)
	})
}
