// Rule: unsafe.Sizeof and unsafe.Alignof of a type parameter's instance
// (not constant in generic code) give gc's amd64 sizes.
package main

import (
	"fmt"
	"unsafe"
)

type P struct {
	a int8
	b int64
}

func size[T any]() (uintptr, uintptr) {
	var x T
	return unsafe.Sizeof(x), unsafe.Alignof(x)
}

func main() {
	fmt.Println(size[int32]())
	fmt.Println(size[P]())
	fmt.Println(size[string]())
	fmt.Println(unsafe.Sizeof(P{}))
}

// Output:
// 4 4
// 16 8
// 16 8
// 16
