package std

import (
	"math/cmplx"

	"spindle/internal/vm"
)

// Host side of the guest math/cmplx package.

var cmplxFuncs = hostTable{
	"math/cmplx.Acos":  complex1(cmplx.Acos),
	"math/cmplx.Acosh": complex1(cmplx.Acosh),
	"math/cmplx.Asin":  complex1(cmplx.Asin),
	"math/cmplx.Asinh": complex1(cmplx.Asinh),
	"math/cmplx.Atan":  complex1(cmplx.Atan),
	"math/cmplx.Atanh": complex1(cmplx.Atanh),
	"math/cmplx.Conj":  complex1(cmplx.Conj),
	"math/cmplx.Cos":   complex1(cmplx.Cos),
	"math/cmplx.Cosh":  complex1(cmplx.Cosh),
	"math/cmplx.Cot":   complex1(cmplx.Cot),
	"math/cmplx.Exp":   complex1(cmplx.Exp),
	"math/cmplx.Log":   complex1(cmplx.Log),
	"math/cmplx.Log10": complex1(cmplx.Log10),
	"math/cmplx.Sin":   complex1(cmplx.Sin),
	"math/cmplx.Sinh":  complex1(cmplx.Sinh),
	"math/cmplx.Sqrt":  complex1(cmplx.Sqrt),
	"math/cmplx.Tan":   complex1(cmplx.Tan),
	"math/cmplx.Tanh":  complex1(cmplx.Tanh),

	"math/cmplx.Abs":   cmplxAbs,
	"math/cmplx.Phase": cmplxPhase,
	"math/cmplx.Polar": cmplxPolar,
	"math/cmplx.Rect":  cmplxRect,
	"math/cmplx.Pow":   cmplxPow,
	"math/cmplx.Inf":   cmplxInf,
	"math/cmplx.NaN":   cmplxNaN,
	"math/cmplx.IsInf": cmplxIsInf,
	"math/cmplx.IsNaN": cmplxIsNaN,
}

// complex1 adapts the host's complex128 functions of one argument: most
// of cmplxFuncs is built from it.
func complex1(fn func(complex128) complex128) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Complex(fn(args[0].Complex()))
	}
}

func cmplxAbs(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(cmplx.Abs(args[0].Complex()))
}

func cmplxPhase(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(cmplx.Phase(args[0].Complex()))
}

func cmplxPolar(f *vm.Fiber, args, res []vm.Value) {
	r, t := cmplx.Polar(args[0].Complex())
	res[0], res[1] = vm.Float(r), vm.Float(t)
}

func cmplxRect(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Complex(cmplx.Rect(args[0].Float(), args[1].Float()))
}

func cmplxPow(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Complex(cmplx.Pow(args[0].Complex(), args[1].Complex()))
}

func cmplxInf(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Complex(cmplx.Inf())
}

func cmplxNaN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Complex(cmplx.NaN())
}

func cmplxIsInf(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(cmplx.IsInf(args[0].Complex()))
}

func cmplxIsNaN(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Bool(cmplx.IsNaN(args[0].Complex()))
}
