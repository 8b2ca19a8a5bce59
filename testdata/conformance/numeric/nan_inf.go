package main

import (
	"fmt"
	"math"
	"sort"
)

func main() {
	posInf := math.Inf(1)
	negInf := math.Inf(-1)
	nan := math.NaN()
	fmt.Println(posInf, negInf, nan)
	fmt.Printf("%v %f %e %g %8.2f|\n", posInf, negInf, nan, posInf, nan)
	fmt.Printf("%+v %+f\n", posInf, nan)

	fmt.Println("NaN == NaN:", nan == nan)
	fmt.Println("NaN != NaN:", nan != nan)
	fmt.Println("NaN < 1:", nan < 1, " NaN > 1:", nan > 1)
	fmt.Println("IsNaN:", math.IsNaN(nan), " IsInf:", math.IsInf(posInf, 1), math.IsInf(negInf, -1), math.IsInf(posInf, 0))

	zero := 0.0
	fmt.Println("1/0 =", 1/zero, " -1/0 =", -1/zero, " 0/0 =", zero/zero)
	negZero := math.Copysign(0, -1)
	fmt.Println("negZero =", negZero, " == 0:", negZero == 0, " 1/negZero =", 1/negZero)
	fmt.Printf("%v %.1f %g\n", negZero, negZero, negZero)

	fmt.Println("Inf - Inf =", posInf-posInf)
	fmt.Println("Inf * 0 =", posInf*0)
	fmt.Println("Inf + 1 =", posInf+1)
	fmt.Println("Max(NaN, 1) =", math.Max(nan, 1))
	fmt.Println("Min(-Inf, 1) =", math.Min(negInf, 1))
	fmt.Println("Sqrt(-1) =", math.Sqrt(-1))

	var f32 float32 = float32(posInf)
	fmt.Println("float32 inf:", f32, float32(nan))

	// NaN as map key: each insertion is a new key.
	m := map[float64]int{}
	m[nan] = 1
	m[nan] = 2
	fmt.Println("len(map with 2 NaN keys) =", len(m))
	_, ok := m[nan]
	fmt.Println("lookup NaN found:", ok)

	// Sorting with NaN: sort.Float64s puts NaN first.
	xs := []float64{3, nan, 1, negInf, posInf, 2}
	sort.Float64s(xs)
	fmt.Println(xs)

	// Comparisons with infinity.
	fmt.Println(posInf > math.MaxFloat64, negInf < -math.MaxFloat64)
	maxF := math.MaxFloat64
	fmt.Println(maxF*2, -maxF*2)
}

// Output:
// +Inf -Inf NaN
// +Inf -Inf NaN +Inf      NaN|
// +Inf +NaN
// NaN == NaN: false
// NaN != NaN: true
// NaN < 1: false  NaN > 1: false
// IsNaN: true  IsInf: true true true
// 1/0 = +Inf  -1/0 = -Inf  0/0 = NaN
// negZero = -0  == 0: true  1/negZero = -Inf
// -0 -0.0 -0
// Inf - Inf = NaN
// Inf * 0 = NaN
// Inf + 1 = +Inf
// Max(NaN, 1) = NaN
// Min(-Inf, 1) = -Inf
// Sqrt(-1) = NaN
// float32 inf: +Inf NaN
// len(map with 2 NaN keys) = 2
// lookup NaN found: false
// [NaN -Inf 1 2 3 +Inf]
// true true
// +Inf -Inf
