package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println("Sqrt(2) =", math.Sqrt(2))
	fmt.Println("Pow(2, 10) =", math.Pow(2, 10))
	fmt.Println("Pow(2, 0.5) =", math.Pow(2, 0.5))
	fmt.Println("Abs(-3.5) =", math.Abs(-3.5))
	fmt.Println("Floor(-2.5) =", math.Floor(-2.5), " Ceil(-2.5) =", math.Ceil(-2.5))
	fmt.Println("Trunc(-2.7) =", math.Trunc(-2.7), " Round(2.5) =", math.Round(2.5), " Round(-2.5) =", math.Round(-2.5))
	fmt.Println("RoundToEven(2.5) =", math.RoundToEven(2.5), " RoundToEven(3.5) =", math.RoundToEven(3.5))
	fmt.Println("Max(3, 7) =", math.Max(3, 7), " Min(3, 7) =", math.Min(3, 7))
	fmt.Println("Mod(7, 3) =", math.Mod(7, 3), " Mod(-7, 3) =", math.Mod(-7, 3))
	fmt.Println("Hypot(3, 4) =", math.Hypot(3, 4))
	fmt.Println("Cbrt(27) =", math.Cbrt(27))
	fmt.Printf("Pi = %.10f, E = %.10f\n", math.Pi, math.E)
	fmt.Printf("Sin(Pi/6) = %.6f, Cos(Pi/3) = %.6f, Tan(Pi/4) = %.6f\n", math.Sin(math.Pi/6), math.Cos(math.Pi/3), math.Tan(math.Pi/4))
	fmt.Printf("Atan2(1, 1) = %.6f\n", math.Atan2(1, 1))
	fmt.Printf("Exp(1) = %.6f, Log(E) = %.1f, Log2(1024) = %v, Log10(0.001) = %v\n", math.Exp(1), math.Log(math.E), math.Log2(1024), math.Log10(0.001))
	fmt.Println("Log(0) =", math.Log(0), " Log(-1) =", math.Log(-1))

	frac, exp := math.Frexp(8)
	fmt.Println("Frexp(8) =", frac, exp)
	fmt.Println("Ldexp(0.5, 4) =", math.Ldexp(0.5, 4))
	ip, fp := math.Modf(3.75)
	fmt.Println("Modf(3.75) =", ip, fp)
	ip, fp = math.Modf(-3.75)
	fmt.Println("Modf(-3.75) =", ip, fp)

	fmt.Println("Signbit(-0.0 var) =", math.Signbit(math.Copysign(0, -1)))
	fmt.Println("Copysign(3, -1) =", math.Copysign(3, -1))
	fmt.Println("Float64bits(1.0) =", math.Float64bits(1.0))
	fmt.Printf("Float64bits(-2.5) = %#x\n", math.Float64bits(-2.5))
	fmt.Println("Float64frombits(0x4059000000000000) =", math.Float64frombits(0x4059000000000000))
	fmt.Println("Nextafter(1, 2) =", math.Nextafter(1, 2))
	fmt.Println("MaxInt64 =", math.MaxInt64, " MinInt64 =", math.MinInt64)
	fmt.Println("MaxUint32 =", math.MaxUint32, " MaxInt8 =", math.MaxInt8)
	fmt.Println("MaxFloat64 =", math.MaxFloat64)
	fmt.Println("SmallestNonzeroFloat64 =", math.SmallestNonzeroFloat64)
	fmt.Println("Dim(5, 3) =", math.Dim(5, 3), " Dim(3, 5) =", math.Dim(3, 5))
	fmt.Println("Remainder(7, 4) =", math.Remainder(7, 4))
	fmt.Println("Gamma(5) =", math.Gamma(5))
}

// Output:
// Sqrt(2) = 1.4142135623730951
// Pow(2, 10) = 1024
// Pow(2, 0.5) = 1.4142135623730951
// Abs(-3.5) = 3.5
// Floor(-2.5) = -3  Ceil(-2.5) = -2
// Trunc(-2.7) = -2  Round(2.5) = 3  Round(-2.5) = -3
// RoundToEven(2.5) = 2  RoundToEven(3.5) = 4
// Max(3, 7) = 7  Min(3, 7) = 3
// Mod(7, 3) = 1  Mod(-7, 3) = -1
// Hypot(3, 4) = 5
// Cbrt(27) = 3
// Pi = 3.1415926536, E = 2.7182818285
// Sin(Pi/6) = 0.500000, Cos(Pi/3) = 0.500000, Tan(Pi/4) = 1.000000
// Atan2(1, 1) = 0.785398
// Exp(1) = 2.718282, Log(E) = 1.0, Log2(1024) = 10, Log10(0.001) = -3
// Log(0) = -Inf  Log(-1) = NaN
// Frexp(8) = 0.5 4
// Ldexp(0.5, 4) = 8
// Modf(3.75) = 3 0.75
// Modf(-3.75) = -3 -0.75
// Signbit(-0.0 var) = true
// Copysign(3, -1) = -3
// Float64bits(1.0) = 4607182418800017408
// Float64bits(-2.5) = 0xc004000000000000
// Float64frombits(0x4059000000000000) = 100
// Nextafter(1, 2) = 1.0000000000000002
// MaxInt64 = 9223372036854775807  MinInt64 = -9223372036854775808
// MaxUint32 = 4294967295  MaxInt8 = 127
// MaxFloat64 = 1.7976931348623157e+308
// SmallestNonzeroFloat64 = 5e-324
// Dim(5, 3) = 2  Dim(3, 5) = 0
// Remainder(7, 4) = -1
// Gamma(5) = 24
