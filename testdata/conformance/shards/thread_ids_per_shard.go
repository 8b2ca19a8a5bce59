// spindle-only
// shards: 1 2 4

// Fibers of one shard always run on that shard's OS thread; different
// shards run on different threads.
package main

import (
	"fiber"
	"fmt"
)

type tids struct {
	Shard int
	IDs   []int
}

// sample starts local fibers that yield and report their thread ids.
func sample(_ int) tids {
	out := fiber.NewChannel[int]()
	for i := 0; i < 5; i++ {
		go func() {
			for j := 0; j < 3; j++ {
				out.Send(fiber.ThreadID())
				fiber.Yield()
			}
		}()
	}
	var ids []int
	for i := 0; i < 15; i++ {
		v, _ := out.Receive()
		ids = append(ids, v)
	}
	return tids{fiber.Shard(), append(ids, fiber.ThreadID())}
}

func main() {
	n := fiber.ShardCount()
	byShard := map[int]int{}
	consistent := true
	for i := 0; i < 2*n; i++ {
		r, err := fiber.SpawnOn(i, sample, 0).Join()
		if err != nil {
			panic(err)
		}
		for _, id := range r.IDs {
			if prev, ok := byShard[r.Shard]; ok && prev != id {
				consistent = false
			}
			byShard[r.Shard] = id
		}
	}
	distinct := map[int]bool{}
	for _, id := range byShard {
		distinct[id] = true
	}
	fmt.Println("one thread per shard:", consistent)
	fmt.Println("shards on distinct threads:", len(distinct) == n, len(byShard) == n)
	fmt.Println("main on shard 0's thread:", byShard[0] == fiber.ThreadID())
}

// Output:
// one thread per shard: true
// shards on distinct threads: true true
// main on shard 0's thread: true
