// spindle-only
// shards: 2
// unordered

// OnEachShard starts one fiber on every shard; each reports its shard.
package main

import (
	"fiber"
	"fmt"
)

func hello(shard int) {
	if shard != fiber.Shard() {
		panic("wrong shard")
	}
	fmt.Println("hello from shard", shard)
}

func main() {
	fs := fiber.OnEachShard(hello)
	for _, f := range fs {
		if _, err := f.Join(); err != nil {
			panic(err)
		}
	}
	fmt.Println("fibers:", len(fs) == fiber.ShardCount())
}

// Output:
// hello from shard 1
// fibers: true
// hello from shard 0
