package main

import (
	"fmt"
	"math"
)

func main() {
	var a float32 = 0.1
	var b float32 = 0.2
	c := a + b
	fmt.Println("float32 0.1+0.2 =", c)
	fmt.Println("float64 0.1+0.2 =", 0.1+float64Var(0.2))
	fmt.Println("float32 sum == 0.3:", c == float32(0.3))

	var sum32 float32
	var sum64 float64
	for i := 0; i < 10; i++ {
		sum32 += 0.1
		sum64 += 0.1
	}
	fmt.Println("sum32 =", sum32, "sum64 =", sum64)

	// Precision loss: float32 has 24-bit mantissa.
	var big float32 = 16777216
	fmt.Println("16777216 + 1 =", big+1)
	fmt.Println("16777216 + 2 =", big+2)

	// Each operation must round to float32.
	x := float32(1) / 3
	y := x * 3
	fmt.Println("float32 1/3 =", x, " *3 =", y)
	fmt.Printf("%.10f %.10f\n", x, float64(x))

	p := float32(1e38)
	fmt.Println("1e38*10 =", p*10)
	fmt.Println("-1e38*10 =", -p*10)
	tiny := float32(1e-45)
	fmt.Println("smallest float32 /2 =", tiny/2, tiny)

	fmt.Println("MaxFloat32 =", float32(math.MaxFloat32))
	fmt.Println("SmallestNonzeroFloat32 =", float32(math.SmallestNonzeroFloat32))

	// float32 formatting uses shortest representation for float32.
	vals := []float32{1.1, 3.14159, 100, 1e10, 1.0e-7, 2.5e20}
	for _, v := range vals {
		fmt.Println(v, float64(v))
	}
	fmt.Printf("%v %g %e %.3f\n", float32(2.675), float32(2.675), float32(2.675), float32(2.675))

	// Conversion rounding, round-half-even.
	fmt.Println(float32(16777217.0), float32(16777219.0))

	fmt.Println("math.Float32bits(1.5) =", math.Float32bits(1.5))
	fmt.Println("math.Float32frombits(0x40490fdb) =", math.Float32frombits(0x40490fdb))
}

func float64Var(f float64) float64 { return f }

// Output:
// float32 0.1+0.2 = 0.3
// float64 0.1+0.2 = 0.30000000000000004
// float32 sum == 0.3: true
// sum32 = 1.0000001 sum64 = 0.9999999999999999
// 16777216 + 1 = 1.6777216e+07
// 16777216 + 2 = 1.6777218e+07
// float32 1/3 = 0.33333334  *3 = 1
// 0.3333333433 0.3333333433
// 1e38*10 = +Inf
// -1e38*10 = -Inf
// smallest float32 /2 = 0 1e-45
// MaxFloat32 = 3.4028235e+38
// SmallestNonzeroFloat32 = 1e-45
// 1.1 1.100000023841858
// 3.14159 3.141590118408203
// 100 100
// 1e+10 1e+10
// 1e-07 1.0000000116860974e-07
// 2.5e+20 2.5000000501021934e+20
// 2.675 2.675 2.675000e+00 2.675
// 1.6777216e+07 1.677722e+07
// math.Float32bits(1.5) = 1069547520
// math.Float32frombits(0x40490fdb) = 3.1415927
