// bytes.Fields returns subslices of its argument, each capacity cut at its
// end: writes through a field reach the argument, appends to one do not.
package main

import (
	"bytes"
	"fmt"
)

func main() {
	s := []byte("  héllo  wide\tworld\n x ")
	f := bytes.Fields(s)
	fmt.Printf("%q %d\n", f, len(f))
	var lc []int
	for _, x := range f {
		lc = append(lc, len(x), cap(x))
	}
	fmt.Println(lc)
	f[0][0] = 'H'
	fmt.Printf("%q\n", s)
	e := bytes.Fields([]byte("   "))
	fmt.Println(e == nil, len(e), bytes.Fields(nil) == nil)
	f[1] = append(f[1], '!')
	fmt.Printf("%q\n", s)
}

// Output:
// ["héllo" "wide" "world" "x"] 4
// [6 6 4 4 5 5 1 1]
// "  Héllo  wide\tworld\n x "
// false 0 false
// "  Héllo  wide\tworld\n x "
