// compile-error: fiber.NewActorMailbox: the function sent to another shard captures limit
// Rule: an actor's handler runs on the actor's shard and must not capture
// variables: limit lives on the shard that made the actor. Keep
// such values in the actor's state instead.
package main

import (
	"fiber"
	"fmt"
)

func main() {
	limit := 10
	a := fiber.NewActorMailbox(fiber.AnyShard, 8, 0, func(s *int, m int) bool {
		*s += m
		return *s < limit
	})
	fmt.Println(a.Call(1))
}

// Output:
