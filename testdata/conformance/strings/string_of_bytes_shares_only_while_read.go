// string(b) used only as a map lookup key or a comparison operand shares
// b's bytes (as gc does); a string that outlives the instruction (a map
// key stored, a variable, a concatenation result) is a copy, so later
// writes to b never change it.
package main

import "fmt"

func main() {
	m := map[string]int{"abc": 1}
	b := []byte("abc")
	fmt.Println(m[string(b)], string(b) == "abc", string(b) < "abd")
	m[string(b)] = 2 // stored: a copy
	m[string(b)]++
	s := string(b)
	t := string(b) + "!"
	b[0] = 'x'
	fmt.Println(m["abc"], m[string(b)], s, t, len(m))
	_, ok := m[string(b)]
	fmt.Println(ok, string(b) == "xbc")
	switch string(b[:1]) {
	case "x":
		fmt.Println("x")
	default:
		fmt.Println("other")
	}
	got := ""
	buf := []byte("hi")
	got += string(buf)
	buf[0] = 'X'
	fmt.Println(got)
	keys := []string{}
	for k := range m {
		keys = append(keys, k)
	}
	fmt.Println(keys)
}

// Output:
// 1 true true
// 3 0 abc abc! 1
// false true
// x
// hi
// [abc]
