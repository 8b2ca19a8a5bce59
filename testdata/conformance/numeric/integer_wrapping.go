package main

import (
	"fmt"
	"math"
)

func main() {
	var i8 int8 = math.MaxInt8
	i8++
	fmt.Println("int8 max+1:", i8)
	i8 = math.MinInt8
	i8--
	fmt.Println("int8 min-1:", i8)
	i8 = -128
	i8 = -i8
	fmt.Println("int8 -(-128):", i8)

	var u8 uint8 = 255
	u8++
	fmt.Println("uint8 255+1:", u8)
	u8 = 0
	u8--
	fmt.Println("uint8 0-1:", u8)
	u8 = 200
	u8 *= 2
	fmt.Println("uint8 200*2:", u8)

	var i16 int16 = math.MaxInt16
	i16 += 2
	fmt.Println("int16 max+2:", i16)
	var u16 uint16 = 65535
	u16 += 10
	fmt.Println("uint16 65535+10:", u16)

	var i32 int32 = math.MaxInt32
	i32++
	fmt.Println("int32 max+1:", i32)
	i32 = 1 << 30
	i32 *= 4
	fmt.Println("int32 2^30*4:", i32)
	var u32 uint32 = 0
	u32 -= 1
	fmt.Println("uint32 0-1:", u32)
	u32 = 0xFFFF_FFFF
	u32 *= u32
	fmt.Println("uint32 max*max:", u32)

	var i64 int64 = math.MaxInt64
	i64++
	fmt.Println("int64 max+1:", i64)
	i64 = math.MinInt64
	fmt.Println("int64 min/-1:", i64/-1)
	fmt.Println("int64 min%-1:", i64%-1)
	var u64 uint64 = math.MaxUint64
	u64++
	fmt.Println("uint64 max+1:", u64)
	u64 = 1 << 63
	u64 *= 2
	fmt.Println("uint64 2^63*2:", u64)

	var up uintptr = 0
	up--
	fmt.Println("uintptr 0-1 == max uint:", uint64(up) == uint64(^uint(0)))

	var n int = math.MaxInt
	n++
	fmt.Println("int max+1 == MinInt:", n == math.MinInt)
	var un uint = 0
	un--
	fmt.Println("uint 0-1:", uint64(un))

	// Multiplication wrapping in mixed steps.
	var h uint32 = 2166136261
	for _, c := range []byte("spindle") {
		h ^= uint32(c)
		h *= 16777619
	}
	fmt.Println("fnv32a(spindle):", h)

	var x int8 = 100
	y := x + x
	fmt.Printf("int8 100+100 = %d (%T)\n", y, y)
	var b byte = 0x80
	fmt.Println("^byte(0x80):", ^b)
	fmt.Println("-uint8(1):", -uint8(u8+1-u8))
}

// Output:
// int8 max+1: -128
// int8 min-1: 127
// int8 -(-128): -128
// uint8 255+1: 0
// uint8 0-1: 255
// uint8 200*2: 144
// int16 max+2: -32767
// uint16 65535+10: 9
// int32 max+1: -2147483648
// int32 2^30*4: 0
// uint32 0-1: 4294967295
// uint32 max*max: 1
// int64 max+1: -9223372036854775808
// int64 min/-1: -9223372036854775808
// int64 min%-1: 0
// uint64 max+1: 0
// uint64 2^63*2: 0
// uintptr 0-1 == max uint: true
// int max+1 == MinInt: true
// uint 0-1: 18446744073709551615
// fnv32a(spindle): 4253263676
// int8 100+100 = -56 (int8)
// ^byte(0x80): 127
// -uint8(1): 255
