// Rule: unsafe.Pointer(uintptr(0)) is the nil pointer, as a folded
// constant and at run time ($GOROOT/test/fixedbugs/issue21221.go).
package main

import (
	"fmt"
	"unsafe"
)

func main() {
	fmt.Println(unsafe.Pointer(uintptr(0)) == unsafe.Pointer(nil))
	fmt.Println((*int)(unsafe.Pointer(uintptr(0))) == (*int)(nil))
	var zero uintptr
	fmt.Println(unsafe.Pointer(zero) == nil)
}

// Output:
// true
// true
// true
