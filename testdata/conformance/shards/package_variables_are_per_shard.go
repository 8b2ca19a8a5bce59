// spindle-only
// shards: 2 4

// Each shard has its own copy of every package-level variable, initialised
// (initialisers and init functions) when the shard runs its first fiber.
package main

import (
	"fiber"
	"fmt"
)

var counter = start()
var inits int

func start() int { return 100 }

func init() { inits++ }

func bump(n int) [3]int {
	for i := 0; i < n; i++ {
		counter++
	}
	return [3]int{fiber.Shard(), counter, inits}
}

func main() {
	counter = 5
	r1, _ := fiber.SpawnOn(1, bump, 3).Join()
	r2, _ := fiber.SpawnOn(1, bump, 4).Join()
	fmt.Println("shard 1 after first:", r1)
	fmt.Println("shard 1 after second:", r2)
	fmt.Println("shard 0:", counter, inits)
}

// Output:
// shard 1 after first: [1 103 1]
// shard 1 after second: [1 107 1]
// shard 0: 5 1
