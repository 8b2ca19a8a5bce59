package main

import "fmt"

type Point struct {
	X, Y int
	Tag  string
}

func main() {
	s := "héllo"
	fmt.Printf("%s|%q|%v|%x|%X|% x|%#x\n", s, s, s, s, s, s, s)
	fmt.Printf("%10s|%-10s|%.2s|%8.3s|%-8.1q|\n", s, s, s, s, s)
	fmt.Printf("%q|%+q|%#q|%#q\n", "tab\t", "é", "raw", "back`tick")
	b := []byte("Go!")
	fmt.Printf("%s|%q|%x|%X|% X|%v|%d\n", b, b, b, b, b, b, b)
	fmt.Printf("%s %q\n", []string{"a", "b c"}, []string{"a", "b c"})
	fmt.Printf("%x\n", "")
	fmt.Printf("%5q|%-5q|\n", 'r', 'r')

	p := Point{1, 2, "t"}
	pp := &p
	fmt.Printf("%v|%+v|%#v\n", p, p, p)
	fmt.Printf("%v|%+v\n", pp, pp)
	fmt.Printf("%T|%T|%T|%T\n", p, pp, []Point{}, map[string][]int{})
	fmt.Printf("%v|%#v\n", []any{1, "a", nil}, []any{1, "a", nil})
	fmt.Printf("%v|%#v\n", map[string]int{"b": 2, "a": 1}, map[string]int{"b": 2, "a": 1})
	fmt.Printf("%s|%d\n", p, p)
	fmt.Printf("%v|%s\n", nil, nil)
	var err error
	fmt.Printf("%v\n", err)
	fmt.Printf("%6v|%-6v|\n", []int{1}, true)
	fmt.Printf("%v %v\n", [][]int{{1}, {2, 3}}, struct{ A []string }{[]string{"x"}})
	fmt.Printf("%t\n", "notbool")

	fmt.Println("Println", 1, 2.5, "a", 'b', true, nil)
	fmt.Print("Print", 1, 2, "a", "b", 3, "\n")
	fmt.Print(1, 2, "\n")
	s2 := fmt.Sprint("x", 1, 2, "y")
	s3 := fmt.Sprintln("x", 1)
	fmt.Printf("%q %q\n", s2, s3)
}

// Output:
// héllo|"héllo"|héllo|68c3a96c6c6f|68C3A96C6C6F|68 c3 a9 6c 6c 6f|0x68c3a96c6c6f
//      héllo|héllo     |hé|     hél|"h"     |
// "tab\t"|"\u00e9"|`raw`|"back`tick"
// Go!|"Go!"|476f21|476F21|47 6F 21|[71 111 33]|[71 111 33]
// [a b c] ["a" "b c"]
//
//   'r'|'r'  |
// {1 2 t}|{X:1 Y:2 Tag:t}|main.Point{X:1, Y:2, Tag:"t"}
// &{1 2 t}|&{X:1 Y:2 Tag:t}
// main.Point|*main.Point|[]main.Point|map[string][]int
// [1 a <nil>]|[]interface {}{1, "a", interface {}(nil)}
// map[a:1 b:2]|map[string]int{"a":1, "b":2}
// {%!s(int=1) %!s(int=2) t}|{1 2 %!d(string=t)}
// <nil>|%!s(<nil>)
// <nil>
// [     1]|true  |
// [[1] [2 3]] {[x]}
// %!t(string=notbool)
// Println 1 2.5 a 98 true <nil>
// Print1 2ab3
// 1 2
// "x1 2y" "x 1\n"
