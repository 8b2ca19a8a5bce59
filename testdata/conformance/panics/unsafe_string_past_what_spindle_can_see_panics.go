// spindle-only: gc reads whatever memory follows; spindle refuses
// exit: 2
// stderr: panic: spindle: unsafe.String of 4 elements from a pointer whose array spindle cannot see
// unsafe.String (and unsafe.Slice, unsafe.Add) of a pointer that comes
// from a parameter reaches only the element it points at: spindle checks
// an extent where it can see the array the pointer was taken from (&x[i]
// or unsafe.SliceData in the same function), and never reads past it.
package main

import (
	"fmt"
	"unsafe"
)

func str(p *byte, n int) string { return unsafe.String(p, n) }

func main() {
	b := []byte("spindle")
	fmt.Println(str(&b[0], 1))
	fmt.Println(str(&b[0], 4))
}

// Output:
// s
