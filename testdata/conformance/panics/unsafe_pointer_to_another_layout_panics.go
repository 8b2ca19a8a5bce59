// spindle-only: gc reinterprets the memory; spindle's values are not laid out as gc's
// Rule: converting an unsafe.Pointer to *T works when the memory holds a
// value of T's shape (same fields and elements), and otherwise panics
// with a clear, recoverable message instead of corrupting the fiber or
// crashing the host (found by $GOROOT/test/blank.go).
package main

import (
	"fmt"
	"unsafe"
)

type pair struct{ a, b int }
type point struct{ x, y int }
type triple struct{ x, y, z int }

func main() {
	p := &pair{1, 2}
	q := (*point)(unsafe.Pointer(p))
	q.y = 20
	fmt.Println(q.x, q.y, p.b)

	arr := [2]pair{{1, 2}, {3, 4}}
	pts := (*[2]point)(unsafe.Pointer(&arr))
	fmt.Println(pts[1].x)

	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		t := (*triple)(unsafe.Pointer(p))
		fmt.Println("not reached", t.z)
	}()
	fmt.Println("still running")
}

// Output:
// 1 20 20
// 3
// recovered: spindle: unsafe.Pointer conversion to *main.triple points at a value of another layout (spindle does not reinterpret memory)
// still running
