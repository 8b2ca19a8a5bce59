// spindle-only
// shards: 1 2 4

// Join after Detach behaves the same for a fiber on another shard as for a
// local one: it waits for the fiber to end (a detached fiber keeps no
// result, so Join reports the zero value).
package main

import (
	"fiber"
	"fmt"
)

func work(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
		if i%100 == 0 {
			fiber.Yield()
		}
	}
	return s
}

func main() {
	l := fiber.Spawn(func() int { return work(10000) })
	l.Detach()
	lv, lerr := l.Join()
	r := fiber.SpawnOn(fiber.ShardCount()-1, work, 10000)
	r.Detach()
	rv, rerr := r.Join()
	fmt.Println(lv, lerr, rv, rerr)
}

// Output:
// 0 <nil> 0 <nil>
