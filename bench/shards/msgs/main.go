//go:build spindle

// (The go tool skips this program: it imports spindle's package fiber.)

// Command msgs measures message throughput on spindle's shards (it uses
// the fiber package, so it runs only under spindle):
//
//   - within a shard: one fiber sends N ints to another over a buffered Go
//     channel, and over a bounded fiber.Channel (capacity 1024);
//   - across shards: a producer on shard 1 sends N ints to a consumer on
//     shard 0 over a bounded fiber.Shared channel; then one producer per
//     shard (all shards but 0) to one consumer; then both again with the
//     consumer taking up to 256 values per Shared.ReceiveMany.
//
// It prints one line per case: name, messages, seconds, messages per second.
//
// usage: spindle run bench/shards/msgs -- [N [local|cross]]
package main

import (
	"fiber"
	"fmt"
	"os"
	"strconv"
	"time"
)

func report(name string, n int, d time.Duration) {
	fmt.Printf("%-28s %9d msgs %8.3fs %7.2f M msgs/s\n", name, n, d.Seconds(), float64(n)/d.Seconds()/1e6)
}

func goChannel(n int) {
	ch := make(chan int, 1024)
	done := make(chan int)
	go func() {
		s := 0
		for v := range ch {
			s += v
		}
		done <- s
	}()
	start := time.Now()
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
	<-done
	report("shard-local go chan", n, time.Since(start))
}

func fiberChannel(n int) {
	ch := fiber.NewBounded[int](1024)
	f := fiber.Spawn(func() int {
		s := 0
		for {
			v, err := ch.Receive()
			if err != nil {
				return s
			}
			s += v
		}
	})
	start := time.Now()
	for i := 0; i < n; i++ {
		ch.Send(i)
	}
	ch.Close()
	f.Join()
	report("shard-local fiber.Channel", n, time.Since(start))
}

type job struct {
	N   int
	Out *fiber.Shared[int]
}

func produce(j job) int {
	for i := 0; i < j.N; i++ {
		j.Out.Send(i)
	}
	return j.N
}

func crossShard(name string, n, producers int, batch bool) {
	ch := fiber.NewSharedBounded[int](4096)
	start := time.Now()
	per := n / producers
	var fs []*fiber.Fiber[int]
	for p := 0; p < producers; p++ {
		// Producers on shards 1..ShardCount-1, round-robin.
		k := 1 + p%(fiber.ShardCount()-1)
		fs = append(fs, fiber.SpawnOn(k, produce, job{N: per, Out: ch}))
	}
	total := per * producers
	s := 0
	if batch {
		buf := make([]int, 256)
		for got := 0; got < total; {
			k, _ := ch.ReceiveMany(buf)
			for _, v := range buf[:k] {
				s += v
			}
			got += k
		}
	} else {
		for i := 0; i < total; i++ {
			v, _ := ch.Receive()
			s += v
		}
	}
	for _, f := range fs {
		f.Join()
	}
	report(name, total, time.Since(start))
}

func main() {
	n := 2_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "usage: msgs [N]")
			os.Exit(2)
		}
		n = v
	}
	only := ""
	if len(os.Args) > 2 {
		only = os.Args[2]
	}
	if only == "" || only == "local" {
		goChannel(n)
		fiberChannel(n)
	}
	if fiber.ShardCount() < 2 {
		fmt.Println("cross-shard cases need SPINDLE_SHARDS >= 2")
		return
	}
	if only == "local" {
		return
	}
	p := fiber.ShardCount() - 1
	crossShard("cross-shard 1 producer", n, 1, false)
	crossShard(fmt.Sprintf("cross-shard %d producers", p), n, p, false)
	crossShard("cross-shard 1 prod, batched", n, 1, true)
	crossShard(fmt.Sprintf("cross-shard %d prod, batched", p), n, p, true)
}
