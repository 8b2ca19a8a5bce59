// Command nativemsgs is the native Go baseline for bench/shards/msgs: one
// goroutine sends N ints to another over a buffered channel (capacity
// 1024), with GOMAXPROCS as the runtime sets it (the goroutines may run on
// different threads, like msgs's cross-shard cases), then with the same
// channel capacity (4096) the cross-shard cases use.
//
// usage: go run ./bench/shards/nativemsgs [N]
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

func run(name string, n, capacity int) {
	ch := make(chan int, capacity)
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
	d := time.Since(start)
	fmt.Printf("%-28s %9d msgs %8.3fs %7.2f M msgs/s\n", name, n, d.Seconds(), float64(n)/d.Seconds()/1e6)
}

func main() {
	n := 2_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "usage: nativemsgs [N]")
			os.Exit(2)
		}
		n = v
	}
	run("native go chan (cap 1024)", n, 1024)
	run("native go chan (cap 4096)", n, 4096)
}
