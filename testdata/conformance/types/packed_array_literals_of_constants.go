// Composite literals of packed arrays made of constants (compiled as
// block copies): globals and locals, bytes, int8, bools, words, floats,
// keyed elements with gaps, and elements that are not constants.
package main

import "fmt"

var table = [...]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 255, 0, 128}

var signed = [12]int8{-1, -2, -3, -4, -5, -6, -7, -8, 127, -128, 0, 1}

var words = [...]uint64{1 << 63, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1<<64 - 1}

var sparse = [40]int16{0: -1, 1: -2, 2: -3, 3: -4, 4: -5, 5: -6, 6: -7, 7: -8, 8: -9, 20: 5, 21: 6, 22: 7, 23: 8, 24: 9, 25: 10, 26: 11, 27: 12, 39: -32768}

var floats = []float64{0.5, 1.5, -2.25, 3, 4, 5, 6, 7, 8.125, 1e300}

var flags = [10]bool{true, false, true, true, false, false, true, false, true, true}

func local(k byte) [16]byte {
	a := [16]byte{k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, k + 1}
	return a
}

func main() {
	fmt.Println(table, len(table))
	fmt.Println(signed)
	fmt.Println(words)
	fmt.Println(sparse)
	fmt.Println(floats, len(floats), cap(floats))
	fmt.Println(flags)
	a := local(100)
	b := local(200)
	a[3] = 99
	fmt.Println(a, b)
	f32 := [9]float32{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 16777217}
	fmt.Println(f32, f32[0]+f32[1])
	r := []rune("héllo wörld, spindle")
	r2 := [...]rune{'h', 'é', 'l', 'l', 'o', ' ', 'w', 'ö', 'r', 'l', 'd'}
	fmt.Println(string(r), string(r2[:]), len(r2))
	table[0] = 42
	fmt.Println(table[:4])
}

// Output:
// [1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 255 0 128] 23
// [-1 -2 -3 -4 -5 -6 -7 -8 127 -128 0 1]
// [9223372036854775808 2 3 4 5 6 7 8 9 10 18446744073709551615]
// [-1 -2 -3 -4 -5 -6 -7 -8 -9 0 0 0 0 0 0 0 0 0 0 0 5 6 7 8 9 10 11 12 0 0 0 0 0 0 0 0 0 0 0 -32768]
// [0.5 1.5 -2.25 3 4 5 6 7 8.125 1e+300] 10 10
// [true false true true false false true false true true]
// [100 1 2 99 4 5 6 7 8 9 10 11 12 13 14 101] [200 1 2 3 4 5 6 7 8 9 10 11 12 13 14 201]
// [0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 1.6777216e+07] 0.3
// héllo wörld, spindle héllo wörld 11
// [42 2 3 4]
