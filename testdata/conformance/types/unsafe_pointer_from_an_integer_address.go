// spindle-only: gc accepts it; spindle's values have no addresses
// compile-error: spindle does not support converting the integer 564 to unsafe.Pointer
// Rule: making a pointer from a non-zero integer constant is a compile
// error naming the integer, with its position, not a spindle BUG
// ($GOROOT/test/fixedbugs/bug246.go).
package main

import "unsafe"

func main() {
	p := (*int)(unsafe.Pointer(uintptr(0x234)))
	_ = p
}
