// Package math is spindle's guest math package: constants and the
// elementary functions, computed by the host's math package (so results
// are bit-for-bit those of Go).
//
// Missing: nothing of the exported API.
package math

// Mathematical constants.
const (
	E   = 2.71828182845904523536028747135266249775724709369995957496696763
	Pi  = 3.14159265358979323846264338327950288419716939937510582097494459
	Phi = 1.61803398874989484820458683436563811772030917980576286213544862

	Sqrt2   = 1.41421356237309504880168872420969807856967187537694807317667974
	SqrtE   = 1.64872127070012814684865078831542197738022212400337070940018536
	SqrtPi  = 1.77245385090551602729816748334114518279754945612238712821380779
	SqrtPhi = 1.27201964951406896425242246173749149171560804184009624861664038

	Ln2    = 0.693147180559945309417232121458176568075500134360255254120680009
	Log2E  = 1 / Ln2
	Ln10   = 2.30258509299404568401799145468436420760110148862877297603332790
	Log10E = 1 / Ln10
)

// Floating-point limit values.
const (
	MaxFloat32             = 0x1p127 * (1 + (1 - 0x1p-23)) // 3.40282346638528859811704183484516925440e+38
	SmallestNonzeroFloat32 = 0x1p-126 * 0x1p-23            // 1.401298464324817070923729583289916131280e-45

	MaxFloat64             = 0x1p1023 * (1 + (1 - 0x1p-52)) // 1.79769313486231570814527423731704356798070e+308
	SmallestNonzeroFloat64 = 0x1p-1022 * 0x1p-52            // 4.9406564584124654417656879286822137236505980e-324
)

// Integer limit values.
const (
	intSize = 64

	MaxInt    = 1<<(intSize-1) - 1
	MinInt    = -1 << (intSize - 1)
	MaxInt8   = 1<<7 - 1
	MinInt8   = -1 << 7
	MaxInt16  = 1<<15 - 1
	MinInt16  = -1 << 15
	MaxInt32  = 1<<31 - 1
	MinInt32  = -1 << 31
	MaxInt64  = 1<<63 - 1
	MinInt64  = -1 << 63
	MaxUint   = 1<<intSize - 1
	MaxUint8  = 1<<8 - 1
	MaxUint16 = 1<<16 - 1
	MaxUint32 = 1<<32 - 1
	MaxUint64 = 1<<64 - 1
)

// Abs returns the absolute value of x.
func Abs(x float64) float64

// Acos returns the arccosine, in radians, of x.
func Acos(x float64) float64

// Acosh returns the inverse hyperbolic cosine of x.
func Acosh(x float64) float64

// Asin returns the arcsine, in radians, of x.
func Asin(x float64) float64

// Asinh returns the inverse hyperbolic sine of x.
func Asinh(x float64) float64

// Atan returns the arctangent, in radians, of x.
func Atan(x float64) float64

// Atanh returns the inverse hyperbolic tangent of x.
func Atanh(x float64) float64

// Cbrt returns the cube root of x.
func Cbrt(x float64) float64

// Ceil returns the least integer value greater than or equal to x.
func Ceil(x float64) float64

// Cos returns the cosine of the radian argument x.
func Cos(x float64) float64

// Cosh returns the hyperbolic cosine of x.
func Cosh(x float64) float64

// Erf returns the error function of x.
func Erf(x float64) float64

// Erfc returns the complementary error function of x.
func Erfc(x float64) float64

// Erfcinv returns the inverse of Erfc(x).
func Erfcinv(x float64) float64

// Erfinv returns the inverse error function of x.
func Erfinv(x float64) float64

// Exp returns e**x, the base-e exponential of x.
func Exp(x float64) float64

// Exp2 returns 2**x, the base-2 exponential of x.
func Exp2(x float64) float64

// Expm1 returns e**x - 1, the base-e exponential of x minus 1.
func Expm1(x float64) float64

// Floor returns the greatest integer value less than or equal to x.
func Floor(x float64) float64

// Gamma returns the Gamma function of x.
func Gamma(x float64) float64

// J0 returns the order-zero Bessel function of the first kind.
func J0(x float64) float64

// J1 returns the order-one Bessel function of the first kind.
func J1(x float64) float64

// Log returns the natural logarithm of x.
func Log(x float64) float64

// Log10 returns the decimal logarithm of x.
func Log10(x float64) float64

// Log1p returns the natural logarithm of 1 plus its argument x.
func Log1p(x float64) float64

// Log2 returns the binary logarithm of x.
func Log2(x float64) float64

// Logb returns the binary exponent of x.
func Logb(x float64) float64

// Round returns the nearest integer, rounding half away from zero.
func Round(x float64) float64

// RoundToEven returns the nearest integer, rounding ties to even.
func RoundToEven(x float64) float64

// Sin returns the sine of the radian argument x.
func Sin(x float64) float64

// Sinh returns the hyperbolic sine of x.
func Sinh(x float64) float64

// Sqrt returns the square root of x.
func Sqrt(x float64) float64

// Tan returns the tangent of the radian argument x.
func Tan(x float64) float64

// Tanh returns the hyperbolic tangent of x.
func Tanh(x float64) float64

// Trunc returns the integer value of x.
func Trunc(x float64) float64

// Y0 returns the order-zero Bessel function of the second kind.
func Y0(x float64) float64

// Y1 returns the order-one Bessel function of the second kind.
func Y1(x float64) float64

// Atan2 returns the arc tangent of y/x, using the signs of the two to determine the quadrant of the return value.
func Atan2(y, x float64) float64

// Copysign returns a value with the magnitude of f and the sign of sign.
func Copysign(f, sign float64) float64

// Dim returns the maximum of x-y or 0.
func Dim(x, y float64) float64

// Hypot returns Sqrt(p*p + q*q), taking care to avoid unnecessary overflow and underflow.
func Hypot(p, q float64) float64

// Max returns the larger of x or y.
func Max(x, y float64) float64

// Min returns the smaller of x or y.
func Min(x, y float64) float64

// Mod returns the floating-point remainder of x/y.
func Mod(x, y float64) float64

// Nextafter returns the next representable float64 value after x towards y.
func Nextafter(x, y float64) float64

// Pow returns x**y, the base-x exponential of y.
func Pow(x, y float64) float64

// Remainder returns the IEEE 754 floating-point remainder of x/y.
func Remainder(x, y float64) float64

// FMA returns x * y + z, computed with only one rounding.
func FMA(x, y, z float64) float64

// Float32bits returns the IEEE 754 binary representation of f.
func Float32bits(f float32) uint32

// Float32frombits returns the floating-point number corresponding to the
// IEEE 754 binary representation b.
func Float32frombits(b uint32) float32

// Float64bits returns the IEEE 754 binary representation of f.
func Float64bits(f float64) uint64

// Float64frombits returns the floating-point number corresponding to the
// IEEE 754 binary representation b.
func Float64frombits(b uint64) float64

// Frexp breaks f into a normalized fraction and an integral power of two.
func Frexp(f float64) (frac float64, exp int)

// Ilogb returns the binary exponent of x as an integer.
func Ilogb(x float64) int

// Inf returns positive infinity if sign >= 0, negative infinity if sign < 0.
func Inf(sign int) float64

// IsInf reports whether f is an infinity, according to sign.
func IsInf(f float64, sign int) bool

// IsNaN reports whether f is an IEEE 754 “not-a-number” value.
func IsNaN(f float64) (is bool)

// Jn returns the order-n Bessel function of the first kind.
func Jn(n int, x float64) float64

// Ldexp is the inverse of Frexp. It returns frac × 2**exp.
func Ldexp(frac float64, exp int) float64

// Lgamma returns the natural logarithm and sign (-1 or +1) of Gamma(x).
func Lgamma(x float64) (lgamma float64, sign int)

// Modf returns integer and fractional floating-point numbers that sum to f.
func Modf(f float64) (int float64, frac float64)

// NaN returns an IEEE 754 “not-a-number” value.
func NaN() float64

// Nextafter32 returns the next representable float32 value after x towards y.
func Nextafter32(x, y float32) (r float32)

// Pow10 returns 10**n, the base-10 exponential of n.
func Pow10(n int) float64

// Signbit reports whether x is negative or negative zero.
func Signbit(x float64) bool

// Sincos returns Sin(x), Cos(x).
func Sincos(x float64) (sin, cos float64)

// Yn returns the order-n Bessel function of the second kind.
func Yn(n int, x float64) float64
