package main

import "fmt"

func main() {
	var one int = 1
	for _, s := range []uint{0, 1, 31, 32, 62, 63, 64, 100} {
		fmt.Printf("1 << %d = %d\n", s, one<<s)
	}

	var neg int32 = -16
	for _, s := range []uint{1, 2, 4, 5, 31, 32, 200} {
		fmt.Printf("int32(-16) >> %d = %d\n", s, neg>>s)
	}

	var u8 uint8 = 0xF0
	fmt.Println("uint8 0xF0 << 1 =", u8<<1)
	fmt.Println("uint8 0xF0 >> 4 =", u8>>4)
	fmt.Println("uint8 0xF0 << 8 =", u8<<8)

	var i8 int8 = -128
	fmt.Println("int8 -128 >> 7 =", i8>>7)
	fmt.Println("int8 -128 >> 9 =", i8>>9)
	one8 := int8(1)
	fmt.Println("int8 1 << 7 =", one8<<7)

	var u64 uint64 = 1 << 63
	fmt.Println("uint64 1<<63 >> 63 =", u64>>63)
	fmt.Println("int64 from 1<<63 >> 63 =", int64(u64)>>63)

	// Signed shift count (allowed since Go 1.13) when non-negative.
	var sc int = 3
	fmt.Println("5 << int(3) =", 5<<sc)

	// Shift counts of different integer types.
	var c8 uint8 = 4
	var c64 int64 = 4
	fmt.Println("shift by uint8 and int64:", 1<<c8, 256>>c64)

	// Constant shifts are arbitrary precision.
	const big = 1 << 100
	fmt.Println("(1<<100)>>98 =", big>>98)

	// Rotations by hand.
	x := uint32(0x12345678)
	r := x<<8 | x>>24
	fmt.Printf("rotl8(0x%08x) = 0x%08x\n", x, r)

	// Masks.
	var mask uint16 = ^uint16(0) >> 4
	fmt.Printf("mask = %#x\n", mask)
	fmt.Printf("&^ : %08b\n", uint8(0b11110000)&^uint8(0b10101010))

	// Shift with untyped constant takes type from context.
	var f float64 = 1 << 3
	fmt.Println("float64 from 1<<3 =", f)
	shifts := []uint{1, 2, 3}
	total := 0
	for _, s := range shifts {
		total += 1 << s
	}
	fmt.Println("sum 1<<s =", total)
}

// Output:
// 1 << 0 = 1
// 1 << 1 = 2
// 1 << 31 = 2147483648
// 1 << 32 = 4294967296
// 1 << 62 = 4611686018427387904
// 1 << 63 = -9223372036854775808
// 1 << 64 = 0
// 1 << 100 = 0
// int32(-16) >> 1 = -8
// int32(-16) >> 2 = -4
// int32(-16) >> 4 = -1
// int32(-16) >> 5 = -1
// int32(-16) >> 31 = -1
// int32(-16) >> 32 = -1
// int32(-16) >> 200 = -1
// uint8 0xF0 << 1 = 224
// uint8 0xF0 >> 4 = 15
// uint8 0xF0 << 8 = 0
// int8 -128 >> 7 = -1
// int8 -128 >> 9 = -1
// int8 1 << 7 = -128
// uint64 1<<63 >> 63 = 1
// int64 from 1<<63 >> 63 = -1
// 5 << int(3) = 40
// shift by uint8 and int64: 16 16
// (1<<100)>>98 = 4
// rotl8(0x12345678) = 0x34567812
// mask = 0xfff
// &^ : 01010000
// float64 from 1<<3 = 8
// sum 1<<s = 14
