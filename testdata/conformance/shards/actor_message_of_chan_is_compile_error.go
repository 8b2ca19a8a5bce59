// compile-error: fiber.NewActor: type main.Request cannot cross shards: field Reply has type chan int (a channel)
// Rule: an actor's messages cross shards as copies, so a
// message type holding a channel is rejected where the actor is made; use
// Call for replies.
package main

import (
	"fiber"
	"fmt"
)

type Request struct {
	N     int
	Reply chan int
}

func double(s *int, r Request) int { return 2 * r.N }

func main() {
	a := fiber.NewActor(fiber.AnyShard, 0, double)
	fmt.Println(a.Shard())
}

// Output:
