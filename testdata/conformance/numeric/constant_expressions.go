package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	_
	Thursday
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
	TB
)

const (
	a, b = iota, iota * 10
	c, d
	e, f
)

type Flags uint8

const (
	FlagA Flags = 1 << iota
	FlagB
	FlagC
	FlagD
)

const huge = 1 << 200
const typedF float32 = 1.0 / 3

func main() {
	fmt.Println(Sunday, Monday, Tuesday, Thursday)
	fmt.Printf("%T\n", Thursday)
	fmt.Println(KB, MB, GB, TB)
	fmt.Println(a, b, c, d, e, f)
	fmt.Println(FlagA, FlagB, FlagC, FlagD, FlagA|FlagD)
	fmt.Printf("%08b\n", FlagB|FlagC)

	// Untyped constant arithmetic is exact.
	fmt.Println(huge >> 198)
	fmt.Println(huge / (huge >> 1))
	const third = 1.0 / 3
	fmt.Println(third*3 == 1)
	fmt.Println(typedF)

	// Untyped constants adapt to context.
	var f32 float32 = 1 << 10
	var i8 int8 = 'A'
	var r rune = 'x' - 'a'
	var cx complex128 = 2
	fmt.Println(f32, i8, r, cx)
	fmt.Printf("%T %T %T %T\n", 'a', 1.5, 1, 2i)

	// Integer division of untyped integer constants truncates.
	const q = 7 / 2
	const qf = 7 / 2.0
	fmt.Println(q, qf)

	// Rune constants and string constants.
	const s = "héllo"
	const n = len(s)
	fmt.Println(n, s[1], s[0:1])
	var arr [len("abc") * 2]int
	fmt.Println(len(arr))

	// Typed constant overflow is caught at compile time, but
	// expressions with variables wrap at run time.
	const m = 255
	var u8 uint8 = m
	u8 += 1
	fmt.Println(u8)

	// Constants of string type via conversion.
	type Color string
	const Red Color = "red"
	fmt.Printf("%v %T\n", Red, Red)

	// Large float constants.
	const avogadro = 6.02214076e23
	fmt.Println(avogadro / 1e23)
	const maxU = ^uint32(0)
	fmt.Println(maxU)
	fmt.Println(-5%3, -5/3, 5%-3)
}

// Output:
// 0 1 2 4
// main.Weekday
// 1024 1048576 1073741824 1099511627776
// 0 0 1 10 2 20
// 1 2 4 8 9
// 00000110
// 4
// 2
// true
// 0.33333334
// 1024 65 23 (2+0i)
// int32 float64 int complex128
// 3 3.5
// 6 195 h
// 6
// 0
// red main.Color
// 6.02214076
// 4294967295
// -2 -1 2
