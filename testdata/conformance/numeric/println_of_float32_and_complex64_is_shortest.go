// exit: 2
// stderr: 0.1 1e+20 -2.5 3
// stderr: (0.1-0.2i) (0.1-0.2i)
// stderr: panic: 0.1
// println and panic print a float32 or complex64 in the shortest form that
// reads back as the same value, as Go 1.26 does (not the float64 widening).
package main

func main() {
	println(float32(0.1), float32(1e20), float32(-2.5), float32(3))
	println(0.1, 1e20, -2.5, 3.0)
	println(complex64(complex(0.1, -0.2)), complex(0.1, -0.2))
	var x any = float32(0.1)
	panic(x)
}

// Output:
