// append grows a slice of elements that hold pointers as gc 1.26 does:
// past 512 bytes such an allocation carries an 8-byte malloc header, which
// the capacity leaves out (87 strings, not 88).
package main

import "fmt"

type P struct {
	Name string
	N    int
}

func main() {
	s := make([]string, 40)
	s = append(s, "x")
	p := make([]*int, 100)
	p = append(p, nil)
	q := make([]P, 30)
	q = append(q, P{})
	i := make([]int, 100)
	i = append(i, 1)
	fmt.Println(cap(s), cap(p), cap(q), cap(i))
}

// Output:
// 87 223 63 224
