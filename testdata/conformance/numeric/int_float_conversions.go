package main

import (
	"fmt"
	"math"
)

func main() {
	v := int64(-1)
	fmt.Println("int8:", int8(v), "uint8:", uint8(v), "int16:", int16(v), "uint16:", uint16(v))
	fmt.Println("int32:", int32(v), "uint32:", uint32(v), "uint64:", uint64(v))

	w := int64(0x1234_5678_9ABC_DEF0)
	fmt.Printf("%x %x %x %x\n", uint8(w), uint16(w), uint32(w), uint64(w))
	fmt.Println(int8(w), int16(w), int32(w))

	var u8 uint8 = 200
	fmt.Println("int8(uint8 200) =", int8(u8))
	fmt.Println("int(int8(uint8 200)) =", int(int8(u8)))
	neg56 := int8(-56)
	fmt.Println("uint16(int8(-56)) =", uint16(neg56))

	// Float -> int truncates toward zero.
	for _, f := range []float64{2.9, -2.9, 0.5, -0.5, 1e6 + 0.999} {
		fmt.Printf("int(%v) = %d\n", f, int(f))
	}
	fmt.Println("uint8(float 255.9) =", uint8(255.9+0*float64(u8)))
	fmt.Println("int64(float32 16777217) =", int64(float32(16777217)))

	// Int -> float.
	big := int64(1<<53 + 1)
	fmt.Println("float64(2^53+1) =", float64(big))
	fmt.Println("float32(2^24+1) =", float32(int32(1<<24+1)))
	fmt.Println("float64(MaxUint64) =", float64(uint64(math.MaxUint64)))
	fmt.Println("float64(MinInt64) =", float64(int64(math.MinInt64)))

	// Rune and byte conversions.
	r := rune(0x4E16)
	fmt.Println("string(rune):", string(r), "int32 value:", int32(r))
	b := byte('A')
	fmt.Println("byte+1 as string:", string(rune(b+1)))

	// float32 <-> float64
	f32 := float32(0.1)
	fmt.Println("float64(float32(0.1)) =", float64(f32))
	fmt.Println("float32(1.0/3.0) =", float32(1.0/3.0))
	d := 1.0 / 3.0
	fmt.Println("float64 1/3 =", d)

	// Type of untyped expressions.
	x := 3
	y := 2.5
	fmt.Printf("%T %T %T\n", x, y, float64(x)*y)
	fmt.Println(float64(x) * y)

	// Integer conversions in expressions keep the narrower type.
	var a int16 = 456
	fmt.Println("uint8(a) * 2 =", uint8(a)*2)
	fmt.Println("int(uint8(a)) * 2 =", int(uint8(a))*2)
}

// Output:
// int8: -1 uint8: 255 int16: -1 uint16: 65535
// int32: -1 uint32: 4294967295 uint64: 18446744073709551615
// f0 def0 9abcdef0 123456789abcdef0
// -16 -8464 -1698898192
// int8(uint8 200) = -56
// int(int8(uint8 200)) = -56
// uint16(int8(-56)) = 65480
// int(2.9) = 2
// int(-2.9) = -2
// int(0.5) = 0
// int(-0.5) = 0
// int(1.000000999e+06) = 1000000
// uint8(float 255.9) = 255
// int64(float32 16777217) = 16777216
// float64(2^53+1) = 9.007199254740992e+15
// float32(2^24+1) = 1.6777216e+07
// float64(MaxUint64) = 1.8446744073709552e+19
// float64(MinInt64) = -9.223372036854776e+18
// string(rune): 世 int32 value: 19990
// byte+1 as string: B
// float64(float32(0.1)) = 0.10000000149011612
// float32(1.0/3.0) = 0.33333334
// float64 1/3 = 0.3333333333333333
// int float64 float64
// 7.5
// uint8(a) * 2 = 144
// int(uint8(a)) * 2 = 400
