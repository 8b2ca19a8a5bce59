// spindle-only
// shards: 1 2 4

// SpawnOn runs a function on another shard with a copied argument; Join
// returns the result copied back. Fiber ids are unique across shards.
package main

import (
	"fiber"
	"fmt"
)

type job struct {
	Name  string
	Items []int
}

type report struct {
	Name  string
	Sum   int
	Shard int
}

func work(j job) report {
	s := 0
	for _, x := range j.Items {
		s += x
	}
	j.Items[0] = -1 // the caller's copy is not touched
	return report{Name: j.Name, Sum: s, Shard: fiber.Shard()}
}

func main() {
	n := fiber.ShardCount()
	items := []int{1, 2, 3, 4}
	var fs []*fiber.Fiber[report]
	for i := 0; i < 8; i++ {
		fs = append(fs, fiber.SpawnOn(i, work, job{Name: fmt.Sprint("job", i), Items: items}))
	}
	ids := map[int64]bool{}
	for i, f := range fs {
		r, err := f.Join()
		ids[f.ID()] = true
		fmt.Println(r.Name, r.Sum, err, r.Shard == i%n)
	}
	fmt.Println("items", items, "distinct ids", len(ids))
	// Round-robin placement covers every shard.
	seen := map[int]bool{}
	for i := 0; i < n; i++ {
		r, _ := fiber.SpawnOn(fiber.AnyShard, work, job{Items: items}).Join()
		seen[r.Shard] = true
	}
	fmt.Println("round-robin covers all shards:", len(seen) == n)
}

// Output:
// job0 10 <nil> true
// job1 10 <nil> true
// job2 10 <nil> true
// job3 10 <nil> true
// job4 10 <nil> true
// job5 10 <nil> true
// job6 10 <nil> true
// job7 10 <nil> true
// items [1 2 3 4] distinct ids 8
// round-robin covers all shards: true
