// spindle-only: package fiber is spindle's
// Rule: Cancel: OnCancelled handlers run before Join returns ErrCancelled;
// a fiber parked in Channel.Receive gets ErrCancelled.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	ch := fiber.NewChannel[int]()
	f := fiber.Spawn(func() string {
		fiber.OnCancelled(func() { fmt.Println("handler 1 ran") })
		fiber.OnCancelled(func() { fmt.Println("handler 2 ran") })
		_, err := ch.Receive()
		fmt.Println("receive returned:", err)
		return "finished anyway"
	})
	fiber.Yield() // let it park in Receive
	f.Cancel()
	f.Cancel() // idempotent
	v, err := f.Join()
	fmt.Printf("join: %q %v\n", v, err)
}

// Output:
// receive returned: fiber: cancelled
// handler 2 ran
// handler 1 ran
// join: "" fiber: cancelled
