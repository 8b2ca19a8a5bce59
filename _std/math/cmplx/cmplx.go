// Package cmplx is spindle's guest math/cmplx package: functions of
// complex numbers, computed by the host's math/cmplx.
//
// Missing: nothing of the exported API.
package cmplx

// Acos returns the inverse cosine of x.
func Acos(x complex128) complex128

// Acosh returns the inverse hyperbolic cosine of x.
func Acosh(x complex128) complex128

// Asin returns the inverse sine of x.
func Asin(x complex128) complex128

// Asinh returns the inverse hyperbolic sine of x.
func Asinh(x complex128) complex128

// Atan returns the inverse tangent of x.
func Atan(x complex128) complex128

// Atanh returns the inverse hyperbolic tangent of x.
func Atanh(x complex128) complex128

// Conj returns the complex conjugate of x.
func Conj(x complex128) complex128

// Cos returns the cosine of x.
func Cos(x complex128) complex128

// Cosh returns the hyperbolic cosine of x.
func Cosh(x complex128) complex128

// Cot returns the cotangent of x.
func Cot(x complex128) complex128

// Exp returns e**x, the base-e exponential of x.
func Exp(x complex128) complex128

// Log returns the natural logarithm of x.
func Log(x complex128) complex128

// Log10 returns the decimal logarithm of x.
func Log10(x complex128) complex128

// Sin returns the sine of x.
func Sin(x complex128) complex128

// Sinh returns the hyperbolic sine of x.
func Sinh(x complex128) complex128

// Sqrt returns the square root of x.
func Sqrt(x complex128) complex128

// Tan returns the tangent of x.
func Tan(x complex128) complex128

// Tanh returns the hyperbolic tangent of x.
func Tanh(x complex128) complex128

// Abs returns the absolute value (also called the modulus) of x.
func Abs(x complex128) float64

// Phase returns the phase (also called the argument) of x, in (-Pi, Pi].
func Phase(x complex128) float64

// Polar returns the absolute value r and phase θ of x.
func Polar(x complex128) (r, θ float64)

// Rect returns the complex number x with polar coordinates r, θ.
func Rect(r, θ float64) complex128

// Pow returns x**y, the base-x exponential of y.
func Pow(x, y complex128) complex128

// Inf returns a complex infinity, complex(+Inf, +Inf).
func Inf() complex128

// NaN returns a complex “not-a-number” value.
func NaN() complex128

// IsInf reports whether either real(x) or imag(x) is an infinity.
func IsInf(x complex128) bool

// IsNaN reports whether either real(x) or imag(x) is NaN and neither is an
// infinity.
func IsNaN(x complex128) bool
