// A uintptr made from an unsafe.Pointer is the pointer's address: two
// pointers to one element give equal uintptrs, pointers to different
// elements different ones, and converting the uintptr back gives the
// pointer.
package main

import (
	"fmt"
	"unsafe"
)

type S struct{ A, B int }

func main() {
	x := []int{1, 2, 3}
	p0, p1 := uintptr(unsafe.Pointer(&x[0])), uintptr(unsafe.Pointer(&x[0]))
	q := uintptr(unsafe.Pointer(&x[1]))
	fmt.Println(p0 == p1, p0 == q, p0 != 0)
	s := &S{1, 2}
	u := uintptr(unsafe.Pointer(s))
	back := (*S)(unsafe.Pointer(u))
	fmt.Println(back.B, back == s)
	var n uintptr
	fmt.Println(unsafe.Pointer(n) == nil)
}

// Output:
// true false true
// 2 true
// true
