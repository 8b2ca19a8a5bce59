// compile-error: fiber.SpawnOn: a function value sent to another shard must be a function literal or a package-level function
// Rule: a variable of func type may hold a closure, so its captures are
// unknown: only a function literal or a package-level function can be sent
// to another shard.
package main

import (
	"fiber"
	"fmt"
)

func double(x int) int { return 2 * x }

func main() {
	g := double
	f := fiber.SpawnOn(1, g, 21)
	r, _ := f.Join()
	fmt.Println(r)
}

// Output:
