// compile-error: fiber.NewSharedBounded: type main.Request cannot cross shards: field Reply has type chan string (a channel)
// Rule: a channel belongs to its shard's scheduler and cannot be copied to
// another shard; reply through a *fiber.Shared instead.
package main

import (
	"fiber"
	"fmt"
)

type Request struct {
	Key   string
	Reply chan string
}

func main() {
	s := fiber.NewSharedBounded[Request](8)
	fmt.Println(s.Len())
}

// Output:
