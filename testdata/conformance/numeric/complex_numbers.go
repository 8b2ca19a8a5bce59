package main

import (
	"fmt"
	"math"
)

func main() {
	a := complex(1, 2)
	b := 3 - 4i
	fmt.Println("a =", a, "b =", b)
	fmt.Println("a+b =", a+b)
	fmt.Println("a-b =", a-b)
	fmt.Println("a*b =", a*b)
	fmt.Println("a/b =", a/b)
	fmt.Println("real(a) =", real(a), "imag(a) =", imag(a))
	fmt.Println("a == 1+2i:", a == 1+2i, " a != b:", a != b)
	fmt.Printf("%T %T\n", a, b)

	var c64 complex64 = complex(float32(1.5), float32(-0.5))
	fmt.Println("c64 =", c64)
	fmt.Printf("%T %T\n", c64, real(c64))
	c64 *= c64
	fmt.Println("c64^2 =", c64)

	i := 1i
	fmt.Println("i*i =", i*i)
	fmt.Println("conj via complex:", complex(real(b), -imag(b)))
	fmt.Println("abs(b) =", math.Hypot(real(b), imag(b)))

	fmt.Printf("%v %.2f %g\n", a, a, b)
	fmt.Printf("%+.1e\n", b)

	var z complex128
	fmt.Println("zero:", z)

	// Powers by repeated multiplication.
	p := complex(0, 1)
	acc := complex(1, 0)
	for k := 1; k <= 4; k++ {
		acc *= p
		fmt.Println("i^", k, "=", acc)
	}

	// Conversions between complex types.
	c128 := complex128(c64)
	fmt.Println("complex128(c64) =", c128)
	back := complex64(complex(1.0/3, 2.0/3))
	fmt.Println("complex64(1/3+2/3i) =", back)

	// Infinity and NaN parts.
	inf := complex(math.Inf(1), math.NaN())
	fmt.Println(inf)

	// Constants.
	const k = (1 + 2i) * (1 - 2i)
	fmt.Println("const (1+2i)(1-2i) =", k, real(k))
}

// Output:
// a = (1+2i) b = (3-4i)
// a+b = (4-2i)
// a-b = (-2+6i)
// a*b = (11+2i)
// a/b = (-0.2+0.4i)
// real(a) = 1 imag(a) = 2
// a == 1+2i: true  a != b: true
// complex128 complex128
// c64 = (1.5-0.5i)
// complex64 float32
// c64^2 = (2-1.5i)
// i*i = (-1+0i)
// conj via complex: (3+4i)
// abs(b) = 5
// (1+2i) (1.00+2.00i) (3-4i)
// (+3.0e+00-4.0e+00i)
// zero: (0+0i)
// i^ 1 = (0+1i)
// i^ 2 = (-1+0i)
// i^ 3 = (-0-1i)
// i^ 4 = (1-0i)
// complex128(c64) = (2-1.5i)
// complex64(1/3+2/3i) = (0.33333334+0.6666667i)
// (+Inf+NaNi)
// const (1+2i)(1-2i) = (5+0i) 5
