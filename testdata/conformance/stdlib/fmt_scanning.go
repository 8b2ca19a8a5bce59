package main

import (
	"fmt"
	"strings"
)

func main() {
	var name string
	var age int
	var score float64
	n, err := fmt.Sscan("alice 30 91.5", &name, &age, &score)
	fmt.Println(n, err, name, age, score)

	var px, py int
	n, err = fmt.Sscanf("point(3,-4)", "point(%d,%d)", &px, &py)
	fmt.Println(n, err, px, py)

	var x, y int
	n, err = fmt.Sscanf("10 20", "%d %d", &x, &y)
	fmt.Println(n, err, x+y)

	var hex int
	var word string
	n, err = fmt.Sscanf("ff-go", "%x-%s", &hex, &word)
	fmt.Println(n, err, hex, word)

	var a, b string
	n, err = fmt.Sscanln("first second\nthird", &a, &b)
	fmt.Println(n, err, a, b)

	var i1 int
	n, err = fmt.Sscan("notanumber", &i1)
	fmt.Println(n, err != nil, i1)

	var i2, i3 int
	n, err = fmt.Sscan("5", &i2, &i3)
	fmt.Println(n, err, i2)

	var ok bool
	var r rune
	n, err = fmt.Sscanf("true Z", "%t %c", &ok, &r)
	fmt.Println(n, err, ok, string(r))

	// Fscan from a reader, reading until EOF.
	rd := strings.NewReader("1 2 3\n4 5")
	sum := 0
	for {
		var v int
		_, err := fmt.Fscan(rd, &v)
		if err != nil {
			fmt.Println("stop:", err)
			break
		}
		sum += v
	}
	fmt.Println("sum", sum)

	var q string
	n, err = fmt.Sscanf(`"quoted str"`, "%q", &q)
	fmt.Println(n, err, q)
}

// Output:
// 3 <nil> alice 30 91.5
// 2 <nil> 3 -4
// 2 <nil> 30
// 2 <nil> 255 go
// 2 <nil> first second
// 0 true 0
// 1 EOF 5
// 2 <nil> true Z
// stop: EOF
// sum 15
// 1 <nil> quoted str
