// spindle-only: gc links the symbol; spindle has no other package's internals to link to
// compile-error: go_linkname_is_a_compile_error.go:15:6: //go:linkname is not supported: spindle cannot link nanotime to another package's internals
// Rule: a body-less function pulled in with //go:linkname is a compile
// error naming the directive, at the function, not a spindle BUG.
package main

import (
	"fmt"
	_ "unsafe"
)

//go:linkname nanotime runtime.nanotime

//go:noescape
func nanotime() int64

func main() { fmt.Println(nanotime() > 0) }
