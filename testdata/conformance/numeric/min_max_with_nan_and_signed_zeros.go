// The min and max builtins follow Go: a NaN operand wins, min picks -0
// over +0 and max +0 over -0; slices.Min and Max inherit it.
package main

import (
	"fmt"
	"math"
	"slices"
)

func main() {
	nan, negz, zero := math.NaN(), math.Copysign(0, -1), 0.0
	fmt.Println(max(nan, 1.0), max(negz, zero), min(zero, negz), max(1.0, nan, 3.0), min(3, 1, 2), max(zero, negz))
	fmt.Println(slices.Max([]float64{3, nan, -1}), slices.Min([]float64{0, negz}), min(negz, zero))
	fmt.Println(max("b", "a", "c"), min(2.5, 1.5))
}

// Output:
// NaN 0 -0 NaN 1 0
// NaN -0 -0
// c 1.5
