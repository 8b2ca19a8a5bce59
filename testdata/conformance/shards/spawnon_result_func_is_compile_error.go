// compile-error: fiber.SpawnOn: type []func() int cannot cross shards: element type func() int (a function)
// Rule: SpawnOn copies its function's result back to the joining shard, so
// the result type must be crossable too.
package main

import (
	"fiber"
	"fmt"
)

func makers(n int) []func() int {
	return nil
}

func main() {
	f := fiber.SpawnOn(1, makers, 3)
	r, _ := f.Join()
	fmt.Println(len(r))
}

// Output:
