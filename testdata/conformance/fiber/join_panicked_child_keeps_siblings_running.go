// spindle-only: package fiber is spindle's
// Rule: Join of a panicked child returns ErrPanicked with the value; the
// siblings and the parent keep running (a trapping fiber never takes others
// down).
package main

import (
	"errors"
	"fmt"

	"fiber"
)

func main() {
	bad := fiber.Spawn(func() int {
		var m map[string]int
		m["x"] = 1 // nil map write
		return 1
	})
	good := fiber.Spawn(func() int {
		fiber.Yield()
		return 7
	})
	_, err := bad.Join()
	fmt.Println(errors.Is(err, fiber.ErrPanicked))
	var pe *fiber.PanicError
	if errors.As(err, &pe) {
		fmt.Println("value:", pe.Value)
	}
	v, err := good.Join()
	fmt.Println("sibling:", v, err)
	custom := fiber.Spawn(func() string { panic("boom") })
	_, err = custom.Join()
	fmt.Println(err)
	fmt.Println("parent still running")
}

// Output:
// true
// value: assignment to entry in nil map
// sibling: 7 <nil>
// fiber: panicked: boom
// parent still running
