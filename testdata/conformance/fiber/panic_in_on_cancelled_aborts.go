// spindle-only: package fiber is spindle's
// exit: 2
// stderr: panic: handler failed
// Rule: an unhandled panic in OnCancelled aborts the process.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	f := fiber.Spawn(func() int {
		fiber.OnCancelled(func() { panic("handler failed") })
		ch := fiber.NewChannel[int]()
		ch.Receive()
		return 0
	})
	fiber.Yield()
	f.Cancel()
	f.Join()
	fmt.Println("not reached")
}

// Output:
