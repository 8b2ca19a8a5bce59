package main

import "fmt"

func main() {
	a, b := 0b1100, 0b1010
	fmt.Printf("a&b=%04b a|b=%04b a^b=%04b a&^b=%04b\n", a&b, a|b, a^b, a&^b)
	fmt.Println("^0 =", ^0, " ^5 =", ^5, " ^-1 =", ^-1)

	var u8 uint8 = 0b10110011
	fmt.Printf("^u8 = %08b\n", ^u8)
	var u16 uint16 = 0x00FF
	fmt.Printf("^u16 = %#04x\n", ^u16)
	var i16 int16 = 0x00FF
	fmt.Println("^i16 =", ^i16)

	// Compound bitwise assignment.
	x := uint32(0xDEADBEEF)
	x &= 0xFFFF0000
	fmt.Printf("&= %#x\n", x)
	x |= 0x1234
	fmt.Printf("|= %#x\n", x)
	x ^= 0xFFFFFFFF
	fmt.Printf("^= %#x\n", x)
	x &^= 0xF000000F
	fmt.Printf("&^= %#x\n", x)
	x <<= 4
	fmt.Printf("<<= %#x\n", x)
	x >>= 8
	fmt.Printf(">>= %#x\n", x)

	// Bit tricks.
	for _, n := range []int{0, 1, 6, 8, 12, 1023, 1024} {
		isPow2 := n > 0 && n&(n-1) == 0
		lowest := n & -n
		fmt.Printf("n=%d pow2=%t lowest=%d\n", n, isPow2, lowest)
	}

	// Set operations with a bitmask.
	var set uint64
	for _, v := range []int{1, 5, 9, 63} {
		set |= 1 << v
	}
	members := []int{}
	for i := 0; i < 64; i++ {
		if set&(1<<i) != 0 {
			members = append(members, i)
		}
	}
	fmt.Println("members:", members)
	fmt.Printf("set = %#x\n", set)

	// Sign extension via arithmetic shift.
	v := int32(0x0000_0F00)
	v <<= 20
	fmt.Println("sign bit via shift:", v, v>>28)

	// Operator precedence: & binds tighter than |, shifts tighter than +.
	fmt.Println(1|2&3, 1+2<<3, (1+2)<<3, 6&^3|8)
	fmt.Println(true && false || true, !true || !false)
}

// Output:
// a&b=1000 a|b=1110 a^b=0110 a&^b=0100
// ^0 = -1  ^5 = -6  ^-1 = 0
// ^u8 = 01001100
// ^u16 = 0xff00
// ^i16 = -256
// &= 0xdead0000
// |= 0xdead1234
// ^= 0x2152edcb
// &^= 0x152edc0
// <<= 0x152edc00
// >>= 0x152edc
// n=0 pow2=false lowest=0
// n=1 pow2=true lowest=1
// n=6 pow2=false lowest=2
// n=8 pow2=true lowest=8
// n=12 pow2=false lowest=4
// n=1023 pow2=false lowest=1
// n=1024 pow2=true lowest=1024
// members: [1 5 9 63]
// set = 0x8000000000000222
// sign bit via shift: -268435456 -1
// 3 17 24 12
// true true
