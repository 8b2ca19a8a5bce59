// Slices and arrays of int32/rune, uint16, uint32, int16 and float32 are
// word-packed: conversions to and from strings, append growth, element
// pointers, wrap-around, float32 rounding, sorting, array keys and fmt
// verbs behave as in Go.
package main

import (
	"fmt"
	"sort"
	"unicode/utf16"
)

func main() {
	r := []rune("héllo, 世界")
	fmt.Println(len(r), string(r), r[1], string(r[7:]))
	r = append(r, '!')
	fmt.Println(len(r), cap(r), string(r))
	f := []float32{3.5, -1.25, 2}
	sort.Slice(f, func(i, j int) bool { return f[i] < f[j] })
	fmt.Println(f)
	g := []float32{0.1, 0.2}
	g[0] += g[1]
	fmt.Println(g, g[0] == 0.3)
	a := [3]int32{-1, 2, -3}
	p := &a[0]
	*p = -100
	fmt.Println(a, a == [3]int32{-100, 2, -3})
	u := []uint16{65535, 1}
	u[1]--
	u[0]++
	fmt.Println(u)
	fmt.Println(utf16.Encode([]rune("a𝄞")), string(utf16.Decode([]uint16{0x61, 0xd834, 0xdd1e})))
	m := map[[2]int16]string{{1, -1}: "x"}
	fmt.Println(m[[2]int16{1, -1}])
	fmt.Printf("%q %v %x\n", []rune("ab"), []uint32{1, 2}, []int16{-1})
	ints := []int32{5, -2, 9}
	sort.Slice(ints, func(i, j int) bool { return ints[i] < ints[j] })
	fmt.Println(ints)
	var s []rune
	for i := 0; i < 10; i++ {
		s = append(s, rune('a'+i))
	}
	fmt.Println(cap(s), string(s))
}

// Output:
// 9 héllo, 世界 233 世界
// 10 20 héllo, 世界!
// [-1.25 2 3.5]
// [0.3 0.2] true
// [-100 2 -3] true
// [0 0]
// [97 55348 56606] a𝄞
// x
// ['a' 'b'] [1 2] [-1]
// [-2 5 9]
// 16 abcdefghij
