// spindle-only: gc reinterprets the slice; spindle refuses, saying why
// Rule: converting a slice's address to a *reflect.SliceHeader (gc's layout)
// panics with spindle's clear error instead of reading other memory.
package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

func main() {
	s := []int{1, 2}
	defer func() { fmt.Println("recovered:", recover()) }()
	h := (*reflect.SliceHeader)(unsafe.Pointer(&s))
	fmt.Println(h.Len)
}

// Output:
// recovered: spindle: unsafe.Pointer conversion to *reflect.SliceHeader points at a value of another layout (spindle does not reinterpret memory)
