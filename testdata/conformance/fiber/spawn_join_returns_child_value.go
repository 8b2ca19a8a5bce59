// spindle-only: package fiber is spindle's
// Rule: Spawn + Join returns the child's value.
package main

import (
	"fiber"
	"fmt"
)

func main() {
	f := fiber.Spawn(func() int { return 6 * 7 })
	v, err := f.Join()
	fmt.Println(v, err)
	g := fiber.Spawn(func() string { return "child " + fmt.Sprint(fiber.ID()) })
	s, err := g.Join()
	fmt.Println(s, err, g.ID() > 0, fiber.ID())
	// Joining twice returns the same result.
	v2, err := f.Join()
	fmt.Println(v2, err)
}

// Output:
// 42 <nil>
// child 2 <nil> true 0
// 42 <nil>
