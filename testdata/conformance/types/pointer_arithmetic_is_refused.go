// spindle-only: gc computes the field's address; spindle has no addresses
// exit: 2
// stderr: panic: spindle: unsafe.Pointer made from a uintptr that does not carry its pointer (arithmetic on it, or keeping it as another integer, loses the object spindle keeps with it)
// An unsafe.Pointer made from a changed uintptr is refused with a panic,
// never a pointer to the wrong value.
package main

import (
	"fmt"
	"unsafe"
)

type S struct{ A, B int }

func main() {
	s := &S{1, 2}
	u := uintptr(unsafe.Pointer(s))
	fmt.Println("before")
	b := (*int)(unsafe.Pointer(u + unsafe.Offsetof(s.B)))
	fmt.Println(*b)
}

// Output:
// before
