// compile-error: fiber.SpawnOn: the function sent to another shard captures base
// Rule: a function sent to another shard must not capture variables:
// base lives on the sending shard.
package main

import (
	"fiber"
	"fmt"
)

func main() {
	base := 10
	f := fiber.SpawnOn(fiber.AnyShard, func(x int) int { return base + x }, 1)
	r, _ := f.Join()
	fmt.Println(r)
}

// Output:
