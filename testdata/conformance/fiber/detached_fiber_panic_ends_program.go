// spindle-only: package fiber is spindle's
// exit: 2
// stderr: panic: detached boom
// Rule: a panic in a detached fiber ends the program like Go (exit 2).
package main

import (
	"fmt"

	"fiber"
)

func main() {
	f := fiber.Spawn(func() int {
		fiber.Yield()
		panic("detached boom")
	})
	f.Detach()
	for i := 0; i < 10; i++ {
		fiber.Yield()
	}
	fmt.Println("not reached")
}

// Output:
