// spindle-only
// shards: 1 2 4

// runtime.GOMAXPROCS is the run's shard count (fiber.ShardCount): it
// returns the previous setting, sets the count when n > 0 and only
// reports it when n <= 0; SpawnOn places by the new count.
package main

import (
	"fiber"
	"fmt"
	"runtime"
)

func shard(_ int) int { return fiber.Shard() }

func main() {
	n := fiber.ShardCount()
	fmt.Println("reports the shard count:", runtime.GOMAXPROCS(0) == n, runtime.GOMAXPROCS(-1) == n)
	fmt.Println("returns the previous setting:", runtime.GOMAXPROCS(3) == n)
	fmt.Println("sets it:", runtime.GOMAXPROCS(0), fiber.ShardCount(), fiber.ProcessorCount())
	r, err := fiber.SpawnOn(5, shard, 0).Join()
	fmt.Println("SpawnOn(5) runs on shard:", r, err)
	fmt.Println("restores it:", runtime.GOMAXPROCS(n) == 3, runtime.GOMAXPROCS(0) == n)
}

// Output:
// reports the shard count: true true
// returns the previous setting: true
// sets it: 3 3 3
// SpawnOn(5) runs on shard: 2 <nil>
// restores it: true true
