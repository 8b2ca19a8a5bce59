package main

import "fmt"

func main() {
	s := "hello, world"
	fmt.Println(len(s), s[0], s[len(s)-1])
	fmt.Printf("%c %q %T\n", s[1], s[1], s[1])
	fmt.Println(s[7:], s[:5], s[3:8], s[:], s[12:] == "")

	u := "héllo 世界"
	fmt.Println("len bytes:", len(u))
	fmt.Println("u[1] byte:", u[1], " u[1:3]:", u[1:3])
	fmt.Println("u[7:10]:", u[7:10])

	// Concatenation and +=.
	t := "a"
	for i := 0; i < 4; i++ {
		t += string(rune('b' + i))
	}
	fmt.Println(t)
	t2 := t
	t += "!"
	fmt.Println(t, t2)
	fmt.Println("x" + "y" + "z")

	// Comparison is lexicographic by bytes.
	pairs := [][2]string{{"abc", "abd"}, {"ab", "abc"}, {"", "a"}, {"Z", "a"}, {"é", "z"}, {"same", "same"}}
	for _, p := range pairs {
		fmt.Printf("%q<%q=%t %q==%q=%t %q>=%q=%t\n", p[0], p[1], p[0] < p[1], p[0], p[1], p[0] == p[1], p[0], p[1], p[0] >= p[1])
	}

	// Strings are immutable values; slicing shares but copy semantics hold.
	b := []byte(s)
	b[0] = 'H'
	fmt.Println(s, string(b))

	// Multi-line raw strings.
	raw := `line1
	"quoted" \n not escape`
	fmt.Println(raw)
	fmt.Println(len(raw))

	// Escape sequences.
	esc := "tab\there\\ \"q\" \x41\u00e9\U0001F600 \101"
	fmt.Println(esc)
	fmt.Println(len(esc))

	// Empty string zero value.
	var z string
	fmt.Printf("%q %d %t\n", z, len(z), z == "")

	// Byte values of string by index loop.
	for i := 0; i < len("añ"); i++ {
		fmt.Print("añ"[i], ";")
	}
	fmt.Println()
}

// Output:
// 12 104 100
// e 'e' uint8
// world hello lo, w hello, world true
// len bytes: 13
// u[1] byte: 195  u[1:3]: é
// u[7:10]: 世
// abcde
// abcde! abcde
// xyz
// "abc"<"abd"=true "abc"=="abd"=false "abc">="abd"=false
// "ab"<"abc"=true "ab"=="abc"=false "ab">="abc"=false
// ""<"a"=true ""=="a"=false "">="a"=false
// "Z"<"a"=true "Z"=="a"=false "Z">="a"=false
// "é"<"z"=false "é"=="z"=false "é">="z"=true
// "same"<"same"=false "same"=="same"=true "same">="same"=true
// hello, world Hello, world
// line1
// 	"quoted" \n not escape
// 29
// tab	here\ "q" Aé😀 A
// 23
// "" 0 true
// 97;195;177;
