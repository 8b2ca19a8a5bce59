// spindle-only
// shards: 1 2 4

// When main returns, joinable fibers on every shard are joined before the
// program exits; detached ones are not waited for.
package main

import (
	"fiber"
	"fmt"
)

func slow(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i % 7
		if i%1000 == 0 {
			fiber.Yield()
		}
	}
	fmt.Println("remote fiber done", s)
	return s
}

func main() {
	fiber.SpawnOn(fiber.ShardCount()-1, slow, 200000)
	fmt.Println("main returns")
}

// Output:
// main returns
// remote fiber done 599994
