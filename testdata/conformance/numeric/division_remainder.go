package main

import "fmt"

func main() {
	pairs := [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 3}, {1, 7}, {-1, 7}, {100, -9}}
	for _, p := range pairs {
		a, b := p[0], p[1]
		fmt.Printf("%d / %d = %d, %d %% %d = %d\n", a, b, a/b, a, b, a%b)
	}

	// Identity: (a/b)*b + a%b == a
	ok := true
	for a := -20; a <= 20; a++ {
		for b := -6; b <= 6; b++ {
			if b == 0 {
				continue
			}
			if (a/b)*b+a%b != a {
				ok = false
			}
		}
	}
	fmt.Println("identity holds:", ok)

	var i8 int8 = -128
	var m8 int8 = -1
	fmt.Println("int8 -128 / -1 =", i8/m8, " -128 % -1 =", i8%m8)
	var i32 int32 = -2147483648
	var m32 int32 = -1
	fmt.Println("int32 min / -1 =", i32/m32)

	var u uint32 = 4000000000
	fmt.Println("uint32 4e9 / 3 =", u/3, " % 7 =", u%7)
	var u8 uint8 = 250
	fmt.Println("uint8 250 / 7 =", u8/7, " % 7 =", u8%7)
	var u64 uint64 = 18446744073709551615
	fmt.Println("uint64 max / 10 =", u64/10, " % 10 =", u64%10)

	// Conversion to unsigned before dividing changes the result.
	n := -7
	fmt.Println("uint8(int8(-7)) / 2 =", uint8(int8(n))/2)

	// Shifts vs division for negatives.
	fmt.Println("-7 >> 1 =", -7>>1, " -7 / 2 =", -7/2)

	// Float division.
	fmt.Println("7.0 / 2 =", 7.0/2, " -7.0 / 2 =", -7.0/2)
	x, y := 1.0, 3.0
	fmt.Println("1.0 / 3.0 =", x/y)

	// Constant division is exact for untyped constants.
	const c = 10 / 4
	const d = 10 / 4.0
	fmt.Println("const 10/4 =", c, " const 10/4.0 =", d)

	// Compound assignment operators.
	v := 100
	v /= 7
	fmt.Println("v /= 7 ->", v)
	v %= 5
	fmt.Println("v %= 5 ->", v)
	w := -100
	w %= 7
	fmt.Println("w %= 7 ->", w)
}

// Output:
// 7 / 2 = 3, 7 % 2 = 1
// -7 / 2 = -3, -7 % 2 = -1
// 7 / -2 = -3, 7 % -2 = 1
// -7 / -2 = 3, -7 % -2 = -1
// 0 / 3 = 0, 0 % 3 = 0
// 1 / 7 = 0, 1 % 7 = 1
// -1 / 7 = 0, -1 % 7 = -1
// 100 / -9 = -11, 100 % -9 = 1
// identity holds: true
// int8 -128 / -1 = -128  -128 % -1 = 0
// int32 min / -1 = -2147483648
// uint32 4e9 / 3 = 1333333333  % 7 = 3
// uint8 250 / 7 = 35  % 7 = 5
// uint64 max / 10 = 1844674407370955161  % 10 = 5
// uint8(int8(-7)) / 2 = 124
// -7 >> 1 = -4  -7 / 2 = -3
// 7.0 / 2 = 3.5  -7.0 / 2 = -3.5
// 1.0 / 3.0 = 0.3333333333333333
// const 10/4 = 2  const 10/4.0 = 2.5
// v /= 7 -> 14
// v %= 5 -> 4
// w %= 7 -> -2
