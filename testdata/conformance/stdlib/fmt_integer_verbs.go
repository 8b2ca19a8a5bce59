package main

import "fmt"

func main() {
	n := 255
	fmt.Printf("%d|%5d|%-5d|%05d|%+d|% d\n", n, n, n, n, n, n)
	fmt.Printf("%b|%o|%O|%x|%X|%#x|%#X|%#o|%#b\n", n, n, n, n, n, n, n, n, n)
	fmt.Printf("%d|%+d|% d|%05d|%x\n", -42, -42, -42, -42, -42)
	fmt.Printf("%c|%q|%U|%#U\n", 65, 0x1F600, 0x1F600, 'ä')
	fmt.Printf("%8.3d|%-8.3d|%.0d|%.0d|\n", 7, 7, 0, 1)
	fmt.Printf("%x|%X|% x|%#x\n", uint8(10), int64(-1), 3, int8(-128))
	fmt.Printf("%*d|%-*d|%.*d\n", 6, 12, 6, 12, 4, 12)
	fmt.Printf("%[2]d %[1]d %d\n", 1, 2)
	fmt.Printf("%[1]d %[1]x %[1]o %[1]b %#[1]x\n", 64)
	fmt.Printf("%v %v %v %v\n", int8(-5), uint16(65535), uint64(1<<63), uintptr(10))
	fmt.Printf("%t %v %5t|%-6t|\n", true, false, true, false)
	fmt.Printf("%08b\n", byte(5))
	fmt.Printf("%3c|%-3c|\n", 'x', 'y')
	fmt.Printf("%d %d\n", []int{1, 2}, [2]int8{-1, 1})
	fmt.Printf("%x %X\n", []int{10, 255}, []uint{171})
	fmt.Printf("%03d|%+04d|%-+4d|\n", 7, 7, 7)
	fmt.Printf("%v|%d|%s\n", 'a', 'a', string(rune('a')))
	fmt.Printf("%%|%5%|\n")
}

// Output:
// 255|  255|255  |00255|+255| 255
// 11111111|377|0o377|ff|FF|0xff|0XFF|0377|0b11111111
// -42|-42|-42|-0042|-2a
// A|'😀'|U+1F600|U+00E4 'ä'
//      007|007     ||1|
// a|-1| 3|-0x80
//     12|12    |0012
// 2 1 2
// 64 40 100 1000000 0x40
// -5 65535 9223372036854775808 10
// true false  true|false |
// 00000101
//   x|y  |
// [1 2] [-1 1]
// [a ff] [AB]
// 007|+007|+7  |
// 97|97|a
// %|%|
