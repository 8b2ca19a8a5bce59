//go:build spindle

// (The go tool skips this program: it imports spindle's package fiber.)

// Command split measures how a CPU-bound job scales across shards, in one
// run: it counts the primes below N by trial division, split into 8
// interleaved chunks of equal cost, first with every chunk on shard 0 (one thread), then with the
// chunks spread round-robin over every shard, and prints both times and
// the speed-up. It runs only under spindle (it uses package fiber).
//
// usage: SPINDLE_SHARDS=2 spindle run bench/shards/split -- [N]
package main

import (
	"fiber"
	"fmt"
	"os"
	"strconv"
	"time"
)

// chunk is every Step-th block of 1000 numbers from block Start, below
// Limit: chunks interleave, so each costs about the same.
type chunk struct{ Start, Step, Limit int }

func countPrimes(c chunk) int {
	n := 0
	for b := c.Start * 1000; b < c.Limit; b += c.Step * 1000 {
		n += countRange(b, min(b+1000, c.Limit))
	}
	return n
}

func countRange(lo, hi int) int {
	n := 0
	for x := lo; x < hi; x++ {
		if x < 2 {
			continue
		}
		prime := true
		for d := 2; d*d <= x; d++ {
			if x%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			n++
		}
	}
	return n
}

func run(limit int, spread bool) (int, time.Duration) {
	const parts = 8
	start := time.Now()
	var fs []*fiber.Fiber[int]
	for i := 0; i < parts; i++ {
		c := chunk{Start: i, Step: parts, Limit: limit}
		shard := 0
		if spread {
			shard = i % fiber.ShardCount()
		}
		fs = append(fs, fiber.SpawnOn(shard, countPrimes, c))
	}
	total := 0
	for _, f := range fs {
		n, err := f.Join()
		if err != nil {
			panic(err)
		}
		total += n
	}
	return total, time.Since(start)
}

func main() {
	limit := 3_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "usage: split [N]")
			os.Exit(2)
		}
		limit = v
	}
	// Warm every shard (thread start, package initialisation).
	run(1000, true)
	n1, d1 := run(limit, false)
	nk, dk := run(limit, true)
	if n1 != nk {
		panic("results differ")
	}
	fmt.Printf("primes below %d: %d\n", limit, n1)
	fmt.Printf("1 shard:  %v\n", d1.Round(time.Millisecond))
	fmt.Printf("%d shards: %v\n", fiber.ShardCount(), dk.Round(time.Millisecond))
	fmt.Printf("speed-up: %.2fx\n", d1.Seconds()/dk.Seconds())
}
