package main

import "fmt"

func main() {
	s := "Go, 世界!"
	b := []byte(s)
	r := []rune(s)
	fmt.Println(len(b), len(r))
	fmt.Println(b)
	fmt.Println(r)
	fmt.Println(string(b[4:7]), string(r[4]), string(r[4:6]))

	// Mutating the []byte does not affect the original string.
	b[0] = 'g'
	fmt.Println(s, string(b))
	r[4] = '地'
	fmt.Println(string(r))

	// string(rune) and string(byte-as-rune).
	fmt.Println(string(rune(65)), string(rune(0x263A)), string(rune(0x1F600)))
	var by byte = 'z'
	fmt.Println(string(rune(by)))

	// Conversion from named byte/rune slices.
	type Bytes []byte
	nb := Bytes("named")
	fmt.Println(string(nb), len(nb))

	// Empty and nil.
	var nilb []byte
	fmt.Printf("%q %q\n", string(nilb), string([]rune{}))
	fmt.Println([]byte("") == nil, len([]byte("")))

	// Appending a string to a []byte.
	out := append([]byte("abc"), "def"...)
	fmt.Println(string(out))
	n := copy(out, "XY")
	fmt.Println(n, string(out))

	// Reverse a string by runes.
	rev := []rune("héllo")
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	fmt.Println(string(rev))

	// Byte arithmetic.
	up := []byte("shout")
	for i := range up {
		up[i] -= 'a' - 'A'
	}
	fmt.Println(string(up))

	// Rune arithmetic and comparison.
	for c := 'a'; c < 'f'; c++ {
		fmt.Print(string(c))
	}
	fmt.Println()
	fmt.Printf("%d %c %v\n", 'A'+2, 'A'+2, 'A' < 'a')

	// Invalid code points become U+FFFD.
	bad := []rune{0x110000, -5, 'o', 'k'}
	fmt.Printf("%q\n", string(bad))
}

// Output:
// 11 7
// [71 111 44 32 228 184 150 231 149 140 33]
// [71 111 44 32 19990 30028 33]
// 世 世 世界
// Go, 世界! go, 世界!
// Go, 地界!
// A ☺ 😀
// z
// named 5
// "" ""
// false 0
// abcdef
// 2 XYcdef
// olléh
// SHOUT
// abcde
// 67 C true
// "��ok"
