// spindle-only: gc reads the memory at the address; spindle's values have no addresses
// exit: 2
// stderr: panic: spindle: dereference of unsafe.Pointer(uintptr(0x234)), a pointer made from an integer
// Rule: a pointer made from an integer (constant or not) compiles, compares
// and prints as its address, as in gc ($GOROOT/test/fixedbugs/bug246.go);
// reading through it panics with a spindle error naming the address,
// never a read of some other value.
package main

import (
	"fmt"
	"unsafe"
)

func main() {
	addr := uintptr(0x234)
	p := (*int)(unsafe.Pointer(addr))
	q := (*int)(unsafe.Pointer(uintptr(0x234)))
	fmt.Println(p == q, uintptr(unsafe.Pointer(p)) == addr)
	fmt.Printf("%p\n", q)
	fmt.Println(*p)
}

// Output:
// true true
// 0x234
