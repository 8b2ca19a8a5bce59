// spindle-only
// shards: 2 4
// exit: 2
// stderr: fatal error: all goroutines are asleep - deadlock!

// A deadlock is reported only when every fiber on every shard is asleep:
// here main waits on a Shared channel that a fiber on another shard would
// send on, but that fiber itself waits forever.
package main

import (
	"fiber"
	"fmt"
)

func stuck(c *fiber.Shared[int]) int {
	never := fiber.NewShared[int]()
	v, _ := never.Receive()
	c.Send(v)
	return v
}

func main() {
	c := fiber.NewShared[int]()
	fiber.SpawnOn(1, stuck, c)
	fmt.Println("waiting")
	v, _ := c.Receive()
	fmt.Println("unreachable", v)
}

// Output:
// waiting
