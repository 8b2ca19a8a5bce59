package std

import (
	"math/cmplx"

	"spindle/internal/vm"
)

// Host side of the guest math/cmplx package.

func init() {
	c1 := func(name string, fn func(complex128) complex128) {
		reg("math/cmplx."+name, func(f *vm.Fiber, args, res []vm.Value) {
			res[0] = vm.Complex(fn(args[0].Complex()))
		})
	}
	c1("Acos", cmplx.Acos)
	c1("Acosh", cmplx.Acosh)
	c1("Asin", cmplx.Asin)
	c1("Asinh", cmplx.Asinh)
	c1("Atan", cmplx.Atan)
	c1("Atanh", cmplx.Atanh)
	c1("Conj", cmplx.Conj)
	c1("Cos", cmplx.Cos)
	c1("Cosh", cmplx.Cosh)
	c1("Cot", cmplx.Cot)
	c1("Exp", cmplx.Exp)
	c1("Log", cmplx.Log)
	c1("Log10", cmplx.Log10)
	c1("Sin", cmplx.Sin)
	c1("Sinh", cmplx.Sinh)
	c1("Sqrt", cmplx.Sqrt)
	c1("Tan", cmplx.Tan)
	c1("Tanh", cmplx.Tanh)
	reg("math/cmplx.Abs", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(cmplx.Abs(args[0].Complex()))
	})
	reg("math/cmplx.Phase", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Float(cmplx.Phase(args[0].Complex()))
	})
	reg("math/cmplx.Polar", func(f *vm.Fiber, args, res []vm.Value) {
		r, t := cmplx.Polar(args[0].Complex())
		res[0], res[1] = vm.Float(r), vm.Float(t)
	})
	reg("math/cmplx.Rect", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Complex(cmplx.Rect(args[0].Float(), args[1].Float()))
	})
	reg("math/cmplx.Pow", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Complex(cmplx.Pow(args[0].Complex(), args[1].Complex()))
	})
	reg("math/cmplx.Inf", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Complex(cmplx.Inf())
	})
	reg("math/cmplx.NaN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Complex(cmplx.NaN())
	})
	reg("math/cmplx.IsInf", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(cmplx.IsInf(args[0].Complex()))
	})
	reg("math/cmplx.IsNaN", func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Bool(cmplx.IsNaN(args[0].Complex()))
	})
}
